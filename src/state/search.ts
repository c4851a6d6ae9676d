import { listingAd, type Ad, type SearchMeta, type Suggestion } from '../shared/domain/ad';
import { orderResults, type OrderedResults } from '../shared/domain/adOrdering';
import { required } from './payload';

export interface SearchError {
  code: string | number;
  status: number;
  message: string;
  /** The service's name for the failure (NO_RESULTS, PAGE_NOT_FOUND ...). */
  reason?: string;
  /** The place the service found for the where, by its name, when it found nothing there. */
  where?: string;
}

/** Results page state (product-spec §4 "Search results"). */
export interface SearchState {
  readonly isFetching: boolean;
  readonly error: SearchError | null;
  readonly results: OrderedResults;
  readonly meta: SearchMeta | null;
  readonly suggestions: Suggestion[];
  readonly filtersOpen: boolean;
}

export const SEARCH_STARTED = 'search/started';
export const SEARCH_SUCCEEDED = 'search/succeeded';
export const SEARCH_FAILED = 'search/failed';
export const SUGGESTIONS_LOADED = 'search/suggestionsLoaded';
export const FILTERS_TOGGLED = 'search/filtersToggled';

export type SearchAction =
  | { type: typeof SEARCH_STARTED }
  | { type: typeof SEARCH_SUCCEEDED; organic: Ad[]; meta: SearchMeta }
  | { type: typeof SEARCH_FAILED; error: SearchError }
  | { type: typeof SUGGESTIONS_LOADED; suggestions: Suggestion[] }
  | { type: typeof FILTERS_TOGGLED; open: boolean };

export const searchStarted = (): SearchAction => ({ type: SEARCH_STARTED });
export const searchSucceeded = (organic: Ad[], meta: SearchMeta): SearchAction => ({
  type: SEARCH_SUCCEEDED,
  organic: required(organic),
  meta: required(meta),
});
export const searchFailed = (error: SearchError): SearchAction => ({ type: SEARCH_FAILED, error });
export const suggestionsLoaded = (suggestions: Suggestion[]): SearchAction => ({
  type: SUGGESTIONS_LOADED,
  suggestions: required(suggestions),
});
export const filtersToggled = (open: boolean): SearchAction => ({ type: FILTERS_TOGGLED, open });

/**
 * The where of the results on screen: the search service's name for the place it found ("London" for
 * "london", "Łódź" for "lodz", "Roma" for an old link's "rome", "الرياض" for "riyadh"), which is the
 * site's own name for it (decisions 077, 081); the visitor's words when it found none, or when they
 * name the place's region too ("Portland, Maine": the name alone is Oregon's Portland).
 */
export function placeOnScreen(where: string, named: string | undefined): string {
  return named && !/[,،，、]/.test(where) ? named : where;
}

const EMPTY_RESULTS: OrderedResults = {
  premiumTop: [],
  organic: [],
  premiumBottom: [],
  nearby: [],
  similarContent: [],
};

export const initialSearchState: SearchState = {
  isFetching: false,
  error: null,
  results: EMPTY_RESULTS,
  meta: null,
  suggestions: [],
  filtersOpen: false,
};

/**
 * The meta a results page reads: counts, facets, page and last page, and the
 * keyword's words and places. The service's pagination links, keyword
 * hierarchy and breadcrumb are for other clients; the page builds its own links.
 */
function pageMeta(meta: SearchMeta): SearchMeta {
  const { keyword } = meta;
  return {
    title: meta.title,
    description: meta.description,
    totalCount: meta.totalCount,
    totalPremiumCount: meta.totalPremiumCount,
    countIsEstimate: meta.countIsEstimate,
    fresh: meta.fresh,
    facets: meta.facets,
    pagination: { page: meta.pagination.page, maxPage: meta.pagination.maxPage },
    ...(keyword
      ? {
          keyword: {
            what: keyword.what,
            where: keyword.where,
            didYouMeanWhat: keyword.didYouMeanWhat,
            redirectWhat: keyword.redirectWhat,
            redirectWhere: keyword.redirectWhere,
            geoInfo: keyword.geoInfo,
          },
        }
      : {}),
  };
}

export function searchReducer(state: SearchState = initialSearchState, action: SearchAction): SearchState {
  switch (action.type) {
    case SEARCH_STARTED:
      return { ...state, isFetching: true, error: null, results: EMPTY_RESULTS, suggestions: [], filtersOpen: false };
    case SEARCH_SUCCEEDED: {
      // The ads live once, in `results`, as their cards show them: the page's state (serialized
      // into every results page) keeps no second copy in `meta`, nor what no page reads.
      const { premium = [], similarContentAds = [], alternativeAds = [] } = action.meta;
      return {
        ...state,
        isFetching: false,
        meta: pageMeta(action.meta),
        results: orderResults(
          action.organic.map(listingAd),
          premium.map(listingAd),
          similarContentAds.map(listingAd),
          alternativeAds.map(listingAd),
        ),
      };
    }
    case SEARCH_FAILED:
      return { ...state, isFetching: false, error: action.error, meta: null };
    case SUGGESTIONS_LOADED:
      return { ...state, suggestions: action.suggestions };
    case FILTERS_TOGGLED:
      return { ...state, filtersOpen: action.open };
    default:
      return state;
  }
}
