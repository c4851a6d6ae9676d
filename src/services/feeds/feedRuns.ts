import type Database from 'better-sqlite3';
import { hasTable } from '../sqlite';

/**
 * A source's run history (`feed_runs`, written by `FeedImporter`): kept bounded, and read by
 * `npm run feed-runs` (`runsCli`) and the feed gauges of `GET /metrics` (`feedMetrics`).
 */

/**
 * Runs kept per source (`feed_runs`, each with its summary: up to ~10 KB). An hourly partner keeps
 * its last 8 days, a daily one its last 6 months; older runs are deleted as a run of the source ends,
 * but for the source's last import (`done`): a feed found unchanged for weeks (a `not-modified` run at
 * each fetch) keeps the summary and figures of the import that made its ads.
 */
export const RUNS_KEPT = 200;

export function pruneRuns(db: Database.Database, sourceId: number): void {
  db.prepare(
    `DELETE FROM feed_runs WHERE source_id = ? AND id <=
       (SELECT id FROM feed_runs WHERE source_id = ? ORDER BY id DESC LIMIT 1 OFFSET ${RUNS_KEPT})
     AND id IS NOT (SELECT max(id) FROM feed_runs WHERE source_id = ? AND status = 'done')`,
  ).run(sourceId, sourceId, sourceId);
}

/** Whether the store has a run history yet (the first import makes it). */
export function hasFeedRuns(db: Database.Database): boolean {
  return hasTable(db, 'feed_runs');
}

/** SQL of a source's site (`country/vertical`), from `sources s`. */
export const SOURCE_SITE = `json_extract(s.data, '$.country') || '/' || json_extract(s.data, '$.vertical')`;

export interface FeedRun {
  run: number;
  source: number;
  site: string | null;
  started: string;
  finished: string | null;
  status: string;
  file: string;
  seconds?: number;
  records?: number;
  imported?: number;
  updated?: number;
  unchanged?: number;
  expired?: number;
  rejected?: number;
  error?: string;
}

interface RunRow {
  id: number;
  source_id: number;
  site: string | null;
  started: number;
  finished: number | null;
  status: string;
  file: string;
  summary: string | null;
}

export const FIGURES = ['seconds', 'records', 'imported', 'updated', 'unchanged', 'expired', 'rejected'] as const;

/** The last runs, newest first (of one source when given). */
export function listRuns(db: Database.Database, options: { source?: number; limit: number }): FeedRun[] {
  const rows = db
    .prepare(
      `SELECT r.id, r.source_id, ${SOURCE_SITE} AS site,
         r.started, r.finished, r.status, r.file, r.summary
       FROM feed_runs r LEFT JOIN sources s ON s.id = r.source_id
       WHERE ? IS NULL OR r.source_id = ? ORDER BY r.id DESC LIMIT ?`,
    )
    .all(options.source ?? null, options.source ?? null, options.limit) as RunRow[];
  return rows.map((r) => {
    const run: FeedRun = {
      run: r.id,
      source: r.source_id,
      site: r.site,
      started: utcTime(r.started),
      finished: r.finished === null ? null : utcTime(r.finished),
      status: r.status,
      file: r.file,
    };
    const summary = r.summary ? (JSON.parse(r.summary) as Record<string, unknown>) : {};
    for (const key of FIGURES) if (typeof summary[key] === 'number') run[key] = summary[key];
    if (typeof summary.error === 'string') run.error = summary.error;
    return run;
  });
}

/** Epoch seconds as the run history shows them: `2026-11-27 10:00:00` (UTC). */
export const utcTime = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
