import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { openWalDatabase } from '../sqlite';
import type { Frequency } from '../../shared/domain/constants';
import { randomId } from './tokens';
import type { AlertQuery, FilterValue } from './searchRules';

/** Times are epoch milliseconds throughout the store. */
export interface UserRow {
  id: string;
  email: string;
  created_at: number;
  terceros_active: number;
  terceros_changed: number;
  partners_active: number;
  partners_changed: number;
}

interface SearchColumns {
  id: string;
  country: string;
  vertical_id: number;
  what: string;
  where_text: string;
  deal_type_id: number | null;
  filters: string;
  query_key: string;
  active: number;
  context: string | null;
  created_at: number;
  updated_at: number;
  last_checked_at: number | null;
  last_sent_at: number | null;
  /** 1 once the visitor changed the alert after saving it. */
  changed: number;
}

export interface EmailAlertRow extends SearchColumns {
  user_id: string;
  frequency: Frequency;
  suggested: number;
}

export interface PushSubscriptionRow {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  cookie_id: string | null;
  device_id: number;
  browser_id: number;
  country: string | null;
  vertical_id: number | null;
  page_view_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface PushSearchRow extends SearchColumns {
  subscription_id: string;
}

export interface DigestRow {
  id: string;
  alert_id: string;
  created_at: number;
  ad_count: number;
  status: 'built' | 'queued';
  message: string;
}

export interface PushDeliveryRow {
  id: string;
  subscription_id: string;
  search_id: string;
  payload: string;
  status: 'pending' | 'sent' | 'gone' | 'failed';
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
}

export type AlertKind = 'email' | 'push';

export interface NewSearch {
  country: string;
  verticalId: number;
  query: AlertQuery;
  queryKey: string;
  context?: Record<string, unknown> | undefined;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  terceros_active INTEGER NOT NULL DEFAULT 0,
  terceros_changed INTEGER NOT NULL DEFAULT 0,
  partners_active INTEGER NOT NULL DEFAULT 0,
  partners_changed INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS email_alerts (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  country TEXT NOT NULL,
  vertical_id INTEGER NOT NULL,
  what TEXT NOT NULL,
  where_text TEXT NOT NULL,
  deal_type_id INTEGER,
  filters TEXT NOT NULL,
  query_key TEXT NOT NULL,
  frequency TEXT NOT NULL,
  active INTEGER NOT NULL,
  suggested INTEGER NOT NULL,
  context TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  last_checked_at INTEGER,
  last_sent_at INTEGER,
  changed INTEGER NOT NULL DEFAULT 0,
  UNIQUE (user_id, query_key)
);
CREATE TABLE IF NOT EXISTS push_subscriptions (
  id TEXT PRIMARY KEY,
  endpoint TEXT NOT NULL UNIQUE,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  cookie_id TEXT,
  device_id INTEGER NOT NULL,
  browser_id INTEGER NOT NULL,
  country TEXT,
  vertical_id INTEGER,
  page_view_id TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS push_searches (
  id TEXT PRIMARY KEY,
  subscription_id TEXT NOT NULL REFERENCES push_subscriptions(id) ON DELETE CASCADE,
  country TEXT NOT NULL,
  vertical_id INTEGER NOT NULL,
  what TEXT NOT NULL,
  where_text TEXT NOT NULL,
  deal_type_id INTEGER,
  filters TEXT NOT NULL,
  query_key TEXT NOT NULL,
  active INTEGER NOT NULL,
  context TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  last_checked_at INTEGER,
  last_sent_at INTEGER,
  changed INTEGER NOT NULL DEFAULT 0,
  UNIQUE (subscription_id, query_key)
);
CREATE TABLE IF NOT EXISTS seen_ads (
  alert_kind TEXT NOT NULL,
  alert_id TEXT NOT NULL,
  ad_id TEXT NOT NULL,
  seen_at INTEGER NOT NULL,
  PRIMARY KEY (alert_kind, alert_id, ad_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS digests (
  id TEXT PRIMARY KEY,
  alert_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  ad_count INTEGER NOT NULL,
  status TEXT NOT NULL,
  message TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS digests_status ON digests(status);
CREATE TABLE IF NOT EXISTS push_deliveries (
  id TEXT PRIMARY KEY,
  subscription_id TEXT NOT NULL,
  search_id TEXT NOT NULL,
  payload TEXT NOT NULL,
  status TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  sent_at INTEGER
);
CREATE INDEX IF NOT EXISTS push_deliveries_due ON push_deliveries(status, next_attempt_at);
CREATE TABLE IF NOT EXISTS rate_events (
  bucket TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS rate_events_bucket ON rate_events(bucket, at);
`;

export function queryOf(row: SearchColumns): AlertQuery {
  return {
    what: row.what,
    where: row.where_text,
    dealTypeId: row.deal_type_id,
    filters: JSON.parse(row.filters) as Record<string, FilterValue>,
  };
}

/**
 * The notification services' storage: `<dataDir>/notifications.sqlite`
 * (WAL, so the api and worker roles can share it). Users and e-mail alerts,
 * browser subscriptions and their searches, what each alert already showed
 * (`seen_ads`), digests handed to the mailer, push deliveries and the
 * creation rate-limit log.
 */
export class NotificationStore {
  readonly db: Database.Database;

  constructor(dataDir: string) {
    fs.mkdirSync(dataDir, { recursive: true });
    this.db = openWalDatabase(path.join(dataDir, 'notifications.sqlite'));
    this.db.pragma('foreign_keys = ON');
    this.db.exec(SCHEMA);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  // ---- users ---------------------------------------------------------------

  userByEmail(email: string): UserRow | undefined {
    return this.db.prepare<[string], UserRow>('SELECT * FROM users WHERE email = ?').get(email);
  }

  userById(id: string): UserRow | undefined {
    return this.db.prepare<[string], UserRow>('SELECT * FROM users WHERE id = ?').get(id);
  }

  /** The user of an address, created when absent; `created` tells which. */
  ensureUser(
    email: string,
    now: number,
    newsletters?: { terceros?: boolean; partners?: boolean },
  ): { user: UserRow; created: boolean } {
    const existing = this.userByEmail(email);
    if (existing) return { user: existing, created: false };
    const id = randomId();
    const r = this.db
      .prepare(
        `INSERT OR IGNORE INTO users (id, email, created_at, terceros_active, partners_active) VALUES (?, ?, ?, ?, ?)`,
      )
      .run(id, email, now, newsletters?.terceros ? 1 : 0, newsletters?.partners ? 1 : 0);
    const user = this.userByEmail(email) as UserRow;
    return { user, created: r.changes === 1 };
  }

  setNewsletter(userId: string, type: 'terceros' | 'partners', active: boolean): void {
    this.db
      .prepare(`UPDATE users SET ${type}_active = ?, ${type}_changed = 1 WHERE id = ?`)
      .run(active ? 1 : 0, userId);
  }

  // ---- e-mail alerts -------------------------------------------------------

  emailAlert(id: string): EmailAlertRow | undefined {
    return this.db.prepare<[string], EmailAlertRow>('SELECT * FROM email_alerts WHERE id = ?').get(id);
  }

  emailAlertsOf(userId: string): EmailAlertRow[] {
    return this.db
      .prepare<[string], EmailAlertRow>('SELECT * FROM email_alerts WHERE user_id = ? ORDER BY created_at, id')
      .all(userId);
  }

  emailAlertByKey(userId: string, key: string): EmailAlertRow | undefined {
    return this.db
      .prepare<[string, string], EmailAlertRow>('SELECT * FROM email_alerts WHERE user_id = ? AND query_key = ?')
      .get(userId, key);
  }

  insertEmailAlert(
    userId: string,
    s: NewSearch & { frequency: Frequency; active: boolean; suggested: boolean },
    now: number,
  ): EmailAlertRow {
    const id = randomId();
    this.db
      .prepare(
        `INSERT INTO email_alerts (id, user_id, country, vertical_id, what, where_text, deal_type_id, filters, query_key,
           frequency, active, suggested, context, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        userId,
        s.country,
        s.verticalId,
        s.query.what,
        s.query.where,
        s.query.dealTypeId,
        JSON.stringify(s.query.filters),
        s.queryKey,
        s.frequency,
        s.active ? 1 : 0,
        s.suggested ? 1 : 0,
        s.context ? JSON.stringify(s.context) : null,
        now,
        now,
      );
    return this.emailAlert(id) as EmailAlertRow;
  }

  updateEmailAlert(id: string, change: { active?: boolean; frequency?: Frequency }, now: number): void {
    if (change.active !== undefined) {
      this.db
        .prepare('UPDATE email_alerts SET active = ?, updated_at = ?, changed = 1 WHERE id = ?')
        .run(change.active ? 1 : 0, now, id);
    }
    if (change.frequency !== undefined) {
      this.db
        .prepare('UPDATE email_alerts SET frequency = ?, updated_at = ?, changed = 1 WHERE id = ?')
        .run(change.frequency, now, id);
    }
  }

  deleteEmailAlert(id: string): void {
    this.transaction(() => {
      this.db.prepare('DELETE FROM email_alerts WHERE id = ?').run(id);
      this.db.prepare(`DELETE FROM seen_ads WHERE alert_kind = 'email' AND alert_id = ?`).run(id);
    });
  }

  disableAllEmailAlerts(userId: string, now: number): number {
    return this.db
      .prepare('UPDATE email_alerts SET active = 0, updated_at = ?, changed = 1 WHERE user_id = ? AND active = 1')
      .run(now, userId).changes;
  }

  /** Active e-mail alerts with a sending frequency, oldest first. */
  activeEmailAlerts(): (EmailAlertRow & { email: string })[] {
    return this.db
      .prepare<[], EmailAlertRow & { email: string }>(
        `SELECT a.*, u.email AS email FROM email_alerts a JOIN users u ON u.id = a.user_id
         WHERE a.active = 1 AND a.frequency IN ('daily', 'weekly') ORDER BY a.created_at, a.id`,
      )
      .all();
  }

  // ---- browser subscriptions ----------------------------------------------

  pushSubscription(id: string): PushSubscriptionRow | undefined {
    return this.db.prepare<[string], PushSubscriptionRow>('SELECT * FROM push_subscriptions WHERE id = ?').get(id);
  }

  pushSubscriptionByEndpoint(endpoint: string): PushSubscriptionRow | undefined {
    return this.db
      .prepare<[string], PushSubscriptionRow>('SELECT * FROM push_subscriptions WHERE endpoint = ?')
      .get(endpoint);
  }

  insertPushSubscription(
    s: Omit<PushSubscriptionRow, 'id' | 'created_at' | 'updated_at'>,
    now: number,
  ): { row: PushSubscriptionRow; created: boolean } {
    const id = randomId();
    const r = this.db
      .prepare(
        `INSERT OR IGNORE INTO push_subscriptions (id, endpoint, p256dh, auth, cookie_id, device_id, browser_id, country,
           vertical_id, page_view_id, created_at, updated_at)
         VALUES (@id, @endpoint, @p256dh, @auth, @cookie_id, @device_id, @browser_id, @country, @vertical_id, @page_view_id, @now, @now)`,
      )
      .run({ ...s, id, now });
    return { row: this.pushSubscriptionByEndpoint(s.endpoint) as PushSubscriptionRow, created: r.changes === 1 };
  }

  updatePushSubscription(
    id: string,
    change: { endpoint?: string; p256dh?: string; auth?: string; cookie_id?: string },
    now: number,
  ): void {
    const sets = Object.keys(change)
      .filter((k) => change[k as keyof typeof change] !== undefined)
      .map((k) => `${k} = @${k}`);
    if (sets.length === 0) return;
    this.db
      .prepare(`UPDATE push_subscriptions SET ${sets.join(', ')}, updated_at = @now WHERE id = @id`)
      .run({ ...change, id, now });
  }

  /** Removes a subscription the push service says is gone, with its searches and pending pushes. */
  deletePushSubscription(id: string): void {
    this.transaction(() => {
      const searches = this.db
        .prepare<[string], { id: string }>('SELECT id FROM push_searches WHERE subscription_id = ?')
        .all(id);
      for (const s of searches)
        this.db.prepare(`DELETE FROM seen_ads WHERE alert_kind = 'push' AND alert_id = ?`).run(s.id);
      this.db.prepare('DELETE FROM push_searches WHERE subscription_id = ?').run(id);
      this.db.prepare('DELETE FROM push_subscriptions WHERE id = ?').run(id);
      this.db
        .prepare(`UPDATE push_deliveries SET status = 'gone' WHERE subscription_id = ? AND status = 'pending'`)
        .run(id);
    });
  }

  pushSearch(id: string): PushSearchRow | undefined {
    return this.db.prepare<[string], PushSearchRow>('SELECT * FROM push_searches WHERE id = ?').get(id);
  }

  pushSearchesOf(subscriptionId: string, site?: { country?: string; verticalId?: number }): PushSearchRow[] {
    return this.db
      .prepare<[string], PushSearchRow>('SELECT * FROM push_searches WHERE subscription_id = ? ORDER BY created_at, id')
      .all(subscriptionId)
      .filter(
        (s) =>
          (site?.country === undefined || s.country === site.country) &&
          (site?.verticalId === undefined || s.vertical_id === site.verticalId),
      );
  }

  pushSearchByKey(subscriptionId: string, key: string): PushSearchRow | undefined {
    return this.db
      .prepare<[string, string], PushSearchRow>(
        'SELECT * FROM push_searches WHERE subscription_id = ? AND query_key = ?',
      )
      .get(subscriptionId, key);
  }

  insertPushSearch(subscriptionId: string, s: NewSearch, now: number): PushSearchRow {
    const id = randomId();
    this.db
      .prepare(
        `INSERT INTO push_searches (id, subscription_id, country, vertical_id, what, where_text, deal_type_id, filters,
           query_key, active, context, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)`,
      )
      .run(
        id,
        subscriptionId,
        s.country,
        s.verticalId,
        s.query.what,
        s.query.where,
        s.query.dealTypeId,
        JSON.stringify(s.query.filters),
        s.queryKey,
        s.context ? JSON.stringify(s.context) : null,
        now,
        now,
      );
    return this.pushSearch(id) as PushSearchRow;
  }

  updatePushSearch(id: string, change: { active?: boolean; query?: AlertQuery; queryKey?: string }, now: number): void {
    if (change.active !== undefined) {
      this.db
        .prepare('UPDATE push_searches SET active = ?, updated_at = ?, changed = 1 WHERE id = ?')
        .run(change.active ? 1 : 0, now, id);
    }
    if (change.query && change.queryKey) {
      this.db
        .prepare(
          `UPDATE push_searches SET what = ?, where_text = ?, deal_type_id = ?, filters = ?, query_key = ?, updated_at = ?,
           changed = 1 WHERE id = ?`,
        )
        .run(
          change.query.what,
          change.query.where,
          change.query.dealTypeId,
          JSON.stringify(change.query.filters),
          change.queryKey,
          now,
          id,
        );
    }
  }

  deletePushSearch(id: string): void {
    this.transaction(() => {
      this.db.prepare('DELETE FROM push_searches WHERE id = ?').run(id);
      this.db.prepare(`DELETE FROM seen_ads WHERE alert_kind = 'push' AND alert_id = ?`).run(id);
    });
  }

  disableAllPushSearches(subscriptionId: string, now: number): number {
    return this.db
      .prepare(
        'UPDATE push_searches SET active = 0, updated_at = ?, changed = 1 WHERE subscription_id = ? AND active = 1',
      )
      .run(now, subscriptionId).changes;
  }

  activePushSearches(): (PushSearchRow & PushSubscriptionColumns)[] {
    return this.db
      .prepare<[], PushSearchRow & PushSubscriptionColumns>(
        `SELECT s.*, p.endpoint AS endpoint, p.p256dh AS p256dh, p.auth AS auth
         FROM push_searches s JOIN push_subscriptions p ON p.id = s.subscription_id
         WHERE s.active = 1 ORDER BY s.created_at, s.id`,
      )
      .all();
  }

  // ---- delivery bookkeeping --------------------------------------------------

  seenAdIds(kind: AlertKind, alertId: string): Set<string> {
    const rows = this.db
      .prepare<[string, string], { ad_id: string }>('SELECT ad_id FROM seen_ads WHERE alert_kind = ? AND alert_id = ?')
      .all(kind, alertId);
    return new Set(rows.map((r) => r.ad_id));
  }

  markSeen(kind: AlertKind, alertId: string, adIds: string[], now: number): void {
    const stmt = this.db.prepare(
      'INSERT OR IGNORE INTO seen_ads (alert_kind, alert_id, ad_id, seen_at) VALUES (?, ?, ?, ?)',
    );
    for (const ad of adIds) stmt.run(kind, alertId, ad, now);
  }

  /** Forgets seen ads older than `before` (they are older than any search window by then). */
  pruneSeen(before: number): void {
    this.db.prepare('DELETE FROM seen_ads WHERE seen_at < ?').run(before);
  }

  markChecked(kind: AlertKind, alertId: string, now: number, sent: boolean): void {
    const table = kind === 'email' ? 'email_alerts' : 'push_searches';
    this.db
      .prepare(`UPDATE ${table} SET last_checked_at = @now${sent ? ', last_sent_at = @now' : ''} WHERE id = @id`)
      .run({ now, id: alertId });
  }

  insertDigest(d: Omit<DigestRow, 'status'>): void {
    this.db
      .prepare(
        `INSERT INTO digests (id, alert_id, created_at, ad_count, status, message) VALUES (?, ?, ?, ?, 'built', ?)`,
      )
      .run(d.id, d.alert_id, d.created_at, d.ad_count, d.message);
  }

  digestsToQueue(): DigestRow[] {
    return this.db.prepare<[], DigestRow>(`SELECT * FROM digests WHERE status = 'built' ORDER BY created_at, id`).all();
  }

  markDigestQueued(id: string): void {
    this.db.prepare(`UPDATE digests SET status = 'queued' WHERE id = ?`).run(id);
  }

  insertPushDelivery(d: Pick<PushDeliveryRow, 'id' | 'subscription_id' | 'search_id' | 'payload'>, now: number): void {
    this.db
      .prepare(
        `INSERT INTO push_deliveries (id, subscription_id, search_id, payload, status, next_attempt_at, created_at)
         VALUES (?, ?, ?, ?, 'pending', ?, ?)`,
      )
      .run(d.id, d.subscription_id, d.search_id, d.payload, now, now);
  }

  pushDelivery(id: string): PushDeliveryRow | undefined {
    return this.db.prepare<[string], PushDeliveryRow>('SELECT * FROM push_deliveries WHERE id = ?').get(id);
  }

  duePushDeliveries(now: number): PushDeliveryRow[] {
    return this.db
      .prepare<[number], PushDeliveryRow>(
        `SELECT * FROM push_deliveries WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY created_at, id`,
      )
      .all(now);
  }

  updatePushDelivery(
    id: string,
    change: {
      status: PushDeliveryRow['status'];
      attempts: number;
      next_attempt_at?: number;
      last_error?: string | null;
      sent_at?: number;
    },
  ): void {
    this.db
      .prepare(
        `UPDATE push_deliveries SET status = @status, attempts = @attempts,
           next_attempt_at = COALESCE(@next_attempt_at, next_attempt_at), last_error = @last_error,
           sent_at = COALESCE(@sent_at, sent_at) WHERE id = @id`,
      )
      .run({
        id,
        status: change.status,
        attempts: change.attempts,
        next_attempt_at: change.next_attempt_at ?? null,
        last_error: change.last_error ?? null,
        sent_at: change.sent_at ?? null,
      });
  }

  // ---- rate limits -----------------------------------------------------------

  /**
   * Counts an event in each bucket and tells whether every bucket stays within
   * its limit over the window; an event over the limit is not counted.
   */
  takeRate(
    buckets: { key: string; limit: number }[],
    windowMs: number,
    now: number,
  ): { ok: true } | { ok: false; retryAfterMs: number } {
    return this.transaction(() => {
      const since = now - windowMs;
      for (const b of buckets) {
        const rows = this.db
          .prepare<[string, number], { at: number }>(
            'SELECT at FROM rate_events WHERE bucket = ? AND at > ? ORDER BY at',
          )
          .all(b.key, since);
        if (rows.length >= b.limit) {
          const oldest = rows[rows.length - b.limit]?.at ?? now;
          return { ok: false as const, retryAfterMs: Math.max(1000, oldest + windowMs - now) };
        }
      }
      const ins = this.db.prepare('INSERT INTO rate_events (bucket, at) VALUES (?, ?)');
      for (const b of buckets) ins.run(b.key, now);
      if (Math.random() < 0.01) this.db.prepare('DELETE FROM rate_events WHERE at <= ?').run(since);
      return { ok: true as const };
    });
  }
}

interface PushSubscriptionColumns {
  endpoint: string;
  p256dh: string;
  auth: string;
}
