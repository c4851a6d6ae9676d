/** A small HTTP client for the benches: a Host header of our choosing (fetch forbids it) and a TTFB. */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface Fetched {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** From writing the request to the response's first byte (headers parsed). */
  ttfbMs: number;
  totalMs: number;
}

export interface GetOptions {
  host?: string;
  headers?: Record<string, string>;
  agent?: http.Agent | false;
  timeoutMs?: number;
}

export function get(origin: string, pathAndQuery: string, options: GetOptions = {}): Promise<Fetched> {
  const url = new URL(pathAndQuery, origin);
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let ttfb = NaN;
    const req = http.request(
      {
        hostname: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        agent: options.agent,
        headers: {
          ...(options.host ? { Host: options.host } : {}),
          'User-Agent': 'trawl-bench',
          ...options.headers,
        },
      },
      (res) => {
        ttfb = performance.now() - t0;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            ttfbMs: ttfb,
            totalMs: performance.now() - t0,
          }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(options.timeoutMs ?? 30_000, () => req.destroy(new Error(`timeout: ${url.href}`)));
    req.on('error', reject);
    req.end();
  });
}

/** Runs `fn` over `items` with at most `limit` in flight, keeping order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, i: number) => Promise<R>) {
  const out: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T, i);
    }
  });
  await Promise.all(workers);
  return out;
}

/** Script URLs a page loads at first load: `<script src>` and `<link rel=preload|modulepreload as=script>`. */
export function firstLoadScripts(html: string): string[] {
  const urls = new Set<string>();
  const attr = (tag: string, name: string): string | undefined =>
    new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
      .exec(tag)
      ?.slice(1)
      .find((v) => v !== undefined);
  for (const m of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(m[0], 'src');
    if (src) urls.add(src);
  }
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(m[0], 'rel') ?? '').toLowerCase().split(/\s+/);
    const as = (attr(m[0], 'as') ?? '').toLowerCase();
    const href = attr(m[0], 'href');
    if (!href) continue;
    if (rel.includes('modulepreload') || (rel.includes('preload') && as === 'script')) urls.add(href);
  }
  return [...urls].map((u) => u.replace(/&amp;/g, '&'));
}
