import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { formatSummary } from '../../../src/services/feeds/cli';
import { FeedChangedError, MalformedFeedError } from '../../../src/services/feeds/feedRecords';
import type { ImportSummary } from '../../../src/services/feeds/FeedImporter';
import { ADS_BY_ID_OF_SOURCE } from '../../../src/services/search/SqliteSearchStore';
import type { SiteKey, StoredAd } from '../../../src/services/search/types';
import { feedApp, fixture, homesXml, NOW_S, storeSnapshot, type FeedApp, type HomeSpec } from './feedKit';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ES_HOMES: SiteKey = { country: 'es', vertical: 'homes' };
const PT_HOMES: SiteKey = { country: 'pt', vertical: 'homes' };

const ROOT = path.resolve(__dirname, '../../..');
const CLI = path.join(ROOT, 'src/services/feeds/cli.ts');

/** A homes feed whose ads `untitled` lack their title (a rejected record: "missing title"). */
function feed(ads: HomeSpec[], untitled: string[] = []): string {
  let xml = homesXml(ads);
  for (const id of untitled) xml = xml.replace(new RegExp(`(<ad><id>${id}</id>.*?)<title>.*?</title>`), '$1');
  return xml;
}

/** A homes ad priced by the given period (`<price period="…">`). */
const rent = (id: string, value: number, period: 'monthly' | 'weekly', title?: string): HomeSpec => ({
  id,
  type: 'For Rent',
  ...(title ? { title } : {}),
  extra: `<price period="${period}">${value}</price>`,
});

/** Whether the import throws; its error. */
async function failure(run: Promise<unknown>): Promise<Error | undefined> {
  try {
    await run;
  } catch (err) {
    return err as Error;
  }
  return undefined;
}

const sourceRows = (f: FeedApp, id: number) =>
  f.store.db.prepare('SELECT id, site, data FROM sources WHERE id = ?').all(id) as { data: string }[];

describe('feed runs: the source, prices whose period changes, rejected records of stored ads', function () {
  this.timeout(60_000);
  let f: FeedApp;
  beforeEach(() => {
    f = feedApp();
  });
  afterEach(() => f.close());

  const three = [
    { id: 'E1', price: 300000 },
    { id: 'E2', price: 250000 },
    { id: 'E3', price: 410000 },
  ];

  describe('the source', () => {
    it('a malformed first import creates no source; the next run creates it with its --name', async () => {
      const error = await failure(f.importFeed(fixture('truncated.xml'), ES_HOMES, 1700));
      expect(error).to.be.instanceOf(MalformedFeedError);
      expect(await f.store.source(1700)).to.equal(undefined);
      expect(sourceRows(f, 1700)).to.deep.equal([]);
      const s = await f.importFeed(f.writeFile('good.xml', feed(three)), ES_HOMES, 1700, {
        sourceName: 'Inmobiliaria Real',
      });
      expect(s).to.include({ imported: 3, sourceName: 'Inmobiliaria Real', sourceCreated: true });
      expect(s.renamedFrom).to.equal(undefined);
      expect((await f.store.source(1700))?.name).to.equal('Inmobiliaria Real');
      expect(((await f.store.getAdByPartner(1700, 'E1')) as StoredAd).source?.name).to.equal('Inmobiliaria Real');
      expect(formatSummary(s)).to.contain('source     created, named "Inmobiliaria Real"');
    });

    it('a --name on a later run renames the source, and the summary says so (a malformed run renames nothing)', async () => {
      const file = f.writeFile('good.xml', feed(three));
      await f.importFeed(file, ES_HOMES, 1702);
      const malformed = await failure(
        f.importFeed(fixture('truncated.xml'), ES_HOMES, 1702, { sourceName: 'Inmobiliaria Real' }),
      );
      expect(malformed).to.be.instanceOf(MalformedFeedError);
      expect((await f.store.source(1702))?.name).to.equal('Partner 1702');
      const renamed = await f.importFeed(file, ES_HOMES, 1702, { sourceName: 'Inmobiliaria Real' });
      expect((await f.store.source(1702))?.name).to.equal('Inmobiliaria Real');
      expect(JSON.parse(sourceRows(f, 1702)[0]?.data ?? '{}').name).to.equal('Inmobiliaria Real');
      expect(((await f.store.getAdByPartner(1702, 'E2')) as StoredAd).source?.name).to.equal('Inmobiliaria Real');
      expect(renamed).to.include({ unchanged: 3, sourceName: 'Inmobiliaria Real', renamedFrom: 'Partner 1702' });
      expect(renamed.sourceCreated).to.equal(undefined);
      expect(formatSummary(renamed)).to.contain('source     renamed "Partner 1702" → "Inmobiliaria Real"');
      // The same name again changes nothing, and says nothing.
      const same = await f.importFeed(file, ES_HOMES, 1702, { sourceName: 'Inmobiliaria Real' });
      expect(same.renamedFrom).to.equal(undefined);
      expect(formatSummary(same)).to.not.contain('  source ');
    });

    it('a malformed run on the wrong site leaves no source behind: the run on the right site imports', async () => {
      expect(await failure(f.importFeed(fixture('truncated.xml'), PT_HOMES, 1701))).to.be.instanceOf(
        MalformedFeedError,
      );
      expect(sourceRows(f, 1701)).to.deep.equal([]);
      const s = await f.importFeed(f.writeFile('good.xml', feed(three)), ES_HOMES, 1701);
      expect(s).to.include({ imported: 3, sourceCreated: true, site: 'es/homes' });
      expect(await f.store.source(1701)).to.include({ country: 'es', vertical: 'homes', name: 'Partner 1701' });
    });

    it('a source without ads moves to the site of a run that names it; one with ads on another site is refused, nothing written', async () => {
      // Every record rejected: the run applies (the source is created) but writes no ad.
      const none = await f.importFeed(f.writeFile('bad.xml', feed(three, ['E1', 'E2', 'E3'])), PT_HOMES, 1703);
      expect(none).to.include({ records: 3, rejected: 3, imported: 0 });
      expect(await f.store.source(1703)).to.include({ country: 'pt', vertical: 'homes' });
      const moved = await f.importFeed(f.writeFile('good.xml', feed(three)), ES_HOMES, 1703);
      expect(await f.store.source(1703)).to.include({ country: 'es', vertical: 'homes', name: 'Partner 1703' });
      expect((await f.get('/api/sites/es/homes/search')).body.meta.totalCount).to.equal(3);
      expect(none.sourceCreated).to.equal(true);
      expect(moved).to.include({ imported: 3, movedFrom: 'pt/homes', site: 'es/homes' });
      expect(formatSummary(moved)).to.contain('source     moved from pt/homes (it had no ads there)');
      // Now it has ads on es/homes: another site is refused, before anything is written (its name neither).
      const snapshot = storeSnapshot(f.store);
      const runs = f.store.db.prepare('SELECT count(*) FROM feed_runs').pluck().get();
      const refused = await failure(
        f.importFeed(f.writeFile('pt.xml', feed(three)), PT_HOMES, 1703, { sourceName: 'Elsewhere' }),
      );
      expect(refused?.message).to.match(/^Source 1703 publishes on es\/homes, not pt\/homes: it has ads there/);
      expect(storeSnapshot(f.store)).to.equal(snapshot);
      expect(f.store.db.prepare('SELECT count(*) FROM feed_runs').pluck().get()).to.equal(runs);
      expect(await f.store.source(1703)).to.include({ country: 'es', name: 'Partner 1703' });
    });

    it('through the CLI: a malformed run on the wrong site, then the right one with --name, a rename, a refusal', () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-import-runs-'));
      const cli = (...args: string[]) =>
        spawnSync(process.execPath, ['--import', 'tsx', CLI, '--source', '1701', '--vertical', 'homes', ...args], {
          cwd: ROOT,
          env: { ...process.env, DATA_DIR: dataDir },
          encoding: 'utf8',
        });
      const good = f.writeFile('good.xml', feed(three));
      try {
        const malformed = cli('--country', 'pt', fixture('truncated.xml'));
        expect(malformed.status, malformed.stderr).to.equal(1);
        expect(malformed.stderr).to.contain('Nothing of it was applied');
        const created = cli('--country', 'es', '--name', 'Inmobiliaria Real', good);
        expect(created.status, created.stderr).to.equal(0);
        expect(created.stdout).to.contain('source     created, named "Inmobiliaria Real"');
        const renamed = cli('--country', 'es', '--name', 'Inmobiliaria Real S.L.', good);
        expect(renamed.status, renamed.stderr).to.equal(0);
        expect(renamed.stdout).to.contain('source     renamed "Inmobiliaria Real" → "Inmobiliaria Real S.L."');
        const refused = cli('--country', 'pt', good);
        expect(refused.status).to.equal(2);
        expect(refused.stderr).to.contain('Source 1701 publishes on es/homes, not pt/homes: it has ads there');
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });

  describe('prices whose period changes', () => {
    const price = async (id: string) => ((await f.store.getAdByPartner(20, id)) as StoredAd).price;
    const drops = async () => {
      const res = await f.get('/api/sites/es/homes/search?filters[decreasePrice]=true');
      return res.status === 404 ? [] : (res.body.data as Body[]);
    };
    const importRent = (name: string, ...ads: HomeSpec[]) => f.importFeed(f.writeFile(name, feed(ads)), ES_HOMES, 20);

    it('compares monthly equivalents: a period change alone is no drop, and the history is on one basis', async () => {
      await importRent('v1.xml', rent('R1', 1300, 'monthly'));
      // 350 a week is ~1,517 a month: a rise, whatever 350 < 1,300 says.
      const week = await importRent('v2.xml', rent('R1', 350, 'weekly'));
      expect(week).to.include({ updated: 1 });
      expect(await price('R1')).to.deep.equal({
        value: 350,
        isWeekly: true,
        history: [
          { date: Date.UTC(2025, 4, 20) / 1000, value: 300 },
          { date: NOW_S, value: 350 },
        ],
      });
      expect(await drops()).to.deep.equal([]);
      // A drop on the same basis.
      await importRent('v3.xml', rent('R1', 300, 'weekly'));
      expect(await price('R1')).to.include({ value: 300, oldValue: 350 });
      // 1,300 a month is 300 a week: the price did not change, the drop stays (on the month's basis).
      await importRent('v4.xml', rent('R1', 1300, 'monthly'));
      const monthly = await price('R1');
      expect(monthly).to.include({ value: 1300, oldValue: 1516.67 });
      expect(monthly?.isWeekly).to.equal(undefined);
      expect(monthly?.history?.map((p) => p.value)).to.deep.equal([1300, 1516.67, 1300]);
      expect((await drops()).length).to.equal(1);
    });

    it('a real drop across a period change is one: 400 a week (~1,733 a month), then 1,500 a month', async () => {
      await importRent('v1.xml', rent('R2', 400, 'weekly'), rent('R3', 1000, 'monthly'));
      await importRent('v2.xml', rent('R2', 1500, 'monthly'), rent('R3', 1000, 'monthly'));
      expect(await price('R2')).to.include({ value: 1500, oldValue: 1733.33 });
      const listed = await drops();
      const r2 = (await f.store.getAdByPartner(20, 'R2')) as StoredAd;
      expect(listed.map((a) => a.id)).to.deep.equal([r2.id]);
      expect(listed[0]?.attributes.vertical_properties.price).to.include({
        value: 1500,
        oldValue: 1733.33,
        isWeekly: false,
      });
    });
  });

  describe('rejected records of stored ads', () => {
    it('keep their ad at its last version, not expired and not called missing; one absent from the file then expires', async () => {
      await f.importFeed(f.writeFile('v1.xml', feed(three)), ES_HOMES, 30);
      const e3 = (await f.store.getAdByPartner(30, 'E3')) as StoredAd;
      // E3 listed with its title missing; E9 (never imported) rejected as well.
      const v2 = feed(
        [
          { ...three[0], price: 290000 },
          three[1],
          { ...three[2], price: 390000 },
          { id: 'E9', price: 100000 },
        ] as HomeSpec[],
        ['E3', 'E9'],
      );
      const s: ImportSummary = await f.importFeed(f.writeFile('v2.xml', v2), ES_HOMES, 30);
      expect(s).to.include({ records: 4, updated: 1, unchanged: 1, rejected: 2, expired: 0, expiredMissing: 0 });
      expect(s.rejectedKept).to.equal(1);
      expect(s.rejections).to.deep.equal([
        { line: 5, id: 'E3', reason: 'missing title', kept: true },
        { line: 6, id: 'E9', reason: 'missing title' },
      ]);
      const text = formatSummary(s);
      expect(text).to.contain('expired    0 (0 missing from the feed');
      expect(text).to.contain('rejected   2 (1 of them of ads already imported, which keep their last version');
      expect(text).to.contain('line 5 (id E3): missing title (the ad keeps its last version)');
      const kept = (await f.store.getAdByPartner(30, 'E3')) as StoredAd;
      expect(kept.expired).to.not.equal(true);
      expect(kept.title).to.equal(e3.title);
      expect(kept.price?.value).to.equal(410000);
      expect((await f.get('/api/sites/es/homes/search')).body.meta.totalCount).to.equal(3);
      // A file without E3 at all: missing, so expired.
      const v3 = await f.importFeed(f.writeFile('v3.xml', feed(three.slice(0, 2))), ES_HOMES, 30);
      expect(v3).to.include({ expiredMissing: 1, rejectedKept: 0 });
      expect((await f.store.getAdByPartner(30, 'E3'))?.expired).to.equal(true);
    });

    it('with worker threads and one record per batch: a good record of the id later in the file wins', async () => {
      const four = [...three, { id: 'E4', price: 180000 }];
      await f.importFeed(f.writeFile('v1.xml', feed(four)), ES_HOMES, 31);
      // Batches of 2 (E1, E2 | E3, E4 | E3): E2 and E4 rejected (kept), E3 rejected, then listed well.
      const v2 = feed(
        [three[0], three[1], three[2], four[3], { ...three[2], title: 'Piso E3 reformado' }] as HomeSpec[],
        ['E2', 'E3', 'E4'],
      );
      const s = await f.importFeed(f.writeFile('v2.xml', v2), ES_HOMES, 31, { workers: 2, batchSize: 2 });
      expect(s).to.include({ records: 5, unchanged: 1, updated: 1, rejected: 3, expired: 0, expiredMissing: 0 });
      expect(s.rejectedKept).to.equal(2);
      expect(s.rejections).to.deep.equal([
        { line: 4, id: 'E2', reason: 'missing title', kept: true },
        { line: 5, id: 'E3', reason: 'missing title' },
        { line: 6, id: 'E4', reason: 'missing title', kept: true },
      ]);
      expect(((await f.store.getAdByPartner(31, 'E3')) as StoredAd).title).to.equal('Piso E3 reformado');
      for (const id of ['E2', 'E4']) expect((await f.store.getAdByPartner(31, id))?.expired).to.not.equal(true);
      expect((await f.get('/api/sites/es/homes/search')).body.meta.totalCount).to.equal(4);
    });
  });
});

describe('feed runs: the write lock held by another process', function () {
  this.timeout(60_000);

  it("waits past the server's 5 s for a lock another run holds, and completes", async () => {
    const f = feedApp();
    try {
      // The store has its tables; another process then holds the write lock for 7 s (a long chunk of another run's).
      await f.importFeed(f.writeFile('a.xml', homesXml([{ id: 'A1', price: 200000 }])), ES_HOMES, 1);
      const holder = spawn(
        process.execPath,
        [
          '-e',
          `const db = new (require('better-sqlite3'))(process.argv[1]);
           db.exec('BEGIN IMMEDIATE'); db.prepare('UPDATE sources SET data = data').run();
           process.stdout.write('locked\\n');
           setTimeout(() => { db.exec('COMMIT'); db.close(); }, 7000);`,
          path.join(f.dataDir, 'search.sqlite'),
        ],
        { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
      const started = Date.now();
      const s = await f.importFeed(f.writeFile('b.xml', homesXml([{ id: 'B1', price: 210000 }])), ES_HOMES, 2);
      expect(Date.now() - started).to.be.greaterThan(5000);
      expect(s).to.include({ imported: 1, rejected: 0 });
      expect(await f.store.getAdByPartner(2, 'B1')).to.not.equal(undefined);
      if (holder.exitCode === null) await new Promise((resolve) => holder.once('exit', resolve));
      expect(holder.exitCode).to.equal(0);
    } finally {
      f.close();
    }
  });
});

describe('feed runs: what visitors and the next run see of an import holding the lock', function () {
  this.timeout(60_000);

  it("answers a visitor's search that would count keywords while an import holds the lock, and keeps the count", async () => {
    const f = feedApp();
    try {
      await f.importFeed(
        f.writeFile('a.xml', homesXml([{ id: 'A1', price: 200000, title: 'Ático en Madrid' }])),
        ES_HOMES,
        1,
      );
      // Another connection (an import's batch, or its end) holds the write lock.
      const holder = new Database(path.join(f.dataDir, 'search.sqlite'));
      holder.exec('BEGIN IMMEDIATE');
      holder.prepare('UPDATE sources SET data = data').run();
      try {
        f.store.recordSearch(ES_HOMES, 'ático luminoso');
        // The words a visitor types suggest keywords, which read the searches counted: no wait, no error.
        const rows = await f.store.keywordsByPrefix(ES_HOMES, 'ati', 5);
        expect(rows).to.be.an('array');
        const page = await f.get('/api/sites/es/homes/keywords/homes?firstLetter=a');
        expect(page.status).to.be.oneOf([200, 404]);
      } finally {
        holder.exec('COMMIT');
        holder.close();
      }
      // Once the lock is free, the search is counted: it was kept, not lost.
      f.store.flushSearches();
      const counted = f.store.db
        .prepare(`SELECT searches FROM keywords WHERE norm = 'atico luminoso'`)
        .pluck()
        .get() as number | undefined;
      expect(counted).to.equal(1);
    } finally {
      f.close();
    }
  });

  it("recounts the site's keywords after a run that was killed, though the next run changes nothing", async () => {
    const f = feedApp();
    try {
      const file = f.writeFile(
        'k.xml',
        homesXml([
          { id: 'K1', price: 200000, title: 'Ático luminoso' },
          { id: 'K2', price: 210000, title: 'Ático luminoso' },
        ]),
      );
      await f.importFeed(file, ES_HOMES, 1);
      const count = () =>
        f.store.db.prepare(`SELECT ads FROM keywords WHERE norm = 'atico luminoso'`).pluck().get() as number;
      expect(count()).to.equal(2);
      // A run killed between its expiry and its recount: counts left wrong, its record still "expiring".
      f.store.db.prepare(`UPDATE keywords SET ads = 7 WHERE norm = 'atico luminoso'`).run();
      f.store.db
        .prepare(`INSERT INTO feed_runs (source_id, file, started, status) VALUES (1, 'k.xml', ?, 'expiring')`)
        .run(NOW_S);
      const again = await f.importFeed(file, ES_HOMES, 1);
      expect(again).to.include({ updated: 0, expired: 0, unchanged: 2 });
      expect(count()).to.equal(2);
    } finally {
      f.close();
    }
  });

  it("looks a source's stored ads up by their ids, one seek each, not through every ad of the source", () => {
    const f = feedApp();
    try {
      const plan = f.store.db.prepare(`EXPLAIN QUERY PLAN ${ADS_BY_ID_OF_SOURCE}`).all('[]', 1) as { detail: string }[];
      const steps = plan.map((p) => p.detail).join(' | ');
      expect(steps).to.match(/SCAN j VIRTUAL TABLE/);
      expect(steps).to.match(/SEARCH a USING INDEX sqlite_autoindex_ads_1 \(id=\?\)/);
      expect(steps).to.not.match(/ads_source/);
    } finally {
      f.close();
    }
  });
});

describe('feed runs: a file that changes while it is imported', function () {
  this.timeout(60_000);

  it('says the file changed, not that it is malformed and nothing was applied; the batches written stay', async () => {
    const f = feedApp();
    try {
      const ads = Array.from({ length: 6000 }, (_, i) => ({ id: `C${i}`, price: 200000 + i }));
      const xml = homesXml(ads);
      const file = f.writeFile('changing.xml', xml);
      let cut = false;
      const err = await failure(
        f.importFeed(file, ES_HOMES, 1, {
          workers: 0,
          batchSize: 50,
          onProgress: (p) => {
            // Overwritten in place, cut short, once the first batch is in the store.
            if (p.phase === 'applying' && !cut) {
              cut = true;
              fs.writeFileSync(file, xml.slice(0, Math.floor(xml.length * 0.3)));
            }
          },
        }),
      );
      expect(cut).to.equal(true);
      expect(err).to.be.instanceOf(FeedChangedError);
      expect(err?.message).to.match(/^the file changed during the import: .*the next run of the source completes/);
      expect(err).to.not.be.instanceOf(MalformedFeedError);
      const kept = f.store.db.prepare('SELECT count(*) FROM ads WHERE source_id = 1').pluck().get() as number;
      expect(kept).to.be.at.least(50);
      const status = f.store.db.prepare('SELECT status FROM feed_runs WHERE source_id = 1').pluck().get();
      expect(status).to.equal('failed');
    } finally {
      f.close();
    }
  });

  it('stops a file overwritten with as many bytes and records, on one thread or several: no ad of the new text', async () => {
    for (const workers of [0, 2]) {
      const f = feedApp();
      try {
        const ads = Array.from({ length: 3000 }, (_, i) => ({
          id: `S${i}`,
          title: 'Piso en Calle Mayor',
          price: 200000 + i,
        }));
        const xml = homesXml(ads);
        const file = f.writeFile('same-size.xml', xml);
        // The next day's export: the same ads, a letter changed in each, as long (only prices changed, as wide).
        const next = Buffer.from(xml.replaceAll('Calle Mayor', 'Calle Mayur'));
        expect(next.length).to.equal(Buffer.byteLength(xml));
        let written = false;
        const err = await failure(
          f.importFeed(file, ES_HOMES, 1, {
            workers,
            batchSize: 50,
            onProgress: (p) => {
              if (p.phase === 'applying' && !written) {
                written = true;
                const fd = fs.openSync(file, 'r+');
                fs.writeSync(fd, next, 0, next.length, 0);
                fs.closeSync(fd);
              }
            },
          }),
        );
        expect(written, `${workers} workers`).to.equal(true);
        expect(err, `${workers} workers`).to.be.instanceOf(FeedChangedError);
        expect(err?.message).to.match(/^the file changed during the import: it was written meanwhile; the batches/);
        const titles = f.store.db.prepare(`SELECT DISTINCT json_extract(doc, '$.title') FROM ad_docs`).pluck().all();
        expect(titles, `${workers} workers`).to.deep.equal(['Piso en Calle Mayor']);
        const status = f.store.db.prepare('SELECT status FROM feed_runs WHERE source_id = 1').pluck().get();
        expect(status).to.equal('failed');
        // The next run reads the file as it is now, whole.
        const again = await f.importFeed(file, ES_HOMES, 1, { workers, batchSize: 50 });
        expect(again.records).to.equal(3000);
        const now = f.store.db.prepare(`SELECT DISTINCT json_extract(doc, '$.title') FROM ad_docs`).pluck().all();
        expect(now).to.deep.equal(['Piso en Calle Mayur']);
      } finally {
        f.close();
      }
    }
  });
});
