import type { Request, Response } from 'express';
import type { QueryParams } from '../shared/routing/query';

/**
 * Routes whose page may be rendered visitor-neutral for a request without a
 * Trawl cookie (decision 062): pages that only show what their URL asks for.
 * Every other route (the no-JavaScript click-out, which records a billed
 * click; the notification pages, reached with a personal token) keeps
 * today's per-visitor rendering.
 */
export const NEUTRAL_ROUTES: ReadonlySet<string> = new Set([
  'home',
  'serp_search',
  'adpage',
  'homes',
  'cars',
  'jobs',
  'products',
  'topsearches',
  'adwords-homes',
  'adwords-cars',
  'adwords-jobs',
]);

/** Per-visitor pages: a browser may keep one but must ask again before using it; a shared cache never keeps one. */
export const PRIVATE_PAGE = 'private, no-cache';

/**
 * A neutral 200 page in a shared cache: fresh for 60 s (a new or expired ad
 * shows within a minute, while a hot results page costs the origin one
 * render a minute per cache node), then served stale for up to 30 s more
 * while the cache fetches it again, so no visitor waits on the refresh.
 * Browsers keep nothing (`max-age=0`): their next visit carries cookies.
 */
export const SHARED_PAGE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=30';

/** Query parameters whose page view the server records while rendering (`trackEntry`): such a URL is never shared. */
export function tracksEntry(params: QueryParams): boolean {
  const internal = params.internalsection;
  return params.from === 'alert' || (internal !== undefined && internal !== null && internal !== '');
}

/**
 * The page's Cache-Control and Vary: shared only for a neutral 200 page whose
 * device class came from the CDN's trusted header (or the URL), keyed on that
 * header and on the Cookie header (a request with cookies must not get it).
 */
export function setPageCaching(
  res: Response,
  page: { neutral: boolean; status: number; deviceFromHeader: boolean; tracksEntry: boolean },
  deviceHeader: string | undefined,
): void {
  const shared = page.neutral && page.status === 200 && page.deviceFromHeader && !page.tracksEntry && !!deviceHeader;
  res.set('Cache-Control', shared ? SHARED_PAGE : PRIVATE_PAGE);
  if (shared) {
    res.vary('Cookie');
    res.vary(deviceHeader as string);
  }
}

/**
 * The CSP of a neutral page: the request's nonce, which the page does not
 * carry, replaced by the hashes of the page's own inline scripts and styles.
 * The header is cached with the body, so it stays true for every copy.
 */
export function withHashes(policy: string, nonce: string, scriptHashes: string[], styleHashes: string[]): string {
  const source = `'nonce-${nonce}'`;
  return policy
    .split(';')
    .map((directive) => {
      const name = directive.trim().split(/\s+/)[0];
      if (name === 'script-src') return directive.replace(source, scriptHashes.join(' '));
      if (name === 'style-src') return directive.replace(source, styleHashes.join(' '));
      return directive.replace(source, '');
    })
    .join(';');
}

/** True for a request this neutral rendering may serve: no Trawl cookie (decided by the caller) and a neutral route. */
export function mayRenderNeutral(req: Request, routeName: string | undefined): boolean {
  return req.method === 'GET' || req.method === 'HEAD' ? NEUTRAL_ROUTES.has(routeName ?? '') : false;
}
