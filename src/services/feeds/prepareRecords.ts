import { hash as sha1Hash } from 'node:crypto';
import { adWriteOf, type AdWrite } from '../search/SqliteSearchStore';
import { adIdOf } from '../search/siteKeys';
import type { AdInput, SiteKey } from '../search/types';
import { fingerprintOf, type Fingerprint } from './dedup';
import type { RawRecord } from './feedRecords';
import { foldedWords } from './foldedWords';
import { mapRecord, type FieldWarning } from './mapRecord';
import { shapeOf, type Rejection, type WarningCount } from './runReport';
import { detached } from './values';
import type { PlaceResolver } from './placeResolver';

export type { Rejection, WarningCount };

/** SHA-1 of a string in one call (`crypto.hash`, Node 20.12). */
const sha1 = (text: string, encoding: 'base64url'): string => sha1Hash('sha1', text, encoding);

/**
 * The part of an import that needs no store writes, record by record: map, hash, compare with
 * the stored hash, and prepare the write of a new ad (`adWriteOf`) and its duplicate fingerprint.
 * Each thread of a run prepares its batches this way while another writes (decision 044).
 */

export interface PrepareConfig {
  site: SiteKey;
  sourceId: number;
  /** Epoch seconds of the import. */
  now: number;
  /** Whether the source had ads when the run started: if not, every record is new (no look-ups). */
  sourceHadAds: boolean;
}

/** A record whose stored ad is live and unchanged. */
export interface UnchangedItem {
  partnerId: string;
  line: number;
  write?: undefined;
}

/** A record whose ad is new or changed. */
export interface PreparedAd {
  partnerId: string;
  line: number;
  /** Hash of the mapped ad (without a defaulted date): an equal hash is an unchanged ad. */
  hash: string;
  dateGiven: boolean;
  partnerCoords: boolean;
  expiresAt: number | null;
  /** Past its expiration date at the import. */
  expired: boolean;
  /** The write of the ad as a new ad: id from (site, source, partner id), a missing date is the import's. */
  write: AdWrite;
  /** Its duplicate fingerprint (none when expired or not groupable). */
  fp: Fingerprint | null;
}

export type PreparedItem = UnchangedItem | PreparedAd;

/** A rejected record with the whole partner id it gives (its rejection shows at most 80 characters). */
export interface RejectedAd {
  partnerId: string;
  rejection: Rejection;
}

/** The longest partner id an ad may have (`mapRecord` rejects a longer one). */
const MAX_PARTNER_ID = 200;

export interface PreparedBatch {
  /** The batch's place in the file (its records are `index × batchSize` on). */
  index: number;
  /** Records read (mapped or rejected). */
  records: number;
  rejected: number;
  /** Its records rejected by the mapping. */
  rejections: Rejection[];
  /**
   * Its rejected records that name an id the source may have an ad of (only when the source had
   * ads; made with the first): the writer keeps such an ad, live and at its last version, as
   * listed by this run.
   */
  rejectedAds?: RejectedAd[];
  /** Its mapped records, in file order. */
  items: PreparedItem[];
}

/** The stored hash of a partner's ad and whether it is live (`feed_ads`). */
export type KnownAd = (partnerId: string) => { hash: string; live: number } | undefined;

/**
 * The change hash of 042 (SHA-1 of the mapped ad's JSON, its date last and only when the feed
 * gave it) and the document `writeAds` would write, from one serialisation: the ad is given its
 * id, date and expiry as written (`ad.id`, `ad.date`, `ad.expired`, set here), and its JSON is the
 * document; the hash's text is that JSON without the date (which `mapRecord` puts between the
 * description and `location`), the id and the expiry, the mapped date appended when the feed gave
 * it. Before, the ad was copied without its date (`{ date, ...rest }`), serialised, and the
 * document joined from slices of that JSON: a copy of the ad and of its document (~1.2 KB) per ad.
 */
export function hashAndDoc(
  ad: AdInput,
  dateGiven: boolean,
  doc: { id: string; date: number; expired: boolean },
): { hash: string; doc: string } {
  const mapped = ad.date;
  if (!('id' in ad) && !('expired' in ad) && Object.keys(ad)[7] === 'date') {
    ad.date = doc.date;
    ad.id = doc.id;
    if (doc.expired) ad.expired = true;
    const json = JSON.stringify(ad);
    const dateJson = JSON.stringify(doc.date) as string | undefined;
    const tail = `,"id":${JSON.stringify(doc.id)}${doc.expired ? ',"expired":true' : ''}}`;
    // The description is a JSON string, whose quotes inside are escaped: `","date":` cannot be in it.
    const at = dateJson === undefined ? -1 : json.indexOf(`","date":${dateJson},"location":{`);
    // Nothing but strings and numbers before it (no `{`, even in a string), the id and expiry last.
    if (at > 0 && json.indexOf('{', 1) > at && json.endsWith(tail)) {
      const head = json.slice(0, at + 1);
      const body = json.slice(at + 9 + (dateJson as string).length, json.length - tail.length);
      // One-shot hashing: a Hash object per ad cost 6 µs, this 2.4 (the same digest).
      const text = dateGiven ? [head, body, ',"date":', JSON.stringify(mapped), '}'].join('') : `${head}${body}}`;
      return { hash: sha1(text, 'base64url').slice(0, 22), doc: json };
    }
    // Not the JSON expected: the ad as it was, and the general way.
    delete ad.id;
    delete ad.expired;
    ad.date = mapped;
  }
  return hashAndDocByCopy(ad, dateGiven, doc);
}

/**
 * `hashAndDoc` the general way, for any ad: through a copy of the ad without its date, as it was
 * before (exported for the test that holds the fast way to it).
 */
export function hashAndDocByCopy(
  ad: AdInput,
  dateGiven: boolean,
  doc: { id: string; date: number; expired: boolean },
): { hash: string; doc: string } {
  const { date, ...rest } = ad;
  const json = JSON.stringify(rest);
  const text = dateGiven ? `${json.slice(0, -1)},"date":${JSON.stringify(date)}}` : json;
  const hash = sha1(text, 'base64url').slice(0, 22);
  const at = json.indexOf('","location":{');
  const tail = `,"id":${JSON.stringify(doc.id)}${doc.expired ? ',"expired":true' : ''}}`;
  const written =
    at > 0 && Object.keys(ad)[7] === 'date'
      ? [json.slice(0, at + 1), ',"date":', JSON.stringify(doc.date), json.slice(at + 1, -1), tail].join('')
      : JSON.stringify({ ...ad, date: doc.date, id: doc.id, ...(doc.expired ? { expired: true } : {}) });
  ad.date = doc.date;
  ad.id = doc.id;
  if (doc.expired) ad.expired = true;
  return { hash, doc: written };
}

export class RecordPreparer {
  private readonly warningCounts = new Map<string, WarningCount>();

  constructor(
    private readonly config: PrepareConfig,
    private readonly places: PlaceResolver,
    private readonly known: KnownAd | undefined,
  ) {}

  /** Maps and prepares batch `index` (a duplicate partner id is found when the batch is written). */
  prepare(index: number, records: readonly RawRecord[]): PreparedBatch {
    const { site, sourceId, now } = this.config;
    const batch: PreparedBatch = { index, records: records.length, rejected: 0, rejections: [], items: [] };
    const hadAds = this.config.sourceHadAds;
    const places = this.places;
    for (const record of records) {
      const result = mapRecord(record, { site, sourceId, now, places });
      if (!result.ok) {
        const rejection: Rejection = {
          line: record.line,
          ...(result.partnerAdId ? { id: result.partnerAdId } : {}),
          reason: result.reason,
        };
        this.reject(batch, rejection);
        // The id as `mapRecord` reads an ad's (a first import has no stored ad to keep: no look-up).
        const partnerId = hadAds && result.partnerAdId ? record.fields.get('id')?.text.trim() : undefined;
        if (partnerId && partnerId.length <= MAX_PARTNER_ID) {
          (batch.rejectedAds ??= []).push({ partnerId: detached(partnerId), rejection });
        }
        continue;
      }
      for (const w of result.warnings) this.warn(w, record.line);
      const ad = result.ad;
      const partnerId = ad.partnerAdId;
      // The ad as 042's apply writes a new one: its id, the import's time for a missing date, expired when due.
      const id = adIdOf(site, sourceId, partnerId);
      const date = result.dateGiven ? ad.date : now;
      const expired = ad.expiresAt !== undefined && ad.expiresAt <= now;
      const { hash, doc } = hashAndDoc(ad, result.dateGiven, { id, date, expired });
      const prior = this.known?.(partnerId);
      // (An unchanged ad whose date has passed since is written expired, and counted so: not unchanged.)
      if (prior !== undefined && prior.hash === hash && prior.live === 1 && !expired) {
        batch.items.push({ partnerId, line: record.line });
        continue;
      }
      const partnerCoords = record.fields.has('latitude') && record.fields.has('longitude');
      // What the prepared write keeps of the record's text (the document is a new string already).
      ad.partnerAdId = detached(partnerId);
      ad.title = detached(ad.title);
      ad.description = detached(ad.description);
      // (`hashAndDoc` gave the ad its id, date and expiry.)
      batch.items.push({
        partnerId: ad.partnerAdId,
        line: record.line,
        hash,
        dateGiven: result.dateGiven,
        partnerCoords,
        expiresAt: ad.expiresAt ?? null,
        expired,
        write: adWriteOf(ad, id, expired, { doc, words: foldedWords }),
        fp: expired ? null : (fingerprintOf(ad, partnerCoords) ?? null),
      });
    }
    return batch;
  }

  /** The values left out of the index, by field and the reason's shape (first seen first). */
  warnings(): WarningCount[] {
    return [...this.warningCounts.values()];
  }

  private reject(batch: PreparedBatch, rejection: Rejection): void {
    batch.rejected++;
    batch.rejections.push(rejection);
  }

  private warn(w: FieldWarning, line: number): void {
    const key = `${w.field}|${shapeOf(w.reason)}`;
    const entry = this.warningCounts.get(key);
    if (entry) entry.count++;
    else if (this.warningCounts.size < 500)
      this.warningCounts.set(key, { field: w.field, reason: w.reason, count: 1, firstLine: line });
  }
}
