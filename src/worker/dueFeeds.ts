import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import Database from 'better-sqlite3';
import { importCommandArgs } from '../services/feeds/feedEntries';
import { dueStuck, scheduledFeeds } from '../services/feeds/feedSchedule';
import { scheduleBusy, scheduleHolder, sourceBusy } from '../services/feeds/sourceLock';
import type { Logger } from '../server/logger';

/**
 * The worker role's scheduled feed imports (ARCHITECTURE.md, decision 094): every minute it reads
 * the store's kept feeds (`feed_fetch`, decision 092), and when one's time has come it runs the
 * import command's `--due` in a process of its own, as the cron line of docs/operations.md would:
 * an import's memory (hundreds of MB for a big feed) and its threads stay out of the server's
 * process, and a run that crashes takes nothing else with it. Each feed's outcome is logged.
 *
 * One `--due` at a time however many run it (its lock): while another holds it (a cron line's), the
 * worker starts none. Stopping the worker stops a run under way (the next completes it, as after any
 * kill). A command that fails itself (killed, crashed) is run again 15 minutes later, not every minute.
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

/**
 * After the command itself failed (killed, crashed, not started), the next is started no sooner: a
 * feed whose run dies leaves no attempt on record, and would otherwise be downloaded every minute.
 */
export const FAILED_COMMAND_PAUSE_MS = 15 * 60_000;

export function startDueFeeds(options: DueFeedsOptions): DueFeeds {
  const { dataDir, log } = options;
  let child: ChildProcess | undefined;
  let running: Promise<void> | undefined;
  let saidStuck = false;
  let pausedUntil = 0;
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

  /** `--due` started and followed to its end (resolves then, never rejects). */
  function run(sources: number[]): Promise<void> {
    log.info({ feeds: sources }, 'importing the feeds that are due');
    const errors: string[] = [];
    /** Feed lines of the run: imported (or not changed), and failed ones. */
    let doneLines = 0;
    let failedLines = 0;
    let over = false;
    return new Promise<void>((resolve) => {
      // Once: a program that cannot be started gives 'error', then 'close'.
      const ended = (code: number | null, signal: NodeJS.Signals | null, error?: Error) => {
        if (over) return;
        over = true;
        child = undefined;
        if (stopped && signal) {
          log.info({ signal }, 'feed imports stopped with the worker; the next run completes them');
        } else if (code === 0) {
          if (doneLines > 0) log.info('the due feeds are imported');
        } else if (code === 1 && failedLines > 0) {
          // `--due`'s exit 1 for a feed that failed, said on its line (a crash says no such line).
          log.warn({ errors }, 'a due feed was not imported (see its line above)');
        } else {
          pausedUntil = Date.now() + FAILED_COMMAND_PAUSE_MS;
          log.error(
            { code, signal, error: error?.message, errors },
            `the feed import command failed; it is run again in ${FAILED_COMMAND_PAUSE_MS / 60_000} minutes`,
          );
        }
        resolve();
      };
      let proc: ChildProcess;
      try {
        proc = spawn(process.execPath, importCommandArgs(['--due']), {
          env: { ...(options.env ?? process.env), DATA_DIR: dataDir },
          stdio: ['ignore', 'pipe', 'pipe'],
          // Its own process group: a terminal's Ctrl-C reaches the server, which stops it (`stop`).
          detached: true,
        });
      } catch (err) {
        ended(null, null, err as Error);
        return;
      }
      child = proc;
      // Not started (too many open files, …): 'error' comes, and no output.
      proc.on('error', (err) => ended(null, null, err));
      if (!proc.stdout || !proc.stderr) return;
      // A line per feed on stdout ("source 12 (es/homes) https://…: 1200 records: …"); progress on stderr.
      readline.createInterface({ input: proc.stdout }).on('line', (line) => {
        const source = Number(/^source (\d+) /.exec(line)?.[1]) || undefined;
        // A feed's outcome (`--due`'s `outcomeLine`): imported or not changed, else FAILED or skipped.
        const outcome = source === undefined ? undefined : (/: (FAILED|skipped): /.exec(line)?.[1] ?? 'done');
        if (outcome === 'FAILED') failedLines++;
        else if (outcome === 'done') doneLines++;
        if (outcome === 'FAILED' || outcome === 'skipped') log.warn({ source }, `feed import: ${line}`);
        else log.info({ source }, `feed import: ${line}`);
      });
      readline.createInterface({ input: proc.stderr }).on('line', (line) => {
        errors.push(line);
        if (errors.length > ERROR_LINES) errors.shift();
      });
      // 'close', not 'exit': its last lines are read by then.
      proc.on('close', (code, signal) => ended(code, signal));
    });
  }

  function check(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      // Said once, as a second `--due` says of the first.
      const holder = saidStuck ? undefined : scheduleHolder(dataDir);
      const stuck = holder?.pid === child?.pid ? dueStuck(holder, Date.now()) : undefined;
      if (holder && stuck) {
        saidStuck = true;
        log.warn({ pid: holder.pid }, `the feed import under way (${holder.feed}): ${stuck}; is it stuck?`);
      }
      return running;
    }
    if (Date.now() < pausedUntil) return Promise.resolve();
    let free: number[];
    try {
      // Left to a `--due` under way (a cron line's), and a source being imported (an operator's run).
      if (scheduleBusy(dataDir)) return Promise.resolve();
      free = dueSources().filter((source) => !sourceBusy(dataDir, source));
    } catch (err) {
      log.error({ err }, 'could not read the kept feeds');
      return Promise.resolve();
    }
    if (free.length === 0) return Promise.resolve();
    saidStuck = false;
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
