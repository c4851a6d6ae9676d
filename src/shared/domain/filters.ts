import type { SiteTarget, Vertical } from '../../../config/verticals';
import type { QueryParams, QueryValue } from '../routing/query';

/**
 * Filter keys of product-spec §3, as the results URL writes them (snake
 * case); the search service takes them camel-cased as `filters[name]`.
 */
export const COMMON_FILTERS = [
  'region',
  'city',
  'city_area',
  'geo_id',
  'date_from',
  'decrease_price',
  'photos',
  'lat_min',
  'lat_max',
  'long_min',
  'long_max',
] as const;

export const VERTICAL_FILTERS: Readonly<Record<Vertical, readonly string[]>> = {
  homes: [
    'parking',
    'new_build',
    'property_type',
    'price_min',
    'price_max',
    'area_min',
    'area_max',
    'rooms_min',
    'rooms_max',
    'bathrooms_min',
    'bathrooms_max',
  ],
  cars: [
    'make',
    'model',
    'car_type',
    'transmission',
    'fuel',
    'year_min',
    'year_max',
    'mileage_min',
    'mileage_max',
    'doors_min',
    'doors_max',
    'price_min',
    'price_max',
  ],
  jobs: [
    'salary_min',
    'salary_max',
    'category',
    'company',
    'job_type',
    'working_hours',
    'experience_min',
    'telecommute',
    'distance',
  ],
  products: ['price_min', 'price_max'],
};

export function filterKeysOf(target: SiteTarget): readonly string[] {
  return target === 'general' ? [] : [...COMMON_FILTERS, ...VERTICAL_FILTERS[target]];
}

export const camelCase = (key: string): string => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

const isMinMax = (key: string): boolean => /_(min|max)$/.test(key);

/** A map's bounds: west of Greenwich and south of the equator they are below 0 (decision 013). */
const COORDINATE_BOUNDS: ReadonlySet<string> = new Set(['lat_min', 'lat_max', 'long_min', 'long_max']);

/** Whether a filter's value takes part in a search: a min or max above 0 only, a coordinate of any sign. */
function applies(key: string, value: QueryValue | undefined): boolean {
  if (value === undefined || value === null || value === '' || value === false) return false;
  if (COORDINATE_BOUNDS.has(key)) return typeof value === 'number';
  return !isMinMax(key) || (typeof value === 'number' && value > 0);
}

/**
 * The filters a results URL carries, as it names them, that a search applies: set, and a min
 * or max of 0 or below dropped (product-spec §5), except coordinates, which keep their sign
 * as the service does (decision 013).
 */
export function searchFilters(params: QueryParams, target: SiteTarget): Record<string, string | number | true> {
  const out: Record<string, string | number | true> = {};
  for (const key of filterKeysOf(target)) {
    const value = params[key];
    if (applies(key, value)) out[key] = value as string | number | true;
  }
  return out;
}

/** The filters of a results URL as the search service takes them: `filters[camelCase]`. */
export function apiFilters(params: QueryParams, target: SiteTarget): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(searchFilters(params, target))) out[`filters[${camelCase(key)}]`] = value;
  return out;
}

/** How many filters the visitor set (the count shown on the filters button): a homes deal type is one of them. */
export function activeFilterCount(params: QueryParams, target: SiteTarget): number {
  const dealType = target === 'homes' && typeof params.type_id === 'number' && params.type_id > 0 ? 1 : 0;
  return Object.keys(searchFilters(params, target)).length + dealType;
}
