import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import Database from 'better-sqlite3';
import { importCommandArgs } from '../services/feeds/feedEntries';
import { scheduledFeeds } from '../services/feeds/feedSchedule';
import { sourceBusy } from '../services/feeds/sourceLock';
import type { Logger } from '../server/logger';

/**
 * The worker role's scheduled feed imports (ARCHITECTURE.md, decision 094): every minute it reads
 * the store's kept feeds (`feed_fetch`, decision 092), and when one's time has come it runs the
 * import command's `--due` in a process of its own, as the cron line of docs/operations.md would:
 * an import's memory (hundreds of MB for a big feed) and its threads stay out of the server's
 * process, and a run that crashes takes nothing else with it. Each feed's outcome is logged.
 *
 * One `--due` at a time however many run it (its lock), so a cron line beside it does no harm.
 * Stopping the worker stops a run under way (the next completes it, as after any kill).
 */
export interface DueFeedsOptions {
  dataDir: string;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** How often the kept feeds are read (ms); default a minute. */
  checkMs?: number;
  /** The environment of the import command (default this process's). */
  env?: NodeJS.ProcessEnv;
}

export interface DueFeeds {
  /** Reads the kept feeds now and starts `--due` when one is due (and none runs); resolves when it ends. */
  check(): Promise<void>;
  stop(): Promise<void>;
}

export const DUE_FEEDS_CHECK_MS = 60_000;

/** Lines of the command's error output kept for a run that ends badly. */
const ERROR_LINES = 20;

/** How long a stopped run is given to end on SIGTERM before it is killed. */
const STOP_GRACE_MS = 5_000;

export function startDueFeeds(options: DueFeedsOptions): DueFeeds {
  const { dataDir, log } = options;
  let child: ChildProcess | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  /** The sources whose feed is due now (none when the store has no kept feed yet). */
  function dueSources(): number[] {
    const file = path.join(dataDir, 'search.sqlite');
    if (!fs.existsSync(file)) return [];
    const db = new Database(file, { fileMustExist: true, timeout: 5_000 });
    try {
      const now = Math.floor(Date.now() / 1000);
      return scheduledFeeds(db)
        .filter((f) => f.dueAt <= now)
        .map((f) => f.source);
    } finally {
      db.close();
    }
  }

  function run(sources: number[]): Promise<void> {
    log.info({ feeds: sources }, 'importing the feeds that are due');
    const proc = spawn(process.execPath, importCommandArgs(['--due']), {
      env: { ...(options.env ?? process.env), DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    // A line per feed on stdout ("source 12 (es/homes) https://…: 1200 records: …"); progress on stderr.
    readline.createInterface({ input: proc.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const source = Number(/^source (\d+) /.exec(line)?.[1]) || undefined;
      if (/: (FAILED|skipped): /.test(line)) log.warn({ source }, `feed import: ${line}`);
      else log.info({ source }, `feed import: ${line}`);
    });
    const errors: string[] = [];
    readline.createInterface({ input: proc.stderr as NodeJS.ReadableStream }).on('line', (line) => {
      errors.push(line);
      if (errors.length > ERROR_LINES) errors.shift();
    });
    return new Promise<void>((resolve) => {
      const ended = (code: number | null, signal: NodeJS.Signals | null, error?: Error) => {
        child = undefined;
        if (stopped && signal)
          log.info({ signal }, 'feed imports stopped with the worker; the next run completes them');
        else if (code === 0) log.info('the due feeds are imported');
        else if (code === 1) log.warn({ errors }, 'a due feed was not imported (see its line above)');
        else log.error({ code, signal, error: error?.message, errors }, 'the feed import command failed');
        resolve();
      };
      proc.on('error', (err) => ended(null, null, err));
      proc.on('exit', (code, signal) => ended(code, signal));
    });
  }

  function check(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) return running;
    let free: number[];
    try {
      // A source being imported now (an operator's run, or a cron line's `--due`) is left to it.
      free = dueSources().filter((source) => !sourceBusy(dataDir, source));
    } catch (err) {
      log.error({ err }, 'could not read the kept feeds');
      return Promise.resolve();
    }
    if (free.length === 0) return Promise.resolve();
    running = run(free).finally(() => (running = undefined));
    return running;
  }

  const timer = setInterval(() => void check(), options.checkMs ?? DUE_FEEDS_CHECK_MS);
  timer.unref();
  setImmediate(() => void check());

  return {
    check,
    async stop() {
      stopped = true;
      clearInterval(timer);
      const proc = child;
      if (!proc || !running) return;
      const killer = setTimeout(() => proc.kill('SIGKILL'), STOP_GRACE_MS);
      proc.kill('SIGTERM');
      await running;
      clearTimeout(killer);
    },
  };
}
