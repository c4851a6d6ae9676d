import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { sketchOf } from '../../../src/services/feeds/dedup';
import { ensureFeedTables, FeedImporter } from '../../../src/services/feeds/FeedImporter';
import { Gazetteer } from '../../../src/services/places/Gazetteer';
import { LAYOUT_VERSION, PAGE_BYTES, SqliteSearchStore } from '../../../src/services/search/SqliteSearchStore';
import { siteCode } from '../../../src/services/search/siteKeys';
import { spaceWords, tokenize } from '../../../src/services/search/text';
import type { AdInput, SiteKey, StoredAd } from '../../../src/services/search/types';
import { feedApp, fixture, homesXml, NOW_S } from './feedKit';

const ES_HOMES: SiteKey = { country: 'es', vertical: 'homes' };
const UK_JOBS: SiteKey = { country: 'uk', vertical: 'jobs' };
const EXPIRES = Date.UTC(2025, 5, 2) / 1000;

/** A home in Madrid published a day before the tests' clock, but for its partner id. */
function madridHome(ad: Pick<AdInput, 'sourceId' | 'title' | 'description'>): Omit<AdInput, 'partnerAdId'> {
  return {
    country: 'es',
    vertical: 'homes',
    url: 'https://partner.example/ad',
    date: NOW_S - 86400,
    location: { city: 'Madrid' },
    images: [],
    currency: 'EUR',
    ...ad,
  };
}

/**
 * The ads a visitor's words find on a site, newest first, as the search service asks the store
 * (words parted and folded), each with its partner id and its relevance score.
 */
async function searchWords(
  store: SqliteSearchStore,
  what: string,
  site: SiteKey = ES_HOMES,
): Promise<{ partnerAdId: string; score: number | undefined }[]> {
  const { candidates } = await store.findCandidates({
    site,
    ranges: [],
    order: 'newest',
    limit: 50,
    terms: tokenize(spaceWords(what)).map((w) => [w]),
    tags: [],
  });
  const partnerIds = new Map((await store.getAds(candidates.map((c) => c.id))).map((a) => [a.id, a.partnerAdId]));
  return candidates.map((c) => ({ partnerAdId: partnerIds.get(c.id) as string, score: c.score }));
}

/** The partner ids of a site's ads priced at least `min` (the store's price column, as filters read it). */
async function pricedFrom(store: SqliteSearchStore, site: SiteKey, min: number): Promise<string[]> {
  const { candidates } = await store.findCandidates({
    site,
    ranges: [{ field: 'price', min }],
    order: 'newest',
    limit: 50,
    terms: [],
    tags: [],
  });
  return (await store.getAds(candidates.map((c) => c.id))).map((a) => a.partnerAdId).sort();
}

/** The partner ids of the ads a visitor's words find on a site, newest first. */
async function partnersFound(store: SqliteSearchStore, what: string, site: SiteKey = ES_HOMES): Promise<string[]> {
  return (await searchWords(store, what, site)).map((a) => a.partnerAdId);
}

describe('a search store of layout 2 (before expiration times were stored)', () => {
  it('gains the expires column on open, filled from the documents, and serves by it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-layout2-'));
    try {
      const base = madridHome({ sourceId: 3, title: 'Piso en Madrid', description: 'Piso luminoso' });
      const old = new SqliteSearchStore(dir, { now: () => NOW_S });
      await old.writeAds([
        { ...base, partnerAdId: 'dated', expiresAt: EXPIRES },
        { ...base, partnerAdId: 'undated' },
      ]);
      // What an earlier version left: no expires column, layout 2.
      old.db.exec('DROP INDEX ads_expires; ALTER TABLE ads DROP COLUMN expires');
      old.db.pragma('user_version = 2');
      old.close();

      let now = NOW_S;
      const store = new SqliteSearchStore(dir, { now: () => now });
      try {
        expect(store.db.pragma('user_version', { simple: true })).to.equal(LAYOUT_VERSION);
        const index = store.db.prepare(`SELECT sql FROM sqlite_master WHERE name = 'ads_expires'`).get() as {
          sql: string;
        };
        expect(index.sql).to.include('WHERE expires IS NOT NULL AND expired = 0');
        const rows = store.db.prepare('SELECT partner_id, expires FROM ads ORDER BY partner_id').all();
        expect(rows).to.deep.equal([
          { partner_id: 'dated', expires: EXPIRES },
          { partner_id: 'undated', expires: null },
        ]);
        expect(await store.countAds(base)).to.equal(2);
        now = EXPIRES;
        expect(await store.countAds(base)).to.equal(1);
        expect((await store.getAdByPartner(3, 'dated'))?.expired).to.equal(true);
      } finally {
        store.close();
      }
      // Opened again, nothing more to do.
      const again = new SqliteSearchStore(dir);
      expect(again.db.prepare('SELECT count(*) AS n FROM ads WHERE expires IS NOT NULL').get()).to.deep.equal({ n: 1 });
      again.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a search store of layout 3 (a text index with word positions)', () => {
  it('rebuilds the index without positions on open, from the unexpired ads, and finds by word and tag', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-layout3-'));
    try {
      const ad = (partnerAdId: string, title: string, sourceId: number): AdInput => ({
        ...madridHome({ sourceId, title, description: 'Luminoso, con terraza' }),
        partnerAdId,
      });
      const old = new SqliteSearchStore(dir, { now: () => NOW_S });
      await old.writeAds([
        ad('p1', 'Piso en Chamberí', 3),
        ad('p2', 'Ático con vistas', 4),
        ad('p3', 'Piso reformado', 4),
      ]);
      await old.expireAds([(await old.getAdByPartner(4, 'p3'))!.id]);
      // What layout 3 left: the same index with positions (here emptied, so that only a rebuild finds anything).
      old.db.exec(`DROP TABLE ads_fts; CREATE VIRTUAL TABLE ads_fts USING fts5(
        title, body, tags, content='', contentless_delete=1, tokenize="unicode61 remove_diacritics 2")`);
      old.db.pragma('user_version = 3');
      old.close();

      const store = new SqliteSearchStore(dir, { now: () => NOW_S });
      try {
        expect(store.db.pragma('user_version', { simple: true })).to.equal(LAYOUT_VERSION);
        const index = store.db.prepare(`SELECT sql FROM sqlite_master WHERE name = 'ads_fts'`).get() as { sql: string };
        expect(index.sql).to.include('detail=none');
        const base = { site: ES_HOMES, ranges: [], order: 'newest' as const, limit: 50 };
        const partners = async (q: Parameters<SqliteSearchStore['findCandidates']>[0]) => {
          const { candidates } = await store.findCandidates(q);
          const ads = await store.getAds(candidates.map((c) => c.id));
          return ads.map((a) => a.partnerAdId).sort();
        };
        // Accents folded, the expired p3 not indexed again.
        expect(await partners({ ...base, terms: [['piso']], tags: [] })).to.deep.equal(['p1']);
        expect(await partners({ ...base, terms: [['chamberi']], tags: [] })).to.deep.equal(['p1']);
        expect(await partners({ ...base, terms: [['terraza']], tags: [] })).to.deep.equal(['p1', 'p2']);
        expect(await partners({ ...base, terms: [], tags: [{ field: 'source', values: [4] }] })).to.deep.equal(['p2']);
        expect(await partners({ ...base, terms: [['atico'], ['vistas']], tags: [] })).to.deep.equal(['p2']);
      } finally {
        store.close();
      }
      // Opened again: nothing to rebuild (the index keeps a row written after the first open).
      const again = new SqliteSearchStore(dir, { now: () => NOW_S });
      await again.writeAds([ad('p4', 'Piso nuevo', 5)]);
      again.close();
      const third = new SqliteSearchStore(dir, { now: () => NOW_S });
      const found = await third.findCandidates({
        site: ES_HOMES,
        ranges: [],
        order: 'newest',
        limit: 50,
        terms: [['piso']],
        tags: [],
      });
      expect(found.total).to.equal(2);
      third.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Titles of words FTS5 and the queries' folding (`tokenize`) used to write differently, by the word searched. */
const FOLDED_WORDS: [string, string][] = [
  ['Wohnung an der Hauptstraße', 'hauptstraße'],
  ['Działka budowlana, Łódź', 'działka'],
  ['Satılık daire, deniz manzaralı', 'satılık'],
  ['Новый дом с участком', 'новый'],
  ['Київ, квартира з ремонтом', 'київ'],
  ['Lejlighed i Køge med have', 'køge'],
  ['ガソリン車 整備済み', 'ガソリン車'],
  ['バス・トイレ別のマンション', 'ﾊﾞｽ'],
  ['บ้าน เดี่ยว', 'บ้าน'],
  ['Piso en Cádiz con terraza', 'cadiz'],
];

describe('the text index and a query fold words alike', () => {
  it('finds every ad by a word of its title as a visitor types it, whatever its letters', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-folds-'));
    const store = new SqliteSearchStore(dir, { now: () => NOW_S });
    try {
      await store.writeAds(
        FOLDED_WORDS.map(([title], i) => ({
          ...madridHome({ sourceId: 3, title, description: `${title}. ${title.toUpperCase()}` }),
          partnerAdId: `p${i}`,
        })),
      );
      for (const [i, [title, word]] of FOLDED_WORDS.entries()) {
        expect(await partnersFound(store, word), title).to.deep.equal([`p${i}`]);
      }
    } finally {
      store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the text index and a query part words alike where a script writes no spaces', () => {
  it('finds an ad by a word inside a run of Japanese, Chinese or Thai text, and not by a part of a word', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-spaces-'));
    const store = new SqliteSearchStore(dir, { now: () => NOW_S });
    try {
      const titles = ['大阪のマンション（売買）', '台北的公寓出售', 'บ้านเดี่ยวสองชั้น'];
      await store.writeAds(
        titles.map((title, i) => ({
          ...madridHome({ sourceId: 3, title, description: title }),
          partnerAdId: `p${i}`,
        })),
      );
      const found = (what: string) => partnersFound(store, what);
      expect(await found('マンション')).to.deep.equal(['p0']);
      expect(await found('大阪 マンション')).to.deep.equal(['p0']);
      expect(await found('公寓')).to.deep.equal(['p1']);
      expect(await found('บ้าน')).to.deep.equal(['p2']);
      expect(await found('ション')).to.deep.equal([]);
    } finally {
      store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ranks an ad with the word in its title above one with it in its description only', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-spaces-'));
    const store = new SqliteSearchStore(dir, { now: () => NOW_S });
    try {
      // Newest first: the description's match is the newer ad, so only relevance puts the title first.
      const ads = [
        { title: '大阪のマンション（売買）', description: '駅から徒歩5分' },
        { title: '大阪の一戸建て', description: '近くにマンションあり' },
        { title: 'บ้านเดี่ยวสองชั้น', description: 'ใกล้ตลาด' },
        { title: 'ที่ดินเปล่า', description: 'ติดกับบ้านเดี่ยว' },
      ];
      await store.writeAds(
        ads.map((ad, i) => ({ ...madridHome({ sourceId: 3, ...ad }), partnerAdId: `p${i}`, date: NOW_S - 1000 + i })),
      );
      const scores = async (what: string) =>
        (await searchWords(store, what)).map(({ partnerAdId, score }) => [partnerAdId, score]);
      expect(await scores('マンション')).to.deep.equal([
        ['p1', 1],
        ['p0', 0],
      ]);
      expect(await scores('บ้าน')).to.deep.equal([
        ['p3', 1],
        ['p2', 0],
      ]);
    } finally {
      store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a search store of layout 6 (kana folded to their plain letters)', () => {
  it('indexes its ads with a voiced kana again on open, and moves their words and keywords to the voiced ones', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-layout6-'));
    const JP_HOMES: SiteKey = { country: 'jp', vertical: 'homes' };
    const site = siteCode(JP_HOMES);
    const ads: AdInput[] = (
      [
        ['p0', 'ガソリンスタンド近くの一戸建て', 'バス・トイレ別'],
        ['p1', 'パス付きマンション', 'ハス池のある公園'],
        ['p2', 'Piso luminoso', 'Con terraza'],
        ['p3', '利回り8㌫の収益物件', '駅近'],
        // Phrases given with the ad, which folded alike: bus, and lotus.
        ['p4', 'バス・トイレ別の部屋', '静かな環境', ['バス']],
        ['p5', '蓮池の見える家', 'ハス池とガーデン付き', ['ハス']],
        ['p6', '東京都のマンション', '京都にも近い'],
        // A given phrase the text index parts ("ロード バイク"); one whose text also has the plain word.
        ['p7', 'ロードバイク Giant', 'ほぼ新品', ['ロードバイク']],
        ['p8', '庭の家', 'ハスの池、バス・トイレ別', ['ハス']],
        // Written before layout 5: no kw, its phrase read from its title when counted.
        ['p9', 'ガレージ付きの家', '駅近'],
      ] as [string, string, string, string[]?][]
    ).map(([partnerAdId, title, description, keywords]) => ({
      ...madridHome({ sourceId: 3, title, description }),
      country: 'jp',
      location: { city: 'Osaka' },
      currency: 'JPY',
      partnerAdId,
      ...(keywords ? { keywords } : {}),
    }));
    /** `tokenize` as it folded before layout 7: a voiced kana as its plain kana. */
    const folded6 = (text: string) => tokenize(text).map((w) => w.normalize('NFD').replace(/[\u3099\u309a]/g, ''));
    try {
      const old = new SqliteSearchStore(dir, { now: () => NOW_S });
      await old.writeAds(ads);
      // What layout 6 wrote: folded words without voicing marks in the index, the title words (not
      // parted), the keyword phrases and the title-word counts; and a visitor's search for "ガソリン".
      old.db.exec('DELETE FROM ads_fts; DELETE FROM terms; DELETE FROM keywords');
      const write = old.db.prepare(`INSERT INTO ads_fts (rowid, title, body, tags) VALUES (?, ?, ?, '')`);
      const row = old.db.prepare('UPDATE ads SET tw = ?, kw = ? WHERE k = ?');
      const term = old.db.prepare(
        'INSERT INTO terms (site, term, ads) VALUES (?, ?, 1) ON CONFLICT DO UPDATE SET ads = ads + 1',
      );
      const keyword = old.db.prepare(
        `INSERT INTO keywords (site, norm, label, first_letter, ads, searches) VALUES (?, ?, ?, ?, 1, ?)
         ON CONFLICT DO UPDATE SET ads = ads + 1`,
      );
      for (const r of old.db.prepare('SELECT k, partner_id FROM ads ORDER BY partner_id').all() as {
        k: number;
        partner_id: string;
      }[]) {
        const ad = ads.find((a) => a.partnerAdId === r.partner_id)!;
        const words = [...new Set(folded6(ad.title))];
        const phrase = ad.keywords ? folded6(ad.keywords[0]!).join(' ') : words[0]!;
        write.run(r.k, folded6(spaceWords(ad.title)).join(' '), folded6(spaceWords(ad.description)).join(' '));
        row.run(words.join(' '), r.partner_id === 'p9' ? null : phrase, r.k);
        for (const w of words) term.run(site, w);
        keyword.run(site, phrase, ad.keywords?.[0] ?? phrase, phrase.charAt(0), 0);
      }
      keyword.run(site, 'カソリン', 'ガソリン', 'カ', 5);
      old.db.pragma('user_version = 6');
      const found = async (store: SqliteSearchStore, what: string) =>
        (await partnersFound(store, what, JP_HOMES)).sort();
      // Bus, pass and lotus were one word.
      expect(await found(old, 'ハス')).to.deep.equal(['p0', 'p1', 'p4', 'p5', 'p8']);
      old.close();

      const store = new SqliteSearchStore(dir, { now: () => NOW_S });
      try {
        expect(store.db.pragma('user_version', { simple: true })).to.equal(LAYOUT_VERSION);
        expect(await found(store, 'パス')).to.deep.equal(['p1']);
        expect(await found(store, 'バス')).to.deep.equal(['p0', 'p4', 'p8']);
        expect(await found(store, 'ハス')).to.deep.equal(['p1', 'p5', 'p8']);
        expect(await found(store, 'ガソリンスタンド')).to.deep.equal(['p0']);
        expect(await found(store, '㌫')).to.deep.equal(['p3']);
        expect(await found(store, 'パーセント')).to.deep.equal(['p3']);
        expect(await found(store, 'luminoso')).to.deep.equal(['p2']);
        // A title's words are parted for relevance: "京都" is no title word of "東京都のマンション".
        expect((await searchWords(store, '京都', JP_HOMES)).map((a) => [a.partnerAdId, a.score])).to.deep.equal([
          ['p6', 1],
        ]);
        const row = (id: string) =>
          store.db.prepare('SELECT tw, kw FROM ads WHERE partner_id = ?').get(id) as { tw: string; kw: string };
        expect(row('p0')).to.deep.equal({
          tw: 'ガソリンスタンド 近く の 一戸建て',
          kw: 'ガソリンスタンド近くの一戸建て',
        });
        expect(row('p2')).to.deep.equal({ tw: 'piso luminoso', kw: 'piso' });
        expect(row('p4').kw).to.equal('バス');
        expect(row('p5').kw).to.equal('ハス');
        expect(row('p7').kw).to.equal('ロードバイク');
        expect(row('p8').kw).to.equal('ハス');
        expect(row('p9').kw).to.equal(null);
        const terms = store.db.prepare('SELECT term FROM terms').pluck().all() as string[];
        expect(terms).to.include.members([
          'ガソリンスタンド近くの一戸建て',
          'パス付きマンション',
          '利回り8パーセントの収益物件',
        ]);
        expect(terms).to.not.include.members(['カソリンスタント近くの一戸建て', 'ハス付きマンション']);
        // The keywords counted by their voiced phrases, each ad under its own; a searched one keeps its searches.
        const keywords = store.db
          .prepare('SELECT norm, ads, searches FROM keywords WHERE ads > 0 OR searches > 0')
          .all();
        expect(keywords).to.deep.include.members([
          { norm: 'バス', ads: 1, searches: 0 },
          { norm: 'ハス', ads: 2, searches: 0 },
          { norm: 'ロードバイク', ads: 1, searches: 0 },
          { norm: 'ガレージ付きの家', ads: 1, searches: 0 },
          { norm: 'ガソリンスタンド近くの一戸建て', ads: 1, searches: 0 },
          { norm: 'パス付きマンション', ads: 1, searches: 0 },
          { norm: 'ガソリン', ads: 0, searches: 5 },
        ]);
        expect(keywords.map((k) => (k as { norm: string }).norm)).to.not.include.members([
          'カソリンスタント近くの一戸建て',
          'カソリン',
          'ロートハイク',
          'カレーシ付きの家',
        ]);
      } finally {
        store.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a search store opened while another process holds its write lock', function () {
  this.timeout(30_000);

  it('waits for it rather than failing after 5 s, then upgrades or finds the upgrade done', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-upgrade-wait-'));
    try {
      const old = new SqliteSearchStore(dir, { now: () => NOW_S });
      await old.writeAds([
        { ...madridHome({ sourceId: 3, title: 'バス付きの部屋', description: '駅近' }), partnerAdId: 'p0' },
      ]);
      old.db.pragma('user_version = 6');
      old.close();
      // Another process (as an upgrade by another process would) holds the write lock for 6.5 s.
      const holder = spawn(
        process.execPath,
        [
          '-e',
          `const db = new (require('better-sqlite3'))(process.argv[1]); db.exec('BEGIN IMMEDIATE');
           process.stdout.write('locked\\n'); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 6500);
           db.exec('COMMIT'); db.close();`,
          path.join(dir, 'search.sqlite'),
        ],
        { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] },
      );
      await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
      const started = Date.now();
      const store = new SqliteSearchStore(dir, { now: () => NOW_S });
      try {
        expect(Date.now() - started).to.be.greaterThan(5_000);
        expect(store.db.pragma('user_version', { simple: true })).to.equal(LAYOUT_VERSION);
        expect(store.db.pragma('busy_timeout', { simple: true })).to.equal(5_000);
        expect(await partnersFound(store, 'バス')).to.deep.equal(['p0']);
      } finally {
        store.close();
        await new Promise((resolve) => (holder.exitCode !== null ? resolve(null) : holder.once('exit', resolve)));
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a search store of layout 5 (a text index of the words as written)', () => {
  it('rebuilds the index of folded words on open, once, and finds what it could not', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-layout5-'));
    try {
      const old = new SqliteSearchStore(dir, { now: () => NOW_S });
      await old.writeAds(
        FOLDED_WORDS.map(([title], i) => ({
          ...madridHome({ sourceId: 3, title, description: 'Descripción' }),
          partnerAdId: `p${i}`,
        })),
      );
      // What layout 5 wrote: the titles as written.
      old.db.exec('DELETE FROM ads_fts');
      const write = old.db.prepare(`INSERT INTO ads_fts (rowid, title, body, tags) VALUES (?, ?, '', '')`);
      for (const row of old.db.prepare('SELECT k, partner_id FROM ads').all() as { k: number; partner_id: string }[])
        write.run(row.k, FOLDED_WORDS[Number(row.partner_id.slice(1))]![0]);
      old.db.pragma('user_version = 5');
      const satilik = { site: ES_HOMES, ranges: [], order: 'newest' as const, limit: 50, tags: [] };
      expect((await old.findCandidates({ ...satilik, terms: [tokenize('satılık')] })).total).to.equal(0);
      old.close();

      const store = new SqliteSearchStore(dir, { now: () => NOW_S });
      try {
        expect(store.db.pragma('user_version', { simple: true })).to.equal(LAYOUT_VERSION);
        for (const [title, word] of FOLDED_WORDS) {
          const found = await store.findCandidates({ ...satilik, terms: tokenize(spaceWords(word)).map((w) => [w]) });
          expect(found.total, title).to.equal(1);
        }
      } finally {
        store.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a search store of layout 4 (before the ads kept their keyword phrases)', () => {
  it('gains the kw column on open; its keywords are recounted from the titles of the live ads', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-layout4-'));
    try {
      // The phrase layout 4 read from a title: its first two words longer than two letters.
      const ad = (partnerAdId: string, title: string): AdInput => ({
        ...madridHome({ sourceId: 3, title, description: 'Luminoso, con terraza' }),
        partnerAdId,
        keywords: [title.split(' ').slice(0, 2).join(' ')],
      });
      const old = new SqliteSearchStore(dir, { now: () => NOW_S });
      await old.writeAds([ad('p1', 'Ático con vistas'), ad('p2', 'Ático con vistas'), ad('p3', 'Chalet adosado')]);
      await old.expireAds([(await old.getAdByPartner(3, 'p2'))!.id, (await old.getAdByPartner(3, 'p3'))!.id]);
      // What layout 4 left: no kw column, and counts that only grew (an expiry lowered none).
      old.db.exec("UPDATE keywords SET ads = 2 WHERE norm = 'atico con'");
      old.db.exec("UPDATE keywords SET ads = 1 WHERE norm = 'chalet adosado'");
      old.db.exec('ALTER TABLE ads DROP COLUMN kw');
      old.db.pragma('user_version = 4');
      old.close();

      const store = new SqliteSearchStore(dir, { now: () => NOW_S });
      try {
        expect(store.db.pragma('user_version', { simple: true })).to.equal(LAYOUT_VERSION);
        expect(store.db.prepare('SELECT count(*) AS n FROM ads WHERE kw IS NULL').get()).to.deep.equal({ n: 3 });
        const counts = () => store.db.prepare('SELECT norm, ads FROM keywords ORDER BY norm').all();
        expect(counts()).to.deep.equal([
          { norm: 'atico con', ads: 2 },
          { norm: 'chalet adosado', ads: 1 },
        ]);
        expect(store.recountKeywords(siteCode(ES_HOMES))).to.equal(2);
        expect(counts()).to.deep.equal([
          { norm: 'atico con', ads: 1 },
          { norm: 'chalet adosado', ads: 0 },
        ]);
        // A new ad keeps its phrases, and counts with the old ones.
        await store.writeAds([ad('p4', 'Ático con piscina')]);
        expect(store.db.prepare(`SELECT kw FROM ads WHERE partner_id = 'p4'`).get()).to.deep.equal({ kw: 'atico con' });
        expect(store.recountKeywords(siteCode(ES_HOMES))).to.equal(0);
        expect(counts()).to.deep.equal([
          { norm: 'atico con', ads: 2 },
          { norm: 'chalet adosado', ads: 0 },
        ]);
      } finally {
        store.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a search store of layout 2 with feed imports', function () {
  this.timeout(30_000);

  it('fills the expires column from the feed state, for live dated ads only', async () => {
    const f = feedApp();
    try {
      await f.importFeed(
        f.writeFile(
          'a.xml',
          homesXml([
            { id: 'D1', price: 300000, expiration: '2025-06-02 00:00:00' },
            { id: 'U1', price: 310000 },
            { id: 'P1', price: 320000, expiration: '2025-05-30 00:00:00' },
          ]),
        ),
        ES_HOMES,
        4,
      );
      f.store.db.exec('DROP INDEX ads_expires; ALTER TABLE ads DROP COLUMN expires');
      f.store.db.pragma('user_version = 2');
      let now = NOW_S;
      const store = new SqliteSearchStore(f.dataDir, { now: () => now });
      try {
        const rows = store.db.prepare('SELECT partner_id, expired, expires FROM ads ORDER BY partner_id').all();
        // P1 was past its date at the import: marked expired, nothing to fill.
        expect(rows).to.deep.equal([
          { partner_id: 'D1', expired: 0, expires: EXPIRES },
          { partner_id: 'P1', expired: 1, expires: null },
          { partner_id: 'U1', expired: 0, expires: null },
        ]);
        expect(await store.countAds(ES_HOMES)).to.equal(2);
        now = EXPIRES;
        expect(await store.countAds(ES_HOMES)).to.equal(1);
      } finally {
        store.close();
      }
    } finally {
      f.close();
    }
  });
});

describe('feed tables of an earlier version', function () {
  this.timeout(30_000);

  it('re-keys feed_dedup by the ad key once, keeping every fingerprint and group', async () => {
    const f = feedApp();
    try {
      const flat =
        'Piso exterior de tres dormitorios y dos baños, cocina equipada, terraza de quince metros, ' +
        'ascensor y plaza de garaje incluida en el precio. Muy cerca del metro Goya.';
      const ad = { content: flat, price: 450000, area: 98, rooms: 3, lat: 40.4251, lng: -3.6755 };
      await f.importFeed(
        f.writeFile(
          'a.xml',
          homesXml([
            { id: 'X1', ...ad },
            { id: 'X2', price: 99000 },
          ]),
        ),
        ES_HOMES,
        1,
      );
      const db = f.store.db;
      const before = db.prepare('SELECT ad_id, block, sketch, dup FROM feed_dedup ORDER BY ad_id').all();
      expect(before).to.have.length(2);
      // The table as earlier versions wrote it: keyed by the ad's text id, no key column.
      db.exec(`ALTER TABLE feed_dedup RENAME TO d; DROP INDEX feed_dedup_block;
        CREATE TABLE feed_dedup (ad_id TEXT PRIMARY KEY, site INTEGER NOT NULL, block TEXT NOT NULL,
          source_id INTEGER NOT NULL, price REAL, area REAL, rooms REAL, baths REAL, mileage REAL, lat REAL, lng REAL,
          sketch BLOB NOT NULL, dup INTEGER);
        INSERT INTO feed_dedup SELECT ad_id, site, block, source_id, price, area, rooms, baths, mileage, lat, lng, sketch, dup FROM d;
        DROP TABLE d; CREATE INDEX feed_dedup_block ON feed_dedup(site, block, source_id, price);`);
      ensureFeedTables(db);
      const rows = db
        .prepare(
          'SELECT d.k, d.ad_id, d.block, d.sketch, d.dup, a.k AS ad_k FROM feed_dedup d JOIN ads a ON a.id = d.ad_id ORDER BY d.ad_id',
        )
        .all() as { k: number; ad_k: number }[];
      expect(rows.map(({ k: _k, ad_k: _a, ...r }) => r)).to.deep.equal(before);
      for (const r of rows) expect(r.k).to.equal(r.ad_k);
      // The block index made again with the duplicate rule's veto columns after the price (decision 086).
      expect(
        db.prepare(`SELECT name FROM pragma_index_info('feed_dedup_block') ORDER BY seqno`).pluck().all(),
      ).to.deep.equal(['site', 'block', 'source_id', 'price', 'rooms', 'baths', 'area', 'lat', 'lng']);
      ensureFeedTables(db);
      expect(db.prepare('SELECT count(*) AS n FROM feed_dedup').get()).to.deep.equal({ n: 2 });
      // Matching reads the converted rows: another partner's copy of X1 joins it.
      const s = await f.importFeed(
        f.writeFile('b.xml', homesXml([{ id: 'Y1', ...ad, content: `${flat} Agencia Dos.`, price: 445000 }])),
        ES_HOMES,
        2,
      );
      expect(s.grouped).to.equal(1);
      const x1 = (await f.store.getAdByPartner(1, 'X1')) as StoredAd;
      const y1 = (await f.store.getAdByPartner(2, 'Y1')) as StoredAd;
      expect(y1.duplicateGroup).to.be.a('number').and.equal(x1.duplicateGroup);
    } finally {
      f.close();
    }
  });

  it("gives the fingerprints without a price the key of their words' two smallest hashes once, and indexes them", async () => {
    const f = feedApp();
    try {
      await f.importFeed(fixture('jobs-uk.xml'), UK_JOBS, 31);
      const db = f.store.db;
      const keys = () => db.prepare('SELECT k, h FROM feed_dedup WHERE price IS NULL ORDER BY k').all();
      const now = keys() as { h: number | null }[];
      expect(now.length).to.be.at.least(2);
      for (const row of now) expect(row.h).to.be.a('number');
      // As earlier versions left the tables: no column, no index (decision 087).
      db.exec(
        `DROP INDEX feed_dedup_words; ALTER TABLE feed_dedup DROP COLUMN h; ALTER TABLE feed_dedup_new DROP COLUMN h;`,
      );
      ensureFeedTables(db);
      expect(keys()).to.deep.equal(now);
      const plan = db
        .prepare(
          `EXPLAIN QUERY PLAN SELECT * FROM feed_dedup WHERE site = 1 AND block = 'b' AND source_id = 2 AND price IS NULL AND h IN (1, 2)`,
        )
        .all() as { detail: string }[];
      expect(plan.map((p) => p.detail).join()).to.contain('feed_dedup_words');
      expect(
        db.prepare(`SELECT name FROM pragma_table_info('feed_dedup_new') WHERE name = 'h'`).pluck().all(),
      ).to.deep.equal(['h']);
    } finally {
      f.close();
    }
  });

  it('makes the sketches of ads with a voiced kana again once, so that their copies imported since still match', async () => {
    const f = feedApp();
    try {
      const flat = 'ガレージ付き ベランダ広め ガスコンロ ドラム式洗濯機 バルコニー デザイナーズ物件 ゴミ置き場';
      const ad = { title: 'デザイナーズマンション ガレージ付き', content: flat, price: 450000, area: 98, rooms: 3 };
      await f.importFeed(f.writeFile('a.xml', homesXml([{ id: 'X1', ...ad }])), ES_HOMES, 1);
      const db = f.store.db;
      const sketch = () => (db.prepare('SELECT sketch FROM feed_dedup').get() as { sketch: Buffer }).sketch;
      const now = sketch();
      // What earlier versions stored: the sketch of the words without their voicing marks.
      const unvoiced = `${ad.title} ${flat}`.normalize('NFKD').replace(/[\u3099\u309a]/g, '');
      const before = sketchOf(unvoiced);
      db.prepare('UPDATE feed_dedup SET sketch = ?').run(
        Buffer.from(before.buffer, before.byteOffset, before.byteLength),
      );
      db.exec(`DELETE FROM feed_meta WHERE key = 'voiced_kana'`);
      expect(sketch().equals(now)).to.equal(false);
      ensureFeedTables(db);
      expect(sketch().equals(now)).to.equal(true);
      // Another partner's copy, imported now, joins it.
      const s = await f.importFeed(f.writeFile('b.xml', homesXml([{ id: 'Y1', ...ad, price: 445000 }])), ES_HOMES, 2);
      expect(s.grouped).to.equal(1);
    } finally {
      f.close();
    }
  });
});

describe("a search store of layout 7 or before (before prices in another currency were filtered in the site's)", () => {
  it("prices its ads of another currency in the site's on open, after the upgrades before it, and filters them by their worth", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-layout7-'));
    const MX_HOMES: SiteKey = { country: 'mx', vertical: 'homes' };
    const house = (partnerAdId: string, value: number, currency: string): AdInput => ({
      ...madridHome({ sourceId: 4, title: `Casa ${partnerAdId}`, description: 'Casa con jardín.' }),
      country: 'mx',
      location: { city: 'Guadalajara' },
      homes: { propertyType: 'house', floorArea: 100 },
      partnerAdId,
      currency,
      price: { value },
    });
    const dearer = (store: SqliteSearchStore, min: number) => pricedFrom(store, MX_HOMES, min);
    try {
      const old = new SqliteSearchStore(dir, { now: () => NOW_S });
      await old.writeAds([house('usd', 450_000, 'USD'), house('mxn', 5_000_000, 'MXN'), house('eur', 300_000, 'EUR')]);
      // What layouts up to 7 wrote: the partner's figure, whatever its currency. A layout-6 store takes
      // the upgrade to 7 first, which must not skip this one.
      old.db.exec(`UPDATE ads SET price = 450000, price_m = 4500 WHERE partner_id = 'usd'`);
      old.db.exec(`UPDATE ads SET price = 300000, price_m = 3000 WHERE partner_id = 'eur'`);
      old.db.pragma('user_version = 6');
      expect(await dearer(old, 1_000_000)).to.deep.equal(['mxn']);
      old.close();

      const store = new SqliteSearchStore(dir, { now: () => NOW_S });
      expect(store.db.pragma('user_version', { simple: true })).to.equal(LAYOUT_VERSION);
      // US$ 450,000 and €300,000 are worth more than 5 million pesos; the documents still say dollars and euros.
      expect(await dearer(store, 6_000_000)).to.deep.equal(['eur', 'usd']);
      const prices = store.db.prepare('SELECT partner_id, price, price_m FROM ads ORDER BY partner_id').all() as {
        partner_id: string;
        price: number;
        price_m: number;
      }[];
      expect(prices.find((p) => p.partner_id === 'mxn')).to.deep.include({ price: 5_000_000, price_m: 50_000 });
      const usd = prices.find((p) => p.partner_id === 'usd')!;
      expect(usd.price).to.be.greaterThan(6_000_000);
      expect(usd.price_m).to.equal(Math.round((usd.price / 100) * 100) / 100);
      const [doc] = await store.getAds([(await store.getAdByPartner(4, 'usd'))!.id]);
      expect(doc).to.deep.include({ currency: 'USD', price: { value: 450_000 } });
      store.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prices its weekly rents by the month on open, for filters and sorting, and leaves their documents', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-layout8-'));
    const UK_HOMES: SiteKey = { country: 'uk', vertical: 'homes' };
    const flat = (partnerAdId: string, price: { value: number; isWeekly?: boolean }): AdInput => ({
      ...madridHome({ sourceId: 5, title: `Flat ${partnerAdId}`, description: 'A flat to rent.' }),
      country: 'uk',
      location: { city: 'London' },
      homes: { propertyType: 'flat', floorArea: 50 },
      partnerAdId,
      currency: 'GBP',
      price,
    });
    const dearer = (store: SqliteSearchStore, min: number) => pricedFrom(store, UK_HOMES, min);
    try {
      const old = new SqliteSearchStore(dir, { now: () => NOW_S });
      await old.writeAds([flat('weekly', { value: 400, isWeekly: true }), flat('monthly', { value: 1500 })]);
      // What layouts up to 8 wrote: a weekly rent's figure as it is.
      old.db.exec(`UPDATE ads SET price = 400, price_m = 8 WHERE partner_id = 'weekly'`);
      old.db.pragma('user_version = 8');
      expect(await dearer(old, 1000)).to.deep.equal(['monthly']);
      old.close();

      const store = new SqliteSearchStore(dir, { now: () => NOW_S });
      expect(store.db.pragma('user_version', { simple: true })).to.equal(LAYOUT_VERSION);
      // £400 a week is ~£1,733 a month: dearer than £1,500 a month, not cheaper than £1,000.
      expect(await dearer(store, 1600)).to.deep.equal(['weekly']);
      const row = store.db.prepare(`SELECT price, price_m FROM ads WHERE partner_id = 'weekly'`).get();
      expect(row).to.deep.equal({ price: 1733.33, price_m: 34.67 });
      const [doc] = await store.getAds([(await store.getAdByPartner(5, 'weekly'))!.id]);
      expect(doc).to.deep.include({ price: { value: 400, isWeekly: true } });
      store.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a search store of layout 9 (an index of its ads by source and partner id)', () => {
  it("gives up its (source, partner id) index on open, and still finds, updates and expires a source's ads by their partner ids", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-layout9-'));
    const app = feedApp();
    try {
      const feed = (prices: number[]) =>
        app.writeFile('feed.xml', homesXml(prices.map((price, i) => ({ id: `P${i}`, price }))));
      const old = new SqliteSearchStore(dir, { now: () => NOW_S });
      old.db.exec('CREATE UNIQUE INDEX ads_partner ON ads(source_id, partner_id); DROP INDEX ads_source');
      old.db.pragma('user_version = 9');
      await old.writeAds([{ ...madridHome({ sourceId: 4, title: 'Piso', description: 'Piso' }), partnerAdId: 'Q1' }]);
      old.close();

      const store = new SqliteSearchStore(dir, { now: () => NOW_S });
      expect(store.db.pragma('user_version', { simple: true })).to.equal(LAYOUT_VERSION);
      const indexes = store.db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'ads'`);
      expect(indexes.pluck().all()).to.include('ads_source').and.not.include('ads_partner');
      expect((await store.getAdByPartner(4, 'Q1'))?.title).to.equal('Piso');
      store.close();

      // A feed imported, then again with a price changed and an ad gone: updated and expired, never doubled.
      await app.importFeed(feed([200_000, 250_000, 300_000]), ES_HOMES, 9);
      const again = await app.importFeed(feed([200_000, 240_000]), ES_HOMES, 9);
      expect(again).to.include({ imported: 0, updated: 1, unchanged: 1, expired: 1 });
      const rows = app.store.db.prepare('SELECT partner_id, expired FROM ads WHERE source_id = 9 ORDER BY partner_id');
      expect(rows.all()).to.deep.equal([
        { partner_id: 'P0', expired: 0 },
        { partner_id: 'P1', expired: 0 },
        { partner_id: 'P2', expired: 1 },
      ]);
      const [p1] = await app.store.getAdsByPartner(9, ['P1', 'nowhere']);
      expect(p1?.price).to.deep.include({ value: 240_000, oldValue: 250_000 });
    } finally {
      app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a search store of 4 KiB pages (made before decision 101)', () => {
  it('keeps its pages on open, and imports, re-prices, expires and finds ads as a new store of 16 KiB pages does', async () => {
    const dirs = { old: 'trawl-pages-4k-', fresh: 'trawl-pages-16k-' };
    const made = Object.fromEntries(
      Object.entries(dirs).map(([k, prefix]) => [k, fs.mkdtempSync(path.join(os.tmpdir(), prefix))]),
    ) as Record<keyof typeof dirs, string>;
    // A store as the product made it before: SQLite's default page size, then WAL mode, then its tables.
    const before = new Database(path.join(made.old, 'search.sqlite'));
    before.pragma('page_size = 4096');
    before.pragma('journal_mode = WAL');
    before.close();
    const feed = (name: string, prices: number[]) => {
      const file = path.join(made.fresh, name);
      fs.writeFileSync(file, homesXml(prices.map((price, i) => ({ id: `P${i}`, price, title: `Ático ${i} soleado` }))));
      return file;
    };
    const first = feed('first.xml', [200_000, 250_000, 300_000]);
    const second = feed('second.xml', [200_000, 240_000]);
    try {
      const seen: Record<string, unknown>[] = [];
      for (const dir of [made.old, made.fresh]) {
        const store = new SqliteSearchStore(dir, { now: () => NOW_S });
        // The WAL's checkpoint threshold while the import writes: 128 MB, in pages of the store's size.
        let checkpointPages: unknown;
        const run = (file: string) =>
          new FeedImporter({
            store,
            gazetteer: Gazetteer.shared(),
            site: ES_HOMES,
            sourceId: 3,
            file,
            now: () => NOW_S,
            onProgress: (p) => {
              if (p.phase === 'applying') checkpointPages = store.db.pragma('wal_autocheckpoint', { simple: true });
            },
          }).run();
        await run(first);
        const again = await run(second);
        const [p1] = await store.getAdsByPartner(3, ['P1']);
        seen.push({
          pageSize: store.db.pragma('page_size', { simple: true }),
          checkpointPages,
          again: {
            imported: again.imported,
            updated: again.updated,
            unchanged: again.unchanged,
            expired: again.expired,
          },
          price: { value: p1?.price?.value, oldValue: p1?.price?.oldValue },
          found: (await searchWords(store, 'atico soleado')).map((a) => a.partnerAdId).sort(),
          integrity: store.db.pragma('integrity_check', { simple: true }),
        });
        store.close();
      }
      const served = {
        again: { imported: 0, updated: 1, unchanged: 1, expired: 1 },
        price: { value: 240_000, oldValue: 250_000 },
        found: ['P0', 'P1'],
        integrity: 'ok',
      };
      expect(seen[0]).to.deep.include({ pageSize: 4096, checkpointPages: 32_768, ...served });
      expect(seen[1]).to.deep.include({ pageSize: PAGE_BYTES, checkpointPages: 8_192, ...served });
      expect(PAGE_BYTES).to.equal(16_384);
    } finally {
      for (const dir of Object.values(made)) fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
