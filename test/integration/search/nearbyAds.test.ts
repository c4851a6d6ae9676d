import { expect } from 'chai';
import { Gazetteer } from '../../../src/services/places/Gazetteer';
import type { AdInput } from '../../../src/services/search/types';
import { NOW, adsOf, getChecked, searchApp, type Body, type SearchApp } from './searchApp';

/**
 * The few-results section "nearby" (section 206, `meta.alternativeAds`): the same search's nearest
 * ads outside the searched place, nearest first, whatever their dates.
 */
describe('search service: nearby ads when a place has few results', function () {
  this.timeout(30_000);
  let s: SearchApp;
  const places = Gazetteer.shared();
  const now = Math.floor(NOW.getTime() / 1000);
  const DAY = 86400;
  let n = 0;

  /** `count` "piso" ads in a city, at its centre, `age` seconds old (each a minute older than the last). */
  const pisos = (city: string, count: number, age: number, extra: Partial<AdInput> = {}): AdInput[] => {
    const place = places.resolve('es', city)!.place;
    return Array.from({ length: count }, (_, i) => {
      n++;
      return {
        country: 'es',
        vertical: 'homes',
        sourceId: 1,
        partnerAdId: `piso-${n}`,
        url: `/partner/1/ads/piso-${n}`,
        title: `Piso en venta en ${place.name} ${n}`,
        description: 'Un piso.',
        date: now - age - i * 60,
        location: {
          cityId: place.id,
          city: place.name,
          regionId: place.regionId,
          latitude: place.lat,
          longitude: place.lng,
        },
        images: [],
        currency: 'EUR',
        price: { value: 100_000 + n },
        typeId: 1,
        homes: { propertyType: 'flat' },
        ...extra,
      };
    });
  };

  before(async () => {
    s = await searchApp([]);
    await s.service.store.writeAds([
      ...pisos('Oviedo', 2, 10 * DAY),
      // Near Oviedo (Avilés 23 km, Gijón 24 km, León ~100 km) and old ...
      ...pisos('Avilés', 2, 50 * DAY),
      ...pisos('Gijón', 3, 40 * DAY),
      ...pisos('León', 2, 55 * DAY),
      // ... one of them published by two partners (one duplicate group) ...
      ...pisos('Gijón', 1, 45 * DAY, { duplicateGroup: 77 }),
      ...pisos('Gijón', 1, 45 * DAY, { duplicateGroup: 77, sourceId: 2 }),
      // ... and far away, new and many: more than a search's first look takes.
      ...['Madrid', 'Valladolid', 'Sevilla', 'Barcelona', 'Valencia'].flatMap((city) => pisos(city, 30, 60)),
    ]);
  });
  after(() => s.close());

  const search = (query: string): Promise<Body> =>
    getChecked(s.app, `/api/sites/es/homes/search?${query}`, '/sites/{country}/{vertical}/search');
  const cityOf = (ad: Body) => ad.attributes.location.city as string;
  const distances = (list: Body[]) => list.map((ad) => ad.attributes.distanceFromWhere as number);

  it('shows the nearest ads outside the place first, older ones included, before far newer ones', async () => {
    const body = await search('what=piso&where=oviedo');
    expect(body.meta.totalCount).to.equal(2);
    expect(adsOf(body).map(cityOf)).to.deep.equal(['Oviedo', 'Oviedo']);
    const nearby = body.meta.alternativeAds as Body[];
    expect(nearby).to.have.length(10);
    // Avilés' 2, Gijón's 4 (the duplicate pair once) and León's 2, then the nearest of the far ones.
    expect(nearby.slice(0, 8).map(cityOf)).to.deep.equal([
      'Avilés',
      'Avilés',
      'Gijón',
      'Gijón',
      'Gijón',
      'Gijón',
      'León',
      'León',
    ]);
    expect(nearby.slice(8).map(cityOf)).to.deep.equal(['Valladolid', 'Valladolid']);
    const km = distances(nearby);
    expect(km).to.deep.equal([...km].sort((a, b) => a - b));
    expect(new Set(nearby.map((ad) => ad.id)).size).to.equal(10);
    for (const [i, ad] of nearby.entries()) {
      expect(ad.attributes).to.deep.include({ section_id: 206, isAlternativeAd: true, position: i + 1 });
    }
  });

  it("keeps the search's filters, and still finds the nearest ads first with a range", async () => {
    // Oviedo's, Avilés', Gijón's and León's are the first ads written (the lowest prices), then Madrid's.
    const body = await search('what=piso&where=oviedo&filters[priceMax]=100050');
    expect(body.meta.totalCount).to.equal(2);
    const nearby = body.meta.alternativeAds as Body[];
    expect(nearby.slice(0, 6).map(cityOf)).to.deep.equal(['Avilés', 'Avilés', 'Gijón', 'Gijón', 'Gijón', 'Gijón']);
    for (const ad of nearby) expect(ad.attributes.vertical_properties.price.value).to.be.at.most(100_050);
    const km = distances(nearby);
    expect(km).to.deep.equal([...km].sort((a, b) => a - b));
  });

  it('leaves the searched region out, and takes the nearest ads beyond it first', async () => {
    const body = await search('what=piso&where=asturias');
    expect(body.meta.totalCount).to.equal(8);
    const nearby = body.meta.alternativeAds as Body[];
    expect(nearby.map(cityOf).slice(0, 4)).to.deep.equal(['León', 'León', 'Valladolid', 'Valladolid']);
    expect(nearby.map(cityOf)).not.to.include.members(['Oviedo', 'Gijón', 'Avilés']);
    const km = distances(nearby);
    expect(km).to.deep.equal([...km].sort((a, b) => a - b));
  });
});
