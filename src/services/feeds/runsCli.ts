import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';

/**
 * `npm run feed-runs -- [--source <id>] [--limit 20] [--json]`: the last feed runs of the search
 * store under DATA_DIR (default `var`), newest first: when, which source and site, how each ended
 * (done, failed, abandoned, or still running), what it did, and a failed one's error. What an
 * operator reads when a partner asks where its ads went. Read only; exit code 2 on bad options.
 */

const USAGE = 'usage: npm run feed-runs -- [--source <id>] [--limit <1..1000>] [--json]';

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

const FIGURES = ['seconds', 'records', 'imported', 'updated', 'unchanged', 'expired', 'rejected'] as const;

/** The last runs, newest first (of one source when given). */
export function listRuns(db: Database.Database, options: { source?: number; limit: number }): FeedRun[] {
  const rows = db
    .prepare(
      `SELECT r.id, r.source_id, json_extract(s.data, '$.country') || '/' || json_extract(s.data, '$.vertical') AS site,
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
      started: iso(r.started),
      finished: r.finished === null ? null : iso(r.finished),
      status: r.status,
      file: r.file,
    };
    const summary = r.summary ? (JSON.parse(r.summary) as Record<string, unknown>) : {};
    for (const key of FIGURES) if (typeof summary[key] === 'number') run[key] = summary[key];
    if (typeof summary.error === 'string') run.error = summary.error;
    return run;
  });
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');

/** The runs as a table, a failed run's error under it. */
export function formatRuns(runs: FeedRun[]): string {
  const head = ['run', 'source', 'site', 'started (UTC)', 'status', 'seconds', ...FIGURES.slice(1), 'feed'];
  const cells = runs.map((r) => [
    String(r.run),
    String(r.source),
    r.site ?? '?',
    r.started,
    r.status,
    ...FIGURES.map((f) => (r[f] === undefined ? '' : String(r[f]))),
    r.file,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] as string).length)));
  const line = (c: string[]) =>
    c
      .map((v, i) => (i === c.length - 1 ? v : v.padEnd(widths[i] as number)))
      .join('  ')
      .trimEnd();
  const lines = [line(head)];
  runs.forEach((r, i) => {
    lines.push(line(cells[i] as string[]));
    if (r.error) lines.push(`  ${r.error}`);
  });
  return lines.join('\n');
}

function main(argv: string[]): number {
  let source: number | undefined;
  let limit = 20;
  let json = false;
  try {
    const { values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        source: { type: 'string' },
        limit: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (values.source !== undefined) {
      if (!/^\d{1,15}$/.test(values.source)) throw new Error('--source must be a positive integer id');
      source = Number(values.source);
    }
    if (values.limit !== undefined) {
      limit = Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new Error('--limit must be 1 to 1000');
    }
    json = values.json ?? false;
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const file = path.join(path.resolve(process.env.DATA_DIR || 'var'), 'search.sqlite');
  if (!fs.existsSync(file)) {
    process.stderr.write(`no search store at ${file} (DATA_DIR)\n`);
    return 2;
  }
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const hasRuns = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'feed_runs'`).get();
    const runs = hasRuns ? listRuns(db, { ...(source !== undefined ? { source } : {}), limit }) : [];
    if (json) process.stdout.write(`${JSON.stringify(runs, null, 2)}\n`);
    else process.stdout.write(runs.length > 0 ? `${formatRuns(runs)}\n` : 'no feed runs\n');
    return 0;
  } finally {
    db.close();
  }
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
