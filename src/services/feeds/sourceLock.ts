import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { writeFileWhole } from '../files';

/**
 * One run of a source at a time (decision 092). A run that starts while another of its source is
 * still under way (a cron line firing again during a long download, an operator's run beside the
 * schedule's) would take the other's run for a dead one: drop its staging and mark it abandoned, and
 * the two would expire each other's ads.
 *
 * The lock is an exclusive SQLite lock on a file of its own (`locks/source-<id>.lock` under the data
 * directory, apart from `feeds/`, which may be cleaned at will): the operating system releases it when
 * its process ends in any way (kill -9 too), so a dead run never holds its source, and no process id
 * is ever taken for another process's.
 */

export class SourceBusyError extends Error {}

/** How long taking a lock waits before it is refused: longer than another's look, far shorter than a run. */
const LOOK_WAIT_MS = 250;

/** A held lock (a source's, or the schedule's), released once (again: nothing). */
export interface SourceLock {
  release(): void;
  /** What the holder goes on to import, and when it should be done by (`Holder`), written over its note. */
  say(feed: string, until?: Date): void;
}

/** Who holds a lock, written beside it once taken (read for the refusal's message). */
export interface Holder {
  pid: number;
  since: string;
  feed: string;
  /** When what it imports should be done (a `--due` run's feed: `dueStuck`), if it said. */
  until?: string;
}

/** The lock file of a source's runs (`source-<id>`), or of the schedule's (`due`), with its holder's note. */
function lockPaths(dataDir: string, name: string) {
  const dir = path.join(dataDir, 'locks');
  return { dir, lock: path.join(dir, `${name}.lock`), holder: path.join(dir, `${name}.lock.json`) };
}

/**
 * Takes the source's lock, or throws `SourceBusyError` naming the run that holds it. `feed` is what
 * the run imports (a file, or a URL as it may be shown), for the other run's message.
 */
export function lockSource(dataDir: string, sourceId: number, feed: string): SourceLock {
  return take(lockPaths(dataDir, `source-${sourceId}`), `source ${sourceId} is being imported by another run`, feed);
}

/** The lock of `npm run import -- --due`: one at a time goes through the kept feeds. */
export function lockSchedule(dataDir: string): SourceLock {
  return take(lockPaths(dataDir, 'due'), 'another --due run is going through the feeds', 'the due feeds');
}

function take(paths: ReturnType<typeof lockPaths>, busy: string, feed: string): SourceLock {
  fs.mkdirSync(paths.dir, { recursive: true });
  // A look that holds the file for a moment (`sourceBusy`) is waited for; a run that holds it is not.
  const db = new Database(paths.lock, { timeout: LOOK_WAIT_MS });
  try {
    db.exec('BEGIN EXCLUSIVE');
  } catch (err) {
    db.close();
    if ((err as { code?: string }).code !== 'SQLITE_BUSY') throw err;
    throw new SourceBusyError(`${busy}${describe(paths.holder)}`);
  }
  const since = new Date().toISOString();
  const say = (what: string, until?: Date) => {
    const holder: Holder = { pid: process.pid, since, feed: what, ...(until ? { until: until.toISOString() } : {}) };
    // Whole, for a reader meanwhile (`--due`'s "is it stuck?").
    writeFileWhole(paths.holder, JSON.stringify(holder));
  };
  try {
    say(feed);
  } catch (err) {
    db.exec('ROLLBACK');
    db.close();
    throw err;
  }
  let held = true;
  return {
    say(what, until) {
      if (held) say(what, until);
    },
    release() {
      if (!held) return;
      held = false;
      fs.rmSync(paths.holder, { force: true });
      db.exec('ROLLBACK');
      db.close();
    },
  };
}

/** Whether a run of the source is under way now (its lock is held). Takes nothing: a shared look. */
export function sourceBusy(dataDir: string, sourceId: number): boolean {
  return held(lockPaths(dataDir, `source-${sourceId}`));
}

/** Whether a `--due` is going through the feeds now (its lock is held). Takes nothing. */
export function scheduleBusy(dataDir: string): boolean {
  return held(lockPaths(dataDir, 'due'));
}

function held(paths: ReturnType<typeof lockPaths>): boolean {
  if (!fs.existsSync(paths.lock)) return false;
  const db = new Database(paths.lock, { readonly: true, timeout: 0 });
  try {
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    return false;
  } catch (err) {
    if ((err as { code?: string }).code !== 'SQLITE_BUSY') throw err;
    return true;
  } finally {
    db.close();
  }
}

/** Who holds the `--due` lock, as far as the holder wrote it (while it is held). */
export function scheduleHolder(dataDir: string): Holder | undefined {
  return readHolder(lockPaths(dataDir, 'due').holder);
}

function readHolder(file: string): Holder | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Holder;
  } catch {
    return undefined;
  }
}

/** " (pid 123, since 2026-11-27 10:00:00 UTC, importing …)", as far as the holder wrote it. */
function describe(file: string): string {
  const h = readHolder(file);
  return h ? ` (pid ${h.pid}, since ${h.since.slice(0, 19).replace('T', ' ')} UTC, importing ${h.feed})` : '';
}
