import { expect } from 'chai';
import { runSaga } from 'redux-saga';
import { sendApply } from '../../src/sagas/applySaga';
import { leadBody } from '../../src/services/sources/leadSchema';
import type { HttpClient } from '../../src/shared/api/http';
import { createSourcesApi } from '../../src/shared/api/sourcesApi';
import type { Ad } from '../../src/shared/domain/ad';
import { adLoaded, applySent } from '../../src/state/adPage';
import { rootReducer, type RootState } from '../../src/state/store';
import { stateOn } from './alerts/support';

describe('the apply form', () => {
  it('sends a lead the sources service takes, with the ad where its contract names it', async () => {
    const ad = {
      type: 'ads',
      id: 'ad-1',
      attributes: {
        title: 'Garden flat in Leeds',
        url: '/partner/7/ads/ad-1',
        source: {
          id: 7,
          name: 'Partner',
          ad: { id: 'p-1', url: 'https://partner.test/1', contactEmail: 'p@partner.test' },
        },
      },
    } as unknown as Ad;
    const state = rootReducer(
      stateOn('homes.uk.localhost', 'adpage') as never,
      adLoaded(ad) as never,
    ) as unknown as RootState;
    const sent: unknown[] = [];
    const http: HttpClient = {
      request: async <T>(_name: string, _url: string, options: { body?: unknown }) => {
        sent.push(options.body);
        return { data: { id: 'lead-1' } } as T;
      },
    };
    await runSaga(
      {
        dispatch: () => undefined,
        getState: () => state,
        context: { api: { sources: createSourcesApi(http, '/api') } },
      },
      sendApply,
      applySent('ad-1', { name: 'Ann', email: 'ann@example.org', message: 'Is it still free?' }) as Parameters<
        typeof sendApply
      >[0],
    ).toPromise();
    expect(sent).to.have.length(1);
    const parsed = leadBody.safeParse(sent[0]);
    expect(parsed.success, parsed.error?.message).to.equal(true);
    expect(parsed.data?.data.attributes.ad).to.deep.equal({
      title: 'Garden flat in Leeds',
      url: '/partner/7/ads/ad-1',
    });
    expect(parsed.data?.data.attributes.sourceAd).to.include({ id: 'p-1', sourceId: 7 });
  });
});
