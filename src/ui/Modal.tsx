import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { FOCUSABLE, keepTabIn } from './focusTrap';

/**
 * The one modal dialog of the app (the related-ads popup, e-mail and web-push
 * capture, delete confirmation): fixed over the page, so it shifts nothing; focus
 * moves in on open and is kept inside, Escape and the close button close it,
 * focus goes back to what had it; the page behind does not scroll.
 */
export function Modal({
  title,
  onClose,
  children,
  className = '',
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}) {
  const intl = useIntl();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const node = dialog.current;
    const first = node?.querySelector<HTMLElement>('[data-autofocus]') ?? node?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? node)?.focus();
    document.body.classList.add('alert-modal-open');
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
        return;
      }
      if (node) keepTabIn(node, event);
    }
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('alert-modal-open');
      const target =
        opener && opener.isConnected && opener !== document.body ? opener : document.getElementById('main');
      target?.focus();
    };
  }, []);

  return (
    <div className={`alert-modal ${className}`.trim()}>
      <div className="alert-modal__backdrop" aria-hidden="true" onClick={() => close.current()} />
      <div
        className="alert-modal__dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        ref={dialog}
        tabIndex={-1}
      >
        <div className="alert-modal__head">
          <h2 id={titleId} className="alert-modal__title">
            {title}
          </h2>
          <button
            type="button"
            className="alert-modal__close"
            aria-label={intl.formatMessage({ id: 'alerts.close' })}
            onClick={() => close.current()}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
