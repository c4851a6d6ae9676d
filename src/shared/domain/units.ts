import type { Units } from '../../../config/countries';
import { snakeCase } from './filterNames';

/**
 * A site's measures (decision 082): the United States and Britain give a car's mileage and a
 * distance in miles and a home's floor area in square feet; every other site in kilometres and
 * square metres. The store and the search service keep metric values: the site's units are its
 * pages', its results URLs' and its alerts'. A site carries its units (`Site.units`): a page needs no
 * table of countries for them.
 */
export type { Units };

export const KM_PER_MILE = 1.609344;
export const M2_PER_SQFT = 0.09290304;

export type Measure = 'distance' | 'area';

/** One of an imperial site's units in the metric one: a mile in kilometres, a square foot in square metres. */
const METRIC_PER_IMPERIAL: Readonly<Record<Measure, number>> = { distance: KM_PER_MILE, area: M2_PER_SQFT };

/**
 * The filters given in a unit, by their results-URL name: the bound they set, and the decimals the
 * store keeps of them: whole kilometres of mileage (an import rounds so, and the service takes an
 * integer), hundredths of a square metre of floor area (as an import rounds a feed's square feet), a
 * radius to 10 m.
 */
interface MeasuredFilter {
  measure: Measure;
  bound: 'min' | 'max';
  decimals: number;
}
const MEASURED_FILTERS: Readonly<Record<string, MeasuredFilter>> = {
  mileage_min: { measure: 'distance', bound: 'min', decimals: 0 },
  mileage_max: { measure: 'distance', bound: 'max', decimals: 0 },
  distance: { measure: 'distance', bound: 'max', decimals: 2 },
  area_min: { measure: 'area', bound: 'min', decimals: 2 },
  area_max: { measure: 'area', bound: 'max', decimals: 2 },
};

/** A value in the site's unit in the metric one (unrounded). */
export function toMetric(measure: Measure, value: number, units: Units): number {
  return units === 'imperial' ? value * METRIC_PER_IMPERIAL[measure] : value;
}

/** A stored metric value in the site's unit, whole: as a page shows it ("48,280 mi", "1,076 sq ft"). */
export function fromMetric(measure: Measure, value: number, units: Units): number {
  return units === 'imperial' ? Math.round(value / METRIC_PER_IMPERIAL[measure]) : value;
}

/**
 * Miles per gallon times litres per 100 km: a car's fuel consumption is stored in litres per 100 km
 * (the feed format's unit) and read on the American site in miles per US gallon, on the British one in
 * miles per imperial gallon (decision 097).
 */
const MPG_L100KM: Readonly<Record<string, number>> = { us: 235.215, uk: 282.481 };

/** The miles-per-gallon figure, times litres per 100 km, of a country's visitors (a British gallon elsewhere). */
export function mpgFactor(country: string): number {
  return MPG_L100KM[country] ?? (MPG_L100KM.uk as number);
}

/**
 * The countries whose visitors read a car's fuel economy in kilometres per litre (decision 099): as
 * Japan's JC08 and WLTC figures, India's and Pakistan's "kmpl", the efficiency labels of Brazil
 * (INMETRO), Mexico and Chile, and the dealers of the Philippines, Indonesia, Thailand and Taiwan
 * write it. Every other metric site reads litres per 100 km.
 */
const KM_PER_LITRE_COUNTRIES: ReadonlySet<string> = new Set([
  'jp',
  'in',
  'pk',
  'br',
  'mx',
  'cl',
  'ph',
  'id',
  'th',
  'tw',
]);

/** How a site's visitors read a fuel consumption: miles per gallon, kilometres per litre, or litres per 100 km. */
export type FuelMeasure = 'mpg' | 'kml' | 'l100km';

export function fuelMeasureOf(units: Units, country: string): FuelMeasure {
  if (units === 'imperial') return 'mpg';
  return KM_PER_LITRE_COUNTRIES.has(country) ? 'kml' : 'l100km';
}

/**
 * A fuel consumption in litres per 100 km as the site reads it: mpg, whole, on an imperial site;
 * kilometres per litre, to a tenth, where they are read; else itself.
 */
export function fuelConsumptionOf(litresPer100Km: number, units: Units, country: string): number {
  switch (fuelMeasureOf(units, country)) {
    case 'mpg':
      return Math.round(mpgFactor(country) / litresPer100Km);
    case 'kml':
      return Math.round(1000 / litresPer100Km) / 10;
    default:
      return litresPer100Km;
  }
}

/** A filter's value in metric: a number, a number written as text, or an alert's `{ min, max }` range. */
function metricValue<V>(value: V, convert: (n: number) => number): V {
  if (typeof value === 'number') return convert(value) as V;
  if (typeof value === 'string' && /^\d+(?:\.\d+)?$/.test(value.trim())) return String(convert(Number(value))) as V;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const range = value as { min?: unknown; max?: unknown };
    const end = (n: unknown) => (typeof n === 'number' ? convert(n) : n);
    return {
      ...range,
      ...('min' in range ? { min: end(range.min) } : {}),
      ...('max' in range ? { max: end(range.max) } : {}),
    } as V;
  }
  return value;
}

/**
 * A bound in the site's unit as the store's metric one, so that it takes every ad a page shows at that
 * value: a page writes whole miles and square feet (`fromMetric`), so "at most 1,076 sq ft" reaches
 * every ad shown as 1,076 (up to 1,076.5 sq ft, 100.00 m²), and "at least" down to 1,075.5.
 */
function metricBound(value: number, filter: MeasuredFilter): number {
  const f = 10 ** filter.decimals;
  if (filter.bound === 'max') return Math.floor(toMetric(filter.measure, value + 0.5, 'imperial') * f) / f;
  return Math.max(0, Math.ceil(toMetric(filter.measure, value - 0.5, 'imperial') * f) / f);
}

/**
 * Filters as the search service takes them: those a site gives in its units converted to metric,
 * the others as they are. Keys as given (a results URL's `mileage_max`, an alert's `mileageMax`).
 */
export function metricFilters<V>(filters: Readonly<Record<string, V>>, units: Units): Record<string, V> {
  return convertedFilters(filters, units, metricBound);
}

/**
 * The search service's filters as a results URL of the site writes them (a suggestion's or an index
 * link's query): measured ones in the site's units, whole, as its pages show them.
 */
export function siteFilters<V>(filters: Readonly<Record<string, V>>, units: Units): Record<string, V> {
  return convertedFilters(filters, units, (n, filter) => fromMetric(filter.measure, n, units));
}

function convertedFilters<V>(
  filters: Readonly<Record<string, V>>,
  units: Units,
  convert: (n: number, filter: MeasuredFilter) => number,
): Record<string, V> {
  if (units === 'metric') return { ...filters };
  const out: Record<string, V> = {};
  for (const [key, value] of Object.entries(filters)) {
    const measured = MEASURED_FILTERS[snakeCase(key)];
    out[key] = measured ? metricValue(value, (n) => convert(n, measured)) : value;
  }
  return out;
}
