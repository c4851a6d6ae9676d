import { expect } from 'chai';
import { createIntl } from 'react-intl';
import { runSaga, type Saga } from 'redux-saga';
import sinon from 'sinon';
import { resolveSite } from '../../config/sites';
import { createRoutes } from '../../src/routes/routeTable';
import { fetchAutocomplete } from '../../src/sagas/autocompleteSaga';
import { loadPage } from '../../src/sagas/pageSaga';
import { ApiSearchError } from '../../src/shared/api/errors';
import { LISTING_AD_FIELDS, PAGE_KEYWORD_FIELDS, type Ad } from '../../src/shared/domain/ad';
import { clientIdFor } from '../../src/shared/domain/constants';
import type { Device } from '../../src/shared/routing/RouteRegistry';
import { en } from '../../src/shared/i18n/locales/en';
import { NO_LOCAL_STORE } from '../../src/shared/localStore';
import { autocompleteRequested } from '../../src/state/autocomplete';
import { initialRootState, type RootState } from '../../src/state/store';
import { messagesFor } from '../../src/shared/i18n/messages';

function stateFor(host: string, device: Device = 'mobile'): RootState {
  const site = resolveSite(host, '/')!;
  return initialRootState(
    {
      site,
      device,
      isBot: false,
      clientId: clientIdFor(device),
      installationId: '00000000-0000-0000-0000-000000000000',
      origin: 'https://example.test',
      publicApiBase: '/api',
      publicSearchBase: '/api/sites/uk/homes',
      cookiesEnabled: true,
    },
    { locale: 'en-GB', messages: messagesFor('en') },
  );
}

async function run<T>(saga: Saga, state: RootState, api: unknown, ...args: unknown[]) {
  const dispatched: Array<{ type: string } & Record<string, unknown>> = [];
  const result = (await runSaga(
    {
      dispatch: (action: { type: string }) => dispatched.push(action as { type: string }),
      getState: () => state,
      context: {
        api,
        intl: createIntl({ locale: 'en-GB', messages: en }),
        routes: createRoutes(),
        browser: { setCookie: sinon.spy(), pushDataLayer: sinon.spy(), randomId: () => 'pv', now: () => 0 },
        local: NO_LOCAL_STORE,
        report: sinon.spy(),
      },
    },
    saga,
    ...args,
  ).toPromise()) as T;
  return { result, dispatched };
}

describe('page load sagas', () => {
  it('runs a results page search with the spec parameters and returns 200 with a canonical link', async () => {
    const search = sinon.stub().resolves({
      data: [],
      meta: { title: 'Flats in Leeds', totalCount: 3, totalPremiumCount: 0, pagination: { page: 2, maxPage: 2 } },
    });
    const { result, dispatched } = await run<{ status: number; head: { canonical: string; title: string } }>(
      loadPage,
      stateFor('homes.uk.localhost'),
      { search: { search, suggestions: sinon.stub() } },
      '/search/flat/in/leeds',
      '?page=2&price_min=0&price_max=900&sort=price&type_id=2',
    );
    expect(result.status).to.equal(200);
    expect(result.head.title).to.equal('Flats in Leeds – Page 2 | Trawl');
    expect(result.head.canonical).to.equal('https://example.test/search/flat/in/leeds?type_id=2&page=2');
    const [path, query] = search.firstCall.args as [string, Record<string, unknown>];
    expect(path).to.equal('search/m');
    expect(query).to.include({
      what: 'flat',
      where: 'leeds',
      dealTypeId: 2,
      'page[number]': 2,
      countryCode: 'uk',
      device: 'mobile',
      clientId: 'pwa-mobile',
      sort: 'price',
      'filters[priceMax]': 900,
      // Only what the page keeps of each ad and of the keyword object.
      'fields[ads]': LISTING_AD_FIELDS,
      'fields[keyword]': PAGE_KEYWORD_FIELDS,
    });
    expect(query).not.to.have.property('filters[priceMin]');
    expect(dispatched.map((a) => a.type)).to.include.members(['search/started', 'search/succeeded', 'page/loaded']);
  });

  it('turns zero results into a 404 no-results page and fetches suggestions', async () => {
    const search = sinon
      .stub()
      .rejects(new ApiSearchError('NO_RESULTS - No results for this query', 404, 404, 'NO_RESULTS'));
    const suggestions = sinon
      .stub()
      .resolves({ data: [{ attributes: { prefix: 'Flats in', name: 'York', total: 4, query: {} } }] });
    const { result, dispatched } = await run<{ status: number }>(
      loadPage,
      stateFor('homes.uk.localhost'),
      { search: { search, suggestions } },
      '/search/zzz',
      '',
    );
    expect(result.status).to.equal(404);
    expect(suggestions.calledOnce).to.equal(true);
    expect(dispatched.find((a) => a.type === 'search/failed')).to.deep.include({
      error: { code: 404, status: 404, message: 'NO_RESULTS - No results for this query', reason: 'NO_RESULTS' },
    });
    expect(dispatched.find((a) => a.type === 'search/suggestionsLoaded'))
      .to.have.property('suggestions')
      .with.length(1);
  });

  it('passes the suggester a search came from (sug) on to the search service, and leaves it out otherwise', async () => {
    const search = sinon
      .stub()
      .resolves({ data: [], meta: { totalCount: 1, totalPremiumCount: 0, pagination: { page: 1, maxPage: 1 } } });
    await run(loadPage, stateFor('homes.uk.localhost'), { search: { search } }, '/search', '?what_d=flat&sug=places');
    expect(search.firstCall.args[1]).to.include({ what: 'flat', 'redirect[suggester]': 'places' });
    await run(loadPage, stateFor('homes.uk.localhost'), { search: { search } }, '/search/flat', '');
    expect(search.secondCall.args[1]['redirect[suggester]']).to.equal(undefined);
  });

  it('sends jobs searches without a where', async () => {
    const search = sinon
      .stub()
      .resolves({ data: [], meta: { totalCount: 1, totalPremiumCount: 0, pagination: { page: 1, maxPage: 1 } } });
    await run(loadPage, stateFor('jobs.uk.localhost'), { search: { search } }, '/search/nurse/in/leeds', '');
    expect(search.firstCall.args[1]).to.include({ what: 'nurse' });
    expect(search.firstCall.args[1].where).to.equal(undefined);
  });

  it('loads the landing ads for a paid-search URL and the retention ads with boost_ads_since', async () => {
    const search = sinon
      .stub()
      .resolves({ data: [], meta: { totalCount: 1, totalPremiumCount: 0, pagination: { page: 1, maxPage: 1 } } });
    await run(loadPage, stateFor('homes.uk.localhost'), { search: { search } }, '/search/flat', '?sem=1');
    await run(
      loadPage,
      stateFor('homes.uk.localhost'),
      { search: { search } },
      '/search/flat',
      '?boost_ads_since=2026-11-01',
    );
    expect(search.firstCall.args[0]).to.equal('landing');
    expect(search.secondCall.args[0]).to.equal('retention');
    expect(search.secondCall.args[1]).to.include({ boostAdsSince: '2026-11-01' });
  });

  // A desktop visitor's page is the desktop client's (service-calls spec §7): the tester saw pwa-mobile with device=desktop.
  for (const [device, clientId] of [
    ['mobile', 'pwa-mobile'],
    ['tablet', 'pwa-mobile'],
    ['desktop', 'pwa-desktop'],
  ] as const) {
    it(`sends the ad, related-ads and search calls as the ${clientId} client on ${device}`, async () => {
      const adDoc = {
        data: {
          type: 'ads',
          id: 'ad-1',
          attributes: {
            title: 'Flat in Leeds',
            description: 'A flat.',
            date: '2026-01-01',
            location: { city: 'Leeds' },
            source: { name: 'Partner' },
            vertical_properties: { images: [] },
          },
        } as unknown as Ad,
      };
      const ad = sinon.stub().resolves(adDoc);
      const relatedAds = sinon.stub().resolves({ data: [] });
      const search = sinon
        .stub()
        .resolves({ data: [], meta: { totalCount: 1, totalPremiumCount: 0, pagination: { page: 1, maxPage: 1 } } });
      const state = stateFor('homes.uk.localhost', device);
      const { result } = await run<{ status: number }>(loadPage, state, { search: { ad, relatedAds } }, '/ad/ad-1', '');
      expect(result.status).to.equal(200);
      expect(ad.firstCall.args[1]).to.include({ device, clientId });
      expect(relatedAds.firstCall.args[1]).to.include({ device, clientId, what: 'Flat in Leeds' });
      await run(loadPage, state, { search: { search } }, '/search/flat', '');
      expect(search.firstCall.args[1]).to.include({ device, clientId });
    });
  }

  it('answers 500 when a service fails for reasons of its own', async () => {
    const search = sinon.stub().rejects(new ApiSearchError('upstream down', 'NETWORK_ERROR', 502));
    const { result } = await run<{ status: number }>(
      loadPage,
      stateFor('homes.uk.localhost'),
      { search: { search } },
      '/search/flat',
      '',
    );
    expect(result.status).to.equal(500);
  });
});

describe('autocomplete', () => {
  it('asks only for non-empty text and never on jobs sites', async () => {
    const autocomplete = sinon.stub().resolves({ data: [{ attributes: { label: 'Leeds, England', value: 'Leeds' } }] });
    const api = { search: { autocomplete } };
    const homes = await run(
      fetchAutocomplete,
      stateFor('homes.uk.localhost'),
      api,
      autocompleteRequested('where', 'lee'),
    );
    expect(autocomplete.calledOnceWith('where', { term: 'lee', countryCode: 'uk' })).to.equal(true);
    expect(homes.dispatched[0]).to.deep.include({ items: [{ label: 'Leeds, England', value: 'Leeds' }] });
    await run(fetchAutocomplete, stateFor('homes.uk.localhost'), api, autocompleteRequested('where', '   '));
    await run(fetchAutocomplete, stateFor('jobs.uk.localhost'), api, autocompleteRequested('what', 'nur'));
    expect(autocomplete.callCount).to.equal(1);
  });
});
