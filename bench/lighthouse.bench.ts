/**
 * Lighthouse (issue 9): the npm package's node API with its default config
 * (the mobile preset: Moto G Power emulation, simulated slow 4G and 4x CPU
 * slowdown) on Debian's Chromium, headless, against the production server on
 * demo data: home, results page and ad page, 3 runs each, a fresh browser per
 * run, the median of each figure. Budgets: performance >= 95; accessibility,
 * best practices and SEO = 100. Reports LCP, TBT and CLS; when a category
 * falls short it lists the failing audits (id and title).
 *
 * Run: `npx tsx bench/lighthouse.bench.ts [--runs N] [--rebuild | --no-build]`.
 * Writes bench/results/lighthouse.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ensureProductionBuild } from './lib/web/build';
import {
  check,
  describeMachine,
  median,
  numArg,
  printChecks,
  round,
  waitForQuietMachine,
  writeResult,
  type Check,
} from './lib/web/common';
import { benchPages, type BenchPage } from './lib/web/pages';
import { startProductionServer } from './lib/web/server';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const BUDGET: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const METRICS = {
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  fcpMs: 'first-contentful-paint',
  speedIndexMs: 'speed-index',
} as const;

interface AuditResult {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
}
interface Lhr {
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<string, AuditResult>;
  runWarnings: string[];
  lighthouseVersion: string;
  environment: { hostUserAgent: string; benchmarkIndex: number };
  /** Set when the run could not measure the page (e.g. NO_LCP): its scores are null. */
  runtimeError?: { code: string; message: string };
}

interface Run {
  scores: Record<Category, number>;
  metrics: Record<keyof typeof METRICS, number>;
  failing: Record<Category, Array<{ id: string; title: string; displayValue?: string }>>;
  warnings: string[];
  benchmarkIndex: number;
  /** Why this run measured nothing usable (a runtime error, or a category without a score). */
  error?: string;
}

async function runOnce(page: BenchPage): Promise<Run> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(page.url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`lighthouse returned nothing for ${page.url}`);
    const lhr = result.lhr as unknown as Lhr;
    const scores = {} as Run['scores'];
    const failing = {} as Run['failing'];
    for (const cat of CATEGORIES) {
      const c = lhr.categories[cat];
      scores[cat] = c?.score === null || c?.score === undefined ? NaN : Math.round(c.score * 100);
      failing[cat] = (c?.auditRefs ?? [])
        .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
        .filter(
          ({ ref, audit }) =>
            audit &&
            audit.score !== null &&
            audit.score < (cat === 'performance' ? 0.9 : 1) &&
            (ref.weight > 0 || cat !== 'performance') &&
            audit.scoreDisplayMode !== 'informative' &&
            audit.scoreDisplayMode !== 'notApplicable' &&
            audit.scoreDisplayMode !== 'manual',
        )
        .map(({ audit }) => ({
          id: (audit as AuditResult).id,
          title: (audit as AuditResult).title,
          ...((audit as AuditResult).displayValue ? { displayValue: (audit as AuditResult).displayValue } : {}),
        }));
    }
    const metrics = {} as Run['metrics'];
    for (const [key, id] of Object.entries(METRICS) as Array<[keyof typeof METRICS, string]>) {
      metrics[key] = lhr.audits[id]?.numericValue ?? NaN;
    }
    const unscored = CATEGORIES.filter((c) => Number.isNaN(scores[c]));
    const error = lhr.runtimeError
      ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`
      : unscored.length > 0
        ? `no score for ${unscored.join(', ')}`
        : undefined;
    return {
      scores,
      metrics,
      failing,
      warnings: lhr.runWarnings,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      ...(error ? { error } : {}),
    };
  } finally {
    chrome.kill();
  }
}

async function main(): Promise<void> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (CHROME_PATH to point elsewhere)`);
  const runs = numArg('runs', 3);
  const build = ensureProductionBuild();
  const server = await startProductionServer(build);
  const checks: Check[] = [];
  const pages: Record<string, unknown> = {};
  const failingReport: string[] = [];
  let busyBefore = NaN;
  try {
    console.log(`server up on ${server.origin} (started and seeded in ${server.startSeconds} s)`);
    busyBefore = await waitForQuietMachine(numArg('wait-quiet', 90));
    for (const page of await benchPages(server)) {
      const results: Run[] = [];
      const failedRuns: string[] = [];
      // A run that measured nothing (Lighthouse's runtime errors happen) is reported and run again:
      // a median over a missing score would be no figure at all. Up to `runs` such retries per page.
      for (let attempt = 1; results.length < runs; attempt++) {
        if (failedRuns.length > runs)
          throw new Error(
            `${page.name}: ${failedRuns.length} Lighthouse runs measured nothing: ${failedRuns.join('; ')}`,
          );
        const t0 = Date.now();
        const r = await runOnce(page);
        const label = `  ${page.name} run ${results.length + 1}/${runs}${attempt > results.length + 1 ? ` (attempt ${attempt})` : ''}`;
        if (r.error) {
          failedRuns.push(r.error);
          console.log(`${label}: measured nothing (${r.error}); run again`);
          continue;
        }
        results.push(r);
        console.log(
          `${label}: ${CATEGORIES.map((c) => `${c} ${r.scores[c]}`).join(', ')}; LCP ${round(r.metrics.lcpMs, 0)} ms, TBT ${round(r.metrics.tbtMs, 0)} ms, CLS ${round(r.metrics.cls, 3)} (${((Date.now() - t0) / 1000).toFixed(1)} s)`,
        );
      }
      const med = <T extends string>(pick: (r: Run) => Record<T, number>, key: T) =>
        median(results.map((r) => pick(r)[key]));
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, med((r) => r.scores, c)])) as Record<
        Category,
        number
      >;
      const metrics = Object.fromEntries(
        (Object.keys(METRICS) as Array<keyof typeof METRICS>).map((k) => [
          k,
          round(
            med((r) => r.metrics, k),
            3,
          ),
        ]),
      ) as Run['metrics'];
      // Failing audits with how many of the runs they failed in.
      const failing: Record<string, Array<{ id: string; title: string; runs: number; displayValue?: string }>> = {};
      for (const cat of CATEGORIES) {
        const counts = new Map<string, { id: string; title: string; runs: number; displayValue?: string }>();
        for (const r of results) {
          for (const a of r.failing[cat]) {
            const entry = counts.get(a.id) ?? { ...a, runs: 0 };
            entry.runs += 1;
            counts.set(a.id, entry);
          }
        }
        failing[cat] = [...counts.values()].sort((a, b) => b.runs - a.runs);
      }
      pages[page.name] = {
        url: page.url,
        median: { ...scores, ...metrics },
        runs: results.map((r) => ({ ...r.scores, ...r.metrics, benchmarkIndex: r.benchmarkIndex })),
        failingAudits: failing,
        warnings: [...new Set(results.flatMap((r) => r.warnings))],
        failedRuns,
      };
      for (const cat of CATEGORIES) {
        const op = cat === 'performance' ? '>=' : '=';
        const c = check(`${page.name} ${cat}`, scores[cat], op, BUDGET[cat]);
        checks.push(c);
        if (!c.pass || failing[cat]?.length) {
          const list = failing[cat] ?? [];
          if (!c.pass || list.length > 0) {
            failingReport.push(
              `  ${page.name} ${cat} (median ${scores[cat]}):${list.length === 0 ? ' no single failing audit (metric scores below 90 weigh in)' : ''}`,
            );
            for (const a of list) {
              failingReport.push(
                `     - ${a.id}: ${a.title}${a.displayValue ? ` [${a.displayValue}]` : ''} (failed in ${a.runs}/${runs} runs)`,
              );
            }
          }
        }
      }
      checks.push(
        check(`${page.name} LCP (median, info)`, round(metrics.lcpMs, 0), '<=', 2500, 'ms', 'good <= 2.5 s'),
        check(`${page.name} TBT (median, info)`, round(metrics.tbtMs, 0), '<=', 200, 'ms', 'good <= 200 ms'),
        check(`${page.name} CLS (median, info)`, round(metrics.cls, 3), '<=', 0.1, '', 'good <= 0.1'),
      );
    }
  } finally {
    await server.stop();
  }
  const gated = checks.filter((c) => !c.name.includes('(median, info)'));
  console.log(`\nLighthouse ${runs} runs per page (median), mobile preset, headless Chromium, ${describeMachine()}`);
  printChecks(
    'web vitals (median; Core Web Vitals "good" thresholds, for information):',
    checks.filter((c) => c.name.includes('(median, info)')),
  );
  const ok = printChecks('budgets (category scores, median):', gated);
  if (failingReport.length > 0) {
    console.log('\nfailing audits (score below 1, or below 0.9 for a weighted performance metric):');
    for (const line of failingReport) console.log(line);
  }
  const file = writeResult('lighthouse', {
    measured: `lighthouse npm node API, default (mobile) config, ${CHROMIUM} ${CHROME_FLAGS.join(' ')}, fresh browser per run, median of ${runs}`,
    source: build.source,
    runsPerPage: runs,
    machineBusyCoresBefore: busyBefore,
    budget: BUDGET,
    pass: ok,
    checks,
    pages,
  });
  console.log(`\nwrote ${path.relative(process.cwd(), file)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
