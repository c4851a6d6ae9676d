import { startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createIntl, createIntlCache } from 'react-intl';
import { BrowserRouter } from 'react-router-dom';
import { App } from '../routes/App';
import { firstLoadChunks } from '../routes/firstLoadChunks';
import { runChunkSagas } from '../routes/chunkSagas';
import { loadChunks } from '../routes/loadable';
import { prefetchFromHome } from '../routes/pageChunks';
import { ignoreMissingTranslations, Root } from '../routes/Root';
import { createRoutes } from '../routes/routeTable';
import { rootSaga } from '../sagas/rootSaga';
import { createApi } from '../shared/api/createApi';
import type { IntlState } from '../state/intl';
import { createAppStore, type RootState } from '../state/store';
import { createErrorReporter } from '../shared/errorReporting';
import { impressionsFlushed } from '../state/tracking';
import { browserEffects } from './browserEffects';
import { createCallMetrics } from './callMetrics';
import { adoptVisitor, type NeutralPage } from './firstVisit';
import { createLocalStore } from './localStore';
import { NavigationSync } from './NavigationSync';
import { registerServiceWorker, removeLegacyCookies } from './serviceWorker';

declare global {
  interface Window {
    __TRAWL_STATE__: RootState;
    /** Present on a visitor-neutral page (decision 062). */
    __TRAWL_NEUTRAL__?: NeutralPage;
    __TRAWL_HYDRATED__?: boolean;
  }
}

// A visitor-neutral page (perhaps from a shared cache): the browser makes the visitor's ids before anything runs.
const state = window.__TRAWL_NEUTRAL__
  ? adoptVisitor(window.__TRAWL_STATE__, window.__TRAWL_NEUTRAL__, {
      cookies: () => document.cookie,
      userAgent: navigator.userAgent,
      referrer: document.referrer,
      search: window.location.search,
      randomId: browserEffects.randomId,
      setCookie: browserEffects.setCookie,
    })
  : window.__TRAWL_STATE__;
const routes = createRoutes();

/**
 * Marks the page hydrated (`window.__TRAWL_HYDRATED__`) once React has committed the hydrated
 * tree; then, on a home page, prefetches the pages it leads to while the browser is idle.
 */
function Hydrated({ home }: { home: boolean }): null {
  useEffect(() => {
    window.__TRAWL_HYDRATED__ = true;
    if (!home) return;
    if ('requestIdleCallback' in window) window.requestIdleCallback(prefetchFromHome, { timeout: 5000 });
    else setTimeout(prefetchFromHome, 2000);
  }, [home]);
  return null;
}

/**
 * The browser's start: the chunks of what the server rendered (its page, the
 * banners shown) first, then the store, the sagas and hydration. The server
 * sent those chunks' scripts with the page, so they are here already; a chunk
 * that fails to load does not stop the start (its Suspense boundary keeps the
 * server's HTML and tries again). Hydration runs as a transition, so React
 * does it in slices of a few milliseconds between which the browser handles
 * input, rather than in one long task a slow phone cannot answer during
 * (decision 061).
 */
function start(messages: IntlState['messages']): void {
  const intl = createIntl(
    { locale: state.intl.locale, messages, defaultLocale: 'en', onError: ignoreMissingTranslations },
    createIntlCache(),
  );
  const metricsBase = `${state.app.publicApiBase}/metrics`;
  const api = createApi({
    searchBase: state.app.publicSearchBase,
    apiBase: state.app.publicApiBase,
    observe: createCallMetrics(metricsBase).observe,
  });
  const report = createErrorReporter(metricsBase);
  const store = createAppStore(
    { ...state, intl: { ...state.intl, messages } },
    {
      api,
      intl,
      routes,
      browser: browserEffects,
      local: createLocalStore(() => navigator.cookieEnabled),
      report,
    },
  );
  store.sagaMiddleware.run(rootSaga);
  runChunkSagas((watcher) => store.sagaMiddleware.run(watcher));
  window.addEventListener('error', (event) => report(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => report(event.reason));
  window.addEventListener('pagehide', () => store.dispatch(impressionsFlushed()));

  const container = document.getElementById('root');
  if (container) {
    startTransition(() => {
      hydrateRoot(
        container,
        <Root store={store} routes={routes} intl={intl}>
          <BrowserRouter basename={state.app.site.basePath || undefined}>
            <NavigationSync />
            <App />
            <Hydrated home={state.page.routeName === 'home'} />
          </BrowserRouter>
        </Root>,
        {
          onRecoverableError(error) {
            window.dataLayer = window.dataLayer ?? [];
            window.dataLayer.push({ event: 'hydrationError', error: String(error) });
          },
        },
      );
    });
  }

  removeLegacyCookies();
  if (document.readyState === 'complete') void registerServiceWorker();
  else
    window.addEventListener('load', () => {
      void registerServiceWorker();
    });
}

/**
 * The page's words: the catalogue its state names (decision 060), already on
 * its way since the head preloads it, or the words the state carries.
 */
async function loadMessages(intl: IntlState): Promise<IntlState['messages']> {
  if (!intl.catalogue) return intl.messages;
  const response = await fetch(intl.catalogue);
  if (!response.ok) throw new Error(`Message catalogue ${intl.catalogue}: HTTP ${response.status}`);
  return (await response.json()) as IntlState['messages'];
}

// Without its words the page cannot hydrate: it stays the server's page (links and forms work), and says why.
void Promise.all([loadChunks(firstLoadChunks(state, routes)).catch(() => undefined), loadMessages(state.intl)]).then(
  ([, messages]) => start(messages),
  (error: unknown) => createErrorReporter(`${state.app.publicApiBase}/metrics`)(error),
);
