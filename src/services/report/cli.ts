import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { EventStore } from '../events/EventStore';
import { EVENTS_FILE, SqliteEventStore } from '../events/SqliteEventStore';
import { buildReport, formatReport, parseDay, type Report, type SourceInfo } from './buildReport';

/**
 * `npm run report [-- --json] [--from yyyy-mm-dd] [--to yyyy-mm-dd]`: the
 * click-out report of the event store under DATA_DIR (default `var`), per
 * source and UTC day. Source names come from the search store when it is
 * there. Exit code 2 on bad options.
 */
async function main(argv: string[]): Promise<number> {
  let options: { json?: boolean; from?: string; to?: string; help?: boolean };
  try {
    options = parseArgs({
      args: argv,
      options: {
        json: { type: 'boolean' },
        from: { type: 'string' },
        to: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
    if (options.from) parseDay(options.from, '--from');
    if (options.to) parseDay(options.to, '--to');
  } catch (err) {
    process.stderr.write(
      `${(err as Error).message}\nusage: npm run report -- [--json] [--from yyyy-mm-dd] [--to yyyy-mm-dd]\n`,
    );
    return 2;
  }
  if (options.help) {
    process.stdout.write('usage: npm run report -- [--json] [--from yyyy-mm-dd] [--to yyyy-mm-dd]\n');
    return 0;
  }
  const dataDir = path.resolve(process.env.DATA_DIR || 'var');
  const range = { ...(options.from ? { from: options.from } : {}), ...(options.to ? { to: options.to } : {}) };
  let report: Report = { totals: { clickouts: 0, billableClicks: 0, revenue: 0, impressions: 0, leads: 0 }, rows: [] };
  if (fs.existsSync(path.join(dataDir, EVENTS_FILE))) {
    const events: EventStore = new SqliteEventStore(dataDir, { readonly: true });
    const closeNames: (() => void)[] = [];
    try {
      report = await buildReport(events, range, await sourceLookup(dataDir, closeNames));
    } finally {
      events.close();
      for (const close of closeNames) close();
    }
  }
  process.stdout.write(options.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatReport(report)}\n`);
  return 0;
}

/** Source names from the search store (`search.sqlite`) when the data dir has one. */
async function sourceLookup(
  dataDir: string,
  closers: (() => void)[],
): Promise<((id: number) => Promise<SourceInfo | undefined>) | undefined> {
  if (!fs.existsSync(path.join(dataDir, 'search.sqlite'))) return undefined;
  try {
    const { SqliteSearchStore } = await import('../search/SqliteSearchStore');
    const store = new SqliteSearchStore(dataDir);
    closers.push(() => store.close());
    return async (id) => {
      const s = await store.source(id);
      return s ? { name: s.name, country: s.country, vertical: s.vertical } : undefined;
    };
  } catch {
    return undefined;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`report failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exitCode = 1;
  },
);
