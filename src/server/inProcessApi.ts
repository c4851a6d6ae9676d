import { JSONAPI, PARSED_BODY } from '../shared/api/http';
import type { SearchCaller } from '../services/search/sitesRouter';

/** Where the services are mounted in this process (src/services/createServices.ts). */
const SITES_MOUNT = '/api/sites';

/**
 * A fetch for the web role's own service calls when the api role shares the
 * process (no API_BASE_URL, no SEARCH_BASE_URL): GETs of the search calls
 * under `<localApiBase>/sites/...` are answered by the search service in
 * process, with the status and JSON:API document its router would send, and
 * without a socket, Express, compression or a JSON round trip (the document
 * rides on the response as PARSED_BODY; `text()` still gives its JSON). Every
 * other call goes to `fallback` (the real fetch, over loopback) unchanged.
 */
export function createInProcessFetch(search: SearchCaller, fallback: typeof fetch = fetch): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : undefined;
    const target = url !== undefined && method === 'GET' ? localSitesCall(url) : undefined;
    if (!target) return fallback(input, init);
    const answer = await search(target.path, target.selfPath, target.query);
    if (!answer) return fallback(input, init);
    return documentResponse(answer.status, answer.document);
  }) as typeof fetch;
}

/** `http://127.0.0.1:<port>/api/sites/uk/homes/search/m?...` → its path under the mount, whole path and query. */
function localSitesCall(url: string): { path: string; selfPath: string; query: string } | undefined {
  const prefix = 'http://127.0.0.1:';
  if (!url.startsWith(prefix)) return undefined;
  const slash = url.indexOf('/', prefix.length);
  if (slash < 0 || !url.startsWith(`${SITES_MOUNT}/`, slash)) return undefined;
  const q = url.indexOf('?', slash);
  const selfPath = q < 0 ? url.slice(slash) : url.slice(slash, q);
  if (selfPath.includes('#')) return undefined;
  return { path: selfPath.slice(SITES_MOUNT.length), selfPath, query: q < 0 ? '' : url.slice(q + 1) };
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  404: 'Not Found',
  500: 'Internal Server Error',
};

function documentResponse(status: number, document: Record<string, unknown>): Response {
  let text: string | undefined;
  const json = () => (text ??= JSON.stringify(document));
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: STATUS_TEXT[status] ?? '',
    redirected: false,
    type: 'basic',
    url: '',
    headers: new Headers({ 'Content-Type': JSONAPI }),
    bodyUsed: false,
    text: async () => json(),
    json: async () => JSON.parse(json()) as unknown,
    [PARSED_BODY]: document,
  } as unknown as Response;
}
