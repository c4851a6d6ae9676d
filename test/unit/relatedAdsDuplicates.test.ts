import { expect } from 'chai';
import type { AdInput } from '../../src/services/search/types';
import { adsOf, getChecked, searchApp, type SearchApp } from '../integration/search/searchApp';

/** A London flat to rent, from a partner, at a price. */
const flat = (id: string, sourceId: number, price: number, extra: Partial<AdInput> = {}): AdInput => ({
  id,
  country: 'uk',
  vertical: 'homes',
  sourceId,
  partnerAdId: id,
  url: `/partner/${sourceId}/ads/${id}`,
  title: `Bright two bedroom flat ${id} in London`,
  description: `A bright two bedroom flat (${id}) close to the station and the park.`,
  date: 1_748_000_000 - price,
  location: { city: 'London' },
  images: [],
  currency: 'GBP',
  price: { value: price },
  typeId: 2,
  homes: { propertyType: 'flat', rooms: 2 },
  ...extra,
});

/**
 * The related ads of an ad (the first-visit popup's and the ad page's), through the search API:
 * the same flat published by two partners (one duplicate group, decision 041) is one related ad.
 */
describe('related ads: one ad per duplicate group', function () {
  this.timeout(30_000);
  let s: SearchApp;

  before(async () => {
    s = await searchApp([]);
    await s.service.store.writeAds([
      // The ad clicked, and its own copy at another partner (listed first, as its duplicate).
      flat('clicked', 1, 1000, { duplicateGroup: 501 }),
      flat('clicked-copy', 2, 1000, { duplicateGroup: 501 }),
      // Another flat at two partners: the closest in price, so first among the similar ads.
      flat('twin-a', 1, 1001, { duplicateGroup: 502 }),
      flat('twin-b', 3, 1002, { duplicateGroup: 502 }),
      // A third one at three partners.
      flat('triple-a', 1, 1003, { duplicateGroup: 503 }),
      flat('triple-b', 2, 1004, { duplicateGroup: 503 }),
      flat('triple-c', 3, 1005, { duplicateGroup: 503 }),
      // Flats at one partner each.
      ...[1100, 1200, 1300, 1400, 1500].map((price, i) => flat(`single-${i}`, 1 + (i % 3), price)),
    ]);
  });
  after(() => s.close());

  for (const device of ['mobile', 'desktop']) {
    it(`lists 6 distinct ads, never two copies of one flat (${device})`, async () => {
      const body = await getChecked(
        s.app,
        `/api/sites/uk/homes/ad/clicked/related?what=flat&where=London&device=${device}`,
        '/sites/{country}/{vertical}/ad/{id}/related',
      );
      const ads = adsOf(body);
      const ids = ads.map((a) => a.id);
      expect(ids).to.have.length(6);
      expect(ids[0]).to.equal('clicked-copy');
      expect(ads[0]?.attributes.section_id).to.equal(device === 'desktop' ? 157 : 149);
      const similar = ads.filter((a) => a.attributes.section_id === 190).map((a) => a.id);
      expect(similar).to.have.length(5);
      expect(ids).to.not.include('clicked');
      // One copy of each group, the closest in price first.
      expect(similar.filter((id) => id.startsWith('twin-'))).to.deep.equal(['twin-a']);
      expect(similar.filter((id) => id.startsWith('triple-'))).to.deep.equal(['triple-a']);
      const groups = await Promise.all(similar.map(async (id) => (await s.service.store.getAd(id))?.duplicateGroup));
      const grouped = groups.filter((g) => g !== undefined);
      expect(new Set(grouped).size).to.equal(grouped.length);
      expect(new Set(ids).size).to.equal(6);
    });
  }
});
