import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { countryByCode } from '../../../config/countries';
import { isVertical } from '../../../config/verticals';
import { siteOf } from '../search/siteKeys';
import type { SiteKey } from '../search/types';
import { SqliteSearchStore } from '../search/SqliteSearchStore';
import {
  DEFAULT_DEADLINE_S,
  DEFAULT_IDLE_TIMEOUT_S,
  distinctHostKeys,
  downloadFeed,
  failDownload,
  FeedDownloadError,
  forgetDownload,
  isFeedUrl,
  keepDownload,
  parseFeedUrl,
  parseHostKeys,
  shownUrl,
  type FeedDownload,
  type HostKey,
} from './feedDownload';
import { FeedRunError } from './feedFiles';
import { MalformedFeedError } from './feedRecords';
import {
  FeedImporter,
  planSource,
  recordFailedRun,
  recordNotModified,
  type ImportProgress,
  type ImportSummary,
} from './FeedImporter';
import {
  DEFAULT_EVERY_S,
  ensureFetchTable,
  forgetFeed,
  keepFeed,
  keptFeed,
  deadlineOf,
  dueStuck,
  IMPORT_STUCK_S,
  MAX_DEADLINE_S,
  parseDuration,
  parseEvery,
  scheduledFeeds,
  triedFeed,
  type FeedOptions,
  type KeptFeed,
} from './feedSchedule';
import { lockSchedule, lockSource, scheduleHolder, SourceBusyError, type SourceLock } from './sourceLock';
import { hasFeedRuns, utcTime } from './feedRuns';

/**
 * `npm run import -- --source <id> [--country <cc> --vertical <vertical>] [--name <name>]
 *  [--format xml|jsonl] [--partial] [--max-expire-share 0.6] [--timeout 60] [--deadline 2h] [--every 6h]
 *  [--ssh-host-key <SHA256:… | key line> …] [--json] [<file | URL>]`
 * `npm run import -- --source <id> --stop-fetching`
 * `npm run import -- --due [--timeout 60] [--deadline 2h] [--json]`
 *
 * Imports a partner's feed file into the site's search store
 * (`<DATA_DIR>/search.sqlite`, DATA_DIR default `var`), also while the server
 * runs. An http(s), ftp(s) or sftp URL is downloaded first (`feedDownload`, decisions 091, 093), and
 * not again while the partner's server says it has not changed; the source keeps
 * it, and `--due` (the worker role's, or a cron line's) fetches every kept URL whose time has come
 * (`feedSchedule`, decision 092). A source's runs take turns (`sourceLock`).
 * Progress on stderr; the summary on stdout (`--json`: as JSON).
 * Exit codes: 0 done (rejected records are listed, not fatal), 1 malformed
 * file or failure (nothing of the file applied; with `--due`: any feed's, or
 * another `--due` stuck on a feed), 2 bad arguments, 3 another run
 * of the source is under way (nothing done).
 */

/**
 * The directory the command was typed in, which a relative feed path is relative to: npm runs a
 * script in the package's directory, so `npm --prefix /srv/trawl run import -- … feed.xml` typed in
 * `/data` means `/data/feed.xml` (npm says where in `INIT_CWD`). Only when npm runs this script:
 * a process it starts for another (a test run) has its own directory.
 */
function typedIn(): string {
  const env = process.env;
  return env.npm_lifecycle_event === 'import' && env.INIT_CWD ? env.INIT_CWD : process.cwd();
}

const USAGE = `usage: npm run import -- --source <id> [--country <cc> --vertical <homes|cars|jobs|products>]
         [--name <source name>] [--format xml|jsonl] [--partial] [--max-expire-share <0..1>]
         [--timeout <seconds>] [--deadline <2h>] [--every <90m|6h|1d>]
         [--ssh-host-key <SHA256:… | ssh-ed25519 AAAA…> …] [--json] [<file | URL: http(s), ftp(s), sftp>]
       npm run import -- --source <id> --stop-fetching
       npm run import -- --due [--timeout <seconds>] [--deadline <2h>] [--json]
A source created by a run needs --country and --vertical. Without a file or URL, the source's kept
feed URL is fetched; --due fetches each kept URL whose time has come (the worker role runs it).
--ssh-host-key may be given once per key of the partner's server (ssh-keyscan's lines). An sftp URL
without a password logs in with the key FEED_SSH_KEY names (FEED_SSH_KEY_PASSPHRASE opens it) and
ssh-agent's keys (SSH_AUTH_SOCK).`;

class UsageError extends Error {}

/** Exit codes (above). */
const EXIT = { done: 0, failed: 1, usage: 2, busy: 3 } as const;

/** What one run of a source imports, and how. */
interface FeedJob {
  sourceId: number;
  site: SiteKey;
  name?: string;
  /** The download's `--timeout` and `--deadline` where the feed keeps none: `--due`'s, or the defaults. */
  timeoutS: number;
  deadlineS: number;
  /** A file, or else a URL given on this run, or else (`fromKept`) the source's kept URL. */
  file: string;
  url?: URL;
  fromKept?: boolean;
  /** What this run was told (`--partial`, …): a given URL's options; over a kept feed's, which it keeps. */
  options: FeedOptions;
  /** `--every`, when given. */
  every?: number;
  /** `--ssh-host-key`, each time given (an sftp feed's keys). */
  hostKeys?: HostKey[];
  /** When the run's tick began (epoch seconds): a `--due` run's start, else the run's. */
  tick: number;
}

type Parsed =
  | { mode: 'help' }
  | { mode: 'due'; json: boolean; timeoutS: number; deadlineS: number }
  | {
      mode: 'source';
      json: boolean;
      sourceId: number;
      site?: SiteKey;
      name?: string;
      options: FeedOptions;
      every?: number;
      hostKeys?: HostKey[];
      stopFetching: boolean;
      url?: URL;
      file: string;
    };

function parse(argv: string[]): Parsed {
  const { values, positionals, tokens } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    tokens: true,
    options: {
      source: { type: 'string' },
      country: { type: 'string' },
      vertical: { type: 'string' },
      name: { type: 'string' },
      format: { type: 'string' },
      partial: { type: 'boolean' },
      'max-expire-share': { type: 'string' },
      timeout: { type: 'string' },
      deadline: { type: 'string' },
      every: { type: 'string' },
      'ssh-host-key': { type: 'string', multiple: true },
      'stop-fetching': { type: 'boolean' },
      due: { type: 'boolean' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return { mode: 'help' };
  // A second value would silently win: "--source 1 … --source 2" is a mistake to name, not to guess
  // (a partner's server may have several host keys).
  const named = new Set<string>();
  for (const t of tokens) {
    if (t.kind !== 'option') continue;
    if (named.has(t.name) && t.name !== 'ssh-host-key') throw new UsageError(`--${t.name} is given twice`);
    named.add(t.name);
  }
  let timeoutS: number | undefined;
  if (values.timeout !== undefined) {
    timeoutS = Number(values.timeout);
    if (!(timeoutS > 0 && timeoutS <= 3600))
      throw new UsageError('--timeout must be a number of seconds, at most 3600');
  }
  let deadlineS: number | undefined;
  if (values.deadline !== undefined) {
    try {
      deadlineS = parseDuration(values.deadline, '--deadline', 1, MAX_DEADLINE_S);
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
  }
  if (values.due) {
    const other = [...named].filter((n) => !['due', 'timeout', 'deadline', 'json'].includes(n));
    if (other.length > 0 || positionals.length > 0)
      throw new UsageError(`--due runs every kept feed as it was kept: it takes no --${other[0] ?? 'file'}`);
    return {
      mode: 'due',
      json: values.json ?? false,
      timeoutS: timeoutS ?? DEFAULT_IDLE_TIMEOUT_S,
      deadlineS: deadlineS ?? DEFAULT_DEADLINE_S,
    };
  }
  if (!values.source || !/^\d{1,15}$/.test(values.source) || Number(values.source) <= 0)
    throw new UsageError('--source must be a positive integer id');
  let site: SiteKey | undefined;
  if (values.country !== undefined || values.vertical !== undefined) {
    const country = values.country?.toLowerCase();
    if (!country || !countryByCode(country))
      throw new UsageError(`--country: unknown country "${values.country ?? ''}"`);
    const vertical = values.vertical?.toLowerCase();
    if (!vertical || !isVertical(vertical)) throw new UsageError(`--vertical must be homes, cars, jobs or products`);
    site = siteOf(country, vertical);
    if (!site) throw new UsageError(`${country} has no ${vertical} site`);
  }
  if (values.format !== undefined && values.format !== 'xml' && values.format !== 'jsonl')
    throw new UsageError('--format must be xml or jsonl');
  let maxExpireShare: number | undefined;
  if (values['max-expire-share'] !== undefined) {
    maxExpireShare = Number(values['max-expire-share']);
    if (!(maxExpireShare >= 0 && maxExpireShare <= 1)) throw new UsageError('--max-expire-share must be within 0..1');
  }
  let every: number | undefined;
  if (values.every !== undefined) {
    try {
      every = parseEvery(values.every);
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
  }
  let hostKeys: HostKey[] | undefined;
  if (values['ssh-host-key'] !== undefined) {
    try {
      hostKeys = distinctHostKeys(values['ssh-host-key'].flatMap(parseHostKeys));
    } catch (err) {
      throw new UsageError(`--ssh-host-key: ${(err as Error).message}`);
    }
  }
  const stopFetching = values['stop-fetching'] ?? false;
  const onlyStop = [...named].every((n) => n === 'source' || n === 'stop-fetching' || n === 'json');
  if (stopFetching && (positionals.length > 0 || !onlyStop))
    throw new UsageError('--stop-fetching takes only --source (and --json)');
  if (positionals.length > 1) throw new UsageError('give one feed file or URL');
  const given = positionals[0];
  let url: URL | undefined;
  let file = '';
  if (given !== undefined && isFeedUrl(given)) {
    try {
      url = parseFeedUrl(given);
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
  } else if (given !== undefined) {
    if (every !== undefined) throw new UsageError('--every is for a feed URL: a file is imported once');
    if (hostKeys !== undefined) throw new UsageError('--ssh-host-key is for an sftp:// feed URL');
    if (timeoutS !== undefined || deadlineS !== undefined)
      throw new UsageError(
        `--${timeoutS !== undefined ? 'timeout' : 'deadline'} is for a feed URL: a file is not downloaded`,
      );
    file = path.resolve(typedIn(), given);
    if (!fs.existsSync(file)) throw new UsageError(`no such file: ${given}`);
    if (!fs.statSync(file).isFile()) throw new UsageError(`not a file: ${given}`);
    try {
      fs.accessSync(file, fs.constants.R_OK);
    } catch {
      throw new UsageError(`cannot read ${given}: permission denied`);
    }
  }
  return {
    mode: 'source',
    json: values.json ?? false,
    sourceId: Number(values.source),
    ...(site ? { site } : {}),
    ...(values.name !== undefined ? { name: values.name } : {}),
    options: {
      ...(values.format ? { format: values.format as 'xml' | 'jsonl' } : {}),
      ...(values.partial ? { partial: true } : {}),
      ...(maxExpireShare !== undefined ? { maxExpireShare } : {}),
      ...(timeoutS !== undefined ? { timeoutS } : {}),
      ...(deadlineS !== undefined ? { deadlineS } : {}),
    },
    ...(every !== undefined ? { every } : {}),
    ...(hostKeys !== undefined ? { hostKeys } : {}),
    stopFetching,
    ...(url ? { url } : {}),
    file,
  };
}

export function formatSummary(s: ImportSummary, download?: FeedDownload): string {
  const lines = [
    `${s.file} → ${s.site}, source ${s.source} (run ${s.run}, ${s.format})`,
    ...(download ? [`  download   ${size(download.bytes)} in ${download.seconds} s, kept as ${download.file}`] : []),
    ...(sourceLine(s) ? [`  source     ${sourceLine(s)}`] : []),
    ...(s.unzipped ? [`  zip        read ${s.unzipped.entry} (${size(s.unzipped.bytes)}); lines are of it`] : []),
    ...(s.encoding ? [`  text       ${s.encoding}`] : []),
    `  records    ${s.records}`,
    `  imported   ${s.imported}`,
    `  updated    ${s.updated}`,
    `  unchanged  ${s.unchanged}`,
    `  expired    ${s.expired} (${s.expiredMissing} missing from the feed, ${s.expiredByDate} past their expiration date)`,
    ...(s.expiredOtherSources > 0
      ? [`             and ${s.expiredOtherSources} of other sources past their expiration date`]
      : []),
    `  grouped    ${s.grouped} (joined a duplicate group)` +
      (s.groupingLeftTo !== undefined
        ? `; the new ads are grouped when source ${s.groupingLeftTo}'s run of this site, under way, ends`
        : ''),
    `  rejected   ${s.rejected}${
      s.rejectedKept > 0
        ? ` (${s.rejectedKept} of them of ads already imported, which keep their last version: not expired)`
        : ''
    }`,
  ];
  for (const r of s.rejections.slice(0, 50))
    lines.push(
      `    line ${r.line}${r.id ? ` (id ${r.id})` : ''}: ${r.reason}${r.kept ? ' (the ad keeps its last version)' : ''}`,
    );
  if (s.rejected > 50) lines.push(`    … ${s.rejected - 50} more (--json lists up to 1000)`);
  if (s.warnings.length > 0) {
    lines.push('  values not read as the format has them (each kept in the ad as the partner wrote it):');
    for (const w of s.warnings.slice(0, 20))
      lines.push(`    ${w.field}: ${w.reason} — ${w.count}× (first at line ${w.firstLine})`);
  }
  if (s.expirySkipped) lines.push(`  EXPIRY SKIPPED: ${s.expirySkipped}`);
  // A rate says something of a run long enough to have one.
  lines.push(`  ${s.seconds} s${s.records >= 1000 ? `, ${s.adsPerSecond} records/s` : ''}`);
  return lines.join('\n');
}

/** What the run did to its source, if anything: created, renamed (`--name`), moved from another site. */
function sourceLine(s: ImportSummary): string {
  const name = JSON.stringify(s.sourceName);
  const what: string[] = [];
  if (s.sourceCreated) what.push(`created, named ${name}`);
  if (s.movedFrom !== undefined) what.push(`moved from ${s.movedFrom} (it had no ads there)`);
  if (s.renamedFrom !== undefined) what.push(`renamed ${JSON.stringify(s.renamedFrom)} → ${name}`);
  return what.join('; ');
}

function progressLine(p: ImportProgress): string {
  if (p.phase === 'unzipping') return `import: unzipping the feed, ${size(p.bytes ?? 0)} of ${size(p.totalBytes ?? 0)}`;
  if (p.phase === 'staging') return `import: checking the file, ${p.records} records`;
  if (p.phase === 'applying') return `import: applying ${p.applied}/${p.toApply} (${p.records} records read)`;
  if (p.phase === 'grouping') return "import: grouping the new ads with other partners' copies of them";
  if (p.phase === 'expiring') return `import: expiring ads missing from the feed`;
  return 'import: done';
}

/** How a run of a source ended. */
type Outcome =
  | { status: 'done'; summary: ImportSummary; download?: FeedDownload }
  | { status: 'not-modified'; download: FeedDownload }
  /** Another run of the source holds its lock: nothing done. */
  | { status: 'busy'; error: string }
  /** The kept feed was forgotten (`--stop-fetching`) before its run took the lock: nothing done. */
  | { status: 'stopped'; error: string }
  /** The source publishes on another site (exit 2: an argument's mistake). */
  | { status: 'refused'; error: string }
  /** `report`: what the operator reads (which file, what was kept, that nothing was applied). */
  | { status: 'failed'; error: string; report: string };

const EXIT_OF: Record<Outcome['status'], number> = {
  done: EXIT.done,
  'not-modified': EXIT.done,
  busy: EXIT.busy,
  stopped: EXIT.usage,
  refused: EXIT.usage,
  failed: EXIT.failed,
};

interface Hooks {
  onProgress?: (p: ImportProgress) => void;
  onDownload?: (bytes: number, total: number | undefined) => void;
}

/**
 * One run of a source, under its lock: the feed downloaded when it is a URL, imported, and the URL
 * kept with the source once the run succeeded (a mistyped URL is never fetched again by `--due`). A
 * kept feed is read under the lock (a `--stop-fetching` or a new URL meanwhile is seen), and its
 * attempt noted whatever its end; a failure no run recorded is recorded (the schedule retries it
 * in an hour, not at every tick).
 */
async function runFeed(store: SqliteSearchStore, dataDir: string, job: FeedJob, hooks: Hooks): Promise<Outcome> {
  let lock: SourceLock;
  try {
    lock = lockSource(dataDir, job.sourceId, job.url ? shownUrl(job.url) : job.fromKept ? 'its kept feed' : job.file);
  } catch (err) {
    if (err instanceof SourceBusyError) return { status: 'busy', error: err.message };
    throw err;
  }
  try {
    let feed: KeptFeed | undefined;
    if (job.fromKept) {
      const kept = keptFeed(store.db, job.sourceId);
      if (!kept) return { status: 'stopped', error: `source ${job.sourceId} keeps no feed URL any more` };
      feed = { url: kept.url, every: job.every ?? kept.every, options: { ...kept.options, ...job.options } };
    } else if (job.url) {
      const every = job.every ?? keptFeed(store.db, job.sourceId)?.every ?? DEFAULT_EVERY_S;
      feed = { url: job.url, every, options: job.options };
    }
    const outcome = await fetchAndImport(store, dataDir, job, feed?.url, feed?.options ?? job.options, lock, hooks);
    const settled = outcome.status === 'done' || outcome.status === 'not-modified';
    // An operator's mistake (another site) is no attempt of the feed: not recorded, the schedule not moved.
    if (feed && job.fromKept && outcome.status !== 'refused')
      triedFeed(store.db, job.sourceId, feed, job.tick, settled);
    else if (feed && settled) keepFeed(store.db, job.sourceId, feed, job.tick);
    if (outcome.status === 'failed' && job.fromKept && !ranSince(store, job))
      recordFailedRun(store, job.sourceId, feed ? shownUrl(feed.url) : '', outcome.error);
    return outcome;
  } finally {
    lock.release();
  }
}

/** Whether a run of the job's source was recorded since its tick (the import's own, or a failed download's). */
function ranSince(store: SqliteSearchStore, job: FeedJob): boolean {
  if (!hasFeedRuns(store.db)) return false;
  return (
    store.db
      .prepare('SELECT 1 FROM feed_runs WHERE source_id = ? AND started >= ? LIMIT 1')
      .get(job.sourceId, job.tick) !== undefined
  );
}

/** The run itself, its lock held: `url` downloaded first when given, then imported with `options`. */
async function fetchAndImport(
  store: SqliteSearchStore,
  dataDir: string,
  job: FeedJob,
  url: URL | undefined,
  options: FeedOptions,
  lock: SourceLock,
  hooks: Hooks,
): Promise<Outcome> {
  let download: FeedDownload | undefined;
  try {
    if (url) {
      // A source that publishes on another site is refused before a byte is fetched.
      await planSource(store, job.sourceId, job.site, job.name);
      const fetched = Date.now();
      download = await downloadFeed({
        url,
        dataDir,
        sourceId: job.sourceId,
        // The feed's own, else `--due`'s for all feeds, else the defaults.
        idleTimeoutS: options.timeoutS ?? job.timeoutS,
        deadlineS: deadlineOf(options, job.deadlineS),
        ...(job.hostKeys ? { hostKeys: job.hostKeys } : {}),
        ...(hooks.onDownload ? { onProgress: hooks.onDownload } : {}),
      });
      if (download.status === 'not-modified') {
        recordNotModified(store, job.sourceId, download.url, fetched);
        return { status: 'not-modified', download };
      }
    }
    const summary = await new FeedImporter({
      store,
      site: job.site,
      sourceId: job.sourceId,
      ...(job.name !== undefined ? { sourceName: job.name } : {}),
      file: download?.file ?? job.file,
      ...(download ? { origin: download.url } : {}),
      ...(options.format ? { format: options.format } : {}),
      full: !options.partial,
      ...(options.maxExpireShare !== undefined ? { maxExpireShare: options.maxExpireShare } : {}),
      ...(hooks.onProgress ? { onProgress: hooks.onProgress } : {}),
      lock,
    }).run();
    // The store now holds another file's ads than the last download's: the next fetch is in full.
    if (!url) forgetDownload(dataDir, job.sourceId);
    const kept = download && keepDownload(dataDir, job.sourceId, download);
    return { status: 'done', summary, ...(kept ? { download: kept } : {}) };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const failed = download && failDownload(dataDir, job.sourceId, download);
    if (err instanceof MalformedFeedError) {
      const what = download ? download.url : job.file;
      const html = download?.contentType === 'text/html' ? ' (the server answered with a web page, text/html)' : '';
      const report =
        `import failed: malformed feed ${what}${html}: ${message}\nNothing of it was applied.` +
        (failed ? `\nThe download is kept at ${failed}.` : '');
      return { status: 'failed', error: message, report };
    }
    if (err instanceof FeedRunError) {
      // In the source's history, as a malformed file's run is: its metrics say the feed failed (the
      // import records its own, as it records a malformed file's).
      if (url && err instanceof FeedDownloadError) recordFailedRun(store, job.sourceId, shownUrl(url), message);
      const report =
        `import failed: ${message}\nNothing was applied.` + (failed ? `\nThe download is kept at ${failed}.` : '');
      return { status: 'failed', error: message, report };
    }
    if (/publishes on/.test(message)) return { status: 'refused', error: message };
    // A condition of the machine (a file it may not read, a full disk, a store locked too long) is
    // said as it is; anything else is a bug, told with where it happened.
    const condition = typeof (err as { code?: unknown } | undefined)?.code === 'string';
    return {
      status: 'failed',
      error: message,
      report: `import failed: ${err instanceof Error && !condition ? err.stack : message}`,
    };
  }
}

export async function main(argv: string[]): Promise<number> {
  let args: Parsed;
  try {
    args = parse(argv);
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n${USAGE}\n`);
    return EXIT.usage;
  }
  if (args.mode === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return EXIT.done;
  }
  const dataDir = path.resolve(process.env.DATA_DIR || 'var');
  // A DATA_DIR that does not exist is a typo far more often than a new deployment: an import into a store
  // no server reads would look done and show nothing. (The default `var/` is made, as the server makes it.)
  if (process.env.DATA_DIR && !fs.existsSync(dataDir)) {
    process.stderr.write(
      `DATA_DIR ${dataDir} does not exist: give the server's data directory (for a new one, make it first).\n`,
    );
    return EXIT.usage;
  }
  const store = new SqliteSearchStore(dataDir);
  try {
    return args.mode === 'due' ? await runDue(store, dataDir, args) : await runSource(store, dataDir, args);
  } finally {
    store.close();
  }
}

/** `--source <id> [<file | URL>]`: one run, its summary in full. */
async function runSource(
  store: SqliteSearchStore,
  dataDir: string,
  args: Extract<Parsed, { mode: 'source' }>,
): Promise<number> {
  const usage = (message: string) => {
    process.stderr.write(`${message}\n${USAGE}\n`);
    return EXIT.usage;
  };
  const known = await store.source(args.sourceId);
  if (args.stopFetching) {
    ensureFetchTable(store.db);
    // Under the source's lock: a run under way would keep the URL again as it ends.
    let lock: SourceLock;
    try {
      lock = lockSource(dataDir, args.sourceId, 'no feed (--stop-fetching)');
    } catch (err) {
      if (!(err instanceof SourceBusyError)) throw err;
      process.stderr.write(`${err.message}: try again once it ends\n`);
      return EXIT.busy;
    }
    let url: URL | undefined;
    try {
      url = forgetFeed(store.db, args.sourceId);
    } finally {
      lock.release();
    }
    const said = url
      ? `source ${args.sourceId}: ${shownUrl(url)} is no longer fetched (its ads stay until a run expires them)`
      : `source ${args.sourceId} keeps no feed URL: nothing to stop`;
    process.stdout.write(args.json ? `${JSON.stringify({ stopped: url ? shownUrl(url) : null })}\n` : `${said}\n`);
    return EXIT.done;
  }
  const site = args.site ?? (known && { country: known.country, vertical: known.vertical });
  if (!site) return usage(`source ${args.sourceId} is new: give its --country and --vertical`);
  ensureFetchTable(store.db);
  const fromKept = !args.url && !args.file;
  const keptUrl = fromKept ? keptFeed(store.db, args.sourceId)?.url : undefined;
  if (fromKept && !keptUrl) return usage(`source ${args.sourceId} keeps no feed URL: give a feed file or URL`);
  if (args.hostKeys !== undefined && (args.url ?? keptUrl)?.protocol !== 'sftp:')
    return usage('--ssh-host-key is for an sftp:// feed URL');
  const tty = process.stderr.isTTY;
  const outcome = await runFeed(
    store,
    dataDir,
    {
      sourceId: args.sourceId,
      site,
      ...(args.name !== undefined ? { name: args.name } : {}),
      timeoutS: DEFAULT_IDLE_TIMEOUT_S,
      deadlineS: DEFAULT_DEADLINE_S,
      file: args.file,
      ...(args.url ? { url: args.url } : {}),
      ...(fromKept ? { fromKept } : {}),
      options: args.options,
      ...(args.every !== undefined ? { every: args.every } : {}),
      ...(args.hostKeys !== undefined ? { hostKeys: args.hostKeys } : {}),
      tick: Math.floor(Date.now() / 1000),
    },
    {
      onProgress: (p) => process.stderr.write(tty ? `\r${progressLine(p)}\u001b[K` : `${progressLine(p)}\n`),
      onDownload: downloadProgress(tty),
    },
  );
  if (tty) process.stderr.write('\n');
  switch (outcome.status) {
    case 'done':
      process.stdout.write(
        args.json
          ? `${JSON.stringify(outcome.download ? { ...outcome.summary, download: outcome.download } : outcome.summary, null, 2)}\n`
          : `${formatSummary(outcome.summary, outcome.download)}\n`,
      );
      break;
    case 'not-modified': {
      const d = outcome.download;
      const said = `${d.url}: not changed since its last import (fetched ${d.lastFetched}): nothing to do`;
      process.stdout.write(args.json ? `${JSON.stringify({ download: d }, null, 2)}\n` : `${said}\n`);
      break;
    }
    case 'busy':
    case 'stopped':
    case 'refused':
    case 'failed':
      process.stderr.write(`${outcome.status === 'failed' ? outcome.report : outcome.error}\n`);
      // A script reading --json gets JSON whatever the outcome (the exit code says which, too).
      if (args.json)
        process.stdout.write(`${JSON.stringify({ status: outcome.status, error: outcome.error }, null, 2)}\n`);
      break;
  }
  return EXIT_OF[outcome.status];
}

/**
 * `--due`: each kept feed whose time has come, one after the other, the most overdue first; a line
 * each (cron mails or logs them). One `--due` at a time: a second one, started while the first still
 * imports, leaves the feeds to it. Exit 1 when any feed failed.
 */
async function runDue(
  store: SqliteSearchStore,
  dataDir: string,
  args: Extract<Parsed, { mode: 'due' }>,
): Promise<number> {
  const now = () => Math.floor(Date.now() / 1000);
  // Every feed this run goes through counts its next time from here, however late in the run it came.
  const tick = now();
  let schedule: SourceLock;
  try {
    schedule = lockSchedule(dataDir);
  } catch (err) {
    if (!(err instanceof SourceBusyError)) throw err;
    // Quiet while the other goes on; not past a run no schedule needs (a download that trickles, a hang).
    const stuck = dueStuck(scheduleHolder(dataDir), Date.now());
    const said = stuck
      ? `${err.message}: ${stuck}; is it stuck? (kill it and the next --due goes on)`
      : `${err.message}: nothing done`;
    process.stdout.write(args.json ? `${JSON.stringify({ busy: err.message, stuck: !!stuck })}\n` : `${said}\n`);
    return stuck ? EXIT.failed : EXIT.done;
  }
  const results: Record<string, unknown>[] = [];
  let failed = false;
  try {
    ensureFetchTable(store.db);
    const feeds = scheduledFeeds(store.db);
    const due = feeds.filter((f) => f.dueAt <= tick);
    if (due.length === 0) {
      const next = feeds[0];
      const said = next
        ? `no feed is due; the next is source ${next.source}'s at ${utcTime(next.dueAt)} UTC`
        : 'no source keeps a feed URL: nothing to fetch (import one from its URL first)';
      process.stdout.write(args.json ? `${JSON.stringify({ due: [] })}\n` : `${said}\n`);
      return EXIT.done;
    }
    for (const feed of due) {
      // A run of the source since the list was read (an operator's) may have made it not due.
      const [still] = scheduledFeeds(store.db, feed.source);
      if (!still || still.dueAt > now()) continue;
      const known = await store.source(feed.source);
      const head = `source ${feed.source} (${feed.site ?? '?'}) ${shownUrl(still.url)}`;
      // Done by its download's deadline and an import's time, or another --due says it is stuck.
      schedule.say(head, new Date(Date.now() + (deadlineOf(still.options, args.deadlineS) + IMPORT_STUCK_S) * 1000));
      let outcome: Outcome;
      if (known) {
        const site = { country: known.country, vertical: known.vertical };
        const job = {
          sourceId: feed.source,
          site,
          timeoutS: args.timeoutS,
          deadlineS: args.deadlineS,
          file: '',
          fromKept: true,
          options: {},
          tick,
        };
        outcome = await runFeed(store, dataDir, job, {});
      } else {
        outcome = { status: 'failed', error: `source ${feed.source} is not in the store`, report: '' };
        recordFailedRun(store, feed.source, shownUrl(still.url), outcome.error);
        triedFeed(store.db, feed.source, still, tick, false);
      }
      if (outcome.status === 'failed' || outcome.status === 'refused') failed = true;
      results.push({ source: feed.source, site: feed.site, url: shownUrl(still.url), ...outcomeFields(outcome) });
      if (!args.json) process.stdout.write(`${head}: ${outcomeLine(outcome)}\n`);
    }
    if (args.json) process.stdout.write(`${JSON.stringify({ due: results }, null, 2)}\n`);
    return failed ? EXIT.failed : EXIT.done;
  } finally {
    schedule.release();
  }
}

/** A run's outcome in one line, for `--due`'s log. */
function outcomeLine(o: Outcome): string {
  switch (o.status) {
    case 'done': {
      const s = o.summary;
      return (
        `${s.records} records: ${s.imported} imported, ${s.updated} updated, ${s.unchanged} unchanged, ` +
        `${s.expired} expired, ${s.rejected} rejected, ${s.grouped} grouped (${s.seconds} s)` +
        (s.expirySkipped ? `; EXPIRY SKIPPED: ${s.expirySkipped}` : '')
      );
    }
    case 'not-modified':
      return 'not changed since its last import';
    case 'busy':
    case 'stopped':
      return `skipped: ${o.error}`;
    default:
      return `FAILED: ${o.error}`;
  }
}

function outcomeFields(o: Outcome): Record<string, unknown> {
  switch (o.status) {
    case 'done': {
      const { rejections: _rejections, warnings: _warnings, ...figures } = o.summary;
      return { status: o.status, ...figures };
    }
    case 'not-modified':
      return { status: o.status };
    default:
      return { status: o.status, error: o.error };
  }
}

/** The download's progress, at most twice a second: on a terminal in place, else a line each. */
function downloadProgress(tty: boolean): (bytes: number, total: number | undefined) => void {
  let shown = 0;
  return (bytes, total) => {
    const now = Date.now();
    if (now - shown < 500) return;
    shown = now;
    const line = `download: ${size(bytes)}${total ? ` of ${size(total)}` : ''}`;
    process.stderr.write(tty ? `\r${line}\u001b[K` : `${line}\n`);
  };
}

const size = (bytes: number) => (bytes < 1e6 ? `${Math.ceil(bytes / 1e3)} KB` : `${(bytes / 1e6).toFixed(1)} MB`);

/** The import command: runs `argv`, its exit code set when it ends. */
export function runImportCommand(argv: string[]): void {
  main(argv).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`import failed: ${err instanceof Error ? err.stack : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}

// From source (`npm run import`, tsx); built, `importCommand.ts` is the entry.
if (require.main === module) runImportCommand(process.argv.slice(2));
