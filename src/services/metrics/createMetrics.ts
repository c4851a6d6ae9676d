import type express from 'express';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { CallObserver } from '../../shared/api/http';

/** Who made a call: the web role's server side (observer) or a browser (metrics service posts). */
export type CallClient = 'server' | 'browser';

export interface MetricsOptions {
  /** Default process metrics (cpu, memory, event loop, gc); on unless false. */
  defaultMetrics?: boolean;
  /** Distinct call names kept per client before new ones are counted as "other" (label cardinality). */
  maxNames?: number;
}

/** Response-time buckets, in seconds, up to the 11 s API timeout of spec §9. */
export const RESPONSE_TIME_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 11];

export interface Metrics {
  registry: Registry;
  /** The web role's observer: every service call counts a query, and an error, a timeout and its time. */
  observe: CallObserver;
  /** GET /metrics: the registry in the Prometheus text format. */
  handler: express.RequestHandler;
  /** One call of `name` was made. */
  query(name: string, client: CallClient): void;
  error(name: string, client: CallClient): void;
  timeout(name: string, client: CallClient): void;
  responseTime(name: string, ms: number, client: CallClient): void;
  custom(name: string, value: number): void;
  clickouts: Counter<'outcome'>;
  trackingDocuments: Counter<'type'>;
  leads: Counter<'outcome'>;
}

/**
 * The metrics of spec §7 "Metrics service": queries, errors, timeouts and
 * response time per call, plus the process figures, in one prom-client
 * registry per process (never the global one, so tests and roles do not
 * collide). See docs/decisions/024-metrics.md.
 */
export function createMetrics(options: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry });
  const labelNames = ['name', 'client'] as const;
  const calls = new Counter({
    name: 'trawl_service_calls_total',
    help: 'Service calls made, by call name and client',
    labelNames,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'trawl_service_call_errors_total',
    help: 'Service calls that failed (error status or network failure), by call name and client',
    labelNames,
    registers: [registry],
  });
  const timeouts = new Counter({
    name: 'trawl_service_call_timeouts_total',
    help: 'Service calls that timed out, by call name and client',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'trawl_service_call_duration_seconds',
    help: 'Service call response time, by call name and client',
    labelNames,
    buckets: RESPONSE_TIME_BUCKETS,
    registers: [registry],
  });
  const customQueries = new Counter({
    name: 'trawl_custom_queries_total',
    help: 'Custom counts reported by browsers (metrics service /query-custom)',
    labelNames: ['name'] as const,
    registers: [registry],
  });
  const clickouts = new Counter({
    name: 'trawl_clickouts_total',
    help: 'Click-outs recorded, by billing outcome (billed, duplicate, bot, no_campaign)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const trackingDocuments = new Counter({
    name: 'trawl_tracking_documents_total',
    help: 'Tracking documents stored, by document type',
    labelNames: ['type'] as const,
    registers: [registry],
  });
  const leads = new Counter({
    name: 'trawl_leads_total',
    help: 'Leads stored, by forwarding outcome (forwarded, not_forwarded)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });

  const maxNames = options.maxNames ?? 200;
  const seen: Record<CallClient, Set<string>> = { server: new Set(), browser: new Set() };
  const label = (name: string, client: CallClient) => {
    const names = seen[client];
    if (!names.has(name)) {
      if (names.size >= maxNames) return { name: 'other', client };
      names.add(name);
    }
    return { name, client };
  };

  const metrics: Metrics = {
    registry,
    observe: ({ name, ms, outcome }) => {
      const labels = label(name, 'server');
      calls.inc(labels);
      duration.observe(labels, Math.max(0, ms) / 1000);
      if (outcome === 'error') errors.inc(labels);
      if (outcome === 'timeout') timeouts.inc(labels);
    },
    handler: (_req, res, next) => {
      registry.metrics().then((text) => {
        res.set('Content-Type', registry.contentType).set('Cache-Control', 'no-store').send(text);
      }, next);
    },
    query: (name, client) => calls.inc(label(name, client)),
    error: (name, client) => errors.inc(label(name, client)),
    timeout: (name, client) => timeouts.inc(label(name, client)),
    responseTime: (name, ms, client) => duration.observe(label(name, client), Math.max(0, ms) / 1000),
    custom: (name, value) => {
      const labels = label(name, 'browser');
      customQueries.inc({ name: labels.name }, value);
    },
    clickouts,
    trackingDocuments,
    leads,
  };
  return metrics;
}
