import { useEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { navigate as navigateAction } from '../state/page';
import { popupEntryOnTop } from '../ui/popupHistory';
import { setInAppNavigate } from './browserEffects';
import { showHead } from './documentHead';
import type { RootState } from '../state/store';

/**
 * Where the visitor was on each page of this tab's history, by history entry. Back and Forward
 * within the app load the page again, and the browser's own restoration runs before it is there:
 * an ad opened from the 20th card came back to the top of the results.
 */
const scrollByEntry = new Map<string, number>();

/**
 * Ties the browser's history to the store: every location change after the
 * first dispatches a navigation, whose saga loads the page; a page result
 * that is a redirect replaces the location; the head follows the page; a new
 * page starts at the top, and Back or Forward return where the visitor was.
 */
export function NavigationSync() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const page = useSelector((state: RootState) => state.page);
  /** The path and query last navigated to: the page a history entry shows, whatever its hash or state. */
  const shownPath = useRef(`${location.pathname}${location.search}`);
  /** The history entry whose page is shown, loaded (none while the next one loads). */
  const entryShown = useRef<string | null>(location.key);

  useEffect(() => {
    const record = () => {
      if (entryShown.current !== null) scrollByEntry.set(entryShown.current, window.scrollY);
    };
    // Back or Forward: the browser may scroll the page still shown before the next one loads.
    const leave = () => {
      entryShown.current = null;
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('popstate', leave);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('popstate', leave);
    };
  }, []);

  // A navigation from a popup takes the popup's history entry (decision 078).
  useEffect(() => setInAppNavigate((path) => navigate(path, { replace: popupEntryOnTop() })), [navigate]);

  useEffect(() => {
    // Only another page loads: not the first one (the server's), not the same page under another
    // history entry (Back from a popup's entry, a hash the browser followed).
    const path = `${location.pathname}${location.search}`;
    if (path === shownPath.current) return;
    shownPath.current = path;
    entryShown.current = null;
    dispatch(navigateAction(location.pathname, location.search, navigationType));
  }, [location.pathname, location.search, navigationType, dispatch]);

  useEffect(() => {
    if (page.redirect === undefined || page.isLoading) return;
    // A redirect out of the site (a click-out) leaves the app; any other stays in it.
    if (/^https?:\/\//.test(page.redirect)) window.location.replace(page.redirect);
    else navigate(page.redirect, { replace: true });
  }, [page.redirect, page.isLoading, navigate]);

  useEffect(() => {
    if (page.isLoading) return;
    showHead(document, page.head, page.status);
  }, [page.head, page.status, page.isLoading]);

  useEffect(() => {
    if (page.isLoading || entryShown.current === location.key) return;
    // Until the store has taken the navigation, the page shown is still the last one.
    if (page.location.pathname !== location.pathname || page.location.search !== location.search) return;
    if (navigationType === 'PUSH') window.scrollTo(0, 0);
    else if (navigationType === 'POP') window.scrollTo(0, scrollByEntry.get(location.key) ?? 0);
    entryShown.current = location.key;
  }, [page.isLoading, page.location, location, navigationType]);

  return null;
}
