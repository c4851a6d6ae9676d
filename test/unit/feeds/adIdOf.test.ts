import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { adIdOf } from '../../../src/services/search/siteKeys';
import type { SiteKey } from '../../../src/services/search/types';
import { seededRandom } from '../../../src/shared/seededRandom';

/** The ad id as it was computed before the one-call hash (stored ids must never change). */
function adIdBefore(site: SiteKey, sourceId: number, partnerAdId: string): string {
  return createHash('sha1')
    .update(`${site.country}|${site.vertical}|${sourceId}|${partnerAdId}`)
    .digest('base64url')
    .slice(0, 16);
}

describe('adIdOf: one crypto.hash call', () => {
  const sites: SiteKey[] = [
    { country: 'es', vertical: 'homes' },
    { country: 'uk', vertical: 'cars' },
    { country: 'fr', vertical: 'jobs' },
  ];

  it('gives the ids of the Hash object it replaced, on real and random partner ids', () => {
    const random = seededRandom(46);
    const chars = 'abcXYZ019-_/|.: áñü日本😀\u0000\ud800';
    const ids = ['JL1', 'AD-000001', '12345', '', 'id with spaces', 'Ñandú/7'];
    for (let i = 0; i < 2000; i++) {
      let id = '';
      const length = Math.floor(random() * 40);
      for (let j = 0; j < length; j++) id += chars[Math.floor(random() * chars.length)];
      ids.push(id);
    }
    for (const site of sites)
      for (const sourceId of [1, 501, 2 ** 31])
        for (const id of ids) expect(adIdOf(site, sourceId, id)).to.equal(adIdBefore(site, sourceId, id));
  });

  it('is 16 URL-safe characters', () => {
    expect(adIdOf(sites[0]!, 1, 'JL1')).to.match(/^[A-Za-z0-9_-]{16}$/);
  });
});
