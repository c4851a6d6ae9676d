import { expect } from 'chai';
import { GazetteerPlaces } from '../../../src/services/feeds/gazetteerPlaces';
import { PlaceResolver } from '../../../src/services/feeds/placeResolver';
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
});
