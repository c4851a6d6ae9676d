import type Database from 'better-sqlite3';
import { hasColumn, hasTable, upgrading } from '../sqlite';
import { hasFeedRuns, SOURCE_SITE } from './feedRuns';
import type { Holder } from './sourceLock';

/**
 * Partners' feed URLs kept with their sources, and when each is fetched again (decision 092). A
 * source whose feed was imported from a URL keeps it (`feed_fetch`, in the store: its credentials
 * never go into the source's public record); `npm run import -- --due`, which the worker role runs when
 * one is due (decision 094; or a cron line), imports each source whose feed is due. A partner's
 * password lives in the store, not in a crontab.
 */

/** How often a kept feed is fetched when `--every` never said (partners regenerate feeds daily or more). */
export const DEFAULT_EVERY_S = 6 * 3600;
/** Bounds of `--every`: a partner's server is not asked more often than this, nor the feed left longer. */
export const MIN_EVERY_S = 5 * 60;
export const MAX_EVERY_S = 30 * 86400;
/** A failed or abandoned run's feed is tried again this long after it began (or at its interval, if sooner). */
export const RETRY_S = 3600;
/**
 * A feed is due this much before its interval is over: cron starts `--due` on the minute, and a run
 * that began a few seconds past it yesterday is still today's, not the next tick's.
 */
export const SLACK_S = 60;

/** The longest a feed's whole download may take (`--deadline`'s bound). */
export const MAX_DEADLINE_S = 6 * 3600;

/**
 * A `--due` run still on a feed this long after its download's deadline is taken for stuck: the next
 * `--due` says so and exits 1 (cron mails it), where it otherwise leaves the feeds quietly to the one
 * under way, and the worker role says so of its own (`dueFeeds`). The import itself takes minutes (a
 * 1,000,000-ad feed ~2 here), so this leaves room for a feed far bigger than any partner's.
 */
export const IMPORT_STUCK_S = 2 * 3600;

/** The download deadline of a feed: its own (`--deadline` given with its URL), else the run's. */
export function deadlineOf(options: FeedOptions, runs: number): number {
  return options.deadlineS ?? runs;
}

/**
 * Why a `--due` run holding the feeds (`scheduleHolder`) is taken for stuck, if it is: still on its
 * feed `IMPORT_STUCK_S` after the feed's download deadline (the `until` it wrote as it began the feed),
 * or, when it named none (a run of an earlier version), held for the longest download and import.
 */
export function dueStuck(holder: Holder | undefined, nowMs: number): string | undefined {
  if (!holder) return undefined;
  const until = holder.until
    ? Date.parse(holder.until)
    : Date.parse(holder.since) + (MAX_DEADLINE_S + IMPORT_STUCK_S) * 1000;
  if (!(nowMs > until)) return undefined;
  return holder.until
    ? `still on it ${IMPORT_STUCK_S / 3600} hours after its download's deadline`
    : `held the feeds for more than ${(MAX_DEADLINE_S + IMPORT_STUCK_S) / 3600} hours`;
}

const FETCH_SCHEMA = `CREATE TABLE IF NOT EXISTS feed_fetch (
  source_id INTEGER PRIMARY KEY, url TEXT NOT NULL, every INTEGER NOT NULL, since INTEGER NOT NULL,
  options TEXT NOT NULL DEFAULT '{}', tried INTEGER
);`;

/** Columns `feed_fetch` gained after it was first made (the same day): added to a store that lacks them. */
const FETCH_COLUMNS: readonly [string, string][] = [
  ['options', `options TEXT NOT NULL DEFAULT '{}'`],
  ['tried', 'tried INTEGER'],
];

/**
 * Makes `feed_fetch`, or brings one of an earlier version up to date, under the write lock (two first
 * runs may do it at once); a feed kept before `tried` counts from its last run. Called by whatever
 * reads or writes kept feeds (the import command, `ensureFeedTables`); `feed-runs`, read only, reads
 * an old table as it is (`scheduledFeeds`).
 */
export function ensureFetchTable(db: Database.Database): void {
  db.exec(FETCH_SCHEMA);
  const missing = () => FETCH_COLUMNS.filter(([c]) => !hasColumn(db, 'feed_fetch', c));
  if (missing().length === 0) return;
  upgrading(db, () =>
    db
      .transaction(() => {
        for (const [, definition] of missing()) db.exec(`ALTER TABLE feed_fetch ADD COLUMN ${definition}`);
        if (hasFeedRuns(db))
          db.exec(`UPDATE feed_fetch SET tried = (SELECT max(started) FROM feed_runs r WHERE r.source_id = feed_fetch.source_id)
                   WHERE tried IS NULL`);
      })
      .immediate(),
  );
}

/** How a kept feed is fetched and imported, as its run was told (what it was not told: the defaults). */
export interface FeedOptions {
  partial?: boolean;
  maxExpireShare?: number;
  format?: 'xml' | 'jsonl';
  /** `--timeout`: seconds of silence before its download is given up. */
  timeoutS?: number;
  /** `--deadline`: seconds its whole download may take (a partner's server known to be slow). */
  deadlineS?: number;
}

/** `--every`'s `90m`, `6h`, `1d` (or seconds, `3600`) as seconds, within its bounds; throws a message to show. */
export function parseEvery(text: string): number {
  return parseDuration(text, '--every', MIN_EVERY_S, MAX_EVERY_S);
}

/** A duration option's `90m`, `6h`, `1d` (or seconds, `3600`) as seconds, from `min` to `max`; throws a message to show. */
export function parseDuration(text: string, option: string, min: number, max: number): number {
  const m = /^(\d{1,7})(s|m|h|d)?$/.exec(text.trim());
  const unit = { s: 1, m: 60, h: 3600, d: 86400 }[(m?.[2] ?? 's') as 's' | 'm' | 'h' | 'd'];
  const seconds = m ? Number(m[1]) * unit : NaN;
  if (!(seconds >= min && seconds <= max))
    throw new Error(`${option} must be a duration from ${shownEvery(min)} to ${shownEvery(max)}, as 90m, 6h or 1d`);
  return seconds;
}

/** An interval as its shortest unit: `6h`, `90m`, `1d`. */
export function shownEvery(seconds: number): string {
  if (seconds % 86400 === 0) return `${seconds / 86400}d`;
  if (seconds % 3600 === 0) return `${seconds / 3600}h`;
  if (seconds % 60 === 0) return `${seconds / 60}m`;
  return `${seconds}s`;
}

export interface KeptFeed {
  url: URL;
  every: number;
  options: FeedOptions;
}

interface FetchRow {
  url: string;
  every: number;
  options: string;
}

const kept = (r: FetchRow): KeptFeed => ({
  url: new URL(r.url),
  every: r.every,
  options: JSON.parse(r.options) as FeedOptions,
});

/** The feed URL a source keeps, if any. */
export function keptFeed(db: Database.Database, sourceId: number): KeptFeed | undefined {
  if (!hasTable(db, 'feed_fetch')) return undefined;
  const row = db.prepare('SELECT url, every, options FROM feed_fetch WHERE source_id = ?').get(sourceId) as
    FetchRow | undefined;
  return row && kept(row);
}

/**
 * A source keeps the URL its feed was imported from, with the run's interval and options (the store's
 * feed tables exist: a run made them). `tried`: when the attempt's tick began (the schedule counts from it).
 */
export function keepFeed(db: Database.Database, sourceId: number, feed: KeptFeed, tried: number): void {
  db.prepare(
    `INSERT INTO feed_fetch (source_id, url, every, since, options, tried) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (source_id) DO UPDATE SET url = excluded.url, every = excluded.every, options = excluded.options,
       tried = excluded.tried, since = CASE WHEN url = excluded.url THEN since ELSE excluded.since END`,
  ).run(sourceId, feed.url.href, feed.every, tried, JSON.stringify(feed.options), tried);
}

/**
 * A run of the kept feed was tried: its tick, and, when it succeeded (`settled`), the interval and
 * options it ran with (a failed run keeps nothing new). Only a feed still kept is written: one
 * forgotten meanwhile (`--stop-fetching`) stays forgotten.
 */
export function triedFeed(
  db: Database.Database,
  sourceId: number,
  feed: KeptFeed,
  tried: number,
  settled: boolean,
): void {
  if (settled)
    db.prepare(`UPDATE feed_fetch SET every = ?, options = ?, tried = ? WHERE source_id = ? AND url = ?`).run(
      feed.every,
      JSON.stringify(feed.options),
      tried,
      sourceId,
      feed.url.href,
    );
  else
    db.prepare(`UPDATE feed_fetch SET tried = ? WHERE source_id = ? AND url = ?`).run(tried, sourceId, feed.url.href);
}

/** The source's feed is no longer fetched; returns the URL it kept. */
export function forgetFeed(db: Database.Database, sourceId: number): URL | undefined {
  const feed = keptFeed(db, sourceId);
  if (feed) db.prepare('DELETE FROM feed_fetch WHERE source_id = ?').run(sourceId);
  return feed?.url;
}

export interface ScheduledFeed extends KeptFeed {
  source: number;
  /** `country/vertical`, or null for a source missing from `sources`. */
  site: string | null;
  /** The run of the feed's last attempt (the first since its tick): when it began and how it stands. */
  last?: { started: number; status: string };
  /** When the feed is to be fetched (epoch seconds): now or earlier when it is due. */
  dueAt: number;
}

interface ScheduleRow extends FetchRow {
  source_id: number;
  site: string | null;
  since: number;
  tried: number | null;
  started: number | null;
  status: string | null;
}

/**
 * Every kept feed (or `source`'s), the most overdue first. A feed is due `every` after the tick of its last attempt
 * began (`tried`: a `--due` run's start, for each feed it runs, so that a feed run late in a tick is
 * due again at the same tick; minus `SLACK_S`), or `RETRY_S` after it when that attempt's run failed,
 * was abandoned or was killed (or `every`, if sooner); a feed never tried is due. Runs of the source
 * between attempts (an operator's import of a file) do not move it. A run under way counts as a
 * killed one (`--due` skips a source whose lock is held anyway).
 */
export function scheduledFeeds(db: Database.Database, source?: number): ScheduledFeed[] {
  if (!hasTable(db, 'feed_fetch')) return [];
  // A table of an earlier version (read only, by `feed-runs`): no options, counted from its last run.
  const hasTried = hasColumn(db, 'feed_fetch', 'tried');
  const options = hasColumn(db, 'feed_fetch', 'options') ? 'f.options' : `'{}' AS options`;
  const tried = hasTried ? 'f.tried' : 'NULL AS tried';
  const since = hasTried ? 'coalesce(f.tried, 0)' : '0';
  const attempt = hasFeedRuns(db)
    ? `LEFT JOIN feed_runs r ON r.id =
         (SELECT min(id) FROM feed_runs WHERE source_id = f.source_id AND started >= ${since})`
    : 'LEFT JOIN (SELECT NULL AS started, NULL AS status) r ON 0';
  const rows = db
    .prepare(
      `SELECT f.source_id, ${SOURCE_SITE} AS site, f.url, f.every, ${options}, f.since, ${tried}, r.started, r.status
       FROM feed_fetch f
       LEFT JOIN sources s ON s.id = f.source_id
       ${attempt}
       WHERE @source IS NULL OR f.source_id = @source
       ORDER BY f.source_id`,
    )
    .all({ source: source ?? null }) as ScheduleRow[];
  return rows
    .map((r): ScheduledFeed => {
      // The attempt's run: failed, abandoned, or left staging or applying by a run that was killed.
      const good = r.status === null || r.status === 'done' || r.status === 'not-modified';
      const wait = good ? r.every : Math.min(r.every, RETRY_S);
      const from = r.tried ?? r.started;
      return {
        ...kept(r),
        source: r.source_id,
        site: r.site,
        ...(r.started !== null && r.status !== null ? { last: { started: r.started, status: r.status } } : {}),
        dueAt: from === null ? r.since : from + wait - SLACK_S,
      };
    })
    .sort((a, b) => a.dueAt - b.dueAt || a.source - b.source);
}
