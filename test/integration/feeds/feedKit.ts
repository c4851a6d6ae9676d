import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { FeedImporter, type ImportOptions, type ImportSummary } from '../../../src/services/feeds/FeedImporter';
import { lockSource } from '../../../src/services/feeds/sourceLock';
import { Gazetteer } from '../../../src/services/places/Gazetteer';
import { createSearchService, type SearchService } from '../../../src/services/search/createSearchService';
import type { SqliteSearchStore } from '../../../src/services/search/SqliteSearchStore';
import type { SiteKey } from '../../../src/services/search/types';

/** The fixed clock of the feed tests (the search service's too). */
export const NOW = new Date('2025-06-01T12:00:00Z');
export const NOW_S = Math.floor(NOW.getTime() / 1000);

export const FIXTURES = path.resolve(__dirname, '../../fixtures/feeds');
export const fixture = (name: string) => path.join(FIXTURES, name);

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface FeedApp {
  dataDir: string;
  service: SearchService;
  store: SqliteSearchStore;
  app: express.Express;
  /** Imports a file into a site as a source (in this process, on the service's store). */
  importFeed(
    file: string,
    site: SiteKey,
    sourceId: number,
    options?: Partial<Omit<ImportOptions, 'store' | 'gazetteer' | 'site' | 'sourceId' | 'file'>>,
  ): Promise<ImportSummary>;
  /** GET on the search and keywords services; the body parsed (a 404 NO_RESULTS answers an empty `data`). */
  get(url: string): Promise<{ status: number; body: Body }>;
  /** Writes a feed file into the app's temp dir. */
  writeFile(name: string, text: string): string;
  /** Moves the clock of the search service and its store (epoch seconds; `NOW_S` at the start). */
  setNow(seconds: number): void;
  close(): void;
}

export function feedApp(): FeedApp {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-feeds-'));
  let clock = NOW_S;
  const service = createSearchService({ dataDir, now: () => new Date(clock * 1000) });
  const store = service.store as SqliteSearchStore;
  store.clock = () => clock;
  const app = express();
  app.use('/api/sites', service.sitesRouter);
  app.use('/api', service.keywordsRouter);
  return {
    dataDir,
    service,
    store,
    app,
    importFeed(file, site, sourceId, options = {}) {
      return new FeedImporter({
        store,
        gazetteer: Gazetteer.shared(),
        site,
        sourceId,
        file,
        now: () => NOW_S,
        ...options,
      }).run();
    },
    async get(url) {
      const res = await request(app).get(url);
      return { status: res.status, body: JSON.parse(res.text) as Body };
    },
    writeFile(name, text) {
      const file = path.join(dataDir, name);
      fs.writeFileSync(file, text);
      return file;
    },
    setNow(seconds) {
      clock = seconds;
    },
    close() {
      service.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface HomeSpec {
  id: string;
  title?: string;
  content?: string;
  type?: string;
  price?: number;
  city?: string;
  area?: number;
  rooms?: number;
  lat?: number;
  lng?: number;
  date?: string;
  expiration?: string;
  extra?: string;
}

/** A small Trovit homes feed. */
/** A feed file of these `<ad>` elements, as partners write one. */
export function trovitXml(ads: readonly string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<trovit>\n${ads.join('\n')}\n</trovit>\n`;
}

export function homesXml(ads: HomeSpec[]): string {
  const cdata = (s: string) => `<![CDATA[${s}]]>`;
  const body = ads.map(
    (a) =>
      `<ad><id>${a.id}</id><url>${cdata(`https://partner.example/ads/${a.id}`)}</url>` +
      `<title>${cdata(a.title ?? `Piso ${a.id} en ${a.city ?? 'Madrid'}`)}</title>` +
      `<type>${a.type ?? 'For Sale'}</type>` +
      `<content>${cdata(a.content ?? `Piso luminoso ${a.id} con terraza, ascensor y trastero, cerca del metro.`)}</content>` +
      (a.price !== undefined ? `<price>${a.price}</price>` : '') +
      `<city>${a.city ?? 'Madrid'}</city>` +
      (a.area !== undefined ? `<floor_area>${a.area}</floor_area>` : '') +
      (a.rooms !== undefined ? `<rooms>${a.rooms}</rooms>` : '') +
      (a.lat !== undefined ? `<latitude>${a.lat}</latitude><longitude>${a.lng}</longitude>` : '') +
      `<date>${a.date ?? '2025-05-20'}</date>` +
      (a.expiration ? `<expiration_date>${a.expiration}</expiration_date>` : '') +
      (a.extra ?? '') +
      '</ad>',
  );
  return trovitXml(body);
}

/** A fingerprint of everything the search store holds (to check that nothing changed). */
export function storeSnapshot(store: SqliteSearchStore): string {
  const rows = store.db
    .prepare('SELECT a.id, a.expired, a.dup, d.doc FROM ads a JOIN ad_docs d ON d.k = a.k ORDER BY a.id')
    .all();
  const fts = store.db.prepare('SELECT count(*) AS n FROM ads_fts').get();
  return JSON.stringify({ rows, fts });
}

/**
 * Another run of `sourceId` writing its batches, as `FeedImporter.runsWriting` sees one (its lock held, its
 * run `applying`): the new ads of its site wait to be grouped (decision 085) until `end()`.
 */
export function anotherRunWriting(store: SqliteSearchStore, sourceId: number): { end(): void } {
  const lock = lockSource(path.dirname(store.db.name), sourceId, 'feed.xml');
  const run = store.db
    .prepare(`INSERT INTO feed_runs (source_id, file, started, status) VALUES (?, 'feed.xml', ?, 'applying')`)
    .run(sourceId, NOW_S).lastInsertRowid;
  return {
    end() {
      lock.release();
      store.db.prepare(`UPDATE feed_runs SET status = 'done' WHERE id = ?`).run(run);
    },
  };
}
