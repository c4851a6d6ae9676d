import { createHttpClient, type CallObserver } from './http';
import { createKeywordsApi, type KeywordsApi } from './keywordsApi';
import { createSearchApi, type SearchApi } from './searchApi';
import { createSourcesApi, type SourcesApi } from './sourcesApi';

/** Every service client the sagas reach through their context (STYLE.md). */
export interface Api {
  readonly search: SearchApi;
  readonly sources: SourcesApi;
  readonly keywords: KeywordsApi;
}

export interface ApiOptions {
  /** This site's search service base URL. */
  searchBase: string;
  /** Base of the other services (`/api` on the same origin by default). */
  apiBase: string;
  extraHeaders?: Record<string, string>;
  observe?: CallObserver;
}

export function createApi(options: ApiOptions): Api {
  const http = createHttpClient({ extraHeaders: options.extraHeaders, observe: options.observe });
  return {
    search: createSearchApi(http, options.searchBase),
    sources: createSourcesApi(http, options.apiBase),
    keywords: createKeywordsApi(http, options.apiBase),
  };
}
