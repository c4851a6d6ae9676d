import Database from 'better-sqlite3';

/** How long a store's opening keeps asking to switch a new file to WAL before it gives up. */
const WAL_SWITCH_ATTEMPTS = 100;
const WAL_SWITCH_PAUSE_MS = 20;

/**
 * Opens a store's SQLite file in WAL mode (every read/write store of the product). Processes that
 * open a new file at the same instant (a fresh start's server processes) each ask to switch it to
 * WAL; SQLite answers the one that loses SQLITE_BUSY at once, without waiting out the busy timeout
 * (each holds the lock the other needs), and the process died at start. The switch is retried, a
 * few milliseconds apart, until the winner's WAL mode is in the file. `pageSize` is a new file's page
 * size (SQLite's default is 4,096 bytes); a file that has its tables keeps the one it was made with.
 */
export function openWalDatabase(file: string, options: { pageSize?: number } = {}): Database.Database {
  // better-sqlite3 sets a busy timeout of 5 s; it covers every later statement.
  const db = new Database(file);
  // (Before WAL mode: a file in WAL mode no longer changes its page size, even while still empty.)
  if (options.pageSize !== undefined) db.pragma(`page_size = ${options.pageSize}`);
  for (let attempt = 1; ; attempt++) {
    try {
      db.pragma('journal_mode = WAL');
      return db;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || attempt >= WAL_SWITCH_ATTEMPTS) {
        db.close();
        throw error;
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, WAL_SWITCH_PAUSE_MS * (1 + Math.random()));
    }
  }
}

/** How long a store's upgrade on open may keep another process that opens it waiting. */
const UPGRADE_WAIT_MS = 600_000;

/**
 * Runs a store's upgrades on open (they hold the write lock for seconds per million rows): a
 * process that opens the store meanwhile (an import started then) waits for them, then finds them
 * done, rather than failing at the busy timeout of every other statement (5 s), which comes back after.
 */
export function upgrading<T>(db: Database.Database, upgrade: () => T): T {
  const busy = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma(`busy_timeout = ${UPGRADE_WAIT_MS}`);
  try {
    return upgrade();
  } finally {
    db.pragma(`busy_timeout = ${busy}`);
  }
}

/** Whether the store has a table (a store of an earlier version, or one no import ran in, may not). */
export function hasTable(db: Database.Database, table: string): boolean {
  return db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(table) !== undefined;
}

/** Whether a table has a column (a store of an earlier version may not). */
export function hasColumn(db: Database.Database, table: string, column: string): boolean {
  return db.prepare('SELECT 1 FROM pragma_table_info(?) WHERE name = ?').get(table, column) !== undefined;
}
