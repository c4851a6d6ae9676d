import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { snackbarClosed } from '../../state/notifications';
import type { RootState } from '../../state/store';

export const SNACKBAR_MS = 6000;

/** The snackbar of alert changes ("Alert updated", "Alert deactivated", or the error): a live region, always there. */
export function Snackbar() {
  const intl = useIntl();
  const dispatch = useDispatch();
  const snackbar = useSelector((state: RootState) => state.notifications.snackbar);
  useEffect(() => {
    if (!snackbar) return;
    const timer = setTimeout(() => dispatch(snackbarClosed()), SNACKBAR_MS);
    return () => clearTimeout(timer);
  }, [snackbar, dispatch]);
  return (
    <div className="snackbar" role="status" aria-live="polite">
      {snackbar && (
        <p className={`snackbar__message snackbar__message--${snackbar.kind}`} data-kind={snackbar.kind}>
          <span>{intl.formatMessage({ id: snackbar.message })}</span>
          <button type="button" className="snackbar__close" onClick={() => dispatch(snackbarClosed())}>
            {intl.formatMessage({ id: 'nm.dismiss' })}
          </button>
        </p>
      )}
    </div>
  );
}
