import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { FeedImporter } from '../../../src/services/feeds/FeedImporter';
import { SourceBusyError } from '../../../src/services/feeds/sourceLock';
import { SqliteSearchStore } from '../../../src/services/search/SqliteSearchStore';
import { commandEnv, runCli } from '../../support/cli';
import { tempDirs } from '../../support/tempDirs';
import { fixture } from './feedKit';
import { age, liveAds, partnerServer, runs } from './partnerServer';

const CLI = path.resolve(__dirname, '../../../src/services/feeds/cli.ts');
const RUNS = path.resolve(__dirname, '../../../src/services/feeds/runsCli.ts');

/** The import command started and left running (its exit awaited with `exited`). */
function start(dataDir: string, args: string[]): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    env: commandEnv({ DATA_DIR: dataDir }),
    stdio: 'ignore',
  });
  return { child, exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))) };
}

async function until(what: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('feeds fetched on schedule, one run of a source at a time (feedSchedule.ts, sourceLock.ts)', function () {
  this.timeout(90_000);
  const tempDir = tempDirs('trawl-schedule');
  const homes = fs.readFileSync(fixture('homes-es.xml'));
  const due = (dataDir: string, ...more: string[]) => runCli(CLI, dataDir, ['--due', ...more]);

  it('keeps the URL a source was imported from, and --due fetches it again when its time has come', async () => {
    let feed = homes;
    let etag = '"v1"';
    let status = 200;
    const server = await partnerServer((req, res) => {
      if (req.headers.authorization !== `Basic ${Buffer.from('trawl:s3cret').toString('base64')}`) {
        res.writeHead(401).end();
      } else if (status !== 200) {
        res.writeHead(status).end();
      } else if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, { etag }).end();
      } else {
        res.writeHead(200, { 'content-type': 'application/xml', etag }).end(feed);
      }
    });
    const dataDir = tempDir();
    const url = server.url('/feed.xml', 'trawl:s3cret@');
    const shown = server.url('/feed.xml', 'trawl:***@');
    try {
      // Nothing kept yet.
      const none = await due(dataDir);
      expect(none.code, none.stderr).to.equal(0);
      expect(none.stdout).to.contain('no source keeps a feed URL');

      const first = await runCli(CLI, dataDir, [
        '--source',
        '621',
        '--country',
        'es',
        '--vertical',
        'homes',
        '--every',
        '2h',
        url,
      ]);
      expect(first.code, first.stderr).to.equal(0);
      expect(liveAds(dataDir, 621)).to.have.length(8);

      // Just imported: not due for two hours.
      const early = await due(dataDir);
      expect(early.code, early.stderr).to.equal(0);
      expect(early.stdout).to.match(/no feed is due; the next is source 621's at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
      expect(server.asked).to.have.length(1);
      const listed = await runCli(RUNS, dataDir, ['--feeds']);
      expect(listed.code, listed.stderr).to.equal(0);
      const [head, row] = listed.stdout.split('\n');
      expect(head).to.match(/^source\s+site\s+every\s+options\s+last run \(UTC\)\s+last status\s+next \(UTC\)\s+feed$/);
      expect(row).to.match(/^621\s+es\/homes\s+2h\s+-\s+\S+ \S+\s+done\s+\S+ \S+\s+(\S+)$/);
      expect(row?.endsWith(shown)).to.equal(true);

      // Two hours on: fetched with its kept credentials, asked whether it changed, and it did not.
      age(dataDir, 621, 2 * 3600);
      const unchanged = await due(dataDir);
      expect(unchanged.code, unchanged.stderr).to.equal(0);
      expect(unchanged.stdout).to.equal(`source 621 (es/homes) ${shown}: not changed since its last import\n`);
      expect(server.asked).to.have.length(2);
      expect(server.asked[1]?.headers['if-none-match']).to.equal('"v1"');
      expect(unchanged.stdout + unchanged.stderr).to.not.contain('s3cret');

      // Two hours on again, and the partner dropped H1: it expires.
      feed = Buffer.from(homes.toString('utf8').replace(/<ad>\s*<id><!\[CDATA\[H1\]\]><\/id>[\s\S]*?<\/ad>/, ''));
      etag = '"v2"';
      age(dataDir, 621, 2 * 3600);
      const changed = await due(dataDir);
      expect(changed.code, changed.stderr).to.equal(0);
      expect(changed.stdout, changed.stdout).to.match(
        /^source 621 \(es\/homes\) http:\/\/trawl:\*\*\*@127\.0\.0\.1:\d+\/feed\.xml: 11 records: 0 imported, 0 updated, 8 unchanged, 1 expired, 3 rejected, 0 grouped \([\d.]+ s\)\n$/,
      );
      expect(liveAds(dataDir, 621)).to.not.include('H1');
      expect(runs(dataDir, 621).map((r) => r.status)).to.deep.equal(['done', 'not-modified', 'done']);

      // An operator's file for the source, malformed: it fails, and does not move the feed's schedule.
      const byFile = await runCli(CLI, dataDir, ['--source', '621', fixture('truncated.xml')]);
      expect(byFile.code).to.equal(1);
      age(dataDir, 621, 3600);
      expect((await due(dataDir)).stdout).to.contain('no feed is due');

      // The source alone, without its site or URL, runs its kept feed (here at once: the operator asked).
      const byHand = await runCli(CLI, dataDir, ['--source', '621', '--json']);
      expect(byHand.code, byHand.stderr).to.equal(0);
      expect(JSON.parse(byHand.stdout).download).to.include({ status: 'not-modified', url: shown });
      expect(server.asked).to.have.length(4);
      expect(server.asked[3]?.headers['if-none-match']).to.equal('"v2"');

      // The partner's server fails: --due says so and exits 1; tried again an hour later, not at the next tick.
      status = 503;
      age(dataDir, 621, 2 * 3600);
      const failing = await due(dataDir);
      expect(failing.code).to.equal(1);
      expect(failing.stdout).to.equal(
        `source 621 (es/homes) ${shown}: FAILED: GET ${shown}: HTTP 503 Service Unavailable\n`,
      );
      expect((await due(dataDir)).stdout).to.contain('no feed is due');
      const retry = JSON.parse((await runCli(RUNS, dataDir, ['--feeds', '--json'])).stdout);
      expect(retry[0]).to.deep.include({ source: 621, url: shown, every: '2h' });
      expect(retry[0].lastRun.status).to.equal('failed');
      // An hour (less a minute) after the tick began, which the failed run's record follows by a moment.
      const wait = Date.parse(`${retry[0].next}Z`) - Date.parse(`${retry[0].lastRun.started}Z`);
      expect(wait).to.be.within(3520_000, 3540_000);
      age(dataDir, 621, 3600);
      status = 200;
      const retried = await due(dataDir, '--json');
      expect(retried.code, retried.stderr).to.equal(0);
      expect(JSON.parse(retried.stdout).due).to.deep.equal([
        { source: 621, site: 'es/homes', url: shown, status: 'not-modified' },
      ]);
      expect(liveAds(dataDir, 621)).to.have.length(7);

      // No longer fetched: the ads stay.
      const stopped = await runCli(CLI, dataDir, ['--source', '621', '--stop-fetching']);
      expect(stopped.code, stopped.stderr).to.equal(0);
      expect(stopped.stdout).to.contain(`source 621: ${shown} is no longer fetched`);
      age(dataDir, 621, 7 * 86400);
      expect((await due(dataDir)).stdout).to.contain('no source keeps a feed URL');
      expect((await runCli(RUNS, dataDir, ['--feeds', '--json'])).stdout).to.equal('[]\n');
      const nothing = await runCli(CLI, dataDir, ['--source', '621']);
      expect(nothing.code).to.equal(2);
      expect(nothing.stderr).to.contain('source 621 keeps no feed URL: give a feed file or URL');
      expect(liveAds(dataDir, 621)).to.have.length(7);
    } finally {
      await server.close();
    }
  });

  it("keeps a feed's options with its URL, and counts each feed's next time from its --due's start", async () => {
    const delta = homes.toString('utf8').replace(/<\/ad>[\s\S]*<\/trovit>/, '</ad></trovit>');
    let down = false;
    const server = await partnerServer((req, res) => {
      if (down) {
        res.writeHead(503).end();
        return;
      }
      const answer = () =>
        res.writeHead(200, { 'content-type': 'application/xml' }).end(req.url === '/delta.xml' ? delta : homes);
      // The second partner's server is slow: its feed is run later in the same tick.
      if (req.url === '/slow.xml') setTimeout(answer, 1500);
      else answer();
    });
    const dataDir = tempDir();
    const site = ['--country', 'es', '--vertical', 'homes'];
    try {
      expect((await runCli(CLI, dataDir, ['--source', '627', ...site, fixture('homes-es.xml')])).code).to.equal(0);
      expect(liveAds(dataDir, 627)).to.have.length(8);
      // The partner's delta feed: one ad, --partial, kept so.
      const args = [
        '--source',
        '627',
        '--partial',
        '--max-expire-share',
        '0.9',
        '--every',
        '1h',
        server.url('/delta.xml'),
      ];
      const kept = await runCli(CLI, dataDir, args);
      expect(kept.code, kept.stderr).to.equal(0);
      expect(kept.stdout).to.match(/expired\s+0 /);
      const slow = await runCli(CLI, dataDir, ['--source', '628', ...site, '--every', '1h', server.url('/slow.xml')]);
      expect(slow.code, slow.stderr).to.equal(0);
      const listed = (await runCli(RUNS, dataDir, ['--feeds'])).stdout;
      expect(listed).to.match(/\n627\s+es\/homes\s+1h\s+--partial --max-expire-share 0\.9\s/);

      age(dataDir, 627, 3600);
      age(dataDir, 628, 3600);
      const before = Math.floor(Date.now() / 1000);
      const tick = await due(dataDir, '--json');
      expect(tick.code, tick.stderr).to.equal(0);
      const ran = JSON.parse(tick.stdout).due as { source: number; status: string; expired: number; records: number }[];
      // The delta imported as a delta: nothing of the other seven expires.
      expect(ran.map((r) => [r.source, r.status, r.records, r.expired])).to.deep.equal([
        [627, 'done', 1, 0],
        [628, 'done', 12, 0],
      ]);
      expect(liveAds(dataDir, 627)).to.have.length(8);
      // Both next at the tick's start and an hour (less a minute), though 628 ran 1.5 s into it.
      const feeds = JSON.parse((await runCli(RUNS, dataDir, ['--feeds', '--json'])).stdout) as { next: string }[];
      const next = feeds.map((f) => Date.parse(`${f.next}Z`) / 1000);
      expect(next[0]).to.equal(next[1]);
      // (The tick is the command's start: after its process started, however slowly.)
      expect(next[0]).to.be.within(before + 3540, before + 3540 + 30);
      expect(feeds[0]).to.deep.include({ options: { partial: true, maxExpireShare: 0.9 } });

      // A run of the kept feed told another site: refused, recorded nowhere, the schedule not moved.
      const runsBefore = runs(dataDir, 627).length;
      const wrongSite = await runCli(CLI, dataDir, ['--source', '627', '--country', 'uk', '--vertical', 'homes']);
      expect(wrongSite.code).to.equal(2);
      expect(wrongSite.stderr).to.contain('Source 627 publishes on es/homes');
      expect(runs(dataDir, 627)).to.have.length(runsBefore);
      // One that fails keeps nothing it was told: not the interval, not the options.
      down = true;
      const failing = await runCli(CLI, dataDir, ['--source', '627', '--max-expire-share', '1', '--every', '5m']);
      expect(failing.code).to.equal(1);
      const listedAfter = JSON.parse((await runCli(RUNS, dataDir, ['--feeds', '--json'])).stdout) as {
        source: number;
        every: string;
        lastRun: { status: string };
      }[];
      const after = listedAfter.find((f) => f.source === 627);
      expect(after).to.deep.include({ every: '1h', options: { partial: true, maxExpireShare: 0.9 } });
      expect(after?.lastRun.status).to.equal('failed');
      down = false;

      // The URL given again, without --partial: the feed is a full one from then on.
      const full = await runCli(CLI, dataDir, ['--source', '627', server.url('/delta.xml')]);
      expect(full.code, full.stderr).to.equal(0);
      expect(full.stdout).to.match(/expired\s+7 \(7 missing from the feed/);
      expect((await runCli(RUNS, dataDir, ['--feeds'])).stdout).to.match(/\n627\s+es\/homes\s+1h\s+-\s/);
    } finally {
      await server.close();
    }
  });

  it("keeps a feed's own --timeout and --deadline, which --due applies over its own", async () => {
    let trickle = false;
    const server = await partnerServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/xml' });
      if (!trickle) {
        res.end(homes);
        return;
      }
      // A partner's server that has become slow: never silent for long, never done.
      let at = 0;
      const drip = setInterval(() => res.write(homes.subarray(at, (at += 20))), 200);
      res.on('close', () => clearInterval(drip));
    });
    const dataDir = tempDir();
    try {
      const url = server.url('/feed.xml');
      const args = ['--source', '629', '--country', 'es', '--vertical', 'homes', '--every', '1h'];
      const first = await runCli(CLI, dataDir, [...args, '--timeout', '30', '--deadline', '2', url]);
      expect(first.code, first.stderr).to.equal(0);
      expect((await runCli(RUNS, dataDir, ['--feeds'])).stdout).to.match(
        /\n629\s+es\/homes\s+1h\s+--timeout 30 --deadline 2s\s/,
      );

      trickle = true;
      age(dataDir, 629, 3600);
      const started = Date.now();
      const slow = await due(dataDir, '--json', '--deadline', '6h');
      expect(slow.code).to.equal(1);
      expect(JSON.parse(slow.stdout).due).to.deep.equal([
        {
          source: 629,
          site: 'es/homes',
          url,
          status: 'failed',
          error: `could not download ${url} within 2s (--deadline)`,
        },
      ]);
      expect(Date.now() - started).to.be.below(20_000);
      expect(liveAds(dataDir, 629)).to.have.length(8);
    } finally {
      await server.close();
    }
  });

  it('refuses a bad --every, a new source without its site, and --due with a source or a file', async () => {
    const dataDir = tempDir();
    const cases: [string[], string][] = [
      [
        ['--source', '622', '--country', 'es', '--vertical', 'homes', '--every', '1m', 'http://127.0.0.1:9/f.xml'],
        '--every must be a duration from 5m to 30d',
      ],
      [
        ['--source', '622', '--country', 'es', '--vertical', 'homes', '--every', 'daily', 'http://127.0.0.1:9/f.xml'],
        '--every must be a duration',
      ],
      [
        ['--source', '622', '--country', 'es', '--vertical', 'homes', '--every', '6h', fixture('homes-es.xml')],
        '--every is for a feed URL',
      ],
      [['--source', '622', fixture('homes-es.xml')], 'source 622 is new: give its --country and --vertical'],
      [
        ['--source', '622', '--country', 'es', fixture('homes-es.xml')],
        '--vertical must be homes, cars, jobs or products',
      ],
      [['--due', '--source', '622'], '--due runs every kept feed as it was kept: it takes no --source'],
      [['--due', fixture('homes-es.xml')], 'it takes no --file'],
      [['--source', '622', '--stop-fetching', fixture('homes-es.xml')], '--stop-fetching takes only --source'],
    ];
    for (const [args, said] of cases) {
      const res = await runCli(CLI, dataDir, args);
      expect(res.code, args.join(' ')).to.equal(2);
      expect(res.stderr, args.join(' ')).to.contain(said);
    }
    expect(fs.existsSync(path.join(dataDir, 'feeds'))).to.equal(false);
    // A known source needs neither: its site is the source's.
    const known = await runCli(CLI, dataDir, [
      '--source',
      '622',
      '--country',
      'es',
      '--vertical',
      'homes',
      fixture('homes-es.xml'),
    ]);
    expect(known.code, known.stderr).to.equal(0);
    const again = await runCli(CLI, dataDir, ['--source', '622', fixture('homes-es.xml')]);
    expect(again.code, again.stderr).to.equal(0);
    expect(again.stdout).to.match(/→ es\/homes, source 622/);
    expect(again.stdout).to.match(/unchanged\s+9/);
  });

  it('runs one import of a source at a time: another waits for none and does nothing; a killed one holds nothing', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = await partnerServer((req, res) => {
      // The feed's first bytes, then the rest once the test lets it go.
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.write(homes.subarray(0, 100));
      void held.then(() => res.end(homes.subarray(100)));
    });
    const dataDir = tempDir();
    const site = ['--country', 'es', '--vertical', 'homes'];
    try {
      const first = start(dataDir, ['--source', '623', ...site, server.url('/feed.xml')]);
      await until(() => server.asked.length === 1);

      // The same source, by file or by --due: refused at once (exit 3), nothing imported, the first's run untouched.
      const second = await runCli(CLI, dataDir, ['--source', '623', ...site, fixture('homes-es.xml')]);
      expect(second.code).to.equal(3);
      const asJson = await runCli(CLI, dataDir, ['--source', '623', ...site, '--json', fixture('homes-es.xml')]);
      expect(asJson.code).to.equal(3);
      expect(JSON.parse(asJson.stdout)).to.deep.equal({
        status: 'busy',
        error: second.stderr.trimEnd(),
      });
      expect(second.stderr).to.match(
        new RegExp(
          `^source 623 is being imported by another run \\(pid ${first.child.pid}, since [\\d-]+ [\\d:]+ UTC, importing http://127\\.0\\.0\\.1:\\d+/feed\\.xml\\)\\n$`,
        ),
      );
      expect(liveAds(dataDir, 623)).to.deep.equal([]);
      // Nor is its feed forgotten under it (the run would keep it again as it ends): "try again".
      const stop = await runCli(CLI, dataDir, ['--source', '623', '--stop-fetching']);
      expect(stop.code).to.equal(3);
      expect(stop.stderr).to.contain('source 623 is being imported by another run');
      expect(stop.stderr).to.contain('try again once it ends');
      // Another source meanwhile: not held up.
      const other = await runCli(CLI, dataDir, ['--source', '624', ...site, fixture('homes-es.xml')]);
      expect(other.code, other.stderr).to.equal(0);

      release();
      expect(await first.exited).to.equal(0);
      expect(liveAds(dataDir, 623)).to.have.length(8);
      expect(runs(dataDir, 623).map((r) => r.status)).to.deep.equal(['done']);
      const stopped = await runCli(CLI, dataDir, ['--source', '623', '--stop-fetching']);
      expect(stopped.code, stopped.stderr).to.equal(0);
      expect(stopped.stdout).to.contain('is no longer fetched');

      // A run killed with -9 while it holds the source: the next one runs.
      const stalled = await partnerServer((req, res) => {
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.write(homes.subarray(0, 100));
      });
      try {
        const killed = start(dataDir, ['--source', '623', ...site, stalled.url('/feed.xml')]);
        await until(() => stalled.asked.length === 1);
        expect((await runCli(CLI, dataDir, ['--source', '623', fixture('homes-es.xml')])).code).to.equal(3);
        killed.child.kill('SIGKILL');
        await killed.exited;
        const after = await runCli(CLI, dataDir, ['--source', '623', fixture('homes-es.xml')]);
        expect(after.code, after.stderr).to.equal(0);
        expect(after.stdout, after.stdout).to.match(/unchanged\s+9/);
      } finally {
        await stalled.close();
      }
    } finally {
      release();
      await server.close();
    }
  });

  it('lets one --due go through the feeds at a time, and one import of a source run in a process', async () => {
    const stalled = await partnerServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.write(homes.subarray(0, 100));
    });
    const dataDir = tempDir();
    try {
      // A kept URL (imported once from a server that answered in full), now stalled.
      const good = await partnerServer((req, res) => res.writeHead(200).end(homes));
      const kept = await runCli(CLI, dataDir, [
        '--source',
        '625',
        '--country',
        'es',
        '--vertical',
        'homes',
        good.url('/f.xml'),
      ]);
      expect(kept.code, kept.stderr).to.equal(0);
      await good.close();
      const db = new Database(path.join(dataDir, 'search.sqlite'));
      db.prepare('UPDATE feed_fetch SET url = ? WHERE source_id = 625').run(stalled.url('/feed.xml'));
      db.close();
      age(dataDir, 625, 7 * 3600);

      const first = start(dataDir, ['--due']);
      await until(() => stalled.asked.length === 1);
      const second = await due(dataDir);
      expect(second.code, second.stderr).to.equal(0);
      expect(second.stdout).to.match(
        new RegExp(`^another --due run is going through the feeds \\(pid ${first.child.pid}, .*\\): nothing done\\n$`),
      );
      expect(stalled.asked).to.have.length(1);
      // Its note names the feed it is on, and when that should be done: the download's deadline (the
      // default 2 hours here) and 2 hours to import.
      const note = path.join(dataDir, 'locks', 'due.lock.json');
      const holder = JSON.parse(fs.readFileSync(note, 'utf8'));
      expect(holder.feed).to.match(/^source 625 \(es\/homes\) http:\/\/127\.0\.0\.1:\d+\/feed\.xml$/);
      expect(Date.parse(holder.until) - Date.now()).to.be.within(4 * 3600_000 - 60_000, 4 * 3600_000);
      const rewrite = (fields: object) => fs.writeFileSync(note, JSON.stringify({ ...holder, ...fields }));
      // Held for seven hours, on a feed not yet past its time (a long run of many feeds): left to go on.
      rewrite({ since: new Date(Date.now() - 7 * 3600_000).toISOString() });
      const long = await due(dataDir);
      expect(long.code, long.stderr).to.equal(0);
      expect(long.stdout).to.match(/: nothing done\n$/);
      // Still on it past that: the next --due says so, and fails (cron mails it).
      rewrite({ until: new Date(Date.now() - 60_000).toISOString() });
      const stuck = await due(dataDir);
      expect(stuck.code).to.equal(1);
      expect(stuck.stdout).to.match(
        /^another --due run is going through the feeds \(pid \d+, .*, importing source 625 \(es\/homes\) .*\): still on it 2 hours after its download's deadline; is it stuck\? \(kill it and the next --due goes on\)\n$/,
      );
      // A run that named no feed (an earlier version's): stuck once held for the longest download and import.
      const { until: _until, ...unnamed } = holder;
      fs.writeFileSync(note, JSON.stringify({ ...unnamed, since: new Date(Date.now() - 7 * 3600_000).toISOString() }));
      expect((await due(dataDir)).code).to.equal(0);
      fs.writeFileSync(note, JSON.stringify({ ...unnamed, since: new Date(Date.now() - 9 * 3600_000).toISOString() }));
      const old = await due(dataDir);
      expect(old.code).to.equal(1);
      expect(old.stdout).to.contain(': held the feeds for more than 8 hours; is it stuck?');
      first.child.kill('SIGKILL');
      await first.exited;
    } finally {
      await stalled.close();
    }

    // Two imports of one source started together in one process: the second fails at once, the first runs.
    const store = new SqliteSearchStore(dataDir);
    try {
      const site = { country: 'es', vertical: 'homes' } as const;
      const importer = () => new FeedImporter({ store, site, sourceId: 626, file: fixture('homes-es.xml') });
      const [one, two] = await Promise.allSettled([importer().run(), importer().run()]);
      expect(one.status).to.equal('fulfilled');
      expect(two.status).to.equal('rejected');
      const error = (two as PromiseRejectedResult).reason as Error;
      expect(error).to.be.instanceOf(SourceBusyError);
      expect(error.message).to.contain(`source 626 is being imported by another run (pid ${process.pid}`);
      expect(liveAds(dataDir, 626)).to.have.length(8);
    } finally {
      store.close();
    }
  });

  it('reads and brings up to date a kept feed of an earlier version (no options, no tick)', async () => {
    const server = await partnerServer((req, res) =>
      res.writeHead(200, { 'content-type': 'application/xml' }).end(homes),
    );
    const dataDir = tempDir();
    try {
      const site = ['--country', 'es', '--vertical', 'homes'];
      expect((await runCli(CLI, dataDir, ['--source', '629', ...site, server.url('/f.xml')])).code).to.equal(0);
      // The table as the first version of the schedule made it, an hour ago.
      const db = new Database(path.join(dataDir, 'search.sqlite'));
      db.exec(`DROP TABLE feed_fetch;
        CREATE TABLE feed_fetch (source_id INTEGER PRIMARY KEY, url TEXT NOT NULL, every INTEGER NOT NULL, since INTEGER NOT NULL);`);
      db.prepare('INSERT INTO feed_fetch VALUES (629, ?, 7200, 0)').run(server.url('/f.xml'));
      db.close();

      // Read only, as it is: counted from its last run (just now), so not due.
      const listed = await runCli(RUNS, dataDir, ['--feeds', '--json']);
      expect(listed.code, listed.stderr).to.equal(0);
      expect(JSON.parse(listed.stdout)[0]).to.deep.include({ source: 629, every: '2h', options: {} });
      expect(JSON.parse(listed.stdout)[0].next).to.not.equal('due now');
      const early = await due(dataDir);
      expect(early.code, early.stderr).to.equal(0);
      expect(early.stdout).to.contain("no feed is due; the next is source 629's");
      // Brought up to date by that run: its tick is its last run's start.
      const check = new Database(path.join(dataDir, 'search.sqlite'), { readonly: true });
      const row = check.prepare('SELECT options, tried FROM feed_fetch WHERE source_id = 629').get() as {
        options: string;
        tried: number;
      };
      const last = check.prepare('SELECT max(started) FROM feed_runs WHERE source_id = 629').pluck().get();
      check.close();
      expect(row).to.deep.equal({ options: '{}', tried: last });
      age(dataDir, 629, 7200);
      const ran = await due(dataDir);
      expect(ran.code, ran.stderr).to.equal(0);
      expect(ran.stdout).to.match(/^source 629 \(es\/homes\) .*: 12 records: /);
    } finally {
      await server.close();
    }
  });
});
