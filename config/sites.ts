import {
  COUNTRIES,
  countryByCode,
  inCountry,
  isRtlLocale,
  localCountryName,
  unitsOf,
  type CountryDef,
  type Units,
} from './countries';
import { type SiteTarget, type Vertical, isVertical } from './verticals';

/** The brand's second-level domain: `homes.trawl.es`, `www.trawl.co.uk`. */
export const BRAND_DOMAIN = 'trawl';

/** One vertical entry of a country, as the service-calls spec names them. */
export interface SiteEntry {
  /** `{product}` for the general home, otherwise the vertical. */
  readonly key: '{product}' | Vertical;
  readonly domain: string;
  /** Path prefix on a shared host (`/homes`), absent on a host of its own. */
  readonly path?: string;
  readonly target: SiteTarget;
}

/** A host: what it serves at its root, and which path prefixes lead to which vertical. */
export interface HostEntry {
  readonly host: string;
  readonly country: string;
  readonly locale: string;
  readonly target: SiteTarget;
  readonly prefixes: Readonly<Record<string, Vertical>>;
}

/** What a request resolves to: one site (country + vertical or general home). */
export interface Site {
  readonly country: string;
  /** The country's name in the site's language. */
  readonly countryName: string;
  /** "In <country>" in the site's language, with the preposition and article the name takes. */
  readonly inCountry: string;
  readonly locale: string;
  readonly currency: string;
  readonly direction: 'ltr' | 'rtl';
  readonly target: SiteTarget;
  /** Path prefix under which this site's routes live on its host ('' or '/homes'). */
  readonly basePath: string;
  /** Verticals of the country, for the general home and cross links. */
  readonly verticals: readonly Vertical[];
  /** The results-page autocomplete setting for `what` (spec §5); `where` is always autocompleted. */
  readonly whatAutocomplete: boolean;
  /** How the site measures mileages, distances and floor areas (decision 082). */
  readonly units: Units;
}

export function siteEntries(country: CountryDef): SiteEntry[] {
  const www = `www.${BRAND_DOMAIN}.${country.tld}`;
  const entries: SiteEntry[] = [{ key: '{product}', domain: www, target: 'general' }];
  for (const vertical of country.verticals) {
    entries.push(
      country.sharedHost
        ? { key: vertical, domain: www, path: `/${vertical}`, target: vertical }
        : { key: vertical, domain: `${vertical}.${BRAND_DOMAIN}.${country.tld}`, target: vertical },
    );
  }
  return entries;
}

function prefixesOf(country: CountryDef): Record<string, Vertical> {
  return Object.fromEntries(country.verticals.map((v) => [`/${v}`, v]));
}

function buildHostTable(): Map<string, HostEntry> {
  const table = new Map<string, HostEntry>();
  for (const country of COUNTRIES as readonly CountryDef[]) {
    for (const entry of siteEntries(country)) {
      const existing = table.get(entry.domain);
      if (entry.path) {
        if (existing) {
          (existing.prefixes as Record<string, Vertical>)[entry.path] = entry.target as Vertical;
        }
        continue;
      }
      table.set(entry.domain, {
        host: entry.domain,
        country: country.code,
        locale: country.locale,
        target: entry.target,
        prefixes: entry.key === '{product}' && country.sharedHost ? prefixesOf(country) : {},
      });
    }
  }
  return table;
}

export const HOSTS: ReadonlyMap<string, HostEntry> = buildHostTable();

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** A host name or IP literal and an optional port: nothing a URL could take as a path, user or query. */
const HOST_HEADER = /^(?:\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(?::\d{1,5})?$/i;

/** Whether a `Host` header names a host (and port) and nothing else. */
export function isHostHeader(hostHeader: string): boolean {
  return hostHeader.length <= 260 && HOST_HEADER.test(hostHeader);
}

/** `host` without port, lower-cased; `[::1]:3000` keeps its brackets. */
export function hostname(hostHeader: string): string {
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.indexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}

function hostEntryFor(host: string, defaultCountry: string): HostEntry | undefined {
  const known = HOSTS.get(host);
  if (known) return known;
  if (LOOPBACK_HOSTS.has(host)) return localHost(defaultCountry, 'general');
  const local = /^(?:([a-z]+)\.)?([a-z]{2})\.localhost$/.exec(host);
  if (!local) return undefined;
  const [, vertical, code = ''] = local;
  if (vertical === undefined) return localHost(code, 'general');
  return isVertical(vertical) ? localHost(code, vertical) : undefined;
}

function localHost(code: string, target: SiteTarget): HostEntry | undefined {
  const country = countryByCode(code);
  if (!country) return undefined;
  return {
    host: 'localhost',
    country: country.code,
    locale: country.locale,
    target,
    prefixes: target === 'general' ? prefixesOf(country) : {},
  };
}

/**
 * Resolves a request's host and path to a site, or undefined when no site
 * answers there (an unknown host, or a vertical the country does not have).
 */
export function resolveSite(hostHeader: string, pathname: string, defaultCountry = 'uk'): Site | undefined {
  const entry = hostEntryFor(hostname(hostHeader), defaultCountry);
  if (!entry) return undefined;
  const country = countryByCode(entry.country);
  if (!country) return undefined;
  let target = entry.target;
  let basePath = '';
  const lowerPath = pathname.toLowerCase();
  for (const [prefix, vertical] of Object.entries(entry.prefixes)) {
    if (lowerPath === prefix || lowerPath.startsWith(`${prefix}/`)) {
      target = vertical;
      basePath = prefix;
      break;
    }
  }
  if (target !== 'general' && !(country.verticals as readonly string[]).includes(target)) return undefined;
  return {
    country: country.code,
    countryName: localCountryName(country, country.locale),
    inCountry: inCountry(country, country.locale),
    locale: country.locale,
    currency: country.currency,
    direction: isRtlLocale(country.locale) ? 'rtl' : 'ltr',
    target,
    basePath,
    verticals: country.verticals,
    whatAutocomplete: country.whatAutocomplete !== false,
    units: unitsOf(country.code),
  };
}
