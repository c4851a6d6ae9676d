import { useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import { appBannerDismissed } from '../../state/banners';
import { APP_STORE_LINKS, rememberAppBannerDismissed } from './appStores';

/**
 * The download-app banner (product-spec §2), phones only, until dismissed,
 * never on an alert landing, and not while the cookie banner asks: PageChrome
 * renders it then. Rendered by the server and fixed at the bottom over a
 * spacer of its height, so neither its showing nor its leaving moves the page.
 */
export function AppBanner() {
  const intl = useIntl();
  const dispatch = useDispatch();
  const dismiss = () => {
    rememberAppBannerDismissed();
    dispatch(appBannerDismissed());
  };
  return (
    <>
      <div className="app-banner-spacer" aria-hidden="true" />
      <section className="app-banner" aria-label={intl.formatMessage({ id: 'chrome.appBanner.label' })}>
        <p className="app-banner__text">{intl.formatMessage({ id: 'chrome.appBanner.text' })}</p>
        <a className="app-banner__store" href={APP_STORE_LINKS.android} rel="noopener">
          {intl.formatMessage({ id: 'chrome.appBanner.android' })}
        </a>
        <a className="app-banner__store" href={APP_STORE_LINKS.ios} rel="noopener">
          {intl.formatMessage({ id: 'chrome.appBanner.ios' })}
        </a>
        <button
          type="button"
          className="app-banner__close"
          aria-label={intl.formatMessage({ id: 'chrome.appBanner.dismiss' })}
          onClick={dismiss}
        >
          <span aria-hidden="true">×</span>
        </button>
      </section>
    </>
  );
}
