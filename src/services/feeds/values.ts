/**
 * Value parsers for partner feeds: liberal in what they accept (the forms
 * real feeds use), each returning `undefined` for what cannot be read.
 * See docs/feeds.md for the accepted forms.
 */
import { type FuelMeasure, KM_PER_MILE, M2_PER_SQFT, mpgFactor } from '../../shared/domain/units';

const TRUE = new Set([
  'true',
  'yes',
  'si',
  'sí',
  'sì',
  '1',
  'y',
  'on',
  'oui',
  'ja',
  'sim',
  'tak',
  'evet',
  'да',
  'はい',
]);
const FALSE = new Set([
  'false',
  'no',
  '0',
  'n',
  'off',
  'non',
  'nein',
  'nao',
  'não',
  'nie',
  'hayır',
  'hayir',
  'нет',
  'いいえ',
  'nee',
  'nej',
]);

/** `true`, `yes`, `si`, `1` / `false`, `no`, `0` in any case (and a few siblings); undefined otherwise. */
export function parseBoolean(text: string | undefined): boolean | undefined {
  if (text === undefined) return undefined;
  const v = text.trim().toLowerCase();
  if (TRUE.has(v)) return true;
  if (FALSE.has(v)) return false;
  return undefined;
}

const DATE =
  /^(?:(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})|(\d{4})[/.-](\d{1,2})[/.-](\d{1,2}))(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * `DD/MM/YYYY`, `DD-MM-YYYY`, `YYYY/MM/DD` or `YYYY-MM-DD` (dots accepted too), each optionally
 * followed by ` HH:MM:SS` (or `THH:MM`, an offset). UTC unless an offset is given. Epoch seconds.
 */
export function parseDate(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const m = DATE.exec(text.trim());
  if (!m) return undefined;
  const day = Number(m[1] ?? m[6]);
  const month = Number(m[2] ?? m[5]);
  const year = Number(m[3] ?? m[4]);
  const hour = Number(m[7] ?? 0);
  const minute = Number(m[8] ?? 0);
  const second = Number(m[9] ?? 0);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return undefined;
  let ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(ms);
  if (check.getUTCDate() !== day) return undefined; // 31/02
  const zone = m[10];
  if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    ms -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  return Math.floor(ms / 1000);
}

const PLAIN_NUMBER = /^\d+(?:\.\d+)?$/;
/**
 * A whole number whose thousands are grouped by dots, after signs or words without digits: "€250.000",
 * "85.000km", and whatever follows it ("120.000 km (1 propietario)", "15.990 € IVA 21% incluido").
 */
const DOT_GROUPED = /^[^\d.,+-]*(\d{1,3}(?:\.\d{3})+)(?![\d.,])/;

/** A dash (or two) where the cents go: "15.990,-", "15'990.--", "15.990,–". */
const NO_CENTS = /(\d)([.,])[-\u2013\u2014]{1,2}(?=\D*$)/;

/**
 * "4,980万", "¥1億2,000万", "5万3千", "3.5万km": hundred millions (億), ten thousands (万) and thousands
 * (千), each a figure before its unit, then the units below; from the first figure that has such a unit
 * ("約1億円", "価格4,980万円"). A range ("25万円～40万円") is its lower bound.
 */
const LARGE_UNITS = /^(?:([\d.,]+)[億亿])?(?:([\d.,]+)[万萬])?(?:([\d.,]+)千)?(\d[\d,]*)?/;

function parseLargeUnits(text: string): number | undefined {
  const compact = text.replace(/[\s\u00a0\u202f\u3000]/g, '');
  const from = compact.search(/[\d.,]+[億亿万萬千]/);
  if (from < 0) return undefined;
  const m = LARGE_UNITS.exec(compact.slice(from));
  if (!m || (m[1] === undefined && m[2] === undefined && m[3] === undefined)) return undefined;
  // Grouped thousands in a figure ("4,980万"), a decimal point in a fraction of a unit ("3.5万", "1.2億").
  const part = (value: string | undefined): number => (value ? Number(value.replace(/,/g, '')) : 0);
  const n = part(m[1]) * 1e8 + part(m[2]) * 1e4 + part(m[3]) * 1e3 + part(m[4]);
  return Number.isFinite(n) && n > 0 ? Math.round(n) : undefined;
}

const dotGrouping = new Map<string, boolean>();

/** Whether a locale groups thousands with dots ("250.000": es, it, de, pt, tr, id…; not en, fr, de-CH). */
export function groupsThousandsWithDots(locale: string): boolean {
  let known = dotGrouping.get(locale);
  if (known === undefined) {
    const group = new Intl.NumberFormat(locale, { useGrouping: true })
      .formatToParts(10000)
      .find((p) => p.type === 'group');
    // Portuguese listings write "250.000 €", though the standard groups pt-PT's thousands with spaces.
    known = group?.value === '.' || /^pt\b/i.test(locale);
    dotGrouping.set(locale, known);
  }
  return known;
}

/**
 * A number as partners write it: a dot for decimals per the format, but also
 * `1.200.000`, `1,200,000`, `1 200 000`, `1.200,50`, `95 m2`, `€ 250000`, `250k`, `1.25E+06`.
 */
export function parseNumber(text: string | undefined, dotThousands = false): number | undefined {
  if (text === undefined) return undefined;
  const figure = plainFigure(text);
  // (A dot may group thousands where numbers are written so: "250.000" goes the long way below.)
  if (Number.isFinite(figure) && !(dotThousands && text.includes('.'))) return figure;
  // "4,980万円", "1億2,000万円": Japanese (and Chinese) numbers count in ten thousands and hundred millions.
  if (/\d\s*[万萬億亿千]/.test(text)) return parseLargeUnits(text);
  // "15.990,- €", "CHF 15'990.–": a dash for the cents says there are none.
  const noCents = NO_CENTS.exec(text);
  const plain = noCents ? text.replace(NO_CENTS, '$1').trim() : text.trim();
  // A comma before the dash is the decimal one: dots group ("15.990,-").
  if (noCents?.[2] === ',') dotThousands = true;
  // Digits with at most one decimal point, as the format says: the rules below give Number() of it.
  if (dotThousands && plain.includes('.')) {
    // "250.000 €", "85.000 km": where numbers are written so, a dot before three digits groups them.
    // (After the words before it, with their dots: "ca. 250.000 €", "Km. 120.000".)
    const grouped = DOT_GROUPED.exec(plain.replace(/[\s\u00a0\u202f]/g, '').replace(LEADING_WORDS, ''));
    if (grouped) return scaled(Number((grouped[1] as string).replace(/\./g, '')), plain);
  }
  // Digits alone (most figures of most feeds): nothing more to read.
  if (PLAIN_NUMBER.test(plain)) return Number(plain);
  // What comes before the figure: signs and words, a word's abbreviating dot with them ("Fr. 1'500.–",
  // "Rs. 45,00,000"), never a decimal point: a dot before digits is one only after no letter (".5").
  let t = plain.replace(/[\s\u00a0\u202f']/g, '').replace(LEADING_WORDS, '');
  const m = /^[+-]?[\d.,]*\d/.exec(t);
  if (!m) return undefined;
  t = m[0];
  const dots = t.split('.').length - 1;
  const commas = t.split(',').length - 1;
  if (dots > 0 && commas > 0) {
    // The later separator is the decimal one.
    if (t.lastIndexOf(',') > t.lastIndexOf('.')) t = t.replace(/\./g, '').replace(',', '.');
    else t = t.replace(/,/g, '');
  } else if (commas > 0) {
    t = commas > 1 || /^[+-]?\d{1,3},\d{3}$/.test(t) ? t.replace(/,/g, '') : t.replace(',', '.');
  } else if (dots > 1) {
    t = t.replace(/\./g, '');
  }
  const n = Number(t);
  return Number.isFinite(n) ? scaled(n, plain) : undefined;
}

/**
 * `Number(text)` of a plain figure, else NaN: ASCII digits, a sign before them, a decimal point between
 * them ("2817", "-8.72699", "1.5"). Most figures of most feeds are so (prices, coordinates, counts), and
 * each reader below gives `Number()` of them after its regular expressions: this answers them in one
 * pass (~2 µs of a record's mapping went to those expressions). Its callers take it when finite: the
 * long way says no number of a signed figure past a double's range.
 */
function plainFigure(text: string): number {
  const n = text.length;
  const first = text.charCodeAt(0);
  let i = first === 45 /* - */ || first === 43 /* + */ ? 1 : 0;
  let digits = 0;
  let point = false;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
    else if (c === 46 && !point && digits > 0 && i < n - 1) point = true;
    else return NaN;
  }
  return digits > 0 ? Number(text) : NaN;
}

/** Signs and words before a figure, each word with the dot that abbreviates it ("Fr.", "Rs.", "US$"). */
const LEADING_WORDS = /^(?:\p{L}+\.?|[^\d+\-.,\p{L}])+/u;

/**
 * Words that scale the figure before them in an amount of money, by their power of ten: thousands
 * ("45 mil €", "45 bin TL", "45 ribu"), lakhs and crores as India writes prices ("₹45 lakh", "1.2 Cr"),
 * millions ("1,5 millones €", "€1.2 million", "1,2 Mio. €", "2 mln zł", "3 triệu") and billions
 * ("3,5 tỷ", "Rp 1,2 miliar"). Only for prices and salaries: "12 000 mil" of a Swedish car is in
 * Nordic miles, and a bare "M" is metres as often as millions.
 */
const SCALE_WORDS: ReadonlyMap<string, number> = new Map(
  (
    [
      [3, 'thousand thousands mil mille mila tausend tsd tys тыс bin ribu nghìn ngàn'],
      [5, 'lakh lakhs lac lacs'],
      [
        6,
        'million millions millón millon millones milhão milhao milhões milhoes milione milioni mio mln mn miljoen ' +
          'miljon miljoner millioner milyon juta jt triệu млн миллион миллиона миллионов',
      ],
      [7, 'crore crores cr'],
      [9, 'billion billions bn mrd mia milliard milliards miliardo miliardi mld miliar milyar tỷ млрд'],
    ] as const
  ).flatMap(([power, words]) => words.split(' ').map((w) => [w, power] as const)),
);

/** The first figure and the word after it (with its abbreviating dot), if a letter starts it. */
const FIGURE_AND_WORD = /^[^\d]*?[+-]?\d[\d.,\s\u00a0\u202f']*?\s?(\p{L}+)\.?(?![\p{L}\d])/u;

/**
 * An amount of money as partners write it: `parseNumber`, times the word that scales its figure
 * ("1,5 millones €" is 1,500,000, "₹45 Lakh" 4,500,000, "1.2 Cr" 12,000,000).
 */
export function parseAmount(text: string | undefined, dotThousands = false): number | undefined {
  const n = parseNumber(text, dotThousands);
  if (n === undefined || text === undefined) return n;
  const power = scalePower(text);
  return power === undefined ? n : Number(`${n}e${power}`);
}

/** The power of ten of the word that scales a text's first figure ("1,5 millones"), if one does. */
export function scalePower(text: string): number | undefined {
  const word = FIGURE_AND_WORD.exec(text)?.[1];
  return word === undefined ? undefined : SCALE_WORDS.get(word.toLowerCase());
}

/**
 * A latitude or longitude: decimals after a dot, as the format has them, or after a comma, as some
 * partners write them ("40,452"): no coordinate reaches a thousand, so a comma never groups its digits.
 */
export function parseCoordinate(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const figure = plainFigure(text);
  if (Number.isFinite(figure)) return figure;
  const t = text.trim();
  return parseNumber(/^[+-]?\d+,\d+$/.test(t) ? t.replace(',', '.') : t);
}

/**
 * A figure written in a spreadsheet's exponent, or in thousands: Number() of the decimal text, not
 * a product, so that 1.1 thousand is 1100 (1.1 * 1000 is 1100.0000000000002).
 */
function scaled(n: number, text: string): number | undefined {
  const exponent = EXPONENT.exec(text);
  const value = exponent ? Number(`${n}e${exponent[1]}`) : THOUSANDS.test(text) ? Number(`${n}e3`) : n;
  return Number.isFinite(value) ? value : undefined;
}

/** "1e6", "1.25E+06", "2,5E+03": the first figure with a spreadsheet's exponent after its digits. */
const EXPONENT = /^[^\d]*?[+-]?[\d.,]*\d[eE]([+-]?\d+)/;

/**
 * "250k", "45K miles", "1,5k €", "£45k": the first figure in thousands; not "45 km", "4 kW", "300 kr",
 * "250 000 Kč" (a letter after the k).
 */
const THOUSANDS = /^[^\d]*?[+-]?[\d.,\s\u00a0\u202f']*\d\s?[kK](?![\p{L}\d])/u;

/** A count in steps of 0.5 or a range (`2-3`, `2 to 3`): the lower bound, and whether it was a range. */
export function parseCount(text: string | undefined): { value: number; range: boolean } | undefined {
  if (text === undefined) return undefined;
  const figure = plainFigure(text);
  if (Number.isFinite(figure)) return { value: Math.round(figure * 2) / 2, range: false };
  // A half written as one character ("1½" bathrooms, as American listings count a toilet-only room).
  const t = text
    .trim()
    .replace(/(\d)\s*½/g, '$1.5')
    .replace(/^½$/, '0.5');
  const range = /^(\d+(?:[.,]\d+)?)\s*(?:-|–|to|a|\/)\s*(\d+(?:[.,]\d+)?)$/i.exec(t);
  if (range) {
    const lo = Number((range[1] as string).replace(',', '.'));
    const hi = Number((range[2] as string).replace(',', '.'));
    return { value: Math.min(lo, hi), range: true };
  }
  // A Japanese layout: "1K", "2DK", "3LDK", "1R" are rooms and a kitchen, dining or living room (not thousands).
  const layout = /^(\d+)\s*(?:S?L?D?K|R)$/i.exec(t);
  if (layout) return { value: Number(layout[1]), range: false };
  const plus = /^(\d+(?:[.,]\d+)?)\s*\+$/.exec(t);
  const n = plus ? Number((plus[1] as string).replace(',', '.')) : parseNumber(t);
  if (n === undefined) return undefined;
  return { value: Math.round(n * 2) / 2, range: false };
}

const AREA_UNITS: readonly [RegExp, number][] = [
  [/^(feet|foot|ft|sq\.?\s*ft|sqft|ft2|ft²|square\s*feet|pies)$/i, M2_PER_SQFT],
  [/^(acres?|ac)$/i, 4046.8564224],
  [/^(hectares?|ha|hectareas|hectáreas)$/i, 10_000],
  [
    /^(meters?|metres?|m|m2|m²|mq|qm|mts?2?|sq\.?\s*m|sqm|square\s*met(er|re)s|metros?(\s*cuadrados)?|m\s*kw|vierkante\s*meters?)$/i,
    1,
  ],
];

/**
 * An area in square metres from a value and its `unit` (feet, meters, acres, hectares; meters by default),
 * or the unit it could not read (`{ unit: "yd2" }`): taking yards or an unknown unit for metres would
 * misstate the area.
 */
export function parseArea(
  text: string | undefined,
  unit: string | undefined,
  dotThousands = false,
): number | { unit: string } | undefined {
  const trimmed = text?.trim() ?? '';
  // A unit starts with a letter: "72 m2" is in m2, "72" in metres (the 2 is the number's). The number
  // is read without it, so that "1.200 m2" is 1,200 where dots group thousands (the 2 is no digit of it).
  const suffix = /[\d.,\s]([a-z²][a-z²2. ]*)$/i.exec(trimmed);
  const n = parseNumber(suffix ? trimmed.slice(0, suffix.index + 1) : text, dotThousands);
  if (n === undefined) return undefined;
  let u = unit?.trim();
  if (!u) u = suffix?.[1]?.trim();
  // "sq.ft." as "sq.ft"; a dot alone was the number's.
  u = u?.replace(/\.+$/, '');
  if (!u) return n;
  for (const [re, factor] of AREA_UNITS) if (re.test(u)) return Math.round(n * factor * 100) / 100;
  return { unit: u.slice(0, 20) };
}

/**
 * A distance in kilometres from a value and its unit, in an attribute or after the number ("45,000
 * miles"); without one, in the site's unit (`miles` on a site that measures in miles, decision 082).
 */
export function parseKilometres(
  text: string | undefined,
  unit: string | undefined,
  dotThousands = true,
  miles = false,
): number | undefined {
  const n = parseNumber(text, dotThousands);
  if (n === undefined) return undefined;
  let u = (unit?.trim() || /[\d\s]([a-z]+)\.?$/i.exec(text?.trim() ?? '')?.[1] || '').toLowerCase();
  // "45k" is thousands of the site's unit (`parseNumber`), not a unit; "85 Tkm" thousands of kilometres.
  if (u === 'k') u = '';
  if (u === 'tkm') return Math.round(n * 1000);
  return Math.round((u === '' ? miles : /^mi(les?)?$/.test(u)) ? n * KM_PER_MILE : n);
}

/** A litre's names and signs, in a fuel consumption's unit. */
const LITRE = String.raw`(?:l|lt|ltr|lts|litres?|liters?|litros?|ℓ|л)`;

/** What a fuel consumption's unit is, by the words written with its figure (lower case, spaces kept). */
type ConsumptionUnit = 'l100' | 'lmil' | 'kml' | 'mpg' | 'mpg-us' | 'mpg-uk' | 'unknown' | 'none';

const CONSUMPTION_UNITS: readonly [RegExp, ConsumptionUnit][] = [
  [/kwh/, 'unknown'],
  [/(?<![a-z])mpg(?![a-z])|miles?\s*(?:per|\/)\s*gal|mi\/gal/, 'mpg'],
  [new RegExp(String.raw`(?<![a-z])${LITRE}\s*\/\s*mil(?![a-z])`), 'lmil'],
  [new RegExp(String.raw`(?:km|км)\s*(?:\/|per|por|pro)\s*${LITRE}(?![a-z])|(?<![a-z])(?:kmp?l|kpl)(?![a-z])`), 'kml'],
  [new RegExp(String.raw`(?<![a-z])${LITRE}\s*(?:\/|per|por|pro|par|aux)\s*hkm`), 'l100'],
  // A litre alone, right after the figure ("5,4 l", "5.4 litres (combined)"): the format's unit.
  [new RegExp(String.raw`^\s*${LITRE}(?![a-z/])`), 'l100'],
  // Any other unit's word is one not to guess.
  [/(?<![a-z])(?:l|lt|ltr|litres?|liters?|litros?|km|kms|mi|miles?|gal|gallons?|kw|mil)(?![a-z])|\/|ℓ|л/, 'unknown'],
];

function consumptionUnit(words: string): ConsumptionUnit {
  const w = words.toLowerCase();
  for (const [re, unit] of CONSUMPTION_UNITS) {
    if (!re.test(w)) continue;
    if (unit !== 'mpg') return unit;
    const said = w.replace(/\./g, '');
    if (/(?<![a-z])(?:us|usa)(?![a-z])|american/.test(said)) return 'mpg-us';
    if (/(?<![a-z])(?:uk|imp|imperial)(?![a-z])/.test(said)) return 'mpg-uk';
    return 'mpg';
  }
  return 'none';
}

/** A consumption's text with the hundred of "l/100 km" (the ten of "l/10 km", a Nordic mil) as words, never a figure. */
function unitsWritten(text: string): string {
  return text
    .replace(/\/\s*100\s*(?:km|км)?/gi, '/hkm')
    .replace(/\/\s*10\s*(?:km|км)/gi, '/mil')
    .replace(/\s+/g, ' ');
}

/** A figure of a fuel consumption, not part of a word or a label ("JC08"), with what follows it. */
const CONSUMPTION_FIGURE = /(?<![\p{L}\d.,])(\d+(?:[.,]\d+)?)([^\d]*)/gu;

/**
 * A car's fuel consumption in litres per 100 km, to a thousandth (decision 097: fine enough for any
 * mpg figure to come back as written), or the unit it could not read (`{ unit: "kWh/100 km" }`). The
 * unit is in an attribute or written with the figure, after it or before it ("5,4 l/100 km",
 * "l/100km: 5.4", "combined 5.4 l/100km", "52 mpg (UK)", "31 US mpg", "JC08モード 18.0km/L",
 * "0,5 l/mil"); of several figures, the first whose unit is read ("8.5 l/100km (33 mpg)" is 8.5).
 * Without one it is the format's litres per 100 km, except on a site whose visitors read another
 * measure (`reader`: miles per gallon, the country's; kilometres per litre, decision 099), where a
 * figure of 10 or more is theirs: hardly a car does under 10 mpg, and most burn under 10 l/100 km; a
 * dealer writing km/l writes 15 to 30 for most cars. Miles per gallon are the country's gallon unless
 * the text names the American or the imperial one.
 */
export function parseLitresPer100Km(
  text: string | undefined,
  unit: string | undefined,
  reader: { country: string; fuel: FuelMeasure } | undefined,
): number | { unit: string } | undefined {
  if (text === undefined) return undefined;
  const t = unitsWritten(text);
  const given = unit?.trim() ? consumptionUnit(unitsWritten(unit)) : undefined;
  const figures = [...t.matchAll(CONSUMPTION_FIGURE)].map((m) => ({
    n: Number((m[1] as string).replace(',', '.')),
    after: m[2] as string,
    unit: given ?? consumptionUnit(m[2] as string),
    at: m.index,
  }));
  // A range's first figure has its second's unit ("4,5 - 5,2 l/100 km").
  for (let i = figures.length - 2; i >= 0; i--) {
    const f = figures[i] as (typeof figures)[number];
    if (f.unit === 'none' && /^\s*(?:-|–|to|a|bis)\s*$/i.test(f.after)) f.unit = (figures[i + 1] as typeof f).unit;
  }
  const first = figures[0];
  if (!first) return undefined;
  const before = given ?? consumptionUnit(t.slice(0, first.at));
  const read =
    figures.find((f) => f.unit !== 'none' && f.unit !== 'unknown') ??
    (before !== 'none' && before !== 'unknown' ? { ...first, unit: before } : undefined) ??
    (figures.some((f) => f.unit === 'unknown') || before === 'unknown' ? undefined : first);
  if (!read) return { unit: (unit?.trim() || text.replace(/\d+(?:[.,]\d+)?/, '').trim()).slice(0, 20) };
  const n = read.n;
  if (n <= 0) return 0;
  const per100 = (litres: number) => Math.round(litres * 1000) / 1000;
  const mpg = (country: string) => per100(mpgFactor(country) / n);
  const kml = () => per100(100 / n);
  switch (read.unit) {
    case 'mpg-us':
      return mpg('us');
    case 'mpg-uk':
      return mpg('uk');
    case 'mpg':
      return mpg(reader?.fuel === 'mpg' ? reader.country : 'uk');
    case 'lmil':
      return per100(n * 10);
    case 'kml':
      return kml();
    case 'l100':
      return per100(n);
    default:
      // No unit, or only words about the figure ("combined", "mixto").
      if (reader === undefined || reader.fuel === 'l100km' || n < 10) return per100(n);
      return reader.fuel === 'mpg' ? mpg(reader.country) : kml();
  }
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  euro: '€',
  pound: '£',
  copy: '©',
  reg: '®',
  deg: '°',
  sup2: '²',
  sup3: '³',
  middot: '·',
  bull: '•',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  iexcl: '¡',
  iquest: '¿',
  ordf: 'ª',
  ordm: 'º',
  times: '×',
  frac12: '½',
};
const ACCENTS: Record<string, string> = {
  acute: '\u0301',
  grave: '\u0300',
  circ: '\u0302',
  uml: '\u0308',
  tilde: '\u0303',
};

function decodeEntity(entity: string, name: string): string {
  if (name.startsWith('#')) {
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  }
  const known = NAMED_ENTITIES[name] ?? NAMED_ENTITIES[name.toLowerCase()];
  if (known !== undefined) return known;
  // &eacute; &Ntilde; &uuml; ...
  const m = /^([a-zA-Z])(acute|grave|circ|uml|tilde)$/.exec(name);
  if (m) return `${m[1]}${ACCENTS[m[2] as string]}`.normalize('NFC');
  if (name === 'ccedil' || name === 'Ccedil') return name[0] === 'c' ? 'ç' : 'Ç';
  if (name === 'szlig') return 'ß';
  return entity;
}

export function decodeEntities(text: string): string {
  // Every entity starts with `&`: text without one (most URLs, three per generated ad) is given back
  // without the pattern's scan and replace (~150 ns per URL).
  if (!text.includes('&')) return text;
  return text.replace(/&(#\d{1,7}|#[xX][\da-fA-F]{1,6}|[a-zA-Z][a-zA-Z\d]{1,10});?/g, (e, name: string) =>
    decodeEntity(e, name),
  );
}

const TAG = /<\/?[a-zA-Z][^<>]*>|<![a-zA-Z][^<>]*>/g;
const BLOCK_TAG = /<\/?(br|p|div|li|ul|ol|tr|td|th|h[1-6]|table|section|article|blockquote|hr)\b[^<>]*>/gi;
/** Where a comment or an element dropped with all it holds begins (`withoutHiddenParts`). */
const HIDDEN_OPEN = /<!--|<(script|style|iframe|object|noscript)\b/gi;

/**
 * The text without its comments and its script, style, iframe, object and noscript elements (what
 * they hold is no text of the ad; each dropped element leaves a space), in one pass from left to right,
 * whichever opens first going first (a `<!--` inside a script is the script's). Ends are found from each
 * start once: a pattern looking for the end from every start took seconds for a description of 20,000
 * `<script ` or `<!--` with no end, hours for a 4 MB one. An opening without its end stays as text.
 */
function withoutHiddenParts(text: string): string {
  if (!text.includes('<!--') && !/<(?:script|style|iframe|object|noscript)\b/i.test(text)) return text;
  /** Openings with no end after where one was last looked for: none later either. */
  const unclosed = new Set<string>();
  let out = '';
  let from = 0;
  HIDDEN_OPEN.lastIndex = 0;
  for (let m = HIDDEN_OPEN.exec(text); m !== null; m = HIDDEN_OPEN.exec(text)) {
    const name = m[1]?.toLowerCase() ?? '--';
    if (unclosed.has(name)) continue;
    const end = name === '--' ? commentEnd(text, m.index + 4) : closingTagEnd(text, name, m.index + m[0].length);
    if (end === -1) {
      unclosed.add(name);
      continue;
    }
    out += name === '--' ? text.slice(from, m.index) : `${text.slice(from, m.index)} `;
    from = end;
    HIDDEN_OPEN.lastIndex = end;
  }
  return from === 0 ? text : out + text.slice(from);
}

function commentEnd(text: string, from: number): number {
  const at = text.indexOf('-->', from);
  return at === -1 ? -1 : at + 3;
}

/** `</name>` in any case, blanks before its `>` allowed, of each dropped element's name. */
const CLOSING_TAGS = new Map(
  ['script', 'style', 'iframe', 'object', 'noscript'].map((name) => [name, new RegExp(`</${name}\\s*>`, 'gi')]),
);

/** Where the first `</name>` at or after `from` ends, or -1. */
function closingTagEnd(text: string, name: string, from: number): number {
  const closing = CLOSING_TAGS.get(name) as RegExp;
  closing.lastIndex = from;
  const m = closing.exec(text);
  return m ? m.index + m[0].length : -1;
}

/**
 * Plain text from what partners put in a title or description: HTML tags
 * removed (block tags become line breaks; script and style with their
 * content), entities decoded (also when escaped twice), control characters
 * removed, spaces collapsed. The result never contains a tag.
 */
export function toPlainText(input: string, multiline = true): string {
  if (isPlainAlready(input)) return wellFormed(input);
  return (multiline ? simpleHtmlText(input) : undefined) ?? plainTextByPatterns(input, multiline);
}

type WellFormedString = string & { isWellFormed(): boolean; toWellFormed(): string };

/**
 * The text with each lone surrogate (a `&#xD800;` in a feed) as U+FFFD: a lone surrogate is no
 * character, and JSON readers refuse the responses holding one.
 */
function wellFormed(text: string): string {
  const t = text as WellFormedString;
  return t.isWellFormed() ? text : t.toWellFormed();
}

/** `toPlainText` by its passes of regular expressions, for any text (exported for its test). */
export function plainTextByPatterns(input: string, multiline = true): string {
  return wellFormed(plainTextOf(input, multiline));
}

function plainTextOf(input: string, multiline: boolean): string {
  let text = input;
  // Tags and entities need a '<' or a '&': text without either skips their passes (the same result).
  for (let i = 0; i < 3 && (text.includes('<') || text.includes('&')); i++) {
    const before = text;
    text = withoutHiddenParts(text).replace(BLOCK_TAG, '\n').replace(TAG, '');
    text = decodeEntities(text);
    if (text === before) break;
  }
  // Whatever still looks like a tag after decoding goes too.
  if (text.includes('<')) text = withoutHiddenParts(text).replace(TAG, ' ');
  // eslint-disable-next-line no-control-regex
  text = text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b\ufeff]/g, '');
  if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
  // (Only from a run's first blank: from each of a long run's, the pattern read the run again.)
  if (text.includes(',') || text.includes('.')) text = text.replace(/(?<![ \t\u00a0])[ \t\u00a0]+([,.])/g, '$1');
  // Runs of blanks become one space; the patterns match only runs that are not one space already.
  if (!multiline) return text.replace(/[^\S ]\s*| \s+/g, ' ').trim();
  // Each line's runs of spaces made one and the line trimmed (the blanks around each line break
  // go), at most one empty line in a row.
  text = text.replace(/[\t\u00a0][ \t\u00a0]*| [ \t\u00a0]+/g, ' ');
  if (text.includes('\n')) text = trimAroundBreaks(text).replace(/\n{3,}/g, '\n\n');
  return text.trim();
}

/**
 * Whether `toPlainText` would give the text back as it is (most fields of a feed): no tag or
 * entity (`<`, `&`), no control or removed character, no blank but single spaces inside it, no
 * space before `,` or `.`. One pass over its characters instead of the passes of regular
 * expressions (test/unit/feeds/values.test.ts holds both to the same result).
 */
function isPlainAlready(text: string): boolean {
  const n = text.length;
  if (n === 0) return true;
  if (text.charCodeAt(0) === 32 || text.charCodeAt(n - 1) === 32) return false;
  let space = false;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 128) {
      if (c === 32) {
        if (space) return false;
        space = true;
        continue;
      }
      if (c < 32 || c === 127 || c === 60 /* < */ || c === 38 /* & */) return false;
      if (space && (c === 44 /* , */ || c === 46) /* . */) return false;
      space = false;
      continue;
    }
    if (c === 0x200b || isBlank(c)) return false;
    space = false;
  }
  return true;
}

/** BLOCK_TAG's names: such a tag becomes a line break, any other is removed. */
const BLOCK_NAMES = new Set(
  'br p div li ul ol tr td th h1 h2 h3 h4 h5 h6 table section article blockquote hr'.split(' '),
);
/** HIDDEN_OPEN's element names: their elements go with their content (left to the patterns). */
const DROPPED_NAMES = new Set(['script', 'style', 'iframe', 'object', 'noscript']);

/**
 * Multi-line `toPlainText` in one pass over text whose only markup is tags (`<p>`, `</b>`,
 * `<br/>`, `<p class="x">`: a letter after `<` or `</`, no `<` before their `>`) and that has,
 * outside them, no entity (`&`), no control character but line feeds and no blank but the space,
 * and no element that goes with its content (`<script>`…): the descriptions of most feeds
 * (paragraphs, line breaks, bold).
 * What the passes of patterns give such text: block tags become line breaks and the others
 * nothing; spaces before `,` or `.` go, runs of spaces become one, spaces around a line break go,
 * at most two line breaks in a row, none at the ends. Undefined for any other text (left to the
 * patterns; test/unit/feeds/values.test.ts holds both to the same result; exported for it).
 * Content with paragraphs went through ~8 passes of patterns, each copying it.
 */
export function simpleHtmlText(input: string): string | undefined {
  const text = wellFormed(input);
  const n = text.length;
  let out = '';
  /** The text written last and not yet added to `out`: `text` from `from` to `to` (one slice per stretch). */
  let from = 0;
  let to = 0;
  /** Spaces and line breaks seen since the last character written. */
  let space = false;
  let breaks = 0;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 32) {
      space = true;
      i++;
      continue;
    }
    if (c === 10) {
      breaks++;
      i++;
      continue;
    }
    if (c === 60 /* < */) {
      let j = i + 1;
      if (text.charCodeAt(j) === 47 /* / */) j++;
      const first = text.charCodeAt(j);
      if (!((first >= 97 && first <= 122) || (first >= 65 && first <= 90))) return undefined;
      let k = j + 1;
      for (;;) {
        const w = text.charCodeAt(k);
        if (!((w >= 97 && w <= 122) || (w >= 65 && w <= 90) || (w >= 48 && w <= 57) || w === 95)) break;
        k++;
      }
      const end = text.indexOf('>', k);
      if (end === -1) return undefined;
      for (let a = k; a < end; a++) if (text.charCodeAt(a) === 60) return undefined;
      const name = text.slice(j, k).toLowerCase();
      if (DROPPED_NAMES.has(name)) return undefined;
      if (BLOCK_NAMES.has(name)) breaks++;
      i = end + 1;
      continue;
    }
    // A run of characters written as they are, after what separates it from the last one.
    let e = i;
    while (e < n) {
      const d = text.charCodeAt(e);
      if (d > 32 && d < 127 && d !== 60 && d !== 38) e++;
      else if (d === 32 || d === 10 || d === 60) break;
      else if (d >= 128 && d !== 0x200b && !isBlank(d)) e++;
      else return undefined;
    }
    let separator = '';
    if (to > from || out !== '') {
      if (breaks > 0) separator = breaks === 1 ? '\n' : '\n\n';
      else if (space && c !== 44 /* , */ && c !== 46 /* . */) separator = ' ';
    }
    if (to === i || (separator === ' ' && to === i - 1)) {
      // Written just as it stands after the last run (the one space between them kept).
      to = e;
    } else {
      out += text.slice(from, to) + separator;
      from = i;
      to = e;
    }
    space = false;
    breaks = 0;
    i = e;
  }
  return out + text.slice(from, to);
}

/** `\s` but a line feed: the blanks `trim` would take off a line's ends. */
function isBlank(c: number): boolean {
  if (c < 128) return c === 32 || c === 9 || c === 11 || c === 12 || c === 13;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** `text.replace(/[^\S\n]*\n[^\S\n]*\/g, '\n')`: the blanks around each line break removed, left to right. */
function trimAroundBreaks(text: string): string {
  let out = '';
  let from = 0;
  for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', nl + 1)) {
    let start = nl;
    while (start > from && isBlank(text.charCodeAt(start - 1))) start--;
    let end = nl + 1;
    while (end < text.length && isBlank(text.charCodeAt(end))) end++;
    if (start === nl && end === nl + 1) continue;
    out += `${text.slice(from, start)}\n`;
    from = end;
    nl = end - 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

/**
 * An http(s) URL that `new URL(t).toString()` gives back as it is: lower-case scheme and host
 * (labels of ASCII letters, digits and single inner hyphens, the last starting with a letter: no
 * IP address, no punycode), no port or user, a path and query of characters the URL parser leaves
 * alone (`%` only before two hex digits; no `'` in the query), no fragment — and no dot segment
 * (`DOT_SEGMENT`). Most feeds' URLs are such, and skip the parser (~0.6 µs each).
 */
const CANONICAL_URL =
  /^https?:\/\/(?:[a-z0-9]+(?:-[a-z0-9]+)*\.)+[a-z][a-z0-9]*(?:-[a-z0-9]+)*\/(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/]|%[0-9A-Fa-f]{2})*(?:\?(?:[A-Za-z0-9\-._~!$&()*+,;=:@/?]|%[0-9A-Fa-f]{2})*)?$/;
/** A `.` or `..` path segment (also percent-encoded), which the parser resolves. */
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?:[/?]|$)/i;

/** An absolute http(s) URL (protocol-relative ones become https); undefined otherwise. */
export function parseUrl(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  let t = decodeEntities(text.trim());
  if (t.startsWith('//')) t = `https:${t}`;
  if (CANONICAL_URL.test(t) && !DOT_SEGMENT.test(t)) return t;
  return throughUrlParser(t);
}

/**
 * `parseUrl`'s answer by the URL parser alone, for any text (entities decoded, `//` made https):
 * what its fast path must give too (a test holds them equal).
 */
export function throughUrlParser(t: string): string | undefined {
  if (!/^https?:\/\//i.test(t)) return undefined;
  try {
    const url = new URL(t);
    if (!url.hostname.includes('.') && url.hostname !== 'localhost') return undefined;
    return url.toString();
  } catch {
    return undefined;
  }
}

/**
 * `text` as a string of its own. V8 makes a substring of 13 characters or more a view of the string
 * it was cut from: a record's title, cut from a 64 KiB chunk of the file, would keep that chunk alive
 * (and copied by every scavenge) for as long as it is kept (a prepared batch waiting for its turn, a
 * cache). A concatenation, once sliced, is flattened into a new string first (decision 046).
 */
export const detached = (text: string): string => (text.length < 13 ? text : ` ${text}`.slice(1));

/** Keys of short values already folded: a feed repeats its few enumerated values (types, units, periods). */
const enumKeys = new Map<string, string>();

/** Folded key of an enumerated value: lower case, accents removed, words joined by single spaces. */
export function enumKey(text: string): string {
  let key = enumKeys.get(text);
  if (key === undefined) {
    key = foldedKey(text);
    if (text.length <= 40) {
      if (enumKeys.size >= 10_000) enumKeys.clear();
      // Copies, not the strings given (10,000 kept titles held 1 GB of a feed's text).
      enumKeys.set(detached(text), detached(key));
    }
  }
  return key;
}

function foldedKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
