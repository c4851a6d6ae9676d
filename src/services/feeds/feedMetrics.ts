import type Database from 'better-sqlite3';
import { Gauge, type Registry } from 'prom-client';
import { hasFeedRuns, SOURCE_SITE } from './feedRuns';

/**
 * Each partner feed's health on `GET /metrics`, read from the store's run history (`feed_runs`) when
 * scraped: imports run in processes of their own (`npm run import`, from cron), so only the store
 * knows how they went. The alert an operator wants is "a partner's feed has not been imported for a
 * day" (`time() - trawl_feed_last_success_timestamp_seconds > 86400`), and "its last run failed".
 */

/** A source's last finished run and its last successful one, as one row. */
interface FeedRow {
  source_id: number;
  site: string | null;
  failed: number;
  /** The end of the last run that imported the feed or found it not modified since. */
  success_at: number | null;
  /** The end of the last run that imported it (its figures are that run's). */
  imported_at: number | null;
  seconds: number | null;
  records: number | null;
  imported: number | null;
  updated: number | null;
  unchanged: number | null;
  expired: number | null;
  rejected: number | null;
  grouped: number | null;
}

const OUTCOMES = ['records', 'imported', 'updated', 'unchanged', 'expired', 'rejected', 'grouped'] as const;

const ROWS = `
WITH last AS (
  SELECT source_id, max(id) AS id FROM feed_runs WHERE status IN ('done', 'failed', 'not-modified') GROUP BY source_id
), current AS (
  SELECT source_id, max(id) AS id FROM feed_runs WHERE status IN ('done', 'not-modified') GROUP BY source_id
), good AS (
  SELECT source_id, max(id) AS id FROM feed_runs WHERE status = 'done' GROUP BY source_id
)
SELECT last.source_id,
  ${SOURCE_SITE} AS site,
  (SELECT status = 'failed' FROM feed_runs WHERE id = last.id) AS failed,
  (SELECT finished FROM feed_runs WHERE id = current.id) AS success_at,
  r.finished AS imported_at,
  json_extract(r.summary, '$.seconds') AS seconds,
  json_extract(r.summary, '$.records') AS records,
  json_extract(r.summary, '$.imported') AS imported,
  json_extract(r.summary, '$.updated') AS updated,
  json_extract(r.summary, '$.unchanged') AS unchanged,
  json_extract(r.summary, '$.expired') AS expired,
  json_extract(r.summary, '$.rejected') AS rejected,
  json_extract(r.summary, '$.grouped') AS grouped
FROM last
LEFT JOIN current ON current.source_id = last.source_id
LEFT JOIN good ON good.source_id = last.source_id
LEFT JOIN feed_runs r ON r.id = good.id
LEFT JOIN sources s ON s.id = last.source_id
ORDER BY last.source_id`;

/** Registers the feed gauges on a registry; each scrape reads the store once (a few rows per source). */
export function registerFeedMetrics(registry: Registry, db: Database.Database): void {
  let read: { at: number; version: number; rows: FeedRow[] } | undefined;
  // One read serves the gauges of one scrape (collected one after the other), unless an import
  // committed meanwhile (`data_version` counts other connections' commits).
  const rows = (): FeedRow[] => {
    const now = Date.now();
    const version = db.pragma('data_version', { simple: true }) as number;
    if (read && read.version === version && now - read.at < 1000) return read.rows;
    read = { at: now, version, rows: hasFeedRuns(db) ? (db.prepare(ROWS).all() as FeedRow[]) : [] };
    return read.rows;
  };
  const labels = (r: FeedRow) => ({ source: String(r.source_id), site: r.site ?? 'unknown' });
  new Gauge({
    name: 'trawl_feed_last_success_timestamp_seconds',
    help: "When a partner's feed was last imported successfully, or found not modified since (the run's end, Unix time)",
    labelNames: ['source', 'site'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const r of rows()) if (r.success_at !== null) this.set(labels(r), r.success_at);
    },
  });
  new Gauge({
    name: 'trawl_feed_last_run_failed',
    help: "1 when a partner's last finished feed run failed (its download, or a malformed file), else 0",
    labelNames: ['source', 'site'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const r of rows()) this.set(labels(r), r.failed ? 1 : 0);
    },
  });
  new Gauge({
    name: 'trawl_feed_last_success_duration_seconds',
    help: "How long a partner's last successful feed import took",
    labelNames: ['source', 'site'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const r of rows()) if (r.seconds !== null) this.set(labels(r), r.seconds);
    },
  });
  new Gauge({
    name: 'trawl_feed_last_success_ads',
    help: "A partner's last successful feed import: its records, and the ads imported, updated, unchanged, expired, rejected and grouped",
    labelNames: ['source', 'site', 'outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const r of rows()) {
        if (r.imported_at === null) continue;
        for (const outcome of OUTCOMES) this.set({ ...labels(r), outcome }, r[outcome] ?? 0);
      }
    },
  });
}
