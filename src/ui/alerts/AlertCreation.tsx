import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { startWithChunk } from '../../routes/chunkSagas';
import { canCreateAlert, whereOnScreen } from '../../sagas/alertPage';
import { emailDialogToggled, pushDialogToggled } from '../../state/alerts';
import { bottomBannerOf } from '../../state/banners';
import type { RootState } from '../../state/store';
import { defineChunk, loadable } from '../../routes/loadable';
import { alertLabel } from './alertLabel';
import { pushPermission, pushSupported } from './pushSupport';

/** The alerts' saga (the notification manager's): loaded and started once the button is on screen. */
const alertsSaga = defineChunk(
  'saga-alerts',
  () => import(/* webpackChunkName: "saga-alerts" */ '../../sagas/alertsSaga'),
);

/* The capture dialogs open on a click (prefetched while the browser is idle); the push banner shows only later. */
const EmailCaptureDialog = loadable(
  defineChunk(
    'dialog-email-alert',
    () => import(/* webpackChunkName: "dialog-email-alert", webpackPrefetch: true */ './EmailCaptureDialog'),
  ),
  (m) => m.EmailCaptureDialog,
);
const PushCaptureDialog = loadable(
  defineChunk(
    'dialog-push-alert',
    () => import(/* webpackChunkName: "dialog-push-alert", webpackPrefetch: true */ './PushCaptureDialog'),
  ),
  (m) => m.PushCaptureDialog,
);
const PushPermissionBanner = loadable(
  defineChunk('banner-push', () => import(/* webpackChunkName: "banner-push" */ './PushPermissionBanner')),
  (m) => m.PushPermissionBanner,
);

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/**
 * "Create an alert" (save this search) on a results page: the e-mail capture dialog, and where
 * the browser has the Push API the web-push capture dialog; shown only for a
 * search that may be an alert (validity and jobs rules, decision 032).
 */
export function AlertCreation() {
  const intl = useIntl();
  const dispatch = useDispatch();
  const allowed = useSelector(canCreateAlert);
  const creation = useSelector((state: RootState) => state.alerts.creation);
  const { params, location } = useSelector((state: RootState) => state.page);
  const where = useSelector(whereOnScreen);
  const pushBanner = useSelector((state: RootState) => bottomBannerOf(state) === 'push');
  // Known only in the browser: the button is in the markup from the start, hidden, so nothing moves.
  const [pushOffered, setPushOffered] = useState(false);

  useEffect(() => {
    setPushOffered(pushSupported() && pushPermission() !== 'denied');
    let mounted = true;
    void alertsSaga.load().then(
      (saga) => {
        startWithChunk(saga.watchAlerts);
        if (mounted) dispatch(saga.alertsUiMounted());
      },
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, [dispatch, location.pathname, location.search]);

  if (!allowed) return null;
  const search = alertLabel(intl, str(params.what).trim(), where);
  const dialogOpen = creation.emailDialogOpen || creation.pushDialogOpen;
  return (
    <div className="alert-creation">
      {creation.alreadyCreated ? (
        <p className="alert-creation__saved" role="status">
          <span aria-hidden="true">✓ </span>
          {intl.formatMessage({ id: 'alerts.saved' })}
        </p>
      ) : (
        <>
          <button
            type="button"
            className="button button--primary alert-creation__save"
            aria-haspopup="dialog"
            onClick={() => dispatch(emailDialogToggled(true))}
          >
            {intl.formatMessage({ id: 'alerts.save' })}
          </button>
          <button
            type="button"
            className="button button--secondary alert-creation__push"
            aria-haspopup="dialog"
            hidden={!pushOffered}
            onClick={() => dispatch(pushDialogToggled(true))}
          >
            {intl.formatMessage({ id: 'alerts.pushButton' })}
          </button>
        </>
      )}
      {!dialogOpen && creation.error && (
        <p className="alert-form__error" role="alert">
          {intl.formatMessage({ id: creation.error })}
        </p>
      )}
      {creation.emailDialogOpen && <EmailCaptureDialog search={search} />}
      {creation.pushDialogOpen && <PushCaptureDialog search={search} />}
      {pushBanner && <PushPermissionBanner />}
    </div>
  );
}
