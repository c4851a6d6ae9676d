/**
 * Duplicates at scale: `npx tsx bench/dedup.bench.ts [--pair-ads N]` (default 200,000 per partner).
 * Two partners' first imports into a fresh store of one site, each of N generated flats of the
 * same 12 cities (~9,500 a block of type and city at 200,000), in two cases:
 *
 * - **copies**: the second partner publishes the same flats (its ids differ): every one of its ads
 *   has exactly one true copy, so the grouped pairs found (recall) and the ads grouped with another
 *   flat (false merges) are known;
 * - **no copies**: the second partner's flats are generated from another seed: the matcher's
 *   worst case (every candidate window is read through); what it groups are look-alikes the rule
 *   accepts (same type, rooms, bathrooms, floor area within 8 %, price within 5 %, within 1 km,
 *   their template's words), not copies.
 *
 * For each: the second import's rate and the seconds of its end (where new ads are matched,
 * decisions 085 and 086). Then **many partners** (decision 090): ten partners' N / 10 flats each
 * (each from its own seed), then an eleventh partner's whose flats are the ninth's (every one has
 * exactly one copy) and a twelfth's of its own (no copies): the end's microseconds per ad, where each
 * ad is matched against all the site's other partners. Writes bench/results/dedup.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { FeedImporter, type ImportProgress } from '../src/services/feeds/FeedImporter';
import { writeSyntheticFeed } from '../src/services/feeds/syntheticFeed';
import { SqliteSearchStore } from '../src/services/search/SqliteSearchStore';
import { machine } from './lib/web/common';
import type { SiteKey } from '../src/services/search/types';

const SITE: SiteKey = { country: 'es', vertical: 'homes' };
/** What the copies case must find: every pair, no false merge. */
const BUDGET = { recall: 1, falseMerges: 0 };

interface CaseResult {
  secondImportSeconds: number;
  secondImportAdsPerSecond: number;
  /** From the end of phase 2 to the end of the run: fingerprints matched and indexed. */
  endSeconds: number;
  grouped: number;
  /** Second partner's ads grouped with their own copy (`copies` only). */
  pairsFound?: number;
  /** Second partner's ads grouped with another flat than their copy (`copies` only). */
  falseMerges?: number;
}

async function runCase(dir: string, n: number, secondSeed: number): Promise<CaseResult> {
  const first = path.join(dir, 'first.xml');
  const second = path.join(dir, `second-${secondSeed}.xml`);
  if (!fs.existsSync(first)) await writeSyntheticFeed(first, { count: n, idPrefix: 'A' });
  await writeSyntheticFeed(second, { count: n, idPrefix: 'B', seed: secondSeed });
  const storeDir = fs.mkdtempSync(path.join(dir, 'store-'));
  const store = new SqliteSearchStore(storeDir);
  try {
    await new FeedImporter({ store, site: SITE, sourceId: 1, file: first }).run();
    let ending = 0;
    const started = Date.now();
    const s = await new FeedImporter({
      store,
      site: SITE,
      sourceId: 2,
      file: second,
      onProgress: (p: ImportProgress) => {
        if (p.phase === 'expiring' && ending === 0) ending = Date.now();
      },
    }).run();
    const ended = Date.now();
    const result: CaseResult = {
      secondImportSeconds: (ended - started) / 1000,
      secondImportAdsPerSecond: Math.round(n / ((ended - started) / 1000)),
      endSeconds: (ended - ending) / 1000,
      grouped: s.grouped,
    };
    if (secondSeed === 1) {
      // A's and B's ad i are one flat: ids A<i> and B<i>.
      const pairs = (same: boolean) =>
        (
          store.db
            .prepare(
              `SELECT count(*) AS n FROM ads b JOIN ads a ON a.dup = b.dup AND a.source_id = 1
               WHERE b.source_id = 2 AND (substr(a.partner_id, 2) = substr(b.partner_id, 2)) = ?`,
            )
            .get(same ? 1 : 0) as { n: number }
        ).n;
      result.pairsFound = pairs(true);
      result.falseMerges = pairs(false);
    }
    return result;
  } finally {
    store.close();
    fs.rmSync(storeDir, { recursive: true, force: true });
  }
}

interface ManyPartnersResult {
  partners: number;
  adsPerPartner: number;
  /** The eleventh partner's flats, copies of the ninth's: matching per ad at the run's end. */
  copiesEndUsPerAd: number;
  copiesFound: number;
  /** The twelfth partner's own flats: matching per ad at the run's end. */
  noCopiesEndUsPerAd: number;
}

async function manyPartners(dir: string, n: number, partners = 10): Promise<ManyPartnersResult> {
  const storeDir = fs.mkdtempSync(path.join(dir, 'many-'));
  const store = new SqliteSearchStore(storeDir);
  try {
    const endUsPerAd = async (sourceId: number, seed: number): Promise<{ us: number; grouped: number }> => {
      const file = path.join(dir, `many-${sourceId}.xml`);
      await writeSyntheticFeed(file, { count: n, idPrefix: `P${sourceId}-`, seed });
      let ending = 0;
      const s = await new FeedImporter({
        store,
        site: SITE,
        sourceId,
        file,
        onProgress: (p: ImportProgress) => {
          if (p.phase === 'expiring' && ending === 0) ending = Date.now();
        },
      }).run();
      fs.rmSync(file);
      return { us: Math.round(((Date.now() - ending) * 1000) / n), grouped: s.grouped };
    };
    for (let p = 1; p <= partners; p++) await endUsPerAd(p, 100 + p);
    const copies = await endUsPerAd(partners + 1, 100 + partners - 1);
    const own = await endUsPerAd(partners + 2, 100 + partners + 2);
    return {
      partners,
      adsPerPartner: n,
      copiesEndUsPerAd: copies.us,
      copiesFound: copies.grouped,
      noCopiesEndUsPerAd: own.us,
    };
  } finally {
    store.close();
    fs.rmSync(storeDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'pair-ads': { type: 'string' } }, strict: false });
  const n = Number(values['pair-ads'] ?? 200_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-dedup-bench-'));
  try {
    const copies = await runCase(dir, n, 1);
    const noCopies = await runCase(dir, n, 7);
    const many = await manyPartners(dir, Math.round(n / 10));
    const recall = (copies.pairsFound ?? 0) / n;
    const pass = { recall: recall >= BUDGET.recall, falseMerges: copies.falseMerges === BUDGET.falseMerges };
    console.log(`\n${n} flats per partner, one site (es/homes)`);
    console.log(
      `copies:     second import ${copies.secondImportAdsPerSecond} ads/s (${copies.secondImportSeconds} s, end ${copies.endSeconds} s); ` +
        `pairs found ${copies.pairsFound} of ${n} (${pass.recall ? 'PASS' : 'FAIL'}), false merges ${copies.falseMerges} (${pass.falseMerges ? 'PASS' : 'FAIL'})`,
    );
    console.log(
      `no copies:  second import ${noCopies.secondImportAdsPerSecond} ads/s (${noCopies.secondImportSeconds} s, end ${noCopies.endSeconds} s); ` +
        `look-alikes grouped ${noCopies.grouped}`,
    );
    console.log(
      `${many.partners} partners of ${many.adsPerPartner} flats: copies of the ${many.partners - 1}th's ` +
        `${many.copiesEndUsPerAd} µs/ad at the end (${many.copiesFound} grouped), own flats ${many.noCopiesEndUsPerAd} µs/ad`,
    );
    const result = {
      date: new Date().toISOString(),
      machine: { ...machine(), loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10) },
      adsPerPartner: n,
      copies: { ...copies, recall },
      noCopies,
      manyPartners: many,
      budgets: BUDGET,
      pass,
    };
    fs.mkdirSync(path.join(__dirname, 'results'), { recursive: true });
    fs.writeFileSync(path.join(__dirname, 'results', 'dedup.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log('written bench/results/dedup.json');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
