import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/**
 * The WAL copier of an import with worker threads (decision 071, amended 27 November): a thread of
 * its own that copies the store's WAL into the store every `everyMs` (`PASSIVE`: beside the writer,
 * never blocking it) until it is told to stop. The writer whose turn it is then finds most of the
 * WAL copied, and its own checkpoint, which lets the next batch write the WAL from its start, copies
 * only the rest, so the checkpoints' copies and syncs leave the batches' critical path. Not on the
 * importer's thread: that one answers the workers' place questions, which a copy would hold up. An
 * entry of its own (`feedEntries`), which loads nothing but SQLite.
 */
export interface WalCopierData {
  dbFile: string;
  everyMs: number;
  /** Cell 0 set to 1 (and notified): stop. */
  stop: SharedArrayBuffer;
}

/** Runs in the copier's thread. */
export function copyWalUntilStopped(data: WalCopierData): void {
  const stop = new Int32Array(data.stop);
  const db = new Database(data.dbFile, { fileMustExist: true });
  try {
    while (Atomics.wait(stop, 0, 0, data.everyMs) === 'timed-out') {
      try {
        db.pragma('wal_checkpoint(PASSIVE)');
      } catch {
        // Not this thread's to report: a failing disk fails the batches' own writes.
      }
    }
  } finally {
    db.close();
  }
}

const data = workerData as { walCopier?: WalCopierData } | undefined;
if (parentPort && data?.walCopier) copyWalUntilStopped(data.walCopier);
