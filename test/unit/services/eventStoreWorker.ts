// A second process hammering the same event store (see SqliteEventStore.test.ts).
import { SqliteEventStore } from '../../../src/services/events/SqliteEventStore';
import { clickRecord } from './clickRecord';

const [dataDir, tag, count, startAt] = process.argv.slice(2) as [string, string, string, string];
const store = new SqliteEventStore(dataDir);
const at = new Date('2025-06-01T12:00:00Z');
(async () => {
  // Start together with the other workers, so that their transactions interleave.
  while (Date.now() < Number(startAt)) await new Promise((resolve) => setTimeout(resolve, 1));
  let billed = 0;
  for (let i = 0; i < Number(count); i++) {
    const r = await store.recordClick(clickRecord({ clickId: `${tag}-${i}`, at }), 30 * 60_000);
    if (r.billed) billed++;
  }
  store.close();
  process.stdout.write(String(billed));
})();
