import type { Gazetteer } from '../places/Gazetteer';
import type { SearchStore } from '../search/SearchStore';
import { allSites } from '../search/siteKeys';
import type { SiteKey } from '../search/types';
import { generateDemoSite } from './generateDemoData';

export interface SeedOptions {
  store: SearchStore;
  gazetteer: Gazetteer;
  /** Epoch seconds the demo dates lead up to. */
  now: number;
  sites?: SiteKey[];
  /** Ads per site (before duplicates); default 100–400 by country. */
  perSite?: number;
  onProgress?: (done: number, total: number) => void;
}

/** Writes the demo partners and ads of every site (or of `sites`); returns the ads written. */
export async function seedDemoData(options: SeedOptions): Promise<number> {
  const sites = options.sites ?? allSites();
  let written = 0;
  options.onProgress?.(0, sites.length);
  for (const [i, site] of sites.entries()) {
    const demo = generateDemoSite(site, options.gazetteer, {
      now: options.now,
      ...(options.perSite !== undefined ? { count: options.perSite } : {}),
    });
    await options.store.putSources(demo.sources);
    written += await options.store.writeAds(demo.ads);
    options.onProgress?.(i + 1, sites.length);
  }
  return written;
}
