import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { SqliteEventStore } from '../../../src/services/events/SqliteEventStore';
import { clickRecord } from './clickRecord';

const WINDOW = 30 * 60_000;
const T0 = new Date('2025-06-01T12:00:00Z');
const later = (ms: number) => new Date(T0.getTime() + ms);

describe('SqliteEventStore', () => {
  let dataDir: string;
  let store: SqliteEventStore;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-events-'));
    store = new SqliteEventStore(dataDir);
  });
  afterEach(() => {
    store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('bills once per visitor, ad and 30 minutes after a billed click', async () => {
    const outcome = async (over: Parameters<typeof clickRecord>[0]) =>
      (await store.recordClick(clickRecord(over), WINDOW)).outcome;
    expect(await outcome({ at: T0 })).to.equal('billed');
    expect(await outcome({ at: later(WINDOW - 1) })).to.equal('duplicate');
    expect(await outcome({ at: later(WINDOW) })).to.equal('billed');
    expect(await outcome({ at: later(WINDOW), adId: 'ad-2' })).to.equal('billed');
    expect(await outcome({ at: later(WINDOW), dedupeKey: 'c:other' })).to.equal('billed');
    expect(await outcome({ at: later(WINDOW), bot: true, dedupeKey: 'c:bot' })).to.equal('bot');
    expect(await outcome({ at: later(WINDOW), campaignId: null, cpcMicros: 0, dedupeKey: 'c:free' })).to.equal(
      'no_campaign',
    );
    const counts = await store.counts();
    expect(counts).to.include({ clickouts: 7, billed: 4 });
    const [figures] = await store.figures({});
    expect(figures).to.include({ clickouts: 7, billableClicks: 4, revenueMicros: 480_000 });
  });

  it('is append-only: updates and deletes are refused', async () => {
    await store.recordClick(clickRecord(), WINDOW);
    await store.appendEvents([
      { type: 'x', at: T0, country: null, verticalId: null, cookieId: null, ip: null, userAgent: null, doc: {} },
    ]);
    store.db.prepare("INSERT INTO impressions (event_id, day, ad_id) VALUES (1, '2025-06-01', 'a')").run();
    await store.recordLead({
      leadId: 'l1',
      at: T0,
      adId: 'ad-1',
      sourceId: 1,
      sourceName: 'P',
      country: 'es',
      vertical: 'homes',
      toEmail: 'p@example.org',
      name: 'N',
      email: 'n@example.org',
      phone: null,
      message: null,
      doc: {},
    });
    for (const table of ['events', 'clickouts', 'impressions', 'leads']) {
      expect(() => store.db.prepare(`DELETE FROM ${table}`).run(), table).to.throw(/append-only/);
    }
    expect(() => store.db.prepare("UPDATE events SET type = 'y'").run()).to.throw(/append-only/);
    expect(() => store.db.prepare('UPDATE clickouts SET billed = 0').run()).to.throw(/append-only/);
  });

  it('stores a batch of documents and their impressions in one transaction', async () => {
    const ids = await store.appendEvents([
      {
        type: 'ad_impressions',
        at: T0,
        country: 'es',
        verticalId: 1,
        cookieId: 'c',
        ip: '203.0.113.1',
        userAgent: 'ua',
        doc: { a: 1 },
        impressions: [
          { adId: 'a', sourceId: 1, position: 1, sectionId: 1 },
          { adId: 'b', sourceId: null, position: 2, sectionId: 1 },
        ],
      },
      { type: 'page_views', at: T0, country: 'es', verticalId: 1, cookieId: null, ip: '::1', userAgent: null, doc: {} },
    ]);
    expect(ids).to.have.length(2);
    expect(await store.counts()).to.include({ events: 2, impressions: 2 });
    expect((await store.figures({})).map((f) => [f.sourceId, f.impressions])).to.deep.equal([
      [0, 1],
      [1, 1],
    ]);
  });

  it('holds the 30-minute rule across processes writing the same file', async function () {
    this.timeout(30_000);
    const run = promisify(execFile);
    const worker = path.resolve('test/unit/services/eventStoreWorker.ts');
    const startAt = String(Date.now() + 2500);
    const results = await Promise.all(
      ['p1', 'p2', 'p3'].map((tag) =>
        run(process.execPath, ['--import', 'tsx', worker, dataDir, tag, '1000', startAt], { timeout: 30_000 }),
      ),
    );
    const billed = results.map((r) => Number(r.stdout)).reduce((a, b) => a + b, 0);
    expect(billed).to.equal(1);
    expect(await store.counts()).to.include({ clickouts: 3000, billed: 1 });
  });

  it('opens read-only for the report and refuses to write then', async () => {
    await store.recordClick(clickRecord(), WINDOW);
    const reader = new SqliteEventStore(dataDir, { readonly: true });
    try {
      expect((await reader.counts()).clickouts).to.equal(1);
      let error: unknown;
      await reader.recordClick(clickRecord(), WINDOW).catch((err: unknown) => (error = err));
      expect(String(error)).to.match(/read-only/);
    } finally {
      reader.close();
    }
  });
});
