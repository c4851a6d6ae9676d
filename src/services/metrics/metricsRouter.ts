import express from 'express';
import { z } from 'zod';
import { jsonBodies, requireJsonBody } from '../bodies';
import { ServiceError, jsonApiErrorHandler, parseInput } from '../jsonapi';
import { REPORT_URL_LIMIT } from '../../shared/domain/constants';
import type { Metrics } from './createMetrics';

/** A call name: letters, digits and `_ . : / -`, as the api clients name their calls (e.g. `search`, `clickout.click`). */
const callName = z.string().regex(/^[A-Za-z0-9_.:/-]{1,64}$/, 'must be 1-64 letters, digits or _ . : / -');

const report = z.object({
  name: callName,
  /** Response time in milliseconds (required by /response-time, accepted everywhere). */
  ms: z.number().finite().min(0).max(600_000).optional(),
  /** /query-custom: how much to add (default 1). */
  value: z.number().int().min(1).max(1000).optional(),
});
type Report = z.infer<typeof report>;

/**
 * `/error` also says what went wrong and where: the error's message, the page's address (at
 * most spec §9's report URL limit) and the saga it came from; they go to the log, the count to
 * the metrics.
 */
const errorReport = report.extend({
  message: z.string().max(500).optional(),
  url: z.string().max(REPORT_URL_LIMIT).optional(),
  saga: z.string().max(64).optional(),
});

/** `/query` also takes a batch: the calls a browser made, each with its time and outcome. */
const batch = z
  .array(report.extend({ outcome: z.enum(['ok', 'error', 'timeout']).optional() }))
  .min(1)
  .max(50);

/** The body as posted, flat `{name, ms}` or JSON:API `{data: {type: 'metrics', attributes: {name, ms}}}`. */
function reportOf<S extends z.ZodType>(body: unknown, schema: S): z.infer<S>;
function reportOf(body: unknown): Report;
function reportOf(body: unknown, schema: z.ZodType = report): unknown {
  const doc = body as { data?: { attributes?: unknown } } | undefined;
  if (doc && typeof doc === 'object' && doc.data && typeof doc.data === 'object') {
    return parseInput(schema, doc.data.attributes, 'body');
  }
  return parseInput(schema, body, 'body');
}

/**
 * The metrics service of spec §7 (mounted at `/api/metrics`): browsers report
 * their own calls with POST `/query`, `/error`, `/timeout`, `/response-time`
 * (with `ms`) and `/query-custom`; each feeds the counters the server's own
 * calls feed, labelled client="browser". Answers 204.
 */
export function createMetricsRouter(metrics: Metrics, log?: (msg: string, extra?: object) => void): express.Router {
  const router = express.Router();
  router.use(jsonBodies('10kb'));
  const post = (path: string, apply: (r: Report) => void) =>
    router.post(path, requireJsonBody, (req, res) => {
      apply(reportOf(req.body));
      res.status(204).end();
    });
  const call = (r: Report & { outcome?: 'ok' | 'error' | 'timeout' }) => {
    metrics.query(r.name, 'browser');
    if (r.ms !== undefined) metrics.responseTime(r.name, r.ms, 'browser');
    if (r.outcome === 'error') metrics.error(r.name, 'browser');
    if (r.outcome === 'timeout') metrics.timeout(r.name, 'browser');
  };
  router.post('/query', requireJsonBody, (req, res) => {
    if (Array.isArray(req.body)) parseInput(batch, req.body, 'body').forEach(call);
    else call(reportOf(req.body));
    res.status(204).end();
  });
  router.post('/error', requireJsonBody, (req, res) => {
    const r = reportOf(req.body, errorReport);
    metrics.error(r.name, 'browser');
    log?.('browser error', { name: r.name, message: r.message, url: r.url, saga: r.saga });
    res.status(204).end();
  });
  post('/timeout', (r) => metrics.timeout(r.name, 'browser'));
  post('/response-time', (r) => {
    if (r.ms === undefined) throw new ServiceError(400, 'INVALID_PARAMETER', '/ms: is required', { pointer: '/ms' });
    metrics.responseTime(r.name, r.ms, 'browser');
  });
  post('/query-custom', (r) => metrics.custom(r.name, r.value ?? 1));
  router.use(jsonApiErrorHandler((err) => log?.('metrics service failed', { err: String(err) })));
  return router;
}
