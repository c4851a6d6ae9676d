import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { Gazetteer } from '../places/Gazetteer';
import { AD_WRITE_DUP, type AdWrite, type SqliteSearchStore } from '../search/SqliteSearchStore';
import { siteCode } from '../search/siteKeys';
import type { AdInput, PricePoint, SiteKey, Source, StoredAd } from '../search/types';
import { isSameAd, priceWindow, type Fingerprint } from './dedup';
import {
  countFeedRecords,
  detectFormat,
  MalformedFeedError,
  readFeed,
  type FeedFormat,
  type RawRecord,
} from './feedRecords';
import type { FeedWorkerData, FeedWorkerMessage } from './feedWorker';
import { PlaceResolver } from './placeResolver';
import {
  RecordPreparer,
  type PrepareConfig,
  type PreparedBatch,
  type Rejection,
  type WarningCount,
} from './prepareRecords';

/**
 * Imports a partner's feed file into a site's search store, in three phases
 * (docs/decisions/042-staged-feed-imports.md, 044-overlapped-feed-imports.md):
 *
 * 1. **Check**: read the whole file through (records counted, none built). A
 *    malformed file stops here, before anything changed.
 * 2. **Apply**: map and prepare the records (in a worker thread for a big
 *    file) and, in short transactions of `batchSize` records on this thread,
 *    upsert the new and changed ads by (source, partner id) with their price
 *    history and duplicate group, and mark every ad the feed lists as seen by
 *    this run. The two overlap: the worker prepares a batch while this thread
 *    writes the one before.
 * 3. **Expire**: the source's live ads this run did not see (the feed is the
 *    full inventory), and every ad past its `expiration_date`.
 *
 * A run killed in phase 1 leaves the store as it was; killed in phase 2,
 * each ad is either its old or its new version and nothing is expired; the
 * next run completes the work.
 */

export interface ImportOptions {
  store: SqliteSearchStore;
  /** Places of the records mapped on this thread (default: the shared gazetteer); a worker loads its own. */
  gazetteer?: Gazetteer;
  site: SiteKey;
  sourceId: number;
  /** Name of the source when it is created (default `Partner <id>`). */
  sourceName?: string;
  file: string;
  format?: FeedFormat;
  /** False for a partial (delta) feed: missing ads are not expired. Default true. */
  full?: boolean;
  /** A full feed that would expire more than this share of the source's live ads is not expired (default 0.6). */
  maxExpireShare?: number;
  /** Epoch seconds; injected by tests. */
  now?: () => number;
  batchSize?: number;
  /**
   * Threads that map and prepare records beside the writing one: 0 maps on this thread, 1 in a
   * worker thread (default: 1 for a file of 8 MB or more, else 0).
   */
  workers?: number;
  onProgress?: (p: ImportProgress) => void;
}

export interface ImportProgress {
  /** `staging`: the file is being checked (`records` read so far); `applying`: `applied` of `toApply` records. */
  phase: 'staging' | 'applying' | 'expiring' | 'done';
  records: number;
  applied: number;
  toApply: number;
}

export type { Rejection };

export interface ImportSummary {
  run: number;
  source: number;
  site: string;
  file: string;
  format: FeedFormat;
  /** Records read from the file. */
  records: number;
  /** New ads. */
  imported: number;
  /** Known ads whose content changed (or came back). */
  updated: number;
  unchanged: number;
  /** Ads taken out of search: missing from the full feed, or past their expiration date. */
  expired: number;
  expiredMissing: number;
  expiredByDate: number;
  /** Ads that joined a duplicate group of another source's ad. */
  grouped: number;
  rejected: number;
  /** The first rejected records, with their line and reason. */
  rejections: Rejection[];
  /** Values left out of the index (kept in `feedAttributes`), counted by field and reason. */
  warnings: WarningCount[];
  /** Set when a full feed would have expired too much and expiry was skipped. */
  expirySkipped?: string;
  seconds: number;
  adsPerSecond: number;
}

const GROUP_BASE = 2 ** 50;
/** Files from this size are mapped in a worker thread (its start costs ~1 s: the gazetteer). */
const WORKER_MIN_BYTES = 8 << 20;
/** Prepared batches a worker may have in flight. */
const WORKER_WINDOW = 3;
/** The import connection's memory map and page cache (KiB, negative) while it runs. */
const IMPORT_MMAP_BYTES = 0;
const IMPORT_CACHE_KIB = -65_536;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS feed_runs (
  id INTEGER PRIMARY KEY AUTOINCREMENT, source_id INTEGER NOT NULL, file TEXT NOT NULL,
  started INTEGER NOT NULL, finished INTEGER, status TEXT NOT NULL, summary TEXT
);
CREATE TABLE IF NOT EXISTS feed_ads (
  source_id INTEGER NOT NULL, partner_id TEXT NOT NULL, ad_id TEXT NOT NULL, hash TEXT NOT NULL,
  seen_run INTEGER NOT NULL, live INTEGER NOT NULL, expires_at INTEGER,
  PRIMARY KEY (source_id, partner_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS feed_ads_expiry ON feed_ads(expires_at) WHERE live = 1 AND expires_at IS NOT NULL;
CREATE TABLE IF NOT EXISTS feed_staging (
  run_id INTEGER NOT NULL, seq INTEGER NOT NULL, partner_id TEXT NOT NULL, line INTEGER NOT NULL,
  doc TEXT, date_given INTEGER NOT NULL DEFAULT 0, hash TEXT NOT NULL, partner_coords INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (run_id, seq)
);
CREATE UNIQUE INDEX IF NOT EXISTS feed_staging_partner ON feed_staging(run_id, partner_id);
CREATE TABLE IF NOT EXISTS feed_dedup (
  ad_id TEXT PRIMARY KEY, site INTEGER NOT NULL, block TEXT NOT NULL, source_id INTEGER NOT NULL,
  price REAL, area REAL, rooms REAL, baths REAL, mileage REAL, lat REAL, lng REAL, sketch BLOB NOT NULL, dup INTEGER
);
CREATE INDEX IF NOT EXISTS feed_dedup_block ON feed_dedup(site, block, source_id, price);
CREATE TABLE IF NOT EXISTS feed_meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
`;

/** Creates the import's tables in the search store's file (idempotent). */
export function ensureFeedTables(db: Database.Database): void {
  db.exec(SCHEMA);
}

/** Creates the source when new; refuses a source of another site. */
export async function ensureSource(
  store: SqliteSearchStore,
  id: number,
  site: SiteKey,
  name?: string,
): Promise<Source> {
  const known = await store.source(id);
  if (known) {
    if (known.country !== site.country || known.vertical !== site.vertical) {
      throw new Error(
        `Source ${id} publishes on ${known.country}/${known.vertical}, not ${site.country}/${site.vertical}`,
      );
    }
    return known;
  }
  const source: Source = {
    id,
    name: name ?? `Partner ${id}`,
    image: `/media/logo/${id}.svg`,
    country: site.country,
    vertical: site.vertical,
    contactEmail: '',
    contactPhone: '',
    hasAdpageForm: false,
    campaigns: [],
  };
  await store.putSources([source]);
  return source;
}

interface DedupRow {
  ad_id: string;
  source_id: number;
  price: number | null;
  area: number | null;
  rooms: number | null;
  baths: number | null;
  mileage: number | null;
  lat: number | null;
  lng: number | null;
  sketch: Buffer;
  dup: number | null;
  block: string;
}

function rowFingerprint(row: DedupRow): Fingerprint {
  return {
    block: row.block,
    price: row.price,
    area: row.area,
    rooms: row.rooms,
    baths: row.baths,
    mileage: row.mileage,
    lat: row.lat,
    lng: row.lng,
    sketch: new Uint32Array(row.sketch.buffer.slice(row.sketch.byteOffset, row.sketch.byteOffset + row.sketch.length)),
  };
}

/** The price history after a change from the stored ad's price to the feed's. */
export function nextPrice(previous: StoredAd['price'], next: AdInput['price'], now: number, since: number) {
  if (!next) return undefined;
  if (!previous) return next;
  if (previous.value === next.value) {
    return {
      ...next,
      ...(previous.oldValue !== undefined ? { oldValue: previous.oldValue } : {}),
      ...(previous.history ? { history: previous.history } : {}),
    };
  }
  const history: PricePoint[] = previous.history?.length
    ? [...previous.history]
    : [{ date: since, value: previous.value }];
  history.push({ date: now, value: next.value });
  const price: NonNullable<AdInput['price']> = { ...next, history: history.slice(-20) };
  // A drop shows the price before it (the badge and the decrease_price filter read oldValue).
  if (next.value < previous.value) price.oldValue = previous.value;
  return price;
}

/** The prepared batches of a file, with the warnings once they are all read. */
interface BatchSource extends AsyncIterable<PreparedBatch> {
  warnings(): WarningCount[];
  close(): void;
}

export class FeedImporter {
  private readonly db: Database.Database;
  private readonly siteCode: number;
  private readonly now: () => number;
  private readonly batchSize: number;

  constructor(private readonly options: ImportOptions) {
    this.db = options.store.db;
    this.siteCode = siteCode(options.site);
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000));
    this.batchSize = options.batchSize ?? 2000;
    ensureFeedTables(this.db);
  }

  async run(): Promise<ImportSummary> {
    // The import's connection streams through the whole index once: a small page cache and no
    // memory map keep its resident memory bounded (the server's own connection keeps its settings).
    const db = this.db;
    const mmap = db.pragma('mmap_size', { simple: true }) as number;
    const cache = db.pragma('cache_size', { simple: true }) as number;
    db.pragma(`mmap_size = ${IMPORT_MMAP_BYTES}`);
    db.pragma(`cache_size = ${IMPORT_CACHE_KIB}`);
    try {
      return await this.runImport();
    } finally {
      if (db.open) {
        db.pragma(`mmap_size = ${mmap}`);
        db.pragma(`cache_size = ${cache}`);
      }
    }
  }

  private async runImport(): Promise<ImportSummary> {
    const o = this.options;
    const started = Date.now();
    const format = o.format ?? (await detectFormat(o.file));
    await ensureSource(o.store, o.sourceId, o.site, o.sourceName);
    const db = this.db;
    // Stale runs that died: abandoned (the store never saw them, or saw whole ads); staging of older versions dropped.
    db.transaction(() => {
      const stale = db
        .prepare(`SELECT id FROM feed_runs WHERE source_id = ? AND status IN ('staging', 'applying', 'expiring')`)
        .all(o.sourceId) as { id: number }[];
      for (const { id } of stale) {
        db.prepare('DELETE FROM feed_staging WHERE run_id = ?').run(id);
        db.prepare(`UPDATE feed_runs SET status = 'abandoned' WHERE id = ?`).run(id);
      }
    })();
    const run = Number(
      db
        .prepare(`INSERT INTO feed_runs (source_id, file, started, status) VALUES (?, ?, ?, 'staging')`)
        .run(o.sourceId, o.file, this.now()).lastInsertRowid,
    );
    const summary: ImportSummary = {
      run,
      source: o.sourceId,
      site: `${o.site.country}/${o.site.vertical}`,
      file: o.file,
      format,
      records: 0,
      imported: 0,
      updated: 0,
      unchanged: 0,
      expired: 0,
      expiredMissing: 0,
      expiredByDate: 0,
      grouped: 0,
      rejected: 0,
      rejections: [],
      warnings: [],
      seconds: 0,
      adsPerSecond: 0,
    };
    // One open file for both reads: a file renamed over it meanwhile is not read.
    const fd = fs.openSync(o.file, 'r');
    let batches: BatchSource | undefined;
    try {
      const config: PrepareConfig = {
        site: o.site,
        sourceId: o.sourceId,
        now: this.now(),
        sourceHadAds: db.prepare('SELECT 1 FROM ads WHERE source_id = ? LIMIT 1').get(o.sourceId) !== undefined,
      };
      const workers = o.workers ?? (fs.fstatSync(fd).size >= WORKER_MIN_BYTES ? 1 : 0);
      // The worker starts (and loads its gazetteer) while the file is checked; it prepares a few batches ahead.
      batches =
        workers > 0
          ? new WorkerBatches({
              file: o.file,
              fd,
              format,
              config,
              dbFile: db.name,
              batchSize: this.batchSize,
              window: WORKER_WINDOW,
            })
          : inlineBatches(
              o.file,
              format,
              fd,
              new RecordPreparer(config, new PlaceResolver(o.gazetteer ?? Gazetteer.shared(), o.site.country), (id) =>
                config.sourceHadAds ? this.knownAd(id) : undefined,
              ),
              this.batchSize,
            );
      // Phase 1: the whole file is read through before anything changes (a malformed file throws here).
      let lastProgress = 0;
      const total = await countFeedRecords(o.file, format, fd, (records) => {
        if (Date.now() - lastProgress < 500) return;
        lastProgress = Date.now();
        o.onProgress?.({ phase: 'staging', records, applied: 0, toApply: 0 });
      });
      db.prepare(`UPDATE feed_runs SET status = 'applying' WHERE id = ?`).run(run);
      await this.apply(run, config, batches, total, summary);
      summary.warnings = batches.warnings();
      if (summary.records !== total) {
        throw new Error(`the file changed during the import: ${total} records, then ${summary.records}`);
      }
      db.prepare(`UPDATE feed_runs SET status = 'expiring' WHERE id = ?`).run(run);
      o.onProgress?.({ phase: 'expiring', records: summary.records, applied: total, toApply: total });
      if (o.full !== false) this.expireMissing(run, summary);
      summary.expiredByDate += this.expireDue();
      summary.expired = summary.expiredMissing + summary.expiredByDate;
    } catch (err) {
      db.transaction(() => {
        db.prepare(`UPDATE feed_runs SET status = 'failed', finished = ?, summary = ? WHERE id = ?`).run(
          this.now(),
          JSON.stringify({ error: (err as Error).message }),
          run,
        );
      })();
      throw err;
    } finally {
      batches?.close();
      fs.closeSync(fd);
    }
    summary.seconds = Math.round((Date.now() - started) / 10) / 100;
    summary.adsPerSecond = Math.round(summary.records / Math.max(0.001, (Date.now() - started) / 1000));
    db.prepare(`UPDATE feed_runs SET status = 'done', finished = ?, summary = ? WHERE id = ?`).run(
      this.now(),
      JSON.stringify({ ...summary, rejections: summary.rejections.slice(0, 50) }),
      run,
    );
    o.onProgress?.({ phase: 'done', records: summary.records, applied: 0, toApply: 0 });
    return summary;
  }

  private knownStmt: Database.Statement | undefined;

  /** The stored hash of a partner's ad of this source, and whether it is live. */
  private knownAd(partnerId: string): { hash: string; live: number } | undefined {
    this.knownStmt ??= this.db.prepare('SELECT hash, live FROM feed_ads WHERE source_id = ? AND partner_id = ?');
    return this.knownStmt.get(this.options.sourceId, partnerId) as { hash: string; live: number } | undefined;
  }

  /** Phase 2: the prepared batches, in order, each in one transaction. */
  private async apply(
    run: number,
    config: PrepareConfig,
    batches: AsyncIterable<PreparedBatch>,
    total: number,
    summary: ImportSummary,
  ): Promise<void> {
    const o = this.options;
    const db = this.db;
    const store = o.store;
    const seen = db.prepare('UPDATE feed_ads SET seen_run = ? WHERE source_id = ? AND partner_id = ?');
    const putState = db.prepare(
      `INSERT INTO feed_ads (source_id, partner_id, ad_id, hash, seen_run, live, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (source_id, partner_id) DO UPDATE SET ad_id = excluded.ad_id, hash = excluded.hash,
         seen_run = excluded.seen_run, live = excluded.live, expires_at = excluded.expires_at`,
    );
    const dedup = new Deduplicator(db, this.siteCode, o.sourceId);
    const now = config.now;
    let lastProgress = 0;
    for await (const batch of batches) {
      summary.records += batch.records;
      summary.rejected += batch.rejected;
      for (const r of batch.rejections) summary.rejections.push(r);
      db.transaction(() => {
        for (const partnerId of batch.unchanged) seen.run(run, o.sourceId, partnerId);
        summary.unchanged += batch.unchanged.length;
        if (batch.ads.length === 0) return;
        // Stored versions (none when the source had no ads: a first import writes new ads only).
        const existing = new Map(
          config.sourceHadAds
            ? store
                .getAdsByPartnerSync(
                  o.sourceId,
                  batch.ads.map((a) => a.partnerId),
                )
                .map((a) => [a.partnerAdId, a])
            : [],
        );
        const fresh: AdWrite[] = [];
        const changed: AdInput[] = [];
        const groupChanges: { id: string; group: number | null }[] = [];
        for (const item of batch.ads) {
          const before = existing.get(item.partnerId);
          const fp = item.fp;
          if (!before) {
            // A new ad: written as prepared, with its duplicate group.
            const w = item.write;
            if (item.expired) summary.expiredByDate++;
            else summary.imported++;
            const group = fp ? dedup.match(w.id, fp, groupChanges) : null;
            if (group !== null) {
              w.columns[AD_WRITE_DUP] = group;
              w.doc = `${w.doc.slice(0, -1)},"duplicateGroup":${group}}`;
              summary.grouped++;
            }
            if (fp) dedup.put(w.id, fp, group);
            fresh.push(w);
            putState.run(o.sourceId, item.partnerId, w.id, item.hash, run, item.expired ? 0 : 1, item.expiresAt);
            continue;
          }
          // A stored ad: keeps its id, key and (without a date in the feed) date; its price history grows.
          const ad = JSON.parse(item.write.doc) as AdInput;
          delete ad.expired;
          ad.id = before.id;
          if (!item.dateGiven) ad.date = before.date ?? now;
          const price = nextPrice(before.price, ad.price, now, before.date ?? now);
          if (price) ad.price = price;
          const expired = item.expired;
          if (expired) ad.expired = true;
          if (expired) {
            if (!before.expired) summary.expiredByDate++;
            else summary.unchanged++;
          } else summary.updated++;
          // Duplicates: grouped with another source's ad, or out of a group it no longer matches.
          const group = fp ? dedup.match(ad.id, fp, groupChanges) : null;
          if (group !== null) {
            ad.duplicateGroup = group;
            if (before.duplicateGroup !== group) summary.grouped++;
          } else delete ad.duplicateGroup;
          if (fp) dedup.put(ad.id, fp, group);
          else dedup.remove(ad.id);
          changed.push(ad);
          putState.run(o.sourceId, item.partnerId, ad.id, item.hash, run, expired ? 0 : 1, item.expiresAt);
        }
        // The store gives the last ad of a batch the newest key: oldest first. New ads take keys below
        // the stored ones, so writing them first keeps the index writes in ascending key order.
        if (fresh.length > 0) store.writeNewAdsSync(fresh.sort((a, b) => a.date - b.date));
        if (changed.length > 0) store.writeAdsSync(changed.sort((a, b) => a.date - b.date));
        if (groupChanges.length > 0) store.setDuplicateGroupsSync(groupChanges);
      })();
      if (Date.now() - lastProgress > 500) {
        lastProgress = Date.now();
        o.onProgress?.({ phase: 'applying', records: summary.records, applied: summary.records, toApply: total });
      }
    }
  }

  /** Phase 3: the source's live ads the run did not see. */
  private expireMissing(run: number, summary: ImportSummary): void {
    const o = this.options;
    const db = this.db;
    const missing = db
      .prepare('SELECT partner_id, ad_id FROM feed_ads WHERE source_id = ? AND live = 1 AND seen_run < ?')
      .all(o.sourceId, run) as { partner_id: string; ad_id: string }[];
    if (missing.length === 0) return;
    const live = (
      db.prepare('SELECT count(*) AS n FROM feed_ads WHERE source_id = ? AND live = 1').get(o.sourceId) as { n: number }
    ).n;
    const share = missing.length / Math.max(1, live);
    const max = o.maxExpireShare ?? 0.6;
    if (live >= 50 && share > max) {
      summary.expirySkipped = `the feed lacks ${missing.length} of the source's ${live} live ads (${Math.round(share * 100)} % > ${Math.round(max * 100)} %): nothing expired; rerun with a higher --max-expire-share if that is right`;
      return;
    }
    summary.expiredMissing += this.expire(missing);
  }

  /** Every live ad (of any source) past its expiration date; returns how many. */
  expireDue(): number {
    return expireDueAds(this.options.store, this.now());
  }

  private expire(rows: { ad_id: string; partner_id: string }[]): number {
    return expireRows(
      this.options.store,
      rows.map((r) => ({ ...r, source_id: this.options.sourceId })),
    );
  }
}

/** Records read, mapped and prepared on this thread, `batchSize` at a time. */
function inlineBatches(
  file: string,
  format: FeedFormat,
  fd: number,
  preparer: RecordPreparer,
  batchSize: number,
): BatchSource {
  async function* read(): AsyncGenerator<PreparedBatch> {
    let pending: RawRecord[] = [];
    for await (const records of readFeed(file, format, fd)) {
      for (const r of records) pending.push(r);
      while (pending.length >= batchSize) {
        yield preparer.prepare(pending.slice(0, batchSize));
        pending = pending.slice(batchSize);
      }
    }
    if (pending.length > 0) yield preparer.prepare(pending);
  }
  return {
    [Symbol.asyncIterator]: read,
    warnings: () => preparer.warnings(),
    close: () => undefined,
  };
}

/** Starts a worker under tsx's loader when this module runs from TypeScript. */
const WORKER_BOOT = `
const { workerData } = require('node:worker_threads');
if (workerData.entry.endsWith('.ts') && !require.extensions['.ts']) require(workerData.tsx);
require(workerData.entry);
`;

/** Records read, mapped and prepared in a worker thread (`feedWorker.ts`), a few batches ahead. */
class WorkerBatches implements BatchSource {
  private readonly worker: Worker;
  private readonly queue: FeedWorkerMessage[] = [];
  private wake: (() => void) | undefined;
  private failure: Error | undefined;
  private finished = false;
  private endWarnings: WarningCount[] = [];

  constructor(data: FeedWorkerData) {
    const entry = path.join(__dirname, `feedWorker${path.extname(__filename)}`);
    this.worker = new Worker(WORKER_BOOT, {
      eval: true,
      workerData: {
        feedWorker: data,
        entry,
        tsx: entry.endsWith('.ts') ? require.resolve('tsx/cjs') : '',
      },
    });
    const notify = () => {
      this.wake?.();
      this.wake = undefined;
    };
    this.worker.on('message', (m: FeedWorkerMessage) => {
      this.queue.push(m);
      notify();
    });
    this.worker.on('error', (err) => {
      this.failure ??= err;
      notify();
    });
    this.worker.on('exit', (code) => {
      if (!this.finished) this.failure ??= new Error(`the feed worker stopped (exit code ${code})`);
      notify();
    });
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<PreparedBatch> {
    for (;;) {
      const m = this.queue.shift();
      if (!m) {
        if (this.failure) throw this.failure;
        await new Promise<void>((resolve) => (this.wake = resolve));
        continue;
      }
      if (m.type === 'batch') {
        this.worker.postMessage({ type: 'credit' });
        yield m.batch;
      } else if (m.type === 'end') {
        this.finished = true;
        this.endWarnings = m.warnings;
        return;
      } else {
        this.finished = true;
        if (!m.malformed) throw new Error(m.message);
        const err = new MalformedFeedError(m.message);
        err.message = m.message;
        throw Object.assign(err, { line: m.line });
      }
    }
  }

  warnings(): WarningCount[] {
    return this.endWarnings;
  }

  close(): void {
    this.finished = true;
    void this.worker.terminate();
  }
}

/** Takes feed ads out of search: the store, the import state and the duplicate index together. */
function expireRows(
  store: SqliteSearchStore,
  rows: { ad_id: string; partner_id: string; source_id: number }[],
): number {
  const db = store.db;
  ensureFeedTables(db);
  const mark = db.prepare('UPDATE feed_ads SET live = 0 WHERE source_id = ? AND partner_id = ?');
  const unDedup = db.prepare('DELETE FROM feed_dedup WHERE ad_id = ?');
  let n = 0;
  // One transaction when it is small (all or nothing); batches otherwise, so readers and writers keep going.
  const size = rows.length <= 20_000 ? Math.max(1, rows.length) : 5_000;
  for (let i = 0; i < rows.length; i += size) {
    const slice = rows.slice(i, i + size);
    db.transaction(() => {
      n += store.expireAdsSync(slice.map((r) => r.ad_id));
      for (const r of slice) {
        mark.run(r.source_id, r.partner_id);
        unDedup.run(r.ad_id);
      }
    })();
  }
  return n;
}

/** Expires every imported ad past its `expiration_date` (also for a scheduled clean-up); returns how many. */
export function expireDueAds(store: SqliteSearchStore, now: number): number {
  ensureFeedTables(store.db);
  const due = store.db
    .prepare(
      'SELECT partner_id, ad_id, source_id FROM feed_ads WHERE live = 1 AND expires_at IS NOT NULL AND expires_at <= ?',
    )
    .all(now) as { partner_id: string; ad_id: string; source_id: number }[];
  return expireRows(store, due);
}

/** Finds another source's ad that is the same ad, through `feed_dedup`. */
class Deduplicator {
  private readonly find: Database.Statement;
  private readonly findNoPrice: Database.Statement;
  private readonly upsert: Database.Statement;
  private readonly del: Database.Statement;
  private readonly setDup: Database.Statement;
  private readonly counter: Database.Statement;
  private readonly bump: Database.Statement;
  private readonly others: number[];

  constructor(
    db: Database.Database,
    private readonly site: number,
    private readonly sourceId: number,
  ) {
    this.find = db.prepare(
      'SELECT * FROM feed_dedup WHERE site = ? AND block = ? AND source_id = ? AND price BETWEEN ? AND ? LIMIT 50',
    );
    this.findNoPrice = db.prepare('SELECT * FROM feed_dedup WHERE site = ? AND block = ? AND source_id = ? LIMIT 50');
    this.upsert = db.prepare(
      `INSERT OR REPLACE INTO feed_dedup (ad_id, site, block, source_id, price, area, rooms, baths, mileage, lat, lng, sketch, dup)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.del = db.prepare('DELETE FROM feed_dedup WHERE ad_id = ?');
    this.setDup = db.prepare('UPDATE feed_dedup SET dup = ? WHERE ad_id = ?');
    this.counter = db.prepare(`SELECT value FROM feed_meta WHERE key = 'group'`);
    this.bump = db.prepare(
      `INSERT INTO feed_meta (key, value) VALUES ('group', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    );
    this.others = (
      db.prepare('SELECT DISTINCT source_id FROM feed_dedup WHERE site = ? AND source_id <> ?').all(site, sourceId) as {
        source_id: number;
      }[]
    ).map((r) => r.source_id);
  }

  /** The group the ad belongs to (joining, or founding with, a matching ad of another source), or null. */
  match(adId: string, fp: Fingerprint, changes: { id: string; group: number | null }[]): number | null {
    for (const other of this.others) {
      const rows = (
        fp.price !== null
          ? this.find.all(this.site, fp.block, other, ...priceWindow(fp.price))
          : this.findNoPrice.all(this.site, fp.block, other)
      ) as DedupRow[];
      for (const row of rows) {
        if (row.ad_id === adId || !isSameAd(fp, rowFingerprint(row))) continue;
        if (row.dup !== null) return row.dup;
        const group = this.newGroup();
        this.setDup.run(group, row.ad_id);
        changes.push({ id: row.ad_id, group });
        return group;
      }
    }
    return null;
  }

  put(adId: string, fp: Fingerprint, group: number | null): void {
    this.upsert.run(
      adId,
      this.site,
      fp.block,
      this.sourceId,
      fp.price,
      fp.area,
      fp.rooms,
      fp.baths,
      fp.mileage,
      fp.lat,
      fp.lng,
      Buffer.from(fp.sketch.buffer, fp.sketch.byteOffset, fp.sketch.byteLength),
      group,
    );
  }

  remove(adId: string): void {
    this.del.run(adId);
  }

  private newGroup(): number {
    const row = this.counter.get() as { value: number } | undefined;
    const next = (row?.value ?? GROUP_BASE) + 1;
    this.bump.run(next);
    return next;
  }
}

export { MalformedFeedError };
