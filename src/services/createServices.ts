import fs from 'node:fs';
import type { Express } from 'express';
import type { Logger } from '../server/logger';
import { jsonApiErrorHandler } from './jsonapi';

export interface ServicesOptions {
  dataDir: string;
  log: Logger;
  now?: () => Date;
}

/** The api role: every service of the spec, mounted on an Express app under its base path. */
export interface Services {
  mount(app: Express): void;
  /** Seeds demo data when the stores are empty. */
  seedDemoData(onProgress?: (done: number, total: number) => void): Promise<number>;
  close(): void;
}

export function createServices(options: ServicesOptions): Services {
  fs.mkdirSync(options.dataDir, { recursive: true });
  return {
    mount(app) {
      app.use(
        '/api',
        jsonApiErrorHandler((err) => options.log.error({ err }, 'service failed')),
      );
    },
    async seedDemoData() {
      return 0;
    },
    close() {},
  };
}
