import cluster from 'node:cluster';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { createServices } from '../services/createServices';
import { createServerApp } from './app';
import { createHttpServer } from './httpServer';
import { createMailer } from '../services/mail/createMailer';
import type { Mailer } from '../services/mail/Mailer';
import { createMetrics } from '../services/metrics/createMetrics';
import { createSearchService } from '../services/search/createSearchService';
import { createWorker } from '../worker/createWorker';
import { startDueFeeds } from '../worker/dueFeeds';
import { fillTemplate, publicBaseUrlResolver } from '../worker/siteUrls';
import { ConfigurationError, readEnvironment, type Environment } from './environment';
import { createLogger, type Logger } from './logger';

/**
 * Starts Trawl. With more than one process wanted (WEB_CONCURRENCY, one per
 * core by default), the primary seeds the demo data once, forks that many
 * processes serving web and api on the shared port, runs the worker role
 * itself, and forwards SIGTERM; a process that dies is replaced.
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
  const processes = env.WEB_CONCURRENCY || os.availableParallelism();
  if (cluster.isPrimary && processes > 1 && (env.roles.has('web') || env.roles.has('api'))) {
    await runPrimary(env, log, processes);
  } else {
    await serve(env, log);
  }
}

/**
 * Opens the search store once before the server's processes do: a store of an earlier layout is
 * upgraded here, alone (rebuilding a big store's text index takes longer than the others would
 * wait for the write lock), and the demo data seeded into an empty one when asked.
 */
async function prepareSearchStore(env: Environment, log: Logger): Promise<void> {
  if (!env.roles.has('api')) return;
  const search = createSearchService({ dataDir: env.dataDir, log: (msg, extra) => log.info(extra ?? {}, msg) });
  try {
    if (!env.DEMO_DATA) return;
    const written = await search.seedDemoData((done, total) => {
      process.stdout.write(`\rSeeding demo data: ${done}/${total} sites`);
      if (done === total) process.stdout.write('\n');
    });
    if (written > 0) log.info({ ads: written }, 'demo data seeded');
  } finally {
    search.close();
  }
}

const SINGLE_THREADED_GC = '--single-threaded-gc';

async function runPrimary(env: Environment, log: Logger, processes: number): Promise<void> {
  await prepareSearchStore(env, log);
  const childRoles = [...env.roles].filter((r) => r !== 'worker').join(',');
  const childEnv = { ROLES: childRoles, DEMO_DATA: '0', WEB_CONCURRENCY: '1' };
  let stopping = false;
  let port = 0;
  let listening = 0;
  let worker: { stop(): Promise<void> } | undefined;
  // A process per core: V8's parallel and concurrent GC threads could only take their core
  // from another process's requests, so each process collects on its own thread (decision 066).
  if (processes >= os.availableParallelism() && !process.execArgv.includes(SINGLE_THREADED_GC)) {
    cluster.setupPrimary({ execArgv: [...process.execArgv, SINGLE_THREADED_GC] });
  }
  const fork = () => cluster.fork(childEnv);
  cluster.on('listening', (_child, address) => {
    listening += 1;
    if (listening !== processes) return;
    port = address.port;
    log.info({ port, processes, dataDir: env.dataDir, roles: [...env.roles] }, 'trawl listening');
    if (env.roles.has('worker')) worker = startWorker({ ...env, PORT: port }, log);
    process.stdout.write(`Trawl is running at http://localhost:${port} (try http://jobs.es.localhost:${port})\n`);
  });
  cluster.on('exit', (child, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        void (worker?.stop() ?? Promise.resolve()).then(() => {
          log.info('stopped');
          process.exit(0);
        });
      }
      return;
    }
    log.error({ pid: child.process.pid, code, signal }, 'a server process died; starting another');
    fork();
  });
  for (let i = 0; i < processes; i++) fork();
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    for (const child of Object.values(cluster.workers ?? {})) child?.process.kill(signal);
    setTimeout(() => {
      log.warn('forcing exit after 15 s');
      process.exit(1);
    }, 15_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** One process serving the roles it was given; stops gracefully on SIGTERM / SIGINT. */
async function serve(env: Environment, log: Logger): Promise<void> {
  // Upgrade and seed before the services open their stores, so they start from the seeded data
  // (a cluster's primary did it before forking this process).
  if (cluster.isPrimary) await prepareSearchStore(env, log);
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
  // What the first searches would otherwise wait for, loaded before the process takes requests.
  await services?.search.warmUp();
  let ready = false;
  const app = createServerApp({
    log,
    defaultCountry: env.DEFAULT_COUNTRY,
    trustProxy: env.TRUST_PROXY,
    deviceHeader: env.DEVICE_CLASS_HEADER,
    apiBaseUrl: env.API_BASE_URL,
    publicApiBaseUrl: env.PUBLIC_API_BASE_URL,
    searchBaseUrl: env.SEARCH_BASE_URL,
    adNetworkId: env.AD_NETWORK_ID,
    adTagUrl: env.AD_TAG_URL,
    feedbackBaseUrl: env.FEEDBACK_BASE_URL,
    mountServices: services ? (a) => services.mount(a) : undefined,
    localSearch: services?.search.call,
    isReady: () => ready,
    observe: metrics.observe,
    metricsHandler: metrics.handler,
  });

  const server = createHttpServer(app);
  server.keepAliveTimeout = 65_000;
  let worker: { stop(): Promise<void> } | undefined;
  server.listen(env.PORT, env.HOST, () => {
    ready = true;
    const { port } = server.address() as AddressInfo;
    if (cluster.isWorker) return;
    log.info({ port, host: env.HOST, dataDir: env.dataDir, roles: [...env.roles] }, 'trawl listening');
    if (env.roles.has('worker')) worker = startWorker({ ...env, PORT: port }, log, services?.mailer);
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
      if (!cluster.isWorker) log.info('stopped');
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
 * The worker role: alert digests and pushes on their schedule, and the partners' feeds that are
 * due. It reaches the search service over HTTP, like a worker on a machine of its own would; the
 * feeds are imported into the store under DATA_DIR, by the import command in a process of its own.
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
      production: env.PUBLIC_SITES === 'hosts',
      port: env.PORT,
    }),
    log: (msg, extra) => log.info(extra ?? {}, msg),
  });
  worker.start();
  const feeds = env.FEED_IMPORTS ? startDueFeeds({ dataDir: env.dataDir, log }) : undefined;
  return {
    async stop() {
      await Promise.all([worker.close(), feeds?.stop()]);
      if (!sharedMailer) mailer.close();
    },
  };
}

main().catch((error: unknown) => {
  process.stderr.write(`Trawl failed to start: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
