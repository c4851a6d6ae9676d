import type { Experiment } from '../../../config/experiments';
import type { Device } from '../routing/RouteRegistry';
import { AB_TEST_FORCED, USER_AGENT_MAX_LENGTH } from './constants';

/*
 * The rules that make a visitor's ids, shared by the server (a visitor with
 * Trawl cookies) and the browser (the first load of a visitor-neutral page,
 * decision 062), so both give the same answer for the same visitor.
 */

const BOT =
  /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|whatsapp|telegram|headlesschrome|lighthouse|pingdom|monitor/i;

/** Crawlers, previewers and monitors (and an empty user agent): they keep no installation id. */
export function isBot(userAgent: string): boolean {
  return !userAgent || BOT.test(userAgent.slice(0, USER_AGENT_MAX_LENGTH));
}

export const INSTALLATION_ID_PATTERN = /^[0-9a-f-]{36}$/;

/** Every cookie Trawl sets is named `trawl_…` (decision 002): one such cookie makes a request per-visitor. */
export const isTrawlCookie = (name: string): boolean => name.startsWith('trawl_');

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

/**
 * SHA-256 of a text's UTF-8 bytes, as eight 32-bit words. Synchronous and
 * the same in Node and every browser (Web Crypto is asynchronous and absent
 * outside secure contexts); it hashes one short text per first visit.
 */
export function sha256Words(text: string): Uint32Array {
  const bytes = new TextEncoder().encode(text);
  const length = Math.ceil((bytes.length + 9) / 64) * 64;
  const data = new Uint8Array(length);
  data.set(bytes);
  data[bytes.length] = 0x80;
  const view = new DataView(data.buffer);
  view.setUint32(length - 8, Math.floor((bytes.length * 8) / 0x100000000));
  view.setUint32(length - 4, (bytes.length * 8) >>> 0);
  const h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = new Uint32Array(64);
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  for (let offset = 0; offset < length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!;
      const b = w[i - 2]!;
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = [h[0]!, h[1]!, h[2]!, h[3]!, h[4]!, h[5]!, h[6]!, h[7]!];
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    h[0] = (h[0]! + a) >>> 0;
    h[1] = (h[1]! + b) >>> 0;
    h[2] = (h[2]! + c) >>> 0;
    h[3] = (h[3]! + d) >>> 0;
    h[4] = (h[4]! + e) >>> 0;
    h[5] = (h[5]! + f) >>> 0;
    h[6] = (h[6]! + g) >>> 0;
    h[7] = (h[7]! + hh) >>> 0;
  }
  return h;
}

const isForcedB = (testId: number, country: string, device: Device): boolean =>
  testId === AB_TEST_FORCED.id &&
  device === AB_TEST_FORCED.platform &&
  (AB_TEST_FORCED.countries as readonly string[]).includes(country);

/** The A/B option of a visitor: forced B for test 666 on mobile in fr and in, else a stable hash of the visitor. */
export function assignOption(
  testId: number,
  options: readonly string[],
  installationId: string,
  country: string,
  device: Device,
): string {
  if (isForcedB(testId, country, device)) return AB_TEST_FORCED.option;
  const first = sha256Words(`${testId}:${installationId}`)[0]!;
  return options[first % options.length] ?? options[0] ?? 'A';
}

export interface AbAssignment {
  abTest: { id: number; option: string; platform: string };
  /** The `trawl_ab` value to write, when it differs from the cookie's (never for bots). */
  cookie: string | null;
}

/** The visitor's option of an experiment: the forced one, else the one their `trawl_ab` cookie keeps, else assigned. */
export function abAssignment(
  experiment: Experiment,
  cookieValue: string | undefined,
  visitor: { installationId: string; country: string; device: Device; isBot: boolean },
): AbAssignment {
  const [cookieTest, cookieOption] = (cookieValue ?? '').split(':');
  const kept =
    Number(cookieTest) === experiment.id && cookieOption && experiment.options.includes(cookieOption)
      ? cookieOption
      : undefined;
  const option = isForcedB(experiment.id, visitor.country, visitor.device)
    ? AB_TEST_FORCED.option
    : (kept ??
      assignOption(experiment.id, experiment.options, visitor.installationId, visitor.country, visitor.device));
  return {
    abTest: { id: experiment.id, option, platform: visitor.device },
    cookie: !visitor.isBot && option !== kept ? `${experiment.id}:${option}` : null,
  };
}

export const MAX_ORIGIN = 66;

/** A small non-negative integer from a query or cookie value, or undefined. */
export const intParam = (value: unknown, max: number): number | undefined => {
  const n = typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : undefined;
  return n !== undefined && n <= max ? n : undefined;
};

/** Traffic origin (decision 007): `?origin=` wins, else the cookie, else 2 (organic) with a referrer and 1 (direct) without. */
export function trafficOrigin(queryValue: unknown, cookieValue: unknown, hasReferrer: boolean): number {
  return intParam(queryValue, MAX_ORIGIN) ?? intParam(cookieValue, MAX_ORIGIN) ?? (hasReferrer ? 2 : 1);
}
