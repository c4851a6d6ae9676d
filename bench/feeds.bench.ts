/**
 * Feed import speed: `npx tsx bench/feeds.bench.ts [--ads N] [--workers N] [--batch N] [--gzip]` (default 1,000,000 ads,
 * the importer's own choice of threads and batch size, as `npm run import` runs). Generates a Trovit homes feed of N ads into a temp dir
 * (streamed to disk), imports it into a fresh store (first import), imports it again (the daily
 * re-import: nothing changed), and reports for each: ads/s beside the budget, the CPU it took per
 * ad (all threads) and by thread, and how busy the machine was with other work meanwhile (from
 * /proc/stat, less this process); then peak memory, and the machine's speed before and after the imports
 * (`machineSpeed`: work the product's code does not change, by which two days' rates compare). Writes bench/results/feeds.json, or with `--gzip`
 * (the feed gzipped, as many partners send it) bench/results/feeds-gzip.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import {
  DEFAULT_BATCH_SIZE,
  FeedImporter,
  type ImportProgress,
  type ImportSummary,
} from '../src/services/feeds/FeedImporter';
import { writeSyntheticFeed } from '../src/services/feeds/syntheticFeed';
import { SqliteSearchStore } from '../src/services/search/SqliteSearchStore';
import { machineSpeed } from './lib/machineSpeed';

const BUDGET = { adsPerSecond: 20_000, peakRssMb: 1024 };

function vmHwmMb(): number | undefined {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/** Busy and idle (or waiting for I/O) CPU seconds of the whole machine so far (Linux). */
function machineSeconds(): { busy: number; idle: number } {
  const fields = (fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal
  const busy = (fields[0] ?? 0) + (fields[1] ?? 0) + (fields[2] ?? 0) + (fields[5] ?? 0) + (fields[6] ?? 0);
  return { busy: busy / 100, idle: ((fields[3] ?? 0) + (fields[4] ?? 0)) / 100 };
}

/** CPU milliseconds of each thread of this process, by thread id. */
function threadCpu(): Map<string, { name: string; ms: number }> {
  const out = new Map<string, { name: string; ms: number }>();
  for (const tid of fs.readdirSync('/proc/self/task')) {
    try {
      const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(tid, { name, ms: (Number(f[11]) + Number(f[12])) * 10 });
    } catch {
      // The thread ended meanwhile.
    }
  }
  return out;
}

interface Measured {
  summary: ImportSummary;
  ms: number;
  phases: Record<string, number>;
  /** CPU of the whole process (every thread), µs per ad. */
  cpuUsPerAd: number;
  /**
   * CPU seconds of the main thread, of the import's worker threads (with workers, the WAL copier is
   * the smallest of them), and of the rest (V8's GC and compiler threads).
   */
  threads: { main: number; workers: number[]; other: number };
  /** Cores other processes kept busy meanwhile (the machine's busy time less this process's). */
  otherWorkCores: number;
  /** Cores idle (or waiting for I/O) meanwhile. */
  idleCores: number;
  loadAverage: { start: number[]; end: number[] };
}

async function measure(label: string, run: (onProgress: (p: ImportProgress) => void) => Promise<ImportSummary>) {
  const load = os.loadavg();
  const t = Date.now();
  const cpu0 = process.cpuUsage();
  const machine0 = machineSeconds();
  const start = threadCpu();
  // Worker threads end with their run: their CPU is read while they live.
  const seen = new Map(start);
  const sampler = setInterval(() => {
    for (const [tid, v] of threadCpu()) seen.set(tid, v);
  }, 100);
  const phases: Record<string, number> = {};
  let shown = '';
  const summary = await run((p) => {
    if (!(p.phase in phases)) phases[p.phase] = Date.now() - t;
    const line = `${label}: ${p.phase} ${p.phase === 'applying' ? `${p.applied}/${p.toApply}` : p.records}`;
    if (line !== shown) process.stderr.write(`\r${line}   `);
    shown = line;
  });
  clearInterval(sampler);
  for (const [tid, v] of threadCpu()) seen.set(tid, v);
  process.stderr.write('\n');
  const ms = Date.now() - t;
  const cpu = process.cpuUsage(cpu0);
  const ownSeconds = (cpu.user + cpu.system) / 1e6;
  const machine1 = machineSeconds();
  const busy = machine1.busy - machine0.busy;
  const idle = machine1.idle - machine0.idle;
  const mainTid = String(process.pid);
  let main = 0;
  const workers: number[] = [];
  let other = 0;
  for (const [tid, v] of seen) {
    const s = (v.ms - (start.get(tid)?.ms ?? 0)) / 1000;
    if (tid === mainTid) main = s;
    else if (!start.has(tid) && v.name === 'node' && s > 0.5) workers.push(s);
    else other += s;
  }
  const measured: Measured = {
    summary,
    ms,
    phases,
    cpuUsPerAd: Math.round((ownSeconds * 1e6) / Math.max(1, summary.records)),
    threads: {
      main: Math.round(main * 10) / 10,
      workers: workers.sort((a, b) => b - a).map((s) => Math.round(s * 10) / 10),
      other: Math.round(other * 10) / 10,
    },
    otherWorkCores: Math.round((Math.max(0, busy - ownSeconds) / (ms / 1000)) * 100) / 100,
    idleCores: Math.round((idle / (ms / 1000)) * 100) / 100,
    loadAverage: {
      start: load.map((l) => Math.round(l * 10) / 10),
      end: os.loadavg().map((l) => Math.round(l * 10) / 10),
    },
  };
  const rate = Math.round(summary.records / (ms / 1000));
  console.log(
    `${label}: ${(ms / 1000).toFixed(1)} s, ${rate} ads/s, CPU ${measured.cpuUsPerAd} us/ad ` +
      `(main ${measured.threads.main} s, workers ${measured.threads.workers.join(' + ') || '-'} s, GC and other ${measured.threads.other} s), ` +
      `other work on the machine ${measured.otherWorkCores} cores, idle ${measured.idleCores} (load ${measured.loadAverage.start[0]} → ${measured.loadAverage.end[0]})`,
  );
  return measured;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      ads: { type: 'string' },
      workers: { type: 'string' },
      batch: { type: 'string' },
      // The feed gzipped, as many partners send it (figures in feeds-gzip.json).
      gzip: { type: 'boolean' },
    },
  });
  const ads = Number(values.ads ?? 1_000_000);
  const workers = values.workers !== undefined ? Number(values.workers) : undefined;
  // The importer's own batch size unless told: what `npm run import` runs.
  const batchSize = values.batch !== undefined ? Number(values.batch) : DEFAULT_BATCH_SIZE;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-feeds-bench-'));
  let file = path.join(dir, 'feed.xml');
  try {
    const t = Date.now();
    const bytes = await writeSyntheticFeed(file, { count: ads });
    console.log(`generated ${ads} ads, ${(bytes / 1e6).toFixed(0)} MB, in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    if (values.gzip) {
      await pipeline(fs.createReadStream(file), zlib.createGzip(), fs.createWriteStream(`${file}.gz`));
      fs.rmSync(file);
      file = `${file}.gz`;
      console.log(`gzipped: ${(fs.statSync(file).size / 1e6).toFixed(0)} MB`);
    }
    // The machine's speed before and after the imports (code-independent work): rates of two days compare by it.
    const speedBefore = machineSpeed();
    console.log(`machine speed before: JavaScript ${speedBefore.jsMs} ms, SQLite ${speedBefore.sqliteMs} ms`);
    const store = new SqliteSearchStore(dir);
    const baseRss = Math.round(process.memoryUsage().rss / 1e6);
    let peak = 0;
    const rss = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 100);
    const importer = (onProgress: (p: ImportProgress) => void) =>
      new FeedImporter({
        store,
        site: { country: 'es', vertical: 'homes' },
        sourceId: 1,
        file,
        batchSize,
        ...(workers !== undefined ? { workers } : {}),
        onProgress,
      }).run();
    const first = await measure('first import', importer);
    const again = await measure('re-import (unchanged)', importer);
    clearInterval(rss);
    peak = Math.max(peak, process.memoryUsage().rss);
    const peakRssMb = Math.round(peak / 1e6);
    const hwm = vmHwmMb();
    const storeMb = Math.round(fs.statSync(path.join(dir, 'search.sqlite')).size / 1e6);
    store.close();
    const speedAfter = machineSpeed();
    console.log(`machine speed after: JavaScript ${speedAfter.jsMs} ms, SQLite ${speedAfter.sqliteMs} ms`);
    const rate = (m: Measured) => Math.round(m.summary.records / (m.ms / 1000));
    const rows: [string, number, number, boolean][] = [
      ['first import, ads/s', rate(first), BUDGET.adsPerSecond, rate(first) > BUDGET.adsPerSecond],
      ['re-import (unchanged), ads/s', rate(again), BUDGET.adsPerSecond, rate(again) > BUDGET.adsPerSecond],
      ['peak RSS, MB', peakRssMb, BUDGET.peakRssMb, peakRssMb < BUDGET.peakRssMb],
    ];
    console.log(
      `\n${ads} ads (${(bytes / 1e6).toFixed(0)} MB feed), store ${storeMb} MB, RSS before import ${baseRss} MB`,
    );
    for (const [name, value, budget, pass] of rows) {
      console.log(
        `${name.padEnd(32)} ${String(value).padStart(9)}   budget ${name.includes('RSS') ? '<' : '>'} ${budget}   ${pass ? 'PASS' : 'FAIL'}`,
      );
    }
    const figures = (m: Measured) => ({
      seconds: m.ms / 1000,
      adsPerSecond: rate(m),
      cpuUsPerAd: m.cpuUsPerAd,
      threadCpuSeconds: m.threads,
      phaseStartMs: m.phases,
      otherWorkCores: m.otherWorkCores,
      idleCores: m.idleCores,
      loadAverage: m.loadAverage,
    });
    const result = {
      date: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpu: os.cpus()[0]?.model,
        memoryGb: Math.round(os.totalmem() / 1e9),
        node: process.version,
        loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10),
        speed: { before: speedBefore, after: speedAfter },
      },
      ads,
      batchSize,
      workers: workers ?? 'default',
      feedMb: Math.round(bytes / 1e6),
      ...(values.gzip ? { gzippedMb: Math.round(fs.statSync(file).size / 1e6) } : {}),
      storeMb,
      firstImport: { ...figures(first), imported: first.summary.imported, rejected: first.summary.rejected },
      reimport: { ...figures(again), unchanged: again.summary.unchanged },
      peakRssMb,
      vmHwmMb: hwm,
      rssBeforeImportMb: baseRss,
      budgets: BUDGET,
      pass: Object.fromEntries(rows.map(([name, , , pass]) => [name, pass])),
    };
    fs.mkdirSync(path.join(__dirname, 'results'), { recursive: true });
    const written = values.gzip ? 'feeds-gzip.json' : 'feeds.json';
    fs.writeFileSync(path.join(__dirname, 'results', written), `${JSON.stringify(result, null, 2)}\n`);
    console.log(`written bench/results/${written}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
