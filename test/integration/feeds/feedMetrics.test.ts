import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import request from 'supertest';
import { ensureFeedTables, recordFailedRun, recordNotModified } from '../../../src/services/feeds/FeedImporter';
import { RUNS_KEPT } from '../../../src/services/feeds/feedRuns';
import { SqliteSearchStore } from '../../../src/services/search/SqliteSearchStore';
import { runCli } from '../../support/cli';
import { closedPort } from '../../support/ports';
import { startTestServer, type TestServer } from '../../support/testServer';
import { fixture } from './feedKit';

const CLI = path.resolve(__dirname, '../../../src/services/feeds/cli.ts');

/** The value of one sample line of the Prometheus text; undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("partner feeds' health on GET /metrics (src/services/feeds/feedMetrics.ts)", function () {
  this.timeout(60_000);
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => {
    await server.close();
  });
  const metrics = async () => (await request(server.app).get('/metrics').expect(200)).text;
  const importInto = (...args: string[]) =>
    runCli(CLI, server.dataDir, ['--source', '611', '--country', 'es', '--vertical', 'homes', ...args]);
  const series = (name: string, extra = '') => `${name}{source="611",site="es/homes"${extra}}`;

  it("shows each source's last successful import, what it did, and whether its last run failed", async () => {
    expect(await metrics()).to.not.match(/^trawl_feed_\w+\{/m);

    const before = Math.floor(Date.now() / 1000);
    const good = await importInto(fixture('homes-es.xml'));
    expect(good.code, good.stderr).to.equal(0);
    const after = Math.ceil(Date.now() / 1000);
    let text = await metrics();
    const success = sample(text, series('trawl_feed_last_success_timestamp_seconds'));
    expect(success).to.be.within(before, after);
    expect(sample(text, series('trawl_feed_last_run_failed'))).to.equal(0);
    expect(sample(text, series('trawl_feed_last_success_ads', ',outcome="imported"'))).to.equal(8);
    expect(sample(text, series('trawl_feed_last_success_ads', ',outcome="rejected"'))).to.equal(3);
    expect(sample(text, series('trawl_feed_last_success_ads', ',outcome="records"'))).to.equal(12);
    expect(sample(text, series('trawl_feed_last_success_duration_seconds'))).to.be.above(0);

    // A malformed file: the last run failed; the last success and its figures stay.
    const malformed = await importInto(fixture('truncated.xml'));
    expect(malformed.code).to.equal(1);
    text = await metrics();
    expect(sample(text, series('trawl_feed_last_run_failed'))).to.equal(1);
    expect(sample(text, series('trawl_feed_last_success_timestamp_seconds'))).to.equal(success);
    expect(sample(text, series('trawl_feed_last_success_ads', ',outcome="imported"'))).to.equal(8);

    // Back to good, then a download that fails: recorded as a failed run too.
    expect((await importInto(fixture('homes-es.xml'))).code).to.equal(0);
    text = await metrics();
    expect(sample(text, series('trawl_feed_last_run_failed'))).to.equal(0);
    expect(sample(text, series('trawl_feed_last_success_ads', ',outcome="imported"'))).to.equal(0);
    expect(sample(text, series('trawl_feed_last_success_ads', ',outcome="unchanged"'))).to.equal(9);
    const port = await closedPort();
    const refused = await importInto(`http://127.0.0.1:${port}/feed.xml`);
    expect(refused.code).to.equal(1);
    expect(sample(await metrics(), series('trawl_feed_last_run_failed'))).to.equal(1);

    // A fetch answered "not modified": the feed is current (a success now), its figures the last import's.
    const store = new SqliteSearchStore(server.dataDir);
    const checked = Math.floor(Date.now() / 1000) + 60;
    try {
      recordNotModified(store, 611, 'https://partner.example/feed.xml', checked * 1000 - 300, checked * 1000);
    } finally {
      store.close();
    }
    text = await metrics();
    expect(sample(text, series('trawl_feed_last_run_failed'))).to.equal(0);
    expect(sample(text, series('trawl_feed_last_success_timestamp_seconds'))).to.equal(checked);
    expect(sample(text, series('trawl_feed_last_success_ads', ',outcome="unchanged"'))).to.equal(9);
    expect(sample(text, series('trawl_feed_last_success_duration_seconds'))).to.not.equal(0.3);
  });

  it(`keeps a source's last ${RUNS_KEPT} runs, and its last import's`, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-runs-'));
    const store = new SqliteSearchStore(dir);
    try {
      ensureFeedTables(store.db);
      // The source's last import, then a long spell of failures: the import's run stays.
      store.db
        .prepare(
          `INSERT INTO feed_runs (source_id, file, started, finished, status) VALUES (7, 'import.xml', 0, 0, 'done')`,
        )
        .run();
      for (let i = 1; i <= RUNS_KEPT + 5; i++) recordFailedRun(store, 7, `https://x.example/${i}`, 'HTTP 503', i);
      recordFailedRun(store, 8, 'https://y.example/feed', 'HTTP 503');
      const files = store.db.prepare('SELECT file FROM feed_runs WHERE source_id = 7 ORDER BY id').pluck().all();
      expect(files).to.have.length(RUNS_KEPT + 1);
      expect(files[0]).to.equal('import.xml');
      expect(files[1]).to.equal('https://x.example/6');
      expect(files.at(-1)).to.equal(`https://x.example/${RUNS_KEPT + 5}`);
      expect(store.db.prepare('SELECT count(*) FROM feed_runs WHERE source_id = 8').pluck().get()).to.equal(1);
    } finally {
      store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
