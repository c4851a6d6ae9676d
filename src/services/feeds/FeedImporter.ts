import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MessageChannel, Worker, type ResourceLimits, type TransferListItem } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import type { Gazetteer } from '../places/Gazetteer';
import { hasColumn, upgrading } from '../sqlite';
import { pruneRuns } from './feedRuns';
import { ensureFetchTable } from './feedSchedule';
import type { SqliteSearchStore } from '../search/SqliteSearchStore';
import { siteCode } from '../search/siteKeys';
import { hasVoicedKana } from '../search/text';
import type { AdInput, SiteKey, Source } from '../search/types';
import {
  contentBytes,
  countFeedRecords,
  detectFormat,
  FeedChangedError,
  feedText,
  MalformedFeedError,
  type FeedFormat,
  type RecordMarks,
} from './feedRecords';
import { fingerprintOf } from './dedup';
import { threadEntry } from './feedEntries';
import { FeedRunError, feedsDir, GunzippedCopy, removeAbandoned } from './feedFiles';
import type { FeedWorkerData, FeedWorkerMessage, FeedWorkerPlan } from './feedWorker';
import type { WalCopierData } from './walCopier';
import { fileStamp, indexNewFingerprints, wordsKey, type BatchResult } from './importBatches';
import { lockSource, sourceBusy, type SourceLock } from './sourceLock';
import { ImportStopped, TurnGate } from './turnGate';
import { servePlaces } from './placeChannel';
import type { PlaceLookup } from './placeResolver';
import type { PrepareConfig } from './prepareRecords';
import { MAX_REJECTIONS_LISTED, mergeWarnings, type Rejection, type WarningCount } from './runReport';
import { unzipFeed, type UnzippedFeed } from './zippedFeed';

/**
 * Imports a partner's feed file into a site's search store, in three phases
 * (docs/decisions/042-staged-feed-imports.md, 044-feed-import-threads.md):
 *
 * 1. **Check**: read the whole file through (records counted, none built). A
 *    malformed file stops here, before anything changed (the source is created,
 *    renamed or moved only after it: `planSource`).
 * 2. **Apply**: in batches of `batchSize` records, map and prepare the records
 *    and, each batch in one transaction, upsert the new and changed ads by
 *    (source, partner id) with their price history and duplicate group, and
 *    mark every ad the feed lists as seen by this run. A big file is shared by
 *    threads: each maps every n-th batch and writes it in its turn, so batches
 *    are written in file order while the next ones are being mapped.
 * 3. **Expire**: first index the new ads' duplicate fingerprints, which the
 *    batches kept aside (decision 084), then expire the source's live ads this run
 *    did not see (the feed is the full inventory; an ad whose record the file lists
 *    but rejects was seen, and keeps its last version), and every ad past its
 *    `expiration_date`.
 *
 * A run killed in phase 1 leaves the store as it was; killed in phase 2,
 * each ad is either its old or its new version and nothing is expired; the
 * next run completes the work.
 */

/**
 * Records per transaction: a running server's writers (its search counts) wait at most one batch's
 * write for the lock. 5,000 measured no faster (decision 047).
 */
export const DEFAULT_BATCH_SIZE = 2000;

export interface ImportOptions {
  store: SqliteSearchStore;
  /** Places of the records mapped on this thread (default: the shared gazetteer); a worker loads its own. */
  gazetteer?: Gazetteer;
  site: SiteKey;
  sourceId: number;
  /**
   * Name of the source: when it is created (default `Partner <id>`), or its new name (the source is
   * renamed, once the file is checked).
   */
  sourceName?: string;
  file: string;
  /** The feed as the run's record and summary name it (default `file`): the URL it was downloaded from. */
  origin?: string;
  format?: FeedFormat;
  /** False for a partial (delta) feed: missing ads are not expired. Default true. */
  full?: boolean;
  /** A full feed that would expire more than this share of the source's live ads is not expired (default 0.6). */
  maxExpireShare?: number;
  /** Epoch seconds; injected by tests. */
  now?: () => number;
  /** Records per transaction (default `DEFAULT_BATCH_SIZE`). */
  batchSize?: number;
  /**
   * Worker threads that share the batches (each with its own connection; this thread checks the
   * file and answers their place questions). 0: all on this thread. Default: for a file of 8 MB
   * or more, one per core, at most 4; else 0.
   */
  workers?: number;
  /** WAL pages written between two checkpoints (default: `IMPORT_WAL_CHECKPOINT_BYTES` of them). */
  walCheckpointPages?: number;
  /** New ads' fingerprints indexed per transaction at the run's end (`indexNewFingerprints`; for tests). */
  fingerprintChunk?: number;
  /** How long (ms) one of those transactions matches fingerprints one by one (for tests). */
  fingerprintBudgetMs?: number;
  onProgress?: (p: ImportProgress) => void;
  /**
   * The source's lock (`lockSource`), when the caller took it before the run (to download the
   * feed under it). Otherwise the run takes it, and fails with `SourceBusyError` while another run
   * of the source is under way.
   */
  lock?: SourceLock;
}

export interface ImportProgress {
  /**
   * `unzipping`: a zip's feed (`bytes` of `totalBytes` written); `staging`: the file is being checked
   * (`records` read so far); `applying`: `applied` of `toApply` records.
   */
  phase: 'unzipping' | 'staging' | 'applying' | 'grouping' | 'expiring' | 'done';
  records: number;
  applied: number;
  toApply: number;
  bytes?: number;
  totalBytes?: number;
}

export type { Rejection };

export interface ImportSummary {
  run: number;
  source: number;
  site: string;
  file: string;
  format: FeedFormat;
  /** The source's name after the run. */
  sourceName: string;
  /** Set when the run created the source. */
  sourceCreated?: boolean;
  /** The source's name before the run, when the run renamed it (`sourceName`). */
  renamedFrom?: string;
  /** The site (`country/vertical`) the source was on, when the run moved it here (it had no ads). */
  movedFrom?: string;
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
  /** This source's ads past their expiration date. */
  expiredByDate: number;
  /** Other sources' ads past their expiration date, which the run's sweep expired too (`expireDueAds`). */
  expiredOtherSources: number;
  /** Ads that joined a duplicate group of another source's ad. */
  grouped: number;
  /**
   * The source whose run of the site was writing when this one ended: its end groups this run's new
   * ads with the site's (`runsWriting`).
   */
  groupingLeftTo?: number;
  rejected: number;
  /**
   * Rejected records whose ad the source already had, live: listed by the partner, so not expired;
   * the ad keeps its last good version (`kept` on its rejection).
   */
  rejectedKept: number;
  /** The first rejected records, with their line and reason. */
  rejections: Rejection[];
  /** Values left out of the index (kept in `feedAttributes`), counted by field and reason. */
  warnings: WarningCount[];
  /** Set when a full feed would have expired too much and expiry was skipped. */
  expirySkipped?: string;
  /** How the file's text was read, when not simply as the UTF-8 it declares (`feedText`). */
  encoding?: string;
  /** The file the records were read from, when the feed was a zip (`unzipFeed`): the lines are its. */
  unzipped?: { entry: string; bytes: number };
  seconds: number;
  adsPerSecond: number;
}

/**
 * Live ads from which a full feed that lacks more than `maxExpireShare` of them expires none
 * (below it, a small source's stock may really shrink that much). A feed without a good ad
 * expires nothing at any size.
 */
const MIN_LIVE_FOR_SHARE = 50;

/** Files from this size are shared with worker threads (one starts in ~1 s: the gazetteer). */
const WORKER_MIN_BYTES = 8 << 20;
const MAX_DEFAULT_WORKERS = 4;
/**
 * How long an import's connections wait for the write lock (ms). Another run's batch or chunk of
 * fingerprints holds it for a second or so, but on a big store and a busy machine for more than
 * better-sqlite3's 5 s: two partners' runs at once then failed "database is locked" half done (their
 * ads written, their run recorded as failed). A run has no visitor waiting for it; the server's own
 * connections keep their 5 s.
 */
const IMPORT_BUSY_MS = 120_000;

/**
 * A worker's heap: a few batches live (the gazetteer stays on this thread); the rest is garbage
 * that V8, left alone, lets grow to 500 MB per thread before collecting it. A young generation
 * of 128 MB lets most of a batch die there (half the scavenges and full GCs of the default).
 */
const WORKER_HEAP = { maxOldGenerationSizeMb: 384, maxYoungGenerationSizeMb: 128 };
/** The import connection's memory map and page cache (KiB, negative) while it runs. */
const IMPORT_MMAP_BYTES = 0;
const IMPORT_CACHE_KIB = -65_536;
/**
 * The import's connections checkpoint the WAL every 128 MB (in pages of the store's size: 8,192 of a
 * new store's 16 KiB, 32,768 of an older store's 4 KiB) rather than every 4 MB: a batch of
 * new ads writes ~15 MB, and each checkpoint syncs the files (044: ~9 % of an import's time).
 * The connection that commits checkpoints (SQLite's automatic checkpoint), so with workers it is
 * the one whose turn it is: no batch is being written meanwhile, the checkpoint catches up with
 * the WAL, and the next batch writes the WAL from its start. A checkpoint run beside the writers
 * (the main thread's, until 25 November) never caught up: the WAL was never reset, grew to ~7 GB
 * at 1,000,000 ads, and writing at its end cost the batches ~10 µs per ad (docs/feeds.md).
 */
const IMPORT_WAL_CHECKPOINT_BYTES = 128 << 20;

/** How often the WAL copier of an import with workers copies the WAL (`walCopier`). */
const WAL_COPY_MS = 300;
const WAL_COPIER_HEAP = { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 8 };

/**
 * A duplicate fingerprint's row: of `feed_dedup`, and of `feed_dedup_new`, where a run keeps its new
 * ads' until it indexes them (decision 084).
 */
const FINGERPRINT_COLUMNS = `
  k INTEGER PRIMARY KEY, ad_id TEXT NOT NULL, site INTEGER NOT NULL, block TEXT NOT NULL, source_id INTEGER NOT NULL,
  price REAL, area REAL, rooms REAL, baths REAL, mileage REAL, lat REAL, lng REAL, sketch BLOB NOT NULL, dup INTEGER,
  nums TEXT, h INTEGER
`;

/**
 * An index of the fingerprints without a price (jobs) by their words' two smallest hashes (`h`,
 * `wordsKey` of the sketch's first two): a big agency's block of one city holds thousands of
 * vacancies, and a copy, whose words are mostly the same, nearly always has its two smallest among
 * the other's four smallest (decision 087).
 */
const DEDUP_WORDS_INDEX =
  'CREATE INDEX IF NOT EXISTS feed_dedup_words ON feed_dedup(site, block, source_id, h) WHERE price IS NULL';

/**
 * The key of `feed_dedup`'s block index: a block's fingerprints of one source by price, with the
 * veto columns of the duplicate rule after it, which a match's query reads off the index without
 * fetching the rows they rule out (decision 086).
 */
const DEDUP_BLOCK_KEY = 'site, block, source_id, price, rooms, baths, area, lat, lng';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS feed_runs (
  id INTEGER PRIMARY KEY AUTOINCREMENT, source_id INTEGER NOT NULL, file TEXT NOT NULL,
  started INTEGER NOT NULL, finished INTEGER, status TEXT NOT NULL, summary TEXT
);
CREATE TABLE IF NOT EXISTS feed_ads (
  source_id INTEGER NOT NULL, partner_id TEXT NOT NULL, ad_id TEXT NOT NULL, hash TEXT NOT NULL,
  seen_run INTEGER NOT NULL, live INTEGER NOT NULL, expires_at INTEGER, seen_line INTEGER,
  PRIMARY KEY (source_id, partner_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS feed_runs_source ON feed_runs(source_id, id);
CREATE INDEX IF NOT EXISTS feed_ads_expiry ON feed_ads(expires_at) WHERE live = 1 AND expires_at IS NOT NULL;
CREATE TABLE IF NOT EXISTS feed_staging (
  run_id INTEGER NOT NULL, seq INTEGER NOT NULL, partner_id TEXT NOT NULL, line INTEGER NOT NULL,
  doc TEXT, date_given INTEGER NOT NULL DEFAULT 0, hash TEXT NOT NULL, partner_coords INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (run_id, seq)
);
CREATE UNIQUE INDEX IF NOT EXISTS feed_staging_partner ON feed_staging(run_id, partner_id);
CREATE TABLE IF NOT EXISTS feed_dedup (${FINGERPRINT_COLUMNS});
CREATE INDEX IF NOT EXISTS feed_dedup_block ON feed_dedup(${DEDUP_BLOCK_KEY});
CREATE TABLE IF NOT EXISTS feed_dedup_new (${FINGERPRINT_COLUMNS});
CREATE TABLE IF NOT EXISTS feed_meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
`;

/**
 * `feed_dedup` as it was until decision 045: keyed by the ad's text id (a B-tree of random keys
 * written for every new ad). Now keyed by the ad's key in `ads` (its rowid).
 */
const DEDUP_BY_ID = `
ALTER TABLE feed_dedup RENAME TO feed_dedup_by_id;
DROP INDEX IF EXISTS feed_dedup_block;
CREATE TABLE feed_dedup (
  k INTEGER PRIMARY KEY, ad_id TEXT NOT NULL, site INTEGER NOT NULL, block TEXT NOT NULL, source_id INTEGER NOT NULL,
  price REAL, area REAL, rooms REAL, baths REAL, mileage REAL, lat REAL, lng REAL, sketch BLOB NOT NULL, dup INTEGER
);
INSERT INTO feed_dedup (k, ad_id, site, block, source_id, price, area, rooms, baths, mileage, lat, lng, sketch, dup)
  SELECT a.k, d.ad_id, d.site, d.block, d.source_id, d.price, d.area, d.rooms, d.baths, d.mileage, d.lat, d.lng, d.sketch, d.dup
  FROM feed_dedup_by_id d JOIN ads a ON a.id = d.ad_id ORDER BY a.k;
DROP TABLE feed_dedup_by_id;
CREATE INDEX feed_dedup_block ON feed_dedup(${DEDUP_BLOCK_KEY});
`;

/**
 * A run that failed before its file was read (its download): recorded as failed, as a malformed
 * file's run is, so that the source's history and its metrics (`feedMetrics`) show it.
 */
export function recordFailedRun(
  store: SqliteSearchStore,
  sourceId: number,
  origin: string,
  error: string,
  now = Math.floor(Date.now() / 1000),
): void {
  recordFetchRun(store, sourceId, origin, 'failed', { error }, now, now);
}

/**
 * A fetch the partner's server answered "not modified": a run of its own in the history (status
 * `not-modified`), the attempt's run for the schedule (`feedSchedule`), and for the metrics a feed
 * that is current, not a day without a successful import.
 */
export function recordNotModified(
  store: SqliteSearchStore,
  sourceId: number,
  origin: string,
  startedMs: number,
  nowMs = Date.now(),
): void {
  const seconds = Math.round((nowMs - startedMs) / 100) / 10;
  recordFetchRun(
    store,
    sourceId,
    origin,
    'not-modified',
    { seconds },
    Math.floor(startedMs / 1000),
    Math.floor(nowMs / 1000),
  );
}

function recordFetchRun(
  store: SqliteSearchStore,
  sourceId: number,
  origin: string,
  status: 'failed' | 'not-modified',
  summary: Record<string, unknown>,
  started: number,
  finished: number,
): void {
  const db = store.db;
  ensureFeedTables(db);
  db.prepare(
    `INSERT INTO feed_runs (source_id, file, started, finished, status, summary) VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(sourceId, origin, started, finished, status, JSON.stringify(summary));
  pruneRuns(db, sourceId);
}

/** Creates the import's tables in the search store's file (idempotent). */
export function ensureFeedTables(db: Database.Database): void {
  db.exec(SCHEMA);
  ensureFetchTable(db);
  // The line that listed an ad in its run (044: a later record with its id is a duplicate).
  if (!hasColumn(db, 'feed_ads', 'seen_line')) db.exec('ALTER TABLE feed_ads ADD COLUMN seen_line INTEGER');
  // Duplicate fingerprints by the ad's key (045); a store of an earlier version is converted once,
  // under the write lock (another process may be opening it too).
  const byKey = () => hasColumn(db, 'feed_dedup', 'k');
  upgrading(db, () => {
    if (!byKey()) {
      db.transaction(() => {
        if (!byKey()) db.exec(DEDUP_BY_ID);
      }).immediate();
    }
    refoldKanaFingerprints(db);
    // The numbers of the ad's street address (a veto of the duplicate rule, 26 November): fingerprints
    // written before have none, and match as they did.
    const hasNums = () => hasColumn(db, 'feed_dedup', 'nums');
    if (!hasNums()) {
      db.transaction(() => {
        if (!hasNums()) db.exec('ALTER TABLE feed_dedup ADD COLUMN nums TEXT');
      }).immediate();
    }
    // The key of a fingerprint's two smallest word hashes (decision 087), of those without a price,
    // which are matched by it: filled once from their sketches.
    const hasHash = (table: string) => hasColumn(db, table, 'h');
    if (!hasHash('feed_dedup') || !hasHash('feed_dedup_new')) {
      db.transaction(() => {
        for (const table of ['feed_dedup', 'feed_dedup_new']) {
          if (!hasHash(table)) db.exec(`ALTER TABLE ${table} ADD COLUMN h INTEGER`);
        }
        const setHash = db.prepare('UPDATE feed_dedup SET h = ? WHERE k = ?');
        eachByKey<{ k: number; sketch: Buffer }>(
          db.prepare(
            'SELECT k, sketch FROM feed_dedup WHERE price IS NULL AND h IS NULL AND k > ? ORDER BY k LIMIT 5000',
          ),
          (r) => {
            if (r.sketch.length >= 8) setHash.run(wordsKey(r.sketch.readUInt32LE(0), r.sketch.readUInt32LE(4)), r.k);
          },
        );
      }).immediate();
    }
    db.exec(DEDUP_WORDS_INDEX);
    // The block index with the veto columns (decision 086): made again once.
    const blockKey = () =>
      (
        db.prepare('SELECT name FROM pragma_index_info(?) ORDER BY seqno').pluck().all('feed_dedup_block') as string[]
      ).join(', ');
    if (blockKey() !== DEDUP_BLOCK_KEY) {
      db.transaction(() => {
        if (blockKey() !== DEDUP_BLOCK_KEY) {
          db.exec(`DROP INDEX feed_dedup_block; CREATE INDEX feed_dedup_block ON feed_dedup(${DEDUP_BLOCK_KEY});`);
        }
      }).immediate();
    }
  });
}

/**
 * Each row of a query paged by key (`k > ?` bound to the last key read, a page at a time), so that an
 * upgrade of a big table neither holds it in memory nor reads a row twice while it updates rows.
 */
function eachByKey<Row extends { k: number }>(page: Database.Statement, each: (row: Row) => void): void {
  for (let after = Number.MIN_SAFE_INTEGER; ;) {
    const rows = page.all(after) as Row[];
    if (rows.length === 0) return;
    after = (rows[rows.length - 1] as Row).k;
    for (const r of rows) each(r);
  }
}

/**
 * Since layout 7 of the search store a kana keeps its voicing mark when folded ("バス" is not "ハス"):
 * the sketches (and a job's block, by its company's words) of the fingerprints whose ad has a voiced
 * kana are made again, once, so that they compare with those of the ads imported since.
 */
function refoldKanaFingerprints(db: Database.Database): void {
  const done = () => db.prepare(`SELECT 1 FROM feed_meta WHERE key = 'voiced_kana'`).get() !== undefined;
  if (done()) return;
  db.transaction(() => {
    if (done()) return;
    const update = db.prepare('UPDATE feed_dedup SET block = ?, sketch = ? WHERE k = ?');
    eachByKey<{ k: number; doc: string }>(
      db.prepare(
        'SELECT f.k, d.doc FROM feed_dedup f JOIN ad_docs d ON d.k = f.k WHERE f.k > ? ORDER BY f.k LIMIT 5000',
      ),
      (r) => {
        if (!hasVoicedKana(r.doc)) return;
        const fp = fingerprintOf(JSON.parse(r.doc) as AdInput, false);
        if (fp) update.run(fp.block, Buffer.from(fp.sketch.buffer, fp.sketch.byteOffset, fp.sketch.byteLength), r.k);
      },
    );
    db.prepare(`INSERT INTO feed_meta (key, value) VALUES ('voiced_kana', 1)`).run();
  }).immediate();
}

/**
 * What a run does to its source, decided before anything is written and written only once the
 * file is checked (a malformed file, or a run that fails before applying, leaves no source behind):
 * a new source is created (named `name` or `Partner <id>`); a `name` that differs from the stored
 * one renames it; a source of another site that has no ads (it never imported any) moves to this
 * run's site. A source with ads on another site is refused.
 */
export interface SourcePlan {
  /** The source as the run leaves it. */
  source: Source;
  /** Whether it must be written (new, renamed or moved). */
  write: boolean;
  created: boolean;
  /** Its name before the run, when the run renames it. */
  renamedFrom?: string;
  /** The site (`country/vertical`) it was on, when the run moves it (it had no ads there). */
  movedFrom?: string;
}

/** The source a run imports into, as it will be (nothing written); throws when it publishes on another site. */
export async function planSource(
  store: SqliteSearchStore,
  id: number,
  site: SiteKey,
  name?: string,
): Promise<SourcePlan> {
  const known = await store.source(id);
  if (!known) {
    return {
      source: {
        id,
        name: name ?? `Partner ${id}`,
        image: `/media/logo/${id}.svg`,
        country: site.country,
        vertical: site.vertical,
        contactEmail: '',
        contactPhone: '',
        hasAdpageForm: false,
        campaigns: [],
      },
      write: true,
      created: true,
    };
  }
  const plan: SourcePlan = { source: known, write: false, created: false };
  if (known.country !== site.country || known.vertical !== site.vertical) {
    const from = `${known.country}/${known.vertical}`;
    // Ads of any state (expired ones too) tie a source to its site: their ids and keys are the site's.
    if (store.db.prepare('SELECT 1 FROM ads WHERE source_id = ? LIMIT 1').get(id) !== undefined) {
      throw new Error(
        `Source ${id} publishes on ${from}, not ${site.country}/${site.vertical}: it has ads there (use another source id for this site)`,
      );
    }
    plan.source = { ...plan.source, country: site.country, vertical: site.vertical };
    plan.movedFrom = from;
    plan.write = true;
  }
  if (name !== undefined && name !== known.name) {
    plan.source = { ...plan.source, name };
    plan.renamedFrom = known.name;
    plan.write = true;
  }
  return plan;
}

export class FeedImporter {
  private readonly db: Database.Database;
  private readonly siteCode: number;
  private readonly now: () => number;
  private readonly batchSize: number;
  private readonly walCheckpointPages: number;
  /** The data directory's `cache/` (beside the store's file): the gazetteer's extracted data. */
  private readonly cacheDir: string;

  constructor(private readonly options: ImportOptions) {
    this.db = options.store.db;
    this.cacheDir = path.join(path.dirname(this.db.name), 'cache');
    this.siteCode = siteCode(options.site);
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000));
    this.batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    this.walCheckpointPages =
      options.walCheckpointPages ??
      IMPORT_WAL_CHECKPOINT_BYTES / (this.db.pragma('page_size', { simple: true }) as number);
    ensureFeedTables(this.db);
  }

  async run(): Promise<ImportSummary> {
    // The import's connection streams through the whole index once: a small page cache and no
    // memory map keep its resident memory bounded (the server's own connection keeps its settings).
    const db = this.db;
    const o = this.options;
    // Under the source's lock: the stale runs this run finds are dead ones, not another's under way.
    const lock = o.lock ?? lockSource(path.dirname(db.name), o.sourceId, o.origin ?? o.file);
    try {
      const mmap = db.pragma('mmap_size', { simple: true }) as number;
      const cache = db.pragma('cache_size', { simple: true }) as number;
      const checkpoint = db.pragma('wal_autocheckpoint', { simple: true }) as number;
      const busy = db.pragma('busy_timeout', { simple: true }) as number;
      db.pragma(`busy_timeout = ${IMPORT_BUSY_MS}`);
      db.pragma(`mmap_size = ${IMPORT_MMAP_BYTES}`);
      db.pragma(`cache_size = ${IMPORT_CACHE_KIB}`);
      db.pragma(`wal_autocheckpoint = ${this.walCheckpointPages}`);
      let unzipped: UnzippedFeed | undefined;
      try {
        // Refused here (another site's source with ads), before a byte is unzipped or written (an
        // operator's mistake, not a run of the feed: nothing recorded); written once the file is checked.
        const source = await planSource(o.store, o.sourceId, o.site, o.sourceName);
        unzipped = await this.unzipped();
        return await this.runImport(source, unzipped);
      } finally {
        unzipped?.remove();
        if (db.open) {
          db.pragma(`mmap_size = ${mmap}`);
          db.pragma(`cache_size = ${cache}`);
          db.pragma(`wal_autocheckpoint = ${checkpoint}`);
          db.pragma(`busy_timeout = ${busy}`);
          // What the run left in the WAL goes to the file now, not at some reader's next write.
          db.pragma('wal_checkpoint(PASSIVE)');
        }
      }
    } finally {
      if (!o.lock) lock.release();
    }
  }

  /**
   * A zip's feed, unzipped beside the downloads (decision 095). A zip that cannot be read, or that
   * the disk has no room for, is a run that failed, in the source's history, as a malformed file's
   * is; its leftovers from a run that was killed are removed.
   */
  private async unzipped(): Promise<UnzippedFeed | undefined> {
    const o = this.options;
    const dir = feedsDir(path.dirname(this.db.name));
    if (fs.existsSync(dir)) removeAbandoned(dir, o.sourceId);
    try {
      let shown = 0;
      return await unzipFeed(o.file, dir, `source-${o.sourceId}.${process.pid}-${Date.now()}`, (bytes, totalBytes) => {
        if (Date.now() - shown < 500) return;
        shown = Date.now();
        o.onProgress?.({ phase: 'unzipping', records: 0, applied: 0, toApply: 0, bytes, totalBytes });
      });
    } catch (err) {
      if (err instanceof MalformedFeedError || err instanceof FeedRunError)
        recordFailedRun(o.store, o.sourceId, o.origin ?? o.file, err.message, this.now());
      throw err;
    }
  }

  private async runImport(source: SourcePlan, zip: UnzippedFeed | undefined): Promise<ImportSummary> {
    const o = this.options;
    const started = Date.now();
    // What is read: the file, or the feed its zip holds.
    const file = zip?.file ?? o.file;
    const format = o.format ?? (await detectFormat(file));
    const db = this.db;
    // Stale runs that died: abandoned (the store never saw them, or saw whole ads); staging of older versions dropped.
    const abandoned = db
      .transaction(() => {
        const stale = db
          .prepare(`SELECT id FROM feed_runs WHERE source_id = ? AND status IN ('staging', 'applying', 'expiring')`)
          .all(o.sourceId) as { id: number }[];
        for (const { id } of stale) {
          db.prepare('DELETE FROM feed_staging WHERE run_id = ?').run(id);
          db.prepare(`UPDATE feed_runs SET status = 'abandoned' WHERE id = ?`).run(id);
        }
        return stale.length;
      })
      .immediate();
    // The new ads' fingerprints of a run that was killed or failed (its ads are in the store); this site's
    // wait while another source's run of it writes (`runsWriting`).
    const leftOver = indexNewFingerprints(o.store, o.fingerprintChunk, o.fingerprintBudgetMs, this.sitesBeingWritten());
    const run = Number(
      db
        .prepare(`INSERT INTO feed_runs (source_id, file, started, status) VALUES (?, ?, ?, 'staging')`)
        .run(o.sourceId, o.origin ?? o.file, this.now()).lastInsertRowid,
    );
    const summary: ImportSummary = {
      run,
      source: o.sourceId,
      site: `${o.site.country}/${o.site.vertical}`,
      file: o.origin ?? o.file,
      format,
      ...(zip ? { unzipped: { entry: zip.entry, bytes: zip.bytes } } : {}),
      sourceName: source.source.name,
      ...(source.created ? { sourceCreated: true } : {}),
      ...(source.renamedFrom !== undefined ? { renamedFrom: source.renamedFrom } : {}),
      ...(source.movedFrom !== undefined ? { movedFrom: source.movedFrom } : {}),
      records: 0,
      imported: 0,
      updated: 0,
      unchanged: 0,
      expired: 0,
      expiredMissing: 0,
      expiredByDate: 0,
      expiredOtherSources: 0,
      grouped: leftOver.grouped.get(this.siteCode) ?? 0,
      rejected: 0,
      rejectedKept: 0,
      rejections: [],
      warnings: [],
      seconds: 0,
      adsPerSecond: 0,
    };
    // One open file for both reads: a file renamed over it meanwhile is not read.
    const fd = fs.openSync(file, 'r');
    const stamp = fileStamp(fd);
    /** The check read the whole file, well formed. */
    let checked = false;
    const gate = new TurnGate();
    const workers: Worker[] = [];
    let copier: { stop(): Promise<void> } | undefined;
    let copy: GunzippedCopy | undefined;
    try {
      const config: PrepareConfig = {
        site: o.site,
        sourceId: o.sourceId,
        now: this.now(),
        sourceHadAds: db.prepare('SELECT 1 FROM ads WHERE source_id = ? LIMIT 1').get(o.sourceId) !== undefined,
      };
      // How the file is read: gunzipped or not, in which encoding (an unreadable one stops the run here).
      const text = feedText(file, fd);
      // A big file is shared by worker threads (this one checks the file and keeps count); a small one is
      // done here. Gzip data by the size it gunzips to (a 5 MB gzip feed is ~50 MB of records).
      const feedBytes = contentBytes(fd, text);
      const big = feedBytes >= WORKER_MIN_BYTES;
      const workerCount = o.workers ?? (big ? Math.min(MAX_DEFAULT_WORKERS, os.availableParallelism()) : 0);
      const threads = Math.max(1, workerCount);
      const results: BatchResult[] = [];
      const warnings: WarningCount[][] = [];
      let applied = 0;
      let lastProgress = 0;
      const onResult = (r: BatchResult): void => {
        results[r.index] = r;
        // The first batch written is said at once (the phase has begun), then at most every 500 ms.
        const first = applied === 0;
        applied += r.records;
        if (first || Date.now() - lastProgress > 500) {
          lastProgress = Date.now();
          o.onProgress?.({ phase: 'applying', records: applied, applied, toApply: total });
        }
      };
      let total = 0;
      // This thread holds the gazetteer and answers the workers' place questions (it loads while they start).
      const places =
        workerCount > 0
          ? Promise.all([import('../places/Gazetteer'), import('./gazetteerPlaces')]).then(
              // Loaded without blocking this thread, which checks the file meanwhile.
              async ([{ Gazetteer }, { GazetteerPlaces }]) =>
                new GazetteerPlaces(
                  o.gazetteer ?? (await Gazetteer.load([o.site.country], this.cacheDir)),
                  o.site.country,
                ) as PlaceLookup,
            )
          : undefined;
      places?.catch(() => undefined);
      // The workers start (and load their modules) while the file is checked, then learn how to read it.
      if (workerCount > 0) copier = startWalCopier(db.name);
      const ended = Array.from({ length: workerCount }, (_, w) => {
        const channel = new MessageChannel();
        const placeSignal = new SharedArrayBuffer(4);
        servePlaces(channel.port1, placeSignal, places as Promise<PlaceLookup>);
        channel.port1.unref();
        return this.startWorker(
          workers,
          {
            file,
            fd,
            stamp,
            format,
            config,
            dbFile: db.name,
            run,
            batchSize: this.batchSize,
            threads,
            thread: w,
            gate: gate.shared,
            places: channel.port2,
            placeSignal,
            cacheSize: IMPORT_CACHE_KIB,
            mmapSize: IMPORT_MMAP_BYTES,
            busyTimeoutMs: IMPORT_BUSY_MS,
            walCheckpointPages: this.walCheckpointPages,
          },
          onResult,
          (list) => warnings.push(list),
          gate,
          () => channel.port1.close(),
        );
      });
      // Phase 1: the whole file is read through before anything changes (a malformed file throws here).
      // A plain XML file (not compressed) is also marked where each batch starts: the workers read
      // their batches alone.
      if (text.note) summary.encoding = text.note;
      const starts: { offset: number; lineBreaks: number }[] = [];
      // Gzip data is gunzipped once, as the check reads it, for the threads to read by batch.
      if (workerCount > 1 && format === 'xml' && text.gzip)
        copy = GunzippedCopy.open(
          feedsDir(path.dirname(db.name)),
          `source-${o.sourceId}.${process.pid}-${Date.now()}`,
          feedBytes,
        );
      const marks: RecordMarks | undefined =
        workerCount > 1 && format === 'xml' && (!text.gzip || copy)
          ? {
              every: this.batchSize,
              at: (i, offset, lineBreaks) => (starts[i / this.batchSize] = { offset, lineBreaks }),
              ...(copy ? { copy: (chunk: Buffer) => copy?.write(chunk) } : {}),
            }
          : undefined;
      total = await countFeedRecords(
        file,
        format,
        fd,
        (records) => {
          if (Date.now() - lastProgress < 500) return;
          lastProgress = Date.now();
          o.onProgress?.({ phase: 'staging', records, applied: 0, toApply: 0 });
        },
        marks,
        text,
      );
      checked = true;
      // The file is well formed: the source is created, renamed or moved now (not before: a malformed
      // file or a run stopped earlier leaves none behind, and a later run's --name and site stand).
      if (source.write) await o.store.putSources([source.source]);
      db.prepare(`UPDATE feed_runs SET status = 'applying' WHERE id = ?`).run(run);
      const batches = Math.ceil(total / this.batchSize);
      gate.open(batches);
      const plain = copy?.finish(marks?.size);
      const plan: FeedWorkerPlan = plain
        ? { type: 'plan', text: { ...text, gzip: false }, plain }
        : { type: 'plan', text };
      if (marks?.size !== undefined && marks.root !== undefined && starts.length === batches && (!text.gzip || plain)) {
        const size = marks.size;
        plan.ranges = {
          root: marks.root,
          ...(marks.prolog ? { prolog: marks.prolog } : {}),
          batches: starts.map((s, b) => ({
            start: s.offset,
            end: starts[b + 1]?.offset ?? size,
            lineBreaks: s.lineBreaks,
          })),
        };
      }
      for (const worker of workers) worker.postMessage(plan);
      if (workerCount === 0) {
        // The mapping's modules (and the gazetteer) are loaded only by the thread that maps.
        const { inlineShare } = await import('./inlineShare');
        warnings.push(
          await inlineShare({
            file,
            fd,
            stamp,
            format,
            text,
            batchSize: this.batchSize,
            store: o.store,
            run,
            config,
            site: this.siteCode,
            gazetteer: o.gazetteer,
            cacheDir: this.cacheDir,
            gate,
            onResult,
          }),
        );
      }
      await allThreads(ended);
      await copier?.stop();
      // Every batch written, in order, with the records the check counted.
      let unkept: Set<number> | undefined;
      for (let b = 0; b < batches; b++) {
        const r = results[b];
        if (!r) throw new FeedChangedError(`batch ${b} is missing`);
        summary.records += r.records;
        summary.rejected += r.rejected;
        summary.rejectedKept += r.kept;
        if (r.unkept) for (const line of r.unkept) (unkept ??= new Set()).add(line);
        for (const rejection of r.rejections)
          if (summary.rejections.length < MAX_REJECTIONS_LISTED) summary.rejections.push(rejection);
        summary.imported += r.imported;
        summary.updated += r.updated;
        summary.unchanged += r.unchanged;
        summary.expiredByDate += r.expiredByDate;
        summary.grouped += r.grouped;
      }
      // A rejected record's ad that a good record of its id, later in the file, wrote after all.
      if (unkept) for (const r of summary.rejections) if (r.kept && unkept.has(r.line)) delete r.kept;
      if (summary.records !== total) {
        throw new FeedChangedError(`${total} records, then ${summary.records}`);
      }
      summary.warnings = mergeWarnings(warnings);
      db.prepare(`UPDATE feed_runs SET status = 'expiring' WHERE id = ?`).run(run);
      // (Its status stays 'expiring' for both: the end phase, after every batch.)
      o.onProgress?.({ phase: 'grouping', records: summary.records, applied: total, toApply: total });
      const writing = this.runsWriting();
      const beside = writing.find((r) => r.site === this.siteCode);
      if (beside !== undefined) summary.groupingLeftTo = beside.source;
      const indexed = indexNewFingerprints(
        o.store,
        o.fingerprintChunk,
        o.fingerprintBudgetMs,
        writing.map((r) => r.site),
      );
      summary.grouped += indexed.grouped.get(this.siteCode) ?? 0;
      o.onProgress?.({ phase: 'expiring', records: summary.records, applied: total, toApply: total });
      if (o.full !== false) this.expireMissing(run, summary);
      // Due at the run's time, as its batches judged its own ads: one whose date came during the run was
      // listed unchanged, and is out of every read already (decision 045); the next sweep marks it.
      const due = expireDue(o.store, config.now);
      const own = Math.min(due.expired, due.bySource.get(o.sourceId) ?? 0);
      summary.expiredByDate += own;
      summary.expiredOtherSources = due.expired - own;
      summary.expired = summary.expiredMissing + summary.expiredByDate;
      // The SEO index's counts: a write adds each new ad to its keywords, which is the whole count
      // only when the run did nothing else; the sites whose ads the sweep expired are recounted too, and
      // those whose ads were grouped here (a killed or concurrent run's new ads may be of another site).
      const recount = new Set([...due.sites, ...leftOver.grouped.keys(), ...indexed.grouped.keys()]);
      // (And after a run that was killed: it may have expired ads and died before their recount.)
      if (summary.updated + summary.expired + summary.grouped > 0 || abandoned > 0) recount.add(this.siteCode);
      for (const site of recount) o.store.recountKeywords(site);
    } catch (caught) {
      gate.stop();
      // A file the check found well formed that a batch then finds malformed has changed since.
      const err = checked && caught instanceof MalformedFeedError ? new FeedChangedError(caught.message) : caught;
      // The batches written are in the store: their new ads are grouped and indexed now, or by the next run.
      try {
        indexNewFingerprints(o.store, o.fingerprintChunk, o.fingerprintBudgetMs, this.sitesBeingWritten());
      } catch {
        // Left for the next run's start (a store that failed to write now may fail again).
      }
      db.prepare(`UPDATE feed_runs SET status = 'failed', finished = ?, summary = ? WHERE id = ?`).run(
        this.now(),
        JSON.stringify({ error: (err as Error).message }),
        run,
      );
      pruneRuns(db, o.sourceId);
      throw err;
    } finally {
      await copier?.stop();
      await Promise.all(workers.map((w) => w.terminate()));
      copy?.remove();
      fs.closeSync(fd);
    }
    summary.seconds = Math.round((Date.now() - started) / 10) / 100;
    summary.adsPerSecond = Math.round(summary.records / Math.max(0.001, (Date.now() - started) / 1000));
    db.prepare(`UPDATE feed_runs SET status = 'done', finished = ?, summary = ? WHERE id = ?`).run(
      this.now(),
      JSON.stringify({ ...summary, rejections: summary.rejections.slice(0, 50) }),
      run,
    );
    pruneRuns(db, o.sourceId);
    o.onProgress?.({ phase: 'done', records: summary.records, applied: 0, toApply: 0 });
    return summary;
  }

  /**
   * Starts a worker thread on its share; resolves when it has written all its batches, rejects
   * with its error (or the first error of the run, when it was stopped by another thread).
   */
  private startWorker(
    workers: Worker[],
    data: FeedWorkerData,
    onResult: (r: BatchResult) => void,
    onWarnings: (w: WarningCount[]) => void,
    gate: TurnGate,
    onExit: () => void,
  ): Promise<void> {
    const worker = startThread('feedWorker', data, WORKER_HEAP, [data.places]);
    worker.on('exit', onExit);
    workers.push(worker);
    const ended = new Promise<void>((resolve, reject) => {
      let settled = false;
      const fail = (err: Error) => {
        if (settled) return;
        settled = true;
        gate.stop();
        reject(err);
      };
      worker.on('message', (m: FeedWorkerMessage) => {
        if (m.type === 'result') onResult(m.result);
        else if (m.type === 'end') {
          onWarnings(m.warnings);
          settled = true;
          resolve();
        } else
          fail(
            m.stopped
              ? new ImportStopped()
              : m.malformed
                ? new MalformedFeedError(m.message)
                : m.changed
                  ? FeedChangedError.reported(m.message)
                  : new Error(m.message),
          );
      });
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`a feed worker stopped (exit code ${code})`)));
    });
    // Awaited once the file is checked; a failure before that (the same malformed file) is the check's.
    ended.catch(() => undefined);
    return ended;
  }

  /**
   * Other sources' runs writing their batches now (status `applying`, their lock held; a killed run's
   * row does not count), with their sites. Their new ads are not indexed yet: ads of their sites grouped
   * now would join the likest ad indexed, not their copy among those runs' (two partners' imports of a
   * site at once made groups of look-alike flats). So those sites' new fingerprints wait, whichever run
   * indexes (another site's too), and each such run's end groups them (the next run's, if it is killed).
   */
  private runsWriting(): { source: number; site: number }[] {
    const rows = this.db
      .prepare(
        `SELECT DISTINCT r.source_id AS source, s.site AS site FROM feed_runs r JOIN sources s ON s.id = r.source_id
         WHERE r.status = 'applying' AND r.source_id <> ?`,
      )
      .all(this.options.sourceId) as { source: number; site: number }[];
    const dataDir = path.dirname(this.db.name);
    return rows.filter((r) => sourceBusy(dataDir, r.source));
  }

  /** The sites whose new fingerprints must wait (`runsWriting`). */
  private sitesBeingWritten(): number[] {
    return [...new Set(this.runsWriting().map((r) => r.site))];
  }

  /** Phase 3: the source's live ads the run did not see. */
  private expireMissing(run: number, summary: ImportSummary): void {
    const o = this.options;
    const db = this.db;
    const missing = db
      .prepare('SELECT partner_id, ad_id FROM feed_ads WHERE source_id = ? AND live = 1 AND seen_run < ?')
      .all(o.sourceId, run) as { partner_id: string; ad_id: string }[];
    if (missing.length === 0) return;
    // The source's live ads before this run: its own new ones are no part of the stock it would lose (a feed of
    // 20 of the 60 ads and 100 new ones, or of the same 60 under new ids, lacks 40 or 60 of the 60).
    const live =
      (
        db.prepare('SELECT count(*) AS n FROM feed_ads WHERE source_id = ? AND live = 1').get(o.sourceId) as {
          n: number;
        }
      ).n - summary.imported;
    const share = missing.length / Math.max(1, live);
    const max = o.maxExpireShare ?? 0.6;
    // A small source's stock may shrink by most of it; but a feed without a single good ad is far
    // more often a partner's broken export than a stock sold out, whatever the source's size (and
    // whatever share of it its rejected records keep: `--max-expire-share 1` says it is right).
    const accepted = summary.records - summary.rejected;
    if (accepted === 0 ? max < 1 : share > max && live >= MIN_LIVE_FOR_SHARE) {
      const all =
        missing.length === live
          ? `all ${live} of the source's live ads`
          : `${missing.length} of the source's ${live} live ads`;
      summary.expirySkipped =
        accepted === 0
          ? `the feed has no good ad, and would have expired ${all}: nothing expired; rerun with --max-expire-share 1 if that is right`
          : `the feed lacks ${missing.length} of the source's ${live} live ads (${Math.round(share * 100)} % > ${Math.round(max * 100)} %): nothing expired; rerun with a higher --max-expire-share if that is right`;
      return;
    }
    summary.expiredMissing += this.expire(missing);
  }

  private expire(rows: { ad_id: string; partner_id: string }[]): number {
    return expireRows(
      this.options.store,
      rows.map((r) => ({ ...r, source_id: this.options.sourceId })),
    );
  }
}

/**
 * Starts the WAL copier of an import with workers (`walCopier`); its `stop` resolves once the
 * thread has ended (after the copy under way, if any; terminated if that takes over 10 s). The
 * copier only saves time: when it cannot start or run, the import goes on without it.
 */
function startWalCopier(dbFile: string): { stop(): Promise<void> } {
  const stop = new SharedArrayBuffer(4);
  let worker: Worker;
  try {
    worker = startThread('walCopier', { dbFile, everyMs: WAL_COPY_MS, stop } satisfies WalCopierData, WAL_COPIER_HEAP);
  } catch {
    return { stop: async () => undefined };
  }
  worker.on('error', () => undefined);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let stopped: Promise<void> | undefined;
  return {
    stop: () =>
      (stopped ??= (async () => {
        const cell = new Int32Array(stop);
        Atomics.store(cell, 0, 1);
        Atomics.notify(cell, 0);
        let late: NodeJS.Timeout | undefined;
        await Promise.race([exited, new Promise<void>((resolve) => (late = setTimeout(resolve, 10_000)))]);
        clearTimeout(late);
        await worker.terminate();
      })()),
  };
}

/**
 * Starts one of the import's threads (`threadEntry`) on `data` (its `workerData` under the entry's
 * name), under tsx's loader when this module runs from TypeScript.
 */
/**
 * Waits for every worker of a run to end; throws the error that stopped the run: a thread's own, not the
 * `ImportStopped` of another that the stop reached first (a thread that meets an error stops the others
 * before it says why, so their word can come first: a file changed meanwhile was said as "the import was
 * stopped").
 */
async function allThreads(ended: readonly Promise<void>[]): Promise<void> {
  const failed = (await Promise.allSettled(ended))
    .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    .map((r) => r.reason as Error);
  const cause = failed.find((err) => !(err instanceof ImportStopped)) ?? failed[0];
  if (cause) throw cause;
}

function startThread(
  name: 'feedWorker' | 'walCopier',
  data: FeedWorkerData | WalCopierData,
  resourceLimits: ResourceLimits,
  transferList?: TransferListItem[],
): Worker {
  const { file, hook } = threadEntry(name);
  return new Worker(WORKER_BOOT, {
    eval: true,
    resourceLimits,
    workerData: { [name]: data, entry: file, hook },
    ...(transferList ? { transferList } : {}),
  });
}

/** Boots a thread: tsx's hook first when the entry is TypeScript. */
const WORKER_BOOT = `
const { workerData } = require('node:worker_threads');
if (workerData.hook && !require.extensions['.ts']) require(workerData.hook);
require(workerData.entry);
`;

/** Takes feed ads out of search: the store, the import state and the duplicate index together. */
function expireRows(
  store: SqliteSearchStore,
  rows: { ad_id: string; partner_id: string; source_id: number }[],
): number {
  const db = store.db;
  ensureFeedTables(db);
  const mark = db.prepare('UPDATE feed_ads SET live = 0 WHERE source_id = ? AND partner_id = ?');
  const keyOf = db.prepare('SELECT k FROM ads WHERE id = ?').pluck();
  const unDedup = db.prepare('DELETE FROM feed_dedup WHERE k = ?');
  // A fingerprint not yet indexed (another source's run is in phase 2): never indexed, then.
  const unDedupNew = db.prepare('DELETE FROM feed_dedup_new WHERE k = ?');
  let n = 0;
  // One transaction when it is small (all or nothing); batches otherwise, so readers and writers keep going.
  const size = rows.length <= 20_000 ? Math.max(1, rows.length) : 5_000;
  for (let i = 0; i < rows.length; i += size) {
    const slice = rows.slice(i, i + size);
    db.transaction(() => {
      n += store.expireAdsSync(slice.map((r) => r.ad_id));
      for (const r of slice) {
        mark.run(r.source_id, r.partner_id);
        const k = keyOf.get(r.ad_id) as number | undefined;
        if (k === undefined) continue;
        unDedup.run(k);
        unDedupNew.run(k);
      }
    }).immediate();
  }
  return n;
}

/**
 * Expires every imported ad past its `expiration_date` (also for a scheduled clean-up) and recounts
 * the keywords of the sites it touched; returns how many.
 */
export function expireDueAds(store: SqliteSearchStore, now: number): number {
  const due = expireDue(store, now);
  for (const site of due.sites) store.recountKeywords(site);
  return due.expired;
}

/**
 * Expires every imported ad past its `expiration_date`: how many, the sites they were of, and how many
 * were due of each source.
 */
function expireDue(
  store: SqliteSearchStore,
  now: number,
): { expired: number; sites: number[]; bySource: Map<number, number> } {
  ensureFeedTables(store.db);
  const due = store.db
    .prepare(
      'SELECT partner_id, ad_id, source_id FROM feed_ads WHERE live = 1 AND expires_at IS NOT NULL AND expires_at <= ?',
    )
    .all(now) as { partner_id: string; ad_id: string; source_id: number }[];
  const expired = expireRows(store, due);
  const bySource = new Map<number, number>();
  for (const r of due) bySource.set(r.source_id, (bySource.get(r.source_id) ?? 0) + 1);
  if (expired === 0) return { expired, sites: [], bySource };
  const siteOf = store.db.prepare('SELECT site FROM sources WHERE id = ?').pluck();
  const sites = new Set<number>();
  for (const source of new Set(due.map((r) => r.source_id))) {
    const site = siteOf.get(source) as number | undefined;
    if (site !== undefined) sites.add(site);
  }
  return { expired, sites: [...sites], bySource };
}

export { MalformedFeedError };
