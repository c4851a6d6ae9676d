import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useSelector } from 'react-redux';
import { defineChunk, loadable } from '../routes/loadable';
import type { RootState } from '../state/store';
import { PageChrome } from './banners/PageChrome';
import { Footer } from './Footer';
import { Header } from './Header';
import { RedirectOverlay } from './RedirectOverlay';
import { SourcesLoader } from './SourcesLoader';

/** The related-ads popup opens on a click on an ad: its code is prefetched while the browser is idle. */
const RelatedAdsModal = loadable(
  defineChunk(
    'dialog-related-ads',
    () => import(/* webpackChunkName: "dialog-related-ads", webpackPrefetch: true */ './RelatedAdsModal'),
  ),
  (m) => m.RelatedAdsModal,
);

/** The page chrome around every page: skip link, header, main, footer, loading bar. */
export function Shell({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const isLoading = useSelector((state: RootState) => state.page.isLoading);
  const location = useSelector((state: RootState) => state.page.location);
  const relatedAdsOpen = useSelector((state: RootState) => state.clickout.relatedModal.open);
  return (
    <>
      <a className="skip-link" href="#main">
        {intl.formatMessage({ id: 'app.skipToContent' })}
      </a>
      <Header />
      <div className={isLoading ? 'loading-bar loading-bar--active' : 'loading-bar'} role="presentation" />
      <main
        id="main"
        tabIndex={-1}
        aria-busy={isLoading}
        data-loaded={isLoading ? undefined : `${location.pathname}${location.search}`}
      >
        {children}
      </main>
      <Footer />
      {relatedAdsOpen && <RelatedAdsModal />}
      <RedirectOverlay />
      <SourcesLoader />
      <PageChrome />
    </>
  );
}
