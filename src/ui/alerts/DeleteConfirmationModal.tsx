import { useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { deleteCancelled, deleteConfirmed } from '../../state/notifications';
import type { RootState } from '../../state/store';
import { alertLabel } from './alertLabel';
import { Modal } from '../Modal';

/** Asks before an alert (or every e-mail alert) is cancelled; nothing changes until confirmed. */
export function DeleteConfirmationModal() {
  const intl = useIntl();
  const dispatch = useDispatch();
  const { pendingDeletion, emailAlerts, searches, user } = useSelector((state: RootState) => state.notifications);
  if (!pendingDeletion) return null;
  const all = pendingDeletion.kind === 'allEmail';
  const list = pendingDeletion.kind === 'push' ? searches : emailAlerts;
  const alert = list.find((a) => a.id === pendingDeletion.notificationId);
  const body = all
    ? intl.formatMessage({ id: 'nm.deleteAll.body' }, { email: user?.email ?? '' })
    : intl.formatMessage({ id: 'nm.delete.body' }, { search: alert ? alertLabel(intl, alert.what, alert.where) : '' });
  const cancel = () => dispatch(deleteCancelled());
  return (
    <Modal
      title={intl.formatMessage({ id: all ? 'nm.deleteAll.title' : 'nm.delete.title' })}
      onClose={cancel}
      className="alert-modal--confirm"
    >
      <p>{body}</p>
      <div className="alert-modal__actions">
        <button type="button" className="button button--secondary" onClick={cancel} data-autofocus>
          {intl.formatMessage({ id: 'nm.delete.keep' })}
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={() => dispatch(deleteConfirmed(pendingDeletion))}
        >
          {intl.formatMessage({ id: 'nm.delete.confirm' })}
        </button>
      </div>
    </Modal>
  );
}
