import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServices } from '../services/createServices';
import { createServerApp } from './app';
import { createMailer } from '../services/mail/createMailer';
import type { Mailer } from '../services/mail/Mailer';
import { createMetrics } from '../services/metrics/createMetrics';
import { createWorker } from '../worker/createWorker';
import { fillTemplate, publicBaseUrlResolver } from '../worker/siteUrls';
import { ConfigurationError, readEnvironment, type Environment } from './environment';
import { createLogger, type Logger } from './logger';

/**
 * Starts the roles this process runs (web, api, worker) on one port, and
 * stops them gracefully on SIGTERM / SIGINT: readiness goes false, the
 * server stops accepting, open requests finish, stores close.
 */
async function main(): Promise<void> {
  let env;
  try {
    env = readEnvironment();
  } catch (error) {
    if (error instanceof ConfigurationError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const log = createLogger(env.LOG_LEVEL);
  const metrics = createMetrics();
  const services = env.roles.has('api')
    ? createServices({
        dataDir: env.dataDir,
        log,
        metrics,
        smtpUrl: env.SMTP_URL,
        mailFrom: env.MAIL_FROM,
        reportToken: env.REPORT_TOKEN,
      })
    : undefined;
  let ready = false;
  const app = createServerApp({
    log,
    defaultCountry: env.DEFAULT_COUNTRY,
    trustProxy: env.TRUST_PROXY,
    apiBaseUrl: env.API_BASE_URL,
    publicApiBaseUrl: env.PUBLIC_API_BASE_URL,
    searchBaseUrl: env.SEARCH_BASE_URL,
    adNetworkId: env.AD_NETWORK_ID,
    adTagUrl: env.AD_TAG_URL,
    feedbackBaseUrl: env.FEEDBACK_BASE_URL,
    mountServices: services ? (a) => services.mount(a) : undefined,
    isReady: () => ready,
    observe: metrics.observe,
    metricsHandler: metrics.handler,
  });

  if (services && env.DEMO_DATA) {
    const written = await services.seedDemoData((done, total) => {
      process.stdout.write(`\rSeeding demo data: ${done}/${total} sites`);
      if (done === total) process.stdout.write('\n');
    });
    if (written > 0) log.info({ ads: written }, 'demo data seeded');
  }

  const worker = env.roles.has('worker') ? startWorker(env, log, services?.mailer) : undefined;

  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  server.listen(env.PORT, env.HOST, () => {
    ready = true;
    const { port } = server.address() as AddressInfo;
    log.info({ port, host: env.HOST, dataDir: env.dataDir, roles: [...env.roles] }, 'trawl listening');
    process.stdout.write(`Trawl is running at http://localhost:${port} (try http://jobs.es.localhost:${port})\n`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    ready = false;
    log.info({ signal }, 'shutting down');
    server.close(async () => {
      await worker?.stop();
      services?.close();
      log.info('stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => {
      log.warn('forcing exit after 10 s');
      server.closeAllConnections();
      process.exit(1);
    }, 10_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/**
 * The worker role: alert digests and pushes on their schedule. It reaches
 * the search service over HTTP, like a worker on a machine of its own would.
 */
function startWorker(env: Environment, log: Logger, sharedMailer?: Mailer): { stop(): Promise<void> } {
  const searchTemplate =
    env.SEARCH_BASE_URL || `${env.API_BASE_URL || `http://127.0.0.1:${env.PORT}/api`}/sites/{country}/{vertical}`;
  // One outbox, one deliverer: in one process the worker sends through the services' mailer.
  const mailer =
    sharedMailer ??
    createMailer({
      dataDir: env.dataDir,
      ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}),
      ...(env.MAIL_FROM ? { from: env.MAIL_FROM } : {}),
      log: (msg, extra) => log.info(extra ?? {}, msg),
    });
  const worker = createWorker({
    dataDir: env.dataDir,
    mailer,
    searchBaseUrl: (country, vertical) => fillTemplate(searchTemplate, country, vertical),
    publicBaseUrl: publicBaseUrlResolver({
      template: env.PUBLIC_BASE_URL || undefined,
      production: env.NODE_ENV === 'production',
      port: env.PORT,
    }),
    log: (msg, extra) => log.info(extra ?? {}, msg),
  });
  worker.start();
  return {
    async stop() {
      await worker.close();
      if (!sharedMailer) mailer.close();
    },
  };
}

main().catch((error: unknown) => {
  process.stderr.write(`Trawl failed to start: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
