import { useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { ALERT_SECTIONS } from '../../shared/domain/alertRules';
import { pushAlertRequested, pushDialogToggled } from '../../state/alerts';
import type { RootState } from '../../state/store';
import { Modal } from '../Modal';

/** The web-push capture dialog: explains, then asks the browser's permission and saves the search. */
export function PushCaptureDialog({ search }: { search: string }) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const { isLoading, error, alreadyCreated, channel } = useSelector((state: RootState) => state.alerts.creation);
  const close = () => dispatch(pushDialogToggled(false));
  // Created, or refused by the browser, whose prompt will not come again: only closing is left.
  const done = alreadyCreated && channel === 'push';
  const refused = error === 'alerts.push.denied';
  return (
    <Modal title={intl.formatMessage({ id: 'alerts.push.title' })} onClose={close} className="alert-dialog">
      {done ? (
        <p className="alert-dialog__done" role="status">
          {intl.formatMessage({ id: 'alerts.push.created' })}
        </p>
      ) : (
        <p>{intl.formatMessage({ id: 'alerts.push.intro' }, { search })}</p>
      )}
      {error && (
        <p className="alert-form__error" role="alert">
          {intl.formatMessage({ id: error })}
        </p>
      )}
      <div className="alert-modal__actions">
        {done || refused ? (
          <button type="button" className="button button--primary" onClick={close} data-autofocus>
            {intl.formatMessage({ id: 'alerts.close' })}
          </button>
        ) : (
          <>
            <button type="button" className="button button--secondary" onClick={close}>
              {intl.formatMessage({ id: 'alerts.cancel' })}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={isLoading}
              onClick={() => dispatch(pushAlertRequested(ALERT_SECTIONS.pushDialog))}
              data-autofocus
            >
              {intl.formatMessage({ id: 'alerts.push.allow' })}
            </button>
          </>
        )}
      </div>
    </Modal>
  );
}
