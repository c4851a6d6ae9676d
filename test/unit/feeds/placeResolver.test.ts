import { expect } from 'chai';
import { GazetteerPlaces } from '../../../src/services/feeds/gazetteerPlaces';
import { cityNameVariants, PlaceResolver } from '../../../src/services/feeds/placeResolver';
import { Gazetteer } from '../../../src/services/places/Gazetteer';

describe('PlaceResolver: the location it gives', () => {
  const lookup = new GazetteerPlaces(Gazetteer.shared(), 'es');

  it("is a copy of the place's location, in its order, then the coordinates (as the spread it replaced)", () => {
    const places = new PlaceResolver(lookup);
    const input = { city: 'Madrid', region: 'Madrid', latitude: 40.4201234567, longitude: -3.7012345678 };
    const named = lookup.names(input);
    const before = JSON.stringify(named.location);
    const first = places.resolve(input).location;
    const second = places.resolve({ ...input, latitude: 40.43 }).location;
    // Byte for byte what `{ ...named.location }` and the coordinates made (documents depend on the key order).
    expect(JSON.stringify(first)).to.equal(
      JSON.stringify({ ...named.location, latitude: 40.420123, longitude: -3.701235 }),
    );
    expect(second.latitude).to.equal(40.43);
    expect(first.latitude).to.equal(40.420123);
    // The cached place is not changed by what is added to a record's copy.
    (first as { address?: string }).address = 'Calle Mayor 1';
    expect(JSON.stringify(lookup.names(input).location)).to.equal(before);
    expect(places.resolve(input).location).to.not.have.property('address');
  });

  it('gives the place its coordinates when the record has none', () => {
    const places = new PlaceResolver(lookup);
    const named = lookup.names({ city: 'Vigo' });
    const { location } = places.resolve({ city: 'Vigo' });
    expect(Object.keys(location)).to.deep.equal([...Object.keys(named.location), 'latitude', 'longitude']);
    expect([location.latitude, location.longitude]).to.deep.equal([named.anchor?.lat, named.anchor?.lng]);
  });

  it("keeps the record's region when no city of it matches: the city stays text, reported, at the region's coordinates unless the record's lie among its places", () => {
    const places = new PlaceResolver(lookup);
    const madrid = Gazetteer.shared()
      .regions('es')
      .find((r) => r.name === 'Madrid')!;
    const at = { regionId: madrid.id, region: 'Madrid' };
    const input = { city: 'Villanueva de Nada', region: 'Madrid' };
    expect(places.resolve(input)).to.deep.equal({
      location: { city: 'Villanueva de Nada', ...at, latitude: madrid.lat, longitude: madrid.lng },
      unresolved: ['city'],
      coordinates: undefined,
    });
    // In the region: kept; swapped: put right; in Barcelona: the region's.
    expect(places.resolve({ ...input, latitude: 40.5, longitude: -3.6 }).location).to.include({ latitude: 40.5 });
    expect(places.resolve({ ...input, latitude: -3.6, longitude: 40.5 }).location).to.include({ latitude: 40.5 });
    const barcelona = places.resolve({ ...input, latitude: 41.38, longitude: 2.16 });
    expect(barcelona.location).to.include({ latitude: madrid.lat, longitude: madrid.lng });
    // Why the partner's were not used, for the run's summary.
    expect(barcelona.coordinates).to.equal("outside the ad's region");
    expect(places.resolve({ ...input, latitude: 0, longitude: 0 }).coordinates).to.equal('0, 0 is no place');
    expect(places.resolve({ ...input, longitude: -3.6 }).coordinates).to.equal('a longitude without a latitude');
    expect(places.resolve({ ...input, latitude: 40.5, longitude: -3.6 }).coordinates).to.equal(undefined);
    expect(places.resolve({ city: 'Madrid', latitude: 41.38, longitude: 2.16 }).coordinates).to.equal(
      "more than 150 km from the ad's city",
    );
  });

  it('takes a city that names its region (and no city) for the region: not reported, and the nearest city of that region only', () => {
    const places = new PlaceResolver(lookup);
    const g = Gazetteer.shared();
    const catalonia = g.regions('es').find((r) => r.name === 'Cataluña')!;
    const barcelona = g.cities('es').find((c) => c.name === 'Barcelona')!;
    expect(places.resolve({ city: 'Cataluña' })).to.deep.equal({
      location: { regionId: catalonia.id, region: 'Cataluña', latitude: catalonia.lat, longitude: catalonia.lng },
      unresolved: [],
      coordinates: undefined,
    });
    expect(places.resolve({ city: 'Cataluña', latitude: 41.39, longitude: 2.16 }).location).to.include({
      cityId: barcelona.id,
      regionId: catalonia.id,
    });
    // As partners spell regions too.
    expect(places.resolve({ city: 'Comunidad de Madrid' })).to.deep.include({ unresolved: [] });
    expect(places.resolve({ city: 'Comunidad de Madrid' }).location).to.include({ region: 'Madrid' });
    // Coordinates in Madrid: no place of Cataluña, so neither they nor Madrid are the record's.
    expect(places.resolve({ city: 'Cataluña', latitude: 40.42, longitude: -3.7 }).location).to.deep.equal({
      regionId: catalonia.id,
      region: 'Cataluña',
      latitude: catalonia.lat,
      longitude: catalonia.lng,
    });
  });
});

describe('cityNameVariants: the names a city is written around', () => {
  it('drops districts, postcodes, states and labels, and parts a city from its district', () => {
    const variants = (text: string) => cityNameVariants(text).map((v) => (v.area ? `${v.city} | ${v.area}` : v.city));
    expect(variants('Paris 15e')).to.deep.equal(['Paris']);
    expect(variants('75015 Paris')).to.deep.equal(['Paris']);
    expect(variants('Budapest 11. kerület')).to.deep.equal(['Budapest']);
    expect(variants('København NV')).to.deep.equal(['København']);
    expect(variants('Sydney NSW 2000')).to.deep.equal(['Sydney']);
    expect(variants('São Paulo - SP')).to.deep.equal(['São Paulo']);
    expect(variants('Milano (MI)')).to.deep.equal(['Milano']);
    expect(variants('Comune di Milano')).to.deep.equal(['Milano']);
    expect(variants('г. Москва')).to.deep.equal(['Москва']);
    expect(variants('München-Schwabing')).to.deep.equal(['München | Schwabing']);
    // Nothing shorter than three letters: "La Paz" gives no "La".
    expect(variants('La Paz')).to.deep.equal([]);
    expect(variants('Aix-en-Provence')).to.deep.equal([]);
    // Which town of the name, not a code: no bigger namesake ("Frankfurt/O.", "Barra do Una", "Stadthagen").
    expect(variants('Frankfurt/O.')).to.deep.equal([]);
    // Two names of one town: tried only if both are (`also`).
    expect(cityNameVariants('Alicante/Alacant')).to.deep.equal([{ city: 'Alicante', also: 'Alacant' }]);
    expect(variants('Barra do Una')).to.deep.equal([]);
    expect(variants('Stadthagen-Enzen')).to.deep.equal(['Stadthagen | Enzen']);
  });

  it('reads a Japanese or Taiwanese address from the biggest part down: the city and its ward', () => {
    const variants = (text: string) => cityNameVariants(text).map((v) => (v.area ? `${v.city} | ${v.area}` : v.city));
    expect(variants('大阪府大阪市北区梅田1-1')).to.deep.equal(['大阪市 | 北区', '北区']);
    expect(variants('埼玉県さいたま市浦和区')).to.deep.equal(['さいたま市 | 浦和区', '浦和区']);
    expect(variants('東京都渋谷区神南1-2-3')).to.deep.equal(['渋谷区']);
    expect(variants('千葉県柏市')).to.deep.equal(['柏市']);
    expect(variants('神奈川県愛甲郡愛川町')).to.deep.equal(['愛川町']);
    expect(variants('新北市板橋區')).to.deep.equal(['新北市 | 板橋區', '板橋區', '板橋']);
    // Not an address: a name with a space, or of Latin letters.
    expect(variants('大阪 北区')).to.deep.equal([]);
  });
});
