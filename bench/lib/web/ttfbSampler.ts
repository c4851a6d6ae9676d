/**
 * A separate low-rate client (its own process, so the load generator's event
 * loop does not delay it): every `interval` ms, open-loop, one GET of the next
 * URL of the mix on a new connection, timing the first byte. Prints one JSON
 * line at the end. Spawned by bench/server.bench.ts:
 * `node --import tsx ttfbSampler.ts <origin> <urls.json> <intervalMs> <durationMs>`.
 */
import fs from 'node:fs';
import { get } from './http';

interface Target {
  host: string;
  path: string;
}

async function main(): Promise<void> {
  const [origin, urlsFile, intervalArg, durationArg] = process.argv.slice(2);
  if (!origin || !urlsFile) throw new Error('usage: ttfbSampler <origin> <urls.json> <intervalMs> <durationMs>');
  const targets = JSON.parse(fs.readFileSync(urlsFile, 'utf8')) as Target[];
  const interval = Number(intervalArg ?? 100);
  const duration = Number(durationArg ?? 30_000);
  const samples: Array<{ ttfbMs: number; status: number }> = [];
  let errors = 0;
  const inflight: Array<Promise<void>> = [];
  const end = Date.now() + duration;
  let i = 0;
  while (Date.now() < end) {
    // A stride unrelated to the load generator's order.
    const t = targets[(i * 7 + 3) % targets.length] as Target;
    i += 1;
    inflight.push(
      get(origin, t.path, {
        host: t.host,
        agent: false,
        headers: { Connection: 'close', 'Accept-Encoding': 'gzip, deflate, br, zstd' },
        timeoutMs: 10_000,
      }).then(
        (r) => void samples.push({ ttfbMs: r.ttfbMs, status: r.status }),
        () => void (errors += 1),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
  await Promise.all(inflight);
  process.stdout.write(`${JSON.stringify({ samples, errors })}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${String((err as Error)?.stack ?? err)}\n`);
  process.exit(1);
});
