import type { RootState } from '../state/store';
import { chromeChunksShown } from '../ui/banners/PageChrome';
import type { Chunk } from './loadable';
import { pageShown } from './pageChunks';
import type { AppRoutes } from './types';

/**
 * The chunks of what the server renders for this state: the page shown and
 * the banners shown. The server loads them before it renders and sends their
 * scripts with the page; the browser loads them before it hydrates, so its
 * first render is the server's, with nothing missing and nothing moving.
 * Everything else (other pages, dialogs, the push banner) loads when used.
 */
export function firstLoadChunks(state: RootState, routes: AppRoutes): Chunk[] {
  const page = pageShown(state.page, state.app.device, routes).chunk;
  return [page, ...chromeChunksShown(state)];
}
