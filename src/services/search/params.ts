import qs from 'qs';
import { z } from 'zod';
import { SEARCH_TEXT_MAX } from '../../shared/domain/constants';
import type { Vertical } from '../../../config/verticals';
import { ServiceError, parseInput } from '../jsonapi';
import {
  CAR_TYPES,
  DEAL_TYPES,
  FUELS,
  JOB_CATEGORIES,
  JOB_TYPES,
  PRODUCT_CATEGORIES,
  PROPERTY_TYPES,
  TRANSMISSIONS,
  WORKING_HOURS,
  type RefItem,
} from './reference';
import { KEYWORD_MEMBERS, parseAdFields, type FieldSet } from './present';
import { SORTS, type Sort } from './types';

/**
 * The search calls' query parameters (service-calls spec §7), parsed from the
 * raw query string with `qs` (bracket parameters like `filters[priceMin]` and
 * `page[organic][size]`), whatever query parser the app is configured with.
 * Every failure is a 400 naming the parameter. Objects without a prototype, so that a parameter
 * named like one of Object's members (`filters[constructor]`) is read, and refused, not dropped.
 */
export function rawQuery(originalUrl: string): Record<string, unknown> {
  const q = originalUrl.indexOf('?');
  if (q < 0) return {};
  return qs.parse(originalUrl.slice(q + 1), {
    depth: 3,
    parameterLimit: 300,
    arrayLimit: 50,
    plainObjects: true,
  }) as Record<string, unknown>;
}

const int = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+$/, 'must be an integer')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

const bool = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['true', 'false', '1', '0'].includes(v), 'must be true or false')
  .transform((v) => v === 'true' || v === '1');

/** A date: ISO 8601 (`2025-01-31`, `2025-01-31T10:00:00Z`) or epoch seconds; returns epoch seconds. */
const date = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const seconds = /^\d{9,11}$/.test(v) ? Number(v) : Date.parse(v) / 1000;
    if (!Number.isFinite(seconds) || !/^\d/.test(v)) {
      ctx.addIssue({ code: 'custom', message: 'must be an ISO 8601 date or epoch seconds' });
      return z.NEVER;
    }
    return Math.floor(seconds);
  });

const text = z.string().max(SEARCH_TEXT_MAX);

const pageSchema = z
  .object({
    number: int(1, 10_000).optional(),
    size: int(1, 100).optional(),
    organic: z.object({ size: int(1, 100).optional() }).optional(),
    premium: z.object({ size: int(0, 20).optional() }).optional(),
  })
  .optional();

/** Who calls and from where (spec §7): the search calls' and the ad calls' alike. */
export const callerSchema = {
  countryCode: z.string().max(5).optional(),
  device: z.enum(['mobile', 'desktop', 'tablet']).optional(),
  clientId: z.string().max(100).optional(),
  originId: int(0, 1000).optional(),
  redirect: z
    .object({
      cookieId: z.string().max(200).optional(),
      trackingCode: z.string().max(200).optional(),
      pageViewId: z.string().max(200).optional(),
      suggester: z.string().max(200).optional(),
      userId: z.string().max(200).optional(),
    })
    .optional(),
};

export const searchSchema = z.object({
  ...callerSchema,
  what: text.optional(),
  where: text.optional(),
  dealTypeId: int(0, 1000).optional(),
  categoryId: int(0, 1000).optional(),
  page: pageSchema,
  abTest: z
    .object({
      id: z.string().max(100).optional(),
      option: z.string().max(100).optional(),
      platform: z.string().max(100).optional(),
    })
    .optional(),
  sort: z
    .string()
    .refine((v) => v === '' || (SORTS as readonly string[]).includes(v), `must be one of ${SORTS.join(', ')}`)
    .optional(),
  userCampaignIds: z
    .string()
    .regex(/^\d{1,15}(,\d{1,15}){0,49}$/, 'must be a comma-separated list of at most 50 campaign ids')
    .optional()
    .or(z.literal('')),
  filters: z.record(z.string(), z.unknown()).optional(),
  retrieveKeyword: bool.optional(),
  boostAdsSince: date.optional(),
  /** JSON:API sparse fieldsets: `fields[ads]`, `fields[keyword]` (see `parseFieldsets`). */
  fields: z.record(z.string(), z.string().max(2000, 'is too long')).optional(),
});

export type SearchInput = z.output<typeof searchSchema>;

export interface SearchParams {
  what: string;
  where: string;
  typeId: number | undefined;
  pageNumber: number;
  organicSize: number;
  premiumSize: number;
  device: 'mobile' | 'desktop' | 'tablet';
  sort: Sort;
  userCampaignIds: number[];
  filters: Record<string, unknown>;
  retrieveKeyword: boolean;
  boostAdsSince: number | undefined;
  /** `fields[ads]`: the members of each ad to build (`true`: all). */
  adFields: FieldSet;
  /** `fields[keyword]`: the members of `meta.keyword` to build (undefined: all). */
  keywordFields: ReadonlySet<string> | undefined;
  raw: Record<string, unknown>;
}

export const DEFAULT_ORGANIC_SIZE = 20;
export const DEFAULT_PREMIUM_SIZE = 8;

export const UNKNOWN_DEAL_TYPE = 'unknown deal type (product-spec §3 property type ids)';

/** Whether a homes deal type id is one of product-spec §3's. */
export const isDealType = (id: number): boolean => DEAL_TYPES.some((d) => d.value === id);

/** Parses and checks the search parameters of a site's call. */
export function parseSearchParams(raw: Record<string, unknown>, country: string, vertical: Vertical): SearchParams {
  const input = parseInput(searchSchema, raw);
  checkCountry(input.countryCode, country);
  let typeId: number | undefined;
  if (vertical === 'products') {
    const category = input.categoryId ?? input.dealTypeId;
    if (category !== undefined && category !== 0 && !PRODUCT_CATEGORIES.some((c) => c.value === category)) {
      throw ServiceError.badParameter(
        input.categoryId !== undefined ? 'categoryId' : 'dealTypeId',
        'unknown product category',
      );
    }
    typeId = category === 0 ? undefined : category;
  } else if (vertical === 'homes' && input.dealTypeId !== undefined && input.dealTypeId !== 0) {
    if (!isDealType(input.dealTypeId)) throw ServiceError.badParameter('dealTypeId', UNKNOWN_DEAL_TYPE);
    typeId = input.dealTypeId;
  }
  const page = input.page;
  return {
    what: (input.what ?? '').trim(),
    where: vertical === 'jobs' ? '' : (input.where ?? '').trim(),
    typeId,
    pageNumber: page?.number ?? 1,
    organicSize: page?.organic?.size ?? page?.size ?? DEFAULT_ORGANIC_SIZE,
    premiumSize: page?.premium?.size ?? DEFAULT_PREMIUM_SIZE,
    device: input.device ?? 'mobile',
    sort: (input.sort || 'relevance') as Sort,
    userCampaignIds: input.userCampaignIds ? input.userCampaignIds.split(',').map(Number) : [],
    filters: input.filters ?? {},
    retrieveKeyword: input.retrieveKeyword ?? true,
    boostAdsSince: input.boostAdsSince,
    ...parseFieldsets(input.fields ?? {}),
    raw,
  };
}

/**
 * JSON:API sparse fieldsets (`fields[TYPE]=a,b`): `fields[ads]` names the members of each
 * ad to build (a dotted name is a member of an object member: `location.city`), and
 * `fields[keyword]` the members of `meta.keyword`. Unknown types and unknown members are
 * a 400 naming the parameter and the names; an empty list keeps only type and id.
 */
export function parseFieldsets(fields: Record<string, string>): Pick<SearchParams, 'adFields' | 'keywordFields'> {
  let adFields: FieldSet = true;
  let keywordFields: Set<string> | undefined;
  for (const [type, value] of Object.entries(fields)) {
    const parameter = `fields[${type}]`;
    if (type === 'ads') {
      const parsed = parseAdFields(value);
      if (parsed.unknown.length > 0) {
        throw ServiceError.badParameter(
          parameter,
          `${parameter}: no member ${parsed.unknown.map((n) => `"${n}"`).join(', ')} in an ad`,
        );
      }
      adFields = parsed.fields;
    } else if (type === 'keyword') {
      const names = value
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n !== '');
      const unknown = names.filter((n) => !(KEYWORD_MEMBERS as readonly string[]).includes(n));
      if (unknown.length > 0) {
        throw ServiceError.badParameter(
          parameter,
          `${parameter}: no member ${unknown.map((n) => `"${n}"`).join(', ')} in the keyword object`,
        );
      }
      keywordFields = new Set(names);
    } else {
      throw ServiceError.badParameter(
        parameter,
        `${parameter}: the search calls have fieldsets for ads and keyword only`,
      );
    }
  }
  return { adFields, keywordFields };
}

export function checkCountry(countryCode: string | undefined, country: string): void {
  if (countryCode !== undefined && countryCode !== '' && countryCode.toLowerCase() !== country) {
    throw ServiceError.badParameter('countryCode', `countryCode must be the site's country (${country})`);
  }
}

// ---- filters -------------------------------------------------------------

export type FilterKind = 'place' | 'number' | 'integer' | 'bool' | 'date' | 'coord' | 'enum' | 'list' | 'priceRange';

interface FilterDef {
  kind: FilterKind;
  items?: readonly RefItem<string | number>[];
}

const COMMON: Record<string, FilterDef> = {
  region: { kind: 'place' },
  city: { kind: 'place' },
  cityArea: { kind: 'place' },
  geoId: { kind: 'place' },
  dateFrom: { kind: 'date' },
  decreasePrice: { kind: 'bool' },
  photos: { kind: 'bool' },
  latMin: { kind: 'coord' },
  latMax: { kind: 'coord' },
  longMin: { kind: 'coord' },
  longMax: { kind: 'coord' },
};

export const FILTERS: Record<Vertical, Record<string, FilterDef>> = {
  homes: {
    ...COMMON,
    parking: { kind: 'bool' },
    newBuild: { kind: 'bool' },
    propertyType: { kind: 'enum', items: PROPERTY_TYPES },
    priceMin: { kind: 'number' },
    priceMax: { kind: 'number' },
    areaMin: { kind: 'number' },
    areaMax: { kind: 'number' },
    roomsMin: { kind: 'integer' },
    roomsMax: { kind: 'integer' },
    bathroomsMin: { kind: 'integer' },
    bathroomsMax: { kind: 'integer' },
  },
  cars: {
    ...COMMON,
    make: { kind: 'list' },
    model: { kind: 'list' },
    carType: { kind: 'enum', items: CAR_TYPES },
    transmission: { kind: 'enum', items: TRANSMISSIONS },
    fuel: { kind: 'enum', items: FUELS },
    yearMin: { kind: 'integer' },
    yearMax: { kind: 'integer' },
    mileageMin: { kind: 'integer' },
    mileageMax: { kind: 'integer' },
    doorsMin: { kind: 'integer' },
    doorsMax: { kind: 'integer' },
    price: { kind: 'priceRange' },
    priceMin: { kind: 'number' },
    priceMax: { kind: 'number' },
  },
  jobs: {
    ...COMMON,
    salaryMin: { kind: 'number' },
    salaryMax: { kind: 'number' },
    category: { kind: 'enum', items: JOB_CATEGORIES },
    company: { kind: 'list' },
    jobType: { kind: 'enum', items: JOB_TYPES },
    workingHours: { kind: 'enum', items: WORKING_HOURS },
    experienceMin: { kind: 'integer' },
    telecommute: { kind: 'bool' },
    distance: { kind: 'number' },
  },
  products: {
    ...COMMON,
    priceMin: { kind: 'number' },
    priceMax: { kind: 'number' },
  },
};

/** A filter value after checking: numbers, booleans, lists of values, place references. */
export type FilterValue = number | boolean | string | (string | number)[] | { min?: number; max?: number };

/**
 * Checks `filters[...]` against the vertical's filter keys (product-spec §3,
 * camelCase). Numeric mins and maxes of 0 or below are dropped (spec §5);
 * coordinates keep their sign.
 */
export function parseFilters(raw: Record<string, unknown>, vertical: Vertical): Record<string, FilterValue> {
  const defs = FILTERS[vertical];
  const out: Record<string, FilterValue> = {};
  for (const [name, value] of Object.entries(raw)) {
    const parameter = `filters[${name}]`;
    const def = Object.hasOwn(defs, name) ? defs[name] : undefined; // not `constructor` or other inherited names
    if (!def) throw ServiceError.badParameter(parameter, `${parameter} is not a filter of the ${vertical} vertical`);
    const values = (Array.isArray(value) ? value : [value]).flatMap((v) =>
      typeof v === 'string' ? v.split(',').map((s) => s.trim()) : [v],
    );
    if (values.some((v) => typeof v !== 'string'))
      throw ServiceError.badParameter(parameter, `${parameter} must be a value`);
    const strings = (values as string[]).filter((v) => v !== '');
    if (strings.length === 0) continue;
    const single = (): string => {
      if (strings.length > 1) throw ServiceError.badParameter(parameter, `${parameter} takes one value`);
      return strings[0] as string;
    };
    switch (def.kind) {
      case 'number':
      case 'integer': {
        const v = single();
        const n = Number(v);
        const whole = def.kind === 'integer';
        if (!/^-?\d+(\.\d+)?$/.test(v) || (whole ? !Number.isSafeInteger(n) : !Number.isFinite(n))) {
          throw ServiceError.badParameter(parameter, `${parameter} must be ${whole ? 'an integer' : 'a number'}`);
        }
        if (n > 0) out[name] = n;
        break;
      }
      case 'coord': {
        const v = single();
        const n = Number(v);
        const limit = name.startsWith('lat') ? 90 : 180;
        if (!/^-?\d+(\.\d+)?$/.test(v) || Math.abs(n) > limit) {
          throw ServiceError.badParameter(
            parameter,
            `${parameter} must be a coordinate between -${limit} and ${limit}`,
          );
        }
        out[name] = n;
        break;
      }
      case 'bool': {
        const v = single().toLowerCase();
        if (!['true', 'false', '1', '0'].includes(v))
          throw ServiceError.badParameter(parameter, `${parameter} must be true or false`);
        out[name] = v === 'true' || v === '1';
        break;
      }
      case 'date': {
        const v = single();
        const seconds = /^\d{9,11}$/.test(v) ? Number(v) : Date.parse(v) / 1000;
        if (!Number.isFinite(seconds) || !/^\d/.test(v)) {
          throw ServiceError.badParameter(parameter, `${parameter} must be an ISO 8601 date or epoch seconds`);
        }
        out[name] = Math.floor(seconds);
        break;
      }
      case 'enum': {
        const items = def.items ?? [];
        const picked = strings.map((s) => {
          const item = items.find((i) => String(i.value) === s.toLowerCase());
          if (!item) {
            throw ServiceError.badParameter(
              parameter,
              `${parameter} must be one of ${items.map((i) => String(i.value)).join(', ')}`,
            );
          }
          return item.value;
        });
        out[name] = picked;
        break;
      }
      case 'list':
        if (strings.some((s) => s.length > 100)) throw ServiceError.badParameter(parameter, `${parameter} is too long`);
        out[name] = strings;
        break;
      case 'place': {
        // One place, which a name may give with its region, as the gazetteer's own labels do ("Houston,
        // Texas", "渋谷区、東京都"): its comma is part of it, not a second value.
        const given = (Array.isArray(value) ? value : [value]) as string[];
        if (given.filter((v) => v.trim() !== '').length > 1) {
          throw ServiceError.badParameter(parameter, `${parameter} takes one value`);
        }
        out[name] = given.find((v) => v.trim() !== '')!.trim();
        break;
      }
      case 'priceRange': {
        const v = single();
        const m = /^(\d+(?:\.\d+)?)?-(\d+(?:\.\d+)?)?$/.exec(v) ?? /^()(\d+(?:\.\d+)?)$/.exec(v);
        if (!m) throw ServiceError.badParameter(parameter, `${parameter} must be a range "min-max"`);
        const min = m[1] ? Number(m[1]) : undefined;
        const max = m[2] ? Number(m[2]) : undefined;
        out[name] = { ...(min && min > 0 ? { min } : {}), ...(max && max > 0 ? { max } : {}) };
        break;
      }
    }
  }
  return out;
}
