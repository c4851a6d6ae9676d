import { useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { consentAnswered } from '../state/consent';
import type { RootState } from '../state/store';

/**
 * The cookie banner (product-spec §2, §4): a link for more info, Agree and
 * Disagree. Sticky at the bottom of the window and last in the page, so it
 * shifts nothing and, scrolled to the end, covers nothing (the footer's links
 * stay within reach before the visitor answers). Shown
 * (PageChrome renders it) where the country needs consent and the visitor has
 * not answered.
 */
export function CookieBanner() {
  const intl = useIntl();
  const dispatch = useDispatch();
  const banner = useSelector((state: RootState) => state.consent.banner);
  return (
    <section className="cookie-banner" aria-label={intl.formatMessage({ id: 'consent.label' })}>
      <p>
        {intl.formatMessage({ id: 'consent.text' })}{' '}
        <a href={banner.url} target="_blank" rel="noopener">
          {intl.formatMessage({ id: 'consent.moreInfo' })}
        </a>
      </p>
      <div className="cookie-banner__actions">
        <button type="button" className="button button--secondary" onClick={() => dispatch(consentAnswered(false))}>
          {intl.formatMessage({ id: 'consent.disagree' })}
        </button>
        <button type="button" className="button button--primary" onClick={() => dispatch(consentAnswered(true))}>
          {intl.formatMessage({ id: 'consent.agree' })}
        </button>
      </div>
    </section>
  );
}
