import { countryByCode } from '../../../config/countries';
import type { AdInput, SiteKey } from '../search/types';
import type { RawField, RawRecord } from './feedRecords';
import type { PlaceResolver } from './placeResolver';
import {
  KIND_OF_TYPE,
  RENT_TYPES,
  carMakeModel,
  carTypeOf,
  fuelOf,
  homeTypeId,
  jobCategoryOf,
  jobTypeOf,
  productCategoryIds,
  propertyKind,
  transmissionOf,
  workingHoursOf,
} from './vocabulary';
import { inSiteCurrency, UNITS_PER_EUR } from '../search/currencies';
import { fuelMeasureOf } from '../../shared/domain/units';
import {
  enumKey,
  groupsThousandsWithDots,
  parseAmount,
  parseArea,
  parseBoolean,
  parseCoordinate,
  parseCount,
  parseDate,
  parseKilometres,
  parseLitresPer100Km,
  parseNumber,
  parseUrl,
  scalePower,
  toPlainText,
} from './values';

/**
 * One feed record → the ad we index, or the reason it is rejected.
 *
 * Liberal in what it accepts (names and enumerations in any case, the date,
 * boolean and number forms real feeds use, units converted), strict in what
 * it indexes: a record without `id`, an http(s) `url`, a `title` and a
 * `content` of at least 30 characters of text (or without its vertical's
 * required field) is rejected; an optional value that cannot be read or is
 * outside the plausible range of partner-feeds.md is left out of the indexed
 * fields and kept, as the partner wrote it, in `feedAttributes` (with a
 * warning). See docs/decisions/040-feed-mapping.md.
 */

export interface MapContext {
  site: SiteKey;
  sourceId: number;
  /** Epoch seconds of the import. */
  now: number;
  places: PlaceResolver;
}

export interface FieldWarning {
  field: string;
  reason: string;
}

export type MapResult =
  | {
      ok: true;
      ad: AdInput;
      /** False when the feed gave no (readable) date: the importer keeps the stored one, or uses now. */
      dateGiven: boolean;
      warnings: FieldWarning[];
    }
  | { ok: false; partnerAdId: string | undefined; reason: string };

export const MIN_CONTENT = 30;
const MAX_TITLE = 300;
const MAX_CONTENT = 20_000;
const MAX_ATTRIBUTE = 500;
/** The characters of a field read (`Reader.text`): a title or a list of features has far fewer. */
const MAX_FIELD_CHARS = 4000;
/** The longest studies line a job's facts show. */
const MAX_STUDIES = 200;
const MAX_IMAGES = 40;

/** Fields every vertical reads (the rest go to `feedAttributes` unless the vertical reads them). */
const COMMON_FIELDS = new Set([
  'id',
  'url',
  'title',
  'content',
  'description',
  'date',
  'expiration_date',
  'price',
  'address',
  'neighborhood',
  'city_area',
  'city',
  'region',
  'postcode',
  'postal_code',
  'post_code',
  'zip_code',
  'latitude',
  'longitude',
  'eco_score',
  'picture_url',
  'picture_title',
  'pictures',
  'picture',
]);

/** The homes flags read as booleans: feed field → `AdInput.homes` key. */
const HOME_FLAGS: readonly (readonly [string, keyof NonNullable<AdInput['homes']>])[] = [
  ['parking', 'parking'],
  ['is_new', 'newBuilding'],
  ['is_furnished', 'furnished'],
  ['is_rent_to_own', 'rentToOwn'],
  ['by_owner', 'byOwner'],
  ['foreclosure', 'foreclosure'],
];

/** Fields a vertical keeps in `feedAttributes` even when they are common or read. */
const EXTRA_FIELDS: Record<'homes' | 'cars' | 'jobs' | 'products', ReadonlySet<string>> = {
  homes: new Set([
    'foreclosure_type',
    'agency',
    'mls_database',
    'virtual_tour',
    'country',
    'contact_name',
    'contact_email',
    'contact_telephone',
    'mobile_url',
  ]),
  cars: new Set(['cylinders', 'is_new', 'dealer', 'vin_database', 'mobile_url']),
  jobs: new Set(['time', 'mobile_url']),
  products: new Set(['make', 'model', 'mobile_url']),
};
const NO_EXTRA: ReadonlySet<string> = new Set();

/**
 * The field names a record's mapping read: one map for every record, each name marked with the
 * record's generation (no set built per record; the mapping is synchronous).
 */
class UsedNames {
  private readonly marks = new Map<string, number>();
  private generation = 0;

  /** Forgets the names of the previous record. */
  next(): this {
    this.generation++;
    if (this.marks.size > 10_000) this.marks.clear();
    return this;
  }

  add(name: string): void {
    this.marks.set(name, this.generation);
  }

  has(name: string): boolean {
    return this.marks.get(name) === this.generation;
  }

  delete(name: string): void {
    if (this.has(name)) this.marks.set(name, -1);
  }
}

const USED_NAMES = new UsedNames();

class Reader {
  readonly used = USED_NAMES.next();
  readonly warnings: FieldWarning[] = [];
  /** Values kept as the partner wrote them (not used, or used only in part). */
  readonly kept = new Map<string, string>();

  constructor(readonly record: RawRecord) {}

  field(name: string): RawField | undefined {
    this.used.add(name);
    return this.record.fields.get(name);
  }

  /** Trimmed text of a field; undefined when absent or blank. */
  /**
   * A field's text, trimmed; its first `max` characters (a value no field needs more of, read by patterns
   * whose time would grow with the square of a 30,000-character figure), but a description's whole.
   */
  text(name: string, max = MAX_FIELD_CHARS): string | undefined {
    const raw = this.field(name)?.text;
    if (raw === undefined) return undefined;
    const t = raw.length > max ? raw.trimStart().slice(0, max).trimEnd() : raw.trim();
    return t ? t : undefined;
  }

  /** Single-line plain text of a field. */
  plain(name: string, max = MAX_ATTRIBUTE): string | undefined {
    // Whole before it is made plain (a list's markup may be most of it), which takes time in proportion.
    const t = this.text(name, Infinity);
    if (t === undefined) return undefined;
    const p = toPlainText(t, false).slice(0, max);
    return p || undefined;
  }

  keep(name: string, reason: string): void {
    const t = this.record.fields.get(name)?.text.trim();
    if (t) this.kept.set(name, toPlainText(t, false).slice(0, MAX_ATTRIBUTE));
    this.warnings.push({ field: name, reason });
  }

  /** A number within [min, max]; out of range or unreadable → kept and undefined. */
  number(name: string, min: number, max: number, value?: number): number | undefined {
    const raw = this.text(name);
    if (raw === undefined) return undefined;
    const n = value ?? parseNumber(raw);
    if (n === undefined) {
      this.keep(name, `not a number: "${raw.slice(0, 40)}"`);
      return undefined;
    }
    if (n < min || n > max) {
      this.keep(name, `${n} is out of range ${min}–${max}`);
      return undefined;
    }
    return n;
  }

  /**
   * An area field in square metres within [min, max]; a unit it cannot read is kept and warned, never
   * taken for metres. "85.500" is 85,500 where dots group thousands, but no flat is: as with prices,
   * the reading in range.
   */
  area(name: string, min: number, max: number, dots: boolean): number | undefined {
    const field = this.field(name);
    let read = parseArea(field?.text, field?.attrs.unit, dots);
    if (typeof read === 'object') {
      this.keep(name, `unknown unit "${read.unit}"`);
      return undefined;
    }
    if (dots && read !== undefined && (read < min || read > max)) {
      const decimal = parseArea(field?.text, field?.attrs.unit, false);
      if (typeof decimal === 'number' && decimal >= min && decimal <= max) read = decimal;
    }
    return this.number(name, min, max, read);
  }

  bool(name: string): boolean | undefined {
    const raw = this.text(name);
    if (raw === undefined) return undefined;
    const b = parseBoolean(raw);
    if (b === undefined) {
      const n = parseNumber(raw);
      if (n !== undefined) return n > 0;
      this.keep(name, `not a boolean: "${raw.slice(0, 40)}"`);
    }
    return b;
  }

  /** An enumerated value through `map`; unknown → kept. */
  enumerated<V>(name: string, map: (v: string) => V | undefined): V | undefined {
    const raw = this.plain(name);
    if (raw === undefined) return undefined;
    const v = map(raw);
    if (v === undefined) this.keep(name, `unknown value "${raw.slice(0, 40)}"`);
    return v;
  }
}

/** Whether no featured picture comes after one that is not (the order the sort would give). */
function featuredFirst(pictures: readonly RawRecord['pictures'][number][]): boolean {
  let plain = false;
  for (const p of pictures) {
    if (p.featured === true) {
      if (plain) return false;
    } else plain = true;
  }
  return true;
}

let lastNow = NaN;
let lastYear = 0;

/** The UTC year of an epoch second (the import's: the same for every record). */
function yearOf(now: number): number {
  if (now !== lastNow) {
    lastNow = now;
    lastYear = new Date(now * 1000).getUTCFullYear();
  }
  return lastYear;
}

/**
 * The year in a year's text: its four-digit figure, where a partner wrote a month or a day with it
 * ("03/2019", "12.2018", "01/03/2019", "Marzo 2019"); else the text's number.
 */
function yearIn(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const four = /(?<!\d)(1[7-9]\d\d|2[01]\d\d)(?!\d)/.exec(text);
  return four ? Number(four[1]) : parseNumber(text);
}

/** Characters of a rejected record's id in the report (an id over 200 is rejected, and may be any length). */
const REPORTED_ID_LENGTH = 80;

function reject(record: RawRecord, reason: string): MapResult {
  const id = record.fields.get('id')?.text.trim() || undefined;
  const shown = id && id.length > REPORTED_ID_LENGTH ? `${id.slice(0, REPORTED_ID_LENGTH)}…` : id;
  return { ok: false, partnerAdId: shown, reason };
}

interface PriceContext {
  r: Reader;
  ad: AdInput;
  field: RawField | undefined;
  /** Units of the ad's currency per euro. */
  rate: number;
  currency: string;
  /** The site's numbers group thousands with dots ("250.000"). */
  dots: boolean;
}

/**
 * The feed's price: monthly/weekly/daily (daily becomes weekly), within [min, max] euros. A
 * function of the module, not a closure made per record (under tsx each is an `Object.defineProperty`).
 */
function priceInRange(value: number, min: number, max: number): boolean {
  return value > 0 && value >= min && value <= max;
}

function readPrice(
  { r, ad, field: priceField, rate, currency, dots }: PriceContext,
  min: number,
  max: number,
  sold = false,
): void {
  if (!priceField || !priceField.text.trim()) return;
  const value = parseAmount(priceField.text, dots);
  if (value === undefined) {
    r.keep('price', `not a number: "${priceField.text.trim().slice(0, 40)}"`);
    return;
  }
  const period = enumKey(priceField.attrs.period ?? pricePeriodInText(priceField.text));
  // A car or a thing is sold: a price by the month ("Desde 349 €/mes", "£329 pm") is a lease's or a
  // loan's instalment, which no filter or sort may take for what the car costs.
  const per = PERIOD_NOUN[period] ?? (YEARLY.has(period) ? 'year' : undefined);
  if (sold && per !== undefined) {
    r.keep('price', `a price by the ${per} ("${priceField.text.trim().slice(0, 40)}"), not the price`);
    return;
  }
  const weekly = period === 'weekly' || period === 'week' || period === 'daily' || period === 'day';
  const days = period === 'daily' || period === 'day' ? 7 : 1;
  // A yearly rent (the usual one in the Gulf) is indexed by the month, as the others.
  const months = YEARLY.has(period) ? 12 : 1;
  let v = (value * days) / months;
  if (!priceInRange(v, min * rate, max * rate)) {
    // "250.000" is 250 as the format reads it (a dot is a decimal point), which no price is;
    // partners who group thousands with dots mean 250,000, which is one.
    const grouped = parseAmount(priceField.text, true);
    const thousands = grouped !== undefined && grouped !== value ? (grouped * days) / months : undefined;
    if (thousands !== undefined && priceInRange(thousands, min * rate, max * rate)) v = thousands;
  }
  if (!priceInRange(v, min * rate, max * rate)) {
    const read = months > 1 ? `${value} a year` : `${value}`;
    r.keep('price', `${read} is out of range ${Math.round(min * rate)}–${Math.round(max * rate)} ${currency}`);
    return;
  }
  ad.price = { value: Math.round(v * 100) / 100, ...(weekly ? { isWeekly: true } : {}) };
  if (period && !['monthly', 'month', 'weekly', 'week'].includes(period)) r.kept.set('price_period', period);
  if (months > 1) r.kept.set('price', priceField.text.trim().slice(0, MAX_ATTRIBUTE));
}

/** A price period's noun in a rejection's reason. */
const PERIOD_NOUN: Readonly<Record<string, string>> = {
  monthly: 'month',
  month: 'month',
  weekly: 'week',
  week: 'week',
  daily: 'day',
  day: 'day',
  yearly: 'year',
  year: 'year',
};

const YEARLY = new Set(['yearly', 'year', 'annual', 'annually', 'anual', 'annuel', 'jahrlich', 'annuale']);

/**
 * The `period` a price's text names right after its figure ("£400 per week", "1.200 €/mes", "£1,500
 * pcm"), before a comma or bracket ("250.000 € (año 2005)" names none) or another figure ("£12,995 or
 * £199 per month" names none), if any.
 */
function pricePeriodInText(text: string): string {
  if (!/[a-z]/i.test(text)) return '';
  const figure = FIGURE.exec(text);
  if (!figure) return '';
  const words = enumKey(text.slice(figure.index + figure[0].length).split(/[,;(]/)[0] ?? '').split(' ');
  for (const word of words) {
    // A period after another figure is that figure's ("£12,995 or £199 per month" is a price, not a rent).
    if (/^\d/.test(word)) return '';
    const period = PRICE_PERIODS.get(SALARY_PERIOD.get(word) ?? 0);
    if (period) return period;
  }
  return '';
}

/** A price's `period` by the periods in a year its word names (an hour is no price's). */
const PRICE_PERIODS = new Map([
  [260, 'daily'],
  [52, 'weekly'],
  [12, 'monthly'],
  [1, 'yearly'],
]);

/** Currencies a price's text names explicitly ("US$ 450,000", "450.000 EUR"), by their marks. */
const CURRENCY_MARKS: readonly [RegExp, string][] = [
  [/(^|[^A-Z])(US\$|U\$S|USD)/i, 'USD'],
  [/€|(^|[^A-Z])EUR($|[^A-Z])/i, 'EUR'],
  [/£|(^|[^A-Z])GBP($|[^A-Z])/i, 'GBP'],
  [/(^|[^A-Z])AR\$|(^|[^A-Z])ARS($|[^A-Z])/i, 'ARS'],
  [/(^|[^A-Z])R\$|(^|[^A-Z])BRL($|[^A-Z])/i, 'BRL'],
  // The other dollars, by the letters written before their sign ("A$90,000" is not US dollars).
  [/(^|[^A-Z])AU?\$/i, 'AUD'],
  [/(^|[^A-Z])CA?\$/i, 'CAD'],
  [/(^|[^A-Z])NZ\$/i, 'NZD'],
  [/(^|[^A-Z])HK\$/i, 'HKD'],
  [/(^|[^A-Z])SG?\$/i, 'SGD'],
  [/(^|[^A-Z])NT\$/i, 'TWD'],
  [/(^|[^A-Z])MX\$/i, 'MXN'],
];

/**
 * A field's `currency` attribute, when it is a currency the site can price in (`UNITS_PER_EUR`). Any
 * other ("XYZ", "euros") is kept in the ad's attributes and warned, and the field's text or the site
 * says the currency: an unknown code, taken as it was, priced the ad as if in euros for the filters.
 */
function currencyAttribute(r: Reader, name: string): string | undefined {
  const raw = r.field(name)?.attrs.currency?.trim();
  if (!raw) return undefined;
  const code = raw.toUpperCase();
  if (/^[A-Z]{3}$/.test(code) && UNITS_PER_EUR[code] !== undefined) return code;
  r.kept.set(`${name}_currency`, raw.slice(0, 40));
  r.warnings.push({
    field: name,
    reason: `unknown currency "${raw.slice(0, 40)}": read in the one its text names, or the site's`,
  });
  return undefined;
}

/**
 * The currency a price's text names, when it names one (else undefined: the attribute's or the site's).
 * A bare "$" is the site's own where its money is written so (pesos, Australian dollars), else dollars.
 */
function currencyInText(text: string | undefined, siteCurrency: string, locale: string): string | undefined {
  if (!text || !/[^\d\s.,]/.test(text)) return undefined;
  for (const [re, code] of CURRENCY_MARKS) if (re.test(text)) return code;
  const code = /(?:^|[^A-Za-z])([A-Z]{3})(?:$|[^A-Za-z])/.exec(text)?.[1];
  if (code !== undefined && UNITS_PER_EUR[code] !== undefined) return code;
  return text.includes('$') && !currencySigns(siteCurrency, locale).includes('$') ? 'USD' : undefined;
}

export function mapRecord(record: RawRecord, ctx: MapContext): MapResult {
  if (record.error !== undefined) return reject(record, record.error);
  const r = new Reader(record);
  const id = r.text('id');
  if (!id) return reject(record, 'missing id');
  if (id.length > 200) return reject(record, 'id longer than 200 characters');
  const urlText = r.text('url');
  if (!urlText) return reject(record, 'missing url');
  const url = parseUrl(urlText);
  if (!url) return reject(record, `url is not an absolute http(s) URL: "${urlText.slice(0, 80)}"`);
  const title = r.plain('title', MAX_TITLE);
  if (!title) return reject(record, 'missing title');
  const contentField = r.text('content') !== undefined ? 'content' : 'description';
  const contentRaw = r.text(contentField, Infinity);
  if (!contentRaw) return reject(record, 'missing content');
  const description = toPlainText(contentRaw).slice(0, MAX_CONTENT);
  if (description.length < MIN_CONTENT)
    return reject(record, `content is ${description.length} characters of text, at least ${MIN_CONTENT} are required`);
  // An entity neither XML, HTML nor the feed's DOCTYPE defines (or one never fetched, decision 089)
  // reaches visitors as written: the partner is told.
  for (const [field, text] of [
    ['title', title],
    [contentField, description],
  ] as const) {
    const entity = unknownEntity(text);
    if (entity) r.warnings.push({ field, reason: `unknown entity "${entity}" left as written` });
  }

  const def = countryByCode(ctx.site.country);
  const siteCurrency = def?.currency ?? 'EUR';
  const priceField = r.field('price');
  const currency =
    currencyAttribute(r, 'price') ??
    currencyInText(priceField?.text, siteCurrency, def?.locale ?? 'en') ??
    siteCurrency;
  const dots = groupsThousandsWithDots(def?.locale ?? 'en');
  const rate = UNITS_PER_EUR[currency] ?? 1;

  let dateGiven = false;
  let date = ctx.now;
  const dateText = r.text('date');
  if (dateText !== undefined) {
    const d = parseDate(dateText);
    if (d === undefined) r.keep('date', `not a date: "${dateText.slice(0, 40)}"`);
    else if (d > ctx.now + 86400) r.warnings.push({ field: 'date', reason: 'in the future: import time used' });
    else {
      // Up to a day ahead is a local time read as UTC (a Tokyo partner's "17:00" is 08:00 UTC): it is
      // the ad's time at most now, never a time to come that keeps it first among the newest for hours.
      date = Math.min(d, ctx.now);
      dateGiven = true;
    }
  }
  const expiresText = r.text('expiration_date');
  let expiresAt: number | undefined;
  if (expiresText !== undefined) {
    expiresAt = parseDate(expiresText);
    if (expiresAt === undefined) r.keep('expiration_date', `not a date: "${expiresText.slice(0, 40)}"`);
    // A day without a time ("26/11/2026") is the ad's last day: it expires when that day ends.
    else if (!/\d:\d\d/.test(expiresText)) expiresAt += 86400;
  }

  const lat = r.number('latitude', -90, 90, parseCoordinate(r.text('latitude')));
  const lng = r.number('longitude', -180, 180, parseCoordinate(r.text('longitude')));
  const cityArea = r.plain('city_area') ?? r.plain('neighborhood');
  const { location, unresolved, coordinates } = ctx.places.resolve({
    region: r.plain('region'),
    city: r.plain('city'),
    cityArea,
    latitude: lat,
    longitude: lng,
  });
  for (const u of unresolved) r.warnings.push({ field: u, reason: 'not a place the gazetteer knows' });
  // Coordinates read but not used (the place's are): kept as written, with why.
  if (coordinates !== undefined) {
    if (lat !== undefined) r.keep('latitude', coordinates);
    if (lng !== undefined) r.keep('longitude', coordinates);
  }
  // As the spec names it, and as partners do: `postalCode`, `postCode` (read `post_code`), `zip_code`.
  const postcode = r.plain('postcode') ?? r.plain('postal_code') ?? r.plain('post_code') ?? r.plain('zip_code');
  if (postcode) location.postalCode = postcode.slice(0, 20);
  const address = r.plain('address');
  if (address) location.address = address;
  const neighborhood = r.plain('neighborhood');
  if (neighborhood && neighborhood !== cityArea) r.kept.set('neighborhood', neighborhood);

  const images: string[] = [];
  // Featured pictures first (a stable sort: already in that order when no featured one follows another).
  const pictures = featuredFirst(record.pictures)
    ? record.pictures
    : [...record.pictures].sort((a, b) => Number(b.featured ?? false) - Number(a.featured ?? false));
  for (const p of pictures) {
    const u = parseUrl(p.url);
    if (u && !images.includes(u) && images.length < MAX_IMAGES) images.push(u);
  }

  const ad: AdInput = {
    country: ctx.site.country,
    vertical: ctx.site.vertical,
    sourceId: ctx.sourceId,
    partnerAdId: id,
    url,
    title,
    description,
    date,
    location,
    images,
    currency,
  };
  if (expiresAt !== undefined) ad.expiresAt = expiresAt;
  const eco = r.text('eco_score');
  if (eco !== undefined) {
    const letter = /^[a-g]$/i.test(eco) ? 7 - (eco.toUpperCase().charCodeAt(0) - 65) : undefined;
    const n = letter ?? parseNumber(eco);
    if (n !== undefined && n >= 0 && n <= 10) ad.ecoScore = n;
    else r.keep('eco_score', `unknown value "${eco.slice(0, 20)}"`);
  }

  const price: PriceContext = { r, ad, field: priceField, rate, currency, dots };

  let extra: ReadonlySet<string> = NO_EXTRA;
  const vertical = ctx.site.vertical;
  if (vertical === 'homes') {
    const typeText = r.plain('type');
    if (!typeText) return reject(record, 'missing type');
    const typeId = homeTypeId(typeText);
    if (typeId === undefined) return reject(record, `unknown type "${typeText.slice(0, 40)}"`);
    ad.typeId = typeId;
    const rent = RENT_TYPES.has(typeId);
    const parking = typeId === 6 || typeId === 7;
    if (rent) readPrice(price, parking ? 20 : 100, 50_000);
    else readPrice(price, parking ? 1_000 : 10_000, 100_000_000);
    let kind = r.enumerated('property_type', propertyKind) ?? KIND_OF_TYPE[typeId];
    if (!kind) {
      for (const word of enumKey(title).split(' ')) {
        kind = propertyKind(word);
        if (kind) break;
      }
    }
    const rooms = parseCount(r.text('rooms'));
    const baths = parseCount(r.text('bathrooms'));
    const homes: NonNullable<AdInput['homes']> = { propertyType: kind ?? '' };
    const floorArea = r.area('floor_area', parking ? 5 : 15, 50_000, dots);
    if (floorArea !== undefined) homes.floorArea = floorArea;
    const plotArea = r.area('plot_area', 1, 100_000_000, dots);
    if (plotArea !== undefined) homes.plotArea = plotArea;
    const roomCount = r.number('rooms', 0, 20, rooms?.value);
    if (roomCount !== undefined) homes.rooms = roomCount;
    if (rooms?.range) r.kept.set('rooms', r.text('rooms') as string);
    const bathCount = r.number('bathrooms', 1, 20, baths?.value);
    if (bathCount !== undefined) homes.bathrooms = bathCount;
    if (baths?.range) r.kept.set('bathrooms', r.text('bathrooms') as string);
    const year = r.number('year', 1700, yearOf(ctx.now) + 5, yearIn(r.text('year')));
    if (year !== undefined) homes.year = Math.round(year);
    const floor = r.number('floor_number', -5, 300);
    if (floor !== undefined) homes.floorNumber = Math.round(floor);
    const orientation = r.plain('orientation', 40);
    if (orientation) homes.orientation = orientation.toLowerCase();
    const condition = r.plain('condition', 60);
    if (condition) homes.condition = condition.toLowerCase();

    for (const [name, key] of HOME_FLAGS) {
      const b = r.bool(name);
      if (b !== undefined) (homes as unknown as Record<string, boolean>)[key] = b;
    }
    if (typeId === 16) homes.overseas = true;
    if (typeId === 18 && homes.foreclosure === undefined) homes.foreclosure = true;
    ad.homes = homes;
    extra = EXTRA_FIELDS.homes;
  } else if (vertical === 'cars') {
    const language = (def?.locale ?? 'en').slice(0, 2).toLowerCase();
    readPrice(price, 300, 1_000_000, true);
    const { make, model, makeKnown, modelWritten } = carMakeModel(r.plain('make', 60), r.plain('model', 60), title);
    if (!makeKnown && make) r.warnings.push({ field: 'make', reason: `unknown make "${make.slice(0, 40)}"` });
    // "Golf GTI" is filtered and counted as a Golf; the partner's words stay with the ad.
    if (modelWritten) r.kept.set('model', modelWritten);
    const cars: NonNullable<AdInput['cars']> = { make, model };
    const type = r.enumerated('car_type', (v) => carTypeOf(v, language));
    if (type) cars.type = type;
    const thisYear = yearOf(ctx.now);
    const year = r.number('year', 1900, thisYear + 1, yearIn(r.text('year')));
    if (year !== undefined) cars.year = Math.round(year);
    const mileageField = r.field('mileage');
    // Whole kilometres or miles, the unit in an attribute or after the number: "120.000" is 120,000 anywhere.
    // A mileage without a unit is in the site's (a British or American odometer counts miles, decision 082).
    const miles = def?.units === 'imperial';
    const mileage = r.number(
      'mileage',
      1,
      1_000_000,
      parseKilometres(mileageField?.text, mileageField?.attrs.unit, true, miles),
    );
    if (mileage !== undefined) cars.mileage = mileage;
    const doors = r.number('doors', 2, 11);
    if (doors !== undefined) cars.doors = Math.round(doors);
    const seats = r.number('seats', 1, 20);
    if (seats !== undefined) cars.seats = Math.round(seats);
    const gears = r.number('gears', 1, 9);
    if (gears !== undefined) cars.gears = Math.round(gears);
    const transmission = r.enumerated('transmission', transmissionOf);
    if (transmission) cars.transmission = transmission;
    const fuel = r.enumerated('fuel', (v) => fuelOf(v, language));
    if (fuel) cars.fuel = fuel;
    const engine = parseNumber(r.text('engine_size'));
    // Litres (1.6) become cubic centimetres.
    const cc = r.number('engine_size', 800, 18_000, engine !== undefined && engine < 20 ? engine * 1000 : engine);
    if (cc !== undefined) cars.sizeEngine = Math.round(cc);
    r.number('cylinders', 2, 24);
    const powerField = r.field('power');
    const powerText = r.text('power');
    const powerRaw = parseNumber(powerText);
    // In kilowatts by its unit attribute, or by the unit written after its figure ("81 kW (110 CV)").
    const kw =
      /^kw$/i.test(powerField?.attrs.unit?.trim() ?? '') || /^[^\d]*[\d.,]+\s*kw(?![a-z])/i.test(powerText ?? '');
    // Kilowatts become the horsepower the site's visitors read (decision 097): Britain's and America's
    // (745.7 W), else the metric one of the rest of the world (PS, CV, ch, л. с.: 735.5 W).
    const perKw = miles ? 1.34102 : 1.35962;
    const power = r.number('power', 1, 5000, powerRaw !== undefined && kw ? Math.round(powerRaw * perKw) : powerRaw);
    if (power !== undefined) cars.power = power;
    if (kw && powerRaw !== undefined) r.kept.set('power', `${powerRaw} kW`);
    // Litres per 100 km, whatever the partner wrote (a figure without a unit of 10 or more in the site's
    // mpg or km/l, decision 099); a unit it cannot read (kWh, or none it knows) is kept
    // and warned, never taken for litres. No car burns over 40 l/100 km: more is a figure in another unit.
    const consumptionField = r.field('fuel_consumption');
    const litres = parseLitresPer100Km(consumptionField?.text, consumptionField?.attrs.unit, {
      country: ctx.site.country,
      fuel: fuelMeasureOf(def?.units ?? 'metric', ctx.site.country),
    });
    const consumptionText = consumptionField?.text.trim();
    if (typeof litres === 'object') r.keep('fuel_consumption', `unknown unit "${litres.unit}"`);
    else if (litres === undefined) {
      // (Not `r.number`'s own reading, which would take the hundred of "l/100km: n/a" for the figure.)
      if (consumptionText) r.keep('fuel_consumption', `not a number: "${consumptionText.slice(0, 40)}"`);
    } else {
      const consumption = r.number('fuel_consumption', 0, 40, litres);
      if (consumption !== undefined) cars.fuelConsumption = consumption;
    }
    const co2 = r.number('co2_emissions', 0, 450);
    if (co2 !== undefined) cars.co2Emissions = co2;
    const color = r.plain('color', 40);
    if (color) cars.color = color;
    const warranty = r.text('warranty');
    if (warranty !== undefined) {
      const b = parseBoolean(warranty);
      const n = parseNumber(warranty);
      if (b !== undefined) cars.guarantee = b;
      else if (n !== undefined) cars.guarantee = n > 0;
      r.kept.set('warranty', warranty.slice(0, MAX_ATTRIBUTE));
    }
    ad.cars = cars;
    extra = EXTRA_FIELDS.cars;
    r.used.delete('cylinders');
  } else if (vertical === 'jobs') {
    const jobs: NonNullable<AdInput['jobs']> = { category: r.enumerated('category', jobCategoryOf) ?? 0 };
    const company = r.plain('company', 120);
    if (company) jobs.company = company;
    // A contract written as its hours ("Full-time"): the job's hours, when no <working_hours> says them.
    const contract = r.plain('contract');
    const contractHours = contract && jobTypeOf(contract) === undefined ? workingHoursOf(contract) : undefined;
    const jobType = contractHours ? undefined : r.enumerated('contract', jobTypeOf);
    if (jobType) jobs.jobType = jobType;
    const hours = r.enumerated('working_hours', workingHoursOf) ?? contractHours;
    if (hours) jobs.workingHours = hours;
    // The studies asked for, on a fact's line; a longer text stays whole with the ad's attributes.
    const studies = r.plain('studies');
    if (studies) jobs.studies = studies.slice(0, MAX_STUDIES);
    if (studies && studies.length > MAX_STUDIES) r.kept.set('studies', studies);
    // Whole before it is made plain (a styled list's markup may be most of it).
    const requirements = r.text('requirements', Infinity);
    if (requirements) jobs.requirements = toPlainText(requirements).slice(0, 4000);
    const experience = r.text('experience');
    if (experience !== undefined) {
      const n = experienceYears(experience);
      if (n !== undefined && n >= 0 && n <= 50) jobs.experience = n;
      r.kept.set('experience', toPlainText(experience, false).slice(0, MAX_ATTRIBUTE));
    }
    // "Remote", "Teletrabajo", "Home office": a yes.
    const tele = REMOTE_WORDS.test(r.plain('telecommute') ?? '') || r.bool('telecommute');
    if (tele !== undefined) jobs.telecommute = tele;
    const salaryText = r.plain('salary');
    // The salary's currency: its attribute's, else the one its text names ("$60,000" on a British site),
    // else the ad's. The ad's price is the salary in it; the filters compare it in the site's.
    const salaryCurrency =
      currencyAttribute(r, 'salary') ?? currencyInText(salaryText, siteCurrency, def?.locale ?? 'en') ?? currency;
    ad.currency = salaryCurrency;
    const numeric = parseNumber(r.text('salary_numeric'));
    let salary = numeric;
    if (salary === undefined && salaryText) salary = yearlySalary(salaryText, dots);
    // The partner's words are the ad page's salary when they say more than one figure: a range, a period
    // ("£45,000 - £55,000 per year", "£2,000 per month"), which the yearly lower bound alone misreports.
    // One whole figure is the salary itself, shown as the site writes money in its currency.
    if (salaryText && !oneFigure(salaryText, salary, salaryCurrency, def?.locale ?? 'en', dots))
      jobs.salaryText = salaryText;
    else if (salaryText) r.kept.set('salary', salaryText);
    if (salary !== undefined) {
      if (salary > 0 && salary <= 5_000_000 * (UNITS_PER_EUR[salaryCurrency] ?? 1)) {
        ad.price = { value: Math.round(salary) };
        jobs.salary = Math.round(inSiteCurrency(salary, salaryCurrency, ctx.site.country));
      } else r.warnings.push({ field: 'salary', reason: `${salary} is out of range` });
    }
    ad.jobs = jobs;
    extra = EXTRA_FIELDS.jobs;
  } else {
    // One or more, comma-separated or each in an element of its own (`<category>` twice).
    const more = record.fields.get('category')?.more;
    const first = r.plain('category');
    const categoryText = more
      ? [first, ...more.map((t) => toPlainText(t, false))].filter((t) => t && t.trim() !== '').join(', ') || undefined
      : first;
    if (!categoryText) return reject(record, 'missing category');
    const { ids, unknown } = productCategoryIds(categoryText);
    const categoryId = ids[0] ?? 0;
    if (unknown.length > 0) {
      r.kept.set('category', categoryText);
      r.warnings.push({ field: 'category', reason: `unknown value "${unknown.join(', ').slice(0, 40)}"` });
    }

    ad.typeId = categoryId;
    // Listed in several ("Furniture, Kids"): shown in the first, found by a filter of any.
    ad.products = ids.length > 1 ? { categoryId, otherCategoryIds: ids.slice(1) } : { categoryId };
    readPrice(price, 0.01, 500_000, true);
    const shipping = r.number('shipping_cost', 0, 1000);
    if (shipping !== undefined) {
      if (ad.price) r.kept.set('shipping_cost', String(shipping));
      else r.keep('shipping_cost', 'without a price');
    }
    extra = EXTRA_FIELDS.products;
  }

  // Everything the mapping did not read stays with the ad, as the partner wrote it.
  const attributes: Record<string, string> = {};
  // Its own keys, counted rather than listed after each (`__proto__` is not one).
  let count = 0;
  for (const [name, value] of r.kept) {
    attributes[name] = value;
    if (Object.hasOwn(attributes, name)) count++;
  }
  for (const [name, field] of record.fields) {
    if (attributes[name] !== undefined) continue;
    if (r.used.has(name) && !extra.has(name)) continue;
    if (COMMON_FIELDS.has(name) && !extra.has(name)) continue;
    const t = field.text.trim();
    if (!t) continue;
    attributes[name] = toPlainText(t, false).slice(0, MAX_ATTRIBUTE);
    if (Object.hasOwn(attributes, name)) count++;
    if (count >= 60) break;
  }
  if (count > 0) ad.feedAttributes = attributes;
  for (const [name, field] of record.fields) {
    // (Title and description are told above; a URL is parsed, not shown.)
    if (!field.text.includes('&') || name === 'title' || name === contentField || /url$/.test(name)) continue;
    const entity = unknownEntity(toPlainText(field.text, false));
    if (entity) r.warnings.push({ field: name, reason: `unknown entity "${entity}" left as written` });
  }
  return { ok: true, ad, dateGiven, warnings: r.warnings };
}

/** A salary written as one figure, perhaps with its currency ("45000", "£45,000", "45.000 EUR"). */
const ONE_FIGURE = /^\s*(?:\p{Sc}|[A-Z]{3})?\s*\d[\d.,\s\u00a0\u202f']*\s*(?:\p{Sc}|[A-Z]{3})?\s*$/u;

/**
 * Whether a salary's text is one whole figure in the ad's currency, the salary read, which the site may
 * write its own way: "$60,000" on a British site, "€45.000" where dots are decimals, "£12.50" an hour,
 * or a text that says another figure than the feed's `salary_numeric` are as written.
 */
function oneFigure(text: string, salary: number | undefined, currency: string, locale: string, dots: boolean): boolean {
  if (!ONE_FIGURE.test(text)) return false;
  const mark = text.replace(/[\d.,\s\u00a0\u202f']/g, '');
  if (mark !== '' && mark !== currency && !currencySigns(currency, locale).includes(mark)) return false;
  const figure = parseNumber(text, dots);
  return figure !== undefined && Number.isInteger(figure) && figure === salary;
}

const SIGNS = new Map<string, string[]>();

/** The signs a site's locale writes its currency with ("£"; "$" and "US$" for dollars). */
function currencySigns(currency: string, locale: string): string[] {
  const key = `${currency} ${locale}`;
  let signs = SIGNS.get(key);
  if (!signs) {
    signs = (['symbol', 'narrowSymbol'] as const).map(
      (currencyDisplay) =>
        new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay })
          .formatToParts(1)
          .find((p) => p.type === 'currency')?.value ?? currency,
    );
    SIGNS.set(key, signs);
  }
  return signs;
}

/** Words naming a salary's period, folded (`enumKey`), in the sites' languages: the periods in a year. */
const SALARY_PERIOD = new Map<string, number>([
  // With their short forms: "£11.44/hr", "p/h", "10 €/h", "15 €/Std.", "10 €/ora", "£2,000 pm".
  ...[
    'hour',
    'hourly',
    'hr',
    'hrs',
    'h',
    'ph',
    'hora',
    'heure',
    'stunde',
    'std',
    'stundenlohn',
    'ora',
    'uur',
    'godz',
    'godzine',
    'saat',
    'hodinu',
  ].map((w) => [w, 2080] as const),
  ...['day', 'daily', 'pd', 'diario', 'jour', 'giorno', 'dzien', 'gun'].map((w) => [w, 260] as const),
  // Mexico pays by the fortnight: "$8,000 quincenales".
  ...['quincena', 'quincenal', 'quincenales'].map((w) => [w, 24] as const),
  ...['week', 'weekly', 'pw', 'semana', 'semanal', 'semaine', 'woche', 'settimana', 'tydzien', 'hafta'].map(
    (w) => [w, 52] as const,
  ),
  ...[
    'month',
    'monthly',
    'pcm',
    'pm',
    'mes',
    'mensual',
    'mensuales',
    'mois',
    'mensuel',
    'monat',
    'monatlich',
    'mese',
    'mensile',
    'mensili',
    'mensal',
    'mensais',
    'mtl',
    'mies',
    'maand',
    'miesiac',
    'miesiecznie',
    'mesic',
    'aylik',
    'luna',
    'honap',
  ].map((w) => [w, 12] as const),
  ...['year', 'yearly', 'annual', 'annum', 'ano', 'anual', 'anuales', 'annuel', 'jahr', 'jahrlich', 'anno'].map(
    (w) => [w, 1] as const,
  ),
]);

/**
 * A figure in a text: digits, their thousands in groups of three, perhaps two decimals ("24,000",
 * "2 500", "12.50"), never running on into the next figure ("£24,000, 37.5 hours").
 */
const FIGURE = /\d{1,2}(?:,\d\d)+,\d{3}(?!\d)|\d+(?:[.,\u00a0\u202f ']\d{3})*(?:[.,]\d{1,2}(?!\d))?/;

/** A scale word after a figure ("45 lakh", "1,2 millones", "45k"), with the blanks before it. */
const SCALE_AFTER = /^\s*(\p{L}+)\.?(?![\p{L}\d])/u;

/** What follows a range's lower figure up to the end of its upper one: a dash or word, a sign, the figure. */
const SALARY_RANGE_END = new RegExp(
  String.raw`^\s*k?\s*(?:[-–—~]|to|a|à|al|bis|hasta|até|tot|do)\s*[^\d\s]{0,4}\s*(?:${FIGURE.source})`,
  'i',
);

/** Words for a salary's payments in a year ("14 pagas", "× 14 mensilità", "13 Monatsgehälter"). */
const PAYMENT_WORDS = String.raw`(?:pagas|pagos|mensualidades|mensualités|mensilità|mensilita|payments|(?:monats)?gehälter|salários|salarios)`;

/** "14 pagas de 1.500 €": a count of payments, then (after a sign perhaps) each one's figure. */
const PAYMENTS_OF = new RegExp(
  String.raw`^\s*${PAYMENT_WORDS}\s*(?:de|of|da|di|von|à|a)?\s*[^\d\s]{0,4}\s*(${FIGURE.source})`,
  'iu',
);

/** "1.500 € brutos x 14 pagas": a payment's figure, then how many a year. */
const TIMES_PAYMENTS = new RegExp(
  String.raw`^\s*[^\d\s]{0,4}\s*(?:\p{L}+\s*){0,2}[x×*]\s*(\d{1,2})\s*${PAYMENT_WORDS}`,
  'iu',
);

/**
 * A salary's text as a yearly figure: its lower bound ("30.000 - 40.000 € brutos/año" is 30,000,
 * "£30k - £40k" 30,000, "₹8-12 LPA" 800,000), times the periods in a year of the first period it names
 * after the figure ("£12.50 per hour" is 26,000, "1.200 € al mes" 14,400, "30.000 € al año, 40 horas
 * semanales" 30,000), or its payments in a year ("14 pagas de 1.500 €" and "1.500 € x 14 pagas" are
 * 21,000); a year when it names none.
 */
export function yearlySalary(text: string, dots: boolean): number | undefined {
  // Japanese: the period is the word before the figure ("月給25万円" is 250,000 a month, "時給1,200円" an
  // hour's), the figure in ten thousands perhaps (`parseNumber`: a range's lower bound).
  const japanese = JAPANESE_PAY.exec(text);
  if (japanese) {
    // Its first figure only: "時給1200円～1500円 (月収20万円以上)" is 1,200 an hour.
    const after = text.slice(japanese.index + japanese[0].length).split(/[～〜~\-–(（、]/)[0];
    const figure = parseNumber(after);
    return figure === undefined ? undefined : figure * (JAPANESE_PAY_PERIODS[japanese[1] as string] ?? 1);
  }
  // The first figure (its lower bound, when a range).
  const first = FIGURE.exec(text);
  if (!first) return undefined;
  let n = parseNumber(first[0], dots);
  if (n === undefined) return undefined;
  let rest = text.slice(first.index + first[0].length);
  // Payments: a count of them then each one's figure, or a figure times their count.
  const each = PAYMENTS_OF.exec(rest);
  if (each && Number.isInteger(n) && n >= 1 && n <= 16) {
    const pay = parseNumber(each[1], dots);
    return pay === undefined ? undefined : n * pay;
  }
  // (Not a yearly figure's: "30.000 € brutos anuales x 14 pagas" is 30,000.)
  const times = TIMES_PAYMENTS.exec(rest);
  if (times && !periodWords(times[0]).some((w) => SALARY_PERIOD.get(w) === 1)) return n * Number(times[1]);
  // A scale word after it ("45k", "12 lakh", "12 LPA", "1,2 millones"), or after a range's upper figure only ("8-12 LPA").
  let power = scaleOf(rest);
  if (power !== undefined) rest = rest.replace(SCALE_AFTER, '');
  // A range's upper figure, whose thousands are no clause's comma and whose period is the range's
  // ("£1,800 - £2,000 per month", "12 - 14 €/hora"): the period is read after it.
  const upper = SALARY_RANGE_END.exec(rest);
  if (upper) {
    rest = rest.slice(upper[0].length);
    const upperPower = scaleOf(rest);
    if (upperPower !== undefined) rest = rest.replace(SCALE_AFTER, '');
    // The upper figure's scale is the lower one's only when the lower is written as short ("8-12 LPA"),
    // not when it is whole already ("£25,000 - 30k", "₹8,00,000 - 12 Lakh").
    const upperFigure = parseNumber(FIGURE.exec(upper[0])?.[0], dots);
    if (power === undefined && upperPower !== undefined && upperFigure !== undefined && n <= upperFigure)
      power = upperPower;
  }
  if (power !== undefined) n = Number(`${n}e${power}`);
  // The figure's own period, before anything else is said of the job ("£24,000 (37.5 hours per week)" is
  // a year's; a number before a period word is another measure: "2 days a week", "40 horas").
  // (Turkish's dotless ı as an i: "aylık" is "aylik", as the table writes it.)
  const words = periodWords(rest.split(/[,;(]/)[0] ?? '');
  for (let i = 0; i < words.length; i++) {
    const periods = SALARY_PERIOD.get(words[i] as string);
    if (periods === undefined) continue;
    return /^\d/.test(words[i - 1] ?? '') ? n : n * periods;
  }
  // Else a period said just before the figure, alone or with a word for pay ("Aylık 20.000 TL", "Salario
  // mensual: 1.500 €", "Monthly salary £2,000"); not one said of something else ("Monthly bonus + £24,000",
  // "Paid monthly £30,000", "Day shift £24,000").
  const before = periodWords(
    text
      .slice(0, first.index)
      .split(/[,;()+]/)
      .pop() ?? '',
  ).filter((w) => w !== '');
  const [a, b] = before;
  if (before.length === 1 && SALARY_PERIOD.has(a as string)) return n * (SALARY_PERIOD.get(a as string) as number);
  if (before.length === 2) {
    const period = PAY_WORDS.has(a as string) ? b : PAY_WORDS.has(b as string) ? a : undefined;
    const periods = period === undefined ? undefined : SALARY_PERIOD.get(period);
    if (periods !== undefined) return n * periods;
  }
  return n;
}

/** Words for pay, beside which a period word before a salary's figure is the salary's own. */
const PAY_WORDS = new Set([
  'rate',
  'salary',
  'pay',
  'wage',
  'wages',
  'salario',
  'sueldo',
  'remuneracion',
  'retribucion',
  'gehalt',
  'lohn',
  'stipendio',
  'retribuzione',
  'salaire',
  'remuneration',
  'maas',
  'ucret',
  'wynagrodzenie',
]);

/** A text's words as `SALARY_PERIOD` has them: folded, Turkish's dotless ı as an i. */
function periodWords(text: string): string[] {
  return enumKey(text).replace(/ı/g, 'i').split(' ');
}

/** A Japanese pay's kind, written before its figure: a month's, a year's, a day's, an hour's, a week's. */
const JAPANESE_PAY = /(月給|月収|年収|年俸|年給|日給|時給|週給)/;
const JAPANESE_PAY_PERIODS: Readonly<Record<string, number>> = {
  月給: 12,
  月収: 12,
  年収: 1,
  年俸: 1,
  年給: 1,
  日給: 260,
  時給: 2080,
  週給: 52,
};

/** The power of ten of a scale word at the start of a text ("k" thousands, "lakh", "LPA": lakhs a year). */
function scaleOf(text: string): number | undefined {
  const word = SCALE_AFTER.exec(text)?.[1]?.toLowerCase();
  if (word === undefined) return undefined;
  if (word === 'k') return 3;
  if (word === 'lpa') return 5;
  return scalePower(`1 ${word}`);
}

/**
 * The years of experience a text asks for: the figure before a word for years ("Level 3 NVQ and 2 years
 * experience" is 2), else the first figure; in whole years when it counts months ("18 months" is 1,
 * "6 meses" 0); none asked ("Sin experiencia", "No experience required") is 0.
 */
export function experienceYears(text: string): number | undefined {
  const t = enumKey(text);
  if (NO_EXPERIENCE.test(t)) return 0;
  // A range is its lower bound ("3-5 years", "3 to 5 years", "Entre 2 y 4 años"); a decimal comma a point.
  const raw = text.toLowerCase().replace(/(\d),(\d)/g, '$1.$2');
  const range = EXPERIENCE_RANGE.exec(raw);
  const counted = EXPERIENCE_COUNT.exec(raw);
  const figure = range?.[1] ?? counted?.[1] ?? /(\d+(?:\.\d+)?)/.exec(raw)?.[1];
  if (figure === undefined) return undefined;
  const n = Number(figure);
  if (!Number.isFinite(n)) return undefined;
  const unit = (range ? range[2] : counted?.[2]) ?? '';
  return MONTH_WORDS.test(enumKey(unit)) ? Math.floor(n / 12) : Math.round(n);
}

/** The words for years and months of experience, as written (accents and all). */
const EXPERIENCE_UNITS = String.raw`(years?|yrs?|años?|anos?|années?|ans?|anni|anno|jahre?n?|jaar|jaren|lat|yıl|yil|months?|meses|mes|mois|mesi|monate?n?|maanden|miesięcy|miesiecy)`;
const EXPERIENCE_COUNT = new RegExp(String.raw`(\d+(?:\.\d+)?)\s*\+?\s*${EXPERIENCE_UNITS}(?![\p{L}])`, 'u');
const EXPERIENCE_RANGE = new RegExp(
  String.raw`(\d+(?:\.\d+)?)\s*(?:-|–|to|a|y|e|bis|à|al|do)\s*\d+(?:\.\d+)?\s*\+?\s*${EXPERIENCE_UNITS}?(?![\p{L}])`,
  'u',
);
const MONTH_WORDS = /^(months?|meses|mes|mois|mesi|monate?n?|maanden|miesiecy)$/;
const NO_EXPERIENCE =
  /^(sin experiencia|no experience( required| needed)?|none|ninguna|sans experience|nessuna esperienza|keine erfahrung|sem experiencia|geen ervaring)$/;

/** A <telecommute> that names remote work rather than saying yes. */
const REMOTE_WORDS =
  /^(?:remote|fully remote|remote work|teletrabajo|teletrabalho|remoto|home ?office|work from home|wfh|smart working|t[ée]l[ée]travail|telewerken|praca zdalna)$/i;

/** The first entity reference (`&name;`) in a text that reading and `toPlainText` left, if any. */
function unknownEntity(text: string): string | undefined {
  return text.includes('&') ? /&[A-Za-z_][\w.:-]*;/.exec(text)?.[0] : undefined;
}
