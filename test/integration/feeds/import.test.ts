import fs from 'node:fs';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { MalformedFeedError } from '../../../src/services/feeds/feedRecords';
import { lockSource } from '../../../src/services/feeds/sourceLock';
import { expireDueAds, type ImportSummary } from '../../../src/services/feeds/FeedImporter';
import { writeSyntheticFeed } from '../../../src/services/feeds/syntheticFeed';
import { KEYWORD_UPKEEP_S } from '../../../src/services/search/SqliteSearchStore';
import { adIdOf } from '../../../src/services/search/siteKeys';
import type { SiteKey, StoredAd } from '../../../src/services/search/types';
import { seededRandom } from '../../../src/shared/seededRandom';
import {
  anotherRunWriting,
  feedApp,
  fixture,
  homesXml,
  NOW_S,
  storeSnapshot,
  trovitXml,
  type FeedApp,
} from './feedKit';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ES_HOMES: SiteKey = { country: 'es', vertical: 'homes' };
const UK_CARS: SiteKey = { country: 'uk', vertical: 'cars' };
const UK_JOBS: SiteKey = { country: 'uk', vertical: 'jobs' };
const IT_PRODUCTS: SiteKey = { country: 'it', vertical: 'products' };

const dayOf = (epoch: number) => new Date(epoch * 1000).toISOString().slice(0, 19);

describe('feed import: Trovit XML and JSON lines into a real search store', function () {
  this.timeout(30_000);

  describe('the homes feed of a Spanish partner', () => {
    let f: FeedApp;
    let summary: ImportSummary;
    const ad = async (partnerId: string, source = 11): Promise<StoredAd> => {
      const found = await f.store.getAdByPartner(source, partnerId);
      expect(found, partnerId).to.not.equal(undefined);
      return found as StoredAd;
    };

    /** The phases the run reported, each once, in order. */
    const phases: string[] = [];

    before(async () => {
      f = feedApp();
      summary = await f.importFeed(fixture('homes-es.xml'), ES_HOMES, 11, {
        sourceName: 'Pisos Ejemplo',
        onProgress: (p) => {
          if (phases[phases.length - 1] !== p.phase) phases.push(p.phase);
        },
      });
    });
    after(() => f.close());

    it('imports every good record, creates the source and reports the summary', async () => {
      expect(summary).to.include({ records: 12, imported: 8, updated: 0, unchanged: 0, expired: 1, rejected: 3 });
      expect(summary.expiredByDate).to.equal(1);
      const source = await f.store.source(11);
      expect(source).to.include({ name: 'Pisos Ejemplo', country: 'es', vertical: 'homes' });
      expect(await f.store.countAds(ES_HOMES)).to.equal(8);
      // Its progress says what it does, up to the end phase's grouping of duplicates and expiry.
      expect(phases.filter((p) => p !== 'staging')).to.deep.equal(['applying', 'grouping', 'expiring', 'done']);
    });

    it('reports each bad record with its line and reason', () => {
      expect(summary.rejections).to.deep.equal([
        { line: 97, id: 'H6', reason: 'missing url' },
        { line: 103, id: 'H7', reason: 'content is 13 characters of text, at least 30 are required' },
        { line: 110, id: 'H8', reason: 'unknown type "Castle swap"' },
      ]);
    });

    it('maps the partner values onto the spec ids and keeps what does not map in feedAttributes', async () => {
      const h1 = await ad('H1');
      expect(h1.id).to.equal(adIdOf(ES_HOMES, 11, 'H1'));
      expect(h1.typeId).to.equal(1);
      expect(h1.price).to.deep.equal({ value: 350000 });
      expect(h1.homes).to.deep.include({
        propertyType: 'flat',
        floorArea: 95,
        rooms: 3,
        bathrooms: 2,
        year: 1965,
        floorNumber: 4,
        parking: true,
        newBuilding: true,
      });
      expect(h1.images).to.deep.equal([
        'https://img.pisos-ejemplo.es/H1/1.jpg',
        'https://img.pisos-ejemplo.es/H1/2.jpg',
      ]);
      expect(h1.feedAttributes).to.deep.equal({
        mobile_url: 'https://m.pisos-ejemplo.es/anuncio/H1',
        agency: 'Inmobiliaria Serrano',
      });
      expect(h1.url).to.equal('https://www.pisos-ejemplo.es/anuncio/H1?utm_source=trawl&utm_medium=feed');
      const h5 = await ad('H5');
      expect(h5.typeId).to.equal(5);
      expect(h5.homes?.propertyType).to.equal('room');
      expect(h5.feedAttributes).to.deep.equal({ property_type: 'Masía gótica' });
      const h10 = await ad('H10');
      expect(h10.typeId).to.equal(6);
      expect(h10.price?.value).to.equal(80);
    });

    it('reads names and enumerated values in any case, areas in feet, ranges and half rooms', async () => {
      const h2 = await ad('H2');
      expect(h2.typeId).to.equal(2);
      expect(h2.homes).to.deep.include({ floorArea: 99.96, rooms: 2, bathrooms: 1.5, furnished: true, byOwner: false });
      expect(h2.feedAttributes).to.deep.equal({ rooms: '2-3', energy_label: 'B', agency: 'Fincas Diagonal' });
      const h3 = await ad('H3');
      expect(h3.typeId).to.equal(2);
      expect(h3.title).to.equal('Casa adosada con jardín');
      expect(h3.price?.value).to.equal(1500);
      expect(h3.homes).to.deep.include({ propertyType: 'house', rooms: 4, bathrooms: 3, furnished: false });
      expect((await ad('H4')).typeId).to.equal(1);
    });

    it('reads the four date forms, with and without a time', async () => {
      expect(dayOf((await ad('H1')).date)).to.equal('2025-05-15T00:00:00');
      expect(dayOf((await ad('H2')).date)).to.equal('2025-05-20T10:30:00');
      expect(dayOf((await ad('H3')).date)).to.equal('2025-05-21T00:00:00');
      expect(dayOf((await ad('H4')).date)).to.equal('2025-05-21T09:15:00');
    });

    it('drops numbers out of the plausible ranges from the index, keeps them as written, and says so', async () => {
      const h4 = await ad('H4');
      expect(h4.price).to.equal(undefined);
      expect(h4.homes?.year).to.equal(undefined);
      expect(h4.feedAttributes).to.deep.equal({ price: '5', year: '1500' });
      const fields = summary.warnings.map((w) => `${w.field}@${w.firstLine}`);
      expect(fields).to.include.members(['price@74', 'year@74', 'property_type@86']);
    });

    it('resolves places against the gazetteer: region, city, city area, coordinates', async () => {
      const h1 = await ad('H1');
      expect(h1.location).to.deep.include({
        city: 'Madrid',
        cityId: 3117735,
        cityArea: 'Salamanca',
        cityAreaId: 6544491,
        region: 'Madrid',
        regionId: 90005015,
        latitude: 40.428,
        longitude: -3.684,
        postalCode: '28001',
        address: 'Calle de Serrano 45',
      });
      // Barcelona's Eixample from <neighborhood>; the region comes with the city.
      expect((await ad('H2')).location).to.deep.include({ cityAreaId: 6544100, region: 'Cataluña' });
      // No coordinates: the city's.
      const h10 = await ad('H10');
      expect(h10.location).to.deep.include({ city: 'Sevilla', latitude: 37.38283, longitude: -5.97317 });
      // Latitude and longitude swapped by the partner: put right.
      expect((await ad('H12')).location).to.deep.include({ latitude: 37.38, longitude: -5.99 });
      const inSalamanca = await f.get('/api/sites/es/homes/search?filters[cityArea]=6544491');
      expect(inSalamanca.body.data.map((a: Body) => a.attributes.title)).to.deep.equal([
        'Piso exterior en Salamanca, Madrid',
      ]);
    });

    it('stores titles and descriptions as text, never markup', async () => {
      const all = await f.store.getAds(
        ['H1', 'H2', 'H3', 'H4', 'H5', 'H10', 'H11', 'H12'].map((p) => adIdOf(ES_HOMES, 11, p)),
      );
      expect(all).to.have.length(8);
      for (const a of all) {
        expect(a.title, a.partnerAdId).to.not.match(/<[a-z/!]/i);
        expect(a.description, a.partnerAdId).to.not.match(/<[a-z/!]|&[a-z]+;|&#\d+;/i);
      }
      const h1 = await ad('H1');
      expect(h1.title).to.equal('Piso exterior en Salamanca, Madrid');
      expect(h1.description).to.equal(
        'Luminoso piso exterior de 3 dormitorios y 2 baños en el barrio de Salamanca.\n\n' +
          'Cocina equipada, calefacción central y ascensor.\n\nIdeal para familias & profesionales.',
      );
      expect(h1.description).to.not.contain('alert');
      const h11 = await ad('H11');
      expect(h11.title).to.equal('Oficina céntrica');
      expect(h11.description).to.equal('Oficina reformada de 120 m2 en Madrid, con recepción y tres despachos.');
      const h12 = await ad('H12');
      expect(h12.title).to.equal('Estudio R&B junto al río');
      expect(h12.url).to.equal('https://www.pisos-ejemplo.es/anuncio?id=H12&ref=feed');
      const page = await f.get(`/api/sites/es/homes/ad/${h1.id}`);
      expect(page.body.data.attributes.description).to.equal(h1.description);
    });

    it('keeps an ad past its expiration_date out of search, flagged expired', async () => {
      const h9 = await ad('H9');
      expect(h9.expired).to.equal(true);
      const res = await f.get('/api/sites/es/homes/search?what=caducado');
      expect(res.status).to.equal(404);
      const page = await f.get(`/api/sites/es/homes/ad/${h9.id}`);
      expect(page.body.meta.expired).to.equal(true);
    });
  });

  describe('the other verticals', () => {
    let f: FeedApp;
    before(() => {
      f = feedApp();
    });
    after(() => f.close());

    it('imports a cars feed: flat pictures, makes and models, units, fuels', async () => {
      const s = await f.importFeed(fixture('cars-uk.xml'), UK_CARS, 21);
      expect(s).to.include({ records: 3, imported: 3, rejected: 0 });
      const c1 = (await f.store.getAdByPartner(21, 'C1')) as StoredAd;
      expect(c1.images).to.deep.equal([
        'https://img.motors-example.co.uk/C1/front.jpg',
        'https://img.motors-example.co.uk/C1/back.jpg',
      ]);
      expect(c1.cars).to.deep.include({
        make: 'Volkswagen',
        model: 'Golf',
        type: 'hatchback',
        fuel: 'petrol',
        transmission: 'automatic',
        power: 148,
        // 45,000 without a unit: miles, as a British odometer counts them (decision 082), kept in km.
        mileage: 72420,
        guarantee: true,
      });
      expect(c1.location).to.deep.include({ city: 'London', cityArea: 'Chelsea', region: 'England' });
      expect(c1.feedAttributes).to.deep.include({ cylinders: '4', dealer: 'Chelsea Motors', power: '110 kW' });
      const c2 = (await f.store.getAdByPartner(21, 'C2')) as StoredAd;
      expect(c2.cars).to.deep.include({
        make: 'Mercedes-Benz',
        model: 'C-Class',
        type: 'saloon',
        sizeEngine: 2000,
        // "l/100km: 4,9 (combined)": the unit before the figure, never the hundred.
        fuelConsumption: 4.9,
      });
      expect(c2.cars?.mileage).to.equal(48280);
      const c3 = (await f.store.getAdByPartner(21, 'C3')) as StoredAd;
      expect(c3.cars).to.deep.equal({ make: 'BMW', model: 'X3' });
      // An electric car's kWh are no litres: kept as written, and the partner told.
      expect(c3.feedAttributes).to.deep.equal({
        price: '150',
        year: '1850',
        mileage: '0',
        doors: '15',
        fuel: 'Steam',
        fuel_consumption: '15 kWh/100km',
      });
      expect(s.warnings.filter((w) => w.field === 'fuel_consumption')).to.deep.equal([
        { field: 'fuel_consumption', reason: 'unknown unit "kWh/100km"', count: 1, firstLine: 55 },
      ]);
      const res = await f.get('/api/sites/uk/cars/search?filters[make]=volkswagen');
      expect(res.body.data.map((a: Body) => a.id)).to.deep.equal([c1.id]);
    });

    it('imports a jobs feed: categories, contracts, salaries, telecommute', async () => {
      const s = await f.importFeed(fixture('jobs-uk.xml'), UK_JOBS, 31);
      expect(s).to.include({ records: 2, imported: 2, rejected: 0 });
      const j1 = (await f.store.getAdByPartner(31, 'J1')) as StoredAd;
      expect(j1.jobs).to.deep.equal({
        category: 8,
        company: 'Trawl Ltd',
        jobType: 'permanent',
        workingHours: 'full-time',
        requirements: 'TypeScript\n\nTesting',
        experience: 5,
        telecommute: true,
        salary: 45000,
        // A range, as written (the ad page's salary); the studies asked for.
        salaryText: '£45,000 - £55,000 per year',
        studies: 'Degree in Computer Science',
      });
      expect(j1.description).to.equal(
        'We are looking for a senior developer to build our search platform.\n\nNode.js\n\nSQLite',
      );
      const j2 = (await f.store.getAdByPartner(31, 'J2')) as StoredAd;
      expect(j2.jobs).to.deep.include({ category: 0, jobType: 'temporary', workingHours: 'part-time', salary: 24000 });
      expect(j2.jobs?.company).to.equal('Wicker & Co');
      expect(j2.jobs?.salaryText).to.equal('£2,000 per month');
      // Sorted and filtered by the yearly figure; shown (cards, ad page, alert mails) as written.
      const shown = (await f.get(`/api/sites/uk/jobs/ad/${j2.id}`)).body.data.attributes.vertical_properties.price;
      expect(shown).to.include({ value: 24000, valueFormatted: '£2,000 per month' });
      expect(j2.feedAttributes).to.deep.equal({ category: 'Basket weaving' });
      const remote = await f.get('/api/sites/uk/jobs/search?filters[telecommute]=true');
      expect(remote.body.data.map((a: Body) => a.id)).to.deep.equal([j1.id]);
    });

    it('imports a products feed: one or more categories onto the spec ids, the rest kept', async () => {
      const s = await f.importFeed(fixture('products-it.xml'), IT_PRODUCTS, 41);
      expect(s).to.include({ records: 4, imported: 3, rejected: 1 });
      expect(s.rejections).to.deep.equal([{ line: 37, id: 'P4', reason: 'missing category' }]);
      const p1 = (await f.store.getAdByPartner(41, 'P1')) as StoredAd;
      expect(p1.products).to.deep.equal({ categoryId: 103 });
      expect(p1.location).to.deep.include({ city: 'Milano', region: 'Lombardia' });
      expect(p1.feedAttributes).to.deep.equal({ shipping_cost: '10', make: 'Fujifilm', model: 'X-T30' });
      const p2 = (await f.store.getAdByPartner(41, 'P2')) as StoredAd;
      // Furniture and kids: shown as furniture, found by either filter.
      expect(p2.products).to.deep.equal({ categoryId: 101, otherCategoryIds: [107] });
      expect(p2.feedAttributes).to.equal(undefined);
      const kids = await f.get('/api/sites/it/products/search?categoryId=107');
      expect(kids.body.data.map((a: Body) => a.id)).to.deep.equal([p2.id]);
      const p3 = (await f.store.getAdByPartner(41, 'P3')) as StoredAd;
      expect(p3.products).to.deep.equal({ categoryId: 0 });
      expect(p3.price).to.equal(undefined);
      // The partner's Italian name of Turin (decision 073).
      expect(p3.location).to.deep.include({ city: 'Torino', cityId: 3165524, region: 'Piemonte' });
      expect(p3.feedAttributes).to.deep.equal({ category: 'Garden', price: '900000' });
      const furniture = await f.get('/api/sites/it/products/search?categoryId=101');
      expect(furniture.body.data.map((a: Body) => a.id)).to.deep.equal([p2.id]);
    });

    it('imports the JSON-lines form of the same records', async () => {
      const s = await f.importFeed(fixture('homes-es.jsonl'), ES_HOMES, 12);
      expect(s).to.include({ format: 'jsonl', records: 5, imported: 3, rejected: 2 });
      expect(s.rejections).to.deep.equal([
        { line: 4, reason: 'not a JSON object' },
        { line: 5, id: 'JL3', reason: 'missing title' },
      ]);
      const jl1 = (await f.store.getAdByPartner(12, 'JL1')) as StoredAd;
      expect(jl1).to.deep.include({ typeId: 1, title: 'Piso con terraza en Chamberí' });
      expect(jl1.price).to.deep.equal({ value: 520000 });
      expect(jl1.images[0]).to.equal('https://img.pisos-ejemplo.es/JL1/1.jpg');
      expect(jl1.location.cityArea).to.equal('Chamberí');
      expect(jl1.description).to.not.contain('<p>');
      const jl2 = (await f.store.getAdByPartner(12, 'JL2')) as StoredAd;
      expect(jl2).to.deep.include({ typeId: 2 });
      expect(jl2.homes?.furnished).to.equal(true);
      expect(dayOf(jl2.date)).to.equal('2025-05-26T00:00:00');
    });
  });

  describe('re-imports', () => {
    let f: FeedApp;
    beforeEach(() => {
      f = feedApp();
    });
    afterEach(() => f.close());

    const base = [
      { id: 'A1', price: 300000, area: 90, rooms: 3 },
      { id: 'A2', price: 250000, area: 70, rooms: 2 },
      { id: 'A3', price: 410000, area: 120, rooms: 4, city: 'Barcelona' },
    ];

    it('starts the price history anew when the deal changes, and keeps it through a price no reading makes one', async () => {
      const imp = (name: string, ads: object[]) => f.importFeed(f.writeFile(name, homesXml(ads as never)), ES_HOMES, 7);
      await imp('d1.xml', [
        { id: 'D1', price: 300000 },
        { id: 'D2', price: 1500, type: 'For Rent' },
      ]);
      // Sold, then let: 1.200 €/mes is no cut of 300.000 €.
      await imp('d2.xml', [
        { id: 'D1', price: 1200, type: 'For Rent' },
        { id: 'D2', price: 1500, type: 'For Rent' },
      ]);
      const let1 = (await f.store.getAdByPartner(7, 'D1')) as StoredAd;
      expect(let1.price).to.deep.equal({ value: 1200 });
      const drops = await f.get('/api/sites/es/homes/search?dealTypeId=2&filters[decreasePrice]=true');
      expect((drops.body.data ?? []).map((a: Body) => a.id)).to.not.include(let1.id);
      // A glitch (a rent of 1 €), then the rent cut: the drop from 1.500 is shown, the history whole.
      await imp('d3.xml', [{ id: 'D2', type: 'For Rent', extra: '<price>1</price>' }]);
      const glitch = (await f.store.getAdByPartner(7, 'D2')) as StoredAd;
      expect(glitch.price?.value).to.equal(1500);
      expect(glitch.feedAttributes?.price).to.equal('1');
      await imp('d4.xml', [{ id: 'D2', price: 1300, type: 'For Rent' }]);
      const cut = (await f.store.getAdByPartner(7, 'D2')) as StoredAd;
      expect(cut.price).to.deep.include({ value: 1300, oldValue: 1500 });
      expect(cut.price?.history?.map((p) => p.value)).to.deep.equal([1500, 1300]);
      // Words and no figure withdraw the price.
      await imp('d5.xml', [{ id: 'D2', type: 'For Rent', extra: '<price>Precio a consultar</price>' }]);
      expect(((await f.store.getAdByPartner(7, 'D2')) as StoredAd).price).to.equal(undefined);
    });

    it("keeps a JSON line's long numeric id as its digits: two ids past 2^53 are two ads", async () => {
      const line = (id: string, price: number) =>
        `{"id":${id},"url":"https://p.example/${id}","title":"Piso ${id}","type":"For Sale",` +
        `"content":"Piso luminoso con terraza y ascensor.","city":"Madrid","price":${price}}`;
      const file = f.writeFile(
        'ids.jsonl',
        `${line('9007199254740993', 200000)}\n${line('9007199254740992', 210000)}\n`,
      );
      const s = await f.importFeed(file, ES_HOMES, 7);
      expect(s).to.include({ imported: 2, rejected: 0 });
      expect((await f.store.getAdByPartner(7, '9007199254740993'))?.price?.value).to.equal(200000);
      expect((await f.store.getAdByPartner(7, '9007199254740992'))?.price?.value).to.equal(210000);
    });

    it('upserts by partner id: unchanged, updated and new ads counted', async () => {
      const file = f.writeFile('v1.xml', homesXml(base));
      const first = await f.importFeed(file, ES_HOMES, 7);
      expect(first).to.include({ imported: 3, updated: 0, unchanged: 0 });
      const before = (await f.store.getAdByPartner(7, 'A1')) as StoredAd;
      const again = await f.importFeed(file, ES_HOMES, 7);
      expect(again).to.include({ imported: 0, updated: 0, unchanged: 3, expired: 0 });
      const changed = f.writeFile(
        'v2.xml',
        homesXml([
          { ...base[0], id: 'A1', title: 'Piso reformado A1' },
          base[1],
          base[2],
          { id: 'A4', price: 199000 },
        ] as never),
      );
      const third = await f.importFeed(changed, ES_HOMES, 7);
      expect(third).to.include({ imported: 1, updated: 1, unchanged: 2 });
      const after = (await f.store.getAdByPartner(7, 'A1')) as StoredAd;
      expect(after.id).to.equal(before.id);
      expect(after.key).to.equal(before.key);
      expect(after.title).to.equal('Piso reformado A1');
      expect(await f.store.countAds(ES_HOMES)).to.equal(4);
    });

    it('expires an ad missing from a full feed: not served by search, flagged by getAd; back when it returns', async () => {
      await f.importFeed(f.writeFile('v1.xml', homesXml(base)), ES_HOMES, 7);
      const a2 = (await f.store.getAdByPartner(7, 'A2')) as StoredAd;
      const listed = await f.get('/api/sites/es/homes/search');
      expect(listed.body.meta.totalCount).to.equal(3);
      const s = await f.importFeed(f.writeFile('v2.xml', homesXml([base[0], base[2]] as never)), ES_HOMES, 7);
      expect(s).to.include({ expired: 1, expiredMissing: 1, unchanged: 2 });
      expect((await f.store.getAd(a2.id))?.expired).to.equal(true);
      const after = await f.get('/api/sites/es/homes/search');
      expect(after.body.meta.totalCount).to.equal(2);
      expect(after.body.data.map((a: Body) => a.id)).to.not.include(a2.id);
      const page = await f.get(`/api/sites/es/homes/ad/${a2.id}`);
      expect(page.body.meta.expired).to.equal(true);
      // A partial feed expires nothing.
      const partial = await f.importFeed(f.writeFile('v3.xml', homesXml([base[0]] as never)), ES_HOMES, 7, {
        full: false,
      });
      expect(partial.expired).to.equal(0);
      // The ad comes back when the partner lists it again.
      const back = await f.importFeed(f.writeFile('v4.xml', homesXml(base)), ES_HOMES, 7);
      expect(back).to.include({ updated: 1, expired: 0 });
      expect((await f.store.getAd(a2.id))?.expired).to.equal(false);
      expect((await f.get('/api/sites/es/homes/search')).body.meta.totalCount).to.equal(3);
    });

    it('expires an ad when its expiration_date passes (the scheduled sweep)', async () => {
      const file = f.writeFile(
        'v1.xml',
        homesXml([...base, { id: 'A5', price: 350000, expiration: '2025-06-02 00:00:00' }]),
      );
      const s = await f.importFeed(file, ES_HOMES, 7);
      expect(s).to.include({ imported: 4, expired: 0 });
      const a5 = (await f.store.getAdByPartner(7, 'A5')) as StoredAd;
      expect(a5.expiresAt).to.equal(Date.UTC(2025, 5, 2) / 1000);
      expect(expireDueAds(f.store, NOW_S)).to.equal(0);
      expect(expireDueAds(f.store, NOW_S + 2 * 86400)).to.equal(1);
      expect((await f.store.getAd(a5.id))?.expired).to.equal(true);
      expect(await f.store.countAds(ES_HOMES)).to.equal(3);
    });

    it('counts in the SEO index the live ads of each keyword, a duplicate group once', async () => {
      const index = async () => {
        const res = await f.get('/api/keywords/homes?country_code=es');
        if (res.status === 404) return {};
        expect(res.status).to.equal(200);
        return Object.fromEntries(res.body.data.map((k: Body) => [k.id, k.attributes.totalAds]));
      };
      const text =
        'Piso exterior de tres dormitorios y dos baños, cocina equipada, terraza de quince metros, ' +
        'ascensor y plaza de garaje incluida en el precio. Muy cerca del metro Goya.';
      const ads = [
        { id: 'K1', title: 'Atico luminoso en Goya', content: text, price: 450000, area: 98, rooms: 3 },
        { id: 'K2', title: 'Atico luminoso con terraza', price: 300000, area: 80, rooms: 2 },
        { id: 'K3', title: 'Chalet adosado en Pozuelo', price: 700000, area: 200, rooms: 5 },
      ];
      await f.importFeed(f.writeFile('v1.xml', homesXml(ads)), ES_HOMES, 7);
      expect(await index()).to.deep.equal({ 'atico luminoso': 2, 'chalet adosado': 1 });
      // Another partner's copy of K1 (grouped with it): the search lists the pair once, so does the index.
      const copy = { ...ads[0], id: 'Z1', content: `${text} Agencia Dos.`, price: 449000 };
      const other = await f.importFeed(f.writeFile('b.xml', homesXml([copy])), ES_HOMES, 8);
      expect(other.grouped).to.equal(1);
      expect(await index()).to.deep.equal({ 'atico luminoso': 2, 'chalet adosado': 1 });
      // K3 leaves the feed and K2 is retitled: the chalet is gone from the index, K2 counts under its new words.
      const next = [ads[0], { ...ads[1], title: 'Duplex reformado con terraza' }];
      const s = await f.importFeed(f.writeFile('v2.xml', homesXml(next as never)), ES_HOMES, 7);
      expect(s).to.include({ expiredMissing: 1, updated: 1 });
      expect(await index()).to.deep.equal({ 'atico luminoso': 1, 'duplex reformado': 1 });
      // K2 comes back under its old title and the copy's partner drops it: counted again, once each.
      await f.importFeed(f.writeFile('v3.xml', homesXml(ads.slice(0, 2))), ES_HOMES, 7);
      await f.importFeed(
        f.writeFile('b2.xml', homesXml([{ id: 'Z2', title: 'Estudio centrico', price: 99000 }])),
        ES_HOMES,
        8,
        {
          maxExpireShare: 1,
        },
      );
      expect(await index()).to.deep.equal({ 'atico luminoso': 2, 'estudio centrico': 1 });
      // An ad past its expiration date leaves the index with the sweep that expires it.
      await f.importFeed(
        f.writeFile(
          'c.xml',
          homesXml([{ id: 'E1', title: 'Loft industrial', price: 250000, expiration: '2025-06-02 00:00:00' }]),
        ),
        ES_HOMES,
        9,
      );
      expect((await index())['loft industrial']).to.equal(1);
      expect(expireDueAds(f.store, NOW_S + 2 * 86400)).to.equal(1);
      expect((await index())['loft industrial']).to.equal(undefined);
      // Between feed runs, an ad whose date comes leaves the index on its own, within the upkeep period.
      await f.importFeed(
        f.writeFile(
          'd.xml',
          homesXml([{ id: 'E2', title: 'Masia restaurada', price: 390000, expiration: '2025-06-03 00:00:00' }]),
        ),
        ES_HOMES,
        10,
      );
      expect((await index())['masia restaurada']).to.equal(1);
      f.setNow(Date.parse('2025-06-03T00:00:00Z') / 1000 + KEYWORD_UPKEEP_S);
      expect((await index())['masia restaurada']).to.equal(undefined);
      expect((await index())['atico luminoso']).to.equal(2);
    });

    it('records a price drop in the history: old price shown, found by filters[decreasePrice] only after it', async () => {
      await f.importFeed(f.writeFile('v1.xml', homesXml(base)), ES_HOMES, 7);
      const none = await f.get('/api/sites/es/homes/search?filters[decreasePrice]=true');
      expect(none.status).to.equal(404);
      const cheaper = [{ ...base[0], price: 285000 }, base[1], { ...base[2], price: 430000 }];
      const s = await f.importFeed(f.writeFile('v2.xml', homesXml(cheaper as never)), ES_HOMES, 7);
      expect(s).to.include({ updated: 2, unchanged: 1 });
      const a1 = (await f.store.getAdByPartner(7, 'A1')) as StoredAd;
      expect(a1.price).to.deep.equal({
        value: 285000,
        oldValue: 300000,
        history: [
          { date: Date.UTC(2025, 4, 20) / 1000, value: 300000 },
          { date: NOW_S, value: 285000 },
        ],
      });
      // A rise is history, not a drop.
      const a3 = (await f.store.getAdByPartner(7, 'A3')) as StoredAd;
      expect(a3.price?.oldValue).to.equal(undefined);
      expect(a3.price?.history).to.have.length(2);
      const dropped = await f.get('/api/sites/es/homes/search?filters[decreasePrice]=true');
      expect(dropped.status).to.equal(200);
      expect(dropped.body.data.map((a: Body) => a.id)).to.deep.equal([a1.id]);
      const price = dropped.body.data[0].attributes.vertical_properties.price;
      expect(price).to.include({ value: 285000, oldValue: 300000 });
      expect(price.oldValueFormatted).to.be.a('string');
      // Unchanged on the next import: the drop stays.
      const same = await f.importFeed(f.writeFile('v3.xml', homesXml(cheaper as never)), ES_HOMES, 7);
      expect(same.unchanged).to.equal(3);
      expect(((await f.store.getAdByPartner(7, 'A1')) as StoredAd).price?.oldValue).to.equal(300000);
    });
  });

  describe('duplicates across partners', () => {
    let f: FeedApp;
    before(() => {
      f = feedApp();
    });
    after(() => f.close());

    it("leaves its new ads ungrouped while another partner's run of the site writes, whose end groups both", async () => {
      const g = feedApp();
      try {
        const text =
          'Ático con terraza de cuarenta metros, dos dormitorios, salón luminoso con chimenea y trastero, ' +
          'en finca rehabilitada junto al parque del Retiro.';
        const flat = { content: text, price: 610000, area: 88, rooms: 2, lat: 40.4139, lng: -3.6789 };
        await g.importFeed(
          g.writeFile('w.xml', homesXml([{ id: 'W1', content: `${text} Otra planta.`, price: 90000 }])),
          ES_HOMES,
          53,
        );
        await g.importFeed(g.writeFile('x.xml', homesXml([{ id: 'X1', ...flat }])), ES_HOMES, 51);
        // Source 53's run is writing its batches (its lock held, its run applying) when 52's ends.
        const lock = lockSource(g.dataDir, 53, 'w.xml');
        const running = g.store.db
          .prepare(`INSERT INTO feed_runs (source_id, file, started, status) VALUES (53, 'w.xml', 1, 'applying')`)
          .run().lastInsertRowid;
        let s: ImportSummary;
        try {
          s = await g.importFeed(g.writeFile('y.xml', homesXml([{ id: 'Y1', ...flat, price: 605000 }])), ES_HOMES, 52);
          // A run of another site meanwhile leaves them waiting too.
          await g.importFeed(fixture('cars-uk.xml'), UK_CARS, 54);
          expect((await g.store.getAdByPartner(52, 'Y1'))?.duplicateGroup).to.equal(undefined);
        } finally {
          lock.release();
          g.store.db.prepare(`UPDATE feed_runs SET status = 'done' WHERE id = ?`).run(running);
        }
        expect(s).to.include({ imported: 1, grouped: 0, groupingLeftTo: 53 });
        expect((await g.store.getAdByPartner(52, 'Y1'))?.duplicateGroup).to.equal(undefined);
        // That run's end (here the next run of the site) groups Y1 with its copy.
        const w = await g.importFeed(
          g.writeFile('w2.xml', homesXml([{ id: 'W1', content: `${text} Otra planta.`, price: 90000 }])),
          ES_HOMES,
          53,
        );
        expect(w.grouped).to.equal(1);
        expect(w.groupingLeftTo).to.equal(undefined);
        const x1 = (await g.store.getAdByPartner(51, 'X1')) as StoredAd;
        expect(x1.duplicateGroup).to.be.a('number');
        expect((await g.store.getAdByPartner(52, 'Y1'))?.duplicateGroup).to.equal(x1.duplicateGroup);
      } finally {
        g.close();
      }
    });

    it("groups two partners' runs that wrote at once as if one had ended first: a flat with its copy, not a look-alike", async () => {
      const g = feedApp();
      try {
        // Two flats alike in all but their street and a few euros, each published by partners 61 and 62.
        const text = (street: string) =>
          'Piso exterior de un dormitorio con salón amplio, cocina equipada, baño completo y balcón, ' +
          `en finca con ascensor, junto al mercado central. ${street} 117.`;
        const a = { content: text('Calle del Sol'), price: 250000, area: 50, rooms: 1 };
        const b = { content: text('Calle de la Paz'), price: 251000, area: 50, rooms: 1 };
        await g.importFeed(g.writeFile('o.xml', homesXml([{ id: 'O1', price: 90000 }])), ES_HOMES, 63);
        // Partner 63's run writes its batches (its lock held) while 61's and 62's run, each in two parts:
        // their new ads wait to be grouped, their keys interleaved (newest smallest) as two runs' batches at
        // once give them, so that by key 61's B comes first, then 62's B, 61's A and 62's A.
        const other = anotherRunWriting(g.store, 63);
        try {
          for (const [source, id, flat] of [
            [62, 'A', a],
            [61, 'A', a],
            [62, 'B', b],
            [61, 'B', b],
          ] as const) {
            const s = await g.importFeed(
              g.writeFile(`${source}${id}.xml`, homesXml([{ id: `${id}${source}`, title: 'Piso en venta', ...flat }])),
              ES_HOMES,
              source,
              { full: false },
            );
            expect(s).to.include({ imported: 1, groupingLeftTo: 63 });
          }
        } finally {
          other.end();
        }
        // The next run (here the site's first partner's) groups what waits.
        await g.importFeed(g.writeFile('o2.xml', homesXml([{ id: 'O1', price: 90000 }])), ES_HOMES, 63);
        const group = async (source: number, id: string) =>
          ((await g.store.getAdByPartner(source, id)) as StoredAd).duplicateGroup;
        expect(await group(61, 'A61')).to.be.a('number');
        expect(await group(62, 'A62')).to.equal(await group(61, 'A61'));
        expect(await group(61, 'B61')).to.be.a('number');
        expect(await group(62, 'B62')).to.equal(await group(61, 'B61'));
        expect(await group(61, 'B61')).to.not.equal(await group(61, 'A61'));
        expect(g.store.db.prepare('SELECT count(*) AS n FROM feed_dedup_new').get()).to.deep.equal({ n: 0 });
      } finally {
        g.close();
      }
    });

    it('groups the same flat published by two partners (totalSources 2) and not a different one', async () => {
      const text =
        'Piso exterior de tres dormitorios y dos baños, cocina equipada, terraza de quince metros, ' +
        'ascensor y plaza de garaje incluida en el precio. Muy cerca del metro Goya.';
      await f.importFeed(
        f.writeFile(
          'a.xml',
          homesXml([
            { id: 'X1', content: text, price: 450000, area: 98, rooms: 3, lat: 40.4251, lng: -3.6755 },
            {
              id: 'X2',
              content: 'Estudio interior reformado, ideal para inversión, alquilado hasta diciembre.',
              price: 455000,
              area: 97,
              rooms: 3,
            },
          ]),
        ),
        ES_HOMES,
        1,
      );
      const s = await f.importFeed(
        f.writeFile(
          'b.xml',
          homesXml([
            {
              id: 'Y1',
              title: 'Magnífico piso en Goya',
              content: `${text} Llame ahora, Agencia Dos.`,
              price: 445000,
              area: 100,
              rooms: 3,
              lat: 40.4256,
              lng: -3.6751,
            },
          ]),
        ),
        ES_HOMES,
        2,
      );
      expect(s.grouped).to.equal(1);
      const x1 = (await f.store.getAdByPartner(1, 'X1')) as StoredAd;
      const x2 = (await f.store.getAdByPartner(1, 'X2')) as StoredAd;
      const y1 = (await f.store.getAdByPartner(2, 'Y1')) as StoredAd;
      expect(x1.duplicateGroup).to.be.a('number');
      expect(y1.duplicateGroup).to.equal(x1.duplicateGroup);
      expect(x2.duplicateGroup).to.equal(undefined);
      expect((await f.store.duplicatesOf(y1)).map((d) => d.id)).to.deep.equal([x1.id]);
      const res = await f.get('/api/sites/es/homes/search');
      const ads = res.body.data as Body[];
      expect(ads).to.have.length(2);
      const grouped = ads.find((a) => a.id === x1.id || a.id === y1.id);
      expect(grouped?.attributes.totalSources).to.equal(2);
      expect(ads.find((a) => a.id === x2.id)?.attributes.totalSources).to.equal(1);
      const page = await f.get(`/api/sites/es/homes/ad/${y1.id}`);
      expect(page.body.data.attributes.totalSources).to.equal(2);
      // A filter only one copy passes shows that copy, still of two sources, as its page says.
      const cheaper = await f.get('/api/sites/es/homes/search?filters[priceMax]=447000');
      expect(cheaper.body.data.map((a: Body) => [a.id, a.attributes.totalSources])).to.deep.equal([[y1.id, 2]]);
      // Few results: the ads like them (without the words) never show the flat again.
      const few = await f.get('/api/sites/es/homes/search?what=dormitorios');
      expect(few.body.data.map((a: Body) => a.id)).to.have.length(1);
      const similar = (few.body.meta.similarContentAds as Body[]).map((a) => a.id);
      expect(similar).to.deep.equal([x2.id]);
      // When one partner drops it, the other's ad stands alone again.
      await f.importFeed(f.writeFile('b2.xml', homesXml([{ id: 'Y2', price: 99000 }])), ES_HOMES, 2, {
        maxExpireShare: 1,
      });
      expect(await f.store.duplicatesOf(x1)).to.deep.equal([]);
    });

    it('keeps a flat in its group when one partner cuts its price, counts partners not copies, and compares prices as filters do', async () => {
      const g = feedApp();
      try {
        const text =
          'Ático con terraza de cuarenta metros, dos dormitorios, salón con chimenea, vistas despejadas ' +
          'a la sierra y garaje. Portal con conserje, junto al parque del Oeste.';
        const flat = (id: string, price: number | string, extra = '') => ({
          id,
          content: text,
          price: price as number,
          area: 96,
          rooms: 2,
          lat: 40.4301,
          lng: -3.7201,
          extra,
        });
        const imp = (name: string, ads: ReturnType<typeof flat>[], source: number) =>
          g.importFeed(g.writeFile(name, homesXml(ads)), ES_HOMES, source, { maxExpireShare: 1 });
        await imp('p1.xml', [flat('P1', 500000)], 1);
        await imp('p2.xml', [flat('Q1', 500000)], 2);
        // Partner 3 lists the flat twice: one more partner, not two.
        await imp('p3.xml', [flat('R1', 505000), flat('R2', 498000)], 3);
        const p1 = (await g.store.getAdByPartner(1, 'P1')) as StoredAd;
        const group = p1.duplicateGroup;
        expect(group).to.be.a('number');
        const page = await g.get(`/api/sites/es/homes/ad/${p1.id}`);
        expect(page.body.data.attributes.totalSources).to.equal(3);
        expect(page.body.meta.duplicates).to.have.length(2);
        const listed = (await g.get('/api/sites/es/homes/search')).body.data as Body[];
        expect(listed.map((a) => a.attributes.totalSources)).to.deep.equal([3]);
        // Partner 1 cuts its price by 12 %: the same flat, still one card of three partners, with its drop.
        await imp('p1b.xml', [flat('P1', 440000)], 1);
        const cut = (await g.store.getAdByPartner(1, 'P1')) as StoredAd;
        expect(cut.duplicateGroup).to.equal(group);
        expect(cut.price).to.deep.include({ value: 440000, oldValue: 500000 });
        const after = (await g.get('/api/sites/es/homes/search')).body.data as Body[];
        expect(after.map((a) => a.attributes.totalSources)).to.deep.equal([3]);
        // A price 40 % above the others' is no cut: another flat under a re-used id, out of the group.
        await imp('p1c.xml', [flat('P1', 700000)], 1);
        expect(((await g.store.getAdByPartner(1, 'P1')) as StoredAd).duplicateGroup).to.not.equal(group);
        await imp('p1d.xml', [flat('P1', 440000)], 1);
        // A rent by the week and one in pounds are compared by the month and in euros: "346 €/semana" is
        // "1.500 €/mes", "£1,500" is not.
        const week = '<price period="weekly">346</price>';
        const rent = (id: string, price: string) =>
          ({ ...flat(id, 0), price: undefined, type: 'For Rent', extra: price }) as never;
        await imp('r1.xml', [rent('W1', '<price>1500</price>')], 4);
        await imp('r2.xml', [rent('W2', week)], 5);
        await imp('r3.xml', [rent('W3', '<price currency="GBP">1500</price>')], 6);
        const w1 = (await g.store.getAdByPartner(4, 'W1')) as StoredAd;
        const w2 = (await g.store.getAdByPartner(5, 'W2')) as StoredAd;
        const w3 = (await g.store.getAdByPartner(6, 'W3')) as StoredAd;
        expect(w1.duplicateGroup).to.be.a('number').and.to.equal(w2.duplicateGroup);
        expect(w3.duplicateGroup).to.not.equal(w1.duplicateGroup);
      } finally {
        g.close();
      }
    });

    it("finds every copy of a big agency's jobs in one city, which have no price to narrow the block", async () => {
      // Decision 087: 1,500 vacancies of one agency in Leeds from each of two job boards, no coordinates.
      const r = seededRandom(87);
      // A vocabulary of 900 made-up words, as varied as real vacancies' (the rule needs their words to differ).
      const syllables = ['war', 'ope', 'for', 'dri', 'pick', 'pack', 'clea', 'rec', 'chef', 'kit', 'por', 'care'];
      const words = Array.from({ length: 900 }, (_, w) =>
        [w % 12, Math.floor(w / 12) % 12, Math.floor(w / 144) % 12].map((n) => syllables[n]).join(''),
      );
      const pick = () => words[Math.floor(r() * words.length)] as string;
      const jobs = Array.from({ length: 1_500 }, (_, i) => {
        const title = `${pick()} ${pick()} ${pick()}`;
        return { i, title, text: `${Array.from({ length: 40 }, pick).join(' ')}.` };
      });
      // The second board adds its sign-off: its copies' words are not all the first's.
      const board = (prefix: string, signOff = '') =>
        trovitXml(
          jobs.map(
            (j) =>
              `<ad><id>${prefix}${j.i}</id><url>https://${prefix}.example/jobs/${j.i}</url>` +
              `<title>${j.title}</title><content>${j.text}${signOff}</content><company>Staffing Partners Ltd</company>` +
              `<city>Leeds</city><date>2025-05-20</date></ad>`,
          ),
        );
      await f.importFeed(f.writeFile('jobs-a.xml', board('JA')), UK_JOBS, 41);
      const s = await f.importFeed(
        f.writeFile('jobs-b.xml', board('JB', ' Apply today through Leeds Jobs Direct, quoting this advert.')),
        UK_JOBS,
        42,
      );
      expect(s.imported).to.equal(1_500);
      expect(s.grouped).to.equal(1_500);
      const pairs = f.store.db
        .prepare(
          `SELECT count(*) AS n FROM ads b JOIN ads a ON a.dup = b.dup AND a.source_id = 41
           WHERE b.source_id = 42 AND substr(a.partner_id, 3) = substr(b.partner_id, 3)`,
        )
        .get() as { n: number };
      expect(pairs.n).to.equal(1_500);
    });

    it('joins the likest flat of all the other partners, whichever partner imported first', async () => {
      // Two partners' flats that the rule keeps apart (floor areas 8.5 % apart), both of which the rule
      // finds the same as a third partner's flat: it joins the one whose words are its own (decision 090).
      const text =
        'Piso exterior de tres dormitorios y dos baños, cocina equipada, terraza de quince metros, ' +
        'ascensor y plaza de garaje incluida en el precio. Muy cerca de la estación de Santa Justa.';
      const flat = (id: string, content: string, area: number) =>
        homesXml([{ id, title: 'Piso en Sevilla', city: 'Sevilla', content, price: 300000, area, rooms: 3 }]);
      await f.importFeed(
        f.writeFile('l1.xml', flat('L1', `${text} Además trastero y portero físico.`, 100)),
        ES_HOMES,
        21,
      );
      await f.importFeed(f.writeFile('l2.xml', flat('L2', text, 91.5)), ES_HOMES, 22);
      const s = await f.importFeed(f.writeFile('l3.xml', flat('L3', text, 96)), ES_HOMES, 23);
      expect(s.grouped).to.equal(1);
      const [l1, l2, l3] = (await Promise.all(
        [21, 22, 23].map((source, i) => f.store.getAdByPartner(source, `L${i + 1}`)),
      )) as StoredAd[];
      expect(l3?.duplicateGroup).to.be.a('number');
      expect(l2?.duplicateGroup).to.equal(l3?.duplicateGroup);
      expect(l1?.duplicateGroup).to.equal(undefined);
    });

    it("finds every copy in a big city's crowded blocks, where a price window holds hundreds of ads", async () => {
      // Decision 086: 6,000 flats of Madrid from each partner, ~1,000 in each block of type and city.
      const a = f.writeFile('crowded-a.xml', '');
      const b = f.writeFile('crowded-b.xml', '');
      await writeSyntheticFeed(a, { count: 6_000, idPrefix: 'MA', cities: 1 });
      await writeSyntheticFeed(b, { count: 6_000, idPrefix: 'MB', cities: 1 });
      const madrid: SiteKey = { country: 'es', vertical: 'homes' };
      await f.importFeed(a, madrid, 21);
      const s = await f.importFeed(b, madrid, 22);
      const crowded = f.store.db
        .prepare('SELECT max(n) AS n FROM (SELECT count(*) AS n FROM feed_dedup WHERE source_id = 21 GROUP BY block)')
        .get() as { n: number };
      expect(crowded.n).to.be.above(500);
      expect(s.grouped).to.equal(6_000);
      for (const i of [0, 2_345, 5_999]) {
        const theirs = await f.store.getAdByPartner(21, `MA${i}`);
        expect(theirs?.duplicateGroup, `MA${i}`).to.be.a('number');
        expect((await f.store.getAdByPartner(22, `MB${i}`))?.duplicateGroup, `MB${i}`).to.equal(theirs?.duplicateGroup);
      }
    });
  });

  describe('a malformed file', () => {
    let f: FeedApp;
    let snapshot: string;
    before(async () => {
      f = feedApp();
      await f.importFeed(fixture('homes-es.xml'), ES_HOMES, 11);
      snapshot = storeSnapshot(f.store);
    });
    after(() => f.close());

    for (const [name, message] of [
      ['truncated.xml', /truncated/],
      ['wrong-root.xml', /root element is <rss>/],
      ['not-a-feed.txt', /Not a well-formed XML feed/],
      ['broken-middle.xml', /Unexpected close tag \(line 77\)/],
    ] as const) {
      it(`stops with a clear error and leaves the store unchanged: ${name}`, async () => {
        let error: unknown;
        try {
          await f.importFeed(fixture(name), ES_HOMES, 11);
        } catch (err) {
          error = err;
        }
        expect(error).to.be.instanceOf(MalformedFeedError);
        expect((error as Error).message).to.match(message);
        expect(storeSnapshot(f.store)).to.equal(snapshot);
      });
    }

    it('a cut-off JSON-lines file too', async () => {
      const file = f.writeFile('cut.jsonl', '{"id":"Z1","url":"https://x.example/1"}\n{"id":"Z2","url":"htt');
      let error: unknown;
      try {
        await f.importFeed(file, ES_HOMES, 11);
      } catch (err) {
        error = err;
      }
      expect((error as Error).message).to.match(/truncated \(line 2\)/);
      expect(storeSnapshot(f.store)).to.equal(snapshot);
    });
  });

  describe('files as partners really write them', () => {
    let f: FeedApp;
    beforeEach(() => {
      f = feedApp();
    });
    afterEach(() => f.close());

    const latin1 = (text: string) => Buffer.from(text, 'latin1');
    const withDeclaration = (xml: string, encoding: string | undefined) =>
      xml.replace(
        '<?xml version="1.0" encoding="UTF-8"?>',
        encoding === undefined ? '' : `<?xml version="1.0" encoding="${encoding}"?>`,
      );
    const ads = [
      { id: 'L1', title: 'Ático en Cádiz, año 2020', price: 250000, city: 'Cádiz' },
      { id: 'L2', title: 'Piso señorial junto al río', price: 180000, city: 'Sevilla' },
    ];
    const titles = async (source: number) =>
      (await Promise.all(['L1', 'L2'].map((id) => f.store.getAdByPartner(source, id)))).map((a) => a?.title);
    const failure = async (file: string): Promise<Error> => {
      try {
        await f.importFeed(file, ES_HOMES, 21);
      } catch (err) {
        return err as Error;
      }
      throw new Error(`${file} was imported`);
    };

    it('reads a feed in the Latin-1 it declares (as Windows-1252), and its ads are found by their words', async () => {
      const file = `${f.dataDir}/latin1.xml`;
      fs.writeFileSync(file, latin1(withDeclaration(homesXml(ads), 'ISO-8859-1').replace('río', 'r\x92o')));
      const s = await f.importFeed(file, ES_HOMES, 21);
      expect(s).to.include({
        imported: 2,
        rejected: 0,
        encoding: 'read as Windows-1252, as the file declares (ISO-8859-1)',
      });
      // 0x92 is a curly apostrophe in Windows-1252, which partners' "ISO-8859-1" really is.
      expect(await titles(21)).to.deep.equal(['Ático en Cádiz, año 2020', 'Piso señorial junto al r’o']);
      const res = await f.get('/api/sites/es/homes/search?what=atico');
      expect(res.body.data.map((a: Body) => a.attributes.title)).to.deep.equal(['Ático en Cádiz, año 2020']);
    });

    it('reads a file by its bytes when its declaration is wrong either way', async () => {
      // Declares Latin-1, written in UTF-8.
      const utf8 = `${f.dataDir}/says-latin1.xml`;
      fs.writeFileSync(utf8, withDeclaration(homesXml(ads), 'ISO-8859-1'));
      const a = await f.importFeed(utf8, ES_HOMES, 21);
      expect(a.encoding).to.equal('read as UTF-8: the file declares ISO-8859-1 but is written in UTF-8');
      expect(await titles(21)).to.deep.equal(['Ático en Cádiz, año 2020', 'Piso señorial junto al río']);
      // Declares nothing, written in Latin-1.
      const bytes = `${f.dataDir}/undeclared.xml`;
      fs.writeFileSync(bytes, latin1(withDeclaration(homesXml(ads), undefined)));
      const b = await f.importFeed(bytes, ES_HOMES, 22);
      expect(b.encoding).to.equal('read as Windows-1252: the file declares no encoding but is not UTF-8');
      expect(await titles(22)).to.deep.equal(['Ático en Cádiz, año 2020', 'Piso señorial junto al río']);
      // Plain UTF-8 says nothing.
      const plain = await f.importFeed(f.writeFile('plain.xml', homesXml(ads)), ES_HOMES, 23);
      expect(plain).to.not.have.property('encoding');
    });

    it('stops with a clear error on an encoding it does not read, changing nothing', async () => {
      await f.importFeed(f.writeFile('first.xml', homesXml(ads)), ES_HOMES, 21);
      const before = storeSnapshot(f.store);
      const utf16 = `${f.dataDir}/utf16.xml`;
      fs.writeFileSync(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(homesXml(ads), 'utf16le')]));
      const error = await failure(utf16);
      expect(error).to.be.instanceOf(MalformedFeedError);
      expect(error.message).to.equal('The feed is written in UTF-16: save it as UTF-8');
      const ebcdic = f.writeFile('ebcdic.xml', withDeclaration(homesXml(ads), 'EBCDIC-CP-US').replace('Á', 'A'));
      fs.writeFileSync(ebcdic, latin1(fs.readFileSync(ebcdic, 'utf8')));
      expect((await failure(ebcdic)).message).to.equal(
        'The feed\'s encoding "EBCDIC-CP-US" is not read: save it as UTF-8',
      );
      expect(storeSnapshot(f.store)).to.equal(before);
    });

    it('says what a feed is when it is not one it reads: UTF-16 without its mark, gzip in gzip, a JSON array', async () => {
      await f.importFeed(f.writeFile('first.xml', homesXml(ads)), ES_HOMES, 21);
      const before = storeSnapshot(f.store);
      for (const [name, bytes] of [
        ['le.xml', Buffer.from(homesXml(ads), 'utf16le')],
        ['be.xml', Buffer.from(homesXml(ads), 'utf16le').swap16()],
      ] as const) {
        fs.writeFileSync(`${f.dataDir}/${name}`, bytes);
        expect((await failure(`${f.dataDir}/${name}`)).message, name).to.equal(
          'The feed is written in UTF-16: save it as UTF-8',
        );
      }
      const twice = `${f.dataDir}/twice.xml.gz`;
      fs.writeFileSync(twice, zlib.gzipSync(zlib.gzipSync(homesXml(ads))));
      expect((await failure(twice)).message).to.equal(
        'The feed is gzip data inside gzip data: gunzip it once, or ask the partner to gzip it once',
      );
      const records = [{ id: 'J1', url: 'https://portal.example/J1', title: 'Piso', type: 'For Sale' }];
      for (const [name, text] of [
        ['array.json', JSON.stringify(records, null, 2)],
        ['array-line.jsonl', JSON.stringify(records)],
      ]) {
        const error = await failure(f.writeFile(name as string, text as string));
        expect(error, name).to.be.instanceOf(MalformedFeedError);
        expect(error.message, name).to.equal(
          'The feed is a JSON array, not JSON lines: write each record as a JSON object on a line of its own (line 1)',
        );
      }
      expect(storeSnapshot(f.store)).to.equal(before);
    });

    it('rejects a record too long to be read (a 5 MB description) without holding it, and keeps its stored ad', async () => {
      const three = [...ads, { id: 'L3', title: 'Casa con jardín', price: 90000, city: 'Sevilla' }];
      await f.importFeed(f.writeFile('first.xml', homesXml(three)), ES_HOMES, 21);
      const huge = 'Piso enorme. '.repeat(400_000); // 5.2 MB
      const reason = /^the record is 5\.0 MB long, over the 4 MB a record may be: it was not read$/;
      for (const workers of [0, 2]) {
        // L2's id after its description, as some exports write it: still its id.
        const xml = homesXml(three.map((a) => (a.id === 'L2' ? { ...a, content: huge } : a))).replace(
          /<ad><id>L2<\/id>(.*?)<\/ad>/s,
          '<ad>$1<id>L2</id></ad>',
        );
        expect(xml).to.contain('<id>L2</id></ad>');
        const s = await f.importFeed(f.writeFile(`huge-${workers}.xml`, xml), ES_HOMES, 21, { workers });
        expect(s, `${workers} workers`).to.include({ records: 3, rejected: 1, rejectedKept: 1, expired: 0 });
        expect(s.rejections).to.have.length(1);
        expect(s.rejections[0]).to.include({ line: 4, id: 'L2' });
        expect(s.rejections[0]?.reason).to.match(reason);
        // Listed by the feed, the stored L2 stays as it was.
        expect((await f.store.getAdByPartner(21, 'L2'))?.title).to.equal('Piso señorial junto al río');
      }
      // JSON lines, the id last (as a Go export sorts its keys), a line of blanks between records.
      const line = (a: (typeof three)[number], content: string) =>
        JSON.stringify({
          url: `https://x.example/${a.id}`,
          title: a.title,
          type: 'For Sale',
          content,
          price: a.price,
          city: a.city,
          id: { value: a.id },
        });
      const jsonl = three.map((a) => line(a, a.id === 'L3' ? huge : `${a.title}: luminoso, con terraza y ascensor.`));
      const text = `${jsonl[0]}\r\n${' '.repeat(5_000_000)}\r\n${jsonl[1]}\r\n${jsonl[2]}\r\n`;
      const s = await f.importFeed(f.writeFile('huge.jsonl', text), ES_HOMES, 21);
      expect(s).to.include({ format: 'jsonl', records: 3, rejected: 1, rejectedKept: 1, expired: 0 });
      expect(s.rejections[0]).to.include({ line: 4, id: 'L3' });
      expect(s.rejections[0]?.reason).to.match(reason);
      expect(await f.store.getAdByPartner(21, 'L3')).to.include({ title: 'Casa con jardín', expired: false });
      // Cut short in that line: a truncated feed, nothing expired.
      const before = storeSnapshot(f.store);
      const cut = `${jsonl[0]}\n${jsonl[1]}\n${(jsonl[2] as string).slice(0, 4_500_000)}`;
      const truncated = await failure(f.writeFile('cut.jsonl', cut));
      expect(truncated).to.be.instanceOf(MalformedFeedError);
      expect(truncated.message).to.equal('The feed ends in the middle of a record: truncated (line 3)');
      expect(storeSnapshot(f.store)).to.equal(before);
      // A feed written as one JSON array on one line, longer than a record may be: told what it is.
      const records = three.map((a) => ({ id: a.id, url: `https://x.example/${a.id}`, content: huge }));
      const error = await failure(f.writeFile('array.jsonl', JSON.stringify(records)));
      expect(error).to.be.instanceOf(MalformedFeedError);
      expect(error.message).to.equal(
        'The feed is a JSON array, not JSON lines: write each record as a JSON object on a line of its own (line 1)',
      );
    });

    it('reads gzip data whatever the file is called, and stops on cut gzip data', async () => {
      const gz = `${f.dataDir}/feed.xml`;
      fs.writeFileSync(gz, zlib.gzipSync(homesXml(ads)));
      expect(await f.importFeed(gz, ES_HOMES, 21)).to.include({ format: 'xml', imported: 2 });
      const before = storeSnapshot(f.store);
      const whole = zlib.gzipSync(homesXml([...ads, { id: 'L3', title: 'Casa con jardín', price: 90000 }]));
      const cut = `${f.dataDir}/cut.xml.gz`;
      fs.writeFileSync(cut, whole.subarray(0, whole.length - 20));
      const error = await failure(cut);
      expect(error).to.be.instanceOf(MalformedFeedError);
      expect(error.message).to.match(/^The gzip data is cut short or damaged/);
      // Latin-1 JSON lines too, whose text is decoded after the gzip data (the check reads its text).
      const lines = ads.map((a) =>
        JSON.stringify({
          id: a.id,
          url: `https://x.example/${a.id}`,
          title: a.title,
          type: 'For Sale',
          content: `${a.title}: luminoso, con terraza y ascensor.`,
          price: a.price,
          city: a.city,
        }),
      );
      const latin = zlib.gzipSync(latin1(`${lines.join('\n')}\n`.repeat(200)));
      const cutLatin = `${f.dataDir}/cut-latin1.jsonl.gz`;
      fs.writeFileSync(cutLatin, latin.subarray(0, latin.length - 20));
      expect((await failure(cutLatin)).message).to.match(/^The gzip data is cut short or damaged/);
      expect(storeSnapshot(f.store)).to.equal(before);
    });

    it('expires nothing when a full feed has no good ad, whatever the source size', async () => {
      await f.importFeed(f.writeFile('two.xml', homesXml(ads)), ES_HOMES, 21);
      const empty = await f.importFeed(f.writeFile('empty.xml', '<trovit>\n</trovit>\n'), ES_HOMES, 21);
      expect(empty).to.include({ records: 0, expired: 0 });
      expect(empty.expirySkipped).to.equal(
        "the feed has no good ad, and would have expired all 2 of the source's live ads: nothing expired; rerun with --max-expire-share 1 if that is right",
      );
      const bad = await f.importFeed(
        f.writeFile('bad.xml', homesXml([{ id: 'L1', type: 'Castle swap' }])),
        ES_HOMES,
        21,
      );
      expect(bad).to.include({ rejected: 1, expired: 0 });
      expect(bad.expirySkipped).to.match(/^the feed has no good ad/);
      expect(await f.store.countAds(ES_HOMES)).to.equal(2);
      // One good ad of two: a small source's stock may shrink that much.
      const one = await f.importFeed(f.writeFile('one.xml', homesXml(ads.slice(0, 1))), ES_HOMES, 21);
      expect(one).to.include({ expiredMissing: 1 });
      // The operator says the empty feed is right.
      const meant = await f.importFeed(f.writeFile('empty2.xml', '<trovit></trovit>'), ES_HOMES, 21, {
        maxExpireShare: 1,
      });
      expect(meant).to.include({ expiredMissing: 1 });
      expect(await f.store.countAds(ES_HOMES)).to.equal(0);
    });

    it("judges what a full feed lacks against the source's stock before it, not counting its own new ads", async () => {
      const stock = (ids: string[]) =>
        homesXml(ids.map((id, i) => ({ id, title: `Piso ${id} en Sevilla`, price: 150000 + i, city: 'Sevilla' })));
      const range = (prefix: string, from: number, to: number) =>
        Array.from({ length: to - from }, (_, i) => `${prefix}${from + i}`);
      for (const source of [24, 25, 26])
        await f.importFeed(f.writeFile(`stock-${source}.xml`, stock(range('P', 0, 60))), ES_HOMES, source);
      // 20 of the 60, and 100 new ads: 40 of the 60 would go.
      const grown = await f.importFeed(
        f.writeFile('grown.xml', stock([...range('P', 0, 20), ...range('N', 0, 100)])),
        ES_HOMES,
        24,
      );
      expect(grown).to.include({ imported: 100, expiredMissing: 0 });
      expect(grown.expirySkipped).to.equal(
        "the feed lacks 40 of the source's 60 live ads (67 % > 60 %): nothing expired; rerun with a higher --max-expire-share if that is right",
      );
      // The same 60 under new ids (their case changed): all 60 would go, their price history with them.
      const renamed = await f.importFeed(f.writeFile('renamed.xml', stock(range('p', 0, 60))), ES_HOMES, 25);
      expect(renamed).to.include({ imported: 60, expiredMissing: 0 });
      expect(renamed.expirySkipped).to.match(/^the feed lacks 60 of the source's 60 live ads \(100 % > 60 %\)/);
      // 40 of the 60 and 10 new: a third sold, which a stock may.
      const sold = await f.importFeed(
        f.writeFile('sold.xml', stock([...range('P', 0, 40), ...range('N', 0, 10)])),
        ES_HOMES,
        26,
      );
      expect(sold).to.include({ imported: 10, expiredMissing: 20 });
      expect(sold.expirySkipped).to.equal(undefined);
    });

    it('places the cities a partner names in their own language, and a visitor finds them so', async () => {
      const list = [
        { id: 'C1', title: 'Piso en el centro de Donostia', price: 400000, city: 'Donostia' },
        { id: 'C2', title: 'Piso cerca del puerto', price: 300000, city: 'Palma de Mallorca' },
      ];
      const s = await f.importFeed(f.writeFile('native.xml', homesXml(list)), ES_HOMES, 21);
      expect(s.warnings).to.deep.equal([]);
      expect((await f.store.getAdByPartner(21, 'C1'))?.location).to.deep.include({ city: 'Donostia / San Sebastián' });
      expect((await f.store.getAdByPartner(21, 'C2'))?.location).to.deep.include({ city: 'Palma' });
      const res = await f.get('/api/sites/es/homes/search?where=Donostia');
      expect(res.body.data.map((a: Body) => a.attributes.title)).to.deep.equal(['Piso en el centro de Donostia']);
    });

    it('lists no nameless property type when a partner gives none', async () => {
      const list = [
        { id: 'P1', title: 'Oportunidad única en el centro', price: 200000 },
        { id: 'P2', title: 'Piso con terraza', price: 210000 },
      ];
      await f.importFeed(f.writeFile('types.xml', homesXml(list)), ES_HOMES, 21);
      expect((await f.store.getAdByPartner(21, 'P1'))?.homes?.propertyType).to.equal('');
      const res = await f.get('/api/sites/es/homes/search');
      expect(res.body.meta.totalCount).to.equal(2);
      expect(res.body.meta.facets.propertyType.map((i: Body) => i.value)).to.deep.equal(['flat']);
    });

    it('reads prices with dots between thousands where the decimal reading is no price', async () => {
      const list = [
        { id: 'D1', price: '250.000' },
        { id: 'D2', type: 'For Rent', price: '1.200' },
        { id: 'D3', price: '1.250.000' },
        // A decimal reading that is a price stays one; one that is none either way stays out.
        { id: 'D4', type: 'For Rent', price: '950.50' },
        { id: 'D5', price: '12.5' },
      ];
      const s = await f.importFeed(f.writeFile('dots.xml', homesXml(list as never)), ES_HOMES, 21);
      const prices = await Promise.all(
        list.map(async ({ id }) => (await f.store.getAdByPartner(21, id))?.price?.value),
      );
      expect(prices).to.deep.equal([250000, 1200, 1250000, 950.5, undefined]);
      expect(s.warnings.map((w) => [w.field, w.count])).to.deep.equal([['price', 1]]);
    });

    it('reports a rejected record with a long id by the id cut short', async () => {
      const long = 'X'.repeat(5000);
      const s = await f.importFeed(f.writeFile('long.xml', homesXml([{ id: long }, ads[0] as never])), ES_HOMES, 21);
      expect(s.rejections).to.deep.equal([
        { line: 3, id: `${'X'.repeat(80)}…`, reason: 'id longer than 200 characters' },
      ]);
    });
  });
});
