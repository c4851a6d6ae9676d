import { useEffect, useState, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import { SUGGESTIONS_MAX } from '../../shared/domain/constants';
import { activeFilterCount } from '../../shared/domain/filters';
import { stringifyQuery } from '../../shared/routing/query';
import type { RootState } from '../../state/store';
import { filtersToggled, placeOnScreen } from '../../state/search';

import { FiltersPanel } from '../../ui/LazyFiltersPanel';
import { SearchForm } from '../../ui/SearchForm';
import { useBuildPath } from '../../ui/RoutesContext';
import { queryToParams } from '../../ui/SeoLinks';

export function NotFoundPage() {
  const intl = useIntl();
  return (
    <section className="error-page" aria-labelledby="error-title">
      <h1 id="error-title">{intl.formatMessage({ id: 'notFound.title' })}</h1>
      <p>{intl.formatMessage({ id: 'notFound.message' })}</p>
      <SearchForm />
    </section>
  );
}

export function ServerErrorPage() {
  const intl = useIntl();
  const buildPath = useBuildPath();
  return (
    <section className="error-page" aria-labelledby="error-title">
      <h1 id="error-title">{intl.formatMessage({ id: 'serverError.title' })}</h1>
      <Link className="button button--primary" to={buildPath('home')}>
        {intl.formatMessage({ id: 'serverError.button' })}
      </Link>
    </section>
  );
}

function onConnectionChange(notify: () => void): () => void {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
}

/** Whether the browser says it is online; the server renders as online (hydration matches it). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    onConnectionChange,
    () => navigator.onLine,
    () => true,
  );
}

const ONLINE_SETTLE_MS = 1_000;
const ONLINE_RETRY_MS = 10_000;

/**
 * The page of a visitor without a connection: a page they moved to in the app that could not load,
 * or (from the service worker) one they had not seen before. It loads the page again once the
 * browser is back online, or when asked.
 */
export function OfflinePage() {
  const intl = useIntl();
  useEffect(() => {
    let timer: number | undefined;
    const reloadIn = (ms: number) => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => window.location.reload(), ms);
    };
    // Back online: the connection may take a moment to carry requests.
    const onOnline = () => reloadIn(ONLINE_SETTLE_MS);
    window.addEventListener('online', onOnline);
    // Shown while the browser says it is online (the network dropped the request): try again now and then.
    if (navigator.onLine && !window.location.pathname.endsWith('/offline')) reloadIn(ONLINE_RETRY_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      window.clearTimeout(timer);
    };
  }, []);
  return (
    <section className="error-page" aria-labelledby="error-title">
      <h1 id="error-title">{intl.formatMessage({ id: 'offline.title' })}</h1>
      <p>{intl.formatMessage({ id: 'offline.message' })}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {intl.formatMessage({ id: 'offline.retry' })}
      </button>
    </section>
  );
}

/** A search that found nothing: the searched text, two tips, the filters link and up to 3 suggestions. */
export function NoResultsPage() {
  const intl = useIntl();
  const buildPath = useBuildPath();
  const { params, location } = useSelector((state: RootState) => state.page);
  const site = useSelector((state: RootState) => state.app.site);
  const suggestions = useSelector((state: RootState) => state.search.suggestions).slice(0, SUGGESTIONS_MAX);
  const what = params.what == null ? '' : String(params.what);
  // The where as the site names the place the service found there ("Jersey City" for "jersey city").
  const named = useSelector((state: RootState) => state.search.error?.where);
  const where = placeOnScreen(params.where == null ? '' : String(params.where), named);
  const searched = [what, where].filter(Boolean).join(', ');
  const filters = activeFilterCount(params, site.target);
  const dispatch = useDispatch();
  return (
    <section className="no-results" aria-labelledby="no-results-title">
      <SearchForm initialWhat={what} initialWhere={where} />
      <h1 id="no-results-title">{intl.formatMessage({ id: 'noResults.message' })}</h1>
      {searched && (
        <p className="no-results__searched">{intl.formatMessage({ id: 'noResults.searched' }, { text: searched })}</p>
      )}
      <ul className="no-results__tips">
        <li>{intl.formatMessage({ id: 'noResults.tipSpelling' })}</li>
        <li>{intl.formatMessage({ id: 'noResults.tipFewerWords' })}</li>
      </ul>
      <p>
        <a
          href={`${site.basePath}${location.pathname}${location.search}#filters`}
          onClick={(event) => {
            // Without JavaScript the browser follows the link to the panel; with it, the store opens the
            // panel (a hash navigation would be another history entry of the same page, for nothing).
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            dispatch(filtersToggled(true));
            const panel = document.getElementById('filters');
            panel?.scrollIntoView({ block: 'start' });
            // The page behind an open panel is inert on a phone: focus goes to the panel's own control.
            requestAnimationFrame(() => panel?.querySelector<HTMLElement>('summary')?.focus());
          }}
        >
          {intl.formatMessage({ id: 'noResults.openFilters' }, { count: filters })}
        </a>
      </p>
      <FiltersPanel action={`${site.basePath}${location.pathname}`} pathname={location.pathname} params={params} />
      {suggestions.length > 0 && (
        <nav aria-label={intl.formatMessage({ id: 'noResults.suggestions' })}>
          <ul className="suggestions">
            {suggestions.map((s) => {
              const { what: sWhat, where: sWhere, ...rest } = queryToParams(s.query, site.units);
              const href = buildPath('serp_search', { what: sWhat, where: sWhere });
              return (
                <li key={`${s.prefix}-${s.name}`}>
                  <Link to={`${href}${stringifyQuery(rest)}`}>
                    {s.prefix && <span className="suggestions__prefix">{s.prefix} </span>}
                    <strong>{s.name}</strong>
                    {s.suffix} <span className="suggestions__total">({intl.formatNumber(s.total)})</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
    </section>
  );
}

/**
 * The page for an error status: 500 the server error page (the offline page when the browser has
 * no connection: the page could not be asked for, nothing failed); a search that
 * found nothing the no-results page (not on the ad page, not for a 400);
 * anything else not found (product-spec §2).
 */
export function ErrorPage() {
  const status = useSelector((state: RootState) => state.page.status);
  const routeName = useSelector((state: RootState) => state.page.routeName);
  const searchError = useSelector((state: RootState) => state.search.error);
  const location = useSelector((state: RootState) => state.page.location);
  const online = useOnline();
  // A page that could not load offline stays the offline page once the connection is back: that page
  // loads it again then, and the server error page in its place would unmount it (cancelling the
  // reload) and tell of a failure there was not. The next location starts afresh.
  const [offlineAt, setOfflineAt] = useState<RootState['page']['location']>();
  if (status >= 500 && !online && offlineAt !== location) setOfflineAt(location);
  if (status >= 500) return online && offlineAt !== location ? <ServerErrorPage /> : <OfflinePage />;
  if (status !== 400 && routeName !== 'adpage' && searchError?.reason === 'NO_RESULTS') return <NoResultsPage />;
  return <NotFoundPage />;
}
