import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { countryByCode } from '../../../config/countries';
import { isVertical } from '../../../config/verticals';
import { siteOf } from '../search/siteKeys';
import { SqliteSearchStore } from '../search/SqliteSearchStore';
import {
  DEFAULT_IDLE_TIMEOUT_S,
  downloadFeed,
  failDownload,
  FeedDownloadError,
  forgetDownload,
  isFeedUrl,
  keepDownload,
  parseFeedUrl,
  shownUrl,
  type FeedDownload,
} from './feedDownload';
import { MalformedFeedError } from './feedRecords';
import { FeedImporter, planSource, recordFailedRun, type ImportProgress, type ImportSummary } from './FeedImporter';

/**
 * `npm run import -- --source <id> --country <cc> --vertical <vertical> [--name <name>]
 *  [--format xml|jsonl] [--partial] [--max-expire-share 0.6] [--timeout 60] [--json] <file | URL>`
 *
 * Imports a partner's feed file into the site's search store
 * (`<DATA_DIR>/search.sqlite`, DATA_DIR default `var`), also while the server
 * runs. An http(s) URL is downloaded first (`feedDownload`, decision 091), and
 * not again while the partner's server says it has not changed.
 * Progress on stderr; the summary on stdout (`--json`: as JSON).
 * Exit codes: 0 done (rejected records are listed, not fatal), 1 malformed
 * file or failure (nothing of the file applied), 2 bad arguments.
 */

const USAGE =
  'usage: npm run import -- --source <id> --country <cc> --vertical <homes|cars|jobs|products> ' +
  '[--name <source name>] [--format xml|jsonl] [--partial] [--max-expire-share <0..1>] [--timeout <seconds>] ' +
  '[--json] <file | http(s) URL>';

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
      timeout: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return { help: true as const };
  // A second value would silently win: "--source 1 … --source 2" is a mistake to name, not to guess.
  const named = new Set<string>();
  for (const t of tokens) {
    if (t.kind !== 'option') continue;
    if (named.has(t.name)) throw new UsageError(`--${t.name} is given twice`);
    named.add(t.name);
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
  let timeoutS = DEFAULT_IDLE_TIMEOUT_S;
  if (values.timeout !== undefined) {
    timeoutS = Number(values.timeout);
    if (!(timeoutS > 0 && timeoutS <= 3600))
      throw new UsageError('--timeout must be a number of seconds, at most 3600');
  }
  if (positionals.length !== 1) throw new UsageError('give exactly one feed file or URL');
  const given = positionals[0] as string;
  let url: URL | undefined;
  let file = '';
  if (isFeedUrl(given)) {
    try {
      url = parseFeedUrl(given);
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
  } else {
    file = path.resolve(given);
    if (!fs.existsSync(file)) throw new UsageError(`no such file: ${given}`);
    if (!fs.statSync(file).isFile()) throw new UsageError(`not a file: ${given}`);
  }
  return {
    help: false as const,
    site,
    sourceId: Number(values.source),
    name: values.name,
    format: values.format as 'xml' | 'jsonl' | undefined,
    partial: values.partial ?? false,
    maxExpireShare,
    json: values.json ?? false,
    timeoutS,
    url,
    file,
  };
}

export function formatSummary(s: ImportSummary, download?: FeedDownload): string {
  const lines = [
    `${s.file} → ${s.site}, source ${s.source} (run ${s.run}, ${s.format})`,
    ...(download ? [`  download   ${size(download.bytes)} in ${download.seconds} s, kept as ${download.file}`] : []),
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
  let download: FeedDownload | undefined;
  try {
    if (args.url) {
      // A source that publishes on another site is refused before a byte is fetched.
      await planSource(store, args.sourceId, args.site, args.name);
      download = await downloadFeed({
        url: args.url,
        dataDir,
        sourceId: args.sourceId,
        idleTimeoutS: args.timeoutS,
        onProgress: downloadProgress(tty),
      });
      if (tty) process.stderr.write('\n');
      if (download.status === 'not-modified') {
        const said = `${download.url}: not changed since its last import (fetched ${download.lastFetched}): nothing to do`;
        process.stdout.write(args.json ? `${JSON.stringify({ download }, null, 2)}\n` : `${said}\n`);
        return 0;
      }
    }
    const summary = await new FeedImporter({
      store,
      site: args.site,
      sourceId: args.sourceId,
      ...(args.name ? { sourceName: args.name } : {}),
      file: download?.file ?? args.file,
      ...(download ? { origin: download.url } : {}),
      ...(args.format ? { format: args.format } : {}),
      full: !args.partial,
      ...(args.maxExpireShare !== undefined ? { maxExpireShare: args.maxExpireShare } : {}),
      onProgress: progress,
    }).run();
    const kept = download && keepDownload(dataDir, args.sourceId, download);
    // The store now holds another file's ads than the last download's: the next fetch is in full.
    if (!download) forgetDownload(dataDir, args.sourceId);
    if (tty) process.stderr.write('\n');
    process.stdout.write(
      args.json
        ? `${JSON.stringify(kept ? { ...summary, download: kept } : summary, null, 2)}\n`
        : `${formatSummary(summary, kept)}\n`,
    );
    return 0;
  } catch (err) {
    if (tty) process.stderr.write('\n');
    const message = err instanceof Error ? err.message : String(err);
    const failed = download && failDownload(dataDir, args.sourceId, download);
    if (err instanceof MalformedFeedError) {
      const what = download ? download.url : args.file;
      const html = download?.contentType === 'text/html' ? ' (the server answered with a web page, text/html)' : '';
      process.stderr.write(
        `import failed: malformed feed ${what}${html}: ${message}\nNothing of it was applied.\n` +
          (failed ? `The download is kept at ${failed}.\n` : ''),
      );
    } else if (err instanceof FeedDownloadError) {
      // In the source's history, as a malformed file's run is: its metrics say the feed failed.
      if (args.url) recordFailedRun(store, args.sourceId, shownUrl(args.url), message);
      process.stderr.write(`import failed: ${message}\nNothing was applied.\n`);
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
