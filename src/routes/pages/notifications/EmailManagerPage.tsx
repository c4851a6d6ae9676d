import { useEffect, useId } from 'react';
import { useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import type { NewsletterType } from '../../../shared/api/notificationsApi';
import {
  clientLoadRequested,
  deleteRequested,
  emailOperationRequested,
  newsletterRequested,
  type AlertItem,
} from '../../../state/notifications';
import type { RootState } from '../../../state/store';
import { alertDetails } from '../../../ui/alerts/alertDetails';
import { alertLabel } from '../../../ui/alerts/alertLabel';
import { DeleteConfirmationModal } from '../../../ui/alerts/DeleteConfirmationModal';
import { Snackbar } from '../../../ui/alerts/Snackbar';
import { AreaStatusMessage } from './AreaStatusMessage';
import { NotificationsNav } from './NotificationsNav';

const NEWSLETTERS: NewsletterType[] = ['terceros', 'partners'];

/** Notifications manager, e-mail area (product-spec §2). */
export function EmailManagerPage() {
  const intl = useIntl();
  const dispatch = useDispatch();
  const { user, emailAlerts, emailStatus, newsletters } = useSelector((state: RootState) => state.notifications);
  const title = useSelector((state: RootState) => state.page.head.title);

  useEffect(() => {
    dispatch(clientLoadRequested('email'));
  }, [dispatch]);

  const loaded = emailStatus === 'loaded' && user;
  const anyNewsletter = NEWSLETTERS.some((n) => newsletters[n].active);
  return (
    <section className="nm">
      <h1>{title.replace(/ \| Trawl$/, '')}</h1>
      <NotificationsNav current="notifications_email" />
      {!loaded && <AreaStatusMessage status={emailStatus} noCredentials="nm.noCredentials" />}
      {loaded && (
        <>
          <p className="nm-owner">{intl.formatMessage({ id: 'nm.email.for' }, { email: user.email })}</p>
          {emailAlerts.length === 0 ? (
            <p className="nm-message">{intl.formatMessage({ id: 'nm.empty' })}</p>
          ) : (
            <ul className="nm-list">
              {emailAlerts.map((alert) => (
                <EmailAlertRow key={alert.id} alert={alert} />
              ))}
            </ul>
          )}
          {emailAlerts.length > 0 && (
            <button
              type="button"
              className="button button--secondary nm-cancel-all"
              aria-haspopup="dialog"
              onClick={() => dispatch(deleteRequested({ kind: 'allEmail', notificationId: '*', ...user }))}
            >
              {intl.formatMessage({ id: 'nm.cancelAll' })}
            </button>
          )}
          <fieldset className="nm-newsletters">
            <legend>{intl.formatMessage({ id: 'nm.newsletters' })}</legend>
            {NEWSLETTERS.map((type) => (
              <div className="alert-form__check" key={type}>
                <input
                  id={`nm-newsletter-${type}`}
                  type="checkbox"
                  checked={newsletters[type].active}
                  onChange={(e) => dispatch(newsletterRequested(type, e.target.checked))}
                />
                <label htmlFor={`nm-newsletter-${type}`}>{intl.formatMessage({ id: `nm.newsletter.${type}` })}</label>
              </div>
            ))}
            <button
              type="button"
              className="button button--secondary"
              disabled={!anyNewsletter}
              onClick={() => {
                for (const type of NEWSLETTERS)
                  if (newsletters[type].active) dispatch(newsletterRequested(type, false));
              }}
            >
              {intl.formatMessage({ id: 'nm.unsubscribeNewsletters' })}
            </button>
          </fieldset>
        </>
      )}
      <DeleteConfirmationModal />
      <Snackbar />
    </section>
  );
}

function EmailAlertRow({ alert }: { alert: AlertItem }) {
  const intl = useIntl();
  const siteCountry = useSelector((state: RootState) => state.app.site.country);
  const dispatch = useDispatch();
  const user = useSelector((state: RootState) => state.notifications.user);
  const id = useId();
  const label = alertLabel(intl, alert.what, alert.where);
  const frequencies =
    alert.frequency === 'never' ? (['daily', 'weekly', 'never'] as const) : (['daily', 'weekly'] as const);
  return (
    <li className={alert.active ? 'nm-alert' : 'nm-alert nm-alert--paused'} data-alert-id={alert.id}>
      <h2 className="nm-alert__label" id={`${id}-label`}>
        {label}
      </h2>
      <p className="nm-alert__details">{alertDetails(intl, alert, siteCountry)}</p>
      <p className="nm-alert__state">{intl.formatMessage({ id: alert.active ? 'nm.active' : 'nm.paused' })}</p>
      <div className="nm-alert__controls">
        <label htmlFor={`${id}-frequency`}>{intl.formatMessage({ id: 'nm.frequency' })}</label>
        <select
          id={`${id}-frequency`}
          value={alert.frequency ?? 'daily'}
          onChange={(e) => dispatch(emailOperationRequested(alert.id, e.target.value as 'daily' | 'weekly' | 'never'))}
        >
          {frequencies.map((f) => (
            <option key={f} value={f}>
              {f === 'never' ? '—' : intl.formatMessage({ id: f === 'daily' ? 'nm.daily' : 'nm.weekly' })}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button button--secondary"
          aria-describedby={`${id}-label`}
          onClick={() => dispatch(emailOperationRequested(alert.id, alert.active ? 'disabled' : 'enabled'))}
        >
          {intl.formatMessage({ id: alert.active ? 'nm.turnOff' : 'nm.turnOn' })}
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-haspopup="dialog"
          aria-describedby={`${id}-label`}
          onClick={() => user && dispatch(deleteRequested({ kind: 'email', notificationId: alert.id, ...user }))}
        >
          {intl.formatMessage({ id: 'nm.cancelAlert' })}
        </button>
      </div>
    </li>
  );
}
