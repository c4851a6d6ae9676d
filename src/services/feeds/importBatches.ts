import fs from 'node:fs';
import type Database from 'better-sqlite3';
import type { AdWrite, SqliteSearchStore } from '../search/SqliteSearchStore';
import type { AdInput, PricePoint, StoredAd } from '../search/types';
import { AREA_TOLERANCE, isSameAd, MAX_KM, near, priceWindow, similarity, type Fingerprint } from './dedup';
import {
  FeedChangedError,
  readFeed,
  readXmlRange,
  type ByteRange,
  type FeedFormat,
  type FeedText,
  type RawRecord,
} from './feedRecords';
import type { PrepareConfig, PreparedBatch, RecordPreparer, Rejection } from './prepareRecords';
import type { TurnGate } from './turnGate';

/**
 * Phase 2 of an import (decision 044), as each thread runs it: the file's records come in
 * batches of `batchSize` by their position; thread t of T maps and prepares batches t, t+T, …
 * (`RecordPreparer`) and writes each in its turn (`TurnGate`), so that batches are written in
 * file order, each in one transaction (`BatchWriter`), by whichever thread prepared it.
 */

const GROUP_BASE = 2 ** 50;

/** What writing one batch did, for the run's summary. */
export interface BatchResult {
  index: number;
  records: number;
  rejected: number;
  /**
   * Of its rejected records, those whose stored live ad was kept at its last version (not
   * expired); less those of earlier batches that a good record of the same id overrode (`unkept`).
   */
  kept: number;
  /** Lines of earlier batches' kept rejections whose ad a good record of this batch wrote after all. */
  unkept?: number[];
  /** Its rejections (mapping and duplicate ids), by line. */
  rejections: Rejection[];
  imported: number;
  updated: number;
  unchanged: number;
  expiredByDate: number;
  grouped: number;
}

/** Weeks in a month (52 in 12): a weekly price's monthly equivalent is its value times this. */
export const WEEKS_PER_MONTH = 52 / 12;

/**
 * A price of one basis on another: a weekly price (`isWeekly`: the feed's weekly and daily prices,
 * stored by the week) and a monthly one (monthly and yearly prices, stored by the month) compare
 * only as monthly equivalents. In cents, as the feed's prices are stored.
 */
function onBasis(value: number, fromWeekly: boolean, toWeekly: boolean): number {
  if (fromWeekly === toWeekly) return value;
  return Math.round((fromWeekly ? value * WEEKS_PER_MONTH : value / WEEKS_PER_MONTH) * 100) / 100;
}

/**
 * The price history after a change from the stored ad's price to the feed's. Prices compare on
 * the new price's basis (by the week or by the month): a price whose period changed is converted
 * first, so a period change alone is no drop (monthly 1,300 then weekly 350, ~1,517 a month, is a
 * rise) and a lower monthly equivalent is one (its `oldValue` the old price on the new basis, as
 * the badge shows it beside the new one). On a period change the history's points are converted
 * too, so that the history is on one basis.
 */
export function nextPrice(previous: StoredAd['price'], next: AdInput['price'], now: number, since: number) {
  if (!next) return undefined;
  if (!previous) return next;
  const wasWeekly = previous.isWeekly === true;
  const weekly = next.isWeekly === true;
  const periodChanged = wasWeekly !== weekly;
  const before = onBasis(previous.value, wasWeekly, weekly);
  const oldHistory =
    periodChanged && previous.history
      ? previous.history.map((p) => ({ date: p.date, value: onBasis(p.value, wasWeekly, weekly) }))
      : previous.history;
  if (before === next.value) {
    return {
      ...next,
      ...(previous.oldValue !== undefined ? { oldValue: onBasis(previous.oldValue, wasWeekly, weekly) } : {}),
      ...(oldHistory ? { history: oldHistory } : {}),
    };
  }
  const history: PricePoint[] = oldHistory?.length ? [...oldHistory] : [{ date: since, value: before }];
  history.push({ date: now, value: next.value });
  const price: NonNullable<AdInput['price']> = { ...next, history: history.slice(-20) };
  // A drop shows the price before it (the badge and the decrease_price filter read oldValue).
  if (next.value < before) price.oldValue = before;
  return price;
}

/**
 * Writes prepared batches of one run through one connection: new ads as prepared, stored ones
 * with their price history, duplicate groups, and each ad's import state (`feed_ads`). A partner
 * id the run has already seen (`feed_ads.seen_run`) is a duplicate in the file: rejected.
 */
export class BatchWriter {
  private readonly db: Database.Database;
  private readonly seen: Database.Statement;
  private readonly putState: Database.Statement;
  private readonly firstLine: Database.Statement;
  private readonly keep: Database.Statement;
  private readonly release: Database.Statement;
  private readonly dedup: Deduplicator;

  constructor(
    private readonly store: SqliteSearchStore,
    private readonly run: number,
    private readonly config: PrepareConfig,
    site: number,
  ) {
    const db = store.db;
    this.db = db;
    this.seen = db.prepare(
      'UPDATE feed_ads SET seen_run = ?, seen_line = ? WHERE source_id = ? AND partner_id = ? AND seen_run <> ?',
    );
    this.putState = db.prepare(
      `INSERT INTO feed_ads (source_id, partner_id, ad_id, hash, seen_run, live, expires_at, seen_line)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (source_id, partner_id) DO UPDATE SET ad_id = excluded.ad_id, hash = excluded.hash,
         seen_run = excluded.seen_run, live = excluded.live, expires_at = excluded.expires_at,
         seen_line = excluded.seen_line
       WHERE feed_ads.seen_run <> excluded.seen_run`,
    );
    // A rejected record of a live stored ad: listed, so seen by the run (not expired), the ad left as
    // it was; its line negative, as no good record's is (a good record of the id later in the file
    // overrides it: `release`).
    this.keep = db.prepare(
      `UPDATE feed_ads SET seen_run = ?, seen_line = ?
       WHERE source_id = ? AND partner_id = ? AND live = 1 AND seen_run <> ?`,
    );
    this.release = db.prepare('UPDATE feed_ads SET seen_run = 0 WHERE source_id = ? AND partner_id = ?');
    this.firstLine = db.prepare('SELECT seen_line FROM feed_ads WHERE source_id = ? AND partner_id = ?');
    this.dedup = new Deduplicator(db, site, config.sourceId);
  }

  /** Writes a batch in one transaction. */
  write(batch: PreparedBatch): BatchResult {
    const { sourceId, now, sourceHadAds } = this.config;
    const run = this.run;
    const store = this.store;
    const dedup = this.dedup;
    const result: BatchResult = {
      index: batch.index,
      records: batch.records,
      rejected: batch.rejected,
      kept: 0,
      rejections: batch.rejections.slice(),
      imported: 0,
      updated: 0,
      unchanged: 0,
      expiredByDate: 0,
      grouped: 0,
    };
    // A record whose id this run has seen already (its state was not written): a duplicate, unless
    // only a rejected record listed it (`keep`), which a good record overrides: released, it is
    // written again (true), and that rejection's ad no longer counts as kept.
    const duplicate = (partnerId: string, line: number): boolean => {
      const first = this.firstLine.get(sourceId, partnerId) as { seen_line: number | null } | undefined;
      const firstLine = first?.seen_line ?? null;
      if (firstLine !== null && firstLine < 0) {
        this.release.run(sourceId, partnerId);
        result.kept--;
        (result.unkept ??= []).push(-firstLine);
        return true;
      }
      result.rejected++;
      result.rejections.push({
        line,
        id: partnerId,
        reason: `duplicate id (first at line ${firstLine ?? '?'})`,
      });
      return false;
    };
    this.db
      .transaction(() => {
        dedup.listOthers();
        // Stored versions (none when the source had no ads: a first import writes new ads only).
        const existing = new Map<string, StoredAd>();
        if (sourceHadAds) {
          const ids: string[] = [];
          for (const item of batch.items) if (item.write) ids.push(item.partnerId);
          if (ids.length > 0) for (const a of store.getAdsByPartnerSync(sourceId, ids)) existing.set(a.partnerAdId, a);
        }
        const fresh: AdWrite[] = [];
        // The fingerprints of new ads, kept once the store has given them their keys.
        const freshPrints: { w: AdWrite; fp: Fingerprint }[] = [];
        const changed: AdInput[] = [];
        const groupChanges: GroupChange[] = [];
        for (const item of batch.items) {
          if (!item.write) {
            // Stored, live and unchanged: seen by this run.
            let seen = this.seen.run(run, item.line, sourceId, item.partnerId, run).changes;
            if (seen === 0 && duplicate(item.partnerId, item.line)) {
              seen = this.seen.run(run, item.line, sourceId, item.partnerId, run).changes;
            }
            if (seen !== 0) result.unchanged++;
            continue;
          }
          const before = existing.get(item.partnerId);
          const id = before ? before.id : item.write.id;
          const expired = item.expired;
          const live = expired ? 0 : 1;
          const put = this.putState;
          let written = put.run(sourceId, item.partnerId, id, item.hash, run, live, item.expiresAt, item.line).changes;
          if (written === 0 && duplicate(item.partnerId, item.line)) {
            written = put.run(sourceId, item.partnerId, id, item.hash, run, live, item.expiresAt, item.line).changes;
          }
          if (written === 0) continue;
          const fp = item.fp;
          if (!before) {
            // A new ad: written as prepared; grouped when its fingerprint is indexed (decision 085).
            const w = item.write;
            if (expired) result.expiredByDate++;
            else result.imported++;
            if (fp) freshPrints.push({ w, fp });
            fresh.push(w);
            continue;
          }
          // A stored ad: keeps its id, key and (without a date in the feed) date; its price history grows.
          const ad = JSON.parse(item.write.doc) as AdInput;
          delete ad.expired;
          ad.id = before.id;
          if (!item.dateGiven) ad.date = before.date ?? now;
          // A price in another currency than before, or of another deal, starts its history anew: figures in
          // two currencies are no drop or rise (a partner that moves from dollars to pesos has not cut its
          // price 1,000-fold), nor is a flat's rent after its sale price.
          const price =
            before.currency === ad.currency && before.typeId === ad.typeId
              ? nextPrice(before.price, ad.price, now, before.date ?? now)
              : ad.price;
          if (price) ad.price = price;
          // A figure the record gives that is no price ("1.5OO", out of range): the last good price and its
          // history stay (a feed's glitch is no price cut when the figure comes back).
          else if (
            // (A figure it could not use; words alone, "Precio a consultar", withdraw the price.)
            /\d/.test(ad.feedAttributes?.price ?? '') &&
            before.price &&
            before.currency === ad.currency &&
            before.typeId === ad.typeId
          )
            ad.price = before.price;
          if (expired) ad.expired = true;
          if (expired) {
            if (!before.expired) result.expiredByDate++;
            else result.unchanged++;
          } else result.updated++;
          // Duplicates: still in its group when it is still the flat of another source's copy there, its price
          // aside (one partner's price cut does not make it another flat); else grouped with another source's
          // ad, or out of a group it no longer matches.
          const stays = fp && before.duplicateGroup !== undefined && dedup.stillOf(before.duplicateGroup, ad.id, fp);
          const group = stays ? (before.duplicateGroup as number) : fp ? dedup.match(ad.id, fp, groupChanges) : null;
          if (group !== null) {
            ad.duplicateGroup = group;
            if (before.duplicateGroup !== group) result.grouped++;
          } else delete ad.duplicateGroup;
          if (fp) dedup.put(before.key, ad.id, fp, group);
          else dedup.remove(before.key);
          changed.push(ad);
        }
        // The store gives the last ad of a batch the newest key: oldest first. New ads take keys below
        // the stored ones, so writing them first keeps the index writes in ascending key order.
        if (fresh.length > 0) {
          const keys = store.writeNewAdsSync(fresh.sort((a, b) => a.date - b.date));
          const keyOf = new Map<AdWrite, number>();
          fresh.forEach((w, i) => keyOf.set(w, keys[i] as number));
          // Not `{ ...p, k }`: a property added to an object made by spread costs V8 ~0.6 µs (placeResolver.ts).
          const prints = freshPrints
            .map((p) => ({ w: p.w, fp: p.fp, k: keyOf.get(p.w) as number }))
            .sort((a, b) => a.k - b.k);
          // Into `feed_dedup_new`, matched and indexed at the run's end (`indexNewFingerprints`, decisions 084, 085).
          for (const p of prints) dedup.putNew(p.k, p.w.id, p.fp);
        }
        if (changed.length > 0) store.writeAdsSync(changed.sort((a, b) => a.date - b.date));
        if (groupChanges.length > 0) store.setDuplicateGroupsByKeySync(groupChanges);
        // Rejected records of stored live ads (after the batch's good records: a good record of the
        // same id wins, wherever it is in the file).
        if (batch.rejectedAds) {
          for (const r of batch.rejectedAds) {
            const line = r.rejection.line;
            if (this.keep.run(run, -line, sourceId, r.partnerId, run).changes === 0) continue;
            r.rejection.kept = true;
            result.kept++;
          }
        }
      })
      .immediate();
    if (result.rejections.length > 1) result.rejections.sort((a, b) => a.line - b.line);
    return result;
  }
}

interface DedupRow {
  k: number;
  ad_id: string;
  site: number;
  source_id: number;
  price: number | null;
  area: number | null;
  rooms: number | null;
  baths: number | null;
  mileage: number | null;
  lat: number | null;
  lng: number | null;
  sketch: Buffer;
  dup: number | null;
  block: string;
  nums: string | null;
  h: number | null;
}

function rowFingerprint(row: DedupRow): Fingerprint {
  return {
    block: row.block,
    price: row.price,
    area: row.area,
    rooms: row.rooms,
    baths: row.baths,
    mileage: row.mileage,
    lat: row.lat,
    lng: row.lng,
    nums: row.nums,
    sketch: new Uint32Array(row.sketch.buffer.slice(row.sketch.byteOffset, row.sketch.byteOffset + row.sketch.length)),
  };
}

/** The columns of a fingerprint's row, in `feed_dedup` and `feed_dedup_new` alike. */
const DEDUP_COLUMNS =
  'k, ad_id, site, block, source_id, price, area, rooms, baths, mileage, lat, lng, sketch, dup, nums, h';
const DEDUP_VALUES = DEDUP_COLUMNS.split(', ')
  .map((c) => `@${c}`)
  .join(', ');

/**
 * Fingerprints moved per transaction by `indexNewFingerprints`: ~0.7 s each at 1,000,000 ads, so that the
 * server's writers and another run's batches, which wait for the write lock up to 5 s, never fail.
 */
const MOVE_CHUNK = 100_000;

/**
 * How long at most (ms) one transaction of `indexNewFingerprints` matches fingerprints one by one
 * (~0.1 ms each in a crowded block, decision 086), and how many it reads at a time.
 */
const MATCH_BUDGET_MS = 500;
const MATCH_READ = 1_000;

/** What `indexNewFingerprints` did. */
export interface IndexedFingerprints {
  moved: number;
  /** The transactions they were moved in (each matches for `budgetMs` at most, beyond its last match). */
  transactions: number;
  /** By site: new ads that joined a duplicate group of another source's ad. */
  grouped: Map<number, number>;
}

/**
 * Indexes the fingerprints of the new ads written since the last call, and groups those ads: moves
 * them from `feed_dedup_new`, where batches append them by key, into `feed_dedup` in chunks, so that
 * its block index is written once per chunk rather than at a random page for each new ad of each
 * batch (decision 084). Each one, on a site with other sources, is first matched against the
 * fingerprints already indexed, its own chunk's before it included (decision 085), a source at a time:
 * whichever of two copies is indexed second finds the first, whatever runs wrote them and however they
 * overlapped.
 * Run at the end of every run's phase 2, and at the start of every run for those of a run that was
 * killed or failed.
 */
export function indexNewFingerprints(
  store: SqliteSearchStore,
  chunkSize = MOVE_CHUNK,
  budgetMs = MATCH_BUDGET_MS,
  /** Sites whose new fingerprints wait (another source's run of each is still writing: `sitesBeingWritten`). */
  leaveSites: readonly number[] = [],
): IndexedFingerprints {
  const db = store.db;
  const matcher = new GroupMatcher(db);
  const leave = JSON.stringify(leaveSites);
  const nth = db
    .prepare(
      'SELECT k FROM feed_dedup_new WHERE site NOT IN (SELECT value FROM json_each(?)) ORDER BY k LIMIT 1 OFFSET ?',
    )
    .pluck();
  const sitesOf = db
    .prepare('SELECT DISTINCT site FROM feed_dedup_new WHERE k <= ? AND site NOT IN (SELECT value FROM json_each(?))')
    .pluck();
  const moveAll = db.prepare(
    `INSERT OR REPLACE INTO feed_dedup (${DEDUP_COLUMNS})
     SELECT ${DEDUP_COLUMNS} FROM feed_dedup_new WHERE k <= ? AND site = ? ORDER BY k`,
  );
  const rowsOf = db.prepare(
    `SELECT ${DEDUP_COLUMNS} FROM feed_dedup_new WHERE k > ? AND site = ? AND source_id = ? ORDER BY k LIMIT ?`,
  );
  const put = db.prepare(`INSERT OR REPLACE INTO feed_dedup (${DEDUP_COLUMNS}) VALUES (${DEDUP_VALUES})`);
  const drop = db.prepare('DELETE FROM feed_dedup_new WHERE k <= ? AND site = ?');
  const dropOf = db.prepare('DELETE FROM feed_dedup_new WHERE k >= ? AND k <= ? AND site = ? AND source_id = ?');
  const pendingSources = db
    .prepare('SELECT DISTINCT source_id FROM feed_dedup_new WHERE site = ? ORDER BY source_id')
    .pluck();
  /**
   * By site of several sources, the sources whose new fingerprints wait, in the order they are matched:
   * one source's all before the next's, as if their runs had ended one after the other. Matched by key
   * across sources, two runs that wrote at once had one partner's flat matched while only some of the
   * other's were indexed: it joined a look-alike of its copy, indexed earlier (a review's two partners of
   * 30,000 flats each, imported at once, made groups of four).
   */
  const waiting = new Map<number, number[]>();
  /** By source, the key its walk reached (its rows up to it moved): the next transaction's goes on from it. */
  const reached = new Map<number, number>();
  // A few reads to a chunk at least, so that the budget can end one before its bound.
  const readRows = Math.min(MATCH_READ, Math.max(1, Math.floor(chunkSize / 4)));
  const chunk = db.transaction((): IndexedFingerprints => {
    const grouped = new Map<number, number>();
    if (nth.get(leave, 0) === undefined) return { moved: 0, transactions: 1, grouped };
    const upTo = (nth.get(leave, chunkSize - 1) as number | undefined) ?? Number.MAX_SAFE_INTEGER;
    let moved = 0;
    const changes: GroupChange[] = [];
    const sites = sitesOf.all(upTo, leave) as number[];
    // The matching's time, after the queries above: those read past every row of the sites left waiting,
    // and counted in, millions of them left each transaction one match (hours for a site's new ads).
    const started = Date.now();
    for (const site of sites) {
      const sources = matcher.sourcesOf(site);
      // A site of one source: nothing to match, moved in one statement (a first import's usual case).
      if (sources.length <= 1) {
        moved += moveAll.run(upTo, site).changes;
        drop.run(upTo, site);
        continue;
      }
      // Matched one by one, for at most `budgetMs` (one at least), the time checked after each (a match in a
      // crowded block of a big store takes milliseconds: a read's thousand of them, seconds): the rest is
      // the next transaction's, so that the writers waiting for this one never wait 5 s. One source at a
      // time (`waiting`), at most a chunk of it.
      let order = waiting.get(site);
      if (!order || order.length === 0) waiting.set(site, (order = pendingSources.all(site) as number[]));
      let source: number | undefined;
      let rows: DedupRow[] = [];
      // The first source in the order that still has rows waiting (one may have had its rows expired since),
      // from where its walk stopped, else (rows written since, of smaller keys) from the start.
      for (; (source = order[0]) !== undefined; order.shift()) {
        rows = rowsOf.all(reached.get(source) ?? Number.MIN_SAFE_INTEGER, site, source, readRows) as DedupRow[];
        if (rows.length === 0 && reached.delete(source))
          rows = rowsOf.all(Number.MIN_SAFE_INTEGER, site, source, readRows) as DedupRow[];
        if (rows.length > 0) break;
      }
      if (source === undefined) continue;
      const from = (rows[0] as DedupRow).k;
      let after = Number.MIN_SAFE_INTEGER;
      let spent = false;
      let taken = 0;
      for (let first = true; ; first = false) {
        if (!first) rows = rowsOf.all(after, site, source, readRows) as DedupRow[];
        taken += rows.length;
        for (const row of rows) {
          if (row.dup === null) {
            const others = sources.filter((s) => s !== row.source_id);
            const group = matcher.match(site, others, row.ad_id, rowFingerprint(row), changes);
            if (group !== null) {
              row.dup = group;
              changes.push({ k: row.k, group });
              grouped.set(site, (grouped.get(site) ?? 0) + 1);
            }
          }
          put.run(row);
          moved++;
          after = row.k;
          spent = Date.now() - started >= budgetMs;
          if (spent) break;
        }
        if (spent || rows.length < readRows || taken >= chunkSize) break;
      }
      dropOf.run(from, after, site, source);
      reached.set(source, after);
      // Its rows all moved: the next source's, in the next transaction.
      if (!spent && rows.length < readRows) order.shift();
      break;
    }
    if (changes.length > 0) store.setDuplicateGroupsByKeySync(changes);
    return { moved, transactions: 1, grouped };
  });
  const done: IndexedFingerprints = { moved: 0, transactions: 0, grouped: new Map() };
  for (let c = chunk.immediate(); c.moved > 0; c = chunk.immediate()) {
    done.moved += c.moved;
    done.transactions++;
    for (const [site, n] of c.grouped) done.grouped.set(site, (done.grouped.get(site) ?? 0) + n);
  }
  return done;
}

/**
 * Candidates of a match asked for on each side of its price: in a crowded block (a big city's flats
 * of one type) the price window holds hundreds of another partner's ads, and a copy's price is the
 * same or close (decision 086).
 */
const NEAREST = 24;

/**
 * The key of two hashes of a fingerprint's words (`feed_dedup.h`, decision 087): the first whole and
 * the second's top 20 bits, 52 bits in all (a number exact in JavaScript); null without two.
 */
export function wordsKey(first: number | undefined, second: number | undefined): number | null {
  if (first === undefined || second === undefined) return null;
  return first * 2 ** 20 + (second >>> 12);
}

/** Kilometres in a degree of latitude. */
const KM_PER_DEGREE = 111.2;

/** The candidates of both sides (each ordered from the price outwards), nearest price first. */
function nearestFirst(price: number, above: DedupRow[], below: DedupRow[]): DedupRow[] {
  const out: DedupRow[] = [];
  let i = 0;
  let j = 0;
  while (i < above.length || j < below.length) {
    const a = above[i];
    const b = below[j];
    if (a !== undefined && (b === undefined || (a.price as number) - price <= price - (b.price as number))) {
      out.push(a);
      i++;
    } else if (b !== undefined) {
      out.push(b);
      j++;
    }
  }
  return out;
}

/** An ad's new duplicate group (null: none), by its key in `ads`. */
interface GroupChange {
  k: number;
  group: number | null;
}

/** The queries of a match, over the fingerprints of some sources (`GroupMatcher.queriesFor`). */
interface MatchQueries {
  above: Database.Statement;
  below: Database.Statement;
  samePrice: Database.Statement;
  findNoPrice: Database.Statement;
  sameWords: Database.Statement;
}

/**
 * The rule's vetoes on rooms, bathrooms, floor area and partner coordinates, read off the block
 * index: a candidate they rule out is never read (decision 086).
 */
const VETOES = `(@rooms IS NULL OR rooms IS NULL OR rooms = @rooms) AND (@baths IS NULL OR baths IS NULL OR baths = @baths)
  AND (@area IS NULL OR area IS NULL OR area BETWEEN @areaLow AND @areaHigh)
  AND (@lat IS NULL OR lat IS NULL OR lng IS NULL
    OR (lat BETWEEN @latLow AND @latHigh AND lng BETWEEN @lngLow AND @lngHigh))`;

/** Finds, among other sources' fingerprints of a site in `feed_dedup`, the same ad as a fingerprint's. */
class GroupMatcher {
  /** By the sources they read (their ids, comma-separated). */
  private readonly queries = new Map<string, MatchQueries>();
  private readonly setDup: Database.Statement;
  private readonly counter: Database.Statement;
  private readonly bump: Database.Statement;
  private readonly sources: Database.Statement;

  constructor(private readonly db: Database.Database) {
    this.setDup = db.prepare('UPDATE feed_dedup SET dup = ? WHERE k = ?');
    this.counter = db.prepare(`SELECT value FROM feed_meta WHERE key = 'group'`);
    this.bump = db.prepare(
      `INSERT INTO feed_meta (key, value) VALUES ('group', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    );
    // Sources that imported a feed: the demo data's partners, written directly, have no fingerprints.
    this.sources = db
      .prepare(
        `SELECT id FROM sources s WHERE site = ? AND EXISTS (SELECT 1 FROM feed_ads f WHERE f.source_id = s.id)
         ORDER BY id`,
      )
      .pluck();
  }

  /**
   * The queries over the fingerprints of `sources` (ids from the store, written into the SQL): every
   * one of them at once, each read off the block index by its own range (decision 090), so that a
   * site of many partners asks once per kind of query rather than once per partner.
   */
  private queriesFor(sources: readonly number[]): MatchQueries {
    const key = sources.join(',');
    let q = this.queries.get(key);
    if (q) return q;
    const block = `site = @site AND block = @block AND source_id IN (${sources.map((id) => Math.trunc(id)).join(', ')})`;
    const select = (where: string, tail: string) =>
      this.db.prepare(`SELECT * FROM feed_dedup WHERE ${block} AND ${where} AND ${VETOES} ${tail}`);
    // As many candidates as one query a partner read: the nearest of every partner may be its copy.
    const nearest = NEAREST * sources.length;
    q = {
      above: select('price > @price AND price <= @high', `ORDER BY price LIMIT ${nearest}`),
      samePrice: select('price = @price', `LIMIT ${nearest}`),
      below: select('price < @price AND price >= @low', `ORDER BY price DESC LIMIT ${nearest}`),
      findNoPrice: select('1', `LIMIT ${nearest * 2}`),
      // Without a price: those that share one of the ad's few smallest word hashes (decision 087).
      sameWords: select('price IS NULL AND h IN (@h01, @h02, @h03, @h12, @h13, @h23)', `LIMIT ${nearest * 2}`),
    };
    this.queries.set(key, q);
    return q;
  }

  /**
   * The site's sources that have imported ads, as the store lists them now (a run's source is listed
   * once its first batch is written, in the transaction that keeps that batch's fingerprints).
   */
  sourcesOf(site: number): number[] {
    return this.sources.all(site) as number[];
  }

  /**
   * The group of the ad `adId` (joining, or founding with, the likest matching ad of the sources
   * `others`), or null. A group founded is set on the other ad's fingerprint here and listed in
   * `changes` for its ad.
   */
  match(site: number, others: readonly number[], adId: string, fp: Fingerprint, changes: GroupChange[]): number | null {
    if (others.length === 0) return null;
    const q = this.queriesFor(others);
    const params = {
      site,
      block: fp.block,
      price: fp.price,
      low: 0,
      high: 0,
      rooms: fp.rooms,
      baths: fp.baths,
      area: fp.area,
      // A little wider than the rule's 8 %, which `isSameAd` applies exactly: the query only rules out.
      areaLow: fp.area === null ? null : fp.area * (1 - AREA_TOLERANCE) * (1 - 1e-9),
      areaHigh: fp.area === null ? null : (fp.area / (1 - AREA_TOLERANCE)) * (1 + 1e-9),
      // Pairs of the smallest hashes of its words (a sketch is sorted): a copy's two smallest are among them.
      h01: wordsKey(fp.sketch[0], fp.sketch[1]),
      h02: wordsKey(fp.sketch[0], fp.sketch[2]),
      h03: wordsKey(fp.sketch[0], fp.sketch[3]),
      h12: wordsKey(fp.sketch[1], fp.sketch[2]),
      h13: wordsKey(fp.sketch[1], fp.sketch[3]),
      h23: wordsKey(fp.sketch[2], fp.sketch[3]),
      // Partner coordinates more than 1 km apart are two places: a box a little larger than that circle.
      lat: fp.lat === null || fp.lng === null ? null : fp.lat,
      latLow: 0,
      latHigh: 0,
      lngLow: 0,
      lngHigh: 0,
    };
    if (params.lat !== null) {
      const lat = params.lat;
      const dLat = (MAX_KM / KM_PER_DEGREE) * 1.01;
      const dLng = dLat / Math.max(1e-6, Math.cos((lat * Math.PI) / 180));
      [params.latLow, params.latHigh] = [lat - dLat, lat + dLat];
      [params.lngLow, params.lngHigh] = [(fp.lng as number) - dLng, (fp.lng as number) + dLng];
    }
    if (fp.price !== null) [params.low, params.high] = priceWindow(fp.price);
    let group: number | undefined;
    if (fp.price !== null) {
      // The same price first: a copy's nearly always is, and the window's scan costs (~66 µs at 2,400 a block).
      group = this.bestSame(q.samePrice.all(params) as DedupRow[], adId, fp, changes);
      if (group === undefined) {
        const near = nearestFirst(fp.price, q.above.all(params) as DedupRow[], q.below.all(params) as DedupRow[]);
        group = this.bestSame(near, adId, fp, changes);
      }
    } else {
      // Those of like words first, then the block's first few (a small block's all).
      if (fp.sketch.length > 1) group = this.bestSame(q.sameWords.all(params) as DedupRow[], adId, fp, changes);
      group ??= this.bestSame(q.findNoPrice.all(params) as DedupRow[], adId, fp, changes);
    }
    return group ?? null;
  }

  /**
   * The group of the one of `rows` that is the same ad, the likest if several are (founded with it if
   * it has none), or undefined. Two flats of one building and one agency's template can both pass the
   * rule; the copy's words are the closest.
   */
  private bestSame(rows: DedupRow[], adId: string, fp: Fingerprint, changes: GroupChange[]): number | undefined {
    let best: DedupRow | undefined;
    let bestSimilarity = -1;
    for (const row of rows) {
      if (row.ad_id === adId) continue;
      const other = rowFingerprint(row);
      if (!isSameAd(fp, other)) continue;
      const j = similarity(fp.sketch, other.sketch);
      if (j > bestSimilarity) {
        best = row;
        bestSimilarity = j;
      }
    }
    if (!best) return undefined;
    if (best.dup !== null) return best.dup;
    const group = this.newGroup();
    this.setDup.run(group, best.k);
    changes.push({ k: best.k, group });
    return group;
  }

  private newGroup(): number {
    const row = this.counter.get() as { value: number } | undefined;
    const next = (row?.value ?? GROUP_BASE) + 1;
    this.bump.run(next);
    return next;
  }
}

/** How far apart (of the larger) a grouped ad's price and its copy's may move and the ad keep its group. */
const STILL_PRICE_TOLERANCE = 0.25;

/** A batch's duplicate fingerprints: stored ads' matched and indexed, new ads' kept for `indexNewFingerprints`. */
class Deduplicator {
  private readonly matcher: GroupMatcher;
  private readonly upsert: Database.Statement;
  private readonly upsertNew: Database.Statement;
  private readonly del: Database.Statement;
  private readonly delNew: Database.Statement;
  private readonly groupRows: Database.Statement;
  private others: number[] = [];

  constructor(
    db: Database.Database,
    private readonly site: number,
    private readonly sourceId: number,
  ) {
    this.matcher = new GroupMatcher(db);
    const values = 'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';
    this.upsert = db.prepare(`INSERT OR REPLACE INTO feed_dedup (${DEDUP_COLUMNS}) ${values}`);
    this.upsertNew = db.prepare(`INSERT OR REPLACE INTO feed_dedup_new (${DEDUP_COLUMNS}) ${values}`);
    this.del = db.prepare('DELETE FROM feed_dedup WHERE k = ?');
    this.delNew = db.prepare('DELETE FROM feed_dedup_new WHERE k = ?');
    this.groupRows = db.prepare(
      'SELECT * FROM feed_dedup WHERE site = ? AND block = ? AND dup = ? AND source_id <> ? LIMIT 20',
    );
  }

  /** The site's other sources, listed again for each batch (a source that another run creates meanwhile). */
  listOthers(): void {
    this.others = this.matcher.sourcesOf(this.site).filter((s) => s !== this.sourceId);
  }

  /** The group of a stored ad whose fingerprint changed: another source's ad it matches, or null. */
  match(adId: string, fp: Fingerprint, changes: GroupChange[]): number | null {
    return this.matcher.match(this.site, this.others, adId, fp, changes);
  }

  /**
   * Whether the ad is still the same as another source's ad of its group `group`, their prices within a
   * quarter of each other rather than the rule's 5 % (`isSameAd` on everything else): the group it keeps
   * when a partner only moved its price.
   */
  stillOf(group: number, adId: string, fp: Fingerprint): boolean {
    const rows = this.groupRows.all(this.site, fp.block, group, this.sourceId) as DedupRow[];
    const unpriced = { ...fp, price: null };
    return rows.some((row) => {
      if (row.ad_id === adId) return false;
      const other = rowFingerprint(row);
      // A cut or a rise a partner makes (up to a quarter), not another flat's price (a re-used id).
      if (fp.price !== null && other.price !== null && !near(fp.price, other.price, STILL_PRICE_TOLERANCE))
        return false;
      return isSameAd(unpriced, { ...other, price: null });
    });
  }

  /**
   * Indexes the fingerprint of the stored ad with key `k` (its key in `ads`), in place of any it has:
   * also one still waiting to be indexed (a new ad of a run whose grouping waits, decision 085), which
   * would replace this one when it is.
   */
  put(k: number, adId: string, fp: Fingerprint, group: number | null): void {
    this.delNew.run(k);
    this.write(this.upsert, k, adId, fp, group);
  }

  /**
   * Keeps the fingerprint of a new ad for `indexNewFingerprints`, which groups the ad: only other
   * sources' ads are matched, so the run's own new ads need not be found before it ends.
   */
  putNew(k: number, adId: string, fp: Fingerprint): void {
    this.write(this.upsertNew, k, adId, fp, null);
  }

  private write(statement: Database.Statement, k: number, adId: string, fp: Fingerprint, group: number | null): void {
    statement.run(
      k,
      adId,
      this.site,
      fp.block,
      this.sourceId,
      fp.price,
      fp.area,
      fp.rooms,
      fp.baths,
      fp.mileage,
      fp.lat,
      fp.lng,
      Buffer.from(fp.sketch.buffer, fp.sketch.byteOffset, fp.sketch.byteLength),
      group,
      fp.nums,
      wordsKey(fp.sketch[0], fp.sketch[1]),
    );
  }

  /** Takes a stored ad's fingerprint out (it is written expired, or has none now), also one still waiting. */
  remove(k: number): void {
    this.del.run(k);
    this.delNew.run(k);
  }
}

/** Where a batch's records are in a plain XML file (from the check's marks): read alone. */
export interface BatchRange {
  start: number;
  end: number;
  /** Line breaks before `start`. */
  lineBreaks: number;
}

/** A plain XML file's batches (`BatchRange`), its root's name and its DOCTYPE, if it has one. */
export interface BatchRanges {
  root: string;
  batches: BatchRange[];
  prolog?: ByteRange;
}

/** One thread's part of phase 2. */
export interface ShareOptions {
  file: string;
  fd: number;
  format: FeedFormat;
  batchSize: number;
  threads: number;
  thread: number;
  /**
   * Each batch's bytes, when the check found the file plain: the thread reads its batches
   * alone. Without them, it reads the whole file and builds only its batches' records.
   */
  ranges?: BatchRanges;
  /** How the file is read (`feedText`, found by the check). */
  text: FeedText;
  preparer: RecordPreparer;
  writer: BatchWriter;
  gate: TurnGate;
  /** `gate.wait` on the main thread, `gate.waitSync` in a worker (-1: until the file is checked). */
  wait: (batch: number) => void | Promise<void>;
  onResult: (result: BatchResult) => void;
  /** The file's `fileStamp` when the run opened it: a batch is written only while the file still has it. */
  stamp?: string;
}

/**
 * What says a file was written since (its size and modification time, to the nanosecond): a file
 * overwritten in place with as many bytes and records (a next day's export where only prices changed,
 * each as long) reads as well formed, batch after batch, and its ads would be a silent mix of the two.
 */
export function fileStamp(fd: number): string {
  const s = fs.fstatSync(fd, { bigint: true });
  return `${s.size}:${s.mtimeNs}`;
}

/** The records of this thread's batches, in order, in the arrays the reader yields. */
function shareRecords(o: ShareOptions): AsyncIterable<RawRecord[]> {
  const { batchSize, threads, thread, ranges } = o;
  if (!ranges) {
    const want = threads === 1 ? undefined : (i: number) => Math.floor(i / batchSize) % threads === thread;
    return readFeed(o.file, o.format, o.fd, want, o.text);
  }
  return (async function* () {
    const all = ranges.batches;
    for (let b = thread; b < all.length; b += threads) {
      const r = all[b] as BatchRange;
      yield* readXmlRange(o.file, o.fd, {
        ...r,
        firstIndex: b * batchSize,
        root: ranges.root,
        ...(ranges.prolog ? { prolog: ranges.prolog } : {}),
        encoding: o.text.encoding,
        ...(o.text.crLines ? { crLines: true } : {}),
        last: b === all.length - 1,
      });
    }
  })();
}

/** Reads, prepares and writes this thread's batches, each in its turn. */
export async function runShare(o: ShareOptions): Promise<void> {
  const { batchSize, threads, thread } = o;
  // Records are mapped as they are read (a record dies young); a batch's prepared items wait for its turn.
  let prepared: PreparedBatch | undefined;
  let done = 0;
  const flush = async (): Promise<void> => {
    const batch = prepared as PreparedBatch;
    prepared = undefined;
    await o.wait(batch.index);
    if (o.stamp !== undefined && fileStamp(o.fd) !== o.stamp) throw new FeedChangedError('it was written meanwhile');
    const result = o.writer.write(batch);
    o.gate.done(batch.index);
    done++;
    o.onResult(result);
  };
  for await (const records of shareRecords(o)) {
    let from = 0;
    while (from < records.length) {
      const b = Math.floor((records[from]?.index as number) / batchSize);
      if (prepared && prepared.index !== b) await flush();
      // The records of batch b in this array.
      let to = from + 1;
      while (to < records.length && Math.floor((records[to]?.index as number) / batchSize) === b) to++;
      const part = o.preparer.prepare(b, records.slice(from, to));
      if (!prepared) prepared = part;
      else {
        prepared.records += part.records;
        prepared.rejected += part.rejected;
        for (const r of part.rejections) prepared.rejections.push(r);
        if (part.rejectedAds) for (const r of part.rejectedAds) (prepared.rejectedAds ??= []).push(r);
        for (const item of part.items) prepared.items.push(item);
      }
      if (prepared.records === batchSize) await flush();
      from = to;
    }
  }
  if (prepared) await flush();
  // A thread missing one of its batches would hold up the others: the file changed.
  await o.wait(-1);
  const expected = Math.max(0, Math.ceil((o.gate.batches - thread) / threads));
  if (done !== expected) throw new FeedChangedError('fewer records than checked');
}
