import type { Request, Response } from 'express';
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { renderToString } from 'react-dom/server';
import { END } from 'redux-saga';
import { StaticRouter } from 'react-router-dom';
import type { Site } from '../../config/sites';
import { App } from '../routes/App';
import { firstLoadChunks, HYDRATED_LATER } from '../routes/firstLoadChunks';
import { loadChunks } from '../routes/loadable';
import { ignoreMissingTranslations, Root } from '../routes/Root';
import type { AppRoutes } from '../routes/types';
import { loadPage } from '../sagas/pageSaga';
import { randomUUID } from 'node:crypto';
import { NO_LOCAL_STORE } from '../shared/localStore';
import type { BrowserEffects } from '../sagas/context';
import { createApi } from '../shared/api/createApi';
import type { ErrorReporter } from '../shared/errorReporting';
import type { CallObserver } from '../shared/api/http';
import { clientIdFor } from '../shared/domain/constants';
import { compiledMessagesFor } from '../shared/i18n/compiledMessages';
import type { PageResult } from '../state/page';
import { createAppStore, initialRootState, type AppAction, type RootState } from '../state/store';
import { scriptsFor, type ClientAssets } from './clientAssets';
import { renderDocument } from './document';
import { sendCompressed } from './compressPage';
import { catalogueFor } from './messageCatalogue';
import { mayRenderNeutral, PRIVATE_PAGE, setPageCaching, tracksEntry, withHashes } from './pageCaching';
import { hasTrawlCookie, visitorContext } from './requestContext';
import { consentContext, trackingContext } from './trackingContext';

type DeferredCookie = readonly [name: string, value: string, maxAgeSeconds: number];

/**
 * The server has no window: browser effects do nothing there, but cookies go
 * on the response, or, on a visitor-neutral page, into the page for the
 * browser to set (`deferred`): a shared cache must not replay a Set-Cookie.
 */
function serverBrowser(req: Request, res: Response, deferred?: DeferredCookie[]): BrowserEffects {
  return {
    assign: () => undefined,
    navigate: () => undefined,
    scrollY: () => 0,
    randomId: () => randomUUID(),
    pushDataLayer: () => undefined,
    now: () => Date.now(),
    setCookie: (name, value, maxAgeSeconds) => {
      if (deferred) deferred.push([name, value, maxAgeSeconds]);
      else if (!res.headersSent)
        res.cookie(name, value, { maxAge: maxAgeSeconds * 1000, path: '/', sameSite: 'lax', secure: req.secure });
    },
  };
}

export interface RenderOptions {
  /** Where failures the sagas catch are reported. */
  report: ErrorReporter;
  routes: AppRoutes;
  assets: () => ClientAssets;
  /** This site's search service base as the server reaches it, and as browsers do. */
  searchBase: (site: Site, req: Request) => { server: string; public: string };
  /** The other services' base as the server reaches them. */
  apiBase: (req: Request) => string;
  /** The fetch the server's api clients use (in process when the api role is here). */
  fetchImpl?: typeof fetch;
  publicApiBase: string;
  observe?: CallObserver;
  /** DEVICE_CLASS_HEADER: the request header a CDN sets to the visitor's device class (decision 062). */
  deviceHeader?: string;
  /** The page chrome's starting slices for a request (ad network, banners, feedback service). */
  chromeState?: (req: Request, app: RootState['app']) => Partial<RootState>;
}

const intlCache = createIntlCache();
const intls = new Map<string, IntlShape>();

/**
 * One IntlShape per locale, made once and used by every request's sagas and
 * render: formatters (number, plural, relative time) and compiled messages
 * are costly to build per request.
 */
function intlFor(locale: string): IntlShape {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl(
      { locale, messages: compiledMessagesFor(locale), defaultLocale: 'en', onError: ignoreMissingTranslations },
      intlCache,
    );
    intls.set(locale, intl);
  }
  return intl;
}

/**
 * The render pipeline: a store per request, the page's load saga run to its
 * end, then one render, with the status taken from the page's result.
 */
export function createPageRenderer(options: RenderOptions) {
  return async function renderPage(req: Request, res: Response): Promise<void> {
    const site = res.locals.site as Site;
    const nonce = res.locals.cspNonce as string;
    const pathname = req.path.slice(site.basePath.length) || '/';
    const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    const match = options.routes.match(pathname, search, site.target);
    // A HEAD to a click-out (a link checker, a prefetcher) records no click, which may be billed: it is sent
    // to the ad's page. Only a GET is a visitor's click.
    if (req.method === 'HEAD' && match?.route.name === 'clickout') {
      const adPage = options.routes.buildPath('adpage', { id: String(match.params.id) }, site.basePath);
      res.status(302).set('Cache-Control', 'private, no-cache').location(adPage).end();
      return;
    }
    // No Trawl cookie, a page that shows only what its URL asks for: the visitor-neutral rendering (decision 062).
    const neutral = match !== undefined && !hasTrawlCookie(req) && mayRenderNeutral(req, match.route.name);
    const deferredCookies: DeferredCookie[] | undefined = neutral ? [] : undefined;
    const visitor = visitorContext(req, res, { neutral, deviceHeader: options.deviceHeader });
    const intl = intlFor(site.locale);
    const bases = options.searchBase(site, req);
    const api = createApi({
      searchBase: bases.server,
      apiBase: options.apiBase(req),
      ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
      observe: options.observe,
      // Service answers cross loopback uncompressed: compressing them costs the CPU twice for nothing.
      extraHeaders: {
        'X-Forwarded-For': visitor.ip,
        'User-Agent': visitor.userAgent || 'trawl-web',
        'Accept-Encoding': 'identity',
      },
    });
    const preloaded = initialRootState(
      {
        site,
        device: visitor.device,
        isBot: visitor.isBot,
        clientId: clientIdFor(visitor.device),
        installationId: visitor.installationId,
        origin: `${req.protocol}://${req.get('host') ?? 'localhost'}`,
        publicApiBase: options.publicApiBase,
        publicSearchBase: bases.public,
        cookiesEnabled: visitor.cookiesEnabled,
      },
      { locale: site.locale, messages: compiledMessagesFor(site.locale), catalogue: catalogueFor(site.locale).url },
      trackingContext(req, res, site, visitor, { neutral }),
      consentContext(req, site),
    );
    Object.assign(preloaded, options.chromeState?.(req, preloaded.app));
    const store = createAppStore(preloaded, {
      api,
      intl,
      routes: options.routes,
      browser: serverBrowser(req, res, deferredCookies),
      local: NO_LOCAL_STORE,
      report: options.report,
      visitor: { ip: visitor.ip, userAgent: visitor.userAgent },
    });
    const result = (await store.sagaMiddleware
      .run(loadPage, pathname, search, match ?? null)
      .toPromise()) as PageResult;
    store.dispatch(END as unknown as AppAction);

    if (result.redirect !== undefined) {
      // The search form's redirect and the click-out's, which records a click: never kept by any cache.
      res.set('Cache-Control', PRIVATE_PAGE);
      res.redirect(
        result.status >= 300 && result.status < 400 ? result.status : 302,
        URL.canParse(result.redirect) ? result.redirect : `${site.basePath}${result.redirect}`,
      );
      return;
    }
    // The page's code and its banners' are chunks: loaded before the render, sent with the page (src/routes);
    // the filters panel's is rendered too but not sent (hydrated when it arrives).
    const chunks = firstLoadChunks(store.getState(), options.routes);
    await loadChunks([...chunks, ...HYDRATED_LATER]);
    const body = renderToString(
      <Root store={store} routes={options.routes} intl={intl}>
        <StaticRouter basename={site.basePath || undefined} location={`${site.basePath}${pathname}${search}`}>
          <App />
        </StaticRouter>
      </Root>,
    );
    const page = renderDocument({
      state: store.getState(),
      body,
      ...(neutral ? { cookies: deferredCookies } : { nonce }),
      scripts: scriptsFor(
        options.assets(),
        chunks.map((c) => c.name),
      ),
    });
    res.status(result.status);
    if (neutral) {
      const policy = res.getHeader('Content-Security-Policy');
      if (typeof policy === 'string') {
        res.setHeader('Content-Security-Policy', withHashes(policy, nonce, page.scriptHashes, page.styleHashes));
      }
    }
    setPageCaching(
      res,
      {
        neutral,
        status: result.status,
        deviceFromHeader: visitor.deviceFromHeader,
        tracksEntry: match !== undefined && tracksEntry(match.params),
      },
      options.deviceHeader,
    );
    res.type('html');
    sendCompressed(req, res, page.html);
  };
}
