import { randomBytes } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import path from 'node:path';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import expressStaticGzip from 'express-static-gzip';
import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import helmet from 'helmet';
import { adNetworkFor, adTagOrigins } from '../../config/adSlots';
import { isHostHeader, resolveSite, type Site } from '../../config/sites';
import { GENERAL_ACCENT, verticalByName } from '../../config/verticals';
import { createRoutes } from '../routes/routeTable';
import { adSlotsStateFor } from '../state/adSlots';
import { bannersStateFor } from '../state/banners';
import { feedbackStateFor } from '../state/feedback';
import { shouldReport } from '../shared/errorReporting';
import { messagesFor } from '../shared/i18n/messages';
import type { CallObserver } from '../shared/api/http';
import type { SearchCaller } from '../services/search/sitesRouter';
import { PROJECT_ROOT, loadClientAssets, type ClientAssets } from './clientAssets';
import { renderUnknownSitePage } from './document';
import { createInProcessFetch } from './inProcessApi';
import type { Logger } from './logger';
import { CATALOGUE_PATH, catalogueHandler } from './messageCatalogue';
import { createPageRenderer } from './renderPage';
import { robotsHandler, sitemapHandler } from './sitemap';
import { ORIGIN_INSTALLED_APP } from '../shared/domain/visitor';

const YEAR_SECONDS = 31_536_000;

export interface ServerAppOptions {
  log: Logger;
  defaultCountry: string;
  trustProxy?: number;
  /** DEVICE_CLASS_HEADER: the CDN's device-class header; empty: pages are never shared-cacheable (decision 062). */
  deviceHeader?: string;
  /** Mounts the api role's services (under /api and friends) on this app. */
  mountServices?: (app: Express) => void;
  /** The mounted search service's calls in process: with no API_BASE_URL / SEARCH_BASE_URL, pages search without HTTP. */
  localSearch?: SearchCaller;
  /** Server-side base URL of the services; empty means this very process. */
  apiBaseUrl?: string;
  publicApiBaseUrl?: string;
  /** Template with {country} and {vertical}; empty means `<api>/sites/{country}/{vertical}`. */
  searchBaseUrl?: string;
  clientDir?: string;
  /** Readiness, as /readyz reports it. */
  isReady?: () => boolean;
  observe?: CallObserver;
  /** GET /metrics: Prometheus text of this process. */
  metricsHandler?: RequestHandler;
  /** AD_NETWORK_ID: one ad network for every site ('none': no ads); empty: each site's own (config/adSlots.ts). */
  adNetworkId?: string;
  /** AD_TAG_URL: the third-party ad tag script. */
  adTagUrl?: string;
  /** FEEDBACK_BASE_URL: the feedback service as browsers call it; empty: `<public api>/feedback`. */
  feedbackBaseUrl?: string;
}

function siteSearchBase(template: string, api: string, site: Site): string {
  const vertical = site.target === 'general' ? 'homes' : site.target;
  const pattern = template || `${api}/sites/{country}/{vertical}`;
  return pattern.replace('{country}', site.country).replace('{vertical}', vertical);
}

/** The web role (and, through `mountServices`, the api role) as one Express app. */
export function createServerApp(options: ServerAppOptions): Express {
  const app = express();
  const routes = createRoutes();
  let assets: ClientAssets = loadClientAssets(options.clientDir);
  const clientDir = assets.dir;
  const getAssets = (): ClientAssets => (assets.built ? assets : (assets = loadClientAssets(clientDir)));

  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', options.trustProxy ?? 0);
  app.use(compression());

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  if (options.metricsHandler) app.get('/metrics', options.metricsHandler);
  app.get('/readyz', (_req, res) => {
    const ready = options.isReady ? options.isReady() : true;
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready' });
  });

  app.use((req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64');
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const entry = { method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(ms * 10) / 10 };
      if (res.statusCode >= 500) options.log.error(entry, 'request');
      else options.log.info(entry, 'request');
    });
    next();
  });
  // RFC 9112 §3.2: a request without a Host, or with one that is not a host[:port], is a 400. Pages
  // build their canonical links, sitemaps and robots.txt from the Host, so nothing else may get that far.
  app.use((req, res, next) => {
    if (isHostHeader(req.get('host') ?? '')) {
      next();
      return;
    }
    res
      .status(400)
      .type('text')
      .set('Cache-Control', 'no-cache')
      .send('Bad Request: the Host header is not a host name');
  });
  const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce as string}'`;
  const publicApiOrigin = options.publicApiBaseUrl ? new URL(options.publicApiBaseUrl).origin : undefined;
  const feedbackOrigin = /^https?:\/\//.test(options.feedbackBaseUrl ?? '')
    ? new URL(options.feedbackBaseUrl as string).origin
    : undefined;
  const adNetwork = (site: Site) =>
    adNetworkFor(site.country, { networkId: options.adNetworkId, tagUrl: options.adTagUrl });
  // The ad tag's origins, only on a site with an ad network (decision 050).
  const adOrigins = (req: unknown, res: unknown) => {
    const locals = (res as Response).locals;
    if (typeof locals.adOrigins !== 'string') {
      const site = resolveSite((req as Request).get('host') ?? '', (req as Request).path, options.defaultCountry);
      const network = site ? adNetwork(site) : null;
      locals.adOrigins = network ? adTagOrigins(network.tagUrl).join(' ') : '';
    }
    return locals.adOrigins as string;
  };
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", nonce, adOrigins],
          styleSrc: ["'self'", nonce],
          // Partners' pictures are shown from their hosts, whichever they are (decision 096).
          imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:', adOrigins],
          connectSrc: [
            "'self'",
            ...(publicApiOrigin ? [publicApiOrigin] : []),
            ...(feedbackOrigin ? [feedbackOrigin] : []),
            adOrigins,
          ],
          frameSrc: ["'self'", adOrigins],
          fontSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          manifestSrc: ["'self'"],
          workerSrc: ["'self'"],
        },
      },
      strictTransportSecurity: { maxAge: YEAR_SECONDS, includeSubDomains: false },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(cookieParser());
  // cookie-parser reads a value written "j:…" as JSON. Every cookie of ours is a string: an object or a
  // number where one is read would break every page of that visitor, so such a cookie counts as absent.
  app.use((req, _res, next) => {
    const cookies = req.cookies as Record<string, unknown> | undefined;
    for (const [name, value] of Object.entries(cookies ?? {})) if (typeof value !== 'string') delete cookies?.[name];
    next();
  });

  options.mountServices?.(app);

  // Hashed assets: a year, immutable; the build's brotli and gzip copies, never compressed per request.
  app.use(
    '/assets',
    expressStaticGzip(path.join(clientDir, 'assets'), {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: { immutable: true, maxAge: YEAR_SECONDS * 1000, index: false, fallthrough: false },
    }),
  );
  app.get(`${CATALOGUE_PATH}/:file`, catalogueHandler);
  app.get('/sw.js', (_req, res, next) => {
    res.set('Cache-Control', 'no-cache');
    res.set('Service-Worker-Allowed', '/');
    res.sendFile(path.join(clientDir, 'sw.js'), (err) => err && next());
  });
  // Public files all have an extension: pages never pay for a look on disk.
  const publicFiles = express.static(path.join(PROJECT_ROOT, 'public'), { maxAge: 86_400_000, index: false });
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));

  app.use((req: Request, res: Response, next: NextFunction) => {
    const site = resolveSite(req.get('host') ?? '', req.path, options.defaultCountry);
    if (!site) {
      res
        .status(404)
        .type('html')
        .set('Cache-Control', 'no-cache')
        .send(renderUnknownSitePage(req.get('host') ?? ''));
      return;
    }
    res.locals.site = site;
    next();
  });

  app.get('/robots.txt', robotsHandler());
  app.get(
    ['/sitemap.xml', '/:prefix/sitemap.xml'],
    sitemapHandler({
      routes,
      apiBase: (req) => localApi(req),
      searchBase: (site, req) => siteSearchBase(options.searchBaseUrl ?? '', localApi(req), site),
    }),
  );
  app.get(['/manifest.webmanifest', '/:prefix/manifest.webmanifest'], (_req, res) => {
    const site = res.locals.site as Site;
    const messages = messagesFor(site.locale);
    const accent = site.target === 'general' ? GENERAL_ACCENT : (verticalByName(site.target)?.accent ?? GENERAL_ACCENT);
    const vertical = site.target === 'general' ? '' : ` ${messages[`vertical.${site.target}`]}`;
    res.type('application/manifest+json').set('Cache-Control', 'public, max-age=86400');
    res.send(
      JSON.stringify({
        name: `Trawl${vertical} ${site.countryName}`,
        short_name: `Trawl${vertical}`,
        lang: site.locale,
        dir: site.direction,
        start_url: `${site.basePath}/?origin=${ORIGIN_INSTALLED_APP}`,
        scope: `${site.basePath}/`,
        display: 'standalone',
        theme_color: accent,
        background_color: '#f6f7f9',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      }),
    );
  });

  // With no remote base, the web role calls this very process's services over loopback.
  const localApi = (req: Request): string =>
    options.apiBaseUrl || `http://127.0.0.1:${req.socket.localPort ?? 3000}/api`;
  const renderPage = createPageRenderer({
    routes,
    report: (err, context) => {
      if (shouldReport(err)) options.log.warn({ err, ...context }, 'page load failure');
    },
    assets: getAssets,
    chromeState: (req, appState) => ({
      adSlots: adSlotsStateFor(adNetwork(appState.site)),
      banners: bannersStateFor({
        device: appState.device,
        isBot: appState.isBot,
        cookies: (req.cookies ?? {}) as Record<string, string>,
        query: req.query as Record<string, unknown>,
      }),
      feedback: feedbackStateFor(options.feedbackBaseUrl || `${options.publicApiBaseUrl || '/api'}/feedback`),
    }),
    publicApiBase: options.publicApiBaseUrl || '/api',
    deviceHeader: options.deviceHeader || undefined,
    observe: options.observe,
    ...(options.localSearch && !options.apiBaseUrl && !options.searchBaseUrl
      ? { fetchImpl: createInProcessFetch(options.localSearch) }
      : {}),
    apiBase: (req) => localApi(req),
    searchBase: (site, req) => {
      const serverApi = localApi(req);
      const publicApi = options.publicApiBaseUrl || '/api';
      return {
        server: siteSearchBase(options.searchBaseUrl ?? '', serverApi, site),
        public: siteSearchBase(options.searchBaseUrl ?? '', publicApi, site),
      };
    },
  });
  // Every other path is a page. Matched without a path parameter: Express would decode one and answer a
  // bare 400 for a malformed escape ("/search/%E0%A4", a link cut inside a letter), where the page's own
  // routes keep what they cannot decode as written and answer with the site's page.
  app.get(/^\//, renderPage);
  app.all(/^\//, (_req, res) => {
    res.set({ Allow: 'GET, HEAD', 'Cache-Control': 'no-cache' }).status(405).type('text').send('Method Not Allowed');
  });

  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const { status, headers } = err as { status?: number; headers?: Record<string, string> };
    if (status && status >= 400 && status < 500 && !res.headersSent) {
      // A missing asset, a malformed request, a range past the end: the client's mistake, said plainly.
      // What a static file's handler set before it failed describes the file, not this answer
      // (its precompressed encoding above all); what the error carries for it (416's Content-Range) stays.
      for (const name of ['Content-Encoding', 'ETag', 'Last-Modified', 'Accept-Ranges']) res.removeHeader(name);
      if (headers) res.set(headers);
      res
        .status(status)
        .type('text')
        .set('Cache-Control', 'no-cache')
        .send(STATUS_CODES[status] ?? 'Bad Request');
      return;
    }
    options.log.error({ err, url: req.originalUrl }, 'request failed');
    if (res.headersSent) return;
    const site = res.locals.site as Site | undefined;
    const messages = messagesFor(site?.locale ?? 'en');
    res
      .status(500)
      .type('html')
      .set('Cache-Control', 'no-store')
      .send(
        `<!doctype html><html lang="${site?.locale ?? 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow, noarchive"><title>${messages['serverError.title']}</title></head><body><main><h1>${messages['serverError.title']}</h1><p><a href="${site?.basePath ?? ''}/">${messages['serverError.button']}</a></p></main></body></html>`,
      );
  });
  return app;
}
