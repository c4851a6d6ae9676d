import { useEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { navigate as navigateAction } from '../state/page';
import { setInAppNavigate } from './browserEffects';
import type { RootState } from '../state/store';

/**
 * Ties the browser's history to the store: every location change after the
 * first dispatches a navigation, whose saga loads the page; a page result
 * that is a redirect replaces the location; the head follows the page.
 */
export function NavigationSync() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const page = useSelector((state: RootState) => state.page);
  const first = useRef(true);

  useEffect(() => setInAppNavigate((path) => navigate(path)), [navigate]);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
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
    document.title = page.head.title;
    const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (canonical && page.head.canonical) canonical.href = page.head.canonical;
    if (navigationType === 'PUSH') window.scrollTo(0, 0);
  }, [page.head, page.isLoading, navigationType]);

  return null;
}
