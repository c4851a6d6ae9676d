import { expect } from 'chai';
import type { RawRecord } from '../../../src/services/feeds/feedRecords';
import { GazetteerPlaces } from '../../../src/services/feeds/gazetteerPlaces';
import { mapRecord } from '../../../src/services/feeds/mapRecord';
import { PlaceResolver } from '../../../src/services/feeds/placeResolver';
import { Gazetteer } from '../../../src/services/places/Gazetteer';

function record(extra: [string, string][]): RawRecord {
  const fields = new Map<string, { text: string; attrs: Record<string, string> }>();
  const base: [string, string][] = [
    ['id', 'A1'],
    ['url', 'https://example.com/a1'],
    ['title', 'Piso con terraza'],
    ['content', 'Un piso luminoso con terraza y vistas, cerca del metro.'],
    ['type', 'For Sale'],
    ['price', '250000'],
    ['city', 'Madrid'],
  ];
  for (const [name, text] of [...base, ...extra]) fields.set(name, { text, attrs: {} });
  return { line: 1, fields, pictures: [] };
}

describe('mapRecord: what it keeps in feedAttributes', () => {
  const ctx = {
    site: { country: 'es', vertical: 'homes' } as const,
    sourceId: 1,
    now: 1_800_000_000,
    places: new PlaceResolver(new GazetteerPlaces(Gazetteer.shared(), 'es')),
  };

  it('keeps at most 60 values the mapping does not read, the first ones in the record', () => {
    const extra: [string, string][] = Array.from({ length: 80 }, (_, i) => [`extra_${i}`, `value ${i}`]);
    const result = mapRecord(record(extra), ctx);
    expect(result.ok).to.equal(true);
    const attributes = result.ok ? (result.ad.feedAttributes ?? {}) : {};
    expect(Object.keys(attributes)).to.deep.equal(extra.slice(0, 60).map(([name]) => name));
    expect(attributes.extra_59).to.equal('value 59');
  });

  it('keeps nothing under the names of Object.prototype, and none when every value is read', () => {
    const result = mapRecord(
      record([
        ['__proto__', 'x'],
        ['constructor', 'y'],
        ['agency', 'Fincas Sol'],
      ]),
      ctx,
    );
    expect(result.ok && result.ad.feedAttributes).to.deep.equal({ agency: 'Fincas Sol' });
    const plain = mapRecord(record([]), ctx);
    expect(plain.ok && plain.ad.feedAttributes).to.equal(undefined);
  });
});
