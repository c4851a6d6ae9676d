import { countryByCode } from '../../../config/countries';
import type { Place } from '../places/Gazetteer';
import { distanceKm } from '../places/Gazetteer';
import { catalogueOf, type CatalogueId } from '../../shared/i18n/regions';
import {
  CAR_TYPES,
  CONDITIONS,
  DEAL_TYPES,
  FUELS,
  JOB_CATEGORIES,
  JOB_TYPES,
  PRODUCT_CATEGORIES,
  PROPERTY_TYPES,
  TRANSMISSIONS,
  WORKING_HOURS,
  labelOf,
  langOf,
  type Lang,
  type RefItem,
} from './reference';
import { WEEKS_PER_MONTH } from './currencies';
import type { SiteKey, StoredAd } from './types';

/** Section ids of product-spec §3 "Reference data" used by the search calls. */
export const SECTION = {
  results: 1,
  onlyNew: 6,
  premiumTop: 26,
  landing: 97,
  duplicatesMobile: 149,
  duplicatesDesktop: 157,
  similar: 190,
  fewResultsAlternative: 206,
  fewResultsSimilar: 207,
  expired: 5,
} as const;

export const SECTION_TYPE = { unknown: 0, organic: 1, premium: 2 } as const;

/** Ads younger than this are `fresh`. */
export const FRESH_SECONDS = 2 * 24 * 3600;

export interface SiteContext {
  site: SiteKey;
  locale: string;
  /** The site's language: its stop words, its "in <place>", its plural forms. */
  lang: Lang;
  /** The site's catalogue, its language's or its region's (decision 080): the labels and nouns it reads. */
  wording: CatalogueId;
  currency: string;
  now: number;
  /**
   * The gazetteer's name of a place today, by id: an ad keeps the names of its places as they were
   * when it was written, and a place's shown name can change since (decision 077).
   */
  placeName?: (id: number) => string | undefined;
}

const formats = new Map<string, Intl.NumberFormat>();

export function siteContext(site: SiteKey, now: number): SiteContext {
  const def = countryByCode(site.country);
  const locale = def?.locale ?? 'en-GB';
  return { site, locale, lang: langOf(locale), wording: catalogueOf(locale), currency: def?.currency ?? 'EUR', now };
}

export function formatPrice(value: number, currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 });
    formats.set(key, f);
  }
  return f.format(value);
}

export interface Placement {
  sectionId: number;
  sectionTypeId: number;
  position: number;
  isAlternativeAd?: boolean;
  isSimilarContentAd?: boolean;
  totalSources?: number;
  from?: Place | undefined;
  listing?: boolean;
  device?: string;
}

/** True when the ad's source runs an active campaign. */
export function isPremium(ad: StoredAd): boolean {
  return ad.source?.campaigns.some((c) => c.active) ?? false;
}

/**
 * A sparse fieldset of the `ads` resource (JSON:API `fields[ads]`): `true` for a whole
 * member, or the members wanted of an object member (`location.city` → `{ location: { city: true } }`).
 */
export type FieldSet = true | { readonly [member: string]: FieldSet };

/** Members of a search document's `meta.keyword` (SearchEngine `keyword`), in the order they are written. */
export const KEYWORD_MEMBERS = [
  'redirectWhat',
  'redirectWhere',
  'empty',
  'what',
  'url',
  'whatSearch',
  'where',
  'didYouMeanWhat',
  'region',
  'city',
  'cityArea',
  'geoInfo',
  'make',
  'model',
  'categoryTypeId',
  'similarKeywords',
  'breadcrumb',
  'hierarchy',
] as const;

/** Members of `vertical_properties` every ad has; the rest are its vertical's own (`verticalFields`). */
const COMMON_VERTICAL_MEMBERS = [
  'images',
  'totalImages',
  'ecoScore',
  'price',
  'typeId',
  'address',
  'amenities',
  'geoOsm',
];

/** The vertical members an ad may carry, beside the common ones (types.ts and `verticalFields` below). */
const VERTICAL_MEMBERS = [
  // homes
  'propertyType',
  'rooms',
  'bathrooms',
  'floorArea',
  'plotArea',
  'parking',
  'newBuilding',
  'year',
  'orientation',
  'furnished',
  'rentToOwn',
  'floorNumber',
  'overseas',
  'foreclosure',
  'condition',
  'conditionLabel',
  'byOwner',
  'propertyTypeLabel',
  'typeLabel',
  'priceMeter',
  // cars
  'make',
  'model',
  'mileage',
  'doors',
  'type',
  'power',
  'fuel',
  'transmission',
  'color',
  'sizeEngine',
  'seats',
  'gears',
  'guarantee',
  'co2Emissions',
  'fuelConsumption',
  'bestValue',
  'fuelLabel',
  'transmissionLabel',
  // jobs
  'salary',
  'salaryText',
  'studies',
  'category',
  'telecommute',
  'jobType',
  'workingHours',
  'experience',
  'company',
  'requirements',
  'vacancies',
  'categoryLabel',
  'jobTypeLabel',
  'workingHoursLabel',
  // products
  'categoryId',
];

const leaves = (names: readonly string[]): Record<string, true> => Object.fromEntries(names.map((n) => [n, true]));

/**
 * Every member of an ad resource's attributes, in the order they are written, with the
 * members of its object members that a fieldset may name (`source.ad.url`); a member
 * mapped to `true` is named whole only.
 */
export const AD_MEMBERS: { readonly [member: string]: FieldSet } = {
  ...leaves([
    'date',
    'timeAgoSeconds',
    'title',
    'description',
    'descriptionOriginal',
    'url',
    'redirectUrl',
    'premium',
    'fresh',
    'expired',
    'expirationDate',
    'section_id',
    'section_type_id',
    'isAlternativeAd',
    'isSimilarContentAd',
    'position',
    'visitCount',
    'distanceFromWhere',
    'totalSources',
  ]),
  attributes: leaves(['date', 'vertical_properties']),
  location: leaves(['latitude', 'longitude', 'cityInfo', 'city', 'cityArea', 'region', 'postalCode', 'geoIds']),
  source: {
    ...leaves(['id', 'name', 'image']),
    ad: leaves([
      'id',
      'url',
      'hasAdpageForm',
      'contactEmail',
      'contactPhone',
      'campaignIds',
      'cpcMobile',
      'cpcDesktop',
    ]),
  },
  site: leaves(['countryCode', 'vertical']),
  vertical_properties: leaves([...COMMON_VERTICAL_MEMBERS, ...VERTICAL_MEMBERS]),
};

/**
 * Parses a `fields[ads]` value (comma-separated member names, dotted for a member of an
 * object member: `title,location.city`) against AD_MEMBERS; returns the unknown names
 * as `unknown` (the caller answers 400 naming them).
 */
export function parseAdFields(value: string): { readonly fields: FieldSet; readonly unknown: readonly string[] } {
  // Callers send the same few lists again and again (a results page always the same one).
  let parsed = parsedAdFields.get(value);
  if (!parsed) {
    parsed = parseAdFieldsUncached(value);
    if (parsedAdFields.size >= PARSED_AD_FIELDS) parsedAdFields.clear();
    parsedAdFields.set(value, parsed);
  }
  return parsed;
}

/** How many `fields[ads]` lists a process keeps parsed. */
const PARSED_AD_FIELDS = 100;
const parsedAdFields = new Map<string, { fields: FieldSet; unknown: string[] }>();

function parseAdFieldsUncached(value: string): { fields: FieldSet; unknown: string[] } {
  const fields: Record<string, FieldSet> = {};
  const unknown: string[] = [];
  for (const raw of value.split(',')) {
    const name = raw.trim();
    if (name === '') continue;
    const path = name.split('.');
    let known: FieldSet | undefined = AD_MEMBERS;
    for (const part of path) {
      known = known === true || known === undefined || !Object.hasOwn(known, part) ? undefined : known[part];
    }
    if (known === undefined) {
      unknown.push(name);
      continue;
    }
    let node = fields;
    for (let i = 0; i < path.length; i++) {
      const part = path[i] as string;
      const existing: FieldSet | undefined = node[part];
      if (existing === true) break;
      if (i === path.length - 1) {
        node[part] = true;
        break;
      }
      const next: Record<string, FieldSet> = existing ?? {};
      node[part] = next;
      node = next;
    }
  }
  return { fields, unknown };
}

/** The members of `value` that `fields` names, in `value`'s order. */
function pick(value: Record<string, unknown>, fields: FieldSet): Record<string, unknown> {
  if (fields === true) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const wanted = fields[key];
    if (wanted === undefined) continue;
    const v = value[key];
    out[key] =
      wanted === true || v === null || typeof v !== 'object' || Array.isArray(v)
        ? v
        : pick(v as Record<string, unknown>, wanted);
  }
  return out;
}

/** Everything an attribute of one ad is built from. */
interface Presenting {
  ad: StoredAd;
  ctx: SiteContext;
  placement: Placement;
  iso: string;
}

type MemberBuilder = (p: Presenting, fields: FieldSet) => unknown;

/**
 * A rent given by the week (`isWeekly`), as each language writes its period after the figure: the card,
 * the ad page and the alert mails show the formatted price, which says it ("£250 per week").
 */
const PER_WEEK: Record<Lang, (price: string) => string> = {
  en: (p) => `${p} per week`,
  es: (p) => `${p}/semana`,
  it: (p) => `${p}/settimana`,
  fr: (p) => `${p}/semaine`,
  de: (p) => `${p}/Woche`,
  pt: (p) => `${p}/semana`,
  nl: (p) => `${p} per week`,
  ar: (p) => `${p} أسبوعيًا`,
  cs: (p) => `${p}/týden`,
  da: (p) => `${p}/uge`,
  hu: (p) => `${p}/hét`,
  id: (p) => `${p}/minggu`,
  ja: (p) => `${p}/週`,
  nb: (p) => `${p}/uke`,
  pl: (p) => `${p}/tydzień`,
  ro: (p) => `${p}/săptămână`,
  ru: (p) => `${p} в неделю`,
  sv: (p) => `${p}/vecka`,
  th: (p) => `${p}/สัปดาห์`,
  tr: (p) => `${p}/hafta`,
  uk: (p) => `${p} на тиждень`,
  vi: (p) => `${p}/tuần`,
  zh: (p) => `${p}/周`,
};

/** The longest salary as written that a price's line shows whole (decision 097); the ad page shows any. */
const SALARY_LINE = 40;

/** A text cut to a price's line at a word, with an ellipsis when cut. */
function priceLine(text: string): string {
  if (text.length <= SALARY_LINE) return text;
  const cut = text.slice(0, SALARY_LINE);
  const word = cut.lastIndexOf(' ');
  const line = word > SALARY_LINE / 2 ? cut.slice(0, word) : cut.slice(0, SALARY_LINE - 1);
  // Never half a character (an emoji's surrogate pair) nor a dangling sign.
  return `${line.replace(/[\ud800-\udbff]$/, '').replace(/[\s,;:(+/–-]+$/, '')}…`;
}

function formattedPrice(ad: StoredAd, ctx: SiteContext): Record<string, unknown> | null {
  const price = ad.price;
  if (!price) return null;
  const formatted = (value: number): string => {
    const text = formatPrice(value, ad.currency, ctx.locale);
    return price.isWeekly ? PER_WEEK[ctx.lang](text) : text;
  };
  // A job's salary as its partner wrote it ("£45,000 - £55,000 per year", "£2,000 per month"), cut to a
  // price's line: the yearly lower bound it is sorted by would misreport a range or a monthly pay. Words
  // with no figure ("Competitive") leave the figure the partner gave.
  const written = ad.jobs?.salaryText;
  return {
    value: price.value,
    valueFormatted: written !== undefined && /\d/.test(written) ? priceLine(written) : formatted(price.value),
    oldValue: price.oldValue ?? null,
    oldValueFormatted: price.oldValue !== undefined ? formatted(price.oldValue) : null,
    isWeekly: price.isWeekly ?? false,
    currency: ad.currency,
    history: price.history ?? [],
  };
}

/** `vertical_properties`: the common members built one by one, the vertical's own only when named. */
function verticalProperties({ ad, ctx }: Presenting, fields: FieldSet): Record<string, unknown> {
  const l = ad.location;
  const common: Record<string, () => unknown> = {
    images: () => ad.images,
    totalImages: () => ad.images.length,
    ecoScore: () => ad.ecoScore ?? null,
    price: () => formattedPrice(ad, ctx),
    typeId: () => ad.typeId ?? null,
    address: () => l.address ?? null,
    amenities: () => ad.amenities ?? [],
    geoOsm: () =>
      l.latitude !== undefined && l.longitude !== undefined ? { lat: l.latitude, lon: l.longitude } : null,
  };
  const out: Record<string, unknown> = {};
  for (const name of COMMON_VERTICAL_MEMBERS) {
    if (fields === true || fields[name] !== undefined) out[name] = (common[name] as () => unknown)();
  }
  if (fields === true) return Object.assign(out, verticalFields(ad, ctx.wording));
  if (Object.keys(fields).some((name) => !COMMON_VERTICAL_MEMBERS.includes(name))) {
    const own = verticalFields(ad, ctx.wording);
    for (const name of Object.keys(own)) if (fields[name] !== undefined) out[name] = own[name];
  }
  return out;
}

/** Each attribute of an ad resource, in the order they are written (product-spec §3 "Ad"). */
const MEMBERS: ReadonlyArray<[string, MemberBuilder]> = [
  ['date', (p) => p.iso],
  ['timeAgoSeconds', ({ ad, ctx }) => Math.max(0, Math.floor(ctx.now - ad.date))],
  ['title', ({ ad }) => ad.title],
  [
    'description',
    ({ ad, placement }) =>
      placement.listing && ad.description.length > 280 ? `${ad.description.slice(0, 277)}...` : ad.description,
  ],
  ['descriptionOriginal', ({ ad }) => ad.description],
  ['url', ({ ad }) => ad.url],
  ['redirectUrl', ({ ad }) => ad.url],
  ['premium', ({ ad }) => isPremium(ad)],
  ['fresh', ({ ad, ctx }) => ctx.now - ad.date < FRESH_SECONDS],
  ['expired', ({ ad }) => ad.expired],
  // The partner's `expiration_date`: when the ad leaves search (a job's closing date).
  ['expirationDate', ({ ad }) => (ad.expiresAt !== undefined ? new Date(ad.expiresAt * 1000).toISOString() : null)],
  ['section_id', ({ placement }) => placement.sectionId],
  ['section_type_id', ({ placement }) => placement.sectionTypeId],
  ['isAlternativeAd', ({ placement }) => placement.isAlternativeAd ?? false],
  ['isSimilarContentAd', ({ placement }) => placement.isSimilarContentAd ?? false],
  ['position', ({ placement }) => placement.position],
  ['visitCount', () => 0],
  [
    'distanceFromWhere',
    ({ ad, placement }) => {
      const l = ad.location;
      return placement.from && l.latitude !== undefined && l.longitude !== undefined
        ? Math.round(distanceKm(placement.from.lat, placement.from.lng, l.latitude, l.longitude) * 10) / 10
        : null;
    },
  ],
  ['totalSources', ({ placement }) => placement.totalSources ?? 1],
  [
    'attributes',
    ({ ad, iso }, fields) =>
      pick({ date: iso, vertical_properties: { price: { value: ad.price?.value ?? null } } }, fields),
  ],
  [
    'location',
    ({ ad, ctx }, fields) => {
      const l = ad.location;
      const named = (id: number | undefined, stored: string | undefined) =>
        (id !== undefined ? ctx.placeName?.(id) : undefined) ?? stored ?? null;
      const city = named(l.cityId, l.city);
      return pick(
        {
          latitude: l.latitude ?? null,
          longitude: l.longitude ?? null,
          cityInfo: l.cityId !== undefined ? { id: l.cityId, name: city, regionId: l.regionId ?? null } : null,
          city,
          cityArea: named(l.cityAreaId, l.cityArea),
          region: named(l.regionId, l.region),
          postalCode: l.postalCode ?? null,
          geoIds: { region: l.regionId ?? null, city: l.cityId ?? null, cityArea: l.cityAreaId ?? null },
        },
        fields,
      );
    },
  ],
  [
    'source',
    ({ ad }, fields) => {
      const wantsAd = fields === true || fields.ad !== undefined;
      const campaigns = wantsAd ? (ad.source?.campaigns ?? []).filter((c) => c.active) : [];
      return pick(
        {
          id: ad.sourceId,
          name: ad.source?.name ?? null,
          image: ad.source?.image ?? null,
          ad: wantsAd
            ? {
                id: ad.partnerAdId,
                url: ad.url,
                hasAdpageForm: ad.source?.hasAdpageForm ?? false,
                contactEmail: ad.source?.contactEmail ?? null,
                contactPhone: ad.source?.contactPhone ?? null,
                campaignIds: campaigns.map((c) => c.id),
                cpcMobile: campaigns[0]?.cpcMobile ?? 0,
                cpcDesktop: campaigns[0]?.cpcDesktop ?? 0,
              }
            : null,
        },
        fields,
      );
    },
  ],
  ['site', ({ ad }, fields) => pick({ countryCode: ad.country, vertical: ad.vertical }, fields)],
  ['vertical_properties', verticalProperties],
];

/**
 * An ad as a JSON:API resource object: every field of the Ad entity (product-spec §3), or,
 * with a sparse fieldset (`fields[ads]`), only the members it names, built and nothing else.
 */
export function adResource(
  ad: StoredAd,
  ctx: SiteContext,
  placement: Placement,
  fields: FieldSet = true,
): Record<string, unknown> {
  const p: Presenting = { ad, ctx, placement, iso: new Date(ad.date * 1000).toISOString() };
  const attributes: Record<string, unknown> = {};
  for (const [name, build] of MEMBERS) {
    const wanted = fields === true ? true : fields[name];
    if (wanted !== undefined) attributes[name] = build(p, wanted);
  }
  return { type: 'ads', id: ad.id, attributes };
}

function verticalFields(ad: StoredAd, wording: CatalogueId): Record<string, unknown> {
  if (ad.homes) {
    const h = ad.homes;
    return {
      ...h,
      propertyTypeLabel: labelOf(PROPERTY_TYPES, h.propertyType, wording),
      typeLabel: ad.typeId !== undefined ? labelOf(DEAL_TYPES, ad.typeId, wording) : null,
      conditionLabel: h.condition ? labelOf(CONDITIONS, h.condition, wording) : null,
      parking: h.parking ?? false,
      newBuilding: h.newBuilding ?? false,
      // By the month, as the price-per-metre sorts compare it (a weekly rent's too).
      priceMeter:
        ad.price && h.floorArea
          ? Math.round((ad.price.value * (ad.price.isWeekly ? WEEKS_PER_MONTH : 1)) / h.floorArea)
          : null,
    };
  }
  if (ad.cars) {
    const c = ad.cars;
    return {
      ...c,
      typeLabel: c.type ? labelOf(CAR_TYPES, c.type, wording) : null,
      fuelLabel: c.fuel ? labelOf(FUELS, c.fuel, wording) : null,
      transmissionLabel: c.transmission ? labelOf(TRANSMISSIONS, c.transmission, wording) : null,
    };
  }
  if (ad.jobs) {
    const j = ad.jobs;
    return {
      ...j,
      categoryLabel: knownLabel(JOB_CATEGORIES, j.category, wording),
      jobTypeLabel: j.jobType ? labelOf(JOB_TYPES, j.jobType, wording) : null,
      workingHoursLabel: j.workingHours ? labelOf(WORKING_HOURS, j.workingHours, wording) : null,
    };
  }
  if (ad.products) {
    return {
      categoryId: ad.products.categoryId,
      categoryLabel: knownLabel(PRODUCT_CATEGORIES, ad.products.categoryId, wording),
    };
  }
  return {};
}

/**
 * A category's label, or null for one the site does not list: a partner's category that maps onto none
 * is stored as 0 (its text kept among the ad's attributes), which a visitor must not read as "0".
 */
function knownLabel(items: readonly RefItem<number>[], value: number, wording: CatalogueId): string | null {
  return items.find((i) => i.value === value)?.labels[wording] ?? null;
}
