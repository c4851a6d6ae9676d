import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { REDIRECT_ENDED } from '../state/clickout';
import type { RootState } from '../state/store';

/** Shown while the visitor is sent to a partner; hidden again if they come back (bfcache). */
export function RedirectOverlay() {
  const intl = useIntl();
  const dispatch = useDispatch();
  const isRedirecting = useSelector((state: RootState) => state.clickout.isRedirecting);
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) dispatch({ type: REDIRECT_ENDED });
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [dispatch]);
  if (!isRedirecting) return null;
  return (
    <div className="redirect-overlay" role="status" aria-live="polite">
      <span className="redirect-overlay__spinner" aria-hidden="true" />
      {intl.formatMessage({ id: 'clickout.redirecting' })}
    </div>
  );
}
