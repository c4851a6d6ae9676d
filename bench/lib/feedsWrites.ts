/**
 * The write path of a feed import alone: `npx tsx bench/lib/feedsWrites.ts [ads] [rounds]`.
 * Prepares the batches of a generated homes feed once (read, map, `adWriteOf`), then writes them
 * into fresh stores, variant after variant and round after round (so that the machine's changing
 * speed hits every variant alike), and prints the CPU per ad of the writes (`BatchWriter.write`).
 * Default variants: one connection writing every batch, and two taking the batches in turn (as an
 * import's two worker threads do). Others as JSON in `VARIANTS`, e.g.
 * `VARIANTS='{"20000 per transaction":{"pragmas":[],"connections":1,"merge":4}}'`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_BATCH_SIZE, ensureFeedTables } from '../../src/services/feeds/FeedImporter';
import { readFeed } from '../../src/services/feeds/feedRecords';
import { GazetteerPlaces } from '../../src/services/feeds/gazetteerPlaces';
import { BatchWriter } from '../../src/services/feeds/importBatches';
import { PlaceResolver } from '../../src/services/feeds/placeResolver';
import { RecordPreparer, type PrepareConfig, type PreparedBatch } from '../../src/services/feeds/prepareRecords';
import { writeSyntheticFeed } from '../../src/services/feeds/syntheticFeed';
import { Gazetteer } from '../../src/services/places/Gazetteer';
import { siteCode } from '../../src/services/search/siteKeys';
import { SqliteSearchStore } from '../../src/services/search/SqliteSearchStore';

/** Records per prepared batch: as an import's. */
const BATCH = DEFAULT_BATCH_SIZE;

/**
 * Variants: settings applied to the store's connections before the writes, and how many
 * connections take the batches in turn (an import's worker threads each write through their own).
 */
interface Variant {
  pragmas: string[];
  connections: number;
  /** Prepared batches written per transaction (1: as an import does). */
  merge?: number;
}
const VARIANTS: Record<string, Variant> = process.env.VARIANTS
  ? (JSON.parse(process.env.VARIANTS) as Record<string, Variant>)
  : {
      'one connection': { pragmas: [], connections: 1 },
      'two in turn': { pragmas: [], connections: 2 },
    };

/** Batches of `merge` prepared batches each, written as one. */
function merged(batches: readonly PreparedBatch[], merge: number): PreparedBatch[] {
  const out: PreparedBatch[] = [];
  for (let i = 0; i < batches.length; i += merge) {
    const group = batches.slice(i, i + merge);
    out.push({
      index: out.length,
      records: group.reduce((n, b) => n + b.records, 0),
      rejected: group.reduce((n, b) => n + b.rejected, 0),
      rejections: group.flatMap((b) => b.rejections),
      items: group.flatMap((b) => b.items),
    });
  }
  return out;
}

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
      for (const [name, { pragmas, connections, merge }] of Object.entries(VARIANTS)) {
        const storeDir = fs.mkdtempSync(path.join(dir, 'store-'));
        const stores = Array.from({ length: connections }, () => {
          const s = new SqliteSearchStore(storeDir);
          s.db.pragma('mmap_size = 0');
          s.db.pragma('cache_size = -65536');
          s.db.pragma('wal_autocheckpoint = 16384');
          ensureFeedTables(s.db);
          for (const p of pragmas) s.db.exec(p);
          return s;
        });
        const store = stores[0] as SqliteSearchStore;
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
        const writers = stores.map((s) => new BatchWriter(s, 1, config, siteCode(site)));
        const written = merged(batches, merge ?? 1);
        const cpu = process.cpuUsage();
        for (const b of written) writers[b.index % writers.length]?.write({ ...b, items: b.items.slice() });
        const used = process.cpuUsage(cpu);
        const us = (used.user + used.system) / ads;
        totals.set(name, [...(totals.get(name) ?? []), us]);
        console.log(`round ${round} ${name}: ${us.toFixed(1)} us/ad`);
        for (const s of stores) s.close();
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
