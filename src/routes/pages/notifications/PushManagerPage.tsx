import { useEffect, useId } from 'react';
import { useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import {
  clientLoadRequested,
  deleteRequested,
  pushOperationRequested,
  type AlertItem,
} from '../../../state/notifications';
import type { RootState } from '../../../state/store';
import { alertDetails } from '../../../ui/alerts/alertDetails';
import { alertLabel } from '../../../ui/alerts/alertLabel';
import { DeleteConfirmationModal } from '../../../ui/alerts/DeleteConfirmationModal';
import { Snackbar } from '../../../ui/alerts/Snackbar';
import { AreaStatusMessage } from './AreaStatusMessage';
import { NotificationsNav } from './NotificationsNav';

/** Notifications manager, web push area: this browser's alerts, on and off, deleted after confirmation. */
export function PushManagerPage() {
  const intl = useIntl();
  const dispatch = useDispatch();
  const { searches, pushStatus, isExpired } = useSelector((state: RootState) => state.notifications);
  const title = useSelector((state: RootState) => state.page.head.title);

  useEffect(() => {
    dispatch(clientLoadRequested('push'));
  }, [dispatch]);

  return (
    <section className="nm">
      <h1>{title.replace(/ \| Trawl$/, '')}</h1>
      <NotificationsNav current="notifications_push" />
      {isExpired ? (
        <p className="notice nm-message">{intl.formatMessage({ id: 'nm.push.expired' })}</p>
      ) : pushStatus !== 'loaded' ? (
        <AreaStatusMessage status={pushStatus} noCredentials="nm.push.none" />
      ) : searches.length === 0 ? (
        <p className="nm-message">{intl.formatMessage({ id: 'nm.push.none' })}</p>
      ) : (
        <ul className="nm-list" aria-label={intl.formatMessage({ id: 'nm.push.heading' })}>
          {searches.map((search) => (
            <PushSearchRow key={search.id} search={search} />
          ))}
        </ul>
      )}
      <DeleteConfirmationModal />
      <Snackbar />
    </section>
  );
}

function PushSearchRow({ search }: { search: AlertItem }) {
  const intl = useIntl();
  const siteCountry = useSelector((state: RootState) => state.app.site.country);
  const dispatch = useDispatch();
  const id = useId();
  return (
    <li className={search.active ? 'nm-alert' : 'nm-alert nm-alert--paused'} data-alert-id={search.id}>
      <h2 className="nm-alert__label" id={`${id}-label`}>
        {alertLabel(intl, search.what, search.where)}
      </h2>
      <p className="nm-alert__details">{alertDetails(intl, search, siteCountry)}</p>
      <p className="nm-alert__state">{intl.formatMessage({ id: search.active ? 'nm.active' : 'nm.paused' })}</p>
      <div className="nm-alert__controls">
        <button
          type="button"
          className="button button--secondary"
          aria-describedby={`${id}-label`}
          onClick={() => dispatch(pushOperationRequested(search.id, search.active ? 'disabled' : 'enabled'))}
        >
          {intl.formatMessage({ id: search.active ? 'nm.turnOff' : 'nm.turnOn' })}
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-haspopup="dialog"
          aria-describedby={`${id}-label`}
          onClick={() => dispatch(deleteRequested({ kind: 'push', notificationId: search.id }))}
        >
          {intl.formatMessage({ id: 'nm.cancelAlert' })}
        </button>
      </div>
    </li>
  );
}
