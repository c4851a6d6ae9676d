import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openWalDatabase } from '../sqlite';
import {
  dayOf,
  type ClickRecord,
  type ClickResult,
  type DayRange,
  type EventCounts,
  type EventRecord,
  type EventStore,
  type LeadRecord,
  type SourceDayFigures,
  type SourceSeen,
} from './EventStore';

/** The file of the embedded event store under the data dir. */
export const EVENTS_FILE = 'events.sqlite';

const APPEND_ONLY_TABLES = ['clickouts', 'events', 'impressions', 'leads'] as const;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS clickouts (
  id INTEGER PRIMARY KEY,
  click_id TEXT NOT NULL UNIQUE,
  at INTEGER NOT NULL,
  day TEXT NOT NULL,
  ad_id TEXT NOT NULL,
  source_id INTEGER,
  source_name TEXT,
  country TEXT NOT NULL,
  vertical TEXT NOT NULL,
  position INTEGER,
  section_id INTEGER,
  section_type_id INTEGER,
  campaign_id INTEGER,
  device TEXT NOT NULL,
  bot INTEGER NOT NULL,
  billed INTEGER NOT NULL,
  outcome TEXT NOT NULL,
  cpc_micros INTEGER NOT NULL,
  currency TEXT NOT NULL,
  dedupe_key TEXT NOT NULL,
  cookie_id TEXT,
  ip TEXT NOT NULL,
  user_agent TEXT NOT NULL,
  destination TEXT NOT NULL,
  doc TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS clickouts_billing ON clickouts(dedupe_key, ad_id, at) WHERE billed = 1;
CREATE INDEX IF NOT EXISTS clickouts_day ON clickouts(day, source_id);

CREATE TABLE IF NOT EXISTS events (
  id INTEGER PRIMARY KEY,
  type TEXT NOT NULL,
  at INTEGER NOT NULL,
  day TEXT NOT NULL,
  country TEXT,
  vertical_id INTEGER,
  cookie_id TEXT,
  ip TEXT,
  user_agent TEXT,
  doc TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS events_type_day ON events(type, day);

CREATE TABLE IF NOT EXISTS impressions (
  event_id INTEGER NOT NULL,
  day TEXT NOT NULL,
  source_id INTEGER,
  ad_id TEXT NOT NULL,
  position INTEGER,
  section_id INTEGER
);
CREATE INDEX IF NOT EXISTS impressions_day ON impressions(day, source_id);

CREATE TABLE IF NOT EXISTS leads (
  id INTEGER PRIMARY KEY,
  lead_id TEXT NOT NULL UNIQUE,
  at INTEGER NOT NULL,
  day TEXT NOT NULL,
  ad_id TEXT NOT NULL,
  source_id INTEGER NOT NULL,
  source_name TEXT NOT NULL,
  country TEXT NOT NULL,
  vertical TEXT NOT NULL,
  to_email TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT,
  message TEXT,
  doc TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS leads_day ON leads(day, source_id);
${APPEND_ONLY_TABLES.map(
  (t) => `
CREATE TRIGGER IF NOT EXISTS ${t}_no_update BEFORE UPDATE ON ${t} BEGIN SELECT RAISE(ABORT, '${t} is append-only'); END;
CREATE TRIGGER IF NOT EXISTS ${t}_no_delete BEFORE DELETE ON ${t} BEGIN SELECT RAISE(ABORT, '${t} is append-only'); END;`,
).join('')}
`;

export interface SqliteEventStoreOptions {
  /** Opens an existing file read-only (the report CLI); no schema is written. */
  readonly?: boolean;
}

/**
 * The embedded event store: `<dataDir>/events.sqlite` in WAL mode, prepared
 * statements, one transaction per call. A click-out's billing decision and
 * its insert run in one `BEGIN IMMEDIATE` transaction, which takes the write
 * lock before reading: the 30-minute rule holds across concurrent requests
 * and across processes sharing the file.
 */
interface Writer {
  insertClick: Database.Statement;
  lastBilled: Database.Statement;
  insertEvent: Database.Statement;
  insertImpression: Database.Statement;
  insertLead: Database.Statement;
  recordClick: (click: ClickRecord, windowMs: number) => ClickResult;
}

export class SqliteEventStore implements EventStore {
  readonly db: Database.Database;
  private readonly writer: Writer | undefined;

  constructor(dataDir: string, options: SqliteEventStoreOptions = {}) {
    const file = path.join(dataDir, EVENTS_FILE);
    if (options.readonly) {
      this.db = new Database(file, { readonly: true, fileMustExist: true });
      this.db.pragma('busy_timeout = 5000');
      return;
    }
    fs.mkdirSync(dataDir, { recursive: true });
    this.db = openWalDatabase(file);
    // WAL + NORMAL: a commit survives a process crash; an OS crash may lose the last few.
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(SCHEMA);
    this.writer = this.prepareWriter();
  }

  private prepareWriter(): Writer {
    const insertClick = this.db.prepare(
      `INSERT INTO clickouts (click_id, at, day, ad_id, source_id, source_name, country, vertical, position, section_id,
        section_type_id, campaign_id, device, bot, billed, outcome, cpc_micros, currency, dedupe_key, cookie_id, ip,
        user_agent, destination, doc)
       VALUES (@clickId, @at, @day, @adId, @sourceId, @sourceName, @country, @vertical, @position, @sectionId,
        @sectionTypeId, @campaignId, @device, @bot, @billed, @outcome, @cpcMicros, @currency, @dedupeKey, @cookieId, @ip,
        @userAgent, @destination, @doc)`,
    );
    const lastBilled = this.db.prepare(
      'SELECT 1 FROM clickouts WHERE dedupe_key = ? AND ad_id = ? AND billed = 1 AND at > ? LIMIT 1',
    );
    const tx = this.db.transaction((click: ClickRecord, windowMs: number): ClickResult => {
      const at = click.at.getTime();
      let outcome: ClickResult['outcome'];
      if (click.bot) outcome = 'bot';
      else if (click.campaignId === null || click.cpcMicros <= 0) outcome = 'no_campaign';
      else if (lastBilled.get(click.dedupeKey, click.adId, at - windowMs)) outcome = 'duplicate';
      else outcome = 'billed';
      const billed = outcome === 'billed';
      insertClick.run({
        ...click,
        at,
        day: dayOf(click.at),
        bot: click.bot ? 1 : 0,
        billed: billed ? 1 : 0,
        outcome,
        cpcMicros: billed ? click.cpcMicros : 0,
        doc: JSON.stringify(click.doc),
      });
      return { outcome, billed };
    });
    return {
      insertClick,
      lastBilled,
      insertEvent: this.db.prepare(
        `INSERT INTO events (type, at, day, country, vertical_id, cookie_id, ip, user_agent, doc)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      insertImpression: this.db.prepare(
        'INSERT INTO impressions (event_id, day, source_id, ad_id, position, section_id) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      insertLead: this.db.prepare(
        `INSERT INTO leads (lead_id, at, day, ad_id, source_id, source_name, country, vertical, to_email, name, email,
          phone, message, doc)
         VALUES (@leadId, @at, @day, @adId, @sourceId, @sourceName, @country, @vertical, @toEmail, @name, @email,
          @phone, @message, @doc)`,
      ),
      // IMMEDIATE: the write lock is taken before the read, so no other writer slips in between.
      recordClick: (click, windowMs) => tx.immediate(click, windowMs),
    };
  }

  private w(): Writer {
    if (!this.writer) throw new Error('The event store is open read-only');
    return this.writer;
  }

  async recordClick(click: ClickRecord, windowMs: number): Promise<ClickResult> {
    return this.w().recordClick(click, windowMs);
  }

  async appendEvents(events: readonly EventRecord[]): Promise<number[]> {
    if (events.length === 0) return [];
    const { insertEvent, insertImpression } = this.w();
    return this.db.transaction(() =>
      events.map((e) => {
        const day = dayOf(e.at);
        const id = Number(
          insertEvent.run(
            e.type,
            e.at.getTime(),
            day,
            e.country,
            e.verticalId,
            e.cookieId,
            e.ip,
            e.userAgent,
            JSON.stringify(e.doc),
          ).lastInsertRowid,
        );
        for (const i of e.impressions ?? []) {
          insertImpression.run(id, day, i.sourceId, i.adId, i.position, i.sectionId);
        }
        return id;
      }),
    )();
  }

  async recordLead(lead: LeadRecord): Promise<void> {
    this.w().insertLead.run({ ...lead, at: lead.at.getTime(), day: dayOf(lead.at), doc: JSON.stringify(lead.doc) });
  }

  async figures(range: DayRange): Promise<SourceDayFigures[]> {
    const from = range.from ?? '0000-00-00';
    const to = range.to ?? '9999-99-99';
    const rows = this.db
      .prepare(
        `WITH c AS (
           SELECT day, coalesce(source_id, 0) AS source_id, count(*) AS clickouts, sum(billed) AS billable,
                  sum(cpc_micros) AS revenue
           FROM clickouts WHERE day BETWEEN @from AND @to GROUP BY 1, 2),
         i AS (
           SELECT day, coalesce(source_id, 0) AS source_id, count(*) AS impressions
           FROM impressions WHERE day BETWEEN @from AND @to GROUP BY 1, 2),
         l AS (
           SELECT day, source_id, count(*) AS leads FROM leads WHERE day BETWEEN @from AND @to GROUP BY 1, 2),
         k AS (SELECT day, source_id FROM c UNION SELECT day, source_id FROM i UNION SELECT day, source_id FROM l)
         SELECT k.day, k.source_id AS sourceId, coalesce(c.clickouts, 0) AS clickouts,
                coalesce(c.billable, 0) AS billableClicks, coalesce(c.revenue, 0) AS revenueMicros,
                coalesce(i.impressions, 0) AS impressions, coalesce(l.leads, 0) AS leads
         FROM k
         LEFT JOIN c ON c.day = k.day AND c.source_id = k.source_id
         LEFT JOIN i ON i.day = k.day AND i.source_id = k.source_id
         LEFT JOIN l ON l.day = k.day AND l.source_id = k.source_id
         ORDER BY k.day, k.source_id`,
      )
      .all({ from, to }) as SourceDayFigures[];
    return rows;
  }

  async sourcesSeen(): Promise<SourceSeen[]> {
    return this.db
      .prepare(
        `SELECT source_id AS sourceId, max(source_name) AS name, max(country) AS country, max(vertical) AS vertical
         FROM (SELECT source_id, source_name, country, vertical FROM clickouts WHERE source_id IS NOT NULL
               UNION ALL SELECT source_id, source_name, country, vertical FROM leads)
         GROUP BY source_id`,
      )
      .all() as SourceSeen[];
  }

  async counts(): Promise<EventCounts> {
    const one = (sql: string) => (this.db.prepare(sql).get() as { n: number }).n;
    return {
      clickouts: one('SELECT count(*) AS n FROM clickouts'),
      billed: one('SELECT count(*) AS n FROM clickouts WHERE billed = 1'),
      events: one('SELECT count(*) AS n FROM events'),
      impressions: one('SELECT count(*) AS n FROM impressions'),
      leads: one('SELECT count(*) AS n FROM leads'),
    };
  }

  async eventsOf(type: string, limit = 1000): Promise<{ id: number; type: string; ip: string | null; doc: unknown }[]> {
    const rows = this.db
      .prepare(
        'SELECT id, type, ip, doc FROM (SELECT * FROM events WHERE type = ? ORDER BY id DESC LIMIT ?) ORDER BY id',
      )
      .all(type, limit) as { id: number; type: string; ip: string | null; doc: string }[];
    return rows.map((r) => ({ ...r, doc: JSON.parse(r.doc) as unknown }));
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
