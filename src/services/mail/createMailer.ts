import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openWalDatabase } from '../sqlite';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage, Mailer } from './Mailer';

export interface MailerOptions {
  dataDir: string;
  /** `smtp://user:pass@host:port` or `smtps://...`; without it messages become `.eml` files under `<dataDir>/outbox/`. */
  smtpUrl?: string;
  /** The From header, e.g. `Trawl <alerts@trawl.example>`. */
  from?: string;
  now?: () => Date;
  log?: (msg: string, extra?: object) => void;
}

/** A row of the outbox table. */
interface OutboxRow {
  id: string;
  idem_key: string | null;
  kind: string;
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  headers: string;
  message_id: string;
  created_at: number;
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: number;
  lease_until: number | null;
  last_error: string | null;
  sent_at: number | null;
}

export const DEFAULT_FROM = 'Trawl <alerts@trawl.example>';
/** A claimed message is left alone by other processes for this long. */
const LEASE_MS = 120_000;
/** After this many failed attempts a message is given up (status `failed`). */
export const MAX_MAIL_ATTEMPTS = 12;

/** Wait before the next try after `attempts` failures: 30 s, 1 min, 2 min ... capped at 1 h. */
export function mailBackoffMs(attempts: number): number {
  return Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS outbox (
  id TEXT PRIMARY KEY,
  idem_key TEXT UNIQUE,
  kind TEXT NOT NULL,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  text TEXT NOT NULL,
  html TEXT,
  headers TEXT NOT NULL,
  message_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'queued',
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  lease_until INTEGER,
  last_error TEXT,
  sent_at INTEGER
);
CREATE INDEX IF NOT EXISTS outbox_queued ON outbox(status, next_attempt_at);
`;

const HEADER_NAME = /^[A-Za-z0-9-]{1,76}$/;
const NO_BREAKS = /^[^\r\n]*$/;

function domainOf(from: string): string {
  const m = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from);
  return m?.[1] ?? 'trawl.example';
}

/**
 * The mail transport of every service (service outbox pattern): `send` writes
 * the message to the `outbox` table of `<dataDir>/mail.sqlite` first, then
 * tries to deliver it; a row becomes `sent` only once the transport accepted
 * it. Delivery is keyed by the outbox id: the Message-ID and Date are fixed
 * per row, an `.eml` file is named after the id (written to a temporary name
 * and renamed, so a retry overwrites rather than adds), and a row is claimed
 * with a lease before it is handed to SMTP so two processes never send it
 * both. A crash between the SMTP server's acceptance and the row's update is
 * the only window left for a duplicate, and that duplicate carries the same
 * Message-ID (see docs/decisions/031-mail-outbox.md).
 */
export function createMailer(options: MailerOptions): Mailer {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => {});
  const from = options.from ?? DEFAULT_FROM;
  const msgDomain = domainOf(from);
  fs.mkdirSync(options.dataDir, { recursive: true });
  const outboxDir = path.join(options.dataDir, 'outbox');
  const db = openWalDatabase(path.join(options.dataDir, 'mail.sqlite'));
  db.exec(SCHEMA);

  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  const insert = db.prepare(
    `INSERT INTO outbox (id, idem_key, kind, recipient, subject, text, html, headers, message_id, created_at, next_attempt_at)
     VALUES (@id, @idem_key, @kind, @recipient, @subject, @text, @html, @headers, @message_id, @created_at, @created_at)`,
  );
  const byKey = db.prepare<[string], { id: string }>('SELECT id FROM outbox WHERE idem_key = ?');
  const byId = db.prepare<[string], OutboxRow>('SELECT * FROM outbox WHERE id = ?');
  const claim = db.prepare(
    `UPDATE outbox SET lease_until = @lease, attempts = attempts + 1
     WHERE id = @id AND status = 'queued' AND (lease_until IS NULL OR lease_until < @now)`,
  );
  const markSent = db.prepare(
    `UPDATE outbox SET status = 'sent', sent_at = @now, lease_until = NULL, last_error = NULL WHERE id = @id`,
  );
  const markFailed = db.prepare(
    `UPDATE outbox SET status = @status, next_attempt_at = @next, lease_until = NULL, last_error = @error WHERE id = @id`,
  );
  const queuedIds = db.prepare<[], { id: string }>(
    `SELECT id FROM outbox WHERE status = 'queued' ORDER BY created_at, rowid`,
  );
  const nextDue = db.prepare<[], { next: number | null }>(
    `SELECT MIN(next_attempt_at) AS next FROM outbox WHERE status = 'queued'`,
  );

  let closed = false;
  /** Deliveries of this process run one after another. */
  let chain: Promise<unknown> = Promise.resolve();
  let retryTimer: NodeJS.Timeout | undefined;

  const enqueue = <T>(job: () => Promise<T>): Promise<T> => {
    const run = chain.then(job, job);
    chain = run.catch(() => undefined);
    return run;
  };

  async function writeEml(id: string, raw: Buffer): Promise<void> {
    await fs.promises.mkdir(outboxDir, { recursive: true });
    const final = path.join(outboxDir, `${id}.eml`);
    const tmp = `${final}.${randomBytes(4).toString('hex')}.tmp`;
    await fs.promises.writeFile(tmp, raw);
    await fs.promises.rename(tmp, final);
  }

  /** Delivers one message if it is still queued and nobody else holds it; true when it was sent now. */
  async function deliver(id: string): Promise<boolean> {
    if (closed) return false;
    const t = now().getTime();
    if (claim.run({ id, lease: t + LEASE_MS, now: t }).changes === 0) return false;
    const row = byId.get(id);
    if (!row) return false;
    try {
      const info = (await transport.sendMail({
        from,
        to: row.recipient,
        subject: row.subject,
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
        headers: JSON.parse(row.headers) as Record<string, string>,
        messageId: row.message_id,
        date: new Date(row.created_at),
      })) as { message?: Buffer };
      if (!options.smtpUrl) await writeEml(id, info.message ?? Buffer.alloc(0));
      // The database closes only after the delivery chain drains, so this runs even during close().
      markSent.run({ id, now: now().getTime() });
      log('mail sent', { id, kind: row.kind, attempts: row.attempts });
      return true;
    } catch (error) {
      const e = error as { responseCode?: number; message?: string };
      const permanent = typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600;
      const giveUp = permanent || row.attempts >= MAX_MAIL_ATTEMPTS;
      markFailed.run({
        id,
        status: giveUp ? 'failed' : 'queued',
        next: now().getTime() + mailBackoffMs(row.attempts),
        error: String(e.message ?? error).slice(0, 500),
      });
      log(giveUp ? 'mail given up' : 'mail delayed', { id, kind: row.kind, attempts: row.attempts, error: e.message });
      if (!giveUp) scheduleRetry(mailBackoffMs(row.attempts));
      return false;
    }
  }

  function scheduleRetry(delayMs: number): void {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void retryDue().catch((error: unknown) => log('mail retry failed', { error: String(error) }));
    }, delayMs);
    retryTimer.unref();
  }

  /** Delivers what is queued and due by its backoff. */
  async function retryDue(): Promise<void> {
    if (closed) return;
    const t = now().getTime();
    const ids = db
      .prepare<[number], { id: string }>(
        `SELECT id FROM outbox WHERE status = 'queued' AND next_attempt_at <= ? ORDER BY created_at, rowid`,
      )
      .all(t)
      .map((r) => r.id);
    for (const id of ids) await enqueue(() => deliver(id));
    const next = closed ? null : nextDue.get()?.next;
    if (next != null) scheduleRetry(Math.max(1000, next - now().getTime()));
  }

  function check(message: MailMessage): void {
    if (!NO_BREAKS.test(message.to) || !message.to.includes('@')) throw new Error('mail: invalid recipient');
    if (!NO_BREAKS.test(message.subject)) throw new Error('mail: the subject must be one line');
    for (const [name, value] of Object.entries(message.headers ?? {})) {
      if (!HEADER_NAME.test(name) || !NO_BREAKS.test(value)) throw new Error(`mail: invalid header ${name}`);
    }
  }

  return {
    async send(message) {
      if (closed) throw new Error('mail: the mailer is closed');
      check(message);
      if (message.idempotencyKey) {
        const existing = byKey.get(message.idempotencyKey);
        if (existing) return { id: existing.id };
      }
      const id = `${now().getTime().toString(36)}-${randomBytes(10).toString('hex')}`;
      try {
        insert.run({
          id,
          idem_key: message.idempotencyKey ?? null,
          kind: message.kind,
          recipient: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
          headers: JSON.stringify(message.headers ?? {}),
          message_id: `<${id}@${msgDomain}>`,
          created_at: now().getTime(),
        });
      } catch (error) {
        // Another process queued the same key between our read and our write.
        const existing = message.idempotencyKey ? byKey.get(message.idempotencyKey) : undefined;
        if (existing) return { id: existing.id };
        throw error;
      }
      void enqueue(() => deliver(id)).catch((error: unknown) =>
        log('mail delivery failed', { id, error: String(error) }),
      );
      return { id };
    },
    async flush() {
      await chain;
      let sent = 0;
      for (const { id } of queuedIds.all()) {
        if (closed) break;
        if (await enqueue(() => deliver(id))) sent++;
      }
      return sent;
    },
    close() {
      if (closed) return;
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      void chain.finally(() => {
        transport.close();
        db.close();
      });
    },
  };
}

/** Reads the outbox for operations and tests: counts per status. */
export function outboxCounts(dataDir: string): Record<string, number> {
  const db = new Database(path.join(dataDir, 'mail.sqlite'), { readonly: true });
  try {
    const rows = db
      .prepare<[], { status: string; n: number }>('SELECT status, COUNT(*) AS n FROM outbox GROUP BY status')
      .all();
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  } finally {
    db.close();
  }
}
