import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useSelector } from 'react-redux';
import type { RootState } from '../state/store';
import { PageChrome } from './banners/PageChrome';
import { CookieBanner } from './CookieBanner';
import { Footer } from './Footer';
import { Header } from './Header';
import { RedirectOverlay } from './RedirectOverlay';
import { SourcesLoader } from './SourcesLoader';
import { RelatedAdsModal } from './RelatedAdsModal';

/** The page chrome around every page: skip link, header, main, footer, loading bar. */
export function Shell({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const isLoading = useSelector((state: RootState) => state.page.isLoading);
  const location = useSelector((state: RootState) => state.page.location);
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
      <RelatedAdsModal />
      <RedirectOverlay />
      <SourcesLoader />
      <PageChrome />
      <CookieBanner />
    </>
  );
}
