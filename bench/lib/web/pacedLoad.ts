/**
 * A load at a fixed rate, as wrk2 makes it (decision 067): `connections`
 * keep-alive connections, each sending one request every
 * `connections / rate` seconds on its own staggered schedule, so the server
 * sees `rate` requests per second spread evenly over the connections.
 *
 * Each latency is timed from the moment its request was due, not from when it
 * was sent: a request that had to wait for its connection's previous answer
 * counts that wait, so a stall of the server shows in every request it held
 * up (no coordinated omission). If the server falls behind the rate, the
 * latencies grow without bound and say so.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { percentile, round } from './common';
import { get } from './http';

export interface PacedTarget {
  host: string;
  path: string;
}

export interface PacedOptions {
  rate: number;
  seconds: number;
  connections: number;
  headers: Record<string, string>;
  timeoutMs?: number;
}

export interface PacedFigures {
  offeredPerSecond: number;
  achievedPerSecond: number;
  requests: number;
  ok2xx: number;
  non2xx: number;
  errors: number;
  /** From when each request was due to the end of its response. */
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  /** From when each request was sent to the end of its response (what a closed-loop tool would report). */
  serviceMs: { p50: number; p99: number };
  durationSeconds: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function pacedLoad(
  origin: string,
  targets: readonly PacedTarget[],
  options: PacedOptions,
): Promise<PacedFigures> {
  const { rate, seconds, connections, headers } = options;
  if (!(rate > 0) || !(seconds > 0) || !(connections > 0) || targets.length === 0)
    throw new Error('pacedLoad needs a rate, a duration, connections and targets');
  const period = (connections * 1000) / rate;
  const latencies: number[] = [];
  const service: number[] = [];
  let ok2xx = 0;
  let non2xx = 0;
  let errors = 0;
  let next = 0;
  const t0 = performance.now();
  const end = t0 + seconds * 1000;

  async function connection(c: number): Promise<void> {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let due = t0 + (c * 1000) / rate; due < end; due += period) {
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        const target = targets[next++ % targets.length] as PacedTarget;
        const sent = performance.now();
        try {
          const r = await get(origin, target.path, {
            host: target.host,
            agent,
            headers,
            timeoutMs: options.timeoutMs ?? 10_000,
          });
          const done = performance.now();
          latencies.push(done - due);
          service.push(done - sent);
          if (r.status >= 200 && r.status < 300) ok2xx += 1;
          else non2xx += 1;
        } catch {
          errors += 1;
        }
      }
    } finally {
      agent.destroy();
    }
  }

  await Promise.all(Array.from({ length: connections }, (_, c) => connection(c)));
  const wall = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  service.sort((a, b) => a - b);
  const requests = ok2xx + non2xx + errors;
  return {
    offeredPerSecond: rate,
    achievedPerSecond: round(requests / wall, 1),
    requests,
    ok2xx,
    non2xx,
    errors,
    latencyMs: {
      p50: round(percentile(latencies, 50), 1),
      p90: round(percentile(latencies, 90), 1),
      p99: round(percentile(latencies, 99), 1),
      max: round(latencies[latencies.length - 1] ?? NaN, 1),
      mean: round(latencies.reduce((s, v) => s + v, 0) / Math.max(1, latencies.length), 2),
    },
    serviceMs: { p50: round(percentile(service, 50), 1), p99: round(percentile(service, 99), 1) },
    durationSeconds: round(wall, 1),
  };
}
