import type { SagaIterator } from 'redux-saga';
import { spawn } from 'redux-saga/effects';
import { watchApply } from './applySaga';
import { watchAutocomplete } from './autocompleteSaga';
import { watchNavigation } from './pageSaga';

/**
 * The browser's long-lived watchers. Each is spawned, so one failing
 * watcher does not take the others down.
 */
export function* rootSaga(): SagaIterator {
  yield spawn(watchNavigation);
  yield spawn(watchApply);
  yield spawn(watchAutocomplete);
}
