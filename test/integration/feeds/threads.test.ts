import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect } from 'chai';
import sinon from 'sinon';
import { GunzippedCopy } from '../../../src/services/feeds/feedFiles';
import {
  contentBytes,
  countFeedRecords,
  feedText,
  MalformedFeedError,
  readFeed,
  readXmlRange,
} from '../../../src/services/feeds/feedRecords';
import { FeedImporter, type ImportOptions, type ImportSummary } from '../../../src/services/feeds/FeedImporter';
import { indexNewFingerprints } from '../../../src/services/feeds/importBatches';
import { writeSyntheticFeed } from '../../../src/services/feeds/syntheticFeed';
import { Gazetteer } from '../../../src/services/places/Gazetteer';
import { SqliteSearchStore } from '../../../src/services/search/SqliteSearchStore';
import { siteCode } from '../../../src/services/search/siteKeys';
import type { SiteKey } from '../../../src/services/search/types';
import { anotherRunWriting, fixture, homesXml, NOW_S, storeSnapshot } from './feedKit';

/**
 * Decision 044: a big file is shared by worker threads, each mapping and writing its own
 * batches in turn (and reading only their bytes when the file is plain). Whatever the number
 * of threads, an import must leave the very store one thread leaves.
 */

const ES_HOMES: SiteKey = { country: 'es', vertical: 'homes' };

/** Everything an import writes: ads, documents, the full-text index, vocabulary, import state. */
function fullSnapshot(store: SqliteSearchStore): string {
  const db = store.db;
  db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.fts_terms USING fts5vocab(main, 'ads_fts', 'instance')`);
  const all = (sql: string) => db.prepare(sql).all();
  return JSON.stringify({
    ads: all('SELECT a.*, d.doc FROM ads a JOIN ad_docs d ON d.k = a.k ORDER BY a.k'),
    fts: all('SELECT term, doc, col, offset FROM temp.fts_terms ORDER BY doc, col, offset, term'),
    terms: all('SELECT * FROM terms ORDER BY site, term'),
    keywords: all('SELECT * FROM keywords ORDER BY site, norm'),
    sites: all('SELECT * FROM sites ORDER BY site'),
    feedAds: all('SELECT * FROM feed_ads ORDER BY source_id, partner_id'),
    dedup: all('SELECT * FROM feed_dedup ORDER BY ad_id'),
    dedupNotIndexed: all('SELECT * FROM feed_dedup_new ORDER BY ad_id'),
    runs: all('SELECT id, source_id, status FROM feed_runs ORDER BY id'),
  });
}

describe('feed import shared by worker threads', function () {
  this.timeout(120_000);
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-threads-'));
    dirs.push(dir);
    return dir;
  };
  after(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  let files: Record<string, string>;
  before(async () => {
    const dir = tempDir();
    const file = (name: string) => path.join(dir, name);
    files = {
      s1: file('s1.xml'),
      s2: file('s2.xml'),
      t1: file('t1.xml'),
      dupes: file('dupes.xml'),
      cut: file('cut.xml'),
      latin1: file('latin1.xml'),
      doctype: file('doctype.xml'),
      linesLf: file('lines-lf.xml'),
      linesCr: file('lines-cr.xml'),
      brokenLf: file('broken-lf.xml'),
      brokenCr: file('broken-cr.xml'),
      crSplitLf: file('cr-split-lf.xml'),
      longWay: file('long-way.xml'),
    };
    await writeSyntheticFeed(files.s1 as string, { count: 2500 });
    await writeSyntheticFeed(files.s2 as string, { count: 2500, revision: 2 });
    await writeSyntheticFeed(files.t1 as string, { count: 2500, idPrefix: 'T' });
    // Duplicate ids, in one batch and across batches (batches of 300 below).
    const ads = Array.from({ length: 900 }, (_, i) => ({ id: `D${i % 700}`, price: 200_000 + i * 100 }));
    fs.writeFileSync(files.dupes as string, homesXml(ads));
    // Latin-1, as it declares: read batch by batch, each batch's bytes decoded alone.
    const accented = Array.from({ length: 900 }, (_, i) => ({
      id: `A${i}`,
      title: `Ático ${i} en Cádiz, año ${1900 + (i % 120)}`,
      price: 150_000 + i * 250,
      city: 'Cádiz',
    }));
    fs.writeFileSync(
      files.latin1 as string,
      Buffer.from(homesXml(accented).replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'), 'latin1'),
    );
    // A DOCTYPE declaring entities that titles use (decision 089): each batch's bytes read after the DOCTYPE's.
    const declared = homesXml(Array.from({ length: 900 }, (_, i) => ({ id: `E${i}`, price: 90_000 + i * 500 })))
      .replace(
        '<trovit>',
        '<!DOCTYPE trovit [\n  <!ENTITY agency "Fincas Ribera">\n  <!ENTITY ref "ref. &agency;">\n]>\n<trovit>',
      )
      .replace(/<title><!\[CDATA\[Piso (E\d+)/g, '<title>&agency;: <![CDATA[Piso $1]]> (&ref;)<![CDATA[');
    fs.writeFileSync(files.doctype as string, declared);
    // One element a line, ended by an LF, and the same file with a classic Mac OS's lone CRs: a record
    // of an unknown type in every third batch, a duplicate id, and a file broken in its middle.
    const lines = homesXml(
      Array.from({ length: 900 }, (_, i) => ({
        id: `L${i === 850 ? 10 : i}`,
        price: 120_000 + i * 300,
        ...(i % 250 === 7 ? { type: 'Nonsense' } : {}),
      })),
    ).replace(/></g, '>\n<');
    fs.writeFileSync(files.linesLf as string, lines);
    fs.writeFileSync(files.linesCr as string, lines.replace(/\n/g, '\r'));
    const broken = lines.replace('<id>L600</id>', '<id>L600</idd>');
    fs.writeFileSync(files.brokenLf as string, broken);
    fs.writeFileSync(files.brokenCr as string, broken.replace(/\n/g, '\r'));
    fs.writeFileSync(files.crSplitLf as string, crLfAcrossChunks(lines.replace(/\n/g, '\r'), 1 << 16));
    // Well formed, with a processing instruction inside an ad of the third batch, which the quick check
    // leaves to sax after marking the batches before it: the check ends without ranges, and the threads
    // read the whole file, each building its batches' records.
    const instructed = homesXml(Array.from({ length: 900 }, (_, i) => ({ id: `W${i}`, price: 80_000 + i * 700 })));
    fs.writeFileSync(files.longWay as string, instructed.replace('<id>W700</id>', '<id>W700</id><?partner note?>'));
    const whole = fs.readFileSync(files.s1 as string, 'utf8');
    fs.writeFileSync(files.cut as string, whole.slice(0, Math.floor(whole.length * 0.9)));
  });

  /** Runs the same imports with `workers` threads into a new store; the store's content and the summaries. */
  async function scenario(
    workers: number,
    each: Partial<ImportOptions> = {},
  ): Promise<{ snapshot: string; summaries: unknown[] }> {
    const store = new SqliteSearchStore(tempDir());
    const summaries: unknown[] = [];
    const run = async (file: string, sourceId: number, options: Partial<ImportOptions> = {}) => {
      try {
        const s: ImportSummary = await new FeedImporter({
          store,
          gazetteer: Gazetteer.shared(),
          site: ES_HOMES,
          sourceId,
          file,
          now: () => NOW_S,
          batchSize: 300,
          workers,
          ...each,
          ...options,
        }).run();
        const { seconds, adsPerSecond, ...rest } = s;
        void seconds;
        void adsPerSecond;
        summaries.push(rest);
      } catch (err) {
        summaries.push({ error: (err as Error).message, malformed: err instanceof MalformedFeedError });
      }
    };
    try {
      await run(files.s1 as string, 1);
      await run(files.t1 as string, 2); // the same flats from another partner: grouped
      await run(files.s2 as string, 1); // every 10th gone, every 7th cheaper
      await run(files.s2 as string, 1); // unchanged
      await run(files.dupes as string, 3);
      await run(files.cut as string, 1); // truncated: nothing changes
      await run(fixture('homes-es.xml'), 11);
      await run(fixture('homes-es.jsonl'), 12);
      await run(fixture('broken-middle.xml'), 11);
      await run(files.latin1 as string, 4);
      await run(files.doctype as string, 5);
      await run(files.linesLf as string, 6);
      await run(files.linesCr as string, 7);
      await run(files.brokenLf as string, 6);
      await run(files.brokenCr as string, 7);
      await run(files.crSplitLf as string, 8);
      await run(files.longWay as string, 9);
      return { snapshot: fullSnapshot(store), summaries };
    } finally {
      store.close();
    }
  }

  let inline: { snapshot: string; summaries: unknown[] };
  before(async () => {
    inline = await scenario(0);
  });

  it('reports duplicate ids with the line of the first, in one batch and across batches', () => {
    const dupes = inline.summaries[4] as ImportSummary;
    expect(dupes).to.include({ records: 900, imported: 700, rejected: 200 });
    expect(dupes.rejections[0]).to.deep.include({ id: 'D0', reason: 'duplicate id (first at line 3)' });
    expect(dupes.rejections.map((r) => r.line)).to.deep.equal(
      [...dupes.rejections.map((r) => r.line)].sort((a, b) => a - b),
    );
    const malformed = inline.summaries[5] as { error: string; malformed: boolean };
    expect(malformed.malformed).to.equal(true);
    expect(malformed.error).to.match(/truncated/);
  });

  it('reads a Latin-1 file as it declares', () => {
    const latin1 = inline.summaries[9] as ImportSummary;
    expect(latin1).to.include({ imported: 900, encoding: 'read as Windows-1252, as the file declares (ISO-8859-1)' });
    expect(inline.snapshot).to.contain('Ático 899 en Cádiz, año 1959');
    expect(inline.snapshot).to.not.contain('\ufffd');
  });

  it('reads the entities a DOCTYPE declares, in every batch', () => {
    expect(inline.summaries[10]).to.include({ imported: 900, rejected: 0 });
    expect(inline.snapshot).to.contain('Fincas Ribera: Piso E0 (ref. Fincas Ribera) en Madrid');
    expect(inline.snapshot).to.contain('Fincas Ribera: Piso E899 (ref. Fincas Ribera) en Madrid');
  });

  it("reports a classic Mac file's rejections and errors at the lines an LF file's are", () => {
    const [lf, cr] = [inline.summaries[11], inline.summaries[12]] as ImportSummary[];
    expect(lf).to.include({ imported: 895, rejected: 5 });
    const at = (s: ImportSummary | undefined) => s?.rejections.map((r) => [r.line, r.reason]);
    // The first record's <ad> is the file's third line; each record takes 16 (a CDATA section a line).
    expect(at(lf)).to.deep.equal([
      [115, 'unknown type "Nonsense"'],
      [4115, 'unknown type "Nonsense"'],
      [8115, 'unknown type "Nonsense"'],
      [12115, 'unknown type "Nonsense"'],
      [13603, 'duplicate id (first at line 163)'],
    ]);
    expect(at(cr)).to.deep.equal(at(lf));
    expect(cr).to.include({ imported: 895, rejected: 5 });
    const [brokenLf, brokenCr] = [inline.summaries[13], inline.summaries[14]] as { error: string }[];
    expect(brokenLf?.error).to.match(/\(line 9604\)$/);
    expect(brokenCr?.error).to.equal(brokenLf?.error);
    // The same lone-CR file with a CR and LF (one line end) split between every two chunks read.
    expect(at(inline.summaries[15] as ImportSummary)).to.deep.equal(at(lf));
  });

  for (const workers of [1, 2, 3]) {
    it(`leaves the store one thread leaves, with ${workers} worker thread${workers > 1 ? 's' : ''}`, async () => {
      const threaded = await scenario(workers);
      expect(threaded.summaries).to.deep.equal(inline.summaries);
      expect(threaded.snapshot === inline.snapshot, 'the stores differ').to.equal(true);
    });
  }

  it("indexes the new ads' fingerprints at the run's end in chunks, leaving the same store and groups", async () => {
    // 2,500 new ads per source, moved 7 at a time: a chunk's bound lost or moved twice changes the groups.
    // Matched one read of 7 at a time (a budget of 0 ms): a site's rows left for the next transaction.
    const chunked = await scenario(2, { fingerprintChunk: 7, fingerprintBudgetMs: 0 });
    expect((chunked.summaries[1] as ImportSummary).grouped).to.equal((inline.summaries[1] as ImportSummary).grouped);
    expect(chunked.snapshot === inline.snapshot, 'the stores differ').to.equal(true);
  });

  it('ends a transaction that groups new ads once its time is spent, after the match under way', async () => {
    const store = new SqliteSearchStore(tempDir());
    const options = { store, gazetteer: Gazetteer.shared(), site: ES_HOMES, now: () => NOW_S, batchSize: 300 };
    try {
      await new FeedImporter({ ...options, sourceId: 1, file: files.s1 as string }).run();
      // Another run of source 1 is writing (its lock held): source 2's new ads wait for its end (decision 085).
      const other = anotherRunWriting(store, 1);
      const t = await new FeedImporter({ ...options, sourceId: 2, file: files.t1 as string }).run();
      expect(t).to.include({ groupingLeftTo: 1, grouped: 0 });
      const waiting = (store.db.prepare('SELECT count(*) AS n FROM feed_dedup_new').get() as { n: number }).n;
      expect(waiting).to.equal(t.imported).and.be.greaterThan(1000);
      other.end();
      // With no time to spend, each transaction matches one ad, where it matched a read of a thousand.
      const indexed = indexNewFingerprints(store, 100_000, 0);
      expect(indexed).to.include({ moved: waiting, transactions: waiting });
      // The same groups as when the ads are grouped at the run's end.
      expect(indexed.grouped.get(siteCode(ES_HOMES))).to.equal((inline.summaries[1] as ImportSummary).grouped);
    } finally {
      store.close();
    }
  });

  it("groups the ads of two partners whose imports of one site run at the same time, as one after the other's", async () => {
    // Decision 085: each run lists its site's sources as its batches are written, and the new ads of
    // either are matched when their fingerprints are indexed, whichever run indexes them.
    const dir = tempDir();
    const stores = [new SqliteSearchStore(dir), new SqliteSearchStore(dir)];
    const importer = (store: SqliteSearchStore, file: string, sourceId: number) =>
      new FeedImporter({
        store,
        gazetteer: Gazetteer.shared(),
        site: ES_HOMES,
        sourceId,
        file,
        now: () => NOW_S,
        batchSize: 300,
        workers: 2,
      }).run();
    try {
      const [s, t] = await Promise.all([
        importer(stores[0] as SqliteSearchStore, files.s1 as string, 1),
        importer(stores[1] as SqliteSearchStore, files.t1 as string, 2),
      ]);
      const sequential = (inline.summaries[1] as ImportSummary).grouped;
      expect(sequential).to.be.above(2_000);
      expect(s.grouped + t.grouped).to.equal(sequential);
      const db = (stores[0] as SqliteSearchStore).db;
      const pairs = db
        .prepare(
          `SELECT count(*) AS n FROM ads s JOIN ads t ON t.dup = s.dup AND t.source_id = 2
           WHERE s.source_id = 1 AND substr(t.partner_id, 2) = substr(s.partner_id, 2)`,
        )
        .get() as { n: number };
      expect(pairs.n).to.equal(sequential);
      const twin = await (stores[0] as SqliteSearchStore).getAdByPartner(2, 'T1234');
      expect(twin?.duplicateGroup).to.be.a('number');
      expect((await (stores[0] as SqliteSearchStore).getAdByPartner(1, 'S1234'))?.duplicateGroup).to.equal(
        twin?.duplicateGroup,
      );
      expect(db.prepare('SELECT count(*) AS n FROM feed_dedup_new').get()).to.deep.equal({ n: 0 });
    } finally {
      for (const store of stores) store.close();
    }
  });

  it('changes nothing with a malformed file, also with workers', async () => {
    const store = new SqliteSearchStore(tempDir());
    try {
      const importer = (file: string) =>
        new FeedImporter({ store, site: ES_HOMES, sourceId: 1, file, now: () => NOW_S, batchSize: 300, workers: 2 });
      await importer(files.s1 as string).run();
      const before = storeSnapshot(store);
      for (const file of [files.cut as string, fixture('broken-middle.xml'), fixture('wrong-root.xml')]) {
        let error: unknown;
        try {
          await importer(file).run();
        } catch (err) {
          error = err;
        }
        expect(error, file).to.be.instanceOf(MalformedFeedError);
        expect(storeSnapshot(store)).to.equal(before);
      }
    } finally {
      store.close();
    }
  });

  it('keeps the WAL to its checkpoint size while workers write', async () => {
    // The writer whose turn it is checkpoints, so the checkpoint catches up and the WAL starts
    // over; one run beside the writers never did, and the WAL grew with everything imported. (The
    // WAL copier's copies beside the writers, every 300 ms, only leave that checkpoint less to do.)
    const dir = tempDir();
    const store = new SqliteSearchStore(dir);
    try {
      const pages = 256;
      const summary = await new FeedImporter({
        store,
        site: ES_HOMES,
        sourceId: 1,
        file: files.s1 as string,
        now: () => NOW_S,
        batchSize: 100,
        workers: 2,
        walCheckpointPages: pages,
      }).run();
      expect(summary.imported).to.equal(2500);
      const wal = fs.statSync(path.join(dir, path.basename(store.db.name) + '-wal')).size;
      const pageSize = store.db.pragma('page_size', { simple: true }) as number;
      // At most the checkpoint's size and one batch past it (a batch of 100 new ads: ~150 pages).
      expect(wal / pageSize).to.be.below(pages * 2);
      expect(store.db.prepare('SELECT count(*) AS n FROM ads').get()).to.deep.equal({ n: 2500 });
    } finally {
      store.close();
    }
  });

  describe('a gzip feed (decision 098)', () => {
    afterEach(() => sinon.restore());

    /** A new store's import of `file` with two workers: its content and summary. */
    async function importOnce(file: string): Promise<{ snapshot: string; summary: ImportSummary; dir: string }> {
      const dir = tempDir();
      const store = new SqliteSearchStore(dir);
      try {
        const summary = await new FeedImporter({
          store,
          gazetteer: Gazetteer.shared(),
          site: ES_HOMES,
          sourceId: 4,
          file,
          now: () => NOW_S,
          batchSize: 300,
          workers: 2,
        }).run();
        return { snapshot: fullSnapshot(store), summary, dir };
      } finally {
        store.close();
      }
    }
    const gzipped = (file: string) => {
      const out = path.join(tempDir(), path.basename(file) + '.gz');
      fs.writeFileSync(out, zlib.gzipSync(fs.readFileSync(file)));
      return out;
    };

    it('is gunzipped once, as it is checked, and its threads read their batches of the copy', async () => {
      // Once checked, the gzip file is overwritten in place with other bytes: the threads, which read
      // the copy, do not see it (reading the gzip data, they would fail: "the file changed").
      let overwrite = '';
      const finishing = GunzippedCopy.prototype.finish;
      const finish = sinon.stub(GunzippedCopy.prototype, 'finish').callsFake(function (this: GunzippedCopy, size) {
        const done = finishing.call(this, size);
        fs.writeFileSync(overwrite, Buffer.alloc(fs.statSync(overwrite).size, 7));
        return done;
      });
      for (const file of [files.s1 as string, files.latin1 as string]) {
        const plain = await importOnce(file);
        finish.resetHistory();
        overwrite = gzipped(file);
        const gz = await importOnce(overwrite);
        expect(finish.callCount).to.equal(1);
        expect(finish.firstCall.returnValue?.file).to.match(/source-4\.\d+-\d+\.gunzipped\.xml$/);
        expect(gz.summary.records).to.equal(plain.summary.records);
        expect(gz.summary.encoding).to.equal(plain.summary.encoding);
        expect(gz.snapshot === plain.snapshot, `${file}: the stores differ`).to.equal(true);
        // The copy is gone with the run.
        expect(fs.readdirSync(path.join(gz.dir, 'feeds'))).to.deep.equal([]);
      }
    });

    it('is shared by the threads by the size it gunzips to, not its own', async () => {
      // ~9 MB of records in well under 1 MB of gzip data: as big as the plain file, which threads share.
      const big = path.join(tempDir(), 'big.xml');
      await writeSyntheticFeed(big, { count: 7500 });
      expect(fs.statSync(big).size).to.be.above(8 << 20);
      const gz = gzipped(big);
      expect(fs.statSync(gz).size).to.be.below(1 << 20);
      sinon.stub(os, 'availableParallelism').returns(2);
      const finish = sinon.spy(GunzippedCopy.prototype, 'finish');
      const store = new SqliteSearchStore(tempDir());
      try {
        const importer = (file: string, sourceId: number) =>
          new FeedImporter({ store, gazetteer: Gazetteer.shared(), site: ES_HOMES, sourceId, file, now: () => NOW_S });
        expect(await importer(gz, 6).run()).to.include({ imported: 7500, rejected: 0 });
        // Two threads read it: its copy was made for them.
        expect(finish.callCount).to.equal(1);
        expect(finish.firstCall.returnValue?.file).to.match(/\.gunzipped\.xml$/);
        // A small gzip feed is read by this thread alone, without a copy.
        expect(await importer(gzipped(files.latin1 as string), 7).run()).to.include({ imported: 900 });
        expect(finish.callCount).to.equal(1);
      } finally {
        store.close();
      }
    });

    it("is done here, not by threads, when it is small, however much bigger its gzip's header makes it", async () => {
      const tiny = path.join(tempDir(), 'tiny.xml');
      fs.writeFileSync(tiny, '<trovit></trovit>');
      const gz = gzipped(tiny);
      expect(fs.statSync(gz).size).to.be.above(17);
      const fd = fs.openSync(gz, 'r');
      try {
        expect(contentBytes(fd, feedText(gz, fd))).to.equal(17);
      } finally {
        fs.closeSync(fd);
      }
      sinon.stub(os, 'availableParallelism').returns(2);
      const open = sinon.spy(GunzippedCopy, 'open');
      const store = new SqliteSearchStore(tempDir());
      try {
        const importer = new FeedImporter({ store, site: ES_HOMES, sourceId: 8, file: gz, now: () => NOW_S });
        expect(await importer.run()).to.include({ imported: 0, rejected: 0 });
        expect(open.callCount, 'a copy for threads').to.equal(0);
      } finally {
        store.close();
      }
    });

    /** Imports the gzip feed with the disk's room as `statfs` is stubbed to say: the copy given up, the store the same. */
    async function withoutCopy(room: { bsize: number; bavail: number }): Promise<void> {
      const plain = await importOnce(files.s1 as string);
      sinon.stub(fs, 'statfsSync').returns({ ...fs.statfsSync(os.tmpdir()), ...room });
      const finish = sinon.spy(GunzippedCopy.prototype, 'finish');
      const gz = await importOnce(gzipped(files.s1 as string));
      expect(finish.callCount).to.equal(1);
      expect(finish.firstCall.returnValue).to.equal(undefined);
      expect(gz.snapshot === plain.snapshot, 'the stores differ').to.equal(true);
      expect(fs.readdirSync(path.join(gz.dir, 'feeds'))).to.deep.equal([]);
    }

    it("gives the copy up when the disk would keep room for it but not for the store's growth", async () => {
      // Room for the copy and the spare (and the look ahead), none for the store's writes besides.
      const size = fs.statSync(files.s1 as string).size;
      await withoutCopy({ bsize: 1, bavail: 512 * 2 ** 20 + 64 * 2 ** 20 + Math.ceil(size * 1.2) });
    });

    it('is read as before, gzip data by each thread, when the disk has no room for the copy', async () => {
      await withoutCopy({ bsize: 4096, bavail: 1000 });
    });

    it("says cut gzip data is malformed, changes nothing and leaves no copy; a killed run's copy is removed", async () => {
      const dir = tempDir();
      const store = new SqliteSearchStore(dir);
      try {
        const whole = fs.readFileSync(gzipped(files.s1 as string));
        const cut = path.join(tempDir(), 'cut.xml.gz');
        fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.8)));
        // What a run killed (kill -9) leaves: a process that is gone (pid 2^22 + 1 is above Linux's highest).
        fs.mkdirSync(path.join(dir, 'feeds'));
        const left = path.join(dir, 'feeds', `source-4.${2 ** 22 + 1}-1.gunzipped.xml`);
        fs.writeFileSync(left, '<trovit>');
        let error: unknown;
        try {
          await new FeedImporter({
            store,
            site: ES_HOMES,
            sourceId: 4,
            file: cut,
            now: () => NOW_S,
            batchSize: 300,
            workers: 2,
          }).run();
        } catch (err) {
          error = err;
        }
        expect(error).to.be.instanceOf(MalformedFeedError);
        expect((error as Error).message).to.match(/gzip data is cut short or damaged/);
        expect(store.db.prepare('SELECT count(*) AS n FROM ads').get()).to.deep.equal({ n: 0 });
        expect(fs.readdirSync(path.join(dir, 'feeds'))).to.deep.equal([]);
      } finally {
        store.close();
      }
    });
  });

  it('reads a plain file batch by batch from the marks of the check, as a whole', async () => {
    const file = files.s1 as string;
    const fd = fs.openSync(file, 'r');
    try {
      const starts: { offset: number; lineBreaks: number }[] = [];
      const marks = {
        every: 400,
        at: (i: number, offset: number, lineBreaks: number) => (starts[i / 400] = { offset, lineBreaks }),
      } as Parameters<typeof countFeedRecords>[4] & object;
      expect(await countFeedRecords(file, 'xml', fd, undefined, marks)).to.equal(2500);
      expect(starts).to.have.length(7);
      const show = (r: { line: number; index?: number; fields: Map<string, unknown>; pictures: unknown[] }) =>
        JSON.stringify([r.line, r.index, [...r.fields.entries()], r.pictures]);
      const whole: string[] = [];
      for await (const batch of readFeed(file, 'xml')) for (const r of batch) whole.push(show(r));
      const byRanges: string[] = [];
      for (let b = 0; b < starts.length; b++) {
        const s = starts[b] as { offset: number; lineBreaks: number };
        for await (const batch of readXmlRange(file, fd, {
          start: s.offset,
          end: starts[b + 1]?.offset ?? (marks.size as number),
          lineBreaks: s.lineBreaks,
          firstIndex: b * 400,
          root: marks.root as string,
          last: b === starts.length - 1,
        }))
          for (const r of batch) byRanges.push(show(r));
      }
      expect(byRanges).to.deep.equal(whole);
    } finally {
      fs.closeSync(fd);
    }
  });
});

/**
 * A lone-CR file (one element a line) with a CR and LF pair split at every `chunk` bytes: spaces
 * after the closing tag before each boundary, so that its line's CR is the chunk's last byte, and an
 * LF after that CR. Its lines and records are the file's.
 */
function crLfAcrossChunks(text: string, chunk: number): string {
  let out = text;
  for (let boundary = chunk; boundary < out.length; boundary += chunk) {
    // The last line end before the boundary whose line is a closing tag (white space after it is nothing).
    let cr = out.lastIndexOf('\r', boundary - 1);
    while (cr > 0 && !/<\/[a-z_]+>$/.test(out.slice(Math.max(0, cr - 40), cr))) cr = out.lastIndexOf('\r', cr - 1);
    out = `${out.slice(0, cr)}${' '.repeat(boundary - 1 - cr)}\r\n${out.slice(cr + 1)}`;
  }
  return out;
}
