import { parseArgs } from 'node:util';
import { createLogger } from '../server/logger';
import { readEnvironment } from '../server/environment';
import { createMailer } from '../services/mail/createMailer';
import { createWorker } from './createWorker';
import { fillTemplate, publicBaseUrlResolver } from './siteUrls';

/**
 * `npm run alerts -- --once`: one delivery round now, every active alert
 * treated as due (each still gets a digest only when something matched
 * since its last one), then the mail outbox is flushed. Without `--once` the
 * worker runs its schedule until SIGINT/SIGTERM.
 *
 * Reads DATA_DIR, SMTP_URL, SEARCH_BASE_URL (`{country}`, `{vertical}`
 * substituted; default `http://127.0.0.1:${PORT}/api/sites/{country}/{vertical}`),
 * PUBLIC_BASE_URL (same placeholders; see siteUrls.ts), MAIL_FROM, LOG_LEVEL.
 * Exit code 2 on bad options (a mistyped `--once` must not start a worker that runs on).
 */
const USAGE = 'usage: npm run alerts -- [--once]\n';

async function main(argv: string[]): Promise<number> {
  let options: { once?: boolean; help?: boolean };
  try {
    options = parseArgs({
      args: argv,
      options: { once: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }).values;
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const env = readEnvironment();
  const logger = createLogger(env.LOG_LEVEL === 'silent' ? 'silent' : env.LOG_LEVEL);
  const log = (msg: string, extra?: object) => logger.info(extra ?? {}, msg);
  const searchTemplate = env.SEARCH_BASE_URL || `http://127.0.0.1:${env.PORT}/api/sites/{country}/{vertical}`;
  const mailer = createMailer({
    dataDir: env.dataDir,
    ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}),
    ...(env.MAIL_FROM ? { from: env.MAIL_FROM } : {}),
    log,
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
    log,
  });
  if (options.once) {
    const report = await worker.runOnce({ treatAllDue: true });
    const flushed = await mailer.flush();
    logger.info({ ...report, mailsDelivered: flushed }, 'alert round done');
    process.stdout.write(`${JSON.stringify({ ...report, mailsDelivered: flushed })}\n`);
    await worker.close();
    mailer.close();
    return report.searchErrors > 0 ? 2 : 0;
  }
  worker.start();
  logger.info('alert worker started');
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await worker.close();
  mailer.close();
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`alerts: ${String((error as Error)?.stack ?? error)}\n`);
    process.exitCode = 1;
  },
);
