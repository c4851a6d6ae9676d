/** A query value after the spec's coercion (product-spec §5). */
export type QueryValue = string | number | boolean | null;
export type QueryParams = Record<string, QueryValue>;

/**
 * Numbers the coercion accepts: canonical decimals only, so that postal
 * codes like "01234" or ids longer than a double keeps exactly stay strings.
 */
const NUMERIC = /^-?(?:0|[1-9]\d{0,14})(?:\.\d+)?$/;

/** "true"/"false" become booleans, numeric strings numbers, "null" null. */
export function coerceQueryValue(value: string): QueryValue {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value === 'null') return null;
  if (NUMERIC.test(value)) return Number(value);
  return value;
}

/** Filters of an amount (a price, an area, a mileage, a salary): whole numbers as people write them. */
const AMOUNT = /^(?:price|area|mileage|salary)_(?:min|max)$/;

/**
 * An amount written with its thousands grouped, as a visitor types it in the filters ("300.000" in
 * Spain or Germany, "300,000" or "300 000" elsewhere): no price, area or mileage is 300.0. A
 * leading zero is a decimal ("0.500").
 */
const GROUPED = /^[1-9]\d{0,2}(?:[.,'\u00a0\u202f ]\d{3})+$/;

/**
 * Parses a query string into coerced values. The last of repeated keys wins.
 * An `email` value has its spaces turned back into plus signs, since a `+`
 * left unencoded in a link arrives as a space. An amount filter's grouped
 * thousands are read as such (`GROUPED`).
 */
export function parseQuery(search: string): QueryParams {
  const params: QueryParams = {};
  const source = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  for (const [key, raw] of source) {
    if (key === 'email') params[key] = raw.replace(/ /g, '+');
    else if (AMOUNT.test(key) && GROUPED.test(raw.trim())) params[key] = Number(raw.replace(/\D/g, ''));
    else params[key] = coerceQueryValue(raw);
  }
  return params;
}

/** Writes params back to a query string, leaving out empty values. */
export function stringifyQuery(params: Record<string, QueryValue | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The results page a URL asks for: its `page` from 1 (a fraction rounded down), else 1 (spec §5: page defaults to 1). */
export function pageNumberOf(params: QueryParams): number {
  return typeof params.page === 'number' && params.page >= 1 ? Math.floor(params.page) : 1;
}
