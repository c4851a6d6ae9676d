import fs from 'node:fs';
import type { Express } from 'express';
import type { Logger } from '../server/logger';
import { jsonApiErrorHandler } from './jsonapi';
import { createSearchService, type SearchService } from './search/createSearchService';

export interface ServicesOptions {
  dataDir: string;
  log: Logger;
  now?: () => Date;
}

/** The api role: every service of the spec, mounted on an Express app under its base path. */
export interface Services {
  readonly search: SearchService;
  mount(app: Express): void;
  /** Seeds demo data when the stores are empty. */
  seedDemoData(onProgress?: (done: number, total: number) => void): Promise<number>;
  close(): void;
}

export function createServices(options: ServicesOptions): Services {
  fs.mkdirSync(options.dataDir, { recursive: true });
  const log = (msg: string, extra?: object) => options.log.info(extra ?? {}, msg);
  const search = createSearchService({ dataDir: options.dataDir, now: options.now, log });
  return {
    search,
    mount(app) {
      app.use('/api/sites', search.sitesRouter);
      app.use('/api', search.keywordsRouter);
      app.use('/partner', search.partnerRouter);
      app.use('/media', search.mediaRouter);
      app.use(
        '/api',
        jsonApiErrorHandler((err) => options.log.error({ err }, 'service failed')),
      );
    },
    seedDemoData: (onProgress) => search.seedDemoData(onProgress),
    close() {
      search.close();
    },
  };
}
