import { useSelector } from 'react-redux';
import { defineChunk, loadable, type Chunk } from '../../routes/loadable';
import { bottomBannerOf } from '../../state/banners';
import type { RootState } from '../../state/store';

/*
 * Each piece of chrome is code of its own, loaded only where it shows: the
 * banners where the server renders them (their chunks go out with the page,
 * see `chromeChunksShown`), the feedback dialog when it first opens
 * (prefetched while the browser is idle, so it opens at once).
 */
const appBannerChunk = defineChunk('banner-app', () => import(/* webpackChunkName: "banner-app" */ './AppBanner'));
const cookieBannerChunk = defineChunk(
  'banner-cookie',
  () => import(/* webpackChunkName: "banner-cookie" */ '../CookieBanner'),
);
const feedbackChunk = defineChunk(
  'dialog-feedback',
  () => import(/* webpackChunkName: "dialog-feedback", webpackPrefetch: true */ '../feedback/FeedbackDialog'),
);

const AppBanner = loadable(appBannerChunk, (m) => m.AppBanner);
const CookieBanner = loadable(cookieBannerChunk, (m) => m.CookieBanner);
const FeedbackDialog = loadable(feedbackChunk, (m) => m.FeedbackDialog);

/** One banner at the bottom at a time (`bottomBannerOf`): the cookie banner's question comes first. */
const cookieBannerShown = (state: RootState): boolean => bottomBannerOf(state) === 'cookie';
const appBannerShown = (state: RootState): boolean => bottomBannerOf(state) === 'app';

/** The chunks of the chrome a page shows at first, sent with it and loaded before hydration. */
export function chromeChunksShown(state: RootState): Chunk[] {
  return [...(appBannerShown(state) ? [appBannerChunk] : []), ...(cookieBannerShown(state) ? [cookieBannerChunk] : [])];
}

/** The chrome every page carries outside its main content: the download-app and cookie banners, the feedback dialog. */
export function PageChrome() {
  const appBanner = useSelector(appBannerShown);
  const cookieBanner = useSelector(cookieBannerShown);
  const feedbackOpen = useSelector((state: RootState) => state.feedback.dialogOpen);
  return (
    <>
      {appBanner && <AppBanner />}
      {feedbackOpen && <FeedbackDialog />}
      {cookieBanner && <CookieBanner />}
    </>
  );
}
