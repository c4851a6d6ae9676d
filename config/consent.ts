/**
 * Countries whose rules need the visitor's consent before tracking and
 * personalised ads (GDPR in the EU/EEA, the UK GDPR, Switzerland's FADP,
 * Brazil's LGPD, Turkey's KVKK). Only there the banner is shown and tracking
 * and personalised ads wait for the visitor's answer. Decision 008.
 */
export const CONSENT_REQUIRED: ReadonlySet<string> = new Set([
  'ie',
  'it',
  'es',
  'pt',
  'be',
  'bc',
  'lu',
  'cz',
  'no',
  'ro',
  'hu',
  'se',
  'dk',
  'at',
  'de',
  'nl',
  'fr',
  'pl',
  'uk',
  'ch',
  'br',
  'tr',
]);

/** Where the banner's "more info" link leads. */
export const COOKIE_POLICY_URL = 'https://about.trawl.com/{country}/cookies';
