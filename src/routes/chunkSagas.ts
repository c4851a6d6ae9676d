import type { SagaIterator } from 'redux-saga';

type Watcher = () => SagaIterator;

const started = new Set<Watcher>();
const waiting: Watcher[] = [];
let run: ((watcher: Watcher) => void) | undefined;

/**
 * Starts a long-lived watcher that comes with a chunk's UI rather than with
 * every page (rootSaga's): the alerts' watcher, with the alert button of the
 * results page and with the notification pages. Each starts once, in the
 * browser, as soon as the browser's store runs (`runChunkSagas`); the server
 * starts none, its pages' load sagas run to their end on their own.
 */
export function startWithChunk(watcher: Watcher): void {
  if (started.has(watcher)) return;
  started.add(watcher);
  if (run) run(watcher);
  else waiting.push(watcher);
}

/** The browser's store runs the watchers chunks started before it, and those they start later. */
export function runChunkSagas(runner: (watcher: Watcher) => void): void {
  run = runner;
  for (const watcher of waiting.splice(0)) runner(watcher);
}
