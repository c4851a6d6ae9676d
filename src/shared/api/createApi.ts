import { createHttpClient, type CallObserver, type HttpClient } from './http';
import { createClickoutApi, type ClickoutApi } from './clickoutApi';
import { createFeedbackApi, type FeedbackApi } from './feedbackApi';
import { createKeywordsApi, type KeywordsApi } from './keywordsApi';
import type { NotificationsApi } from './notificationsApi';
import { createSearchApi, type SearchApi } from './searchApi';
import { createSourcesApi, type SourcesApi } from './sourcesApi';
import { createTrackingApi, type TrackingApi } from './trackingApi';

/** Every service client the sagas reach through their context (STYLE.md). */
export interface Api {
  readonly search: SearchApi;
  readonly sources: SourcesApi;
  readonly keywords: KeywordsApi;
  readonly notifications: NotificationsApi;
  readonly clickout: ClickoutApi;
  readonly tracking: TrackingApi;
  readonly feedback: FeedbackApi;
}

export interface ApiOptions {
  /** This site's search service base URL. */
  searchBase: string;
  /** Base of the other services (`/api` on the same origin by default). */
  apiBase: string;
  /** The feedback service's base; `<apiBase>/feedback` when absent. */
  feedbackBase?: string;
  extraHeaders?: Record<string, string>;
  observe?: CallObserver;
  /** The fetch to use (the server answers its own services in process). */
  fetchImpl?: typeof fetch;
}

export function createApi(options: ApiOptions): Api {
  const http = createHttpClient({
    extraHeaders: options.extraHeaders,
    observe: options.observe,
    ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
  });
  return {
    search: createSearchApi(http, options.searchBase),
    sources: createSourcesApi(http, options.apiBase),
    keywords: createKeywordsApi(http, options.apiBase),
    notifications: lazyNotificationsApi(http, options.apiBase),
    clickout: createClickoutApi(http, options.apiBase),
    tracking: createTrackingApi(http, options.apiBase),
    feedback: createFeedbackApi(http, options.feedbackBase || `${options.apiBase}/feedback`),
  };
}

/**
 * The notifications client, loaded with its first call: only the alert dialogs and the
 * notification manager use it, so it stays out of every page's first load (decision 061).
 */
function lazyNotificationsApi(http: HttpClient, base: string): NotificationsApi {
  let client: Promise<NotificationsApi> | undefined;
  const load = () =>
    (client ??= import(/* webpackChunkName: "api-notifications" */ './notificationsApi').then((m) =>
      m.createNotificationsApi(http, base),
    ));
  return new Proxy({} as NotificationsApi, {
    // Every method, by its name (not `then` nor a symbol: the client is no promise).
    get: (_target, method) =>
      typeof method !== 'string' || method === 'then'
        ? undefined
        : (...args: unknown[]) =>
            load().then((api) =>
              (api[method as keyof NotificationsApi] as (...a: unknown[]) => Promise<unknown>)(...args),
            ),
  });
}
