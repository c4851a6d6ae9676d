import { expect } from 'chai';
import { createIntl } from 'react-intl';
import { runSaga, stdChannel, type Saga } from 'redux-saga';
import sinon from 'sinon';
import { resolveSite } from '../../config/sites';
import { createRoutes } from '../../src/routes/routeTable';
import { clickAttributes, onAdClicked, onClickout, REDIRECT_COUNT_KEY } from '../../src/sagas/clickoutSaga';
import { watchClickoutsAfterFirstLoad } from '../../src/sagas/rootSaga';
import { clickBody } from '../../src/services/clickout/clickSchema';
import { ATTRIBUTES } from '../../src/services/tracking/trackingDocuments';
import { trackingCommon, watchTracking } from '../../src/sagas/trackingSaga';
import { createLocalStore } from '../../src/client/localStore';
import { ApiClickoutError } from '../../src/shared/api/errors';
import type { Ad } from '../../src/shared/domain/ad';
import { messagesFor } from '../../src/shared/i18n/messages';
import type { LocalStore } from '../../src/shared/localStore';
import { AD_CLICKED, CLICKOUT_REQUESTED, clickoutReducer } from '../../src/state/clickout';
import { firstLoadDone, navigate } from '../../src/state/page';
import { initialRootState, type RootState } from '../../src/state/store';
import { adSeen, impressionsFlushed } from '../../src/state/tracking';

const site = resolveSite('homes.uk.localhost', '/')!;
const state = (redirectCount = 0): RootState => {
  const s = initialRootState(
    {
      site,
      device: 'mobile',
      isBot: false,
      clientId: 'pwa-mobile',
      installationId: 'iid-1',
      origin: 'https://homes.trawl.co.uk',
      publicApiBase: '/api',
      publicSearchBase: '/api/sites/uk/homes',
      cookiesEnabled: true,
    },
    { locale: 'en-GB', messages: messagesFor('en') },
    { pageViewId: 'pv-1', origin: 2 },
  );
  return { ...s, clickout: { ...s.clickout, redirectCount } };
};

const ad = (hasAdpageForm = false): Ad =>
  ({
    type: 'ads',
    id: 'ad-1',
    attributes: {
      title: 'Flat',
      section_id: 1,
      section_type_id: 1,
      position: 3,
      location: { city: 'Leeds' },
      source: { id: 7, name: 'Partner', ad: { hasAdpageForm } },
    },
  }) as unknown as Ad;

class MemoryStore implements LocalStore {
  data = new Map<string, unknown>();
  async get<T>(key: string) {
    return (this.data.get(key) as T) ?? null;
  }
  async set<T>(key: string, value: T) {
    this.data.set(key, value);
  }
}

function context(overrides: Record<string, unknown> = {}) {
  return {
    api: {},
    intl: createIntl({ locale: 'en-GB', messages: messagesFor('en') }),
    routes: createRoutes(),
    local: new MemoryStore(),
    report: sinon.spy(),
    browser: {
      assign: sinon.spy(),
      navigate: sinon.spy(),
      scrollY: () => 420,
      randomId: () => 'pv-2',
      pushDataLayer: sinon.spy(),
      now: () => 0,
    },
    ...overrides,
  };
}

async function run(saga: Saga, ctx: ReturnType<typeof context>, getState: () => RootState, ...args: unknown[]) {
  const dispatched: Array<{ type: string } & Record<string, unknown>> = [];
  await runSaga(
    { dispatch: (a: { type: string }) => dispatched.push(a as never), getState, context: ctx },
    saga,
    ...args,
  ).toPromise();
  return dispatched;
}

const click = (hasForm = false) => ({
  ad: ad(hasForm),
  sectionId: 1,
  sectionTypeId: 1,
  position: 3,
  href: '/out/ad-1',
});

describe('the ad click flow', () => {
  it('handles click-outs made before the flow came as any other: from the stored count, the latest one only', async () => {
    const local = new MemoryStore();
    await local.set(REDIRECT_COUNT_KEY, 5);
    // Local storage answers a little later, as it does while it opens.
    const get = local.get.bind(local);
    local.get = async <T>(key: string) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return get<T>(key);
    };
    const clickout = sinon.spy(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { meta: { destination: { type: 1, url: 'https://partner.example/ad-1' } } };
    });
    const ctx = context({ local, api: { clickout: { click: clickout } } });
    const channel = stdChannel();
    let current = state();
    current = { ...current, page: { ...current.page, firstLoadDone: true } };
    const task = runSaga(
      {
        channel,
        dispatch: (a: { type: string }) => {
          current = { ...current, clickout: clickoutReducer(current.clickout, a as never) };
          channel.put(a as never);
        },
        getState: () => current,
        context: ctx,
      },
      watchClickoutsAfterFirstLoad,
    );
    channel.put({ type: CLICKOUT_REQUESTED, ...click() } as never);
    channel.put({ type: CLICKOUT_REQUESTED, ...click() } as never);
    for (let i = 0; i < 200 && !ctx.browser.assign.called; i++) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 50));
    task.cancel();
    expect(ctx.browser.assign.callCount).to.equal(1);
    expect(local.data.get(REDIRECT_COUNT_KEY)).to.equal(6);
  });

  it('comes once the first page is up, and handles then a click made before, and every one after', async () => {
    const ctx = context();
    const channel = stdChannel();
    let current = state();
    const task = runSaga(
      {
        channel,
        dispatch: (a: { type: string }) => channel.put(a as never),
        getState: () => current,
        context: ctx,
      },
      watchClickoutsAfterFirstLoad,
    );
    const early = { type: AD_CLICKED, ...click(true), sectionId: 190, href: '/ad/ad-1' };
    channel.put(early as never);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Not before the first page is up: its code is not even loaded.
    expect(ctx.browser.navigate.called).to.equal(false);
    current = { ...current, page: { ...current.page, firstLoadDone: true } };
    channel.put(firstLoadDone() as never);
    for (let i = 0; i < 200 && !ctx.browser.navigate.called; i++) await new Promise((r) => setTimeout(r, 10));
    expect(ctx.browser.navigate.calledOnceWith('/ad/ad-1')).to.equal(true);
    channel.put({ ...early, href: '/ad/ad-2' } as never);
    for (let i = 0; i < 200 && ctx.browser.navigate.callCount < 2; i++) await new Promise((r) => setTimeout(r, 10));
    expect(ctx.browser.navigate.secondCall.args).to.deep.equal(['/ad/ad-2']);
    // Each click handled once: the early one is not taken again by the watcher.
    expect(ctx.browser.navigate.callCount).to.equal(2);
    task.cancel();
  });

  it('opens the intermediate popup on the first visit to an ad in a section not excluded', async () => {
    const relatedAds = sinon.stub().resolves({ data: [ad(), ad()] });
    const ctx = context({ api: { search: { relatedAds } } });
    const out = await run(onAdClicked, ctx, () => state(), { type: AD_CLICKED, ...click() });
    expect(out.map((a) => a.type)).to.deep.equal(['clickout/relatedModalOpened', 'clickout/relatedModalLoaded']);
    expect(ctx.browser.assign.called).to.equal(false);
  });

  it("asks the popup's related ads as the ad call does, as the device the server detected (a desktop is the desktop client)", async () => {
    const relatedAds = sinon.stub().resolves({ data: [ad()] });
    const ctx = context({ api: { search: { relatedAds } } });
    await run(onAdClicked, ctx, () => state(), { type: AD_CLICKED, ...click() });
    // As the ad call's (spec §7: "as the ad call plus what and where"): the tracking fields too.
    expect(relatedAds.firstCall.args[1]).to.include({
      device: 'mobile',
      clientId: 'pwa-mobile',
      countryCode: 'uk',
      originId: 2,
      'redirect[cookieId]': 'iid-1',
      'redirect[pageViewId]': 'pv-1',
      what: 'Flat',
      where: 'Leeds',
    });
    const s = state();
    const desktop = { ...s, app: { ...s.app, device: 'desktop' as const, clientId: 'pwa-desktop' } };
    const ctx2 = context({ api: { search: { relatedAds } } });
    await run(onAdClicked, ctx2, () => desktop, { type: AD_CLICKED, ...click() });
    expect(relatedAds.secondCall.args[1]).to.include({ device: 'desktop', clientId: 'pwa-desktop' });
  });

  it('goes straight on after the first visit, saving the scroll position first', async () => {
    const ctx = context();
    await ctx.local.set('adVisits:1', { 'ad-1': 1 });
    const s = state();
    const onResults = { ...s, page: { ...s.page, location: { pathname: '/search/flat', search: '?page=2' } } };
    const out = await run(onAdClicked, ctx, () => onResults, { type: AD_CLICKED, ...click() });
    expect(out.map((a) => a.type)).to.deep.equal([CLICKOUT_REQUESTED]);
    // The page left, not the ad's link: where Back returns.
    expect(ctx.local.data.get('latestScrollPosition')).to.deep.equal({ url: '/search/flat?page=2', y: 420 });
  });

  it('never opens the popup for related-ads sections, and navigates to the ad page when the source takes contact', async () => {
    const ctx = context();
    const out = await run(onAdClicked, ctx, () => state(), {
      type: AD_CLICKED,
      ...click(true),
      sectionId: 190,
      href: '/ad/ad-1',
    });
    expect(out).to.deep.equal([]);
    expect(ctx.browser.navigate.calledOnceWith('/ad/ad-1')).to.equal(true);
  });

  it('records each click on a listed ad for tracking: a click-in to our ad page, another out; none without consent', async () => {
    const send = sinon.stub().resolves();
    const ctx = context({ api: { tracking: { send }, search: { relatedAds: sinon.stub().resolves({ data: [] }) } } });
    await ctx.local.set('adVisits:1', { 'ad-1': 1 });
    await run(onAdClicked, ctx, () => state(), { type: AD_CLICKED, ...click(true), href: '/ad/ad-1' });
    await run(onAdClicked, ctx, () => state(), { type: AD_CLICKED, ...click(false) });
    expect(send.args.map((a) => a[0])).to.deep.equal(['/listing/clicks', '/listing/clicks']);
    const [clickIn, out] = send.args.map((a) => (a[1] as { type: string; attributes: Record<string, unknown> }[])[0]!);
    expect(clickIn!.type).to.equal('ad-clicks');
    expect(clickIn!.attributes).to.deep.include({
      click_type_id: 2,
      ad: { id: 'ad-1', source_id: 7, position: 3 },
      section: { id: 1, type_id: 1 },
    });
    expect(out!.attributes.click_type_id).to.equal(3);
    expect(send.args[0]![2]).to.deep.equal({ keepalive: true });
    // The tracking service takes the document as sent.
    expect(ATTRIBUTES['ad-clicks'].safeParse(clickIn!.attributes).success).to.equal(true);
    // Where the country asks first, a click before the answer (or after a no) is not tracked.
    const s = state();
    const pending = { ...s, consent: { ...s.consent, required: true, status: 'pending' as const } };
    await run(onAdClicked, ctx, () => pending, { type: AD_CLICKED, ...click(true), href: '/ad/ad-1' });
    expect(send.callCount).to.equal(2);
  });

  it('records the click, then saves the raised count, then leaves for the stored URL', async () => {
    const calls: string[] = [];
    const local = new MemoryStore();
    const set = local.set.bind(local);
    local.set = async (key, value) => {
      calls.push(`set ${key}=${String(value)}`);
      await set(key, value);
    };
    const clickApi = sinon.stub().callsFake(async () => {
      calls.push('click');
      return { meta: { destination: { type: 1, url: 'https://partner.example/ad/1' } } };
    });
    const ctx = context({ api: { clickout: { click: clickApi } }, local });
    ctx.browser.assign = sinon.spy((url: string) => calls.push(`assign ${url}`)) as never;
    const out = await run(onClickout, ctx, () => state(1), { type: CLICKOUT_REQUESTED, ...click() });
    expect(calls).to.deep.equal(['click', `set ${REDIRECT_COUNT_KEY}=2`, 'assign https://partner.example/ad/1']);
    expect(out.filter((a) => a.type === 'clickout/redirectStarted').map((a) => a.count)).to.deep.equal([1, 2]);
  });

  it('sends the redirect flow 1530540436 option B while the count is below 3, and not after', () => {
    expect(clickAttributes(state(), click(), 2).ab_test).to.deep.include({ id: 1530540436, option: 'B' });
    expect(clickAttributes(state(), click(), 3).ab_test).to.equal(undefined);
    const attributes = clickAttributes(state(), click(), 0);
    expect(attributes).to.deep.include({ ad: { id: 'ad-1', position: 3 }, section: { id: 1, type_id: 1 } });
    expect(attributes.site).to.deep.equal({ country_code: 'uk', vertical_name: 'homes' });
    expect(attributes.user).to.deep.include({ cookie_id: 'iid-1', origin_id: 2 });
  });

  it('sends a body the click-out and tracking services accept, from any results URL, with the device where it is read', () => {
    for (const [page, expected] of [
      [0, 1],
      [2.5, 2],
      ['x', 1],
      [3, 3],
    ] as const) {
      const s = state();
      const onPage = { ...s, page: { ...s.page, params: { ...s.page.params, page } } };
      const parsed = clickBody.safeParse({ data: { type: 'clicks', attributes: clickAttributes(onPage, click(), 3) } });
      expect(parsed.success, `page=${page}: ${parsed.error?.message}`).to.equal(true);
      expect(parsed.data?.data.attributes.search?.page_number, `page=${page}`).to.equal(expected);
      expect(parsed.data?.data.attributes.device).to.equal('mobile');
      const tracked = ATTRIBUTES.page_views.safeParse(trackingCommon(onPage));
      expect(tracked.success, `tracking, page=${page}: ${tracked.error?.message}`).to.equal(true);
      for (const [type, event] of [
        ['browser-permissions', 'custom_allow'],
        ['browser-permissions', 'auto_disallow'],
        ['email-events', 'unsubscribed_search'],
      ] as const)
        expect(ATTRIBUTES[type].safeParse({ ...trackingCommon(onPage), event }).success, event).to.equal(true);
    }
  });

  it('turns an expired ad into its ad page instead of a broken redirect', async () => {
    const ctx = context({
      api: { clickout: { click: sinon.stub().rejects(new ApiClickoutError('gone', 'AD_EXPIRED', 410)) } },
    });
    const out = await run(onClickout, ctx, () => state(), { type: CLICKOUT_REQUESTED, ...click() });
    expect(out.at(-1)).to.deep.equal({ type: 'clickout/expired', adId: 'ad-1' });
    expect(ctx.browser.navigate.calledOnceWith('/ad/ad-1')).to.equal(true);
    expect(ctx.browser.assign.called).to.equal(false);
  });
});

describe('the local store', () => {
  it('reads and writes nothing when cookies are disabled', async () => {
    const store = createLocalStore(() => false);
    await store.set('x', 1);
    expect(await store.get('x')).to.equal(null);
  });

  it('turns a storage failure into "Localforage error"', async () => {
    // Node has no IndexedDB or localStorage: localforage cannot open a driver here.
    const store = createLocalStore(() => true);
    let error: Error | undefined;
    try {
      await store.get('x');
    } catch (e) {
      error = e as Error;
    }
    expect(error?.message).to.equal('Localforage error');
  });
});

describe('tracking', () => {
  it('sends ad impressions in batches of 15, and none after a back navigation', async () => {
    const send = sinon.stub().resolves();
    const ctx = context({ api: { tracking: { send } } });
    let current = state();
    const channel = stdChannel();
    const task = runSaga(
      {
        channel,
        dispatch: (a: { type: string; enabled?: boolean }) => {
          if (a.type === 'tracking/impressionsSwitched')
            current = { ...current, tracking: { ...current.tracking, impressionsEnabled: a.enabled! } };
          channel.put(a as never);
        },
        getState: () => current,
        context: ctx,
      },
      watchTracking,
    );
    await new Promise((r) => setImmediate(r));
    expect(send.firstCall.args[0]).to.equal('/page/views');
    for (let i = 0; i < 16; i++)
      channel.put(adSeen({ id: `a${i}`, sourceId: 1, position: i + 1, sectionId: 1, sectionTypeId: 1 }));
    await new Promise((r) => setImmediate(r));
    const impressions = send.getCalls().filter((c) => c.args[0] === '/listing/impressions');
    expect(impressions).to.have.length(1);
    expect((impressions[0]!.args[1] as Array<{ attributes: { ads: unknown[] } }>)[0]!.attributes.ads).to.have.length(
      15,
    );
    channel.put(navigate('/search/x', '', 'POP'));
    for (let i = 0; i < 20; i++)
      channel.put(adSeen({ id: `b${i}`, sourceId: 1, position: i + 1, sectionId: 1, sectionTypeId: 1 }));
    await new Promise((r) => setImmediate(r));
    expect(send.getCalls().filter((c) => c.args[0] === '/listing/impressions')).to.have.length(1);
    task.cancel();
  });

  it('keeps the ads seen while the page view is being sent, and sends them when the page is left', async () => {
    let answer: () => void = () => undefined;
    const send = sinon
      .stub()
      .callsFake((path: string) =>
        path === '/page/views' ? new Promise<void>((resolve) => (answer = resolve)) : Promise.resolve(),
      );
    const ctx = context({ api: { tracking: { send } } });
    const channel = stdChannel();
    const task = runSaga(
      { channel, dispatch: (a: { type: string }) => channel.put(a as never), getState: () => state(), context: ctx },
      watchTracking,
    );
    await new Promise((r) => setImmediate(r));
    expect(send.firstCall.args[0]).to.equal('/page/views');
    // The page view is still in flight when the first cards come into view.
    for (let i = 0; i < 4; i++)
      channel.put(adSeen({ id: `a${i}`, sourceId: 1, position: i + 1, sectionId: 1, sectionTypeId: 1 }));
    answer();
    await new Promise((r) => setImmediate(r));
    channel.put(impressionsFlushed());
    await new Promise((r) => setImmediate(r));
    const impressions = send.getCalls().filter((c) => c.args[0] === '/listing/impressions');
    expect(impressions).to.have.length(1);
    const sent = (impressions[0]!.args[1] as Array<{ attributes: { ads: Array<{ id: string }> } }>)[0]!.attributes.ads;
    expect(sent.map((a) => a.id)).to.deep.equal(['a0', 'a1', 'a2', 'a3']);
    task.cancel();
  });
});
