import type { Vertical } from './verticals';

/**
 * Every country of the service-calls spec ("Country and host configuration").
 *
 * A country is served either on one host per vertical (`homes.trawl.es`,
 * `jobs.trawl.es`, with the general home on `www.trawl.es`), or, for the
 * smaller markets the spec describes as sharing one host, on a single host
 * whose verticals are split by path prefix (`www.trawl.co.cr/homes`).
 * Products exist only in it, es, br, uk, de, fr; sg and hk have no cars.
 * See docs/decisions/001-sites-and-hosts.md.
 */
export interface CountryDef {
  /** Lower-case code as the spec lists it (note `uk`, and `bc` for Dutch Belgium). */
  readonly code: string;
  /** The "comment" of the spec's country entry: the country's name. */
  readonly name: string;
  /** BCP 47 locale used for messages, numbers, prices and dates. */
  readonly locale: string;
  /** ISO 4217 currency of prices on the site. */
  readonly currency: string;
  /** Top-level domain of the country's hosts. */
  readonly tld: string;
  readonly verticals: readonly Vertical[];
  /** True when the country's verticals share the `www` host under path prefixes. */
  readonly sharedHost?: boolean;
  /** The results-page autocomplete setting for `what`; on unless false. */
  readonly whatAutocomplete?: boolean;
  /**
   * How the country measures a car's mileage, a distance and a home's floor area: in miles and square
   * feet where `imperial` (the United States and Britain), else in kilometres and square metres
   * (decision 082). The store keeps metric values; pages and filters speak the site's.
   */
  readonly units?: 'imperial';
}

/** How a site measures (decision 082): miles and square feet, or kilometres and square metres. */
export type Units = 'metric' | 'imperial';

const ALL = ['homes', 'cars', 'jobs'] as const satisfies readonly Vertical[];
const ALL_WITH_PRODUCTS = ['homes', 'cars', 'jobs', 'products'] as const satisfies readonly Vertical[];
const NO_CARS = ['homes', 'jobs'] as const satisfies readonly Vertical[];

export const COUNTRIES = [
  { code: 'cr', name: 'Costa Rica', locale: 'es-CR', currency: 'CRC', tld: 'co.cr', verticals: ALL, sharedHost: true },
  { code: 'pa', name: 'Panama', locale: 'es-PA', currency: 'USD', tld: 'com.pa', verticals: ALL, sharedHost: true },
  { code: 've', name: 'Venezuela', locale: 'es-VE', currency: 'USD', tld: 'com.ve', verticals: ALL, sharedHost: true },
  { code: 'ie', name: 'Ireland', locale: 'en-IE', currency: 'EUR', tld: 'ie', verticals: ALL },
  { code: 'it', name: 'Italy', locale: 'it-IT', currency: 'EUR', tld: 'it', verticals: ALL_WITH_PRODUCTS },
  { code: 'es', name: 'Spain', locale: 'es-ES', currency: 'EUR', tld: 'es', verticals: ALL_WITH_PRODUCTS },
  { code: 'pt', name: 'Portugal', locale: 'pt-PT', currency: 'EUR', tld: 'pt', verticals: ALL },
  { code: 'br', name: 'Brazil', locale: 'pt-BR', currency: 'BRL', tld: 'com.br', verticals: ALL_WITH_PRODUCTS },
  { code: 'be', name: 'Belgium (French)', locale: 'fr-BE', currency: 'EUR', tld: 'be', verticals: ALL },
  { code: 'bc', name: 'Belgium (Dutch)', locale: 'nl-BE', currency: 'EUR', tld: 'nl.be', verticals: ALL },
  { code: 'ma', name: 'Morocco', locale: 'fr-MA', currency: 'MAD', tld: 'ma', verticals: ALL },
  { code: 'vn', name: 'Vietnam', locale: 'vi-VN', currency: 'VND', tld: 'vn', verticals: ALL },
  { code: 'ke', name: 'Kenya', locale: 'en-KE', currency: 'KES', tld: 'co.ke', verticals: ALL, sharedHost: true },
  { code: 'lu', name: 'Luxembourg', locale: 'fr-LU', currency: 'EUR', tld: 'lu', verticals: ALL, sharedHost: true },
  { code: 'cz', name: 'Czech Republic', locale: 'cs-CZ', currency: 'CZK', tld: 'cz', verticals: ALL },
  { code: 'no', name: 'Norway', locale: 'nb-NO', currency: 'NOK', tld: 'no', verticals: ALL },
  { code: 'ro', name: 'Romania', locale: 'ro-RO', currency: 'RON', tld: 'ro', verticals: ALL },
  { code: 'hu', name: 'Hungary', locale: 'hu-HU', currency: 'HUF', tld: 'hu', verticals: ALL },
  { code: 'se', name: 'Sweden', locale: 'sv-SE', currency: 'SEK', tld: 'se', verticals: ALL },
  { code: 'dk', name: 'Denmark', locale: 'da-DK', currency: 'DKK', tld: 'dk', verticals: ALL },
  { code: 'pk', name: 'Pakistan', locale: 'en-PK', currency: 'PKR', tld: 'com.pk', verticals: ALL, sharedHost: true },
  { code: 'tw', name: 'Taiwan', locale: 'zh-TW', currency: 'TWD', tld: 'com.tw', verticals: ALL },
  { code: 'nz', name: 'New Zealand', locale: 'en-NZ', currency: 'NZD', tld: 'co.nz', verticals: ALL },
  { code: 'ng', name: 'Nigeria', locale: 'en-NG', currency: 'NGN', tld: 'com.ng', verticals: ALL, sharedHost: true },
  { code: 'jp', name: 'Japan', locale: 'ja-JP', currency: 'JPY', tld: 'jp', verticals: ALL },
  { code: 'ch', name: 'Switzerland', locale: 'de-CH', currency: 'CHF', tld: 'ch', verticals: ALL },
  {
    code: 'uk',
    name: 'United Kingdom',
    locale: 'en-GB',
    currency: 'GBP',
    tld: 'co.uk',
    verticals: ALL_WITH_PRODUCTS,
    units: 'imperial',
  },
  { code: 'sg', name: 'Singapore', locale: 'en-SG', currency: 'SGD', tld: 'com.sg', verticals: NO_CARS },
  { code: 'za', name: 'South Africa', locale: 'en-ZA', currency: 'ZAR', tld: 'co.za', verticals: ALL },
  { code: 'ua', name: 'Ukraine', locale: 'uk-UA', currency: 'UAH', tld: 'com.ua', verticals: ALL },
  { code: 'ru', name: 'Russia', locale: 'ru-RU', currency: 'RUB', tld: 'ru', verticals: ALL },
  { code: 'at', name: 'Austria', locale: 'de-AT', currency: 'EUR', tld: 'at', verticals: ALL },
  { code: 'de', name: 'Germany', locale: 'de-DE', currency: 'EUR', tld: 'de', verticals: ALL_WITH_PRODUCTS },
  { code: 'au', name: 'Australia', locale: 'en-AU', currency: 'AUD', tld: 'com.au', verticals: ALL },
  { code: 'id', name: 'Indonesia', locale: 'id-ID', currency: 'IDR', tld: 'co.id', verticals: ALL },
  {
    code: 'us',
    name: 'United States',
    locale: 'en-US',
    currency: 'USD',
    tld: 'com',
    verticals: ALL,
    units: 'imperial',
  },
  { code: 'ca', name: 'Canada', locale: 'en-CA', currency: 'CAD', tld: 'ca', verticals: ALL },
  { code: 'ph', name: 'Philippines', locale: 'en-PH', currency: 'PHP', tld: 'ph', verticals: ALL },
  { code: 'my', name: 'Malaysia', locale: 'en-MY', currency: 'MYR', tld: 'com.my', verticals: ALL },
  { code: 'nl', name: 'Netherlands', locale: 'nl-NL', currency: 'EUR', tld: 'nl', verticals: ALL },
  { code: 'th', name: 'Thailand', locale: 'th-TH', currency: 'THB', tld: 'co.th', verticals: ALL },
  { code: 'ae', name: 'United Arab Emirates', locale: 'en-AE', currency: 'AED', tld: 'ae', verticals: ALL },
  { code: 'fr', name: 'France', locale: 'fr-FR', currency: 'EUR', tld: 'fr', verticals: ALL_WITH_PRODUCTS },
  { code: 'tr', name: 'Turkey', locale: 'tr-TR', currency: 'TRY', tld: 'com.tr', verticals: ALL },
  { code: 'pl', name: 'Poland', locale: 'pl-PL', currency: 'PLN', tld: 'pl', verticals: ALL },
  { code: 'in', name: 'India', locale: 'en-IN', currency: 'INR', tld: 'co.in', verticals: ALL },
  { code: 'sa', name: 'Saudi Arabia', locale: 'ar-SA', currency: 'SAR', tld: 'sa', verticals: ALL },
  { code: 'qa', name: 'Qatar', locale: 'ar-QA', currency: 'QAR', tld: 'qa', verticals: ALL, sharedHost: true },
  { code: 'kw', name: 'Kuwait', locale: 'ar-KW', currency: 'KWD', tld: 'com.kw', verticals: ALL, sharedHost: true },
  { code: 'eg', name: 'Egypt', locale: 'ar-EG', currency: 'EGP', tld: 'com.eg', verticals: ALL },
  { code: 'ar', name: 'Argentina', locale: 'es-AR', currency: 'ARS', tld: 'com.ar', verticals: ALL },
  { code: 'cl', name: 'Chile', locale: 'es-CL', currency: 'CLP', tld: 'cl', verticals: ALL },
  { code: 'co', name: 'Colombia', locale: 'es-CO', currency: 'COP', tld: 'com.co', verticals: ALL },
  { code: 'ec', name: 'Ecuador', locale: 'es-EC', currency: 'USD', tld: 'com.ec', verticals: ALL, sharedHost: true },
  { code: 'mx', name: 'Mexico', locale: 'es-MX', currency: 'MXN', tld: 'com.mx', verticals: ALL },
  { code: 'pe', name: 'Peru', locale: 'es-PE', currency: 'PEN', tld: 'com.pe', verticals: ALL },
  { code: 'uy', name: 'Uruguay', locale: 'es-UY', currency: 'UYU', tld: 'com.uy', verticals: ALL, sharedHost: true },
  { code: 'hk', name: 'Hong Kong', locale: 'en-HK', currency: 'HKD', tld: 'com.hk', verticals: NO_CARS },
] as const satisfies ReadonlyArray<CountryDef>;

export type CountryCode = (typeof COUNTRIES)[number]['code'];

const BY_CODE = new Map<string, CountryDef>(COUNTRIES.map((c) => [c.code, c]));

export function countryByCode(code: string): CountryDef | undefined {
  return BY_CODE.get(code.toLowerCase());
}

/** A country's units (`CountryDef.units`); a page reads its site's (`Site.units`). */
export function unitsOf(code: string): Units {
  return countryByCode(code)?.units ?? 'metric';
}

export function isCountryCode(code: string): code is CountryCode {
  return BY_CODE.has(code.toLowerCase());
}

// What a locale writes, apart from the table of countries (a page's script needs no table for them).
export { isRtlLocale, placeSeparator } from './locales';

/** ISO 3166 region of a country code: ours follow the spec, which writes `uk` and `bc`. */
export function isoRegion(code: string): string {
  if (code === 'uk') return 'GB';
  if (code === 'bc') return 'BE';
  return code.toUpperCase();
}

const localNames = new Map<string, string>();

/**
 * The country's name in a locale's language ("España" on es-ES), the English name when Intl has
 * none. Kept per locale and country: a results page without a place asks for it (~20 µs a call).
 */
export function localCountryName(country: CountryDef, locale: string): string {
  const key = `${locale}|${country.code}`;
  let name = localNames.get(key);
  if (name === undefined) {
    name = new Intl.DisplayNames([locale, 'en'], { type: 'region' }).of(isoRegion(country.code)) ?? country.name;
    localNames.set(key, name);
  }
  return name;
}

/**
 * "In <country>" as the country's own language says it of that country: the preposition and
 * article go with the name ("in the United Kingdom", "en France", "au Maroc", "no Brasil", "in der
 * Schweiz"); a city takes its own ("à Paris", "a Roma", "em Lisboa"). Languages without messages
 * of their own speak English.
 */
const IN_COUNTRY: Readonly<Record<string, string>> = {
  en: 'in',
  es: 'en',
  fr: 'en',
  it: 'in',
  de: 'in',
  pt: 'em',
  nl: 'in',
  'en|uk': 'in the',
  'en|us': 'in the',
  'en|ph': 'in the',
  'en|ae': 'in the',
  'fr|ma': 'au',
  'fr|lu': 'au',
  'pt|br': 'no',
  'de|ch': 'in der',
};

function languageOfLocale(locale: string): string {
  return locale.split('-')[0]?.toLowerCase() ?? 'en';
}

/** The words before the country's name that say "in" it ("in the", "au", "no"). */
export function inCountryPreposition(country: CountryDef, locale: string): string {
  const lang = languageOfLocale(locale);
  return IN_COUNTRY[`${lang}|${country.code}`] ?? IN_COUNTRY[lang] ?? (IN_COUNTRY.en as string);
}

/**
 * "In <country>" as one phrase where the language declines the country's name after its preposition
 * or puts it first ("w Polsce", "日本の"), by `<language>|<country code>`.
 */
const IN_COUNTRY_PHRASE: Readonly<Record<string, string>> = {
  'ar|sa': 'في السعودية',
  'ar|qa': 'في قطر',
  'ar|kw': 'في الكويت',
  'ar|eg': 'في مصر',
  'cs|cz': 'v Česku',
  'da|dk': 'i Danmark',
  'hu|hu': 'Magyarországon',
  'id|id': 'di Indonesia',
  'ja|jp': '日本の',
  'nb|no': 'i Norge',
  'pl|pl': 'w Polsce',
  'ro|ro': 'în România',
  'ru|ru': 'в России',
  'sv|se': 'i Sverige',
  'th|th': 'ในประเทศไทย',
  'tr|tr': "Türkiye'de",
  'uk|ua': 'в Україні',
  'vi|vn': 'tại Việt Nam',
  'zh|tw': '在台灣',
};

/**
 * "In <country>" in a locale's language, as the words before the country's name and the name
 * ("in the" United Kingdom, "au" Maroc), or as one phrase with no words before it ("w Polsce").
 */
export function inCountryParts(country: CountryDef, locale: string): { prep: string; name: string } {
  const phrase = IN_COUNTRY_PHRASE[`${languageOfLocale(locale)}|${country.code}`];
  if (phrase) return { prep: '', name: phrase };
  return { prep: inCountryPreposition(country, locale), name: localCountryName(country, locale) };
}

/** "In <country>" in a locale's language: "in the United Kingdom", "au Maroc", "no Brasil", "w Polsce". */
export function inCountry(country: CountryDef, locale: string): string {
  const { prep, name } = inCountryParts(country, locale);
  return prep ? `${prep} ${name}` : name;
}
