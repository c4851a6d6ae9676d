import { languageOf, type Language } from './featureCatalogue';
import type { Messages } from './messages';
import { deCH } from './regions/de-CH';
import { enUS } from './regions/en-US';
import { es419, esCO, esVE } from './regions/es-419';
import { ptBR } from './regions/pt-BR';

/**
 * Regional wording (decision 080). A language's catalogue is written for one country (pt for
 * Portugal, es for Spain, en for Britain); a site whose locale is another region of the language
 * reads that catalogue with a regional overlay on top: only the messages that read otherwise there,
 * and, where a whole spelling differs, a function over every message of the base (Swiss German
 * writes no ß).
 */
export interface Region {
  /** The catalogue this region changes: its language's, or a wider region's (es-CO on es-419). */
  readonly base: CatalogueId;
  /** A spelling applied to every message of the base, its reference labels included. */
  readonly spelling?: (text: string) => string;
  /** The messages written otherwise in the region, as they read there (not passed to `spelling`). */
  readonly messages: RegionalMessages;
}

/** A region's own messages: any message id, typed, so a renamed or removed id is a type error. */
export type RegionalMessages = Partial<Messages>;

export type RegionId = 'pt-BR' | 'de-CH' | 'es-419' | 'es-CO' | 'es-VE' | 'en-US';

/** A catalogue: a language's as written, or a region's overlay on it. */
export type CatalogueId = Language | RegionId;

/** Brazilian and Latin-American quotes: “…” where Portugal and Spain write «…». */
const doubleQuotes = (text: string): string => text.replace(/«/g, '“').replace(/»/g, '”');

/** Swiss Standard German has no ß: "schliessen", "Strasse". */
const swissSpelling = (text: string): string => text.replace(/ß/g, 'ss').replace(/ẞ/g, 'SS');

/** American English writes "email" as one word. */
const americanSpelling = (text: string): string => text.replace(/\b([Ee])-mail/g, '$1mail');

export const REGIONS: Readonly<Record<RegionId, Region>> = {
  'pt-BR': { base: 'pt', spelling: doubleQuotes, messages: ptBR },
  'de-CH': { base: 'de', spelling: swissSpelling, messages: deCH },
  'es-419': { base: 'es', spelling: doubleQuotes, messages: es419 },
  'es-CO': { base: 'es-419', messages: esCO },
  'es-VE': { base: 'es-419', messages: esVE },
  'en-US': { base: 'en', spelling: americanSpelling, messages: enUS },
};

export function isRegionId(id: string): id is RegionId {
  return Object.prototype.hasOwnProperty.call(REGIONS, id);
}

/** The regions that write otherwise than their language's country. */
export const REGION_IDS: readonly RegionId[] = Object.keys(REGIONS) as RegionId[];

/** The catalogues a catalogue is made of, its language first: `es-CO` → `es`, `es-419`, `es-CO`. */
export function lineageOf(id: CatalogueId): CatalogueId[] {
  return isRegionId(id) ? [...lineageOf(REGIONS[id].base), id] : [id];
}

/**
 * Anything written per language, as a region reads it: the same rule as the catalogues'. A
 * language's is `ofLanguage`'s; a region's is its base's, spelled the region's way (`spelled`), with
 * what `own` makes of it on top: the region's own words, which the spelling does not touch. The
 * search service's labels and words, the demo ads and the alert mails keep their own regional words
 * beside their table by language, and reach them through this with the catalogue `catalogueOf` gives
 * (decision 080).
 */
export function regional<T>(
  id: CatalogueId,
  ofLanguage: (language: Language) => T,
  own: (region: RegionId, base: T) => T,
): T {
  if (!isRegionId(id)) return ofLanguage(id);
  const { base, spelling } = REGIONS[id];
  const inBase = regional(base, ofLanguage, own);
  return own(id, spelling ? spelled(inBase, spelling) : inBase);
}

/** `regional`'s `own` for a table of named entries: the region's entries in place of its base's. */
export function overlaid<T extends object>(
  overlays: Readonly<Partial<Record<RegionId, Partial<T>>>>,
): (region: RegionId, base: T) => T {
  return (region, base) => ({ ...base, ...overlays[region] });
}

/**
 * A value with a spelling applied to every text in it: a string, the strings of an array or of an
 * object's members, and what a function returns (a sentence written by a function).
 */
export function spelled<T>(value: T, spelling: (text: string) => string): T {
  if (typeof value === 'string') return spelling(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => spelled(item, spelling)) as T;
  if (typeof value === 'function') {
    const f = value as (...args: unknown[]) => unknown;
    return ((...args: unknown[]) => spelled(f(...args), spelling)) as T;
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, spelled(item, spelling)])) as T;
  }
  return value;
}

/**
 * The countries whose Spanish is Latin America's (CLDR's parent locale es-419): they read the es-419
 * catalogue unless they have one of their own (es-CO).
 */
const LATIN_AMERICA = new Set('AR BO BR BZ CL CO CR CU DO EC GT HN MX NI PA PE PR PY SV US UY VE'.split(' '));

/**
 * The catalogue a locale reads: its own region's (`pt-BR`), its language's wider region's
 * (`es-MX` → `es-419`), or its language's (`pt-PT` → `pt`, `en-GB` → `en`). A language without a
 * catalogue reads English, whatever its region (`fi-FI` → `en`, never `en-FI`'s).
 */
export function catalogueOf(locale: string): CatalogueId {
  const language = languageOf(locale);
  const subtags = locale.split(/[-_]/);
  if (subtags[0]?.toLowerCase() !== language) return language;
  // The region is the subtag of two letters or three digits (`zh-Hant-TW` has a script before it).
  const region = subtags
    .slice(1)
    .find((s) => /^(?:[A-Za-z]{2}|\d{3})$/.test(s))
    ?.toUpperCase();
  if (region === undefined) return language;
  const own = `${language}-${region}`;
  if (isRegionId(own)) return own;
  if (language === 'es' && LATIN_AMERICA.has(region)) return 'es-419';
  return language;
}
