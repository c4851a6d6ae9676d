/**
 * Server throughput and time to first byte (issue 9), on the production
 * server bundle (`node dist/server/server.js`, NODE_ENV=production, demo
 * data, every role as `npm start` runs them):
 *
 * 1. capacity: results pages (search + render) over HTTP, autocannon, 32
 *    connections, 30 s, as fast as the server answers, over a mix of at least
 *    200 distinct results URLs across uk and es sites (what x where x sort x
 *    page, each checked to answer 200): requests per second, p50 / p99
 *    latency, errors and non-2xx;
 * 2. during that run, a separate low-rate client (its own process, 10/s, new
 *    connection each) samples the time to first byte of results pages;
 * 3. latency at the budget's load: the same mix at 250 pages/s over 32
 *    connections for 30 s (bench/lib/web/pacedLoad.ts, wrk2's model), each
 *    latency timed from when its request was due (decision 067: at
 *    saturation a closed loop's latency is connections / throughput);
 * 4. the floor, in the same run: a static file of the same size (a copy of a
 *    median results page, placed in the build root's public/ and served by the
 *    same Express app through express.static and compression), same load as 1;
 *    ratio pages / floor;
 * 5. the server's CPU use over the runs, in cores, from /proc: budget "both
 *    cores" means at least 1.5 of this machine's 2.
 *
 * Budget: >= 250 results pages/s (1), with p99 < 100 ms at 250 pages/s (3),
 * no errors, both cores (1).
 * `--profile` adds a run under `node --cpu-prof` and prints where the time
 * goes (also in the JSON). Options: `--duration S` (30), `--connections N`
 * (32), `--urls N` (240), `--node-env X` (production), `--log-level L` (info, the
 * production default), `--wait-quiet S` (90), `--source REV`, `--rebuild`, `--no-build`.
 *
 * Run: `npx tsx bench/server.bench.ts [--profile]`. Writes bench/results/server.json.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ensureProductionBuild } from './lib/web/build';
import {
  check,
  describeMachine,
  flag,
  machine,
  machineCpuSeconds,
  median,
  numArg,
  percentile,
  printChecks,
  round,
  strArg,
  waitForQuietMachine,
  writeResult,
  type Check,
} from './lib/web/common';
import { analyzeProfile, type ProfileSummary } from './lib/web/cpuprofile';
import { get } from './lib/web/http';
import { pacedLoad, type PacedFigures } from './lib/web/pacedLoad';
import {
  processCpuSeconds,
  processThreads,
  processTree,
  startProductionServer,
  type RunningServer,
} from './lib/web/server';
import { buildResultsMix, type ResultsUrl } from './lib/web/urls';

const BUDGET = { pagesPerSecond: 250, p99Ms: 100, errors: 0, coresUsed: 1.5 };
/** What Chromium on Android sends. */
const HEADERS = {
  'User-Agent':
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  'Accept-Encoding': 'gzip, deflate, br, zstd',
  Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'Accept-Language': 'en-GB,en;q=0.9',
};
const FLOOR_FILE = 'bench-floor.html';

interface LoadFigures {
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  requests: number;
  ok2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  bytesPerResponse: number;
  durationSeconds: number;
  serverCpuCores: number;
  loadGeneratorCpuCores: number;
  serverProcesses: number;
  serverThreads: number;
  /** CPU the whole machine used, and the part neither the server nor this bench used (other people's work). */
  machineBusyCores: number;
  otherWorkCores: number;
}

function cpuOfTree(pid: number): number {
  return processTree(pid).reduce((n, p) => n + (processCpuSeconds(p) || 0), 0);
}

async function load(
  server: RunningServer,
  targets: ResultsUrl[] | string,
  seconds: number,
  connections: number,
): Promise<LoadFigures> {
  let next = 0;
  const requests =
    typeof targets === 'string'
      ? [{ method: 'GET', path: targets }]
      : [
          {
            method: 'GET',
            setupRequest: (req: { headers?: Record<string, string> }) => {
              const t = targets[next++ % targets.length] as ResultsUrl;
              return { ...req, method: 'GET', path: t.path, headers: { ...HEADERS, host: t.host } };
            },
          },
        ];
  const cpu0 = cpuOfTree(server.pid);
  const self0 = process.cpuUsage();
  const machine0 = machineCpuSeconds();
  const t0 = process.hrtime.bigint();
  const result = await autocannon({
    url: server.origin,
    connections,
    duration: seconds,
    timeout: 10,
    headers: HEADERS,
    requests,
  });
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu = cpuOfTree(server.pid) - cpu0;
  const self = process.cpuUsage(self0);
  const machineBusy = (machineCpuSeconds().busy - machine0.busy) / wall;
  const selfCores = (self.user + self.system) / 1e6 / wall;
  const total = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  return {
    requestsPerSecond: round(total / result.duration, 1),
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      mean: round(result.latency.mean, 2),
    },
    requests: total,
    ok2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerResponse: Math.round(result.throughput.total / Math.max(1, total)),
    durationSeconds: round(result.duration, 1),
    serverCpuCores: round(cpu / wall, 2),
    loadGeneratorCpuCores: round(selfCores, 2),
    serverProcesses: processTree(server.pid).length,
    serverThreads: processThreads(server.pid),
    machineBusyCores: round(machineBusy, 2),
    // The TTFB sampler (a few % of a core) counts as other work here.
    otherWorkCores: round(Math.max(0, machineBusy - cpu / wall - selfCores), 2),
  };
}

/** TTFB sampler in its own process, for `seconds`, 10 requests per second. */
function startTtfbSampler(server: RunningServer, urls: ResultsUrl[], seconds: number) {
  const file = path.join(os.tmpdir(), `trawl-bench-urls-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify(urls));
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(__dirname, 'lib', 'web', 'ttfbSampler.ts'),
      server.origin,
      file,
      '100',
      String(seconds * 1000),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise<{ samples: Array<{ ttfbMs: number; status: number }>; errors: number }>((resolve, reject) => {
    child.on('exit', (code) => {
      fs.rmSync(file, { force: true });
      if (code !== 0) reject(new Error(`TTFB sampler exited with ${code}`));
      else resolve(JSON.parse(out.trim().split('\n').pop() ?? '{}'));
    });
  });
}

async function sequentialTtfb(server: RunningServer, urls: ResultsUrl[], n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = urls[(i * 11 + 5) % urls.length] as ResultsUrl;
    const r = await get(server.origin, t.path, {
      host: t.host,
      agent: false,
      headers: { ...HEADERS, Connection: 'close' },
    });
    out.push(r.ttfbMs);
  }
  return out.sort((a, b) => a - b);
}

async function pacedPages(
  server: RunningServer,
  urls: ResultsUrl[],
  rate: number,
  seconds: number,
  connections: number,
): Promise<PacedFigures & { serverCpuCores: number }> {
  const cpu0 = cpuOfTree(server.pid);
  const t0 = process.hrtime.bigint();
  const figures = await pacedLoad(server.origin, urls, { rate, seconds, connections, headers: HEADERS });
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  return { ...figures, serverCpuCores: round((cpuOfTree(server.pid) - cpu0) / wall, 2) };
}

const fmtLoad = (name: string, f: LoadFigures) =>
  `  ${name.padEnd(22)} ${String(f.requestsPerSecond).padStart(8)} req/s   p50 ${f.latencyMs.p50} ms  p90 ${f.latencyMs.p90} ms  p99 ${f.latencyMs.p99} ms  max ${f.latencyMs.max} ms   ${f.requests} requests, ${f.non2xx} non-2xx, ${f.errors} errors, ${f.timeouts} timeouts, ${f.bytesPerResponse} B/response on the wire; server CPU ${f.serverCpuCores} cores (${f.serverProcesses} process, ${f.serverThreads} threads), load generator ${f.loadGeneratorCpuCores} cores, other work on the machine ${f.otherWorkCores} cores`;

async function profileRun(
  build: ReturnType<typeof ensureProductionBuild>,
  dataDir: string,
  logLevel: string,
  urls: ResultsUrl[],
  seconds: number,
  connections: number,
): Promise<{ summary: ProfileSummary; load: LoadFigures }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-bench-prof-'));
  const server = await startProductionServer(build, {
    nodeArgs: ['--cpu-prof', '--cpu-prof-dir', dir, '--cpu-prof-interval', '500'],
    // One process serving every role: with a cluster each process writes a profile, and the
    // primary's (forking, the worker role) says nothing about pages. Same code path per page.
    env: { LOG_LEVEL: logLevel, WEB_CONCURRENCY: '1' },
    dataDir,
  });
  let figures: LoadFigures;
  try {
    await load(server, urls, 3, connections);
    figures = await load(server, urls, seconds, connections);
    await new Promise((r) => setTimeout(r, 300));
  } finally {
    await server.stop();
  }
  const file = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f))[0];
  if (!file) throw new Error(`no .cpuprofile written in ${dir}`);
  const keep = path.join(os.tmpdir(), 'trawl-server.cpuprofile');
  fs.copyFileSync(file, keep);
  fs.rmSync(dir, { recursive: true, force: true });
  // From the first page rendered plus the 3 s warm-up: start-up and seeding are not what is measured.
  const summary = analyzeProfile(keep, build.serverFile, { startAtFrame: 'renderPage', skipMs: 3000 });
  return { summary, load: figures };
}

async function main(): Promise<void> {
  const seconds = numArg('duration', 30);
  const connections = numArg('connections', 32);
  const wanted = numArg('urls', 240);
  const nodeEnv = strArg('node-env') ?? 'production';
  // The production default (info: one JSON line per request), so logging's cost is in the figures.
  const logLevel = strArg('log-level') ?? 'info';
  const build = ensureProductionBuild();
  const server = await startProductionServer(build, {
    env: { NODE_ENV: nodeEnv, LOG_LEVEL: logLevel },
    keepDataDir: true,
  });
  let pages: LoadFigures;
  let paced: PacedFigures & { serverCpuCores: number };
  let floor: LoadFigures;
  let ttfb: { samples: Array<{ ttfbMs: number; status: number }>; errors: number };
  let idleTtfb: number[];
  let mix: { urls: ResultsUrl[]; probed: number };
  let page: { raw: number; encoded: number; encoding: string };
  let quietBefore = NaN;
  try {
    console.log(
      `server up on ${server.origin} (NODE_ENV=${nodeEnv}, LOG_LEVEL=${logLevel}; started and seeded in ${server.startSeconds} s)`,
    );
    mix = await buildResultsMix(server, wanted);
    const perSite = mix.urls.reduce<Record<string, number>>((m, u) => ({ ...m, [u.site]: (m[u.site] ?? 0) + 1 }), {});
    console.log(
      `results mix: ${mix.urls.length} distinct URLs answering 200 (of ${mix.probed} probed): ${Object.entries(perSite)
        .map(([s, n]) => `${s} ${n}`)
        .join(', ')}`,
    );
    if (mix.urls.length < 200) throw new Error(`only ${mix.urls.length} results URLs answer 200; the bench needs 200`);

    // The floor: a copy of a median-size results page, served by the same app as a static file.
    const sample = await Promise.all(
      mix.urls.slice(0, 24).map(async (u) => {
        const raw = await get(server.origin, u.path, {
          host: u.host,
          headers: { ...HEADERS, 'Accept-Encoding': 'identity' },
        });
        const enc = await get(server.origin, u.path, { host: u.host, headers: HEADERS });
        return {
          body: raw.body,
          encoded: enc.body.length,
          encoding: String(enc.headers['content-encoding'] ?? 'identity'),
        };
      }),
    );
    sample.sort((a, b) => a.body.length - b.body.length);
    const mid = sample[Math.floor(sample.length / 2)] as (typeof sample)[number];
    page = { raw: mid.body.length, encoded: mid.encoded, encoding: mid.encoding };
    fs.writeFileSync(path.join(build.publicDir, FLOOR_FILE), mid.body);
    const floorCheck = await get(server.origin, `/${FLOOR_FILE}`, { headers: HEADERS });
    if (floorCheck.status !== 200) throw new Error(`/${FLOOR_FILE} answered ${floorCheck.status}`);
    console.log(
      `results page (median of 24): ${mid.body.length} bytes, ${mid.encoded} bytes as ${mid.encoding}; floor /${FLOOR_FILE}: ${floorCheck.body.length} bytes as ${String(floorCheck.headers['content-encoding'] ?? 'identity')}`,
    );

    idleTtfb = await sequentialTtfb(server, mix.urls, 40);
    quietBefore = await waitForQuietMachine(numArg('wait-quiet', 90));
    console.log(`warming up (5 s) ...`);
    await load(server, mix.urls, 5, connections);
    console.log(`results pages: ${connections} connections for ${seconds} s, TTFB sampled alongside ...`);
    const sampler = startTtfbSampler(server, mix.urls, Math.max(1, seconds - 4));
    await new Promise((r) => setTimeout(r, 500));
    pages = await load(server, mix.urls, seconds, connections);
    ttfb = await sampler;
    console.log(`results pages at ${BUDGET.pagesPerSecond}/s: ${connections} connections for ${seconds} s ...`);
    paced = await pacedPages(server, mix.urls, BUDGET.pagesPerSecond, seconds, connections);
    console.log(`static floor: ${connections} connections for ${seconds} s ...`);
    floor = await load(server, `/${FLOOR_FILE}`, seconds, connections);
  } finally {
    await server.stop();
    fs.rmSync(path.join(build.publicDir, FLOOR_FILE), { force: true });
  }

  let profile: { summary: ProfileSummary; load: LoadFigures } | undefined;
  try {
    if (flag('profile')) {
      console.log(`profiling: node --cpu-prof, ${connections} connections for 20 s ...`);
      profile = await profileRun(build, server.dataDir, logLevel, mix.urls, 20, connections);
    }
  } finally {
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }

  const ttfbMs = ttfb.samples.map((s) => s.ttfbMs).sort((a, b) => a - b);
  const ttfbFig = {
    samples: ttfbMs.length,
    errors: ttfb.errors,
    non200: ttfb.samples.filter((s) => s.status !== 200).length,
    p50: round(percentile(ttfbMs, 50), 1),
    p90: round(percentile(ttfbMs, 90), 1),
    p99: round(percentile(ttfbMs, 99), 1),
    max: round(ttfbMs[ttfbMs.length - 1] ?? NaN, 1),
    idleP50: round(median(idleTtfb), 1),
    idleP99: round(percentile(idleTtfb, 99), 1),
  };
  const m = machine();
  const bothCoresNote =
    pages.serverCpuCores >= BUDGET.coresUsed
      ? undefined
      : pages.serverProcesses <= 1
        ? `the server is 1 process with one event loop: it cannot use the ${m.cores} cores (needs clustering)`
        : `${pages.serverProcesses} server processes, ${pages.serverCpuCores} cores busy: short of work (the load is too light or other work holds the cores)`;
  const checks: Check[] = [
    check('results pages per second', pages.requestsPerSecond, '>=', BUDGET.pagesPerSecond, 'req/s'),
    check(
      `results page latency p99 at ${BUDGET.pagesPerSecond} pages/s`,
      paced.latencyMs.p99,
      '<',
      BUDGET.p99Ms,
      'ms',
      `timed from when each request was due; ${paced.achievedPerSecond} pages/s achieved`,
    ),
    check(
      'results page errors + non-2xx + timeouts',
      pages.errors + pages.non2xx + pages.timeouts + paced.errors + paced.non2xx,
      '=',
      0,
    ),
    check(
      `server CPU in use (of ${m.cores} cores)`,
      pages.serverCpuCores,
      '>=',
      BUDGET.coresUsed,
      'cores',
      bothCoresNote,
    ),
    check('static floor errors + non-2xx + timeouts', floor.errors + floor.non2xx + floor.timeouts, '=', 0),
  ];
  const cpuMsPerPage = round((pages.serverCpuCores / pages.requestsPerSecond) * 1000, 2);
  const info: Check[] = [
    check(
      'server CPU per results page (info)',
      cpuMsPerPage,
      '<=',
      round((m.cores * 1000) / BUDGET.pagesPerSecond, 2),
      'ms',
      `${m.cores} cores / ${BUDGET.pagesPerSecond} pages/s; robust to other work on the machine`,
    ),
    check(
      'results page latency p99 at saturation (info)',
      pages.latencyMs.p99,
      '<',
      BUDGET.p99Ms,
      'ms',
      `${connections} connections in a closed loop wait connections / throughput on average (decision 067)`,
    ),
    check('results page TTFB under load p50 (info)', ttfbFig.p50, '<', BUDGET.p99Ms, 'ms'),
    check('results page TTFB under load p99 (info)', ttfbFig.p99, '<', BUDGET.p99Ms, 'ms'),
  ];
  const ratio = round(pages.requestsPerSecond / floor.requestsPerSecond, 3);
  console.log(
    `\nserver throughput, production server bundle (${build.source}), NODE_ENV=${nodeEnv}, LOG_LEVEL=${logLevel}, ${describeMachine(m)}`,
  );
  console.log(fmtLoad('results pages', pages));
  console.log(
    `  ${`results pages at ${paced.offeredPerSecond}/s`.padEnd(22)} ${String(paced.achievedPerSecond).padStart(8)} req/s   p50 ${paced.latencyMs.p50} ms  p90 ${paced.latencyMs.p90} ms  p99 ${paced.latencyMs.p99} ms  max ${paced.latencyMs.max} ms (from when due; from when sent p50 ${paced.serviceMs.p50} / p99 ${paced.serviceMs.p99} ms)   ${paced.requests} requests, ${paced.non2xx} non-2xx, ${paced.errors} errors; server CPU ${paced.serverCpuCores} cores`,
  );
  console.log(fmtLoad(`static floor`, floor));
  console.log(
    `  ratio results / floor: ${ratio} (${round(1 / ratio, 1)}x slower; a results page costs ~${round((pages.serverCpuCores / pages.requestsPerSecond) * 1000, 2)} ms of server CPU, the static file ~${round((floor.serverCpuCores / floor.requestsPerSecond) * 1000, 2)} ms)`,
  );
  console.log(
    `  TTFB of a results page under load (separate client, ${ttfbFig.samples} samples, ${ttfbFig.errors} errors): p50 ${ttfbFig.p50} ms, p90 ${ttfbFig.p90} ms, p99 ${ttfbFig.p99} ms, max ${ttfbFig.max} ms; idle (sequential) p50 ${ttfbFig.idleP50} ms, p99 ${ttfbFig.idleP99} ms`,
  );
  if (profile) {
    const s = profile.summary;
    console.log(
      `\nwhere the time goes (node --cpu-prof, ${s.wallSeconds} s, ${profile.load.requestsPerSecond} req/s under the profiler, idle ${s.idlePercentOfWall}% of wall):`,
    );
    for (const c of s.categories) console.log(`  ${c.category.padEnd(46)} ${String(c.percentOfBusy).padStart(5)}%`);
    console.log('  top functions by self time:');
    for (const f of s.topSelf.slice(0, 20)) console.log(`    ${String(f.percentOfBusy).padStart(5)}%  ${f.frame}`);
    console.log('  top functions by inclusive time:');
    for (const f of s.topInclusive.slice(0, 25)) console.log(`    ${String(f.percentOfBusy).padStart(5)}%  ${f.frame}`);
    console.log(`  (profile kept at ${s.file}; open it in Chrome DevTools > Performance)`);
  }
  printChecks('figures for information (the issue sets no TTFB budget; shown against the p99 latency budget):', info);
  const ok = printChecks(
    `budgets (>= ${BUDGET.pagesPerSecond} results pages/s, p99 < ${BUDGET.p99Ms} ms at that load, no errors, both cores):`,
    checks,
  );
  if (bothCoresNote) console.log(`\nNOTE: ${bothCoresNote}.`);
  const contended = Math.max(pages.otherWorkCores, floor.otherWorkCores);
  if (contended > 0.2) {
    console.log(
      `WARNING: other work kept ${contended} cores of this machine busy during the runs (before: ${quietBefore}): the server had less than the whole machine, so these figures understate it.`,
    );
  }
  const file = writeResult('server', {
    measured:
      'production server bundle (node dist/server/server.js), demo data, every role as npm start runs them; autocannon (capacity) and the paced load (latency at the budget rate) in the bench process; TTFB sampler in a separate process',
    source: build.source,
    nodeEnv,
    logLevel,
    machineBusyCoresBefore: quietBefore,
    connections,
    durationSeconds: seconds,
    budget: BUDGET,
    pass: ok,
    checks: [...checks, ...info],
    mix: {
      distinctUrls: mix.urls.length,
      probed: mix.probed,
      sites: [...new Set(mix.urls.map((u) => u.site))],
      sample: mix.urls.slice(0, 12),
    },
    resultsPageBytes: page,
    resultsPages: pages,
    resultsPagesAtBudgetRate: paced,
    staticFloor: { path: `/${FLOOR_FILE}`, ...floor },
    ratioPagesToFloor: ratio,
    serverCpuMsPerResultsPage: cpuMsPerPage,
    serverCpuMsPerStaticFloor: round((floor.serverCpuCores / floor.requestsPerSecond) * 1000, 2),
    ttfbUnderLoadMs: ttfbFig,
    ...(profile ? { profile: { underProfiler: profile.load, ...profile.summary } } : {}),
  });
  console.log(`\nwrote ${path.relative(process.cwd(), file)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
