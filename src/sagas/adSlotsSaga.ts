import type { SagaIterator } from 'redux-saga';
import { actionChannel, call, select, take } from 'redux-saga/effects';
import type { AdNetwork } from '../../config/adSlots';
import { AD_SLOT_DESTROYED, AD_SLOT_REGISTERED } from '../state/adSlots';
import { CONSENT_ANSWERED } from '../state/consent';
import { FIRST_LOAD_DONE, PAGE_LOAD_STARTED, PAGE_LOADED } from '../state/page';
import type { RootState } from '../state/store';
import type * as AdSlotsFlowModule from './adSlotsFlow';

type AdSlotsFlow = typeof AdSlotsFlowModule;

/**
 * The ad slots' life in the browser (product-spec §4 "Ad slots"): nothing
 * without a network; after the first load, once the tag is ready, registered
 * slots are defined and displayed; on a client navigation the slots that
 * stay are refreshed (slotShouldRefresh), those that left destroyed; an
 * answer that changes personalisation switches the tag and refreshes. A tag
 * that failed to load is reported, and the page carries on without ads.
 */
export function* watchAdSlots(): SagaIterator {
  const network: AdNetwork | null = yield select((state: RootState) => state.adSlots.network);
  if (!network) return;
  const channel = yield actionChannel([
    AD_SLOT_REGISTERED,
    AD_SLOT_DESTROYED,
    PAGE_LOAD_STARTED,
    PAGE_LOADED,
    CONSENT_ANSWERED,
  ]);
  const firstLoadDone: boolean = yield select((state: RootState) => state.page.firstLoadDone);
  if (!firstLoadDone) yield take(FIRST_LOAD_DONE);
  // The rest comes with the tag's loader, a chunk only a site with an ad network loads (decision 061).
  const flow: AdSlotsFlow = yield call(() => import(/* webpackChunkName: "ad-tag" */ './adSlotsFlow'));
  yield call(flow.runAdSlots, network, channel);
}
