import { countryByCode } from '../../../config/countries';

/**
 * Units of each currency the sites use per euro, roughly (late 2025): the spec's plausible price ranges
 * are in euros, and a price in another currency than its site's is compared with the others in the
 * site's (decision 040).
 */
export const UNITS_PER_EUR: Record<string, number> = {
  EUR: 1,
  GBP: 0.85,
  USD: 1.08,
  CHF: 0.95,
  CAD: 1.5,
  AUD: 1.65,
  NZD: 1.8,
  SEK: 11.5,
  NOK: 11.6,
  DKK: 7.46,
  PLN: 4.3,
  CZK: 25,
  HUF: 395,
  RON: 5,
  TRY: 36,
  RUB: 100,
  UAH: 45,
  BRL: 5.8,
  MXN: 21,
  ARS: 1100,
  CLP: 1020,
  COP: 4600,
  PEN: 4,
  UYU: 44,
  CRC: 560,
  MAD: 10.8,
  EGP: 53,
  ZAR: 20,
  KES: 140,
  NGN: 1650,
  INR: 92,
  PKR: 300,
  IDR: 17500,
  PHP: 62,
  MYR: 5,
  THB: 38,
  VND: 27000,
  SGD: 1.45,
  HKD: 8.4,
  TWD: 35,
  JPY: 165,
  AED: 4,
  SAR: 4.05,
  QAR: 3.95,
  KWD: 0.33,
};

const siteCurrencies = new Map<string, string>();

/** The currency of a country's sites. */
export function siteCurrency(country: string): string {
  let known = siteCurrencies.get(country);
  if (known === undefined) {
    known = countryByCode(country)?.currency ?? 'EUR';
    siteCurrencies.set(country, known);
  }
  return known;
}

/**
 * A price in its site's currency, for filters and sorting (the ad shows it as written): "US$ 450,000"
 * among Mexican pesos is ~8.2 million pesos. Unknown currencies are taken as the site's.
 */
export function inSiteCurrency(value: number, currency: string | undefined, country: string): number {
  const site = siteCurrency(country);
  if (currency === undefined || currency === site) return value;
  const from = UNITS_PER_EUR[currency];
  const to = UNITS_PER_EUR[site];
  return from === undefined || to === undefined ? value : Math.round((value / from) * to * 100) / 100;
}

/** The weeks in a month, on average: a weekly rent is compared with monthly ones by this many weeks. */
export const WEEKS_PER_MONTH = 52 / 12;

/**
 * The price filters and sorts compare (the store's `price` column): in the site's currency
 * (`inSiteCurrency`) and, for a rent given by the week (`isWeekly`), by the month, as the others
 * are: "£250 per week" is filtered and sorted as ~£1,083 a month. The ad shows its own price.
 */
export function comparablePrice(
  price: { value: number; isWeekly?: boolean },
  currency: string | undefined,
  country: string,
): number {
  const value = inSiteCurrency(price.value, currency, country);
  return price.isWeekly ? Math.round(value * WEEKS_PER_MONTH * 100) / 100 : value;
}
