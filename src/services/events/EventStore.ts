/**
 * The append-only event store shared by the click-out, sources (leads) and
 * tracking services, and read by the report. Every method is asynchronous so
 * that a PostgreSQL adapter can implement the same interface; the SQLite
 * adapter (`SqliteEventStore`) answers synchronously. Rows are only ever
 * inserted: the SQLite schema refuses UPDATE and DELETE with triggers.
 * See docs/decisions/020-event-store.md.
 */

/** Why a click-out was or was not billed. */
export type ClickOutcome = 'billed' | 'duplicate' | 'bot' | 'no_campaign';

export type DeviceName = 'mobile' | 'desktop' | 'tablet';

/** One click-out as the click-out service records it. */
export interface ClickRecord {
  /** Opaque, random: also the conversion cookie answered to the browser. */
  clickId: string;
  at: Date;
  adId: string;
  sourceId: number | null;
  sourceName: string | null;
  country: string;
  vertical: string;
  position: number | null;
  sectionId: number | null;
  sectionTypeId: number | null;
  campaignId: number | null;
  device: DeviceName;
  bot: boolean;
  /** The campaign's cost per click for the device, in millionths of the site's currency; 0 without campaign. */
  cpcMicros: number;
  currency: string;
  /** The visitor as far as double clicks go: the cookie id, else a hash of ip and user agent. */
  dedupeKey: string;
  cookieId: string | null;
  ip: string;
  userAgent: string;
  /** The URL answered: always the one stored for the ad. */
  destination: string;
  /** The click's attributes as posted (validated), for analysis. */
  doc: unknown;
}

export interface ClickResult {
  outcome: ClickOutcome;
  billed: boolean;
}

/** A tracking document (or a rejected click-out, a forwarded lead ...) as stored. */
export interface EventRecord {
  type: string;
  at: Date;
  country: string | null;
  verticalId: number | null;
  cookieId: string | null;
  ip: string | null;
  userAgent: string | null;
  doc: unknown;
  /** Ads shown, for impression documents: one impression row each. */
  impressions?: readonly ImpressionRecord[];
}

export interface ImpressionRecord {
  adId: string;
  sourceId: number | null;
  position: number | null;
  sectionId: number | null;
}

export interface LeadRecord {
  leadId: string;
  at: Date;
  adId: string;
  sourceId: number;
  sourceName: string;
  country: string;
  vertical: string;
  /** Where the lead is forwarded: the source's contact e-mail from our store, never from the request. */
  toEmail: string;
  name: string;
  email: string;
  phone: string | null;
  message: string | null;
  doc: unknown;
}

/** The report's figures for one source on one (UTC) day. */
export interface SourceDayFigures {
  day: string;
  sourceId: number;
  clickouts: number;
  billableClicks: number;
  /** Sum of billed CPCs, in millionths of the currency. */
  revenueMicros: number;
  impressions: number;
  leads: number;
}

/** What is known of a source from our own rows (name, site), for the report. */
export interface SourceSeen {
  sourceId: number;
  name: string | null;
  country: string | null;
  vertical: string | null;
}

export interface DayRange {
  /** Inclusive UTC days, `yyyy-mm-dd`. */
  from?: string;
  to?: string;
}

export interface EventCounts {
  clickouts: number;
  billed: number;
  events: number;
  impressions: number;
  leads: number;
}

export interface EventStore {
  /**
   * Records a click-out and decides atomically whether it is billed: not for
   * a bot, not without a campaign, and not when the same visitor (dedupe key)
   * had a billed click on the same ad within `windowMs` before it. Two
   * concurrent double clicks bill once, also across processes.
   */
  recordClick(click: ClickRecord, windowMs: number): Promise<ClickResult>;
  /** Appends documents (and their impressions) in one transaction; returns their ids. */
  appendEvents(events: readonly EventRecord[]): Promise<number[]>;
  recordLead(lead: LeadRecord): Promise<void>;
  /** Figures per source and day, ordered by day then source id. */
  figures(range: DayRange): Promise<SourceDayFigures[]>;
  /** Name and site of every source seen in click-outs and leads. */
  sourcesSeen(): Promise<SourceSeen[]>;
  /** Row counts (for tests and health checks). */
  counts(): Promise<EventCounts>;
  /** Events of a type, newest last (for tests and support). */
  eventsOf(type: string, limit?: number): Promise<{ id: number; type: string; ip: string | null; doc: unknown }[]>;
  close(): void;
}

/** UTC day of a date, `yyyy-mm-dd`. */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}
