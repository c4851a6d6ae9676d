/**
 * The click-out benchmark (issue 6): N click-outs (default 20,000) posted over
 * HTTP with C in flight (default 20) to the click-out service on a temp data
 * dir, then throughput, latency p50/p99 and a check that every click was
 * recorded; and the event store's raw recordClick rate. Run:
 * `npx tsx bench/clickout.bench.ts [--clicks N] [--concurrency C]`.
 * Writes bench/results/clickout.json.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import express from 'express';
import { createClickoutServices } from '../src/services/clickout/createClickoutServices';
import type { Mailer } from '../src/services/mail/Mailer';
import { createSearchService } from '../src/services/search/createSearchService';

/** One process serving and loading (the client shares the event loop): the server alone does more. */
const BUDGET = { clicksPerSecond: 1000, p99Ms: 50 };
const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main(): Promise<void> {
  const clicks = arg('clicks', 20_000);
  const concurrency = arg('concurrency', 20);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-bench-clickout-'));
  const search = createSearchService({ dataDir });
  await search.store.putSources([
    {
      id: 1,
      name: 'Bench partner',
      image: '',
      country: 'es',
      vertical: 'homes',
      contactEmail: 'p@example.org',
      contactPhone: '',
      hasAdpageForm: true,
      campaigns: [{ id: 1, cpcMobile: 0.12, cpcDesktop: 0.2, active: true }],
    },
  ]);
  const ads = Array.from({ length: 100 }, (_, i) => ({
    id: `bench-${i}`,
    country: 'es',
    vertical: 'homes' as const,
    sourceId: 1,
    partnerAdId: `b${i}`,
    url: `https://partner.example/ads/${i}`,
    title: `Flat ${i}`,
    description: '',
    date: Math.floor(Date.now() / 1000),
    location: {},
    images: [],
    currency: 'EUR',
    homes: { propertyType: 'flat' },
  }));
  await search.store.writeAds(ads);
  const mailer: Mailer = { send: async () => ({ id: 'x' }), flush: async () => 0, close() {} };
  const services = createClickoutServices({ dataDir, searchStore: search.store, mailer });
  const app = express();
  app.use('/api', services.apiRouter);
  const server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

  const post = (i: number) =>
    new Promise<number>((resolve, reject) => {
      const body = JSON.stringify({
        data: {
          type: 'clicks',
          attributes: {
            ad: { id: `bench-${i % 100}`, position: 1 },
            site: { country_code: 'es', vertical_name: 'homes' },
            user: { cookie_id: `v${i % 5000}` },
          },
        },
      });
      const started = performance.now();
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/clickout/clicks',
          method: 'POST',
          agent,
          headers: {
            'Content-Type': 'application/vnd.api+json',
            'User-Agent': UA,
            'Content-Length': Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === 201
              ? resolve(performance.now() - started)
              : reject(new Error(`status ${res.statusCode}`)),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  const latencies: number[] = [];
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < clicks) latencies.push(await post(next++));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const counts = await services.events.counts();
  latencies.sort((a, b) => a - b);

  // The store alone: recordClick in a tight loop.
  const rawN = 20_000;
  const rawStart = performance.now();
  for (let i = 0; i < rawN; i++) {
    await services.events.recordClick(
      {
        clickId: `raw-${i}`,
        at: new Date(),
        adId: `bench-${i % 100}`,
        sourceId: 1,
        sourceName: 'Bench partner',
        country: 'es',
        vertical: 'homes',
        position: 1,
        sectionId: 1,
        sectionTypeId: 2,
        campaignId: 1,
        device: 'mobile',
        bot: false,
        cpcMicros: 120_000,
        currency: 'EUR',
        dedupeKey: `c:raw${i % 5000}`,
        cookieId: null,
        ip: '127.0.0.1',
        userAgent: UA,
        destination: 'https://partner.example/',
        doc: {},
      },
      30 * 60_000,
    );
  }
  const rawPerSecond = rawN / ((performance.now() - rawStart) / 1000);

  agent.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  services.close();
  search.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const result = {
    clicks,
    concurrency,
    recorded: counts.clickouts,
    clicksPerSecond: Math.round(clicks / seconds),
    p50Ms: Number(percentile(latencies, 50).toFixed(2)),
    p99Ms: Number(percentile(latencies, 99).toFixed(2)),
    storeRecordClickPerSecond: Math.round(rawPerSecond),
    budget: BUDGET,
  };
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync('bench/results/clickout.json', `${JSON.stringify(result, null, 2)}\n`);
  const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER BUDGET');
  console.log(`  ${clicks.toLocaleString('en')} click-outs, ${concurrency} in flight, ${counts.clickouts} recorded`);
  console.log(
    `  throughput: ${result.clicksPerSecond}/s (budget ≥ ${BUDGET.clicksPerSecond}) ${verdict(result.clicksPerSecond >= BUDGET.clicksPerSecond)}`,
  );
  console.log(
    `  latency p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms (budget ≤ ${BUDGET.p99Ms}) ${verdict(result.p99Ms <= BUDGET.p99Ms)}`,
  );
  console.log(`  event store alone: ${result.storeRecordClickPerSecond} recordClick/s`);
  if (counts.clickouts !== clicks) {
    console.log(`  LOST EVENTS: ${clicks - counts.clickouts}`);
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
