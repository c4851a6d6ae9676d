import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { FIGURES, hasFeedRuns, listRuns, utcTime, type FeedRun } from './feedRuns';
import { scheduledFeeds, shownEvery, type FeedOptions, type ScheduledFeed } from './feedSchedule';
import { isFeedUrl, shownUrl } from './feedDownload';
import { sourceBusy } from './sourceLock';

/**
 * `npm run feed-runs -- [--source <id>] [--limit 20] [--json]`: the last feed runs of the search
 * store under DATA_DIR (default `var`), newest first: when, which source and site, how each ended
 * (done, failed, not-modified, abandoned; a run not ended is `running`, or `killed` when its
 * process is gone), what it did, and a failed one's error. What an operator reads when a partner
 * asks where its ads went.
 * `npm run feed-runs -- --feeds [--json]`: the feed URLs the sources keep, how often each is
 * fetched, its last run, and when `--due` fetches it next (decision 092).
 * Read only; exit code 2 on bad options.
 */

const USAGE =
  'usage: npm run feed-runs -- [--source <id>] [--limit <1..1000>] [--json]\n       npm run feed-runs -- --feeds [--json]';

/** Statuses of a run not ended: it is under way while its source's lock is held. */
const UNDER_WAY = new Set(['staging', 'applying', 'expiring']);

/** A run's status as it is: one not ended `applying, running`, or `applying, killed` (the next run abandons it). */
function statusNow(status: string, source: number, dataDir: string): string {
  return UNDER_WAY.has(status) ? `${status}, ${sourceBusy(dataDir, source) ? 'running' : 'killed'}` : status;
}

/**
 * The runs as they are now, their feeds as they may be shown (a run recorded before its URL's query
 * keys were masked shows them masked too).
 */
function withProcess(runs: FeedRun[], dataDir: string): FeedRun[] {
  return runs.map((r) => ({ ...r, status: statusNow(r.status, r.source, dataDir), file: shownFeed(r.file) }));
}

function shownFeed(file: string): string {
  if (!isFeedUrl(file)) return file;
  try {
    return shownUrl(new URL(file));
  } catch {
    return file;
  }
}

/** The kept feeds as a table: what `--due` will do, and when. */
export function formatFeeds(feeds: ScheduledFeed[], now: number): string {
  const head = ['source', 'site', 'every', 'options', 'last run (UTC)', 'last status', 'next (UTC)', 'feed'];
  const cells = feeds.map((f) => [
    String(f.source),
    f.site ?? '?',
    shownEvery(f.every),
    shownOptions(f.options),
    f.last ? utcTime(f.last.started) : '',
    f.last?.status ?? 'never run',
    f.dueAt <= now ? 'due now' : utcTime(f.dueAt),
    shownUrl(f.url),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] as string).length)));
  return [head, ...cells]
    .map((c) => c.map((v, i) => (i === c.length - 1 ? v : v.padEnd(widths[i] as number))).join('  '))
    .join('\n');
}

/** A kept feed's options as the command line gives them: `--partial --max-expire-share 0.8`, or `-`. */
function shownOptions(o: FeedOptions): string {
  const given = [
    ...(o.partial ? ['--partial'] : []),
    ...(o.maxExpireShare !== undefined ? [`--max-expire-share ${o.maxExpireShare}`] : []),
    ...(o.format ? [`--format ${o.format}`] : []),
    ...(o.timeoutS !== undefined ? [`--timeout ${o.timeoutS}`] : []),
    ...(o.deadlineS !== undefined ? [`--deadline ${shownEvery(o.deadlineS)}`] : []),
  ];
  return given.length > 0 ? given.join(' ') : '-';
}

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
  let feeds = false;
  try {
    const { values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        source: { type: 'string' },
        limit: { type: 'string' },
        json: { type: 'boolean' },
        feeds: { type: 'boolean' },
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
    feeds = values.feeds ?? false;
    if (feeds && (values.source !== undefined || values.limit !== undefined))
      throw new Error('--feeds lists every kept feed: it takes no --source or --limit');
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const dataDir = path.resolve(process.env.DATA_DIR || 'var');
  const file = path.join(dataDir, 'search.sqlite');
  if (!fs.existsSync(file)) {
    process.stderr.write(`no search store at ${file} (DATA_DIR)\n`);
    return 2;
  }
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    if (feeds) {
      const kept = scheduledFeeds(db).map((f) =>
        f.last ? { ...f, last: { ...f.last, status: statusNow(f.last.status, f.source, dataDir) } } : f,
      );
      const now = Math.floor(Date.now() / 1000);
      if (json) {
        const rows = kept.map((f) => ({
          source: f.source,
          site: f.site,
          url: shownUrl(f.url),
          every: shownEvery(f.every),
          options: f.options,
          ...(f.last ? { lastRun: { started: utcTime(f.last.started), status: f.last.status } } : {}),
          next: f.dueAt <= now ? 'due now' : utcTime(f.dueAt),
        }));
        process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
      } else {
        process.stdout.write(kept.length > 0 ? `${formatFeeds(kept, now)}\n` : 'no source keeps a feed URL\n');
      }
      return 0;
    }
    const listed = hasFeedRuns(db) ? listRuns(db, { ...(source !== undefined ? { source } : {}), limit }) : [];
    const runs = withProcess(listed, dataDir);
    if (json) process.stdout.write(`${JSON.stringify(runs, null, 2)}\n`);
    else process.stdout.write(runs.length > 0 ? `${formatRuns(runs)}\n` : 'no feed runs\n');
    return 0;
  } finally {
    db.close();
  }
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
