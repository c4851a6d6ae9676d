import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { Gazetteer } from '../places/Gazetteer';
import { MalformedFeedError, readFeed, type FeedFormat, type RawRecord } from './feedRecords';
import { PlaceResolver } from './placeResolver';
import { RecordPreparer, type PrepareConfig, type PreparedBatch, type WarningCount } from './prepareRecords';

/**
 * The worker thread of a feed import (decision 044): reads the file, maps and prepares its
 * records (`RecordPreparer`) and posts them in batches to the importer, which writes them.
 * At most `window` batches are in flight; the importer returns a credit for each one it takes.
 */

export interface FeedWorkerData {
  file: string;
  /** The file, opened by the importer (a file renamed over it meanwhile is not read). */
  fd: number;
  format: FeedFormat;
  config: PrepareConfig;
  /** The search store's file, for the stored hashes (read-only; only when the source had ads). */
  dbFile: string;
  batchSize: number;
  window: number;
}

export type FeedWorkerMessage =
  | { type: 'batch'; batch: PreparedBatch }
  | { type: 'end'; warnings: WarningCount[] }
  | { type: 'error'; message: string; malformed: boolean; line?: number };

async function run(data: FeedWorkerData, port: NonNullable<typeof parentPort>): Promise<void> {
  let credits = data.window;
  let wake: (() => void) | undefined;
  port.on('message', (m: { type: 'credit' }) => {
    if (m.type !== 'credit') return;
    credits++;
    wake?.();
    wake = undefined;
  });
  const { config } = data;
  const db = config.sourceHadAds ? new Database(data.dbFile, { readonly: true, fileMustExist: true }) : undefined;
  try {
    const knownStmt = db?.prepare('SELECT hash, live FROM feed_ads WHERE source_id = ? AND partner_id = ?');
    const known = knownStmt
      ? (partnerId: string) => knownStmt.get(config.sourceId, partnerId) as { hash: string; live: number } | undefined
      : undefined;
    const gazetteer = new Gazetteer([config.site.country]);
    const preparer = new RecordPreparer(config, new PlaceResolver(gazetteer, config.site.country), known);
    const post = async (records: RawRecord[]): Promise<void> => {
      const batch = preparer.prepare(records);
      while (credits <= 0) await new Promise<void>((resolve) => (wake = resolve));
      credits--;
      port.postMessage({ type: 'batch', batch } satisfies FeedWorkerMessage);
    };
    let pending: RawRecord[] = [];
    for await (const records of readFeed(data.file, data.format, data.fd)) {
      for (const r of records) pending.push(r);
      while (pending.length >= data.batchSize) {
        const head = pending.slice(0, data.batchSize);
        pending = pending.slice(data.batchSize);
        await post(head);
      }
    }
    if (pending.length > 0) await post(pending);
    port.postMessage({ type: 'end', warnings: preparer.warnings() } satisfies FeedWorkerMessage);
  } catch (err) {
    port.postMessage({
      type: 'error',
      message: err instanceof Error ? err.message : String(err),
      malformed: err instanceof MalformedFeedError,
      ...(err instanceof MalformedFeedError && err.line !== undefined ? { line: err.line } : {}),
    } satisfies FeedWorkerMessage);
  } finally {
    db?.close();
  }
}

if (parentPort && (workerData as { feedWorker?: FeedWorkerData } | undefined)?.feedWorker) {
  const port = parentPort;
  void run((workerData as { feedWorker: FeedWorkerData }).feedWorker, port);
}
