import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { emailAlertRequested, emailDialogToggled } from '../../state/alerts';
import type { RootState } from '../../state/store';
import { Modal } from '../Modal';

/** The e-mail capture dialog (product-spec §5): address, terms, optional newsletter; closed by default. */
export function EmailCaptureDialog({ search }: { search: string }) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const { isLoading, formError, error, alreadyCreated, channel, notice } = useSelector(
    (state: RootState) => state.alerts.creation,
  );
  const [email, setEmail] = useState('');
  const [terms, setTerms] = useState(false);
  const [newsletter, setNewsletter] = useState(false);
  const id = useId();
  const emailInput = useRef<HTMLInputElement>(null);
  const termsInput = useRef<HTMLInputElement>(null);
  // A refused form puts the visitor on its first wrong field, whose error its description reads out.
  useEffect(() => {
    if (formError?.email) emailInput.current?.focus();
    else if (formError?.terms) termsInput.current?.focus();
  }, [formError]);
  const close = () => dispatch(emailDialogToggled(false));
  const t = (key: Parameters<typeof intl.formatMessage>[0]['id'], values?: Record<string, string>) =>
    intl.formatMessage({ id: key }, values);

  function submit(event: FormEvent) {
    event.preventDefault();
    dispatch(emailAlertRequested(email, terms, newsletter));
  }

  if (alreadyCreated && channel === 'email') {
    return (
      <Modal title={t('alerts.email.title')} onClose={close} className="alert-dialog">
        <p className="alert-dialog__done" role="status">
          {t('alerts.email.created')}
        </p>
        {notice && <p className="alert-dialog__notice">{t(notice)}</p>}
        <div className="alert-modal__actions">
          <button type="button" className="button button--primary" onClick={close} data-autofocus>
            {t('alerts.close')}
          </button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal title={t('alerts.email.title')} onClose={close} className="alert-dialog">
      <p>{t('alerts.email.intro', { search })}</p>
      <form className="alert-form" noValidate onSubmit={submit} aria-busy={isLoading}>
        <label htmlFor={`${id}-email`}>{t('alerts.email.label')}</label>
        <input
          ref={emailInput}
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={formError?.email ? true : undefined}
          aria-describedby={formError?.email ? `${id}-email-error` : undefined}
          data-autofocus
        />
        {formError?.email && (
          <p id={`${id}-email-error`} className="alert-form__error">
            {t(formError.email)}
          </p>
        )}
        <div className="alert-form__check">
          <input
            ref={termsInput}
            id={`${id}-terms`}
            name="terms"
            type="checkbox"
            checked={terms}
            onChange={(e) => setTerms(e.target.checked)}
            aria-invalid={formError?.terms ? true : undefined}
            aria-describedby={formError?.terms ? `${id}-terms-error` : undefined}
          />
          <label htmlFor={`${id}-terms`}>{t('alerts.email.terms')}</label>
        </div>
        {formError?.terms && (
          <p id={`${id}-terms-error`} className="alert-form__error">
            {t(formError.terms)}
          </p>
        )}
        <div className="alert-form__check">
          <input
            id={`${id}-newsletter`}
            name="newsletter"
            type="checkbox"
            checked={newsletter}
            onChange={(e) => setNewsletter(e.target.checked)}
          />
          <label htmlFor={`${id}-newsletter`}>{t('alerts.email.newsletter')}</label>
        </div>
        {error && (
          <p className="alert-form__error" role="alert">
            {t(error)}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={isLoading}>
          {t('alerts.email.submit')}
        </button>
      </form>
    </Modal>
  );
}
