import { expect } from 'chai';
import type { Ad, SearchMeta } from '../../src/shared/domain/ad';
import { adLoaded, relatedLoaded } from '../../src/state/adPage';
import { featuredAdSucceeded } from '../../src/state/featuredAd';
import { pageLoaded } from '../../src/state/page';
import { NULL_PAYLOAD_MESSAGE } from '../../src/state/payload';
import { searchSucceeded, suggestionsLoaded } from '../../src/state/search';
import { seoLinksLoaded } from '../../src/state/seo';

describe('dispatch helpers given no data (spec §8)', () => {
  const creators: Record<string, (data: never) => { type: string }> = {
    adLoaded,
    relatedLoaded,
    featuredAdSucceeded,
    pageLoaded,
    suggestionsLoaded,
    seoLinksLoaded,
    'searchSucceeded (ads)': (data) => searchSucceeded(data, {} as SearchMeta),
    'searchSucceeded (meta)': (data) => searchSucceeded([], data),
  };

  it(`fail at once with "${NULL_PAYLOAD_MESSAGE}"`, () => {
    expect(NULL_PAYLOAD_MESSAGE).to.equal('Specified data cant be null or undefined');
    for (const [name, create] of Object.entries(creators)) {
      for (const nothing of [null, undefined])
        expect(() => create(nothing as never), `${name}(${nothing})`).to.throw(TypeError, NULL_PAYLOAD_MESSAGE);
    }
  });

  it('pass data through, empty lists included', () => {
    const ad = { type: 'ads', id: 'a1', attributes: {} } as unknown as Ad;
    expect(adLoaded(ad)).to.deep.equal({ type: 'adPage/loaded', ad });
    expect(relatedLoaded([])).to.deep.include({ ads: [] });
    expect(seoLinksLoaded([])).to.deep.include({ links: [] });
  });
});
