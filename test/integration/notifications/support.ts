import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  randomBytes,
  verify as verifySignature,
} from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { SMTPServer } from 'smtp-server';
import { createMailer } from '../../../src/services/mail/createMailer';
import type { Mailer } from '../../../src/services/mail/Mailer';
import {
  createNotificationServices,
  type NotificationServices,
} from '../../../src/services/notifications/createNotificationServices';

export const JSONAPI = 'application/vnd.api+json';

export function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-notif-'));
}

export interface NotificationApp {
  app: express.Express;
  services: NotificationServices;
  mailer: Mailer;
  dataDir: string;
  clock: { now: Date };
  close(): void;
}

/** The notification services on a fresh data dir, mounted at /api, with a settable clock. */
export function notificationApp(start = new Date('2025-06-01T12:00:00Z')): NotificationApp {
  const dataDir = tempDir();
  const clock = { now: start };
  const mailer = createMailer({ dataDir, now: () => clock.now });
  const services = createNotificationServices({ dataDir, mailer, now: () => clock.now });
  const app = express();
  app.set('trust proxy', true);
  app.use('/api', services.apiRouter);
  return {
    app,
    services,
    mailer,
    dataDir,
    clock,
    close() {
      services.close();
      mailer.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The example creation request, with overrides. */
export function subscriptionBody(
  o: {
    email?: string;
    country?: string;
    vertical?: number;
    what?: string;
    where?: string;
    dealType?: number;
    filters?: Record<string, unknown>;
    originId?: number;
    notification?: Record<string, unknown>;
  } = {},
): Record<string, unknown> {
  return {
    data: {
      type: 'subscriptions',
      attributes: {
        site: { country_code: o.country ?? 'uk', vertical_id: o.vertical ?? 1 },
        user: { email: o.email ?? 'a@example.org' },
        search: {
          query: {
            what: o.what ?? 'flat',
            filters: o.filters ?? {},
            vertical_properties: { where: o.where ?? 'London', deal_type_id: o.dealType ?? 2 },
          },
        },
        notification: o.notification ?? { frequency: 'daily', active: true, suggested: false },
        context: { section_id: 10, origin_id: o.originId ?? 1, device_type: 2, total_results: 10 },
      },
    },
  };
}

// ---- SMTP ------------------------------------------------------------------

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpSink {
  port: number;
  messages: ReceivedMail[];
  stop(): Promise<void>;
  /** Starts again on the same port (after `stop`). */
  restart(): Promise<void>;
}

/**
 * A real SMTP server (smtp-server) on 127.0.0.1 that keeps what it receives;
 * with `stopAfter`, it stops listening right after accepting that many messages.
 */
export async function startSmtpSink(options: { stopAfter?: number } = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      const s = server;
      server = undefined;
      s.close(() => resolve());
    });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const s = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            messages.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              raw: Buffer.concat(chunks).toString('utf8'),
            });
            callback();
            if (messages.length === options.stopAfter) void stop();
          });
        },
      });
      s.on('error', reject);
      const net = s.listen(port, '127.0.0.1', () => resolve((net.address() as AddressInfo).port));
      server = s;
    });
  const port = await listen(0);
  return {
    port,
    messages,
    stop,
    restart: async () => {
      await listen(port);
    },
  };
}

// ---- MIME ------------------------------------------------------------------

export interface ParsedMail {
  headers: Map<string, string>;
  text: string;
  html: string;
}

function splitHead(raw: string): { head: Map<string, string>; body: string } {
  const idx = raw.search(/\r?\n\r?\n/);
  const headText = idx < 0 ? raw : raw.slice(0, idx);
  const body = idx < 0 ? '' : raw.slice(idx).replace(/^\r?\n\r?\n/, '');
  const head = new Map<string, string>();
  for (const line of headText.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const c = line.indexOf(':');
    if (c > 0) head.set(line.slice(0, c).trim().toLowerCase(), line.slice(c + 1).trim());
  }
  return { head, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  const e = (encoding ?? '7bit').toLowerCase();
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (e === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => `%${h}`)
      .replace(/%(?![0-9A-F]{2})/gi, '%25');
    try {
      return decodeURIComponent(bytes);
    } catch {
      return body;
    }
  }
  return body;
}

/** A small MIME reader: unfolded headers, text/plain and text/html of a (multipart) message. */
export function parseMail(raw: string): ParsedMail {
  const { head, body } = splitHead(raw);
  const out: ParsedMail = { headers: head, text: '', html: '' };
  const walk = (h: Map<string, string>, b: string) => {
    const type = h.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith('multipart/') && boundary) {
      for (const part of b.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break;
        const p = splitHead(part.replace(/^\r?\n/, ''));
        walk(p.head, p.body);
      }
      return;
    }
    const decoded = decodeBody(b, h.get('content-transfer-encoding'));
    if (type.toLowerCase().startsWith('text/html')) out.html += decoded;
    else if (type.toLowerCase().startsWith('text/plain')) out.text += decoded;
  };
  walk(head, body);
  return out;
}

// ---- Web push --------------------------------------------------------------

/** A browser's push subscription keys, made as a browser makes them (P-256 ECDH + 16-byte auth secret). */
export interface BrowserKeys {
  ecdh: ReturnType<typeof createECDH>;
  publicKey: string;
  auth: string;
}

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, publicKey: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

function hmac(key: Buffer, data: Buffer): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/**
 * Decrypts an aes128gcm push message body (RFC 8188) with the browser's keys
 * as RFC 8291 §3.3-3.4 says: ECDH with the sender's key from the header,
 * HKDF with the auth secret, then the content key and nonce.
 */
export function decryptPush(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20] ?? 0;
  const asPublic = body.subarray(21, 21 + idlen);
  const records = body.subarray(21 + idlen);
  if (records.length > rs) throw new Error('more than one record');
  const uaPublic = keys.ecdh.getPublicKey();
  const ecdhSecret = keys.ecdh.computeSecret(asPublic);
  const prkKey = hmac(Buffer.from(keys.auth, 'base64url'), ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const plain = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end).toString('utf8');
}

/** Checks the VAPID header (RFC 8292): an ES256 JWT for the endpoint's origin, signed by the key in `k`. */
export function checkVapid(
  authorization: string,
  endpointOrigin: string,
): { publicKey: string; claims: Record<string, unknown> } {
  const m = /^vapid t=([^,]+),\s*k=(.+)$/.exec(authorization);
  if (!m) throw new Error(`not a VAPID header: ${authorization}`);
  const [, jwt = '', k = ''] = m;
  const [h = '', p = '', s = ''] = jwt.split('.');
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verifySignature(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Record<string, unknown>;
  if (claims.aud !== endpointOrigin) throw new Error(`VAPID aud ${String(claims.aud)} is not ${endpointOrigin}`);
  return { publicKey: k, claims };
}

export interface PushRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface PushServiceStub {
  origin: string;
  requests: PushRequest[];
  /** Statuses to answer, in order; 201 once they run out. */
  answers: number[];
  endpoint(name: string): string;
  close(): Promise<void>;
}

/** A push service on 127.0.0.1: keeps each request and answers the queued statuses. */
export async function startPushService(): Promise<PushServiceStub> {
  const requests: PushRequest[] = [];
  const answers: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = answers.shift() ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    answers,
    endpoint: (name) => `${origin}/push/${name}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
