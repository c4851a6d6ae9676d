import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { lockSchedule, sourceBusy } from '../../../src/services/feeds/sourceLock';
import { startDueFeeds } from '../../../src/worker/dueFeeds';
import { startBuiltServer } from '../../support/builtServer';
import { commandEnv, runCli } from '../../support/cli';
import { tempDirs } from '../../support/tempDirs';
import { fixture } from '../feeds/feedKit';
import { age, liveAds, partnerServer, runs } from '../feeds/partnerServer';

const CLI = path.resolve(__dirname, '../../../src/services/feeds/cli.ts');

interface Logged {
  level: 'info' | 'warn' | 'error';
  msg: string;
  fields: Record<string, unknown>;
}

/** A logger that keeps what it is given, as pino takes it: `(fields, message)` or `(message)`. */
function capture() {
  const lines: Logged[] = [];
  const at =
    (level: Logged['level']) =>
    (a: unknown, b?: unknown): void => {
      lines.push(
        typeof a === 'string'
          ? { level, msg: a, fields: {} }
          : { level, msg: String(b), fields: a as Logged['fields'] },
      );
    };
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } as never };
}

async function until(what: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The worker's feed imports on a data dir (checking every 50 ms) until `done` holds of what it logged,
 * then `settleMs` more (to see that nothing else starts), stopped: what it logged.
 */
async function workerUntil(
  dataDir: string,
  done: (lines: Logged[]) => boolean,
  { env = commandEnv(), settleMs = 0 }: { env?: NodeJS.ProcessEnv; settleMs?: number } = {},
): Promise<Logged[]> {
  const { lines, log } = capture();
  const feeds = startDueFeeds({ dataDir, log, checkMs: 50, env });
  try {
    await until(() => done(lines));
    await sleep(settleMs);
  } finally {
    await feeds.stop();
  }
  return lines;
}

const imported = (lines: Logged[]) => lines.some((l) => l.msg === 'the due feeds are imported');
const failedCommand = (lines: Logged[]) => lines.some((l) => l.level === 'error');

describe("the worker role's feed imports (dueFeeds.ts)", function () {
  this.timeout(90_000);
  const tempDir = tempDirs('trawl-due-feeds');
  const homes = fs.readFileSync(fixture('homes-es.xml'));
  const site = ['--country', 'es', '--vertical', 'homes'];
  /** A partner's server that answers its feed. */
  const servesHomes = () =>
    partnerServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/xml' }).end(homes);
    });
  /** A partner added by importing its URL, which the source then keeps (fetched every hour). */
  const keepFeed = async (dataDir: string, source: number, url: string) => {
    const res = await runCli(CLI, dataDir, ['--source', String(source), ...site, '--every', '1h', url]);
    expect(res.code, res.stderr).to.equal(0);
  };

  it('imports a kept feed when its time has come, in a process of its own, and logs how each went', async () => {
    let feed = homes;
    let status = 200;
    const server = await partnerServer((_req, res) => {
      if (status !== 200) res.writeHead(status).end();
      else res.writeHead(200, { 'content-type': 'application/xml' }).end(feed);
    });
    const dataDir = tempDir();
    const url = server.url('/feed.xml');
    const { lines, log } = capture();
    // A store with no kept feed: nothing to read, nothing run.
    const idle = startDueFeeds({ dataDir, log, checkMs: 50, env: commandEnv() });
    await sleep(300);
    await idle.stop();
    expect(lines).to.deep.equal([]);

    await keepFeed(dataDir, 631, url);
    expect(liveAds(dataDir, 631)).to.have.length(8);
    const feeds = startDueFeeds({ dataDir, log, checkMs: 50, env: commandEnv() });
    try {
      // Just imported: its hour has not come; the worker reads the schedule, and runs nothing.
      await sleep(500);
      expect(server.asked).to.have.length(1);
      expect(lines).to.deep.equal([]);

      // An hour on, the partner dropped H1: the next check imports the feed, and it expires.
      feed = Buffer.from(homes.toString('utf8').replace(/<ad>\s*<id><!\[CDATA\[H1\]\]><\/id>[\s\S]*?<\/ad>/, ''));
      age(dataDir, 631, 3600);
      await until(() => lines.some((l) => l.msg === 'the due feeds are imported'));
      expect(server.asked).to.have.length(2);
      expect(liveAds(dataDir, 631)).to.have.length(7);
      expect(liveAds(dataDir, 631)).to.not.include('H1');
      expect(lines[0]).to.deep.equal({
        level: 'info',
        msg: 'importing the feeds that are due',
        fields: { feeds: [631] },
      });
      expect(lines[1]?.level).to.equal('info');
      expect(lines[1]?.fields).to.deep.equal({ source: 631 });
      expect(lines[1]?.msg).to.match(
        /^feed import: source 631 \(es\/homes\) http:\/\/127\.0\.0\.1:\d+\/feed\.xml: 11 records: 0 imported, 0 updated, 8 unchanged, 1 expired, 3 rejected, 0 grouped \([\d.]+ s\)$/,
      );
      expect(lines).to.have.length(3);

      // Imported: not run again at the next checks.
      await sleep(500);
      expect(server.asked).to.have.length(2);
      expect(lines).to.have.length(3);

      // The partner's server fails: a warning names the source and the error, and it is not retried at once.
      status = 503;
      age(dataDir, 631, 3600);
      await until(() => lines.length >= 6);
      expect(lines[4]).to.include({ level: 'warn' });
      expect(lines[4]?.fields).to.deep.equal({ source: 631 });
      expect(lines[4]?.msg).to.match(
        /^feed import: source 631 .*: FAILED: GET .*\/feed\.xml: HTTP 503 Service Unavailable$/,
      );
      expect(lines[5]).to.include({ level: 'warn', msg: 'a due feed was not imported (see its line above)' });
      await sleep(500);
      expect(server.asked).to.have.length(3);
      expect(lines).to.have.length(6);
      expect(runs(dataDir, 631).map((r) => r.status)).to.deep.equal(['done', 'done', 'failed']);
    } finally {
      await feeds.stop();
      await server.close();
    }
  });

  it('stops a run under way when the worker stops, and the next run completes it', async () => {
    let stall = true;
    const server = await partnerServer((_req, res) => {
      if (!stall) {
        res.writeHead(200, { 'content-type': 'application/xml' }).end(homes);
        return;
      }
      // Half the feed, then silence: a download that would go on for the whole --timeout.
      res.writeHead(200, { 'content-type': 'application/xml', 'content-length': String(homes.length) });
      res.write(homes.subarray(0, homes.length >> 1));
    });
    const dataDir = tempDir();
    const url = server.url('/feed.xml');
    try {
      stall = false;
      await keepFeed(dataDir, 632, url);
      age(dataDir, 632, 3600);
      stall = true;
      const { lines, log } = capture();
      const feeds = startDueFeeds({ dataDir, log, checkMs: 50, env: commandEnv() });
      await until(() => server.asked.length === 2 && sourceBusy(dataDir, 632));
      // Its feed's time is past (the note its --due keeps, made older): said once, as a warning.
      const note = path.join(dataDir, 'locks', 'due.lock.json');
      const holder = JSON.parse(fs.readFileSync(note, 'utf8'));
      // (A check while a run is under way looks, and gives the run's promise.)
      void feeds.check();
      expect(lines.filter((l) => l.level === 'warn')).to.deep.equal([]);
      fs.writeFileSync(note, JSON.stringify({ ...holder, until: new Date(Date.now() - 1000).toISOString() }));
      void feeds.check();
      void feeds.check();
      const stuck = lines.filter((l) => l.level === 'warn');
      expect(stuck).to.have.length(1);
      expect(stuck[0]?.fields).to.deep.equal({ pid: holder.pid });
      expect(stuck[0]?.msg).to.match(
        /^the feed import under way \(source 632 \(es\/homes\) http:\/\/127\.0\.0\.1:\d+\/feed\.xml\): still on it 2 hours after its download's deadline; is it stuck\?$/,
      );
      const stopping = Date.now();
      await feeds.stop();
      expect(Date.now() - stopping).to.be.below(3000);
      expect(sourceBusy(dataDir, 632)).to.equal(false);
      expect(lines.at(-1)).to.deep.include({
        level: 'info',
        msg: 'feed imports stopped with the worker; the next run completes them',
      });
      expect(runs(dataDir, 632).map((r) => r.status)).to.deep.equal(['done']);

      // The worker again: the feed is still due, and imported.
      stall = false;
      await workerUntil(dataDir, imported);
      expect(server.asked).to.have.length(3);
      expect(runs(dataDir, 632).map((r) => r.status)).to.deep.equal(['done', 'done']);
    } finally {
      await server.close();
    }
  });

  it('leaves the feeds to a --due under way, and after a command that failed, waits before the next', async () => {
    const server = await servesHomes();
    const dataDir = tempDir();
    try {
      await keepFeed(dataDir, 634, server.url('/feed.xml'));
      age(dataDir, 634, 3600);

      // A cron line's --due holds the feeds: the worker starts none while it does.
      const cron = lockSchedule(dataDir);
      const { lines, log } = capture();
      const feeds = startDueFeeds({ dataDir, log, checkMs: 50, env: commandEnv() });
      try {
        await sleep(500);
        expect(lines).to.deep.equal([]);
        cron.release();
        await until(() => lines.some((l) => l.msg === 'the due feeds are imported'));
        expect(server.asked).to.have.length(2);
      } finally {
        cron.release();
        await feeds.stop();
      }

      // The command itself fails (here node cannot start it): said once, with its error output, not
      // tried again at the next checks, and nothing imported.
      age(dataDir, 634, 3600);
      const broken = await workerUntil(dataDir, failedCommand, {
        env: commandEnv({ NODE_OPTIONS: '--require /nonexistent/trawl-preload.js' }),
        settleMs: 500,
      });
      expect(broken.map((l) => l.msg)).to.deep.equal([
        'importing the feeds that are due',
        'the feed import command failed; it is run again in 15 minutes',
      ]);
      expect(broken[1]?.fields.code).to.equal(1);
      expect((broken[1]?.fields.errors as string[]).join('\n')).to.contain('/nonexistent/trawl-preload.js');
      expect(server.asked).to.have.length(2);

      // A command that crashes after a feed's line (exit 1 as for a failed feed, but no FAILED line):
      // a failure of the command, paused as well.
      await keepFeed(dataDir, 635, server.url('/feed.xml'));
      age(dataDir, 635, 3600);
      const crash = path.join(dataDir, 'crash-after-a-line.js');
      fs.writeFileSync(
        crash,
        `const write = process.stdout.write.bind(process.stdout);
         process.stdout.write = (chunk, ...rest) => {
           const written = write(chunk, ...rest);
           if (String(chunk).startsWith('source ')) setImmediate(() => { throw new Error('crashed'); });
           return written;
         };`,
      );
      const crashing = await workerUntil(dataDir, failedCommand, {
        env: commandEnv({ NODE_OPTIONS: `--require ${crash}` }),
        settleMs: 500,
      });
      expect(crashing.map((l) => [l.level, l.msg.replace(/^(feed import: source \d+).*/, '$1')])).to.deep.equal([
        ['info', 'importing the feeds that are due'],
        ['info', 'feed import: source 634'],
        ['error', 'the feed import command failed; it is run again in 15 minutes'],
      ]);
      expect(crashing[0]?.fields.feeds).to.have.members([634, 635]);
    } finally {
      await server.close();
    }
  });

  it('runs in the built server, which imports a due feed as it starts, with no devDependency', async () => {
    const server = await servesHomes();
    const dataDir = tempDir();
    try {
      await keepFeed(dataDir, 633, server.url('/feed.xml'));
      age(dataDir, 633, 3600);
      // Turned off (a cron line runs --due instead): the server starts and imports nothing.
      const off = await startBuiltServer({ DATA_DIR: dataDir, WEB_CONCURRENCY: '1', FEED_IMPORTS: 'off' });
      await sleep(1500);
      off.child.kill('SIGTERM');
      await new Promise((resolve) => off.child.on('exit', resolve));
      expect(server.asked).to.have.length(1);
      expect(off.output()).to.not.contain('importing the feeds');

      // On, as by default: the bundled command (dist/server/import.js, its threads dist/server/feedWorker.js).
      const { child, output } = await startBuiltServer({ DATA_DIR: dataDir, WEB_CONCURRENCY: '1' });
      try {
        await until(() => output().includes('the due feeds are imported'));
      } finally {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.on('exit', resolve));
      }
      expect(server.asked).to.have.length(2);
      const logged = output()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { msg: string; source?: number });
      expect(logged.find((l) => l.msg.startsWith('feed import: source 633'))).to.deep.include({ source: 633 });
      expect(runs(dataDir, 633).map((r) => r.status)).to.deep.equal(['done', 'done']);
    } finally {
      await server.close();
    }
  });
});
