import { ApiSearchError } from './errors';
import type { HttpClient } from './http';

/** A JSON:API document as the search service answers it. */
export interface SearchDocument<A = Record<string, unknown>, M = Record<string, unknown>> {
  data: A;
  meta?: M;
}

export type SearchQuery = Record<string, string | number | boolean | undefined | null>;

const searchError = (message: string, code: string | number, status: number): ApiSearchError =>
  new ApiSearchError(message, code, status);

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
    suggestions: (query) => get('suggestions', 'suggestions', query),
  };
}
