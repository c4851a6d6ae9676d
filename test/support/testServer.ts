import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import { createServerApp, type ServerAppOptions } from '../../src/server/app';
import { createHttpServer } from '../../src/server/httpServer';
import { createLogger } from '../../src/server/logger';
import { createServices, type Services } from '../../src/services/createServices';
import { createMetrics } from '../../src/services/metrics/createMetrics';

export interface TestServer {
  app: Express;
  url: string;
  port: number;
  dataDir: string;
  services: Services;
  close(): Promise<void>;
}

/**
 * How long a hook that seeds the demo data (every site's ads) may take: 5–25 s, by the machine. A
 * test's own time is no measure of speed (benchmarks are), so a slow machine must not fail it.
 */
export const SEEDING_MS = 180_000;

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-test-'));
}

/**
 * The whole product (web + api roles) on a fresh temporary data dir, listening
 * on a free loopback port: the same wiring as src/server/main.ts.
 */
export async function startTestServer(
  options: Partial<ServerAppOptions> & { seed?: boolean; smtpUrl?: string } = {},
): Promise<TestServer> {
  const dataDir = tempDataDir();
  const log = createLogger(process.env.LOG_LEVEL ?? 'silent');
  const { seed, smtpUrl, ...appOptions } = options;
  const metrics = createMetrics({ defaultMetrics: true });
  const services = createServices({ dataDir, log, metrics, ...(smtpUrl ? { smtpUrl } : {}) });
  if (seed) await services.seedDemoData();
  const app = createServerApp({
    log,
    defaultCountry: 'uk',
    mountServices: (a) => services.mount(a),
    observe: metrics.observe,
    metricsHandler: metrics.handler,
    // As in main.ts: the page's search calls are answered in process unless a remote base is given.
    localSearch: services.search.call,
    ...appOptions,
  });
  const server = createHttpServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    services,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          services.close();
          fs.rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}
