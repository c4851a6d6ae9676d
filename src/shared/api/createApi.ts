import { createHttpClient, type CallObserver } from './http';
import { createSearchApi, type SearchApi } from './searchApi';

/** Every service client the sagas reach through their context (STYLE.md). */
export interface Api {
  readonly search: SearchApi;
}

export interface ApiOptions {
  /** This site's search service base URL. */
  searchBase: string;
  extraHeaders?: Record<string, string>;
  observe?: CallObserver;
}

export function createApi(options: ApiOptions): Api {
  const http = createHttpClient({ extraHeaders: options.extraHeaders, observe: options.observe });
  return { search: createSearchApi(http, options.searchBase) };
}
