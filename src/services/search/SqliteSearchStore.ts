import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { countryByCode } from '../../../config/countries';
import { openWalDatabase, upgrading } from '../sqlite';
import type { GroupField, SearchStore } from './SearchStore';
import { INDEX_TOKENIZER, indexText } from './indexText';
import { comparablePrice, siteCurrency } from './currencies';
import { langOf, type Lang } from './reference';
import { isStopWord } from './searchWords';
import { adIdOf, siteCode, siteOfCode } from './siteKeys';
import { hasVoicedKana, isUnspaced, normalizePhrase, slug, spaceWords, tokenize } from './text';
import type {
  AdInput,
  Candidate,
  CandidateQuery,
  CandidateResult,
  KeywordRow,
  RangeField,
  SiteKey,
  Source,
  StoredAd,
  TagField,
} from './types';

/**
 * The embedded adapter: one SQLite file (`<dataDir>/search.sqlite`, WAL) with
 *
 * - `ads`: one narrow row per ad with the columns filters, sorting and facets
 *   read, and its folded title words (`tw`, for relevance). The key `k` is the
 *   rowid: each site owns the key range `[site × 2^40, (site + 1) × 2^40)`, and
 *   within it keys count down in publication order, so a site is a rowid range
 *   (no site token in the index) and "newest first" is an ascending walk;
 * - `ad_docs`: the whole ad as JSON, read only for the ads of a page;
 * - `ads_fts`: a contentless FTS5 index (unicode61, diacritics removed, no word
 *   positions: `detail=none`) with three columns: title, body (description,
 *   place and label words) and tags,
 *   where every exact-match filter value is a token (`zzc2643743` for a city,
 *   `zzsrc41701` for a source ...), so that text and exact filters are one MATCH
 *   and the index walks its doclists newest first, within the site's rowid
 *   range, and stops at the cap;
 * - `terms` (title words per site, for "did you mean"), `keywords` (the SEO
 *   index and what-autocomplete), `sources`, `sites` (key bounds per site).
 *
 * See docs/decisions/012-capped-candidates.md for the candidate cap and
 * docs/decisions/014-site-key-ranges.md for the key layout.
 */

const RANGE_COLUMN: Record<RangeField, string> = {
  price: 'a.price',
  area: 'a.area',
  rooms: 'a.rooms',
  bathrooms: 'a.baths',
  year: 'a.year',
  mileage: 'a.mileage',
  doors: 'a.doors',
  salary: 'a.salary',
  experience: 'a.experience',
  date: 'a.date',
  lat: 'a.lat',
  lng: 'a.lng',
};

const TAG_PREFIX: Record<TagField, string> = {
  region: 'r',
  city: 'c',
  cityArea: 'a',
  typeId: 't',
  propertyType: 'k',
  carType: 'k',
  make: 'mk',
  model: 'md',
  transmission: 'tr',
  fuel: 'fu',
  category: 'cat',
  company: 'co',
  jobType: 'jt',
  workingHours: 'wh',
  telecommute: 'tele',
  photos: 'photo',
  decreasePrice: 'drop',
  parking: 'park',
  newBuild: 'new',
  source: 'src',
};

/**
 * The FTS token of a tag value (letters and digits only), behind the `zz`
 * prefix no word of an ad starts with, so that tag tokens can be matched
 * without a column filter (column filters make FTS5 decode every position list).
 */
export function tagToken(field: TagField, value: string | number | boolean): string {
  const v = typeof value === 'boolean' ? (value ? '1' : '0') : typeof value === 'number' ? String(value) : slug(value);
  return `zz${TAG_PREFIX[field]}${v}`;
}

const GROUP_COLUMN: Record<GroupField, string> = {
  city: 'city_id',
  region: 'region_id',
  typeId: 'type_id',
  propertyType: 'kind',
  make: 'make',
  category: 'category',
};

/**
 * Each site owns the keys `[site × SITE_SPAN, (site + 1) × SITE_SPAN)`; within it
 * keys count down from the top, so a newer ad gets a smaller key and "newest
 * first" is FTS5's forward (ascending) walk. Site codes stay below 8192, so
 * keys stay below 2^53 (exact in JavaScript numbers).
 */
const SITE_SPAN = 2 ** 40;
const MAX_SITE_CODE = 8191;

/**
 * The key range of a site. Bind its bounds as BigInts: FTS5 only uses a rowid bound
 * that is an INTEGER, and better-sqlite3 binds a JS number as a REAL (see 014).
 */
function siteRange(site: number): { base: number; top: number } {
  if (site < 0 || site > MAX_SITE_CODE) throw new Error(`site code ${site} out of the key layout`);
  return { base: site * SITE_SPAN, top: (site + 1) * SITE_SPAN - 1 };
}

/**
 * The schema's layout version (`PRAGMA user_version`): a layout-1 store is re-keyed on open; a
 * layout-2 store gains the `expires` column (filled for its live dated ads) on open (decision 045);
 * a layout-3 store's text index is rebuilt without positions on open (decision 065); a layout-4
 * store gains the `kw` column (its ads' keyword phrases; read from their titles while it is empty);
 * a layout-5 store's text index is rebuilt of folded text (`indexText`, decision 075); a layout-6
 * store's ads with a voiced kana are indexed again, their voicing marks kept (`refoldKana`); a layout-7
 * store's ads priced in another currency than their site's are priced in the site's for filters and
 * sorting (`convertPrices`); a layout-8 store's weekly rents are priced by the month for filters and
 * sorting (`monthlyPrices`); a layout-9 store's `ads_partner` index gives way to `ads_source`: an ad is
 * found by its source and partner id through its id, their hash (decision 100).
 */
export const LAYOUT_VERSION = 10;

/**
 * A new store's page size (decision 101): a feed import's writes cost ~8 % less CPU than with SQLite's
 * 4 KiB pages (fewer pages split, written to the WAL and copied back), and searches read the table in
 * key order. A store made before keeps its pages.
 */
export const PAGE_BYTES = 16_384;

/** Rows examined before a query with range filters settles for an estimate. */
const SCAN_BUDGET = 250_000;
const FIRST_WINDOW = 60_000;

/**
 * The text index. It keeps which ads hold each word, and not where (`detail=none`, decision 065):
 * every query is single words and tag tokens, never a phrase or a column filter, and relevance
 * reads the row's title words (`tw`). Positions were most of the index and of each write.
 */
const TEXT_INDEX = `CREATE VIRTUAL TABLE IF NOT EXISTS ads_fts USING fts5(
  title, body, tags, content='', contentless_delete=1, detail=none, tokenize="${INDEX_TOKENIZER}"
);`;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS sources (id INTEGER PRIMARY KEY, site INTEGER NOT NULL, data TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS sources_site ON sources(site);
CREATE TABLE IF NOT EXISTS ads (
  k INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  site INTEGER NOT NULL,
  source_id INTEGER NOT NULL,
  partner_id TEXT NOT NULL,
  dup INTEGER,
  date INTEGER NOT NULL,
  expired INTEGER NOT NULL DEFAULT 0,
  tw TEXT NOT NULL DEFAULT '',
  price REAL, price_m REAL, area REAL, rooms INTEGER, baths INTEGER,
  region_id INTEGER, city_id INTEGER, area_id INTEGER, lat REAL, lng REAL,
  type_id INTEGER, kind TEXT, make TEXT, model TEXT, fuel TEXT, trans TEXT,
  year INTEGER, mileage INTEGER, doors INTEGER,
  salary REAL, category INTEGER, company TEXT, job_type TEXT, hours TEXT, experience INTEGER,
  expires INTEGER,
  kw TEXT
);
CREATE INDEX IF NOT EXISTS ads_source ON ads(source_id);
CREATE INDEX IF NOT EXISTS ads_dup ON ads(dup) WHERE dup IS NOT NULL;
CREATE TABLE IF NOT EXISTS ad_docs (k INTEGER PRIMARY KEY, doc TEXT NOT NULL);
${TEXT_INDEX}
CREATE TABLE IF NOT EXISTS sites (site INTEGER PRIMARY KEY, min_k INTEGER NOT NULL, max_k INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS terms (site INTEGER NOT NULL, term TEXT NOT NULL, ads INTEGER NOT NULL,
  PRIMARY KEY (site, term)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS keywords (site INTEGER NOT NULL, norm TEXT NOT NULL, label TEXT NOT NULL,
  category_id INTEGER, first_letter TEXT NOT NULL, ads INTEGER NOT NULL DEFAULT 0, searches INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (site, norm)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS keyword_counts (site INTEGER PRIMARY KEY, counted_at INTEGER NOT NULL);
`;

/**
 * How often at most (seconds) a site's keyword counts are brought up to date for ads whose
 * expiration time came since they were counted: between feed runs, nothing else recounts them.
 */
export const KEYWORD_UPKEEP_S = 600;

/** Ads counted as a search lists them: a duplicate group once (its id), any other ad by its key (negated). */
const COUNT_ONCE = 'count(DISTINCT coalesce(dup, -k))';

/** Dated ads not marked expired: few, and only they can be due (`countAds`). */
const EXPIRY_INDEX = 'CREATE INDEX IF NOT EXISTS ads_expires ON ads(expires) WHERE expires IS NOT NULL AND expired = 0';

/** Columns every candidate carries, then those of its vertical (read as raw arrays: objects cost). */
const COMMON_COLUMNS = [
  'k',
  'id',
  'date',
  'price',
  'source_id',
  'dup',
  'region_id',
  'city_id',
  'area_id',
  'lat',
  'lng',
];
const VERTICAL_COLUMNS: Record<string, string[]> = {
  homes: ['price_m', 'type_id', 'kind', 'rooms'],
  cars: ['kind', 'make', 'model', 'fuel', 'trans'],
  jobs: ['category', 'company', 'job_type', 'hours'],
  products: ['type_id'],
};
const CANDIDATE_FIELD: Record<string, keyof Candidate> = {
  k: 'key',
  id: 'id',
  date: 'date',
  price: 'price',
  price_m: 'pricePerMeter',
  source_id: 'sourceId',
  dup: 'duplicateGroup',
  region_id: 'regionId',
  city_id: 'cityId',
  area_id: 'cityAreaId',
  type_id: 'typeId',
  kind: 'kind',
  make: 'make',
  model: 'model',
  fuel: 'fuel',
  trans: 'transmission',
  category: 'category',
  company: 'company',
  job_type: 'jobType',
  hours: 'workingHours',
  rooms: 'rooms',
  lat: 'lat',
  lng: 'lng',
};

interface DocRow {
  k: number;
  id: string;
  expired: number;
  /** The ad's expiration time (epoch seconds), null when it has none. */
  expires: number | null;
  /** Its duplicate group: the row's, which a grouping sets without rewriting the document. */
  dup: number | null;
  doc: string;
}

/** What `toStored` reads of an ad (`ads` as `a`, `ad_docs` as `d`). */
const DOC_COLUMNS = 'a.k, a.id, a.expired, a.expires, a.dup, d.doc';

/**
 * A source's ads by their ids (a JSON array), one seek of the `id` index each: `CROSS JOIN` and `+`
 * keep SQLite from reading every ad of the source by `ads_source` and the ids once for each instead
 * (18.8 s for 2,000 ids of a 200,000-ad source, each batch of a re-import, holding the write lock).
 */
export const ADS_BY_ID_OF_SOURCE = `SELECT ${DOC_COLUMNS} FROM json_each(?) j CROSS JOIN ads a ON a.id = j.value
  JOIN ad_docs d ON d.k = a.k WHERE +a.source_id = ?`;

/**
 * An ad is live when it is not marked expired and its expiration time, if any, is still ahead: a
 * feed ad past its `expiration_date` leaves every read at that second, before an import or a sweep
 * marks it expired (decision 045). `?` is the store's clock.
 */
const LIVE_A = 'a.expired = 0 AND (a.expires IS NULL OR a.expires > ?)';
/** Not marked expired, but its expiration time has come (`?`: the clock); read through `ads_expires`. */
const DUE = 'expires IS NOT NULL AND expired = 0 AND expires <= ?';

export interface SqliteSearchStoreOptions {
  /** Keyword searches are buffered and written at most this often (ms). */
  flushEveryMs?: number;
  /** Epoch seconds, for ads' expiration times (default the system clock). */
  now?: () => number;
}

export class SqliteSearchStore implements SearchStore {
  readonly db: Database.Database;
  private readonly statements = new Map<string, Database.Statement>();
  private readonly sourceCache = new Map<number, Source>();
  private readonly siteBounds = new Map<number, { min: number; max: number }>();
  private readonly pendingSearches = new Map<string, { site: number; norm: string; label: string; n: number }>();
  private flushTimer: NodeJS.Timeout | undefined;
  /** Epoch seconds: an ad whose expiration time is not after it is served as expired (tests set it). */
  clock: () => number;

  constructor(
    dataDir: string,
    private readonly options: SqliteSearchStoreOptions = {},
  ) {
    this.clock = options.now ?? (() => Math.floor(Date.now() / 1000));
    fs.mkdirSync(dataDir, { recursive: true });
    this.db = openWalDatabase(path.join(dataDir, 'search.sqlite'), { pageSize: PAGE_BYTES });
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('cache_size = -131072');
    this.db.pragma('mmap_size = 2147483648');
    this.db.pragma('temp_store = MEMORY');
    const layout = this.db.pragma('user_version', { simple: true }) as number;
    const existing = this.db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'ads'`).get();
    upgrading(this.db, () => {
      if (existing && layout < 2) this.migrateLayout();
      else {
        this.db.exec(SCHEMA);
        if (existing && layout < 3) this.addExpiryColumn();
        if (existing && layout < 5) this.addKeywordColumn();
        if (existing && layout < 6) this.reindexText();
        if (existing && layout < 7) this.refoldKana();
        if (existing && layout < 8) this.convertPrices();
        if (existing && layout < 9) this.monthlyPrices();
        if (existing && layout < 10) this.db.exec('DROP INDEX IF EXISTS ads_partner');
        if (layout < LAYOUT_VERSION) this.db.pragma(`user_version = ${LAYOUT_VERSION}`);
      }
    });
    // The ads whose expiration time may come before they are marked expired (after the column exists).
    this.db.exec(EXPIRY_INDEX);
    for (const row of this.db.prepare('SELECT id, data FROM sources').all() as { id: number; data: string }[]) {
      this.sourceCache.set(row.id, JSON.parse(row.data) as Source);
    }
    for (const row of this.db.prepare('SELECT site, min_k, max_k FROM sites').all() as {
      site: number;
      min_k: number;
      max_k: number;
    }[]) {
      this.siteBounds.set(row.site, { min: row.min_k, max: row.max_k });
    }
  }

  private stmt(sql: string, raw = false): Database.Statement {
    const key = raw ? `raw:${sql}` : sql;
    let s = this.statements.get(key);
    if (!s) {
      if (this.statements.size > 500) this.statements.clear();
      s = this.db.prepare(sql);
      if (raw) s.raw(true);
      this.statements.set(key, s);
    }
    return s;
  }

  async putSources(sources: readonly Source[]): Promise<void> {
    const put = this.stmt('INSERT OR REPLACE INTO sources (id, site, data) VALUES (?, ?, ?)');
    this.db.transaction(() => {
      for (const s of sources) {
        put.run(s.id, siteCode(s), JSON.stringify(s));
        this.sourceCache.set(s.id, s);
      }
    })();
  }

  async source(id: number): Promise<Source | undefined> {
    this.followOtherWriters();
    return this.sourceCache.get(id);
  }

  async sources(site: SiteKey): Promise<Source[]> {
    this.followOtherWriters();
    return [...this.sourceCache.values()].filter((s) => s.country === site.country && s.vertical === site.vertical);
  }

  async writeAds(ads: readonly AdInput[]): Promise<number> {
    return this.writeAdsSync(ads);
  }

  /** The synchronous bulk write (the benchmark's loader uses it directly). */
  writeAdsSync(ads: readonly AdInput[]): number {
    this.db
      .transaction(() => {
        this.insertAds(
          ads.map((ad) => ({ ad, id: ad.id ?? adIdOf(ad, ad.sourceId, ad.partnerAdId), expired: ad.expired === true })),
          true,
        );
      })
      .immediate();
    return ads.length;
  }

  /**
   * Writes ads (inside the caller's transaction). New ads take keys below every
   * existing key of their site, the last given (newest) the smallest; rows are
   * written in ascending key order (FTS5 flushes its pending index whenever a rowid
   * goes down). `vocabulary` also counts title words and keyword phrases.
   */
  private insertAds(items: readonly { ad: AdInput; id: string; expired: boolean }[], vocabulary: boolean): void {
    const findKey = this.stmt('SELECT k, site FROM ads WHERE id = ?');
    const deleteAd = this.stmt('DELETE FROM ads WHERE k = ?');
    const deleteDoc = this.stmt('DELETE FROM ad_docs WHERE k = ?');
    const deleteFts = this.stmt('DELETE FROM ads_fts WHERE rowid = ?');
    const writes = items.map(({ ad, id, expired }) => adWriteOf(ad, id, expired));
    const existing = writes.map((w) => {
      const found = findKey.get(w.id) as { k: number; site: number } | undefined;
      if (found && found.site !== w.site) {
        // The id moved to another site (an explicit id): its key must move to that site's range.
        deleteFts.run(found.k);
        deleteAd.run(found.k);
        deleteDoc.run(found.k);
      }
      return found && found.site === w.site ? found.k : undefined;
    });
    this.insertWrites(writes, existing, vocabulary);
  }

  /**
   * Writes ads that are known to be new (no ad has their ids), prepared by `adWriteOf` (a feed
   * import prepares them off the main thread), inside the caller's transaction: keys below
   * every key of their site, the last given the smallest, and the vocabulary, as `writeAds`.
   * Returns their keys, in the order given.
   */
  writeNewAdsSync(writes: readonly AdWrite[]): number[] {
    return this.insertWrites(
      writes,
      writes.map(() => undefined),
      true,
    );
  }

  private insertWrites(
    writes: readonly AdWrite[],
    existing: readonly (number | undefined)[],
    vocabulary: boolean,
  ): number[] {
    const insertAd = this.stmt(
      `INSERT INTO ads (k, id, site, source_id, partner_id, dup, date, expired, tw, price, price_m, area, rooms, baths,
        region_id, city_id, area_id, lat, lng, type_id, kind, make, model, fuel, trans, year, mileage, doors,
        salary, category, company, job_type, hours, experience, expires, kw)
       VALUES (${new Array(36).fill('?').join(', ')})`,
    );
    const deleteAd = this.stmt('DELETE FROM ads WHERE k = ?');
    const deleteFts = this.stmt('DELETE FROM ads_fts WHERE rowid = ?');
    const putDoc = this.stmt('INSERT OR REPLACE INTO ad_docs (k, doc) VALUES (?, ?)');
    const insertFts = this.stmt('INSERT INTO ads_fts (rowid, title, body, tags) VALUES (?, ?, ?, ?)');
    const lowestKey = this.stmt('SELECT min(k) AS k FROM ads WHERE k >= ? AND k <= ?');
    const terms = new Map<string, number>();
    const keywords = new Map<
      string,
      { site: number; norm: string; label: string; category: number | null; n: number }
    >();
    // The sites' key bounds as stored: another connection (a thread of a feed import) may have moved them.
    const storedBounds = this.stmt('SELECT min_k, max_k FROM sites WHERE site = ?');
    for (const site of new Set(writes.map((w) => w.site))) {
      const row = storedBounds.get(site) as { min_k: number; max_k: number } | undefined;
      if (row) this.siteBounds.set(site, { min: row.min_k, max: row.max_k });
    }
    const keys = existing.slice();
    const fresh = new Map<number, number>();
    writes.forEach((w, i) => {
      if (keys[i] === undefined) fresh.set(w.site, (fresh.get(w.site) ?? 0) + 1);
    });
    const next = new Map<number, number>();
    for (const [site, n] of fresh) {
      const { base, top } = siteRange(site);
      const low = (lowestKey.get(BigInt(base), BigInt(top)) as { k: number | null }).k ?? top + 1;
      if (low - n < base) throw new Error(`site ${site} is out of keys`);
      next.set(site, low - n);
    }
    for (let i = writes.length - 1; i >= 0; i--) {
      if (keys[i] !== undefined) continue;
      const site = (writes[i] as AdWrite).site;
      const k = next.get(site) as number;
      keys[i] = k;
      next.set(site, k + 1);
    }
    const order = writes.map((_, i) => i).sort((a, b) => (keys[a] as number) - (keys[b] as number));
    for (const i of order) {
      const w = writes[i] as AdWrite;
      const k = keys[i] as number;
      const isNew = existing[i] === undefined;
      if (!isNew) {
        deleteFts.run(k);
        deleteAd.run(k);
      }
      insertAd.run(k, ...w.columns);
      putDoc.run(k, w.doc);
      if (w.fts) insertFts.run(k, w.fts[0], w.fts[1], w.fts[2]);
      const bounds = this.siteBounds.get(w.site);
      if (!bounds) this.siteBounds.set(w.site, { min: k, max: k });
      else {
        bounds.min = Math.min(bounds.min, k);
        bounds.max = Math.max(bounds.max, k);
      }
      if (!vocabulary) continue;
      if (isNew) {
        for (const t of w.terms) {
          const tk = `${w.site}|${t}`;
          terms.set(tk, (terms.get(tk) ?? 0) + 1);
        }
      }
      // A new live ad adds to its keywords' counts; a rewritten one, or one written expired (no text
      // index), only makes sure its keywords have a row (a new title's phrase), which the next
      // `recountKeywords` counts: an index link counting an expired ad leads to no results.
      const add = isNew && w.fts !== null ? 1 : 0;
      for (const { norm, label } of w.keywords) {
        const kk = `${w.site}|${norm}`;
        const entry = keywords.get(kk);
        if (entry) entry.n += add;
        else keywords.set(kk, { site: w.site, norm, label, category: w.category, n: add });
      }
    }
    const putTerm = this.stmt(
      'INSERT INTO terms (site, term, ads) VALUES (?, ?, ?) ON CONFLICT (site, term) DO UPDATE SET ads = ads + excluded.ads',
    );
    for (const [tk, n] of terms) {
      const bar = tk.indexOf('|');
      putTerm.run(Number(tk.slice(0, bar)), tk.slice(bar + 1), n);
    }
    const putKeyword = this.stmt(
      `INSERT INTO keywords (site, norm, label, category_id, first_letter, ads) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (site, norm) DO UPDATE SET ads = ads + excluded.ads`,
    );
    for (const e of keywords.values()) putKeyword.run(e.site, e.norm, e.label, e.category, firstLetter(e.norm), e.n);
    const putSite = this.stmt('INSERT OR REPLACE INTO sites (site, min_k, max_k) VALUES (?, ?, ?)');
    for (const site of new Set(writes.map((w) => w.site))) {
      const b = this.siteBounds.get(site);
      if (b) putSite.run(site, b.min, b.max);
    }
    return keys as number[];
  }

  /**
   * Layout 1 (one global key sequence, a site token in the index) to layout 2 (a key
   * range per site, title words on the row): every ad is re-written from `ad_docs`,
   * oldest first, keeping its id, expiry and document; terms and keywords stay.
   */
  private migrateLayout(): void {
    this.db.transaction(() => {
      this.db.exec(`DROP INDEX IF EXISTS ads_partner; DROP INDEX IF EXISTS ads_dup;
        ALTER TABLE ads RENAME TO ads_v1; ALTER TABLE ad_docs RENAME TO ad_docs_v1;
        DROP TABLE IF EXISTS ads_fts; DROP TABLE IF EXISTS sites;`);
      this.db.exec(SCHEMA);
      const read = this.db.prepare(
        `SELECT a.k, a.id, a.expired, d.doc FROM ads_v1 a JOIN ad_docs_v1 d ON d.k = a.k
         WHERE a.k < ? ORDER BY a.k DESC LIMIT 5000`,
      );
      for (let below = Number.MAX_SAFE_INTEGER; ;) {
        const rows = read.all(below) as DocRow[];
        if (rows.length === 0) break;
        below = (rows[rows.length - 1] as DocRow).k;
        this.insertAds(
          rows.map((r) => ({ ad: JSON.parse(r.doc) as AdInput, id: r.id, expired: r.expired === 1 })),
          false,
        );
      }
      this.db.exec('DROP TABLE ads_v1; DROP TABLE ad_docs_v1;');
      this.db.pragma(`user_version = ${LAYOUT_VERSION}`);
    })();
  }

  /**
   * Layout 2 to 3: the `expires` column, filled for the live ads that have an expiration time.
   * Another process may be opening the same store: the column is added once, under the write lock.
   */
  private addExpiryColumn(): void {
    this.db
      .transaction(() => {
        const columns = this.db.prepare('SELECT name FROM pragma_table_info(?)').all('ads') as { name: string }[];
        if (columns.some((c) => c.name === 'expires')) return;
        this.db.exec('ALTER TABLE ads ADD COLUMN expires INTEGER');
        // Only feed imports give ads an expiration time, and their state (`feed_ads`, indexed by it)
        // has it: read there, the upgrade of a big store takes no scan of its documents (a
        // server's other processes wait for it). A store without feed imports: its documents.
        const feeds = this.db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'feed_ads'`).get();
        this.db.exec(
          feeds
            ? `UPDATE ads SET expires = f.expires_at FROM feed_ads f
               WHERE f.live = 1 AND f.expires_at IS NOT NULL AND ads.source_id = f.source_id AND ads.partner_id = f.partner_id`
            : `UPDATE ads SET expires = (SELECT json_extract(d.doc, '$.expiresAt') FROM ad_docs d WHERE d.k = ads.k)
               WHERE k IN (SELECT k FROM ad_docs WHERE instr(doc, '"expiresAt":') > 0)`,
        );
        if ((this.db.pragma('user_version', { simple: true }) as number) < 3) this.db.pragma('user_version = 3');
      })
      .immediate();
  }

  /**
   * Layouts 3 and 5 to 6: the text index rebuilt from the documents of the ads not marked expired
   * (the ones indexed), in key order: without positions (layout 4, decision 065), and of text folded
   * as queries are (layout 6, `indexText`). Another process may be opening the same store: the index
   * is rebuilt once, under the write lock (the first to take it sets the layout).
   */
  private reindexText(): void {
    this.db
      .transaction(() => {
        if ((this.db.pragma('user_version', { simple: true }) as number) < 6) {
          this.db.exec(`DROP TABLE IF EXISTS ads_fts; ${TEXT_INDEX}`);
          const read = this.db.prepare(
            `SELECT a.k, d.doc FROM ads a JOIN ad_docs d ON d.k = a.k WHERE a.expired = 0 AND a.k > ? ORDER BY a.k LIMIT 5000`,
          );
          const insert = this.db.prepare('INSERT INTO ads_fts (rowid, title, body, tags) VALUES (?, ?, ?, ?)');
          for (let after = -1; ;) {
            const rows = read.all(after) as { k: number; doc: string }[];
            if (rows.length === 0) break;
            for (const r of rows) insert.run(r.k, ...textOf(JSON.parse(r.doc) as AdInput));
            after = (rows[rows.length - 1] as { k: number }).k;
          }
        }
        if ((this.db.pragma('user_version', { simple: true }) as number) < 6) this.db.pragma('user_version = 6');
      })
      .immediate();
  }

  /**
   * Layout 6 to 7, for the ads of Japanese, Chinese or Thai text. A kana keeps its voicing mark when
   * folded (`fold`: "バス" is no longer "ハス"), and a title's words are parted where its script
   * writes no spaces (`tw`, for relevance). The ads whose document has a voiced kana are indexed again,
   * with their title words and phrases: the title-word counts move to the voiced words, a phrase made
   * of the title is made again, and a phrase given with the ad (not kept in its document) takes the
   * voiced spelling of its words found in the ad's own text. A searched phrase's searches move to its
   * voiced phrase; the sites touched are recounted. One scan of the documents, under the write lock
   * (another process may be opening the same store).
   */
  /**
   * Layout 7 to 8: an ad priced in another currency than its site's ("US$ 450,000" on the Mexican
   * site) has its price columns in the site's currency, as ads written since are (`adColumns`), so it
   * filters and sorts among the others by its worth rather than by its figure. Its document, and so
   * what it shows, is unchanged. Only ads whose document names another currency are read.
   */
  private convertPrices(): void {
    this.db
      .transaction(() => {
        if ((this.db.pragma('user_version', { simple: true }) as number) >= 8) return;
        const update = this.db.prepare('UPDATE ads SET price = ?, price_m = ? WHERE k = ?');
        const sites = this.db.prepare('SELECT site FROM sites').pluck().all() as number[];
        for (const site of sites) {
          const key = siteOfCode(site);
          if (!key) continue;
          const { base, top } = siteRange(site);
          const rows = this.db
            .prepare(
              `SELECT a.k, a.area, d.doc FROM ads a JOIN ad_docs d ON d.k = a.k
               WHERE a.k BETWEEN ? AND ? AND a.price IS NOT NULL
                 AND instr(d.doc, '"currency":') > 0 AND instr(d.doc, ?) = 0`,
            )
            .all(BigInt(base), BigInt(top), `"currency":${JSON.stringify(siteCurrency(key.country))}`) as {
            k: number;
            area: number | null;
            doc: string;
          }[];
          for (const r of rows) {
            const ad = JSON.parse(r.doc) as AdInput;
            if (!ad.price) continue;
            const price = comparablePrice(ad.price, ad.currency, ad.country);
            update.run(price, r.area ? Math.round((price / r.area) * 100) / 100 : null, r.k);
          }
        }
        this.db.pragma('user_version = 8');
      })
      .immediate();
  }

  /**
   * Layout 8 to 9: a rent given by the week has its price columns by the month (`comparablePrice`), as
   * ads written since have, so that "£250 per week" is filtered and sorted among monthly rents by what
   * it costs. Only ads whose document says `isWeekly` are read; their documents are unchanged.
   */
  private monthlyPrices(): void {
    this.db
      .transaction(() => {
        if ((this.db.pragma('user_version', { simple: true }) as number) >= 9) return;
        const update = this.db.prepare('UPDATE ads SET price = ?, price_m = ? WHERE k = ?');
        const rows = this.db
          .prepare(
            `SELECT a.k, a.area, d.doc FROM ads a JOIN ad_docs d ON d.k = a.k
             WHERE a.price IS NOT NULL AND instr(d.doc, '"isWeekly":true') > 0`,
          )
          .all() as { k: number; area: number | null; doc: string }[];
        for (const r of rows) {
          const ad = JSON.parse(r.doc) as AdInput;
          if (!ad.price?.isWeekly) continue;
          const price = comparablePrice(ad.price, ad.currency, ad.country);
          update.run(price, r.area ? Math.round((price / r.area) * 100) / 100 : null, r.k);
        }
        this.db.pragma('user_version = 9');
      })
      .immediate();
  }

  private refoldKana(): void {
    const sites = new Set<number>();
    this.db
      .transaction(() => {
        if ((this.db.pragma('user_version', { simple: true }) as number) >= 7) return;
        const labelOf = this.db.prepare('SELECT label FROM keywords WHERE site = ? AND norm = ?').pluck();
        const putKeyword = this.db.prepare(
          `INSERT INTO keywords (site, norm, label, category_id, first_letter, ads, searches) VALUES (?, ?, ?, ?, ?, 0, ?)
           ON CONFLICT (site, norm) DO UPDATE SET searches = searches + excluded.searches`,
        );
        const read = this.db.prepare(
          `SELECT a.k, a.site, a.expired, a.kw, d.doc FROM ads a JOIN ad_docs d ON d.k = a.k
           WHERE a.k > ? ORDER BY a.k LIMIT 5000`,
        );
        const update = this.db.prepare('UPDATE ads SET tw = ?, kw = ? WHERE k = ?');
        const unindex = this.db.prepare('DELETE FROM ads_fts WHERE rowid = ?');
        const index = this.db.prepare('INSERT INTO ads_fts (rowid, title, body, tags) VALUES (?, ?, ?, ?)');
        const countTerm = this.db.prepare(
          'INSERT INTO terms (site, term, ads) VALUES (?, ?, ?) ON CONFLICT (site, term) DO UPDATE SET ads = ads + excluded.ads',
        );
        const dropTerms = this.db.prepare('DELETE FROM terms WHERE site = ? AND ads <= 0');
        const titleTerms = (tokens: readonly string[]) =>
          distinctWords(tokens).filter((t) => t.length >= 2 && !isDigits(t));
        for (let after = -1; ;) {
          const rows = read.all(after) as {
            k: number;
            site: number;
            expired: number;
            kw: string | null;
            doc: string;
          }[];
          if (rows.length === 0) break;
          after = (rows[rows.length - 1] as { k: number }).k;
          for (const r of rows) {
            const voiced = hasVoicedKana(r.doc);
            if (!voiced && !isUnspaced(r.doc)) continue;
            const ad = JSON.parse(r.doc) as AdInput;
            const tokens = tokenize(ad.title);
            const tw = titleWords(ad.title, distinctWords(tokens), tokenize);
            if (!voiced) {
              update.run(tw, r.kw, r.k);
              continue;
            }
            const was = titleTerms(tokens.map(unvoiced));
            const now = titleTerms(tokens);
            for (const t of was) if (!now.includes(t)) countTerm.run(r.site, t, -1);
            for (const t of now) if (!was.includes(t)) countTerm.run(r.site, t, 1);
            let kw = r.kw;
            const category = ad.products?.categoryId ?? ad.jobs?.category ?? ad.typeId ?? null;
            const phrase = (norm: string, label: string) => {
              putKeyword.run(r.site, norm, label, category, firstLetter(norm), 0);
              return { norm };
            };
            if (kw === null) {
              // Read from its title when counted (written before layout 5): its phrase's row must exist.
              for (const norm of defaultKeywords(tokens)) phrase(norm, norm);
            } else if (kw === keywordsColumn(defaultKeywords(tokens.map(unvoiced)).map((norm) => ({ norm })))) {
              // The phrase its title gave (its first words, folded as before).
              kw = keywordsColumn(defaultKeywords(tokens).map((norm) => phrase(norm, norm)));
            } else {
              // Phrases given with the ad: each word as the ad's own text spells it, voiced, where
              // the text spells it one way only.
              const voicedOf = voicedSpellings(r.doc);
              kw = keywordsColumn(
                keywordsOfColumn(kw).map((norm) => {
                  const voicedNorm = norm
                    .split(' ')
                    .map((w) => voicedOf.get(w) ?? w)
                    .join(' ');
                  if (voicedNorm === norm) return { norm };
                  const label = labelOf.get(r.site, norm) as string | undefined;
                  return phrase(voicedNorm, label && normalizePhrase(label) === voicedNorm ? label : voicedNorm);
                }),
              );
            }
            update.run(tw, kw, r.k);
            if (r.expired === 0) {
              unindex.run(r.k);
              index.run(r.k, ...textOf(ad));
            }
            sites.add(r.site);
          }
        }
        // A phrase visitors searched for, spelt with a voiced kana: its searches go to its voiced phrase.
        const searched = this.db
          .prepare('SELECT site, norm, label, category_id, searches FROM keywords WHERE searches > 0')
          .all() as { site: number; norm: string; label: string; category_id: number | null; searches: number }[];
        const unsearched = this.db.prepare('UPDATE keywords SET searches = 0 WHERE site = ? AND norm = ?');
        for (const r of searched) {
          if (!hasVoicedKana(r.label)) continue;
          const norm = normalizePhrase(r.label);
          if (norm === r.norm || norm === '') continue;
          unsearched.run(r.site, r.norm);
          putKeyword.run(r.site, norm, r.label, r.category_id, firstLetter(norm), r.searches);
          sites.add(r.site);
        }
        for (const site of sites) dropTerms.run(site);
        this.db.pragma('user_version = 7');
      })
      .immediate();
    for (const site of sites) this.recountKeywords(site);
  }

  /**
   * Layout 4 to 5: the `kw` column, empty (NULL) on the rows written before it; `recountKeywords`
   * reads those rows' phrases from their titles, and every later write fills it.
   */
  private addKeywordColumn(): void {
    this.db
      .transaction(() => {
        const columns = this.db.prepare('SELECT name FROM pragma_table_info(?)').all('ads') as { name: string }[];
        if (!columns.some((c) => c.name === 'kw')) this.db.exec('ALTER TABLE ads ADD COLUMN kw TEXT');
        if ((this.db.pragma('user_version', { simple: true }) as number) < 5) this.db.pragma('user_version = 5');
      })
      .immediate();
  }

  /**
   * Sets the `ads` of each keyword of a site to the live ads that give it, a duplicate group once (as
   * a search counts them), from the phrases kept with each ad (`kw`). Writes only ever add to the
   * counts (each new ad its phrases), so without this an index keeps listing a keyword whose ads
   * expired or changed their titles; a feed import calls it at its end, after its expiry. Under the
   * write lock: no other write's additions fall between the count and its update. Returns how many
   * keywords changed.
   */
  recountKeywords(site: number): number {
    const { base, top } = siteRange(site);
    return this.db
      .transaction(() => {
        this.markCounted(site, this.clock());
        const counts = new Map<string, number>();
        const add = (norm: string, n: number) => counts.set(norm, (counts.get(norm) ?? 0) + n);
        const live = `a.k BETWEEN ? AND ? AND ${LIVE_A}`;
        const args = [base, top, this.clock()];
        // The ads in no duplicate group, counted by their phrases in SQL (one row per distinct `kw`).
        const alone = this.stmt(
          `SELECT a.kw, count(*) FROM ads a WHERE ${live} AND a.dup IS NULL AND a.kw IS NOT NULL GROUP BY a.kw`,
          true,
        ).all(...args) as [string, number][];
        for (const [kw, n] of alone) for (const norm of keywordsOfColumn(kw)) add(norm, n);
        // A duplicate group once per phrase; the ads written before `kw` existed, by their titles.
        const groups = new Set<string>();
        const rest = this.stmt(
          `SELECT a.dup, a.kw, CASE WHEN a.kw IS NULL THEN d.doc END FROM ads a
           LEFT JOIN ad_docs d ON a.kw IS NULL AND d.k = a.k WHERE ${live} AND (a.dup IS NOT NULL OR a.kw IS NULL)`,
          true,
        ).iterate(...args) as IterableIterator<[number | null, string | null, string | null]>;
        for (const [dup, kw, doc] of rest) {
          const norms =
            kw !== null
              ? keywordsOfColumn(kw)
              : defaultKeywords(tokenize((JSON.parse(doc as string) as AdInput).title));
          for (const norm of norms) {
            if (dup !== null) {
              const group = `${dup}\n${norm}`;
              if (groups.has(group)) continue;
              groups.add(group);
            }
            add(norm, 1);
          }
        }
        const set = this.stmt('UPDATE keywords SET ads = ? WHERE site = ? AND norm = ?');
        let changed = 0;
        const counted = this.stmt('SELECT norm, ads FROM keywords WHERE site = ? AND ads <> 0').all(site) as {
          norm: string;
          ads: number;
        }[];
        for (const { norm, ads } of counted) {
          const n = counts.get(norm) ?? 0;
          counts.delete(norm);
          if (n !== ads) changed += set.run(n, site, norm).changes;
        }
        // Phrases with ads whose keyword row says none (a searched phrase, or counted down before).
        for (const [norm, n] of counts) changed += set.run(n, site, norm).changes;
        return changed;
      })
      .immediate();
  }

  /**
   * Recounts a site's keywords when ads of it reached their expiration time since the last count,
   * checked at most every KEYWORD_UPKEEP_S (through `ads_expires`: a range of few rows). A site
   * counted only as its ads were written (no count yet) is checked from the start of time.
   */
  private keepKeywordCounts(site: number): void {
    const now = this.clock();
    const counted = (
      this.stmt('SELECT counted_at FROM keyword_counts WHERE site = ?', true).get(site) as [number] | undefined
    )?.[0];
    if (counted !== undefined && now - counted < KEYWORD_UPKEEP_S) return;
    const { base, top } = siteRange(site);
    const due = this.stmt(
      `SELECT 1 FROM ads INDEXED BY ads_expires
       WHERE expires IS NOT NULL AND expired = 0 AND expires > ? AND expires <= ? AND k BETWEEN ? AND ? LIMIT 1`,
    ).get(counted ?? 0, now, base, top);
    if (due) this.recountKeywords(site);
    else this.markCounted(site, now);
  }

  /** Notes when a site's keywords were last brought up to date (`keepKeywordCounts`). */
  private markCounted(site: number, at: number): void {
    this.stmt(
      'INSERT INTO keyword_counts (site, counted_at) VALUES (?, ?) ON CONFLICT(site) DO UPDATE SET counted_at = excluded.counted_at',
    ).run(site, at);
  }

  async expireAds(ids: readonly string[]): Promise<void> {
    const find = this.stmt('SELECT k, site FROM ads WHERE id = ? AND expired = 0');
    const mark = this.stmt('UPDATE ads SET expired = 1 WHERE k = ?');
    const unindex = this.stmt('DELETE FROM ads_fts WHERE rowid = ?');
    const sites = new Set<number>();
    this.db
      .transaction(() => {
        for (const id of ids) {
          const row = find.get(id) as { k: number; site: number } | undefined;
          if (!row) continue;
          mark.run(row.k);
          unindex.run(row.k);
          sites.add(row.site);
        }
      })
      .immediate();
    // Their keywords count them no longer: the index links only to searches with ads.
    for (const site of sites) this.recountKeywords(site);
  }

  /** An ad as read: expired when marked so or, unless `asMarked`, when its expiration time has come. */
  private toStored(row: DocRow, asMarked = false): StoredAd {
    // The parsed document itself, given the row's members: a copy by spread costs more, and its
    // objects end up with many hidden classes where the parsed ones share a few (measured: 7 of 29
    // copies shared the first's against 25 of 29 parsed), which slows every later read of them.
    const ad = JSON.parse(row.doc) as StoredAd;
    ad.key = row.k;
    if (row.dup === null) delete ad.duplicateGroup;
    else ad.duplicateGroup = row.dup;
    ad.expired = row.expired === 1 || (!asMarked && row.expires !== null && row.expires <= this.clock());
    if (row.expires !== null) ad.expiresAt = row.expires;
    ad.source = this.sourceCache.get(ad.sourceId);
    return ad;
  }

  async getAd(id: string): Promise<StoredAd | undefined> {
    const row = this.stmt(`SELECT ${DOC_COLUMNS} FROM ads a JOIN ad_docs d ON d.k = a.k WHERE a.id = ?`).get(id) as
      DocRow | undefined;
    return row ? this.toStored(row) : undefined;
  }

  async getAds(ids: readonly string[]): Promise<StoredAd[]> {
    if (ids.length === 0) return [];
    const rows = this.stmt(
      `SELECT ${DOC_COLUMNS} FROM json_each(?) j JOIN ads a ON a.id = j.value JOIN ad_docs d ON d.k = a.k`,
    ).all(JSON.stringify(ids)) as DocRow[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [this.toStored(row)] : [];
    });
  }

  async getAdByPartner(sourceId: number, partnerAdId: string): Promise<StoredAd | undefined> {
    const [row] = this.byPartner(sourceId, [partnerAdId]);
    return row ? this.toStored(row) : undefined;
  }

  /**
   * A source's ads by their partner ids, found by their ids (`adIdOf`: the hash of the site, source
   * and partner id; a source with ads stays on its site, `planSource`) in the `id` index. A second
   * index on (source, partner id) cost every write a random insert (decision 100). An ad written with
   * an id of its own (`AdInput.id`, tests' fixtures) is not found so.
   */
  private byPartner(sourceId: number, partnerAdIds: readonly string[]): DocRow[] {
    const code = this.stmt('SELECT site FROM ads WHERE source_id = ? LIMIT 1').pluck().get(sourceId) as
      number | undefined;
    const site = code === undefined ? undefined : siteOfCode(code);
    if (!site) return [];
    const ids = partnerAdIds.map((partnerId) => adIdOf(site, sourceId, partnerId));
    return this.stmt(ADS_BY_ID_OF_SOURCE).all(JSON.stringify(ids), sourceId) as DocRow[];
  }

  async duplicatesOf(ad: StoredAd): Promise<StoredAd[]> {
    if (ad.duplicateGroup === undefined) return [];
    const rows = this.stmt(
      `SELECT ${DOC_COLUMNS} FROM ads a JOIN ad_docs d ON d.k = a.k
       WHERE a.dup = ? AND a.site = ? AND a.id <> ? AND ${LIVE_A} ORDER BY a.k LIMIT 20`,
    ).all(ad.duplicateGroup, siteCode(ad), ad.id, this.clock()) as DocRow[];
    return rows.map((r) => this.toStored(r));
  }

  async groupSizes(site: SiteKey, groups: readonly number[]): Promise<Map<number, number>> {
    const sizes = new Map<number, number>();
    if (groups.length === 0) return sizes;
    const rows = this.stmt(
      `SELECT a.dup AS dup, count(DISTINCT a.source_id) AS n FROM json_each(?) g JOIN ads a ON a.dup = g.value
       WHERE a.site = ? AND ${LIVE_A} GROUP BY a.dup`,
    ).all(JSON.stringify([...new Set(groups)]), siteCode(site), this.clock()) as { dup: number; n: number }[];
    for (const r of rows) sizes.set(r.dup, r.n);
    return sizes;
  }

  /** The FTS5 expression of a query's text words and tag filters ('' when it has neither). */
  private matchExpression(query: CandidateQuery): string {
    const parts: string[] = [];
    for (const words of textTerms(query)) parts.push(`(${words.map((w) => `"${w}"`).join(' OR ')})`);
    for (const tag of query.tags) {
      if (tag.values.length === 0) continue;
      parts.push(`(${tag.values.map((v) => tagToken(tag.field, v)).join(' OR ')})`);
    }
    return parts.join(' AND ');
  }

  async findCandidates(query: CandidateQuery): Promise<CandidateResult> {
    return this.findCandidatesSync(query);
  }

  findCandidatesSync(query: CandidateQuery): CandidateResult {
    this.followOtherWriters();
    const site = siteCode(query.site);
    const bounds = this.siteBounds.get(site);
    if (!bounds || query.limit <= 0) return { candidates: [], complete: true, total: 0 };
    const terms = textTerms(query);
    // A word the index cannot hold (the `zz` prefix is reserved for tag tokens) matches nothing;
    // dropping it would widen the search to everything.
    if (terms.length < query.terms.length) return { candidates: [], complete: true, total: 0 };
    const match = this.matchExpression(query);
    const conditions: string[] = [];
    const params: number[] = [];
    for (const r of query.ranges) {
      const column = RANGE_COLUMN[r.field];
      if (r.min !== undefined) {
        conditions.push(`${column} >= ?`);
        params.push(r.min);
      }
      if (r.max !== undefined) {
        conditions.push(`${column} <= ?`);
        params.push(r.max);
      }
    }
    const exclude = query.excludeIds ?? [];
    if (exclude.length > 0) conditions.push(`a.id NOT IN (SELECT value FROM json_each(?))`);
    // Walking down from the highest key reaches the oldest ads first (keys count down).
    const descending = query.order === 'oldest';
    const dir = descending ? 'DESC' : 'ASC';
    const columns = [...COMMON_COLUMNS, ...(VERTICAL_COLUMNS[query.site.vertical] ?? [])];
    const fields = columns.map((c) => CANDIDATE_FIELD[c] as keyof Candidate);
    // Relevance reads the row's title words (no second index query).
    const select = [...columns, ...(terms.length > 0 ? ['tw'] : [])].map((c) => `a.${c}`).join(', ');
    // Live ads only: an ad past its expiration time is out as of that second (decision 045). Its
    // expiry bound comes first; it filters so few rows that it needs no scan windows.
    const filters = ` AND (a.expires IS NULL OR a.expires > ?)${conditions.map((c) => ` AND ${c}`).join('')}`;
    // The site is its key range. Rowid bounds are bound as BigInts: FTS5 ignores a
    // rowid bound that is not an INTEGER, and a JS number binds as a REAL.
    const sql = match
      ? `SELECT ${select} FROM ads_fts CROSS JOIN ads a ON a.k = ads_fts.rowid ` +
        `WHERE ads_fts MATCH ? AND ads_fts.rowid >= ? AND ads_fts.rowid <= ?${filters} ` +
        `ORDER BY ads_fts.rowid ${dir} LIMIT ?`
      : `SELECT ${select} FROM ads a WHERE a.k >= ? AND a.k <= ? AND a.expired = 0${filters} ORDER BY a.k ${dir} LIMIT ?`;
    const statement = this.stmt(sql, true);
    const head: string[] = match ? [match] : [];
    const extra: (number | string)[] = [this.clock(), ...params];
    if (exclude.length > 0) extra.push(JSON.stringify(exclude));
    const range = bounds.max - bounds.min + 1;
    // Without post-filters every FTS match is a candidate: one pass, stopped by the LIMIT.
    // With post-filters, scan the key range in growing windows so that a very
    // selective filter cannot make one request walk the whole site.
    let window = conditions.length > 0 ? FIRST_WINDOW : range;
    let lo = descending ? bounds.max : bounds.min;
    let scanned = 0;
    const rows: unknown[][] = [];
    let complete = false;
    let total = 0;
    for (;;) {
      const from = descending ? Math.max(bounds.min, lo - window + 1) : lo;
      const to = descending ? lo : Math.min(bounds.max, lo + window - 1);
      const got = statement.all(...head, BigInt(from), BigInt(to), ...extra, query.limit - rows.length) as unknown[][];
      for (const r of got) rows.push(r);
      const covered = descending ? from <= bounds.min : to >= bounds.max;
      if (rows.length >= query.limit) {
        const lastKey = (rows[rows.length - 1] as unknown[])[0] as number;
        const share = (descending ? bounds.max - lastKey + 1 : lastKey - bounds.min + 1) / range;
        total = Math.max(rows.length, Math.round(rows.length / share));
        break;
      }
      scanned += to - from + 1;
      if (covered) {
        complete = true;
        total = rows.length;
        break;
      }
      if (scanned >= SCAN_BUDGET && rows.length > 0) {
        total = Math.round(rows.length / (scanned / range));
        break;
      }
      lo = descending ? from - 1 : to + 1;
      window *= 4;
    }
    const toCandidate = candidateReader(fields);
    const twAt = columns.length;
    const candidates = rows.map((r) => {
      const c = toCandidate(r);
      // Relevance: every word of the query in the title ranks above words found only in
      // the body (FTS5's bm25() reads every match of every phrase per query; see 012).
      if (terms.length > 0) {
        const title = ` ${r[twAt] as string} `;
        c.score = terms.every((words) => words.some((w) => title.includes(` ${w} `))) ? 0 : 1;
      }
      return c;
    });
    return { candidates, complete, total };
  }

  /**
   * Live ads of a site (or of all sites): those not marked expired, less those whose expiration
   * time has come (found through `ads_expires`: there are few). Counting them in the scan instead
   * would read every row's last column (+40 % on a site's count).
   */
  async countAds(site?: SiteKey): Promise<number> {
    const range = site ? siteRange(siteCode(site)) : { base: 0, top: (MAX_SITE_CODE + 1) * SITE_SPAN - 1 };
    const bounds = [BigInt(range.base), BigInt(range.top)];
    const marked = site
      ? this.stmt('SELECT count(*) AS n FROM ads WHERE k >= ? AND k <= ? AND expired = 0').get(...bounds)
      : this.stmt('SELECT count(*) AS n FROM ads WHERE expired = 0').get();
    return (marked as { n: number }).n - this.dueCount(bounds);
  }

  /** Ads of a key range not marked expired whose expiration time has come. */
  private dueCount(bounds: bigint[]): number {
    const row = this.stmt(
      `SELECT count(*) AS n FROM ads INDEXED BY ads_expires WHERE ${DUE} AND k >= ? AND k <= ?`,
    ).get(this.clock(), ...bounds) as { n: number };
    return row.n;
  }

  async topValues(
    site: SiteKey,
    field: GroupField,
    where: { typeId?: number; propertyType?: string },
    limit: number,
  ): Promise<{ value: string | number; count: number }[]> {
    const column = GROUP_COLUMN[field];
    const { base, top } = siteRange(siteCode(site));
    const bounds = [BigInt(base), BigInt(top)];
    const conditions = [`${column} IS NOT NULL AND ${column} <> ''`];
    const params: (string | number)[] = [];
    if (where.typeId !== undefined) {
      conditions.push('type_id = ?');
      params.push(where.typeId);
    }
    if (where.propertyType !== undefined) {
      conditions.push('kind = ?');
      params.push(where.propertyType);
    }
    const filters = conditions.map((c) => ` AND ${c}`).join('');
    // The groups of the live ads (not marked expired, their time not come), each counted as a
    // search lists it: an ad several partners publish once (its duplicate group). Only the SEO
    // links read this, through the engine's cache, so the scan may read each row's expiry.
    return this.stmt(
      `SELECT ${column} AS value, ${COUNT_ONCE} AS count FROM ads
       WHERE k >= ? AND k <= ? AND expired = 0 AND (expires IS NULL OR expires > ?)${filters}
       GROUP BY ${column} ORDER BY count DESC, value LIMIT ?`,
    ).all(...bounds, this.clock(), ...params, limit) as { value: string | number; count: number }[];
  }

  async hasTerm(site: SiteKey, term: string): Promise<boolean> {
    return this.stmt('SELECT 1 FROM terms WHERE site = ? AND term = ?').get(siteCode(site), term) !== undefined;
  }

  async termsByPrefix(site: SiteKey, prefix: string, limit: number): Promise<{ term: string; ads: number }[]> {
    const rows = this.stmt(
      `SELECT term, ads FROM terms WHERE site = ? AND term >= ? AND term < ? ORDER BY ads DESC, term LIMIT ?`,
    ).all(siteCode(site), prefix, `${prefix}\uffff`, limit) as { term: string; ads: number }[];
    return rows;
  }

  recordSearch(site: SiteKey, what: string): void {
    const norm = normalizePhrase(what);
    if (!norm || norm.length > 80) return;
    const code = siteCode(site);
    const key = `${code}|${norm}`;
    const entry = this.pendingSearches.get(key);
    if (entry) entry.n++;
    else this.pendingSearches.set(key, { site: code, norm, label: what.trim().replace(/\s+/g, ' '), n: 1 });
    if (this.pendingSearches.size >= 200) this.flushSearches(false);
    else this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => this.flushSearches(), this.options.flushEveryMs ?? 5000);
    this.flushTimer.unref();
  }

  /**
   * Runs a write unless a feed import holds the write lock: false then. A visitor's request (`wait`
   * false) does not wait for it at all, rather than failing after the lock's 5 s; a timer's write waits
   * those 5 s first.
   */
  private writeUnlessBusy(write: () => void, wait = false): boolean {
    const busy = wait ? undefined : (this.db.pragma('busy_timeout', { simple: true }) as number);
    try {
      if (busy !== undefined) this.db.pragma('busy_timeout = 0');
      write();
      return true;
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_BUSY') throw err;
      return false;
    } finally {
      if (busy !== undefined) this.db.pragma(`busy_timeout = ${busy}`);
    }
  }

  /**
   * Writes the buffered visitor searches. A visitor's request (`mayWait` false) never waits for the
   * write lock: while a feed import holds it, the counts stay buffered for the next flush, rather than
   * the request failing after the lock's 5 s ("database is locked", a 500) and the counts being lost.
   */
  flushSearches(mayWait = true): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (this.pendingSearches.size === 0 || !this.db.open) return;
    const put = this.stmt(
      `INSERT INTO keywords (site, norm, label, category_id, first_letter, searches) VALUES (?, ?, ?, NULL, ?, ?)
       ON CONFLICT (site, norm) DO UPDATE SET searches = searches + excluded.searches`,
    );
    const entries = [...this.pendingSearches.values()];
    const written = this.writeUnlessBusy(
      () =>
        this.db.transaction(() => {
          for (const e of entries) put.run(e.site, e.norm, e.label, firstLetter(e.norm), e.n);
        })(),
      mayWait,
    );
    if (written) for (const e of entries) this.pendingSearches.delete(`${e.site}|${e.norm}`);
    else this.scheduleFlush();
  }

  async keywords(
    site: SiteKey,
    options: { categoryId?: number; firstLetter?: string; offset: number; limit: number },
  ): Promise<{ rows: KeywordRow[]; total: number; letters: string[]; categories: number[] }> {
    this.flushSearches(false);
    const code = siteCode(site);
    // Brought up to date when the lock is free; while an import holds it, this listing is the last count's.
    this.writeUnlessBusy(() => this.keepKeywordCounts(code));
    const categories = (
      this.stmt(
        'SELECT DISTINCT category_id AS c FROM keywords WHERE site = ? AND ads > 0 AND category_id IS NOT NULL ORDER BY c',
      ).all(code) as { c: number }[]
    ).map((r) => r.c);
    const conditions = ['site = ?', '(ads > 0)'];
    const params: (string | number)[] = [code];
    if (options.categoryId !== undefined) {
      conditions.push('category_id = ?');
      params.push(options.categoryId);
    }
    const lettersRows = this.stmt(
      `SELECT DISTINCT first_letter AS l FROM keywords WHERE ${conditions.join(' AND ')} ORDER BY l`,
    ).all(...params) as { l: string }[];
    if (options.firstLetter !== undefined) {
      conditions.push('first_letter = ?');
      params.push(options.firstLetter);
    }
    const where = conditions.join(' AND ');
    const total = (this.stmt(`SELECT count(*) AS n FROM keywords WHERE ${where}`).get(...params) as { n: number }).n;
    const rows = this.stmt(
      `SELECT label AS keyword, norm, category_id AS categoryId, ads, searches FROM keywords WHERE ${where}
       ORDER BY norm LIMIT ? OFFSET ?`,
    ).all(...params, options.limit, options.offset) as KeywordRow[];
    return { rows, total, letters: lettersRows.map((r) => r.l), categories };
  }

  async keywordsByPrefix(site: SiteKey, prefix: string, limit: number): Promise<KeywordRow[]> {
    this.flushSearches(false);
    const norm = normalizePhrase(prefix);
    if (!norm) return [];
    return this.stmt(
      `SELECT label AS keyword, norm, category_id AS categoryId, ads, searches FROM keywords
       WHERE site = ? AND norm >= ? AND norm < ? ORDER BY searches DESC, ads DESC, norm LIMIT ?`,
    ).all(siteCode(site), norm, `${norm}\uffff`, limit) as KeywordRow[];
  }

  /** Merges the full-text index into one segment (after a bulk load). */
  optimize(): void {
    this.db.exec(`INSERT INTO ads_fts (ads_fts) VALUES ('optimize')`);
  }

  // ---- Feed imports (issue 4, src/services/feeds): additions only. ----

  private dataVersion: number | undefined;

  /**
   * Another process (a feed import) may have written to the file: when it has
   * (`PRAGMA data_version` moved), reload the sources and the sites' key bounds
   * this connection caches, so that a running server finds the new ads.
   */
  followOtherWriters(): void {
    if (!this.db.open) return;
    // A kept statement: `db.pragma()` compiles its SQL on every call, ~40 µs, several times a page.
    const version = this.stmt('PRAGMA data_version').pluck().get() as number;
    if (version === this.dataVersion) return;
    // The first look reloads too: another connection may have written since this one opened.
    this.dataVersion = version;
    for (const row of this.stmt('SELECT id, data FROM sources').all() as { id: number; data: string }[]) {
      this.sourceCache.set(row.id, JSON.parse(row.data) as Source);
    }
    for (const row of this.stmt('SELECT site, min_k, max_k FROM sites').all() as {
      site: number;
      min_k: number;
      max_k: number;
    }[]) {
      this.siteBounds.set(row.site, { min: row.min_k, max: row.max_k });
    }
  }

  async getAdsByPartner(sourceId: number, partnerAdIds: readonly string[]): Promise<StoredAd[]> {
    return this.getAdsByPartnerSync(sourceId, partnerAdIds);
  }

  getAdsByPartnerSync(sourceId: number, partnerAdIds: readonly string[]): StoredAd[] {
    if (partnerAdIds.length === 0) return [];
    const rows = this.byPartner(sourceId, partnerAdIds);
    // As marked: the import decides itself what its expiration dates expire (and counts it).
    return rows.map((r) => this.toStored(r, true));
  }

  async setDuplicateGroups(entries: readonly { id: string; group: number | null }[]): Promise<void> {
    this.setDuplicateGroupsSync(entries);
  }

  /** Sets (or, with null, clears) ads' duplicate group without rewriting them. */
  setDuplicateGroupsSync(entries: readonly { id: string; group: number | null }[]): void {
    const find = this.stmt('SELECT k FROM ads WHERE id = ?').pluck();
    const byKey: { k: number; group: number | null }[] = [];
    for (const e of entries) {
      const k = find.get(e.id) as number | undefined;
      if (k !== undefined) byKey.push({ k, group: e.group });
    }
    this.setDuplicateGroupsByKeySync(byKey);
  }

  /**
   * `setDuplicateGroupsSync` by the ads' keys (a feed import's fingerprints have them). Only the
   * row's `dup` changes: an ad is read with its row's group (`toStored`), and its document keeps
   * the group it was written with, so a grouping costs no rewrite of the document (~22 µs per ad
   * of a partner's 200,000 copies at the run's end).
   */
  setDuplicateGroupsByKeySync(entries: readonly { k: number; group: number | null }[]): void {
    const mark = this.stmt('UPDATE ads SET dup = ? WHERE k = ?');
    this.db
      .transaction(() => {
        for (const e of entries) mark.run(e.group, e.k);
      })
      .immediate();
  }

  /** `expireAds`, synchronously (inside a caller's transaction); returns how many live ads it expired. */
  expireAdsSync(ids: readonly string[]): number {
    const find = this.stmt('SELECT k FROM ads WHERE id = ? AND expired = 0');
    const mark = this.stmt('UPDATE ads SET expired = 1 WHERE k = ?');
    const unindex = this.stmt('DELETE FROM ads_fts WHERE rowid = ?');
    let n = 0;
    this.db
      .transaction(() => {
        for (const id of ids) {
          const row = find.get(id) as { k: number } | undefined;
          if (!row) continue;
          mark.run(row.k);
          unindex.run(row.k);
          n++;
        }
      })
      .immediate();
    return n;
  }

  close(): void {
    if (!this.db.open) return;
    this.flushSearches();
    this.db.close();
  }
}

/** A query's text words (quotes and tag-like tokens dropped), one list of variants per word. */
function textTerms(query: CandidateQuery): string[][] {
  const out: string[][] = [];
  for (const variants of query.terms) {
    const words = variants.map((w) => w.replace(/"/g, '')).filter((w) => w !== '' && !w.startsWith('zz'));
    if (words.length > 0) out.push(words);
  }
  return out;
}

function firstLetter(norm: string): string {
  const c = norm.charAt(0);
  return /\d/.test(c) ? '0' : c;
}

/**
 * The voiced words of a text by their spelling before layout 7 ("ハス" → "バス"): its words whole and
 * as the text index parts them. A spelling the text also has as it is ("ハス"), or voiced two ways
 * ("バス" and "パス"), is left out: which word was meant is not known.
 */
function voicedSpellings(text: string): Map<string, string> {
  const words = new Set([...tokenize(text), ...tokenize(spaceWords(text))]);
  const voiced = new Map<string, string | null>();
  for (const w of words) {
    if (!hasVoicedKana(w)) continue;
    const plain = unvoiced(w);
    voiced.set(plain, words.has(plain) || (voiced.has(plain) && voiced.get(plain) !== w) ? null : w);
  }
  const out = new Map<string, string>();
  for (const [plain, w] of voiced) if (w !== null) out.set(plain, w);
  return out;
}

/** A folded word as `fold` gave it before layout 7: each voiced kana as its plain kana ("ガ" → "カ"). */
function unvoiced(word: string): string {
  return hasVoicedKana(word) ? word.replace(/[\u3040-\uffff]/g, (c) => c.normalize('NFD').charAt(0)) : word;
}

/** The keyword phrase of an ad without keywords: its first two title words (of its title's tokens). */
/**
 * The keyword phrase of an ad written before its ads kept their phrases (layout 5), read from its title:
 * its first two words longer than two letters. Kept as it was for those ads' keyword rows; a new ad's is
 * `titleKeywords`'.
 */
function defaultKeywords(titleTokens: readonly string[]): string[] {
  const words = titleTokens.filter((w) => w.length > 2 && !isDigits(w));
  return words.length > 0 ? [words.slice(0, 2).join(' ')] : [];
}

/** The language of each country's sites, looked up once (`titleKeywords` runs for every ad written). */
const SITE_LANGS = new Map<string, Lang>();

/**
 * The keyword phrase of an ad that gives none (a feed's): its title's first two words that are not
 * short, digits or the site language's function words, so "Piso con terraza" is "piso terraza" and
 * never "piso con".
 */
function titleKeywords(titleTokens: readonly string[], country: string): string[] {
  let lang = SITE_LANGS.get(country);
  if (lang === undefined) SITE_LANGS.set(country, (lang = langOf(countryByCode(country)?.locale ?? 'en')));
  const words = titleTokens.filter((w) => w.length > 2 && !isDigits(w) && !isStopWord(w, lang));
  return words.length > 0 ? [words.slice(0, 2).join(' ')] : [];
}

const candidateReaders = new Map<string, (r: unknown[]) => Candidate>();

/**
 * A row (raw array of `fields`) to a Candidate, as one object literal of a fixed
 * shape (copying a template object and then setting fields cost twice as much).
 */
function candidateReader(fields: readonly (keyof Candidate)[]): (r: unknown[]) => Candidate {
  const cacheKey = fields.join(',');
  let read = candidateReaders.get(cacheKey);
  if (read) return read;
  const at = (f: keyof Candidate): number => fields.indexOf(f);
  const [key, id, date, price, ppm, src, dup, region, city, area, type, kind, make, model, fuel, trans] = (
    [
      'key',
      'id',
      'date',
      'price',
      'pricePerMeter',
      'sourceId',
      'duplicateGroup',
      'regionId',
      'cityId',
      'cityAreaId',
      'typeId',
      'kind',
      'make',
      'model',
      'fuel',
      'transmission',
    ] as const
  ).map(at) as number[];
  const [category, company, jobType, hours, rooms, lat, lng] = (
    ['category', 'company', 'jobType', 'workingHours', 'rooms', 'lat', 'lng'] as const
  ).map(at) as number[];
  const v = <T>(r: unknown[], i: number | undefined): T => (i === undefined || i < 0 ? null : r[i]) as T;
  read = (r) => ({
    key: r[key as number] as number,
    id: r[id as number] as string,
    score: 0,
    date: r[date as number] as number,
    price: v(r, price),
    pricePerMeter: v(r, ppm),
    sourceId: r[src as number] as number,
    duplicateGroup: v(r, dup),
    regionId: v(r, region),
    cityId: v(r, city),
    cityAreaId: v(r, area),
    typeId: v(r, type),
    kind: v(r, kind),
    make: v(r, make),
    model: v(r, model),
    fuel: v(r, fuel),
    transmission: v(r, trans),
    category: v(r, category),
    company: v(r, company),
    jobType: v(r, jobType),
    workingHours: v(r, hours),
    rooms: v(r, rooms),
    lat: v(r, lat),
    lng: v(r, lng),
  });
  candidateReaders.set(cacheKey, read);
  return read;
}

/**
 * What the store writes for an ad: its `ads` columns after the key, its document, its index
 * entries (none when expired) and, for a new ad, its title words and keyword phrases. Pure, so
 * that a feed import can prepare it in a worker thread (`writeNewAdsSync`).
 */
export interface AdWrite {
  id: string;
  site: number;
  /** The ad's date (new ads of a batch take keys in date order). */
  date: number;
  /** `id`, `site`, `source_id`, `partner_id`, `dup` … `experience`, `expires`, `kw`: the `ads` columns after `k`. */
  columns: (string | number | null)[];
  /** The stored document (JSON). */
  doc: string;
  /** Title, body and tags of the full-text index; null for an expired ad. */
  fts: [string, string, string] | null;
  /** Title words counted in `terms`. */
  terms: string[];
  keywords: { norm: string; label: string }[];
  category: number | null;
}

/**
 * The write of an ad. `doc`: its document when the caller has it already (the same JSON);
 * `words`: a function giving `tokenize`'s words, faster (the import's `foldedWords`).
 */
export function adWriteOf(
  ad: AdInput,
  id: string,
  expired: boolean,
  options: { doc?: string; words?: (text: string) => string[] } = {},
): AdWrite {
  const site = siteCode(ad);
  const words = options.words ?? tokenize;
  const tokens = words(ad.title);
  const kw = ad.keywords;
  const keywords: { norm: string; label: string }[] = [];
  for (const phrase of kw ?? titleKeywords(tokens, ad.country)) {
    const norm = words(phrase).join(' ');
    if (norm) keywords.push({ norm, label: phrase.trim() });
  }
  const distinct = distinctWords(tokens);
  const terms: string[] = [];
  for (const t of distinct) if (t.length >= 2 && !isDigits(t)) terms.push(t);
  return {
    id,
    site,
    date: ad.date,
    columns: adColumns(ad, id, site, expired, titleWords(ad.title, distinct, words), keywordsColumn(keywords)),
    doc: options.doc ?? docOf(ad, id),
    fts: expired ? null : textOf(ad, words),
    terms,
    keywords,
    category: ad.products?.categoryId ?? ad.jobs?.category ?? ad.typeId ?? null,
  };
}

/**
 * The `tw` column: a title's distinct folded words, space-separated, for relevance. Where its script
 * writes no spaces they are its words as the text index parts them (`spaceWords`): "大阪のマンション"
 * is "大阪 の マンション", so that a query's "京都" is not a title word of "東京都のマンション".
 */
function titleWords(title: string, distinct: readonly string[], words: (text: string) => string[]): string {
  return (isUnspaced(title) ? distinctWords(words(spaceWords(title))) : distinct).join(' ');
}

/** `[...new Set(words)]` (first occurrences, in order); a title's few words without a Set. */
function distinctWords(words: readonly string[]): string[] {
  if (words.length > 32) return [...new Set(words)];
  const out: string[] = [];
  for (const w of words) if (!out.includes(w)) out.push(w);
  return out;
}

/** `/^\d+$/.test(text)` (ASCII digits only, as `\d`). */
function isDigits(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** The stored document of an ad: the ad without its keywords, with its id. */
function docOf(ad: AdInput, id: string): string {
  const { keywords: _, ...rest } = ad;
  // Not `{ ...rest, id }`: V8 gives a property added to an object made by spread a map of its own
  // (~0.6 µs); `rest` is a new object already, and `id` keeps its place if the ad had one.
  rest.id = id;
  return JSON.stringify(rest);
}

/** The `ads` columns of an ad after `k`; `tw` is its title's distinct folded words, space-separated. */
function adColumns(
  ad: AdInput,
  id: string,
  site: number,
  expired: boolean,
  tw: string,
  kw: string,
): (string | number | null)[] {
  const h = ad.homes;
  const c = ad.cars;
  const j = ad.jobs;
  // Filters and sorting compare prices in the site's currency, by the month; the ad shows its own.
  const price = ad.price ? comparablePrice(ad.price, ad.currency, ad.country) : null;
  const area = h?.floorArea ?? null;
  return [
    id,
    site,
    ad.sourceId,
    ad.partnerAdId,
    ad.duplicateGroup ?? null,
    Math.floor(ad.date),
    expired ? 1 : 0,
    tw,
    price,
    price !== null && area ? Math.round((price / area) * 100) / 100 : null,
    area,
    h?.rooms ?? null,
    h?.bathrooms ?? null,
    ad.location.regionId ?? null,
    ad.location.cityId ?? null,
    ad.location.cityAreaId ?? null,
    ad.location.latitude ?? null,
    ad.location.longitude ?? null,
    ad.products?.categoryId ?? ad.typeId ?? null,
    // An unknown property type is no value (older imports stored it as '').
    h?.propertyType || c?.type || null,
    c?.make ?? null,
    c?.model ?? null,
    c?.fuel ?? null,
    c?.transmission ?? null,
    c?.year ?? h?.year ?? null,
    c?.mileage ?? null,
    c?.doors ?? null,
    j?.salary ?? null,
    j?.category ?? ad.products?.categoryId ?? null,
    j?.company ?? null,
    j?.jobType ?? null,
    j?.workingHours ?? null,
    j?.experience ?? null,
    ad.expiresAt ?? null,
    kw,
  ];
}

/** An ad's keyword phrases as the `kw` column keeps them: one per line (a phrase is words and spaces). */
function keywordsColumn(keywords: readonly { norm: string }[]): string {
  let out = '';
  for (const { norm } of keywords) out = out === '' ? norm : `${out}\n${norm}`;
  return out;
}

function keywordsOfColumn(kw: string): string[] {
  return kw === '' ? [] : kw.split('\n');
}

/** What the text index holds of an ad: its title, body and tag columns. */
function textOf(ad: AdInput, words: (text: string) => string[] = tokenize): [string, string, string] {
  return [indexText(ad.title, words), indexText(bodyText(ad), words), tagsText(ad)];
}

/** The description, places, make, model, company, property type and amenities, the present ones joined by ` \n `. */
function bodyText(ad: AdInput): string {
  const l = ad.location;
  const parts: string[] = [];
  withPart(parts, ad.description);
  withPart(parts, l.cityArea);
  withPart(parts, l.city);
  withPart(parts, l.region);
  withPart(parts, ad.cars?.make);
  withPart(parts, ad.cars?.model);
  withPart(parts, ad.jobs?.company);
  withPart(parts, ad.homes?.propertyType);
  if (ad.amenities) for (const a of ad.amenities) withPart(parts, a);
  // Joined into one flat string: a concatenation keeps a node per part, and a feed import's
  // prepared writes keep their text until their batch is written (docs/decisions/047).
  return parts.join(' \n ');
}

function withPart(parts: string[], part: string | undefined): void {
  if (part) parts.push(part);
}

/** `tagToken` of a feed's few text values (property types, makes, companies), each slug made once. */
const textTags = new Map<TagField, Map<string, string>>();

function tagOf(field: TagField, value: string | number | boolean): string {
  if (typeof value !== 'string') return tagToken(field, value);
  let byValue = textTags.get(field);
  if (!byValue) textTags.set(field, (byValue = new Map()));
  let tag = byValue.get(value);
  if (tag === undefined) {
    tag = tagToken(field, value);
    if (byValue.size >= 10_000) byValue.clear();
    byValue.set(value, tag);
  }
  return tag;
}

function tagsText(ad: AdInput): string {
  const tags = [tagOf('source', ad.sourceId)];
  const l = ad.location;
  if (l.regionId !== undefined) tags.push(tagOf('region', l.regionId));
  if (l.cityId !== undefined) tags.push(tagOf('city', l.cityId));
  if (l.cityAreaId !== undefined) tags.push(tagOf('cityArea', l.cityAreaId));
  const typeId = ad.products?.categoryId ?? ad.typeId;
  if (typeId !== undefined) tags.push(tagOf('typeId', typeId));
  for (const other of ad.products?.otherCategoryIds ?? []) tags.push(tagOf('typeId', other));
  tags.push(tagOf('photos', ad.images.length > 0));
  const p = ad.price;
  tags.push(tagOf('decreasePrice', p?.oldValue !== undefined && p.oldValue > p.value));
  const h = ad.homes;
  if (h) {
    if (h.propertyType) tags.push(tagOf('propertyType', h.propertyType));
    if (h.parking !== undefined) tags.push(tagOf('parking', h.parking));
    if (h.newBuilding !== undefined) tags.push(tagOf('newBuild', h.newBuilding));
  }
  const c = ad.cars;
  if (c) {
    tags.push(tagOf('make', c.make), tagOf('model', c.model));
    if (c.type) tags.push(tagOf('carType', c.type));
    if (c.fuel) tags.push(tagOf('fuel', c.fuel));
    if (c.transmission) tags.push(tagOf('transmission', c.transmission));
  }
  const j = ad.jobs;
  if (j) {
    tags.push(tagOf('category', j.category));
    if (j.company) tags.push(tagOf('company', j.company));
    if (j.jobType) tags.push(tagOf('jobType', j.jobType));
    if (j.workingHours) tags.push(tagOf('workingHours', j.workingHours));
    if (j.telecommute !== undefined) tags.push(tagOf('telecommute', j.telecommute));
  }
  return tags.join(' ');
}
