import { expect } from 'chai';
import sinon from 'sinon';
import { adNetworkFor } from '../../../config/adSlots';
import { nonPersonalizedAds } from '../../../src/sagas/adSlotsFlow';
import { watchAdSlots } from '../../../src/sagas/adSlotsSaga';
import { adSlotDestroyed, adSlotRegistered, adSlotsStateFor } from '../../../src/state/adSlots';
import { appBannerDismissed, bannersReducer, bannersStateFor, isAppBannerVisible } from '../../../src/state/banners';
import { consentAnswered, initialConsentState } from '../../../src/state/consent';
import { pageLoaded, pageLoadStarted } from '../../../src/state/page';
import { chromeContext, chromeState, runWithStore } from './support';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** Until the slots' flow (a chunk loaded after the first page, `adSlotsFlow`) has shown the first slots. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !done(); i++) await tick();
  expect(done(), 'the ad slots flow started').to.equal(true);
}

function stubTag(ready: () => Promise<void> = () => Promise.resolve()) {
  return {
    ready: sinon.spy(ready),
    show: sinon.spy(),
    refresh: sinon.spy(),
    destroy: sinon.spy(),
    setNonPersonalized: sinon.spy(),
  };
}

function withNetwork(registered: string[] = []) {
  const state = chromeState();
  return {
    ...state,
    page: { ...state.page, firstLoadDone: true },
    consent: { ...initialConsentState, required: false },
    adSlots: { ...adSlotsStateFor(adNetworkFor('uk', { networkId: '1234' })), registered },
  };
}

describe('the ad slots saga', () => {
  it('does nothing on a site without a network', async () => {
    const adTag = stubTag();
    const saga = runWithStore(watchAdSlots, chromeState(), chromeContext({ adTag }));
    await saga.task.toPromise();
    expect(adTag.ready.called).to.equal(false);
  });

  it('shows registered slots once the tag is ready, refreshes those that stay on navigation, destroys those that leave', async () => {
    const adTag = stubTag();
    const saga = runWithStore(watchAdSlots, withNetwork(['serp-top', 'serp-bottom']), chromeContext({ adTag }));
    await until(() => adTag.show.called);
    expect(adTag.show.calledOnce).to.equal(true);
    expect(adTag.show.firstCall.args[0].map((s: { slotId: string }) => s.slotId)).to.deep.equal([
      'serp-top',
      'serp-bottom',
    ]);
    expect(adTag.show.firstCall.args[0][0].adUnit).to.equal('trawl/uk/homes/serp_top');
    expect(adTag.show.firstCall.args[2], 'personalised: no consent needed').to.equal(false);
    expect(saga.state().adSlots.displayed).to.deep.equal(['serp-top', 'serp-bottom']);

    saga.dispatch(pageLoadStarted('serp_search', {}, '/search/b', ''));
    saga.dispatch(adSlotDestroyed('serp-bottom'));
    saga.dispatch(pageLoaded({ status: 200, head: { title: 'b' } }));
    await tick();
    expect(adTag.destroy.calledOnceWith(['serp-bottom'])).to.equal(true);
    expect(adTag.refresh.calledOnceWith(['serp-top'])).to.equal(true);

    saga.dispatch(adSlotRegistered('adpage-bottom'));
    await tick();
    expect(adTag.show.secondCall.args[0].map((s: { slotId: string }) => s.slotId)).to.deep.equal(['adpage-bottom']);
    saga.task.cancel();
  });

  it('switches to non-personalised ads and refreshes when the visitor disagrees', async () => {
    const adTag = stubTag();
    const saga = runWithStore(watchAdSlots, withNetwork(['serp-top']), chromeContext({ adTag }));
    await until(() => adTag.show.called);
    saga.dispatch(consentAnswered(false));
    await tick();
    expect(adTag.setNonPersonalized.calledOnceWith(true)).to.equal(true);
    expect(adTag.refresh.calledOnceWith(['serp-top'])).to.equal(true);
    saga.task.cancel();
  });

  it('reports a failed tag load and carries on without ads', async () => {
    const adTag = stubTag(() => Promise.reject(new Error('The ad tag failed to load')));
    const context = chromeContext({ adTag });
    const saga = runWithStore(watchAdSlots, withNetwork(['serp-top']), context);
    await saga.task.toPromise();
    expect((context.report as sinon.SinonSpy).calledOnce).to.equal(true);
    expect(saga.state().adSlots.tagFailed).to.equal(true);
    expect(adTag.show.called).to.equal(false);
  });

  it('asks for non-personalised ads while a consent country has no answer', () => {
    expect(nonPersonalizedAds({ ...initialConsentState, required: true })).to.equal(true);
    expect(nonPersonalizedAds({ ...initialConsentState, required: true, status: 'granted' })).to.equal(false);
    expect(nonPersonalizedAds({ ...initialConsentState, personalizedAds: false })).to.equal(true);
  });
});

describe('the download-app banner state', () => {
  const phone = { device: 'mobile', isBot: false, cookies: {}, query: {} };

  it('shows on phones until dismissed (now or by its cookie), never on desktops or to bots', () => {
    expect(isAppBannerVisible(bannersStateFor(phone))).to.equal(true);
    expect(isAppBannerVisible(bannersStateFor({ ...phone, device: 'desktop' }))).to.equal(false);
    expect(isAppBannerVisible(bannersStateFor({ ...phone, isBot: true }))).to.equal(false);
    expect(isAppBannerVisible(bannersStateFor({ ...phone, cookies: { trawl_app_banner: '1' } }))).to.equal(false);
    expect(isAppBannerVisible(bannersReducer(bannersStateFor(phone), appBannerDismissed()))).to.equal(false);
  });

  it('hides on an alert landing, from the request or a later navigation', () => {
    expect(isAppBannerVisible(bannersStateFor({ ...phone, query: { alertLanding: '1' } }))).to.equal(false);
    const navigated = bannersReducer(
      bannersStateFor(phone),
      pageLoadStarted('serp_search', { alertLanding: 1 }, '/', ''),
    );
    expect(navigated.alertLanding).to.equal(true);
  });
});
