import type { SiteTarget } from '../../config/verticals';
import { filterKeysOf, searchFilters } from '../shared/domain/filters';
import { stringifyQuery, type QueryParams } from '../shared/routing/query';

/** A map's bounds are one filter, the area shown. */
const BOUNDS: ReadonlySet<string> = new Set(['lat_min', 'lat_max', 'long_min', 'long_max']);

/** The filter a URL key belongs to: a range's two ends are one filter ("price" for price_min and price_max). */
const filterOf = (key: string): string => (BOUNDS.has(key) ? 'bounds' : key.replace(/_(min|max)$/, ''));

const isHomesDealType = (params: QueryParams, target: SiteTarget): boolean =>
  target === 'homes' && typeof params.type_id === 'number' && params.type_id > 0;

/**
 * How many filters the visitor set, as the filters button and the no-results page count them: a
 * range is one filter whether one end or both are set, and a homes deal type is one (a field of
 * the panel).
 */
export function activeFilters(params: QueryParams, target: SiteTarget): number {
  const filters = new Set(Object.keys(searchFilters(params, target)).map(filterOf));
  return filters.size + (isHomesDealType(params, target) ? 1 : 0);
}

/**
 * The query of the same search without any filter: the sort and every other parameter stay, the
 * page goes back to the first. `what` and `where` are the path's.
 */
export function queryWithoutFilters(params: QueryParams, target: SiteTarget): string {
  const drop = new Set<string>([...filterKeysOf(target), 'page', 'what', 'where']);
  if (target === 'homes') drop.add('type_id');
  return stringifyQuery(Object.fromEntries(Object.entries(params).filter(([key]) => !drop.has(key))));
}
