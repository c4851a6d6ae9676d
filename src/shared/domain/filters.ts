import type { SiteTarget, Vertical } from '../../../config/verticals';
import { stringifyQuery, type QueryParams, type QueryValue } from '../routing/query';
import { camelCase, snakeCase } from './filterNames';
import { metricFilters, type Units } from './units';

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

/** A saved search's filter value: the results URL's, or as an integrator posted it (a list, a range). */
export type SavedFilterValue = string | number | boolean | (string | number)[] | { min?: number; max?: number } | null;

/**
 * A saved search's filters (an alert's) as its results page's URL names them (product-spec §3, snake
 * case): a range's ends as `<name>_min` and `<name>_max`, lists comma-joined, values as saved.
 */
export function urlFilters(filters: Readonly<Record<string, SavedFilterValue>>): QueryParams {
  const out: QueryParams = {};
  for (const [key, value] of Object.entries(filters)) {
    const name = snakeCase(key);
    if (value === null || value === false) continue;
    if (Array.isArray(value)) out[name] = value.join(',');
    else if (typeof value === 'object') {
      if (value.min !== undefined) out[`${name}_min`] = value.min;
      if (value.max !== undefined) out[`${name}_max`] = value.max;
    } else out[name] = value;
  }
  return out;
}

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
  // A radius is around a place: without one (a jobs site has no where, only place filters) it is no filter.
  if (out.distance !== undefined && !hasPlaceFilter(out)) delete out.distance;
  return out;
}

/** The place filters a radius (`distance`) is measured from. */
export const PLACE_FILTERS = ['region', 'city', 'city_area'] as const;

/** Whether a results URL (or its filters) names a place filter. */
export const hasPlaceFilter = (filters: Readonly<Record<string, unknown>>): boolean =>
  PLACE_FILTERS.some((key) => filters[key] !== undefined);

/**
 * The filters of a results URL as the search service takes them: `filters[camelCase]`, in metric
 * units (a results URL's are its site's: miles and square feet on an imperial site, decision 082).
 */
export function apiFilters(params: QueryParams, target: SiteTarget, units: Units): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(metricFilters(searchFilters(params, target), units))) {
    out[`filters[${camelCase(key)}]`] = value;
  }
  return out;
}

/** A map's bounds are one filter, the area shown. */
const BOUNDS: ReadonlySet<string> = new Set(['lat_min', 'lat_max', 'long_min', 'long_max']);

/** The filter a URL key belongs to: a range's two ends are one filter ("price" for price_min and price_max). */
const filterOf = (key: string): string => (BOUNDS.has(key) ? 'bounds' : key.replace(/_(min|max)$/, ''));

/** The verticals whose `type_id` is a field of the filters panel: a home's deal type, a product's category. */
const TYPE_IN_PANEL: ReadonlySet<SiteTarget> = new Set(['homes', 'products']);

const isPanelType = (params: QueryParams, target: SiteTarget): boolean =>
  TYPE_IN_PANEL.has(target) && typeof params.type_id === 'number' && params.type_id > 0;

/**
 * How many filters the visitor set, as the filters button and the no-results page count them: a
 * range is one filter whether one end or both are set, and a homes deal type or a product category
 * is one (a field of the panel).
 */
export function activeFilterCount(params: QueryParams, target: SiteTarget): number {
  const filters = new Set(Object.keys(searchFilters(params, target)).map(filterOf));
  return filters.size + (isPanelType(params, target) ? 1 : 0);
}

/**
 * The query of the same search without any filter: the sort and every other parameter stay, the
 * page goes back to the first. `what` and `where` are the path's.
 */
export function queryWithoutFilters(params: QueryParams, target: SiteTarget): string {
  const drop = new Set<string>([...filterKeysOf(target), 'page', 'what', 'where']);
  if (TYPE_IN_PANEL.has(target)) drop.add('type_id');
  return stringifyQuery(Object.fromEntries(Object.entries(params).filter(([key]) => !drop.has(key))));
}
