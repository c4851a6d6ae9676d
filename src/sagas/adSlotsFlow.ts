import type { Channel, SagaIterator } from 'redux-saga';
import { call, delay, getContext, put, select, take } from 'redux-saga/effects';
import { adSlotFor, type AdNetwork, type AdSlotConfig } from '../../config/adSlots';
import type { AdTag } from '../client/adTag';
import type { ErrorReporter } from '../shared/errorReporting';
import { adSlotsDisplayed, adSlotsRemoved, adTagFailed } from '../state/adSlots';
import { CONSENT_ANSWERED, type ConsentState } from '../state/consent';
import { PAGE_LOAD_STARTED, PAGE_LOADED } from '../state/page';
import type { RootState } from '../state/store';
import { getReport } from './context';

/** The tag's code is a chunk of its own: only a site with an ad network loads it (decision 061). */
const loadAdTag = (): Promise<AdTag> =>
  import(/* webpackChunkName: "ad-tag" */ '../client/adTag').then((module) => module.createAdTag());

/** Non-personalised ads: the visitor turned them off, or their country needs an answer not given yet. */
export const nonPersonalizedAds = (consent: ConsentState): boolean =>
  !consent.personalizedAds || (consent.required && consent.status !== 'granted');

/** Defines and displays registered slots not shown yet, destroys shown slots no longer on the page. */
function* syncSlots(tag: AdTag, network: AdNetwork, nonPersonalized: boolean): SagaIterator {
  const { adSlots, app }: RootState = yield select();
  const gone = adSlots.displayed.filter((id) => !adSlots.registered.includes(id));
  if (gone.length > 0) {
    yield call([tag, tag.destroy], gone);
    yield put(adSlotsRemoved(gone));
  }
  const fresh = adSlots.registered
    .filter((id) => !adSlots.displayed.includes(id))
    .map((id) => adSlotFor(id, app.site.country, app.site.target))
    .filter((s): s is AdSlotConfig => s !== undefined);
  if (fresh.length > 0) {
    yield call([tag, tag.show], fresh, network, nonPersonalized);
    yield put(adSlotsDisplayed(fresh.map((s) => s.slotId)));
  }
}

/**
 * The slots' life once the first page is up (`watchAdSlots`), a chunk of its own with the tag's loader:
 * only a site with an ad network loads it. `channel` holds what happened since the page began.
 */
export function* runAdSlots(network: AdNetwork, channel: Channel<{ type: string }>): SagaIterator {
  const tag: AdTag = (yield getContext('adTag')) ?? (yield call(loadAdTag));
  try {
    yield call([tag, tag.ready]);
  } catch (error) {
    const report: ErrorReporter = yield getReport();
    report(error, { saga: 'adSlots' });
    yield put(adTagFailed());
    channel.close();
    return;
  }
  let nonPersonalized = nonPersonalizedAds(yield select((state: RootState) => state.consent));
  yield call(syncSlots, tag, network, nonPersonalized);
  let shownBeforeNavigation: readonly string[] = [];
  for (;;) {
    const action: { type: string } = yield take(channel);
    if (action.type === PAGE_LOAD_STARTED) {
      shownBeforeNavigation = yield select((state: RootState) => state.adSlots.displayed);
    } else if (action.type === PAGE_LOADED) {
      // Let the loaded page's slots mount and the left page's unmount first.
      yield delay(0);
      yield call(syncSlots, tag, network, nonPersonalized);
      const { adSlots, app }: RootState = yield select();
      const stay = shownBeforeNavigation.filter(
        (id) => adSlots.displayed.includes(id) && adSlotFor(id, app.site.country, app.site.target)?.slotShouldRefresh,
      );
      shownBeforeNavigation = [];
      if (stay.length > 0) yield call([tag, tag.refresh], stay);
    } else if (action.type === CONSENT_ANSWERED) {
      const next = nonPersonalizedAds(yield select((state: RootState) => state.consent));
      if (next !== nonPersonalized) {
        nonPersonalized = next;
        yield call([tag, tag.setNonPersonalized], next);
        const displayed: readonly string[] = yield select((state: RootState) => state.adSlots.displayed);
        if (displayed.length > 0) yield call([tag, tag.refresh], displayed);
      }
    } else {
      yield call(syncSlots, tag, network, nonPersonalized);
    }
  }
}
