import type { SagaIterator } from 'redux-saga';
import { actionChannel, call, delay, flush, fork, put, race, select, spawn, take } from 'redux-saga/effects';
import { AD_CLICKED, CLICKOUT_REQUESTED, REDIRECT_COUNT_LOADED, type ClickoutAction } from '../state/clickout';
import type { ErrorReporter } from '../shared/errorReporting';
import { FIRST_LOAD_DONE } from '../state/page';
import type { RootState } from '../state/store';
import { watchAdSlots } from './adSlotsSaga';
import { watchAutocomplete } from './autocompleteSaga';
import type * as ClickoutModule from './clickoutSaga';
import { watchConsent } from './consentSaga';
import { getBrowser, getReport, type BrowserEffects } from './context';
import { watchFeaturedAd } from './featuredAdSaga';
import { watchNavigation } from './pageSaga';
import { watchSourcesLoader } from './sourcesLoaderSaga';
import { watchTracking } from './trackingSaga';

/**
 * The browser's long-lived watchers. Each is spawned, so one failing
 * watcher does not take the others down. Some come with the UI that needs
 * them instead (src/routes/chunkSagas.ts): the alerts' with the alerts' UI,
 * the contact form's with the ad page, the feedback's with its dialog; and
 * the click-outs' once the first page is up.
 */
export function* rootSaga(): SagaIterator {
  yield spawn(watchNavigation);
  yield spawn(watchAutocomplete);
  yield spawn(watchConsent);
  yield spawn(watchClickoutsAfterFirstLoad);
  yield spawn(watchTracking);
  yield spawn(watchSourcesLoader);
  yield spawn(watchFeaturedAd);
  yield spawn(watchAdSlots);
}

type ClickoutFlow = typeof ClickoutModule;

/** How long early clicks wait for the stored redirect count (local storage that never answers puts none). */
const REDIRECT_COUNT_WAIT_MS = 2000;

/**
 * The click-out flow (spec §4) is a chunk loaded once the first page is up: no first paint waits for it.
 * A click made before is kept (the link's default is prevented) and handled as soon as it is there.
 */
export function* watchClickoutsAfterFirstLoad(): SagaIterator {
  const early = yield actionChannel([AD_CLICKED, CLICKOUT_REQUESTED]);
  const firstLoadDone: boolean = yield select((state: RootState) => state.page.firstLoadDone);
  if (!firstLoadDone) yield take(FIRST_LOAD_DONE);
  let flow: ClickoutFlow;
  try {
    flow = yield call(() => import(/* webpackChunkName: "saga-clickout" */ './clickoutSaga'));
  } catch (error) {
    const report: ErrorReporter = yield getReport();
    report(error, { saga: 'clickouts' });
    // Without the flow a click is the link it was: our ad page, or /out/:id, which records the click.
    const browser: BrowserEffects = yield getBrowser();
    const basePath: string = yield select((state: RootState) => state.app.site.basePath);
    for (;;) {
      const action: ClickoutAction = yield take(early);
      if (action.type === AD_CLICKED || action.type === CLICKOUT_REQUESTED) {
        yield call(browser.assign, `${basePath}${action.href}`);
      }
    }
  }
  // Those made before are taken out first; the watcher takes every click from now on, once it has read
  // the stored redirect count (spec §4), and the early ones then, as if just made (`takeLatest` included).
  const waiting: ClickoutAction[] = yield flush(early);
  early.close();
  yield fork(flow.watchClickouts);
  if (waiting.length > 0) {
    yield race({ loaded: take(REDIRECT_COUNT_LOADED), unreadable: delay(REDIRECT_COUNT_WAIT_MS) });
    for (const action of waiting) yield put(action);
  }
}
