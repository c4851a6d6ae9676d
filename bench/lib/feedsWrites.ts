/**
 * The write path of a feed import alone: `npx tsx bench/lib/feedsWrites.ts [ads] [rounds]`.
 * Prepares the batches of a generated homes feed once (read, map, `adWriteOf`), then writes them
 * into fresh stores, variant after variant and round after round (so that the machine's changing
 * speed hits every variant alike), and prints the CPU per ad of the writes (`BatchWriter.write`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureFeedTables } from '../../src/services/feeds/FeedImporter';
import { readFeed } from '../../src/services/feeds/feedRecords';
import { GazetteerPlaces } from '../../src/services/feeds/gazetteerPlaces';
import { BatchWriter } from '../../src/services/feeds/importBatches';
import { PlaceResolver } from '../../src/services/feeds/placeResolver';
import { RecordPreparer, type PrepareConfig, type PreparedBatch } from '../../src/services/feeds/prepareRecords';
import { writeSyntheticFeed } from '../../src/services/feeds/syntheticFeed';
import { Gazetteer } from '../../src/services/places/Gazetteer';
import { siteCode } from '../../src/services/search/siteKeys';
import { SqliteSearchStore } from '../../src/services/search/SqliteSearchStore';

const BATCH = 5000;

/** Variants: settings applied to the store's connection before the writes. */
const VARIANTS: Record<string, string[]> = {
  current: [],
  ...(process.env.VARIANTS ? (JSON.parse(process.env.VARIANTS) as Record<string, string[]>) : {}),
};

async function main(): Promise<void> {
  const ads = Number(process.argv[2] ?? 50_000);
  const rounds = Number(process.argv[3] ?? 2);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-feeds-writes-'));
  try {
    const file = path.join(dir, 'feed.xml');
    await writeSyntheticFeed(file, { count: ads });
    const site = { country: 'es', vertical: 'homes' } as const;
    const config: PrepareConfig = { site, sourceId: 1, now: Math.floor(Date.now() / 1000), sourceHadAds: false };
    const preparer = new RecordPreparer(
      config,
      new PlaceResolver(new GazetteerPlaces(Gazetteer.shared(), 'es')),
      undefined,
    );
    const batches: PreparedBatch[] = [];
    let records: Parameters<RecordPreparer['prepare']>[1][number][] = [];
    for await (const chunk of readFeed(file, 'xml')) {
      for (const r of chunk) {
        records.push(r);
        if (records.length === BATCH) {
          batches.push(preparer.prepare(batches.length, records));
          records = [];
        }
      }
    }
    if (records.length > 0) batches.push(preparer.prepare(batches.length, records));
    const totals = new Map<string, number[]>();
    for (let round = 0; round < rounds; round++) {
      for (const [name, pragmas] of Object.entries(VARIANTS)) {
        const storeDir = fs.mkdtempSync(path.join(dir, 'store-'));
        const store = new SqliteSearchStore(storeDir);
        store.db.pragma('mmap_size = 0');
        store.db.pragma('cache_size = -65536');
        store.db.pragma('wal_autocheckpoint = 16384');
        ensureFeedTables(store.db);
        for (const p of pragmas) store.db.exec(p);
        await store.putSources([
          {
            id: 1,
            name: 'P',
            image: '',
            country: 'es',
            vertical: 'homes',
            contactEmail: '',
            contactPhone: '',
            hasAdpageForm: false,
            campaigns: [],
          },
        ]);
        const writer = new BatchWriter(store, 1, config, siteCode(site));
        const cpu = process.cpuUsage();
        for (const b of batches) writer.write({ ...b, items: b.items.slice() });
        const used = process.cpuUsage(cpu);
        const us = (used.user + used.system) / ads;
        totals.set(name, [...(totals.get(name) ?? []), us]);
        console.log(`round ${round} ${name}: ${us.toFixed(1)} us/ad`);
        store.close();
        fs.rmSync(storeDir, { recursive: true, force: true });
      }
    }
    for (const [name, list] of totals) {
      console.log(
        `${name.padEnd(24)} ${list.map((x) => x.toFixed(1)).join('  ')}  min ${Math.min(...list).toFixed(1)}`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
