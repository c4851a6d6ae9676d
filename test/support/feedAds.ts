import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readFeed } from '../../src/services/feeds/feedRecords';
import { GazetteerPlaces } from '../../src/services/feeds/gazetteerPlaces';
import { mapRecord } from '../../src/services/feeds/mapRecord';
import { PlaceResolver } from '../../src/services/feeds/placeResolver';
import { syntheticAd } from '../../src/services/feeds/syntheticFeed';
import { Gazetteer } from '../../src/services/places/Gazetteer';
import type { AdInput, SiteKey } from '../../src/services/search/types';

export interface MappedAd {
  ad: AdInput;
  dateGiven: boolean;
}

/** The ads of a feed file as the import maps them (source 7, a fixed clock), the rejected left out. */
export async function mappedAds(file: string, site: SiteKey): Promise<MappedAd[]> {
  const places = new PlaceResolver(new GazetteerPlaces(Gazetteer.shared(), site.country));
  const ads: MappedAd[] = [];
  for await (const records of readFeed(file, file.endsWith('.jsonl') ? 'jsonl' : 'xml'))
    for (const r of records) {
      const m = mapRecord(r, { site, sourceId: 7, now: 1_800_000_000, places });
      if (m.ok) ads.push({ ad: m.ad, dateGiven: m.dateGiven });
    }
  return ads;
}

const FIXTURES: [string, SiteKey][] = [
  ['homes-es.xml', { country: 'es', vertical: 'homes' }],
  ['homes-es.jsonl', { country: 'es', vertical: 'homes' }],
  ['cars-uk.xml', { country: 'uk', vertical: 'cars' }],
  ['jobs-uk.xml', { country: 'uk', vertical: 'jobs' }],
  ['products-it.xml', { country: 'it', vertical: 'products' }],
];

/**
 * The mapped ads of the feed fixtures of every vertical, then of `generated` ads of the benchmark's
 * generated homes feed (written to a fresh temp dir): what tests holding a rewrite of the import's
 * code to the code it replaced compare on.
 */
export async function fixtureAndGeneratedAds(generated = 500): Promise<MappedAd[]> {
  const dir = path.join(__dirname, '../fixtures/feeds');
  const ads: MappedAd[] = [];
  for (const [file, site] of FIXTURES) ads.push(...(await mappedAds(path.join(dir, file), site)));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-feed-ads-'));
  try {
    const file = path.join(tmp, 'feed.xml');
    const xml: string[] = [];
    for (let i = 0; i < generated; i++) xml.push(syntheticAd(i, { count: generated }) ?? '');
    fs.writeFileSync(file, `<trovit>${xml.join('')}</trovit>`);
    ads.push(...(await mappedAds(file, { country: 'es', vertical: 'homes' })));
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return ads;
}
