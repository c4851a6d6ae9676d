import { comparablePrice } from '../search/currencies';
import { distanceKm } from '../places/distance';
import { tokenize } from '../search/text';
import { bottomK } from './foldedWords';
import type { AdInput } from '../search/types';

/**
 * Duplicate detection: the same ad published by several partners.
 * The rule (docs/decisions/041-duplicate-ads.md), measured on a labelled set
 * (test/unit/feeds/dedup.test.ts):
 *
 * 1. Blocking: same site, another source, the same block (homes: deal type +
 *    city; cars: city + make + model + year; jobs: city + company; products:
 *    city + category) and, where the vertical has a price, prices within
 *    ±5 %. Ads without a city are never grouped.
 * 2. Vetoes: rooms or bathrooms both known and different; floor areas both
 *    known and more than 8 % apart; mileages more than 5 % apart; coordinates
 *    both given by the partners and more than 1 km apart; street addresses
 *    both given whose numbers have none in common.
 * 3. Evidence: the word overlap (Jaccard, estimated by a bottom-k sketch of
 *    the title and description words) is at least 0.75; or at least 0.45
 *    with partner coordinates within 150 m, or 0.6 with a floor area within 3 % and the same rooms
 *    (cars: a mileage within 1 %).
 */

/** Words of a sketch (the smallest hashes of the distinct words). */
export const SKETCH_SIZE = 48;

export interface Fingerprint {
  block: string;
  price: number | null;
  area: number | null;
  rooms: number | null;
  baths: number | null;
  mileage: number | null;
  /** Only coordinates the partner gave (not the place's). */
  lat: number | null;
  lng: number | null;
  /** The numbers of the partner's street address, distinct and sorted ("2 12" for "calle Sueca 12, 2º"), or null. */
  nums: string | null;
  /** Sorted ascending: the bottom-k hashes of the ad's distinct words. */
  sketch: Uint32Array;
}

/**
 * The bottom-k sketch of the distinct words (3+ letters or any number) of a text: the `size`
 * smallest distinct hashes of its folded words (`tokenize`, hashed as they are folded).
 */
export function sketchOf(text: string, size = SKETCH_SIZE): Uint32Array {
  return bottomK(text, size);
}

/** Jaccard similarity estimated from two bottom-k sketches. */
export function similarity(a: Uint32Array, b: Uint32Array, size = SKETCH_SIZE): number {
  if (a.length === 0 || b.length === 0) return 0;
  // Walk the union's k smallest; count those in both.
  let i = 0;
  let j = 0;
  let union = 0;
  let both = 0;
  while (union < size && (i < a.length || j < b.length)) {
    const x = i < a.length ? (a[i] as number) : Infinity;
    const y = j < b.length ? (b[j] as number) : Infinity;
    if (x === y) {
      both++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
    union++;
  }
  return union === 0 ? 0 : both / union;
}

/** The ad's fingerprint, or undefined when it cannot be grouped (no city; no price where one is needed). */
export function fingerprintOf(ad: AdInput, partnerCoordinates: boolean): Fingerprint | undefined {
  const l = ad.location;
  if (l.cityId === undefined) return undefined;
  let block: string;
  // Compared as filters compare prices: in the site's currency, a weekly rent by the month (so that
  // "346 €/semana" is "1.500 €/mes", and "£1,500" no "1.500 €").
  const price = ad.price ? comparablePrice(ad.price, ad.currency, ad.country) : null;
  if (ad.homes) {
    if (price === null) return undefined;
    block = `h|${ad.typeId ?? 0}|${l.cityId}`;
  } else if (ad.cars) {
    if (price === null || !ad.cars.make) return undefined;
    block = `c|${l.cityId}|${ad.cars.make.toLowerCase()}|${ad.cars.model.toLowerCase()}|${ad.cars.year ?? ''}`;
  } else if (ad.jobs) {
    if (!ad.jobs.company) return undefined;
    block = `j|${l.cityId}|${tokenize(ad.jobs.company).join('')}`;
  } else if (ad.products) {
    if (price === null) return undefined;
    block = `p|${l.cityId}|${ad.products.categoryId}`;
  } else return undefined;
  return {
    block,
    price: ad.jobs ? null : price,
    area: ad.homes?.floorArea ?? null,
    rooms: ad.homes?.rooms ?? null,
    baths: ad.homes?.bathrooms ?? null,
    mileage: ad.cars?.mileage ?? null,
    lat: partnerCoordinates ? (l.latitude ?? null) : null,
    lng: partnerCoordinates ? (l.longitude ?? null) : null,
    nums: addressNumbers(l.address),
    sketch: sketchOf(`${ad.title} ${ad.description}`),
  };
}

/** The distinct numbers of an address (below 1000), sorted and space-separated; null when it has none. */
export function addressNumbers(address: string | undefined): string | null {
  // A house, floor or flat number; not a postcode (four digits or more: "46006 Valencia", "1015 CJ").
  const found = address?.match(/\d+/g)?.filter((n) => n.length < 4);
  if (!found || found.length === 0) return null;
  return [...new Set(found.map((n) => String(Number(n))))].sort((a, b) => Number(a) - Number(b)).join(' ');
}

/** Whether two addresses' numbers have none in common (a house number, a floor, a flat's). */
function disjoint(a: string, b: string): boolean {
  const theirs = new Set(b.split(' '));
  return !a.split(' ').some((n) => theirs.has(n));
}

export const PRICE_TOLERANCE = 0.05;
/** Floor areas more than this apart (of the larger) are two places. */
export const AREA_TOLERANCE = 0.08;
/** Partner coordinates more than this many kilometres apart are two places. */
export const MAX_KM = 1;

/**
 * The price window a candidate must fall in (blocking): the prices within `PRICE_TOLERANCE` of the
 * larger of the two, as `isSameAd` compares them, so that either ad of a pair finds the other.
 */
export function priceWindow(price: number): [number, number] {
  return [price * (1 - PRICE_TOLERANCE), price / (1 - PRICE_TOLERANCE)];
}

/** Whether two figures are within `tolerance` (a share of the larger) of each other. */
export const near = (a: number, b: number, tolerance: number) => Math.abs(a - b) <= tolerance * Math.max(a, b);

/** Whether two fingerprints of the same block are the same ad (steps 2 and 3 of the rule). */
export function isSameAd(a: Fingerprint, b: Fingerprint): boolean {
  if (a.block !== b.block) return false;
  if (a.price !== null && b.price !== null && !near(a.price, b.price, PRICE_TOLERANCE)) return false;
  if (a.rooms !== null && b.rooms !== null && a.rooms !== b.rooms) return false;
  if (a.baths !== null && b.baths !== null && a.baths !== b.baths) return false;
  if (a.area !== null && b.area !== null && !near(a.area, b.area, AREA_TOLERANCE)) return false;
  if (a.mileage !== null && b.mileage !== null && !near(a.mileage, b.mileage, 0.05)) return false;
  // Two street addresses with no number in common are two places, however alike an agency's template
  // makes their texts ("calle Sueca 12, 2º" and "calle Cádiz 40, 5º"); a partner that leaves out the
  // number, or writes the flat's beside it, still matches.
  if (a.nums !== null && b.nums !== null && disjoint(a.nums, b.nums)) return false;
  let km: number | undefined;
  if (a.lat !== null && a.lng !== null && b.lat !== null && b.lng !== null) {
    km = distanceKm(a.lat, a.lng, b.lat, b.lng);
    if (km > MAX_KM) return false;
  }
  const j = similarity(a.sketch, b.sketch);
  if (j >= 0.75) return true;
  if (j < 0.45) return false;
  const strongArea =
    j >= 0.6 && a.area !== null && b.area !== null && near(a.area, b.area, 0.03) && a.rooms === b.rooms;
  const strongPlace = km !== undefined && km <= 0.15;
  const strongMileage = a.mileage !== null && b.mileage !== null && near(a.mileage, b.mileage, 0.01);
  return strongArea || strongPlace || strongMileage;
}
