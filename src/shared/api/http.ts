import 'isomorphic-fetch';
import { API_TIMEOUT_MS } from '../domain/constants';
import { API_TIMEOUT_ERROR, ApiError, NETWORK_ERROR, UNKNOWN_ERROR_MESSAGE } from './errors';

export const JSONAPI = 'application/vnd.api+json';

/**
 * A response a server-side in-process fetch (src/server/inProcessApi.ts) made
 * from a service's document carries the document itself here: the client
 * takes it as the parsed body instead of a JSON round trip.
 */
export const PARSED_BODY: unique symbol = Symbol.for('trawl.api.parsedBody');

export type ErrorFactory = (
  message: string,
  code: string | number,
  status: number,
  reason?: string,
  /** The error document's `meta`, where the service gives one (a search without results: its keyword object). */
  meta?: Record<string, unknown>,
) => ApiError;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Lets the request outlive the page (tracking sent as the visitor leaves). */
  keepalive?: boolean;
}

/** Observes every call, for the metrics service (query, error, timeout, response time). */
export type CallObserver = (call: { name: string; ms: number; outcome: 'ok' | 'error' | 'timeout' }) => void;

export interface HttpClient {
  request<T>(name: string, url: string, options: RequestOptions, makeError: ErrorFactory): Promise<T>;
}

interface JsonApiErrorBody {
  reason?: string;
  meta?: Record<string, unknown>;
  errors?: Array<{ status?: string | number; code?: string; detail?: string; title?: string; error?: string }>;
}

/** The message rule of spec §8: 'reason - error' when the body gives both. */
function messageOf(body: JsonApiErrorBody | undefined, fallback: string): string {
  const first = body?.errors?.[0];
  const text = first?.detail ?? first?.error ?? first?.title;
  if (body?.reason && text) return `${body.reason} - ${text}`;
  return text ?? body?.reason ?? fallback;
}

export function toQueryString(query: RequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * fetch with a timeout (11 000 ms by default, spec §9), JSON:API headers and
 * typed errors. `extraHeaders` are sent on every call (the server forwards
 * the visitor's ip and user agent to the services).
 */
export function createHttpClient(
  options: { extraHeaders?: Record<string, string>; observe?: CallObserver; fetchImpl?: typeof fetch } = {},
): HttpClient {
  const doFetch = options.fetchImpl ?? fetch;
  return {
    async request<T>(name: string, url: string, req: RequestOptions, makeError: ErrorFactory): Promise<T> {
      const controller = new AbortController();
      const timeoutMs = req.timeoutMs ?? API_TIMEOUT_MS;
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      const started = Date.now();
      const done = (outcome: 'ok' | 'error' | 'timeout'): void =>
        options.observe?.({ name, ms: Date.now() - started, outcome });
      try {
        const response = await doFetch(`${url}${toQueryString(req.query)}`, {
          method: req.method ?? 'GET',
          headers: {
            Accept: JSONAPI,
            ...(req.body !== undefined ? { 'Content-Type': JSONAPI } : {}),
            ...options.extraHeaders,
            ...req.headers,
          },
          body: req.body !== undefined ? JSON.stringify(req.body) : undefined,
          signal: controller.signal,
          ...(req.keepalive ? { keepalive: true } : {}),
        });
        let body: unknown = (response as { [PARSED_BODY]?: unknown })[PARSED_BODY];
        if (body === undefined) {
          const text = await response.text();
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            body = undefined;
          }
        }
        if (!response.ok) {
          done('error');
          const errorBody = body as JsonApiErrorBody | undefined;
          const reason = errorBody?.errors?.[0]?.code ?? errorBody?.reason;
          const code = reason ?? errorBody?.errors?.[0]?.status ?? response.status;
          throw makeError(messageOf(errorBody, UNKNOWN_ERROR_MESSAGE), code, response.status, reason, errorBody?.meta);
        }
        done('ok');
        return body as T;
      } catch (error) {
        if (error instanceof ApiError) throw error;
        if ((error as Error).name === 'AbortError') {
          done('timeout');
          throw makeError(`${name} timed out after ${timeoutMs} ms`, API_TIMEOUT_ERROR, 504, API_TIMEOUT_ERROR);
        }
        done('error');
        throw makeError(`${name} failed: ${(error as Error).message}`, NETWORK_ERROR, 502, NETWORK_ERROR);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
