/**
 * Feed import speed: `npx tsx bench/feeds.bench.ts [--ads N]` (default 1,000,000).
 * Generates a Trovit homes feed of N ads into a temp dir (streamed to disk),
 * imports it into a fresh store (first import), imports it again (the daily
 * re-import: nothing changed), reports ads/s and peak memory beside their
 * budgets, and writes bench/results/feeds.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { FeedImporter, type ImportSummary } from '../src/services/feeds/FeedImporter';
import { writeSyntheticFeed } from '../src/services/feeds/syntheticFeed';
import { Gazetteer } from '../src/services/places/Gazetteer';
import { SqliteSearchStore } from '../src/services/search/SqliteSearchStore';

const BUDGET = { adsPerSecond: 20_000, peakRssMb: 1024 };

function vmHwmMb(): number | undefined {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { ads: { type: 'string' } } });
  const ads = Number(values.ads ?? 1_000_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-feeds-bench-'));
  const file = path.join(dir, 'feed.xml');
  try {
    let t = Date.now();
    const bytes = await writeSyntheticFeed(file, { count: ads });
    console.log(`generated ${ads} ads, ${(bytes / 1e6).toFixed(0)} MB, in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    const store = new SqliteSearchStore(dir);
    const gazetteer = Gazetteer.shared();
    gazetteer.cities('es');
    const baseRss = Math.round(process.memoryUsage().rss / 1e6);
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 100);
    const run = async (label: string): Promise<ImportSummary & { ms: number }> => {
      t = Date.now();
      let last = '';
      const summary = await new FeedImporter({
        store,
        gazetteer,
        site: { country: 'es', vertical: 'homes' },
        sourceId: 1,
        file,
        batchSize: 5000,
        onProgress: (p) => {
          const line = `${label}: ${p.phase} ${p.phase === 'applying' ? `${p.applied}/${p.toApply}` : p.records}`;
          if (line !== last && Date.now() - t > 0) process.stderr.write(`\r${line}   `);
          last = line;
        },
      }).run();
      process.stderr.write('\n');
      return { ...summary, ms: Date.now() - t };
    };
    const first = await run('first import');
    const again = await run('re-import (unchanged)');
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const peakRssMb = Math.round(peak / 1e6);
    const hwm = vmHwmMb();
    const storeMb = Math.round(fs.statSync(path.join(dir, 'search.sqlite')).size / 1e6);
    store.close();
    const rate = (s: { records: number; ms: number }) => Math.round(s.records / (s.ms / 1000));
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
    const result = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10) },
      ads,
      feedMb: Math.round(bytes / 1e6),
      storeMb,
      firstImport: {
        seconds: first.ms / 1000,
        adsPerSecond: rate(first),
        imported: first.imported,
        rejected: first.rejected,
      },
      reimport: { seconds: again.ms / 1000, adsPerSecond: rate(again), unchanged: again.unchanged },
      peakRssMb,
      vmHwmMb: hwm,
      rssBeforeImportMb: baseRss,
      budgets: BUDGET,
      pass: Object.fromEntries(rows.map(([name, , , pass]) => [name, pass])),
    };
    fs.mkdirSync(path.join(__dirname, 'results'), { recursive: true });
    fs.writeFileSync(path.join(__dirname, 'results', 'feeds.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log('written bench/results/feeds.json');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
