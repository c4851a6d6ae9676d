import { createHash } from 'node:crypto';
import { countryByCode, unitsOf } from '../../../config/countries';
import { type Vertical, verticalById } from '../../../config/verticals';
import { searchTextMin, significantChars } from '../../shared/domain/searchText';
import { urlFilters, type SavedFilterValue } from '../../shared/domain/filters';
import { camelCase } from '../../shared/domain/filterNames';
import { metricFilters } from '../../shared/domain/units';
import { ServiceError } from '../jsonapi';
import { parseFilters, parseSearchParams, rawQuery } from '../search/params';

/** A saved search (the query of an alert), as stored and as sent to the search service. */
export interface AlertQuery {
  what: string;
  where: string;
  dealTypeId: number | null;
  filters: Record<string, FilterValue>;
}

/** A place filter, as an alert's filters may name it. */
const PLACE_FILTER_NAMES = ['region', 'city', 'city_area', 'cityArea'] as const;

/** A saved filter's value (shared/domain/filters.ts: the web app counts and links them too). */
export type FilterValue = SavedFilterValue;

export interface AlertSite {
  country: string;
  verticalId: number;
  vertical: Vertical;
  locale: string;
  currency: string;
}

/** Bounds of the search-validity rule (docs/decisions/032-alert-rules.md). */
export const WHAT_MAX = 100;
export const WHERE_MAX = 100;

/**
 * Traffic origins that mean "arrived from an alert e-mail" (product-spec §3
 * lists alert among the origin codes without their numbers; we number them
 * in docs/decisions/032-alert-rules.md): 20 daily digest, 21 weekly digest,
 * 22 one-off alert mail. Digest links carry `origin=20|21`.
 */
export const ALERT_EMAIL_ORIGINS: readonly number[] = [20, 21, 22];
export const ORIGIN_DAILY_DIGEST = 20;
export const ORIGIN_WEEKLY_DIGEST = 21;
/** A push alert's link (decision 007). */
export const ORIGIN_PUSH_ALERT = 23;
/** Countries where a jobs alert is not offered to visitors coming from alert e-mails (spec §5). */
export const NO_JOBS_ALERT_FROM_ALERT_MAIL: readonly string[] = ['es', 'us'];

/** The site of an alert, or a 400 naming the bad parameter. */
export function resolveSite(countryCode: string, verticalId: number, pointer: string): AlertSite {
  const def = countryByCode(countryCode.toLowerCase());
  if (!def)
    throw new ServiceError(400, 'INVALID_PARAMETER', `Unknown country code ${countryCode}`, {
      pointer: `${pointer}/country_code`,
    });
  const vertical = verticalById(verticalId);
  if (!vertical || !(def.verticals as readonly string[]).includes(vertical.name)) {
    throw new ServiceError(400, 'INVALID_PARAMETER', `No vertical ${verticalId} in country ${def.code}`, {
      pointer: `${pointer}/vertical_id`,
    });
  }
  return {
    country: def.code,
    verticalId: vertical.id,
    vertical: vertical.name,
    locale: def.locale,
    currency: def.currency,
  };
}

function collapse(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/**
 * The country's search-validity rule for alerts (product-spec §5): what and
 * where at most 100 characters each, no control characters or markup, and at
 * least one of them with 2 letters or digits (1 where the country's language
 * is written without spaces). Returns the cleaned what and where.
 */
export function checkSearchValidity(
  site: AlertSite,
  what: string,
  where: string,
  pointer: string,
  placeFiltered = false,
): { what: string; where: string } {
  const w = collapse(what);
  // Jobs searches carry no where (spec §5): a jobs alert's where is only the name of its place filter
  // ("nurse in Houston"), never searched (`searchParamsOf`).
  const p = site.vertical === 'jobs' && !placeFiltered ? '' : collapse(where);
  const bad = (field: 'what' | 'where', detail: string) =>
    new ServiceError(400, 'INVALID_SEARCH', detail, {
      pointer: field === 'what' ? `${pointer}/what` : `${pointer}/vertical_properties/where`,
    });
  for (const [field, value, max] of [
    ['what', w, WHAT_MAX],
    ['where', p, WHERE_MAX],
  ] as const) {
    if (value.length > max) throw bad(field, `The search's ${field} is longer than ${max} characters.`);
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f<>]/.test(value))
      throw bad(field, `The search's ${field} holds characters a search cannot.`);
  }
  // Letters or digits needed in what or where: 2, or 1 in languages written without spaces.
  const min = searchTextMin(site.locale);
  if (significantChars(w) < min && significantChars(p) < min) {
    throw bad('what', `An alert needs a what or a where of at least ${min} letters or digits.`);
  }
  return { what: w, where: p };
}

/**
 * The query of a new or changed alert, checked: the search-validity rule, then the search
 * service's own rules for the site's parameters. An unknown filter or deal type would make
 * every check of the alert a refused search, and the alert would never send. Returns the
 * query with its cleaned what and where.
 */
export function checkAlertQuery(site: AlertSite, query: AlertQuery, pointer: string): AlertQuery {
  const placeFiltered = PLACE_FILTER_NAMES.some((name) => query.filters[name] !== undefined);
  const checked = { ...query, ...checkSearchValidity(site, query.what, query.where, pointer, placeFiltered) };
  const params = searchParamsOf(site, checked);
  params.set('countryCode', site.country);
  try {
    parseFilters(parseSearchParams(rawQuery(`?${params}`), site.country, site.vertical).filters, site.vertical);
  } catch (err) {
    if (!(err instanceof ServiceError) || err.status !== 400) throw err;
    throw new ServiceError(400, 'INVALID_SEARCH', `The search cannot be saved: ${err.detail}`, { pointer });
  }
  return checked;
}

/** Spec §5: no jobs alert for visitors from alert e-mails in es and us. */
export function checkAlertOffered(site: AlertSite, originId: number | undefined): void {
  if (
    site.vertical === 'jobs' &&
    NO_JOBS_ALERT_FROM_ALERT_MAIL.includes(site.country) &&
    originId !== undefined &&
    ALERT_EMAIL_ORIGINS.includes(originId)
  ) {
    throw new ServiceError(
      400,
      'ALERT_NOT_OFFERED',
      `Jobs alerts are not offered in ${site.country} to visitors coming from an alert e-mail.`,
      { pointer: '/data/attributes/context/origin_id' },
    );
  }
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** A map's bounds keep their sign (decision 013); every other min or max of 0 or below is no bound. */
const COORDINATE_KEY = /^(?:lat|long|lng)/i;
const MIN_MAX_KEY = /(?:_min|_max|Min|Max)$/;

const isBound = (value: number | undefined): value is number => value !== undefined && value > 0;

/**
 * Filters with empty values dropped, and a min or max of 0 or below (product-spec §5: dropped
 * from the request, so an alert with one is the same search as without it); keys as given
 * (snake_case or camelCase).
 */
export function cleanFilters(filters: Record<string, FilterValue>): Record<string, FilterValue> {
  const out: Record<string, FilterValue> = {};
  for (const [k, v] of Object.entries(filters)) {
    if (v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    const signed = COORDINATE_KEY.test(k);
    if (!signed && typeof v === 'number' && MIN_MAX_KEY.test(k) && v <= 0) continue;
    if (!signed && typeof v === 'object' && !Array.isArray(v)) {
      const range = { ...(isBound(v.min) ? { min: v.min } : {}), ...(isBound(v.max) ? { max: v.max } : {}) };
      if (Object.keys(range).length > 0) out[k] = range;
      continue;
    }
    out[k] = v;
  }
  return out;
}

/** The identity of a search, for "the same search again" (case and spacing do not count). */
export function queryKey(site: AlertSite, q: AlertQuery): string {
  const camel = Object.fromEntries(Object.entries(q.filters).map(([k, v]) => [camelCase(k), v]));
  const text = JSON.stringify(
    canonical({
      c: site.country,
      v: site.verticalId,
      w: q.what.toLowerCase(),
      p: q.where.toLowerCase(),
      d: q.dealTypeId ?? 0,
      f: camel,
    }),
  );
  return createHash('sha256').update(text).digest('base64url');
}

/**
 * The search call's query parameters for an alert (service-calls spec §7):
 * what, where, dealTypeId (categoryId for products), `filters[name]` in
 * camelCase, lists comma-joined, ranges as `min-max`. An alert's filters are
 * its results page's, in its site's units; the service's are metric (decision 082).
 */
export function searchParamsOf(site: AlertSite, q: AlertQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (q.what) params.set('what', q.what);
  if (q.where && site.vertical !== 'jobs') params.set('where', q.where);
  if (q.dealTypeId) params.set(site.vertical === 'products' ? 'categoryId' : 'dealTypeId', String(q.dealTypeId));
  for (const [key, value] of Object.entries(metricFilters(q.filters, unitsOf(site.country)))) {
    const name = `filters[${camelCase(key)}]`;
    if (value === null) continue;
    if (Array.isArray(value)) params.set(name, value.join(','));
    else if (typeof value === 'object') params.set(name, `${value.min ?? ''}-${value.max ?? ''}`);
    else params.set(name, String(value));
  }
  return params;
}

/**
 * An alert's filters as its results page's URL names them (`urlFilters`), as text: values in the
 * site's units as saved.
 */
export function resultsFilterParams(filters: Record<string, FilterValue>): [string, string][] {
  return Object.entries(urlFilters(filters)).map(([name, value]) => [name, String(value)]);
}
