import type { SagaIterator, Task } from 'redux-saga';
import { call, cancel, delay, fork, put, race, select, take } from 'redux-saga/effects';
import { verticalByName } from '../../config/verticals';
import type { Api } from '../shared/api/createApi';
import type { LocalStore } from '../shared/localStore';
import { PAGE_LOADED, PAGE_LOAD_STARTED, type PageAction } from '../state/page';
import {
  SOURCES_FAILED,
  SOURCES_LOADER_HIDE,
  SOURCES_LOADER_SHOW,
  SOURCES_START,
  SOURCES_SUCCESS,
  type SourceLogo,
} from '../state/sourcesLoader';
import type { RootState } from '../state/store';
import { getApi, getLocal } from './context';

/** The loader stays up at least this long, so it is read rather than flashed. */
export const SOURCES_LOADER_MIN_MS = 700;
/** …and never longer than this, whatever the search does (the hide timer). */
export const SOURCES_LOADER_MAX_MS = 6000;
const LAST_URL_KEY = 'sourcesLoaderUrl';
const RESULT_ROUTES = new Set(['serp_search', 'adwords-homes', 'adwords-cars', 'adwords-jobs']);

/** Loads the site's top partners, only when country and vertical id exist (spec §5). */
export function* loadSources(): SagaIterator {
  const { site } = yield select((state: RootState) => state.app);
  const verticalId = site.target === 'general' ? undefined : verticalByName(site.target)?.id;
  if (!site.country || !verticalId) return;
  const api: Api = yield getApi();
  yield put({ type: SOURCES_START });
  try {
    const doc: { data: Array<{ attributes: SourceLogo }> } = yield call(
      api.sources.topPlayers,
      site.country,
      verticalId,
    );
    yield put({ type: SOURCES_SUCCESS, sources: doc.data.map((d) => d.attributes).slice(0, 8) });
  } catch {
    yield put({ type: SOURCES_FAILED });
  }
}

/** The loader over one results page's load: shown, then hidden once it loaded (not before the minimum), or by the hide timer. */
function* showWhileLoading(): SagaIterator {
  yield put({ type: SOURCES_LOADER_SHOW });
  try {
    const { loaded } = yield race({ loaded: take(PAGE_LOADED), timer: delay(SOURCES_LOADER_MAX_MS) });
    // After the page's result the minimum, but never past the cap (a timer that fired hides at once).
    if (loaded) yield delay(SOURCES_LOADER_MIN_MS);
  } finally {
    // Hidden too when the next page's load starts first (this task is cancelled then).
    yield put({ type: SOURCES_LOADER_HIDE });
  }
}

/** Keeps the last URL shown with the loader in local storage; without one, nothing is lost. */
function* remember(local: LocalStore, url: string): SagaIterator {
  try {
    yield call([local, local.set], LAST_URL_KEY, url);
  } catch {
    // Without local storage the loader simply shows every time.
  }
}

/**
 * Triggered by a results page starting to load in the browser: shown (once
 * per URL, the last such URL kept locally), hidden when the page loaded but
 * not before the minimum, and by the hide timer at the latest.
 *
 * Nothing between a load's start and the watch for its end waits for local
 * storage: the last URL is read once, beside the watcher, and written without
 * being waited for. (Waiting for it let a search that answered before local
 * storage did end unseen, and the loader stayed until the hide timer.)
 */
export function* watchSourcesLoader(): SagaIterator {
  yield fork(loadSources);
  const local: LocalStore = yield getLocal();
  const last: { url: string | null; known: boolean } = { url: null, known: false };
  yield fork(function* readLast(): SagaIterator {
    try {
      const stored: string | null = yield call([local, local.get], LAST_URL_KEY);
      // A results page shown meanwhile is more recent than what was stored.
      if (!last.known) last.url = stored;
    } catch {
      // Without local storage the loader simply shows every time.
    }
  });
  let shown: Task | undefined;
  while (true) {
    const started: Extract<PageAction, { type: typeof PAGE_LOAD_STARTED }> = yield take(PAGE_LOAD_STARTED);
    if (shown?.isRunning()) yield cancel(shown);
    shown = undefined;
    if (!started.routeName || !RESULT_ROUTES.has(started.routeName)) continue;
    const url = `${started.pathname}${started.search}`;
    const again = last.url === url;
    last.url = url;
    last.known = true;
    if (again) continue;
    yield fork(remember, local, url);
    shown = yield fork(showWhileLoading);
  }
}
