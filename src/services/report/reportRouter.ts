import { createHash, timingSafeEqual } from 'node:crypto';
import express from 'express';
import type { EventStore } from '../events/EventStore';
import { ServiceError } from '../jsonapi';
import { buildReport, parseDay, renderReportHtml, type SourceInfo } from './buildReport';

export interface ReportDeps {
  events: EventStore;
  token: string;
  lookup?: (sourceId: number) => Promise<SourceInfo | undefined>;
}

/** Constant-time comparison of two secrets (hashed first, so lengths do not leak either). */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b) && expected.length > 0;
}

/**
 * GET `/report?token=...[&from=yyyy-mm-dd&to=yyyy-mm-dd]`, mounted under
 * `/api`: the click-out report as an HTML table. The token comes from the
 * query or an `Authorization: Bearer` header; none is a 401, a wrong one a
 * 403. See docs/clickouts-and-billing.md.
 */
export function createReportRouter(deps: ReportDeps): express.Router {
  const router = express.Router();
  router.get('/report', async (req, res) => {
    const header = req.get('authorization');
    const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    const query = typeof req.query.token === 'string' ? req.query.token : undefined;
    const token = bearer ?? query;
    if (!token) {
      res.set('WWW-Authenticate', 'Bearer realm="report"');
      throw new ServiceError(
        401,
        'UNAUTHORIZED',
        'The report needs its token (token query parameter or Bearer header).',
      );
    }
    if (!sameSecret(token, deps.token)) throw new ServiceError(403, 'FORBIDDEN', 'Wrong report token.');
    const range: { from?: string; to?: string } = {};
    for (const name of ['from', 'to'] as const) {
      const value = req.query[name];
      if (value === undefined) continue;
      try {
        if (typeof value !== 'string') throw new Error(`${name} must be a day, yyyy-mm-dd`);
        range[name] = parseDay(value, name);
      } catch (err) {
        throw ServiceError.badParameter(name, (err as Error).message);
      }
    }
    const report = await buildReport(deps.events, range, deps.lookup);
    res
      .status(200)
      .set({
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'Referrer-Policy': 'no-referrer',
        'X-Robots-Tag': 'noindex, nofollow',
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
      })
      .send(renderReportHtml(report, range));
  });
  return router;
}
