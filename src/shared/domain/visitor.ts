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

/**
 * The bucket hash of A/B assignment: FNV-1a (32-bit) of the text's UTF-8
 * bytes, then MurmurHash3's finaliser so that every output bit depends on
 * every input bit (FNV-1a's low bit alone is the parity of the bytes' low
 * bits, which would make two tests' assignments of one visitor agree).
 * Synchronous, a few lines, the same in Node and every browser; a
 * cryptographic hash buys nothing for bucketing (decision 007).
 */
export function bucketHash(text: string): number {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) h = Math.imul(h ^ byte, 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
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
  return options[bucketHash(`${testId}:${installationId}`) % options.length] ?? options[0] ?? 'A';
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
/** The installed web app, launched from the home screen (decision 007 numbers the codes Trawl sets). */
export const ORIGIN_INSTALLED_APP = 4;

/** A small non-negative integer from a query or cookie value, or undefined. */
export const intParam = (value: unknown, max: number): number | undefined => {
  const n = typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : undefined;
  return n !== undefined && n <= max ? n : undefined;
};

/** Traffic origin (decision 007): `?origin=` wins, else the cookie, else 2 (organic) with a referrer and 1 (direct) without. */
export function trafficOrigin(queryValue: unknown, cookieValue: unknown, hasReferrer: boolean): number {
  return intParam(queryValue, MAX_ORIGIN) ?? intParam(cookieValue, MAX_ORIGIN) ?? (hasReferrer ? 2 : 1);
}
