import zlib from 'node:zlib';
import type { Request, Response } from 'express';

/**
 * Page compression settings. Pages are compressed here in one synchronous call
 * on the whole document (the compression middleware then sees Content-Encoding
 * and leaves them alone): no zlib stream, its chunks and thread-pool hops per
 * page. Brotli quality 4 was the middleware's default; quality 2 takes about a
 * third of its CPU (a quarter less than quality 3) for ~5 % more bytes on a
 * results page (measured: docs/performance.md).
 */
export const PAGE_BROTLI_QUALITY = 2;
export const PAGE_GZIP_LEVEL = 5;
/** Below this many bytes a page goes uncompressed (as the middleware's threshold). */
const THRESHOLD = 1024;

/**
 * br or gzip by the client's q-values, br on a tie (as the compression middleware prefers);
 * undefined for none, and for no Accept-Encoding at all (identity, as the middleware).
 */
export function pick(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const q: Record<string, number> = {};
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q[name.trim()] = Number.isFinite(value) ? value : 0;
  }
  const of = (name: string) => q[name] ?? q['*'] ?? 0;
  const br = of('br');
  const gzip = of('gzip');
  if (br <= 0 && gzip <= 0) return undefined;
  return br >= gzip ? 'br' : 'gzip';
}

/** Sends an HTML page, brotli or gzip compressed when the client accepts it, uncompressed otherwise. */
export function sendCompressed(req: Request, res: Response, html: string): void {
  res.vary('Accept-Encoding');
  const body = Buffer.from(html, 'utf8');
  const encoding = body.length < THRESHOLD || req.method === 'HEAD' ? undefined : pick(req.headers['accept-encoding']);
  if (encoding === 'br') {
    res.set('Content-Encoding', 'br');
    res.send(
      zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    );
  } else if (encoding === 'gzip') {
    res.set('Content-Encoding', 'gzip');
    res.send(zlib.gzipSync(body, { level: PAGE_GZIP_LEVEL }));
  } else {
    res.send(body);
  }
}
