import { expect } from 'chai';
import { hashAndDoc, hashAndDocByCopy } from '../../../src/services/feeds/prepareRecords';
import type { AdInput } from '../../../src/services/search/types';
import { seededRandom } from '../../../src/shared/seededRandom';
import { fixtureAndGeneratedAds } from '../../support/feedAds';

/**
 * `hashAndDoc` against the general way it falls back to (`hashAndDocByCopy`, the code every store
 * was written with): the same hash, document and ad (its id, date and expiry set, keys in order).
 */
function expectSame(ad: AdInput, dateGiven: boolean, doc: { id: string; date: number; expired: boolean }): void {
  const reference = structuredClone(ad);
  const expected = hashAndDocByCopy(reference, dateGiven, doc);
  const got = hashAndDoc(ad, dateGiven, doc);
  expect(got.hash, ad.title).to.equal(expected.hash);
  expect(got.doc, ad.title).to.equal(expected.doc);
  expect(JSON.stringify(ad), ad.title).to.equal(JSON.stringify(reference));
  expect(ad).to.deep.equal(reference);
  expect(ad.id).to.equal(doc.id);
  expect(ad.date).to.equal(doc.date);
}

describe('hashAndDoc: the change hash and the document of before', () => {
  it('gives the mapped ads of the fixtures and of the generated feed the hash, document and ad of before', async () => {
    const mapped = await fixtureAndGeneratedAds(500);
    expect(mapped.length).to.be.greaterThan(500);
    let i = 0;
    for (const { ad, dateGiven } of mapped) {
      // As the import calls it (the import's time for a missing date), and with other dates, ids, expiries.
      const variants = [
        { id: `id${i}`, date: ad.date, expired: false },
        { id: `"q\\${i}`, date: ad.date + 1, expired: true },
        { id: 'x', date: 1.5, expired: i % 2 === 0 },
      ];
      for (const doc of variants)
        for (const given of [dateGiven, !dateGiven]) expectSame(structuredClone(ad), given, doc);
      i++;
    }
  });

  it('gives random ads, and ads not shaped as the mapping shapes them, the hash, document and ad of before', () => {
    const random = seededRandom(48);
    const pool = ['Piso', '"quoted"', '","date":1,"location":{', '\\', 'ñ', '日本', '😀', '\n', '</p>', ''];
    const pick = (): string => pool[Math.floor(random() * pool.length)] as string;
    const phrase = (): string => Array.from({ length: Math.floor(random() * 8) }, pick).join(' ');
    for (let i = 0; i < 3000; i++) {
      const ad: AdInput = {
        country: 'es',
        vertical: 'homes',
        sourceId: 1 + (i % 5),
        partnerAdId: phrase(),
        url: `https://example.com/${phrase()}`,
        title: phrase(),
        description: phrase(),
        date: 1_700_000_000 + i,
        location: random() < 0.5 ? { city: phrase(), cityId: i } : {},
        images: random() < 0.5 ? [] : [phrase()],
        currency: 'EUR',
        ...(random() < 0.7 ? { price: { value: 1000 + i } } : {}),
        ...(random() < 0.3 ? { expiresAt: 1_800_000_000 } : {}),
        ...(random() < 0.3 ? { feedAttributes: { date: phrase(), location: phrase() } } : {}),
      };
      let shaped: AdInput = ad;
      const shape = i % 5;
      // The id or expiry already set, the date elsewhere, or the location elsewhere: the general way.
      if (shape === 1) shaped = { id: phrase(), ...ad };
      if (shape === 2) shaped = { ...ad, expired: false };
      if (shape === 3) {
        const { date, ...rest } = ad;
        shaped = { ...rest, date };
      }
      if (shape === 4) {
        const { location, ...rest } = ad;
        shaped = { ...rest, location };
      }
      const doc = { id: phrase(), date: random() < 0.5 ? ad.date : 1_800_000_000, expired: random() < 0.3 };
      expectSame(shaped, random() < 0.5, doc);
    }
  });
});
