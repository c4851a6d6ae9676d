import type { AppRoutes } from '../routes/types';
import { buffers, type Channel, type SagaIterator } from 'redux-saga';
import { actionChannel, call, put, select, take } from 'redux-saga/effects';
import type { Api } from '../shared/api/createApi';
import type { TrackingDocument, TrackingPath } from '../shared/api/trackingApi';
import { APP_VERSION, CLICK_TYPE_IDS, ERROR_PAGE_TYPES } from '../shared/domain/constants';
import type { ErrorReporter } from '../shared/errorReporting';
import type { AdClick } from '../state/clickout';
import { NAVIGATE, PAGE_LOADED, PAGE_LOAD_STARTED, type PageAction } from '../state/page';
import { CONSENT_ANSWERED, mayTrack, type ConsentState } from '../state/consent';
import { FILTERS_TOGGLED, type SearchAction } from '../state/search';
import type { RootState } from '../state/store';
import {
  AD_SEEN,
  IMPRESSIONS_FLUSHED,
  IMPRESSION_BATCH,
  impressionsSwitched,
  pageViewStarted,
  type ImpressionItem,
  type TrackingAction,
} from '../state/tracking';
import { verticalByName } from '../../config/verticals';
import { pageNumberOf, type QueryParams } from '../shared/routing/query';
import { getApi, getBrowser, getReport, getRoutes, getVisitor, type BrowserEffects, type Visitor } from './context';

/** Page types sent with page views, by the route's `pageType`; error pages as spec §8 says (500 → 17, other errors → 13). */
const PAGE_TYPES: Record<string, number> = {
  home: 1,
  serp: 2,
  ad: 3,
  seo: 4,
  landing: 5,
  notifications: 6,
  search: 7,
  clickout: 8,
};

export function pageTypeOf(status: number, routePageType: string | undefined): number {
  if (status >= 500) return ERROR_PAGE_TYPES.serverError;
  if (status >= 400) return ERROR_PAGE_TYPES.otherError;
  return PAGE_TYPES[routePageType ?? ''] ?? 0;
}

/** site, user and tracking parts every tracking document carries (spec §7). */
export function trackingCommon(state: RootState): Record<string, unknown> {
  const { app, tracking, page, search } = state;
  const verticalId = app.site.target === 'general' ? 0 : (verticalByName(app.site.target)?.id ?? 0);
  return {
    site: { country_code: app.site.country, vertical_id: verticalId },
    user: { origin_id: tracking.origin, cookie_id: app.installationId },
    tracking: { page_view_id: tracking.pageViewId, ...(tracking.trackingCode ? { code: tracking.trackingCode } : {}) },
    search: {
      what: page.params.what == null ? '' : String(page.params.what),
      ...(typeof page.params.type_id === 'number' ? { type_id: page.params.type_id } : {}),
      order_by: typeof page.params.sort === 'string' ? page.params.sort : 'relevance',
      is_form: page.params.isUserSearch === 1 || page.params.isUserSearch === true,
      total_results: search.meta?.totalCount ?? 0,
      page_number: pageNumberOf(page.params),
      filters: { sort: typeof page.params.sort === 'string' ? page.params.sort : 'relevance' },
    },
    dealer_type_id: 1,
  };
}

/** Sends tracking documents; a failure is reported, never the page's. */
export function* sendTracking(
  path: TrackingPath,
  documents: TrackingDocument[],
  options?: { keepalive?: boolean },
): SagaIterator {
  const api: Api = yield getApi();
  const report: ErrorReporter = yield getReport();
  try {
    yield call(api.tracking.send, path, documents, options);
  } catch (error) {
    yield call(report, error);
  }
}

function* sendPageView(locationChange: boolean): SagaIterator {
  const browser: BrowserEffects = yield getBrowser();
  const routes: AppRoutes = yield getRoutes();
  const state: RootState = yield select();
  const route = state.page.routeName;
  const document: TrackingDocument = {
    type: 'page_views',
    attributes: {
      ...trackingCommon(state),
      page_type: pageTypeOf(state.page.status, route == null ? undefined : routes.get(route)?.pageType),
      route_name: route,
      location_change: locationChange,
    },
  };
  if (locationChange) browser.pushDataLayer({ event: 'locationChange', page: route });
  yield call(sendTracking, '/page/views', [document]);
}

/**
 * A click on an ad of a list (spec §7 `/listing/clicks`): a click-in (type 2) when it opens
 * our ad page, another (3) when it leads to the partner. Built from the page clicked on,
 * and sent so that it survives the page being left.
 */
export function* trackAdClick(click: AdClick, clickIn: boolean): SagaIterator {
  const state: RootState = yield select();
  if (!mayTrack(state.consent)) return;
  const document: TrackingDocument = {
    type: 'ad-clicks',
    attributes: {
      ...trackingCommon(state),
      section: { id: click.sectionId, type_id: click.sectionTypeId },
      ad: { id: click.ad.id, source_id: click.ad.attributes.source.id, position: click.position },
      click_type_id: clickIn ? CLICK_TYPE_IDS.clickIn : CLICK_TYPE_IDS.other,
    },
  };
  yield call(sendTracking, '/listing/clicks', [document], { keepalive: true });
}

function* flushImpressions(items: ImpressionItem[]): SagaIterator {
  if (items.length === 0) return;
  const browser: BrowserEffects = yield getBrowser();
  const state: RootState = yield select();
  const now = new Date(browser.now()).toISOString();
  const document: TrackingDocument = {
    type: 'ad_impressions',
    attributes: {
      ...trackingCommon(state),
      section: { id: items[0]?.sectionId ?? 0, type_id: items[0]?.sectionTypeId ?? 0 },
      ads: items.map((i) => ({
        id: i.id,
        source_id: i.sourceId,
        position: i.position,
        section_id: i.sectionId,
        date_time: now,
      })),
    },
  };
  yield call(sendTracking, '/listing/impressions', [document], { keepalive: true });
}

/**
 * Tracking a page's entry (service-calls spec §2): an e-mail open when the
 * visitor came from an alert (`from=alert`), an internal click when
 * `internalsection` is present. Failures never touch the page.
 */
export function* trackEntry(params: QueryParams): SagaIterator {
  if (!mayTrack(yield select((state: RootState) => state.consent))) return;
  const fromAlert = params.from === 'alert';
  const internal = params.internalsection;
  if (!fromAlert && (internal === undefined || internal === null || internal === '')) return;
  const api: Api = yield getApi();
  const report: ErrorReporter = yield getReport();
  const visitor: Visitor | undefined = yield getVisitor();
  const state: RootState = yield select();
  const { app, tracking } = state;
  const verticalId = app.site.target === 'general' ? 0 : (verticalByName(app.site.target)?.id ?? 0);
  const who = { ip: visitor?.ip ?? '', user_agent: visitor?.userAgent ?? '' };
  try {
    if (fromAlert) {
      yield call(api.tracking.send, '/notification/email/open', {
        country_code: app.site.country,
        vertical_id: verticalId,
        alert_id: params.alert_id ?? params.search_id ?? null,
        alert_type: params.alert_type ?? 'email',
        vv: APP_VERSION,
        ...(visitor ? who : {}),
      });
    }
    if (internal !== undefined && internal !== null && internal !== '') {
      yield call(api.tracking.send, '/internal/click', {
        country_code: app.site.country,
        vertical_id: verticalId,
        what: params.what == null ? '' : String(params.what),
        where: params.where == null ? '' : String(params.where),
        type: params.type_id ?? params.type ?? null,
        vv: APP_VERSION,
        origin: tracking.origin,
        internal_section: internal,
        ...(visitor ? who : {}),
      });
    }
  } catch (error) {
    yield call(report, error);
  }
}

/**
 * Page views: the first load tracks one; each later navigation sends a
 * location change. Ad impressions are sent in batches of 15, and not at all
 * after a back/forward navigation (spec §4). Opening the filters panel is
 * pushed to the data layer.
 */
export function* watchTracking(): SagaIterator {
  const browser: BrowserEffects = yield getBrowser();
  // Where the country's rules need consent, nothing is tracked before the answer, and nothing after a no.
  const consent: ConsentState = yield select((state: RootState) => state.consent);
  if (consent.required && consent.status === 'pending') yield take(CONSENT_ANSWERED);
  if (!mayTrack(yield select((state: RootState) => state.consent))) return;
  // From then on every action is kept, in order: one that comes while a call is in flight (an ad
  // seen while the page view is being sent) is handled after it, not lost.
  const actions: Channel<PageAction | TrackingAction | SearchAction> = yield actionChannel(
    [NAVIGATE, PAGE_LOAD_STARTED, PAGE_LOADED, AD_SEEN, IMPRESSIONS_FLUSHED, FILTERS_TOGGLED],
    buffers.expanding(64),
  );
  yield call(sendPageView, false);
  let buffer: ImpressionItem[] = [];
  const seen = new Set<string>();
  while (true) {
    const action: PageAction | TrackingAction | SearchAction = yield take(actions);
    if (action.type === FILTERS_TOGGLED) {
      // Opening the filters panel is an interaction (spec §4), for the analytics' data layer.
      if (action.open)
        browser.pushDataLayer({ event: 'filtersOpened', page: ((yield select()) as RootState).page.routeName });
    } else if (action.type === NAVIGATE) {
      yield put(impressionsSwitched(action.navigationType !== 'POP'));
    } else if (action.type === PAGE_LOAD_STARTED || action.type === IMPRESSIONS_FLUSHED) {
      yield call(flushImpressions, buffer);
      buffer = [];
      seen.clear();
    } else if (action.type === PAGE_LOADED) {
      yield put(pageViewStarted(browser.randomId()));
      yield call(sendPageView, true);
    } else if (action.type === AD_SEEN) {
      const enabled: boolean = yield select((state: RootState) => state.tracking.impressionsEnabled);
      const key = `${action.item.sectionId}:${action.item.id}`;
      if (!enabled || seen.has(key)) continue;
      seen.add(key);
      buffer.push(action.item);
      if (buffer.length >= IMPRESSION_BATCH) {
        yield call(flushImpressions, buffer);
        buffer = [];
      }
    }
  }
}
