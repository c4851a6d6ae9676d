import path from 'node:path';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { SqliteSearchStore } from '../search/SqliteSearchStore';
import { siteCode } from '../search/siteKeys';
import { FeedChangedError, MalformedFeedError, type FeedFormat, type FeedText } from './feedRecords';
import { BatchWriter, runShare, type BatchRanges, type BatchResult } from './importBatches';
import { ImportStopped, TurnGate } from './turnGate';
import { RemotePlaces } from './placeChannel';
import { PlaceResolver } from './placeResolver';
import { RecordPreparer, type PrepareConfig, type WarningCount } from './prepareRecords';

/**
 * A worker thread of a feed import (decision 044): one thread's share of phase 2 — it reads
 * the file, maps and prepares the records of its batches, and writes each batch in its turn
 * through its own connection to the store. It posts each batch's result to the importer, and
 * asks it the places (it holds the gazetteer).
 */

export interface FeedWorkerData {
  file: string;
  /** The file, opened by the importer (a file renamed over it meanwhile is not read). */
  fd: number;
  /** Its `fileStamp` then. */
  stamp: string;
  format: FeedFormat;
  config: PrepareConfig;
  /** The search store's file. */
  dbFile: string;
  run: number;
  batchSize: number;
  threads: number;
  thread: number;
  gate: SharedArrayBuffer;
  /** Where its place questions go (the importer's thread holds the gazetteer), and the answer flag. */
  places: MessagePort;
  placeSignal: SharedArrayBuffer;
  /** The import connection's page cache (KiB, negative), memory map and WAL checkpoint interval (pages, 0: never). */
  cacheSize: number;
  mmapSize: number;
  /** How long its connection waits for the write lock (`IMPORT_BUSY_MS`). */
  busyTimeoutMs: number;
  walCheckpointPages: number;
}

/** What the importer tells a worker once the file is checked. */
export interface FeedWorkerPlan {
  type: 'plan';
  ranges?: BatchRanges;
  text: FeedText;
  /** A gzip feed's gunzipped copy, opened by the importer, read instead of it (by `ranges`). */
  plain?: { file: string; fd: number };
}

export type FeedWorkerMessage =
  | { type: 'result'; result: BatchResult }
  | { type: 'end'; warnings: WarningCount[] }
  | { type: 'error'; message: string; stopped: boolean; malformed: boolean; changed: boolean };

async function run(data: FeedWorkerData, port: NonNullable<typeof parentPort>): Promise<void> {
  const gate = new TurnGate(data.gate);
  let store: SqliteSearchStore | undefined;
  try {
    const { config } = data;
    store = new SqliteSearchStore(path.dirname(data.dbFile));
    store.db.pragma(`busy_timeout = ${data.busyTimeoutMs}`);
    store.db.pragma(`mmap_size = ${data.mmapSize}`);
    store.db.pragma(`cache_size = ${data.cacheSize}`);
    store.db.pragma(`wal_autocheckpoint = ${data.walCheckpointPages}`);
    const db = store.db;
    const knownStmt = config.sourceHadAds
      ? db.prepare('SELECT hash, live FROM feed_ads WHERE source_id = ? AND partner_id = ?')
      : undefined;
    const known = knownStmt
      ? (partnerId: string) => knownStmt.get(config.sourceId, partnerId) as { hash: string; live: number } | undefined
      : undefined;
    const preparer = new RecordPreparer(
      config,
      new PlaceResolver(new RemotePlaces(data.places, data.placeSignal, gate)),
      known,
    );
    // The check of the file says how to read it: by the byte ranges of its batches when it is plain.
    const plan = await new Promise<FeedWorkerPlan>((resolve) =>
      port.once('message', (m: FeedWorkerPlan) => resolve(m)),
    );
    await runShare({
      ...(plan.ranges ? { ranges: plan.ranges } : {}),
      text: plan.text,
      file: plan.plain?.file ?? data.file,
      fd: plan.plain?.fd ?? data.fd,
      // The gunzipped copy, which the importer wrote whole, cannot change; the file itself can.
      ...(plan.plain ? {} : { stamp: data.stamp }),
      format: data.format,
      batchSize: data.batchSize,
      threads: data.threads,
      thread: data.thread,
      preparer,
      writer: new BatchWriter(store, data.run, config, siteCode(config.site)),
      gate,
      wait: (b) => gate.waitSync(b),
      onResult: (result) => port.postMessage({ type: 'result', result } satisfies FeedWorkerMessage),
    });
    port.postMessage({ type: 'end', warnings: preparer.warnings() } satisfies FeedWorkerMessage);
  } catch (err) {
    gate.stop();
    port.postMessage({
      type: 'error',
      message: err instanceof Error ? err.message : String(err),
      stopped: err instanceof ImportStopped,
      malformed: err instanceof MalformedFeedError,
      changed: err instanceof FeedChangedError,
    } satisfies FeedWorkerMessage);
  } finally {
    store?.close();
  }
}

if (parentPort && (workerData as { feedWorker?: FeedWorkerData } | undefined)?.feedWorker) {
  void run((workerData as { feedWorker: FeedWorkerData }).feedWorker, parentPort);
}
