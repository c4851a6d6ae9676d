import { ApiSearchError, ApiSuggestionsError } from './errors';
import type { HttpClient } from './http';

/** A JSON:API document as the search service answers it. */
export interface SearchDocument<A = Record<string, unknown>, M = Record<string, unknown>> {
  data: A;
  meta?: M;
}

export type SearchQuery = Record<string, string | number | boolean | undefined | null>;

/**
 * Spec §8: a search failure's code is its status and its message 'reason - error' (the
 * service's name for it, then its words); the reason is kept apart for the sagas to branch on.
 */
const searchError = (
  message: string,
  _code: string | number,
  status: number,
  reason?: string,
  meta?: Record<string, unknown>,
): ApiSearchError =>
  new ApiSearchError(
    reason && !message.startsWith(`${reason} - `) ? `${reason} - ${message}` : message,
    status,
    status,
    reason,
    meta,
  );

/** The search service of one site (service-calls spec §7 "Search service"). */
export interface SearchApi {
  search(path: 'search' | 'search/m' | 'retention' | 'landing', query: SearchQuery): Promise<SearchDocument<unknown[]>>;
  ad(id: string, query: SearchQuery): Promise<SearchDocument>;
  relatedAds(id: string, query: SearchQuery): Promise<SearchDocument<unknown[]>>;
  autocomplete(field: string, query: SearchQuery): Promise<SearchDocument<unknown[]>>;
  seoLinks(query: SearchQuery): Promise<SearchDocument<unknown[]>>;
  suggestions(query: SearchQuery): Promise<SearchDocument<unknown[]>>;
}

export function createSearchApi(http: HttpClient, base: string): SearchApi {
  const get = <T>(name: string, path: string, query: SearchQuery): Promise<T> =>
    http.request<T>(name, `${base}/${path}`, { query }, searchError);
  return {
    search: (path, query) => get('search', path, query),
    ad: (id, query) => get('ad', `ad/${encodeURIComponent(id)}`, query),
    relatedAds: (id, query) => get('relatedAds', `ad/${encodeURIComponent(id)}/related`, query),
    autocomplete: (field, query) => get('autocomplete', `autocomplete/${encodeURIComponent(field)}`, query),
    seoLinks: (query) => get('seoLinks', 'seoLinks', query),
    // The suggestions service has its own error type (spec §8).
    suggestions: (query) =>
      http.request(
        'suggestions',
        `${base}/suggestions`,
        { query },
        (message, code, status, reason) => new ApiSuggestionsError(message, code, status, reason),
      ),
  };
}
