import type { RequestHandler } from 'express';
import { resolveSite } from '../../config/sites';

/**
 * Methods and request headers the services take from a page: no service has a PUT or a DELETE; the
 * user control token comes in its own header or as a bearer token (the e-mail alert pages' links).
 */
const ALLOW_METHODS = 'GET, HEAD, POST, PATCH';
const ALLOW_HEADERS = 'Accept, Authorization, Content-Type, X-User-Control-Token';
/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = 600;

/** Whether an `Origin` is one of Trawl's sites (any host `resolveSite` knows). */
export function isSiteOrigin(origin: string): boolean {
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  return (url.protocol === 'https:' || url.protocol === 'http:') && resolveSite(url.host, '/') !== undefined;
}

/**
 * CORS for the services (service-calls spec §7: the search calls are cross-origin). A site's pages
 * call them on their own origin by default, or on another where PUBLIC_API_BASE_URL says so: a
 * page of any Trawl site may then read them, without credentials (no service reads a cookie from a
 * page's call). Other origins get no CORS headers, so browsers keep their pages from reading.
 */
export function siteCors(): RequestHandler {
  return (req, res, next) => {
    // Every answer depends on the Origin, also one without CORS headers: a shared cache keeping that
    // one must not give it to a site's page, which could then not read it.
    res.vary('Origin');
    const origin = req.get('Origin');
    if (!origin || !isSiteOrigin(origin)) {
      next();
      return;
    }
    res.set('Access-Control-Allow-Origin', origin);
    if (req.method === 'OPTIONS' && req.get('Access-Control-Request-Method')) {
      res
        .set({
          'Access-Control-Allow-Methods': ALLOW_METHODS,
          'Access-Control-Allow-Headers': ALLOW_HEADERS,
          'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE),
        })
        .status(204)
        .end();
      return;
    }
    next();
  };
}
