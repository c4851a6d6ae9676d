/**
 * A profile of one feed import on this thread (no workers): `node --cpu-prof --import tsx
 * bench/lib/feedsProfile.ts [ads]`. Generates a homes feed, imports it into a fresh store, prints
 * the CPU per ad; the profile shows where a thread's time goes (reading, mapping, the store's writes).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FeedImporter } from '../../src/services/feeds/FeedImporter';
import { writeSyntheticFeed } from '../../src/services/feeds/syntheticFeed';
import { SqliteSearchStore } from '../../src/services/search/SqliteSearchStore';

async function main(): Promise<void> {
  const ads = Number(process.argv[2] ?? 50_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-feeds-profile-'));
  try {
    const file = path.join(dir, 'feed.xml');
    await writeSyntheticFeed(file, { count: ads });
    const store = new SqliteSearchStore(dir);
    for (const label of ['first import', 're-import']) {
      const cpu = process.cpuUsage();
      const t = Date.now();
      const s = await new FeedImporter({
        store,
        site: { country: 'es', vertical: 'homes' },
        sourceId: 1,
        file,
        batchSize: 5000,
        workers: 0,
      }).run();
      const used = process.cpuUsage(cpu);
      console.log(
        `${label}: ${s.records} records in ${((Date.now() - t) / 1000).toFixed(1)} s, ` +
          `${Math.round((used.user + used.system) / s.records)} us CPU/ad`,
      );
    }
    store.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
