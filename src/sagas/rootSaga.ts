import type { SagaIterator } from 'redux-saga';
import { spawn } from 'redux-saga/effects';
import { watchAdSlots } from './adSlotsSaga';
import { watchApply } from './applySaga';
import { watchAutocomplete } from './autocompleteSaga';
import { watchClickouts } from './clickoutSaga';
import { watchConsent } from './consentSaga';
import { watchFeaturedAd } from './featuredAdSaga';
import { watchFeedback } from './feedbackSaga';
import { watchNavigation } from './pageSaga';
import { watchSourcesLoader } from './sourcesLoaderSaga';
import { watchTracking } from './trackingSaga';

/**
 * The browser's long-lived watchers. Each is spawned, so one failing
 * watcher does not take the others down. The alerts' watcher comes with the
 * alerts' UI instead (src/routes/chunkSagas.ts): home and ad pages carry
 * neither.
 */
export function* rootSaga(): SagaIterator {
  yield spawn(watchNavigation);
  yield spawn(watchApply);
  yield spawn(watchAutocomplete);
  yield spawn(watchConsent);
  yield spawn(watchClickouts);
  yield spawn(watchTracking);
  yield spawn(watchSourcesLoader);
  yield spawn(watchFeedback);
  yield spawn(watchFeaturedAd);
  yield spawn(watchAdSlots);
}
