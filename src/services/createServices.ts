import fs from 'node:fs';
import express, { type Express } from 'express';
import type { Logger } from '../server/logger';
import { createClickoutServices, type ClickoutServices } from './clickout/createClickoutServices';
import { siteCors } from './cors';
import { createFeedbackService, type FeedbackService } from './feedback/createFeedbackService';
import { jsonApiErrorHandler, methodNotAllowed, sendErrors, ServiceError } from './jsonapi';
import { createMailer } from './mail/createMailer';
import type { Mailer } from './mail/Mailer';
import type { Metrics } from './metrics/createMetrics';
import { createNotificationServices, type NotificationServices } from './notifications/createNotificationServices';
import { createSearchService, type SearchService } from './search/createSearchService';

export interface ServicesOptions {
  dataDir: string;
  log: Logger;
  metrics?: Metrics;
  smtpUrl?: string;
  mailFrom?: string;
  reportToken?: string;
  now?: () => Date;
}

/** The api role: every service of the spec, mounted on an Express app under its base path. */
export interface Services {
  readonly search: SearchService;
  readonly clickout: ClickoutServices;
  readonly notifications: NotificationServices;
  readonly feedback: FeedbackService;
  readonly mailer: Mailer;
  mount(app: Express): void;
  /** Seeds demo data when the stores are empty. */
  seedDemoData(onProgress?: (done: number, total: number) => void): Promise<number>;
  close(): void;
}

export function createServices(options: ServicesOptions): Services {
  fs.mkdirSync(options.dataDir, { recursive: true });
  const log = (msg: string, extra?: object) => options.log.info(extra ?? {}, msg);
  const { dataDir, now } = options;
  const search = createSearchService({
    dataDir,
    now,
    log,
    ...(options.metrics ? { metrics: options.metrics.registry } : {}),
  });
  const mailer = createMailer({
    dataDir,
    ...(options.smtpUrl ? { smtpUrl: options.smtpUrl } : {}),
    ...(options.mailFrom ? { from: options.mailFrom } : {}),
    ...(now ? { now } : {}),
    log,
  });
  const clickout = createClickoutServices({
    dataDir,
    searchStore: search.store,
    mailer,
    ...(now ? { now } : {}),
    ...(options.reportToken ? { reportToken: options.reportToken } : {}),
    ...(options.metrics ? { metrics: options.metrics } : {}),
    log,
  });
  const notifications = createNotificationServices({ dataDir, mailer, ...(now ? { now } : {}), log });
  const feedback = createFeedbackService({ dataDir, ...(now ? { now } : {}) });
  return {
    search,
    clickout,
    notifications,
    feedback,
    mailer,
    mount(app) {
      const api = express.Router();
      api.use(siteCors());
      api.use('/feedback', feedback.router);
      api.use('/sites', search.sitesRouter);
      api.use('/metrics', clickout.metricsRouter);
      api.use(search.keywordsRouter);
      api.use(clickout.apiRouter);
      api.use(notifications.apiRouter);
      api.use(methodNotAllowed(api));
      api.use((req, res) => {
        sendErrors(res, [ServiceError.notFound(`No service answers ${req.method} /api${req.path}`)]);
      });
      api.use(jsonApiErrorHandler((err) => options.log.error({ err }, 'service failed')));
      app.use('/api', api);
      app.use('/partner', search.partnerRouter);
      app.use('/media', search.mediaRouter);
    },
    seedDemoData: (onProgress) => search.seedDemoData(onProgress),
    close() {
      feedback.close();
      notifications.close();
      clickout.close();
      mailer.close();
      search.close();
    },
  };
}
