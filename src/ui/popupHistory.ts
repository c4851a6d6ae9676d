/**
 * The history entry of an open popup (docs/decisions/078-popups-and-back.md): a phone's Back closes
 * a dialog rather than leaving the page under it. The entry is the page's own (same URL, same router
 * state) with a mark, pushed past react-router, so the router sees nothing until Back pops it.
 */
const MARK = 'trawlPopup';

type EntryState = Record<string, unknown> | null;

/** Whether the current history entry is a popup's. */
export function popupEntryOnTop(): boolean {
  return typeof window !== 'undefined' && (window.history.state as EntryState)?.[MARK] === true;
}

/**
 * Gives an opened popup its history entry, and takes it back when the popup closes by its own
 * controls. `onBack` is called when Back (or any traversal) leaves the entry while the popup is open.
 * Returns the clean-up to call when the popup closes, for whatever reason.
 */
export function holdPopupEntry(onBack: () => void): () => void {
  // An entry left marked (a reload, a Forward onto it) is reused rather than stacked on.
  if (!popupEntryOnTop()) window.history.pushState({ ...(window.history.state as EntryState), [MARK]: true }, '');
  const onPop = () => {
    if (!popupEntryOnTop()) onBack();
  };
  window.addEventListener('popstate', onPop);
  return () => {
    window.removeEventListener('popstate', onPop);
    // Closed by its own controls: its entry goes too, so the next Back leaves the page as expected.
    // (A navigation from the popup replaced the entry already; Back popped it already.)
    if (popupEntryOnTop()) window.history.back();
  };
}
