import express from 'express';
import type { Registry } from 'prom-client';
import type { CallObserver } from '../../shared/api/http';
import type { EventStore } from '../events/EventStore';
import { SqliteEventStore } from '../events/SqliteEventStore';
import { jsonApiErrorHandler } from '../jsonapi';
import type { Mailer } from '../mail/Mailer';
import { createMetrics, type Metrics } from '../metrics/createMetrics';
import { createMetricsRouter } from '../metrics/metricsRouter';
import { createReportRouter } from '../report/reportRouter';
import type { SearchStore } from '../search/SearchStore';
import { getOrCreateSecret } from '../secrets';
import { createSourcesRouter } from '../sources/sourcesRouter';
import { createTrackingRouter } from '../tracking/trackingRouter';
import { jsonBodies } from '../bodies';
import { createClickoutRouter } from './clickoutRouter';

export interface ClickoutServicesOptions {
  dataDir: string;
  searchStore: SearchStore;
  mailer: Mailer;
  now?: () => Date;
  /** The report page's token (REPORT_TOKEN); else a secret generated under the data dir. */
  reportToken?: string;
  /** The process's metrics, shared with the web role; made here when absent. */
  metrics?: Metrics;
  log?: (msg: string, extra?: object) => void;
}

export interface ClickoutServices {
  /** Mounted at /api: /clickout/clicks, /sources/..., /tracking/..., /report. */
  apiRouter: express.Router;
  /** Mounted at /api/metrics: /query, /error, /timeout, /response-time, /query-custom. */
  metricsRouter: express.Router;
  metrics: { registry: Registry; observe: CallObserver; handler: express.RequestHandler /* GET /metrics */ };
  /** The append-only event store (click-outs, tracking documents, leads) the report reads. */
  events: EventStore;
  close(): void;
}

/**
 * The click-out, sources, tracking and metrics services of service-calls
 * spec §7 and the report of issue 6, over one append-only event store
 * (`<dataDir>/events.sqlite`). See docs/clickouts-and-billing.md.
 */
export function createClickoutServices(options: ClickoutServicesOptions): ClickoutServices {
  const now = options.now ?? (() => new Date());
  const log = options.log;
  const events = new SqliteEventStore(options.dataDir);
  const metrics = options.metrics ?? createMetrics();
  const token = getOrCreateSecret(options.dataDir, 'report-token', options.reportToken);
  const deps = { searchStore: options.searchStore, events, metrics, now, ...(log ? { log } : {}) };

  const apiRouter = express.Router();
  const prefixes = ['/clickout', '/sources', '/tracking', '/report'];
  // Tracking parses its own bodies (it also takes text/plain, for sendBeacon).
  apiRouter.use(['/clickout', '/sources'], jsonBodies('100kb'));
  apiRouter.use(createClickoutRouter(deps));
  apiRouter.use(createSourcesRouter({ ...deps, mailer: options.mailer }));
  apiRouter.use(createTrackingRouter(deps));
  apiRouter.use(
    createReportRouter({
      events,
      token,
      lookup: async (id) => {
        const s = await options.searchStore.source(id);
        return s ? { name: s.name, country: s.country, vertical: s.vertical } : undefined;
      },
    }),
  );
  apiRouter.use(
    prefixes,
    jsonApiErrorHandler((err) => log?.('click-out services failed', { err: String(err) })),
  );

  return {
    apiRouter,
    metricsRouter: createMetricsRouter(metrics, log),
    metrics: { registry: metrics.registry, observe: metrics.observe, handler: metrics.handler },
    events,
    close() {
      events.close();
    },
  };
}
