import path from 'node:path';
import type express from 'express';
import { createMediaRouter, createPartnerRouter } from '../demo/demoPages';
import { seedDemoData } from '../demo/seedDemoData';
import { createKeywordsRouter } from '../keywords/keywordsRouter';
import type { Registry } from 'prom-client';
import { registerFeedMetrics } from '../feeds/feedMetrics';
import { Gazetteer } from '../places/Gazetteer';
import { SearchEngine } from './SearchEngine';
import type { SearchStore } from './SearchStore';
import { createSearchCaller, createSitesRouter, type SearchCaller } from './sitesRouter';
import { SqliteSearchStore } from './SqliteSearchStore';

export interface SearchServiceOptions {
  dataDir: string;
  now?: () => Date;
  log?: (msg: string, extra?: object) => void;
  /** The process's metrics registry: the partner feeds' health is read from this store when scraped. */
  metrics?: Registry;
}

export interface SearchService {
  /** Mounted at `/api/sites`: `/:country/:vertical/search`, `/search/m`, `/retention`, `/landing`, `/ad/:id`, `/ad/:id/related`, `/autocomplete/:field`, `/seoLinks`, `/suggestions`. */
  sitesRouter: express.Router;
  /** The sites router's search calls (search, search/m, retention, landing, suggestions) without HTTP, for a web role in this process. */
  call: SearchCaller;
  /** Mounted at `/api`: `/keywords/:vertical`. */
  keywordsRouter: express.Router;
  /** Mounted at `/partner`: demo partner ad pages (`/partner/:sourceId/ads/:partnerAdId`). */
  partnerRouter: express.Router;
  /** Mounted at `/media`: generated pictures and partner logos. */
  mediaRouter: express.Router;
  store: SearchStore;
  /**
   * Loads the gazetteer before the first request needs it (a server process calls it before it
   * listens): loaded on a first search instead, it held that request and those behind it ~1.8 s.
   */
  warmUp(): Promise<void>;
  /** Seeds demo data when the store is empty; returns the number of ads written. */
  seedDemoData(onProgress?: (done: number, total: number) => void): Promise<number>;
  close(): void;
}

/** The search service on the embedded SQLite store in `<dataDir>/search.sqlite`. */
export function createSearchService(options: SearchServiceOptions): SearchService {
  const now = options.now ?? (() => new Date());
  // The store compares ads' expiration times with the service's clock (decision 045).
  const store = new SqliteSearchStore(options.dataDir, { now: () => Math.floor(now().getTime() / 1000) });
  if (options.metrics) registerFeedMetrics(options.metrics, store.db);
  let gazetteer: Gazetteer | undefined;
  const places = () => (gazetteer ??= Gazetteer.shared());
  const engine = new SearchEngine({
    store,
    get gazetteer() {
      return places();
    },
    now,
  });
  return {
    sitesRouter: createSitesRouter(engine, options.log),
    call: createSearchCaller(engine, options.log),
    keywordsRouter: createKeywordsRouter(store, options.log, (site, what) => engine.splitWhat(site, what)),
    partnerRouter: createPartnerRouter(store, now),
    mediaRouter: createMediaRouter(store),
    store,
    async warmUp() {
      // Its data extracted beside this thread and kept in the data directory's cache/ for the next
      // process (each of a server's processes loads its own).
      gazetteer ??= await Gazetteer.load(undefined, path.join(options.dataDir, 'cache'));
    },
    async seedDemoData(onProgress) {
      if ((await store.countAds()) > 0) return 0;
      const started = Date.now();
      const written = await seedDemoData({
        store,
        gazetteer: places(),
        now: Math.floor(now().getTime() / 1000),
        ...(onProgress ? { onProgress } : {}),
      });
      options.log?.('demo data seeded', { ads: written, ms: Date.now() - started });
      return written;
    },
    close() {
      store.close();
    },
  };
}
