import type Database from 'better-sqlite3';
import { SOURCE_SITE } from './feedRuns';

/**
 * Partners' feed URLs kept with their sources, and when each is fetched again (decision 092). A
 * source whose feed was imported from a URL keeps it (`feed_fetch`, in the store: its credentials
 * never go into the source's public record); `npm run import -- --due`, from cron every few minutes,
 * imports each source whose feed is due. One cron line serves every partner, and a partner's
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

export const FETCH_SCHEMA = `CREATE TABLE IF NOT EXISTS feed_fetch (
  source_id INTEGER PRIMARY KEY, url TEXT NOT NULL, every INTEGER NOT NULL, since INTEGER NOT NULL
);`;

/** `90m`, `6h`, `1d` (or seconds, `3600`) as seconds, within the bounds; throws a message to show. */
export function parseEvery(text: string): number {
  const m = /^(\d{1,7})(s|m|h|d)?$/.exec(text.trim());
  const unit = { s: 1, m: 60, h: 3600, d: 86400 }[(m?.[2] ?? 's') as 's' | 'm' | 'h' | 'd'];
  const seconds = m ? Number(m[1]) * unit : NaN;
  if (!(seconds >= MIN_EVERY_S && seconds <= MAX_EVERY_S))
    throw new Error('--every must be a duration from 5m to 30d, as 90m, 6h or 1d');
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
}

/** The feed URL a source keeps, if any. */
export function keptFeed(db: Database.Database, sourceId: number): KeptFeed | undefined {
  if (!hasFetchTable(db)) return undefined;
  const row = db.prepare('SELECT url, every FROM feed_fetch WHERE source_id = ?').get(sourceId) as
    { url: string; every: number } | undefined;
  return row && { url: new URL(row.url), every: row.every };
}

/** A source keeps the URL its feed was imported from (the store's feed tables exist: a run made them). */
export function keepFeed(db: Database.Database, sourceId: number, feed: KeptFeed, now: number): void {
  db.prepare(
    `INSERT INTO feed_fetch (source_id, url, every, since) VALUES (?, ?, ?, ?)
     ON CONFLICT (source_id) DO UPDATE SET url = excluded.url, every = excluded.every,
       since = CASE WHEN url = excluded.url THEN since ELSE excluded.since END`,
  ).run(sourceId, feed.url.href, feed.every, now);
}

/** The source's feed is no longer fetched; returns the URL it kept. */
export function forgetFeed(db: Database.Database, sourceId: number): URL | undefined {
  const kept = keptFeed(db, sourceId);
  if (kept) db.prepare('DELETE FROM feed_fetch WHERE source_id = ?').run(sourceId);
  return kept?.url;
}

export interface ScheduledFeed extends KeptFeed {
  source: number;
  /** `country/vertical`, or null for a source missing from `sources`. */
  site: string | null;
  /** The source's last run that ended (or was abandoned): when it began and how it ended. */
  last?: { started: number; status: string };
  /** When the feed is to be fetched (epoch seconds): now or earlier when it is due. */
  dueAt: number;
}

interface ScheduleRow {
  source_id: number;
  site: string | null;
  url: string;
  every: number;
  since: number;
  started: number | null;
  status: string | null;
}

/**
 * Every kept feed, the most overdue first. A feed is due `every` after its last run began (minus
 * `SLACK_S`), or `RETRY_S` after it when that run failed or was abandoned; a feed never run is due.
 * A run still under way counts as a killed one (`--due` skips a source whose lock is held anyway).
 */
export function scheduledFeeds(db: Database.Database): ScheduledFeed[] {
  if (!hasFetchTable(db)) return [];
  const rows = db
    .prepare(
      `SELECT f.source_id, ${SOURCE_SITE} AS site, f.url, f.every, f.since, r.started, r.status
       FROM feed_fetch f
       LEFT JOIN sources s ON s.id = f.source_id
       LEFT JOIN feed_runs r ON r.id = (SELECT max(id) FROM feed_runs WHERE source_id = f.source_id)
       ORDER BY f.source_id`,
    )
    .all() as ScheduleRow[];
  return rows
    .map((r): ScheduledFeed => {
      // Failed, abandoned, or left staging or applying by a run that was killed.
      const good = r.status === 'done' || r.status === 'not-modified';
      const wait = good ? r.every : Math.min(r.every, RETRY_S);
      return {
        source: r.source_id,
        site: r.site,
        url: new URL(r.url),
        every: r.every,
        ...(r.started !== null && r.status !== null ? { last: { started: r.started, status: r.status } } : {}),
        dueAt: r.started === null ? r.since : r.started + wait - SLACK_S,
      };
    })
    .sort((a, b) => a.dueAt - b.dueAt || a.source - b.source);
}

function hasFetchTable(db: Database.Database): boolean {
  return db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'feed_fetch'`).get() !== undefined;
}
