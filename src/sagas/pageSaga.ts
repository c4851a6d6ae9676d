import type { SagaIterator } from 'redux-saga';
import { call, put, select, spawn, takeLatest } from 'redux-saga/effects';
import type { AppRoutes } from '../routes/types';
import { isApiError, NETWORK_ERROR } from '../shared/api/errors';
import { firstLoadDone, NAVIGATE, pageLoaded, pageLoadStarted, type PageAction, type PageResult } from '../state/page';
import type { RootState } from '../state/store';
import { getIntl, getRoutes } from './context';
import { trackEntry } from './trackingSaga';
import type { IntlShape } from 'react-intl';

/** Whether this runs in a browser that says it has no connection. */
const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * The page result of a failure: the error's status for API errors (404 stays 404), 500 otherwise;
 * a call that got no answer at all is a 503, in a browser without a connection the offline page.
 */
export function errorResult(error: unknown, intl: IntlShape): PageResult {
  const unanswered = isApiError(error) && error.reason === NETWORK_ERROR;
  const status = unanswered ? 503 : isApiError(error) && error.status >= 400 && error.status < 500 ? error.status : 500;
  const title = status < 500 ? 'notFound.title' : unanswered && isOffline() ? 'offline.title' : 'serverError.title';
  return { status, head: { title: branded(intl.formatMessage({ id: title })), noindex: true } };
}

/** A page's title as a tab and a search engine show it: what it is, then the brand. */
export const branded = (text: string): string => `${text} | Trawl`;

/** The offline page, as the service worker keeps it for pages it has no copy of (decision 070). */
export function* loadOfflinePage(): SagaIterator<PageResult> {
  const intl: IntlShape = yield getIntl();
  return { status: 200, head: { title: branded(intl.formatMessage({ id: 'offline.title' })), noindex: true } };
}

export function notFoundResult(intl: IntlShape): PageResult {
  return { status: 404, head: { title: branded(intl.formatMessage({ id: 'notFound.title' })), noindex: true } };
}

/**
 * Matches a location and runs the route's load saga to completion; the
 * server calls it once before rendering, the browser on every navigation.
 */
export function* loadPage(
  pathname: string,
  search: string,
  /** The route the caller already matched for this location (the server's render: null for none), else matched here. */
  matched?: ReturnType<AppRoutes['match']> | null,
): SagaIterator<PageResult> {
  const routes: AppRoutes = yield getRoutes();
  const intl: IntlShape = yield getIntl();
  const target = yield select((state: RootState) => state.app.site.target);
  const match = matched === undefined ? routes.match(pathname, search, target) : (matched ?? undefined);
  yield put(pageLoadStarted(match?.route.name ?? null, match?.params ?? {}, pathname, search));
  if (match) yield spawn(trackEntry, match.params);
  let result: PageResult;
  if (!match) {
    result = notFoundResult(intl);
  } else if (!match.route.load) {
    result = { status: 200, head: { title: intl.formatMessage({ id: 'app.name' }) } };
  } else {
    try {
      result = yield call(match.route.load, match.params);
    } catch (error) {
      result = errorResult(error, intl);
    }
  }
  yield put(pageLoaded(result));
  return result;
}

function* onNavigate(action: Extract<PageAction, { type: typeof NAVIGATE }>): SagaIterator {
  yield call(loadPage, action.pathname, action.search);
}

export function* watchNavigation(): SagaIterator {
  yield put(firstLoadDone());
  yield takeLatest(NAVIGATE, onNavigate);
}
