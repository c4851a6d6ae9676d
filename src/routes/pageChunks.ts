import type { SagaIterator } from 'redux-saga';
import { all, call } from 'redux-saga/effects';
import type { QueryParams } from '../shared/routing/query';
import { isErrorStatus, type PageResult } from '../state/page';
import type { RootState } from '../state/store';
import { filtersChunk } from '../ui/LazyFiltersPanel';
import { defineChunk, loadable, type Chunk, type Loadable } from './loadable';
import type { AppRoutes, LoadSaga } from './types';

/*
 * Each page's component and each page's load saga live in chunks of their
 * own (docs/decisions/061-code-splitting.md): a page's first load carries its
 * own page, not the others, and no load saga (the server ran it). The names
 * are the webpack chunk names the server finds the files under.
 */

const pageChunk = {
  home: defineChunk('page-home', () => import(/* webpackChunkName: "page-home" */ './pages/HomePage')),
  serp: defineChunk('page-serp', () => import(/* webpackChunkName: "page-serp" */ './pages/SerpPage')),
  ad: defineChunk('page-ad', () => import(/* webpackChunkName: "page-ad" */ './pages/AdPage')),
  seo: defineChunk('page-seo', () => import(/* webpackChunkName: "page-seo" */ './pages/SeoIndexPage')),
  notifications: defineChunk(
    'page-notifications',
    () => import(/* webpackChunkName: "page-notifications" */ './pages/notifications/notificationPages'),
  ),
  error: defineChunk('page-error', () => import(/* webpackChunkName: "page-error" */ './pages/ErrorPage')),
};

export const HomePage = loadable(pageChunk.home, (m) => m.HomePage);
export const SerpPage = loadable(pageChunk.serp, (m) => m.SerpPage);
export const AdPage = loadable(pageChunk.ad, (m) => m.AdPage);
export const AdPageDesktop = loadable(pageChunk.ad, (m) => m.AdPageDesktop);
export const SeoIndexPage = loadable(pageChunk.seo, (m) => m.SeoIndexPage);
export const EmailManagerPage = loadable(pageChunk.notifications, (m) => m.EmailManagerPage);
export const PushManagerPage = loadable(pageChunk.notifications, (m) => m.PushManagerPage);
export const NotificationSettingsPage = loadable(pageChunk.notifications, (m) => m.NotificationSettingsPage);
export const ErrorPage = loadable(pageChunk.error, (m) => m.ErrorPage);
export const NotFoundPage = loadable(pageChunk.error, (m) => m.NotFoundPage);
export const OfflinePage = loadable(pageChunk.error, (m) => m.OfflinePage);

export const sagaChunk = {
  home: defineChunk('load-home', () => import(/* webpackChunkName: "load-home" */ '../sagas/pages/homeSaga')),
  search: defineChunk('load-search', () => import(/* webpackChunkName: "load-search" */ '../sagas/pages/searchSaga')),
  ad: defineChunk('load-ad', () => import(/* webpackChunkName: "load-ad" */ '../sagas/pages/adSaga')),
  seo: defineChunk('load-seo', () => import(/* webpackChunkName: "load-seo" */ '../sagas/pages/seoSaga')),
  notifications: defineChunk(
    'load-notifications',
    () => import(/* webpackChunkName: "load-notifications" */ '../sagas/pages/notificationsSaga'),
  ),
  clickout: defineChunk(
    'load-clickout',
    () => import(/* webpackChunkName: "load-clickout" */ '../sagas/pages/clickoutPageSaga'),
  ),
};

/**
 * From a home page, the pages it leads to (spec §2: the results and SEO index pages are
 * prefetched): their components and load sagas, fetched once the browser is idle, so the first
 * search does not wait for them. A failure is left to the page's own load.
 */
export function prefetchFromHome(): void {
  for (const chunk of [pageChunk.serp, sagaChunk.search, filtersChunk, pageChunk.seo, sagaChunk.seo])
    void chunk.load().catch(() => undefined);
}

function* loadQuietly(chunk: Chunk): SagaIterator {
  try {
    yield call(() => chunk.load());
  } catch {
    // Offline, say: the page's Suspense boundary shows nothing and tries again when rendered.
  }
}

/**
 * A route's load saga from its chunk. The chunks of the pages it may show, and of their parts
 * hydrated later (the filters panel), load beside it (and the error page's when it fails), so the
 * page and its data arrive together and the page renders without waiting (decision 005).
 */
export function lazyLoad<M>(
  chunk: Chunk<M>,
  pick: (module: M) => LoadSaga,
  pages: readonly Pick<Loadable, 'chunk'>[] = [],
): LoadSaga {
  return function* loadFromChunk(params: QueryParams): SagaIterator<PageResult> {
    const [module] = (yield all([call(() => chunk.load()), ...pages.map((page) => call(loadQuietly, page.chunk))])) as [
      M,
    ];
    let result: PageResult;
    try {
      result = yield call(pick(module), params);
    } catch (error) {
      yield call(loadQuietly, pageChunk.error);
      throw error;
    }
    if (isErrorStatus(result.status)) yield call(loadQuietly, pageChunk.error);
    return result;
  };
}

/**
 * The page the state shows: the error page for an error status, else the
 * route's page for the device, else not found. App renders it; the server
 * and the browser load its chunk before rendering and hydrating.
 */
export function pageShown(
  page: Pick<RootState['page'], 'routeName' | 'status'>,
  device: RootState['app']['device'],
  routes: AppRoutes,
): Loadable {
  if (isErrorStatus(page.status)) return ErrorPage;
  const route = page.routeName ? routes.get(page.routeName) : undefined;
  return (route && routes.pageFor(route, device)) ?? NotFoundPage;
}
