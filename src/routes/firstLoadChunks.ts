import type { RootState } from '../state/store';
import { chromeChunksShown } from '../ui/banners/PageChrome';
import { filtersChunk } from '../ui/LazyFiltersPanel';
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

/**
 * The chunks the server renders with any page that shows them, but whose scripts the page is not
 * sent with: the browser hydrates that part when its code arrives, after the page (React keeps the
 * server's HTML of it meanwhile). The filters panel works without JavaScript while it waits.
 */
export const HYDRATED_LATER: readonly Chunk[] = [filtersChunk];
