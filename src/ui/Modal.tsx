import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

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
      if (event.key !== 'Tab' || !node) return;
      const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hidden);
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      if (event.shiftKey && (document.activeElement === firstItem || !node.contains(document.activeElement))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (document.activeElement === lastItem || !node.contains(document.activeElement))) {
        event.preventDefault();
        firstItem.focus();
      }
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
