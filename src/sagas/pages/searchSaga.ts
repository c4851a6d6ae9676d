import type { IntlShape } from 'react-intl';
import type { SagaIterator } from 'redux-saga';
import { call, put, select } from 'redux-saga/effects';
import type { AppRoutes } from '../../routes/types';
import type { Api } from '../../shared/api/createApi';
import { isApiError } from '../../shared/api/errors';
import {
  JOBS_PAGE_KEYWORD_FIELDS,
  LISTING_AD_FIELDS,
  PAGE_KEYWORD_FIELDS,
  type Ad,
  type SearchMeta,
  type Suggestion,
} from '../../shared/domain/ad';
import { clientIdFor, SORT_KEYS, clipSearchText } from '../../shared/domain/constants';
import { apiFilters, hasPlaceFilter } from '../../shared/domain/filters';
import { pageNumberOf, stringifyQuery, type QueryParams, type QueryValue } from '../../shared/routing/query';
import type { AppState } from '../../state/app';
import type { PageResult } from '../../state/page';
import { searchFailed, searchStarted, searchSucceeded, suggestionsLoaded } from '../../state/search';
import type { RootState } from '../../state/store';
import { COOKIES } from '../../shared/domain/cookies';
import { initialTrackingState, type TrackingState } from '../../state/tracking';
import { getApi, getBrowser, getIntl, getRoutes, type BrowserEffects } from '../context';
import { branded } from '../pageSaga';
import { canonicalUrl } from './common';

export const ORGANIC_PAGE_SIZE = 20;
export const PREMIUM_PAGE_SIZE = 8;

/** Query parameters the form adds that the results URL does not keep. */
const FORM_ONLY = new Set(['page', 'isUserSearch', 'type']);

const text = (value: QueryValue | undefined): string =>
  value === undefined || value === null || typeof value === 'boolean' ? '' : String(value).trim();

/** Parameters of a results URL: what and where as path segments, filters and sort in the query. */
export function serpParams(params: QueryParams): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(params)) {
    if (FORM_ONLY.has(key) || value === null || value === '') continue;
    // A pasted page of text searches its first words: the service takes at most SEARCH_TEXT_MAX characters.
    if (typeof value === 'string')
      out[key] = key === 'what' || key === 'where' ? clipSearchText(value.trim()) : value.trim();
    else out[key] = value;
  }
  if (typeof params.type === 'number' && params.type > 0) out.type_id = params.type;
  return out;
}

/**
 * GET /q: the search form's target, answered with the canonical results URL. On a country's
 * general site, the form names a vertical (`vertical`, else the country's first): its /q takes it.
 */
export function* loadSearchSubmit(params: QueryParams): SagaIterator<PageResult> {
  const routes: AppRoutes = yield getRoutes();
  const intl: IntlShape = yield getIntl();
  const site: AppState['site'] = yield select((state: RootState) => state.app.site);
  const target = site.target;
  if (target === 'general') {
    const { vertical, ...rest } = params;
    const chosen = site.verticals.find((v) => v === vertical) ?? site.verticals[0];
    return {
      status: 302,
      redirect: `/${chosen}/q${stringifyQuery(rest)}`,
      head: { title: intl.formatMessage({ id: 'app.name' }) },
    };
  }
  // A jobs site's where (another site's form, an old link) is kept: its results page moves it to a place filter.
  const out = serpParams(params);
  return {
    status: 302,
    redirect: routes.buildPath('serp_search', out),
    head: { title: intl.formatMessage({ id: 'app.name' }) },
  };
}

/** The search service query for a results URL (service-calls spec §7). */
export function searchQuery(
  params: QueryParams,
  app: AppState,
  tracking: TrackingState = initialTrackingState,
  now = Date.now(),
): Record<string, QueryValue | undefined> {
  const { site } = app;
  const typeId = typeof params.type_id === 'number' ? params.type_id : undefined;
  const sort =
    typeof params.sort === 'string' && (SORT_KEYS as readonly string[]).includes(params.sort) ? params.sort : undefined;
  const page = pageNumberOf(params);
  const jobsWhere = jobsPlaceText(params, app);
  return {
    what: text(params.what),
    where: site.target === 'jobs' ? undefined : text(params.where) || undefined,
    // A jobs search takes no where (spec §5): a where its URL still carries is searched as the place it names.
    ...(jobsWhere ? { 'filters[city]': jobsWhere } : {}),
    [site.target === 'products' ? 'categoryId' : 'dealTypeId']: typeId,
    // A jobs URL's where is only resolved here, for the place page it moves to: its first page does.
    'page[number]': jobsWhere ? 1 : page,
    'page[organic][size]': ORGANIC_PAGE_SIZE,
    'page[premium][size]': PREMIUM_PAGE_SIZE,
    countryCode: site.country,
    device: app.device,
    clientId: clientIdFor(app.device),
    sort,
    retrieveKeyword: true,
    // Only what the page keeps (ListingAd, pageMeta): the service builds nothing else.
    'fields[ads]': LISTING_AD_FIELDS,
    'fields[keyword]': site.target === 'jobs' ? JOBS_PAGE_KEYWORD_FIELDS : PAGE_KEYWORD_FIELDS,
    originId: tracking.origin,
    userCampaignIds: tracking.userCampaignIds.length > 0 ? tracking.userCampaignIds.join(',') : undefined,
    ...(tracking.abTest
      ? {
          'abTest[id]': tracking.abTest.id,
          'abTest[option]': tracking.abTest.option,
          'abTest[platform]': tracking.abTest.platform,
        }
      : {}),
    'redirect[cookieId]': app.installationId,
    'redirect[pageViewId]': tracking.pageViewId || undefined,
    'redirect[trackingCode]': tracking.trackingCode ?? undefined,
    'redirect[suggester]': text(params.suggester) || undefined,
    ...sinceDays(apiFilters(params, site.target, site.units), now),
  };
}

/** The where of a jobs results URL with no place filter (`/search/nurse/in/chicago`), searched as a place (decision 083). */
function jobsPlaceText(params: QueryParams, app: AppState): string {
  return app.site.target === 'jobs' && !hasPlaceFilter(params) ? text(params.where) : '';
}

/**
 * A jobs search's place (decision 083): a jobs site has no where, so a place in its URL's where or at
 * the end of its what ("nurse houston", "houston") is the place filter the site's own place links write,
 * by the place's id under its kind (`{ city: 4699066 }`), with the what it leaves. None when there is
 * no place to move, or a place filter is given already.
 */
function jobsPlaceOf(
  params: QueryParams,
  keyword: SearchMeta['keyword'] | undefined,
): { what: string; filter: Record<string, number> } | undefined {
  const moved = text(params.where) !== '' || Boolean(keyword?.redirectWhere);
  if (!moved) return undefined;
  // A what the place ended keeps its other words ("nurse"); a what that was only the place is gone.
  const what = keyword?.redirectWhere ? (keyword.redirectWhat ?? text(params.what)) : text(params.what);
  const filter: Record<string, number> = hasPlaceFilter(params)
    ? {}
    : keyword?.cityArea
      ? { city_area: keyword.cityArea.id }
      : keyword?.city
        ? { city: keyword.city.id }
        : keyword?.region
          ? { region: keyword.region.id }
          : {};
  return { what, filter };
}

/** The URL a jobs search's place moves to (`jobsPlaceOf`): `/search/nurse?city=4699066`, the URL's other parameters and page kept. */
function jobsPlacePath(params: QueryParams, meta: Pick<SearchMeta, 'keyword'>, routes: AppRoutes): string | undefined {
  const place = jobsPlaceOf(params, meta.keyword);
  if (!place) return undefined;
  const { where: _where, ...rest } = serpParams(params);
  const page = pageNumberOf(params);
  return routes.buildPath('serp_search', {
    ...rest,
    what: place.what || undefined,
    ...place.filter,
    page: page > 1 ? page : undefined,
  });
}

/** `date_from` in a results URL counts days back ("last 7 days"); the service wants a date. */
function sinceDays(filters: Record<string, QueryValue>, now: number): Record<string, QueryValue> {
  const days = filters['filters[dateFrom]'];
  if (typeof days === 'number' && days > 0 && days <= 3650) {
    return { ...filters, 'filters[dateFrom]': Math.floor(now / 1000) - days * 86_400 };
  }
  return filters;
}

/** The last search, kept 30 minutes (spec §9) so the home page can offer it again. */
function* rememberLastSearch(params: QueryParams, app: AppState): SagaIterator {
  const browser: BrowserEffects = yield getBrowser();
  const value = JSON.stringify({
    what: text(params.what),
    where: app.site.target === 'jobs' ? '' : text(params.where),
    ...(typeof params.type_id === 'number' ? { type_id: params.type_id } : {}),
  });
  yield call(browser.setCookie, COOKIES.lastSearch.name, value, COOKIES.lastSearch.maxAgeMinutes * 60);
}

function* loadResults(
  params: QueryParams,
  path: 'search' | 'search/m' | 'landing' | 'retention',
): SagaIterator<PageResult> {
  const api: Api = yield getApi();
  const intl: IntlShape = yield getIntl();
  const app: AppState = yield select((state: RootState) => state.app);
  const tracking: TrackingState = yield select((state: RootState) => state.tracking);
  const query = searchQuery(params, app, tracking);
  if (typeof params.boost_ads_since === 'string' || typeof params.boost_ads_since === 'number') {
    query.boostAdsSince = String(params.boost_ads_since);
  }
  yield put(searchStarted());
  try {
    const doc: { data: Ad[]; meta: SearchMeta } = yield call(api.search.search, path, query);
    // A place typed at the end of the what ("flat london"): the results are that place's, and the
    // page moves to their own URL (what "flat", where "London"), which the form, alerts and links keep.
    const placeInWhat = doc.meta.keyword?.redirectWhere;
    if (
      placeInWhat &&
      !text(params.where) &&
      app.site.target !== 'jobs' &&
      (path === 'search' || path === 'search/m')
    ) {
      const routes: AppRoutes = yield getRoutes();
      return {
        status: 302,
        redirect: routes.buildPath('serp_search', {
          ...serpParams(params),
          what: doc.meta.keyword?.redirectWhat || text(params.what),
          where: placeInWhat,
        }),
        head: { title: intl.formatMessage({ id: 'app.name' }), noindex: true },
      };
    }
    if (app.site.target === 'jobs' && (path === 'search' || path === 'search/m')) {
      const routes: AppRoutes = yield getRoutes();
      const moved = jobsPlacePath(params, doc.meta, routes);
      // A where in the URL is never a jobs page (301); a place typed in the what moves as a homes site's does (302).
      if (moved) return placeMoved(moved, text(params.where) !== '' ? 301 : 302, intl);
    }
    yield put(searchSucceeded(doc.data, doc.meta));
    yield call(rememberLastSearch, params, app);
    const what = text(params.what);
    const where = text(params.where);
    // A later page names its number: each page of a search is a page of its own to a search engine.
    const pageNumber = pageNumberOf(params);
    const onPage = pageNumber > 1 ? ` – ${intl.formatMessage({ id: 'paginator.page' }, { page: pageNumber })}` : '';
    const title = doc.meta.title
      ? branded(`${doc.meta.title}${onPage}`)
      : intl.formatMessage({ id: where ? 'serp.title' : 'serp.titleNoWhere' }, { what, where });
    // A place the service found is named as the site names it: an old link's "rome" or "riyadh" is the
    // page of "Roma" or "الرياض" (decisions 077, 081). A where with its region ("Florești, Cluj") stays
    // whole: the name alone could be another place's.
    const named = doc.meta.keyword?.where;
    // A page of a place filter without a where (the home page's and the index's place links, a jobs
    // site's, which has no where) is named by its filter: a name alone can be another place's ("Madrid"
    // the region is not Madrid the city, "Washington, D.C." not Washington state). One filter, the most
    // specific given, by the id of the place the service found: "London", "LONDON" and "londn" are one
    // page, as are a city and its region given together.
    const placeKey = (['city_area', 'city', 'region'] as const).find((key) => text(params[key]) !== '');
    const byFilter = placeKey !== undefined && (!where || app.site.target === 'jobs');
    // A jobs landing or campaign page that stays put (not moved as /search is) names its place's page.
    const jobsPlace = app.site.target === 'jobs' ? jobsPlaceOf(params, doc.meta.keyword) : undefined;
    const placeFilters = byFilter
      ? { [placeKey]: doc.meta.keyword?.geoInfo?.[0]?.id ?? text(params[placeKey]) }
      : (jobsPlace?.filter ?? {});
    const canonical: string = yield call(canonicalUrl, 'serp_search', {
      // A what the service corrected ("flatt") names the corrected search's page.
      what: jobsPlace ? jobsPlace.what || undefined : doc.meta.keyword?.redirectWhat || what,
      where: app.site.target === 'jobs' || byFilter ? undefined : named && !/[,،，、]/.test(where) ? named : where,
      type_id: typeof params.type_id === 'number' ? params.type_id : undefined,
      ...placeFilters,
      // The page shown, left out when it is the first (spec §5), whatever the URL wrote.
      page: pageNumber > 1 ? pageNumber : undefined,
    });
    return { status: 200, head: { title, description: doc.meta.description, canonical } };
  } catch (error) {
    if (!isApiError(error) || error.status >= 500) throw error;
    if (app.site.target === 'jobs' && (path === 'search' || path === 'search/m')) {
      const routes: AppRoutes = yield getRoutes();
      // A jobs URL's where that names no place of the country: the search without it. (A place filter of
      // the URL that names none is the URL's own error: a 400, never a move to the same URL.)
      if (error.status === 400 && jobsPlaceText(params, app) !== '') {
        const { where: _where, ...rest } = serpParams(params);
        return placeMoved(routes.buildPath('serp_search', rest), 301, intl);
      }
      // A place with no ads for the what is that place's page too (its no-results page).
      const moved =
        error.status === 404 ? jobsPlacePath(params, { keyword: keywordOf(error.meta) }, routes) : undefined;
      if (moved) return placeMoved(moved, text(params.where) !== '' ? 301 : 302, intl);
    }
    yield put(
      searchFailed({
        code: error.code,
        status: error.status,
        message: error.message,
        ...(error.reason ? { reason: error.reason } : {}),
        ...(typeof keywordWhere(error.meta) === 'string' ? { where: keywordWhere(error.meta) as string } : {}),
      }),
    );
    // Nothing found is the no-results page (with suggestions); a page past the last is not found.
    const noResults = error.status === 404 && error.reason === 'NO_RESULTS';
    if (noResults) {
      try {
        const suggestions: { data: Array<{ attributes: Suggestion }> } = yield call(api.search.suggestions, query);
        yield put(suggestionsLoaded(suggestions.data.map((s) => s.attributes)));
      } catch {
        // Suggestions are a help, not the page: without them the no-results page still stands.
      }
    }
    return {
      status: error.status === 400 ? 400 : 404,
      head: {
        // 'noResults.title' is written with the brand (a page title only); 'notFound.title' is the heading too.
        title: noResults
          ? intl.formatMessage({ id: 'noResults.title' })
          : branded(intl.formatMessage({ id: 'notFound.title' })),
        noindex: true,
      },
    };
  }
}

function placeMoved(redirect: string, status: 301 | 302, intl: IntlShape): PageResult {
  return { status, redirect, head: { title: intl.formatMessage({ id: 'app.name' }), noindex: true } };
}

/** The keyword object of an error document's meta (a search that found nothing has one). */
function keywordOf(meta: Record<string, unknown> | undefined): SearchMeta['keyword'] {
  const keyword = meta?.keyword;
  return keyword && typeof keyword === 'object' ? (keyword as SearchMeta['keyword']) : undefined;
}

/** The keyword object's where of an error document's meta. */
function keywordWhere(meta: Record<string, unknown> | undefined): unknown {
  return keywordOf(meta)?.where;
}

export function* loadSearchResults(params: QueryParams): SagaIterator<PageResult> {
  const target = yield select((state: RootState) => state.app.site.target);
  // A paid-search URL (sem, isSemUrl) loads the landing ads, premium first; boost_ads_since the retention ads.
  const isSemUrl = Boolean(params.sem) || Boolean(params.isSemUrl) || Boolean(params.dsa);
  const path = params.boost_ads_since ? 'retention' : isSemUrl ? 'landing' : target === 'homes' ? 'search/m' : 'search';
  return yield call(loadResults, params, path);
}

/** Paid landing pages (adwords-*): premium ads first, same page. */
export function* loadLanding(params: QueryParams): SagaIterator<PageResult> {
  return yield call(loadResults, params, 'landing');
}
