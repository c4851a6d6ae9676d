/** What can take focus by Tab, in a dialog or a panel that covers the page. */
export const FOCUSABLE =
  'a[href], summary, button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab and Shift+Tab inside `node`: from its last item to its first and back, and into it
 * from anywhere outside. For what covers the page: what is behind it cannot be seen to have focus.
 */
export function keepTabIn(node: HTMLElement, event: KeyboardEvent): void {
  if (event.key !== 'Tab') return;
  const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hidden);
  if (items.length === 0) {
    event.preventDefault();
    return;
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const outside = !node.contains(document.activeElement);
  if (event.shiftKey && (document.activeElement === first || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (document.activeElement === last || outside)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Makes everything in the page but `node` (and what contains it) inert: neither focus nor a screen
 * reader reaches what `node` covers. Returns the undo; elements already inert stay so.
 */
export function inertOutside(node: HTMLElement): () => void {
  const made: HTMLElement[] = [];
  for (let el: HTMLElement | null = node; el && el !== document.body; el = el.parentElement) {
    for (const sibling of el.parentElement?.children ?? []) {
      if (sibling === el || !(sibling instanceof HTMLElement) || sibling.inert) continue;
      sibling.inert = true;
      made.push(sibling);
    }
  }
  return () => {
    for (const el of made) el.inert = false;
  };
}
