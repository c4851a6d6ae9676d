import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { FIGURES, hasFeedRuns, listRuns, type FeedRun } from './feedRuns';

/**
 * `npm run feed-runs -- [--source <id>] [--limit 20] [--json]`: the last feed runs of the search
 * store under DATA_DIR (default `var`), newest first: when, which source and site, how each ended
 * (done, failed, abandoned, or still running), what it did, and a failed one's error. What an
 * operator reads when a partner asks where its ads went. Read only; exit code 2 on bad options.
 */

const USAGE = 'usage: npm run feed-runs -- [--source <id>] [--limit <1..1000>] [--json]';

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
    const runs = hasFeedRuns(db) ? listRuns(db, { ...(source !== undefined ? { source } : {}), limit }) : [];
    if (json) process.stdout.write(`${JSON.stringify(runs, null, 2)}\n`);
    else process.stdout.write(runs.length > 0 ? `${formatRuns(runs)}\n` : 'no feed runs\n');
    return 0;
  } finally {
    db.close();
  }
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
