import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { countryByCode } from '../../../config/countries';
import { isVertical } from '../../../config/verticals';
import { siteOf } from '../search/siteKeys';
import { SqliteSearchStore } from '../search/SqliteSearchStore';
import { MalformedFeedError } from './feedRecords';
import { FeedImporter, type ImportProgress, type ImportSummary } from './FeedImporter';

/**
 * `npm run import -- --source <id> --country <cc> --vertical <vertical> [--name <name>]
 *  [--format xml|jsonl] [--partial] [--max-expire-share 0.6] [--json] <file>`
 *
 * Imports a partner's feed file into the site's search store
 * (`<DATA_DIR>/search.sqlite`, DATA_DIR default `var`), also while the server
 * runs. Progress on stderr; the summary on stdout (`--json`: as JSON).
 * Exit codes: 0 done (rejected records are listed, not fatal), 1 malformed
 * file or failure (nothing of the file applied), 2 bad arguments.
 */

const USAGE =
  'usage: npm run import -- --source <id> --country <cc> --vertical <homes|cars|jobs|products> ' +
  '[--name <source name>] [--format xml|jsonl] [--partial] [--max-expire-share <0..1>] [--json] <file>';

class UsageError extends Error {}

function parse(argv: string[]) {
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
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return { help: true as const };
  // A second value would silently win: "--source 1 … --source 2" is a mistake to name, not to guess.
  const given = new Set<string>();
  for (const t of tokens) {
    if (t.kind !== 'option') continue;
    if (given.has(t.name)) throw new UsageError(`--${t.name} is given twice`);
    given.add(t.name);
  }
  if (!values.source || !/^\d{1,15}$/.test(values.source) || Number(values.source) <= 0)
    throw new UsageError('--source must be a positive integer id');
  const country = values.country?.toLowerCase();
  if (!country || !countryByCode(country)) throw new UsageError(`--country: unknown country "${values.country ?? ''}"`);
  const vertical = values.vertical?.toLowerCase();
  if (!vertical || !isVertical(vertical)) throw new UsageError(`--vertical must be homes, cars, jobs or products`);
  const site = siteOf(country, vertical);
  if (!site) throw new UsageError(`${country} has no ${vertical} site`);
  if (values.format !== undefined && values.format !== 'xml' && values.format !== 'jsonl')
    throw new UsageError('--format must be xml or jsonl');
  let maxExpireShare: number | undefined;
  if (values['max-expire-share'] !== undefined) {
    maxExpireShare = Number(values['max-expire-share']);
    if (!(maxExpireShare >= 0 && maxExpireShare <= 1)) throw new UsageError('--max-expire-share must be within 0..1');
  }
  if (positionals.length !== 1) throw new UsageError('give exactly one feed file');
  const file = path.resolve(positionals[0] as string);
  if (!fs.existsSync(file)) throw new UsageError(`no such file: ${positionals[0]}`);
  if (!fs.statSync(file).isFile()) throw new UsageError(`not a file: ${positionals[0]}`);
  return {
    help: false as const,
    site,
    sourceId: Number(values.source),
    name: values.name,
    format: values.format as 'xml' | 'jsonl' | undefined,
    partial: values.partial ?? false,
    maxExpireShare,
    json: values.json ?? false,
    file,
  };
}

export function formatSummary(s: ImportSummary): string {
  const lines = [
    `${s.file} → ${s.site}, source ${s.source} (run ${s.run}, ${s.format})`,
    ...(sourceLine(s) ? [`  source     ${sourceLine(s)}`] : []),
    ...(s.encoding ? [`  text       ${s.encoding}`] : []),
    `  records    ${s.records}`,
    `  imported   ${s.imported}`,
    `  updated    ${s.updated}`,
    `  unchanged  ${s.unchanged}`,
    `  expired    ${s.expired} (${s.expiredMissing} missing from the feed, ${s.expiredByDate} past their expiration date)`,
    ...(s.expiredOtherSources > 0
      ? [`             and ${s.expiredOtherSources} of other sources past their expiration date`]
      : []),
    `  grouped    ${s.grouped} (joined a duplicate group)`,
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
  if (p.phase === 'staging') return `import: checking the file, ${p.records} records`;
  if (p.phase === 'applying') return `import: applying ${p.applied}/${p.toApply} (${p.records} records read)`;
  if (p.phase === 'expiring') return `import: expiring ads missing from the feed`;
  return 'import: done';
}

export async function main(argv: string[]): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(argv);
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const dataDir = path.resolve(process.env.DATA_DIR || 'var');
  // A DATA_DIR that does not exist is a typo far more often than a new deployment: an import into a store
  // no server reads would look done and show nothing. (The default `var/` is made, as the server makes it.)
  if (process.env.DATA_DIR && !fs.existsSync(dataDir)) {
    process.stderr.write(
      `DATA_DIR ${dataDir} does not exist: give the server's data directory (for a new one, make it first).\n`,
    );
    return 2;
  }
  const store = new SqliteSearchStore(dataDir);
  const tty = process.stderr.isTTY;
  const progress = (p: ImportProgress) =>
    process.stderr.write(tty ? `\r${progressLine(p)}\u001b[K` : `${progressLine(p)}\n`);
  try {
    const summary = await new FeedImporter({
      store,
      // (A big file is mapped in a worker thread, which loads its own gazetteer.)
      site: args.site,
      sourceId: args.sourceId,
      ...(args.name ? { sourceName: args.name } : {}),
      file: args.file,
      ...(args.format ? { format: args.format } : {}),
      full: !args.partial,
      ...(args.maxExpireShare !== undefined ? { maxExpireShare: args.maxExpireShare } : {}),
      onProgress: progress,
    }).run();
    if (tty) process.stderr.write('\n');
    process.stdout.write(args.json ? `${JSON.stringify(summary, null, 2)}\n` : `${formatSummary(summary)}\n`);
    return 0;
  } catch (err) {
    if (tty) process.stderr.write('\n');
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof MalformedFeedError) {
      process.stderr.write(`import failed: malformed feed ${args.file}: ${message}\nNothing of it was applied.\n`);
    } else if (/publishes on/.test(message)) {
      process.stderr.write(`${message}\n`);
      return 2;
    } else {
      process.stderr.write(`import failed: ${err instanceof Error ? err.stack : message}\n`);
    }
    if (args.json) process.stdout.write(`${JSON.stringify({ error: message }, null, 2)}\n`);
    return 1;
  } finally {
    store.close();
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`import failed: ${err instanceof Error ? err.stack : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
