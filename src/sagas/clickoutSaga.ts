import type { SagaIterator } from 'redux-saga';
import { call, fork, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { LocalStore } from '../shared/localStore';
import type { Api } from '../shared/api/createApi';
import type { ClickAttributes, ClickResponse } from '../shared/api/clickoutApi';
import { isApiError } from '../shared/api/errors';
import { goesToAdPage, type Ad, type ListingAd } from '../shared/domain/ad';
import { clipSearchText, REDIRECT_FLOW, RELATED_ADS_COUNT } from '../shared/domain/constants';
import type { ErrorReporter } from '../shared/errorReporting';
import {
  AD_CLICKED,
  CLICKOUT_EXPIRED,
  CLICKOUT_REQUESTED,
  REDIRECT_COUNT_LOADED,
  REDIRECT_ENDED,
  REDIRECT_STARTED,
  RELATED_MODAL_LOADED,
  RELATED_MODAL_OPENED,
  clickoutRequested,
  type ClickoutAction,
} from '../state/clickout';
import type { RootState } from '../state/store';
import type { AppRoutes } from '../routes/types';
import { pageNumberOf } from '../shared/routing/query';
import { getApi, getBrowser, getLocal, getReport, getRoutes, type BrowserEffects } from './context';
import { trackAdClick } from './trackingSaga';
import { adCallParams } from './pages/common';

/** Sections whose clicks never open the intermediate popup: related ads (190, 149, 157), expired (5), ad page source (186). */
export const POPUP_EXCLUDED_SECTIONS: ReadonlySet<number> = new Set([190, 149, 157, 5, 186]);

export const REDIRECT_COUNT_KEY = 'redirectCount';
export const SCROLL_KEY = 'latestScrollPosition';
const visitsKey = (sectionId: number) => `adVisits:${sectionId}`;

type Click = Extract<ClickoutAction, { type: typeof AD_CLICKED | typeof CLICKOUT_REQUESTED }>;

/** Loads the redirect count at start; a missing value means 0 (spec §4). */
export function* loadRedirectCount(): SagaIterator {
  const local: LocalStore = yield getLocal();
  const report: ErrorReporter = yield getReport();
  try {
    const count: number | null = yield call([local, local.get], REDIRECT_COUNT_KEY);
    yield put({ type: REDIRECT_COUNT_LOADED, count: typeof count === 'number' ? count : 0 });
  } catch (error) {
    yield call(report, error);
  }
}

/** Counts a visit to an ad in its section; returns the ad's visit count (1 on the first visit). */
function* countVisit(ad: ListingAd, sectionId: number): SagaIterator<number> {
  const local: LocalStore = yield getLocal();
  const report: ErrorReporter = yield getReport();
  try {
    const visits: Record<string, number> = (yield call([local, local.get], visitsKey(sectionId))) ?? {};
    const count = (visits[ad.id] ?? 0) + 1;
    yield call([local, local.set], visitsKey(sectionId), { ...visits, [ad.id]: count });
    return count;
  } catch (error) {
    yield call(report, error);
    return 1;
  }
}

/**
 * A click on an ad (spec §4): the first visit to an ad in a section not
 * excluded opens the intermediate popup with related ads; otherwise the
 * scroll position is saved and the visitor navigates to our ad page or is
 * redirected to the partner.
 */
export function* onAdClicked(action: Click): SagaIterator {
  // Recorded from the page clicked on, before anything leaves it.
  yield fork(trackAdClick, action, goesToAdPage(action.ad));
  const visitCount: number = yield call(countVisit, action.ad, action.sectionId);
  if (visitCount === 1 && !POPUP_EXCLUDED_SECTIONS.has(action.sectionId)) {
    yield put({ type: RELATED_MODAL_OPENED, ad: action.ad, sectionId: action.sectionId, position: action.position });
    const api: Api = yield getApi();
    const state: RootState = yield select();
    try {
      const doc: { data: Ad[] } = yield call(api.search.relatedAds, action.ad.id, {
        ...adCallParams(state),
        what: clipSearchText(action.ad.attributes.title),
        where: action.ad.attributes.location.city ?? undefined,
      });
      yield put({ type: RELATED_MODAL_LOADED, related: doc.data.slice(0, RELATED_ADS_COUNT) });
    } catch {
      // An empty related list (a 404) leaves the popup with the ad alone.
    }
    return;
  }
  const browser: BrowserEffects = yield getBrowser();
  const local: LocalStore = yield getLocal();
  const report: ErrorReporter = yield getReport();
  try {
    // The page left and where on it (spec §3's latest scroll position); Back returns there (NavigationSync).
    const left: RootState['page']['location'] = yield select((state: RootState) => state.page.location);
    yield call([local, local.set], SCROLL_KEY, { url: `${left.pathname}${left.search}`, y: browser.scrollY() });
  } catch (error) {
    yield call(report, error);
  }
  if (goesToAdPage(action.ad)) {
    yield call(browser.navigate, action.href);
    return;
  }
  yield put(clickoutRequested(action));
}

/** The click-out body (service-calls spec §7), with the redirect A/B flow while the count is below 3. */
export function clickAttributes(state: RootState, click: Omit<Click, 'type'>, redirectCount: number): ClickAttributes {
  const { app, page, tracking } = state;
  const typeId = page.params.type_id;
  const abTest =
    redirectCount < REDIRECT_FLOW.maxCount
      ? { id: REDIRECT_FLOW.id, option: REDIRECT_FLOW.option, platform: app.device }
      : (tracking.abTest ?? undefined);
  return {
    ad: { id: click.ad.id, position: click.position },
    site: { country_code: app.site.country, vertical_name: app.site.target },
    section: { id: click.sectionId, type_id: click.sectionTypeId },
    search: {
      page_number: pageNumberOf(page.params),
      ...(typeof typeId === 'number' ? { type_id: typeId } : {}),
      what: page.params.what == null ? '' : String(page.params.what),
    },
    user: {
      cookie_id: app.installationId,
      origin_id: tracking.origin,
      campaigns_list: tracking.userCampaignIds,
    },
    tracking: { page_view_id: tracking.pageViewId, ...(tracking.trackingCode ? { code: tracking.trackingCode } : {}) },
    ...(abTest ? { ab_test: abTest } : {}),
    device: app.device,
    options: { is_force_no_adpage: !goesToAdPage(click.ad) },
  };
}

/**
 * The click-out: recorded by the service, which answers the stored URL; the
 * count goes up and is saved before the window leaves (spec §4). An expired
 * ad turns into the expired-ad experience on its ad page.
 */
export function* onClickout(action: Click): SagaIterator {
  const api: Api = yield getApi();
  const local: LocalStore = yield getLocal();
  const browser: BrowserEffects = yield getBrowser();
  const report: ErrorReporter = yield getReport();
  const state: RootState = yield select();
  let count = state.clickout.redirectCount;
  yield put({ type: REDIRECT_STARTED, count });
  try {
    const response: ClickResponse = yield call(api.clickout.click, clickAttributes(state, action, count));
    const destination = response.meta.destination;
    if (destination.type !== 1 || !destination.url) {
      yield put({ type: REDIRECT_ENDED });
      return;
    }
    count += 1;
    yield put({ type: REDIRECT_STARTED, count });
    try {
      yield call([local, local.set], REDIRECT_COUNT_KEY, count);
    } catch (error) {
      yield call(report, error);
    }
    yield call(browser.assign, destination.url);
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 410)) {
      yield put({ type: CLICKOUT_EXPIRED, adId: action.ad.id });
      const routes: AppRoutes = yield getRoutes();
      yield call(browser.navigate, routes.buildPath('adpage', { id: action.ad.id }));
      return;
    }
    yield put({ type: REDIRECT_ENDED });
    yield call(report, error);
  }
}

export function* watchClickouts(): SagaIterator {
  // Watch first: a click made while local storage is still opening must not be lost.
  yield takeEvery(AD_CLICKED, onAdClicked);
  yield takeLatest(CLICKOUT_REQUESTED, onClickout);
  yield call(loadRedirectCount);
}
