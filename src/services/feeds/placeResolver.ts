import type { AdInput } from '../search/types';
import { distanceKm } from '../places/distance';

export interface FeedPlace {
  region?: string;
  city?: string;
  cityArea?: string;
  latitude?: number;
  longitude?: number;
}

type Location = AdInput['location'];

/** A record's place names resolved, with what its coordinates are checked against. */
export interface NamedPlace {
  location: Location;
  /** The area's or the city's coordinates (partner coordinates must be near them). */
  anchor?: { lat: number; lng: number };
  /** The region's coordinates (the ad's, when it has neither partner coordinates nor an anchor). */
  region?: { lat: number; lng: number };
  /** The box of the region's places (min lat, min lng, max lat, max lng): without an anchor, partner coordinates must be near it. */
  regionBox?: readonly [number, number, number, number];
  /** The record's city names its region, and no city: it is not reported as unknown. */
  cityNamesRegion?: true;
}

/** How far from its city or area (km) partner coordinates may lie and still be the ad's. */
const PLAUSIBLE_KM = 150;

/** How far outside its region's box (in degrees, ~30 km) a point may lie and still be in the region. */
const REGION_MARGIN_DEG = 0.3;

/** The nearest big city to a point, with its region's name. */
export interface NearCity {
  id: number;
  name: string;
  regionId?: number;
  regionName?: string;
  /** The region its GeoNames division says, when not the one it is filed under (`Gazetteer.isIn`). */
  otherRegionId?: number;
  /** The city's area the point is in, when it is nearer one than any town. */
  areaId?: number;
  areaName?: string;
}

/**
 * What resolving places asks of the gazetteer (src/services/feeds/gazetteerPlaces.ts), in
 * answers a worker thread can cache or get from the thread that holds the gazetteer (044).
 */
/** A record's place names, and the partner's coordinates when they should pick among a city's namesakes. */
export interface NameQuestion {
  region?: string;
  city?: string;
  cityArea?: string;
  near?: { lat: number; lng: number };
}

export interface PlaceLookup {
  /** `city`, `region`, `cityArea` of a record resolved (see `PlaceResolver`). */
  names(input: NameQuestion): NamedPlace;
  /** The town (and city area) a point is in, within 25 km of its centre (`Gazetteer.nearestPlace`), or null. */
  nearestCity(lat: number, lng: number): NearCity | null;
}

/**
 * Places of feed records against the gazetteer, cached (a feed names a few
 * hundred places over a million ads):
 *
 * - `region` resolves among regions first ("Madrid", "Comunidad de Madrid"
 *   are the region), else to the region of the place it names;
 * - `city` resolves to a city, or to a city area when the gazetteer files
 *   that place under a bigger city; with a region, only to a place of that
 *   region (by name, by the start of its name, or a correction), else it
 *   stays text and the region stays; a resolved city brings its own region;
 *   a city that names a region (and no city) gives that region;
 * - `city_area` / `neighborhood` resolve only among the areas of that city;
 * - without a city, coordinates find the town or city area they are in
 *   (`Gazetteer.nearestPlace`), within 25 km, if it is in the record's region;
 * - coordinates are kept when given and plausible (within 150 km of the
 *   city or area, else near the box of the region's places; swapped
 *   latitude/longitude are put right), else the place's or the region's.
 *
 * Partner place names that resolve to nothing are kept as text.
 */
export class PlaceResolver {
  private readonly cache = new Map<string, NamedPlace>();
  private readonly nearCache = new Map<string, NearCity | null>();

  constructor(private readonly lookup: PlaceLookup) {}

  /**
   * The record's location, the place names that resolved to nothing, and why the partner's
   * coordinates, when given, were not used (`coordinates`).
   */
  resolve(input: FeedPlace): { location: Location; unresolved: string[]; coordinates: string | undefined } {
    const key = `${input.region ?? ''}|${input.city ?? ''}|${input.cityArea ?? ''}`;
    let named = this.cache.get(key);
    if (!named) {
      named = this.lookup.names({ region: input.region, city: input.city, cityArea: input.cityArea });
      // A city written with more than its name ("Paris 15e", "75015 Paris", "São Paulo - SP", "г. Москва",
      // "München-Schwabing"): its name alone, the district as the city area when none is given.
      // (Also one that named only its region as written: "г. Москва" is the city of Moscow.)
      if (input.city && named.location.cityId === undefined) {
        for (const v of cityNameVariants(input.city)) {
          const found = this.lookup.names({ region: input.region, city: v.city, cityArea: input.cityArea ?? v.area });
          if (found.location.cityId === undefined) continue;
          if (v.also !== undefined) {
            const other = this.lookup.names({ region: input.region, city: v.also });
            if (other.location.cityId !== found.location.cityId) continue;
          }
          // A district that is no area of the city is left out, unreported (the city is right): after a
          // hyphen it may be no district ("Mülheim-Ruhr"). A Japanese or Taiwanese ward ("大阪市北区") is one,
          // and stays the partner's words, as an area written in <city_area> that the gazetteer lacks does.
          if (
            v.area !== undefined &&
            !input.cityArea &&
            found.location.cityAreaId === undefined &&
            !CJK_WARD.test(v.area)
          ) {
            named = this.lookup.names({ region: input.region, city: v.city, cityArea: undefined });
          } else named = found;
          break;
        }
      }
      if (this.cache.size > 50_000) this.cache.clear();
      this.cache.set(key, named);
    }
    // No region named, and coordinates far from the city of that name: the namesake near them, if the
    // gazetteer has one ("Portland" at Maine's coordinates is Portland, Maine, not the bigger one in Oregon).
    const { latitude: plat, longitude: plng } = input;
    if (
      input.city &&
      !input.region &&
      named.anchor &&
      plat !== undefined &&
      plng !== undefined &&
      valid(plat, plng) &&
      !plausible(plat, plng, named.anchor, undefined)
    ) {
      const nearKey = `${key}|${plat.toFixed(1)}:${plng.toFixed(1)}`;
      let other = this.cache.get(nearKey);
      if (!other) {
        other = this.lookup.names({ city: input.city, cityArea: input.cityArea, near: { lat: plat, lng: plng } });
        this.cache.set(nearKey, other);
      }
      named = other;
    }
    // A copy by `Object.assign`, not `{ ...named.location }`: V8 (Node 20) gives each property added
    // to an object made by spread a map of its own, ~0.7 µs each (this one gets two or three).
    const location: Location = Object.assign({}, named.location);
    const unresolved: string[] = [];
    if (input.city && location.cityId === undefined && !named.cityNamesRegion) unresolved.push('city');
    if (input.region && location.regionId === undefined) unresolved.push('region');
    if (input.cityArea && location.cityAreaId === undefined) unresolved.push('city_area');
    let lat = input.latitude;
    let lng = input.longitude;
    let coordinates: string | undefined;
    if (!valid(lat, lng)) {
      if (lat === 0 && lng === 0) coordinates = '0, 0 is no place';
      else if (lat !== undefined && lng === undefined) coordinates = 'a latitude without a longitude';
      else if (lng !== undefined && lat === undefined) coordinates = 'a longitude without a latitude';
      lat = undefined;
      lng = undefined;
    }
    const place = named.anchor;
    const box = location.regionId !== undefined ? named.regionBox : undefined;
    if (lat !== undefined && lng !== undefined && !plausible(lat, lng, place, box)) {
      if (valid(lng, lat) && plausible(lng, lat, place, box)) [lat, lng] = [lng, lat];
      else {
        coordinates = place
          ? `more than ${PLAUSIBLE_KM} km from the ad's ${location.cityAreaId !== undefined ? 'area' : 'city'}`
          : "outside the ad's region";
        lat = undefined;
        lng = undefined;
      }
    }
    const regionId = location.regionId;
    if (
      lat !== undefined &&
      lng !== undefined &&
      location.cityId === undefined &&
      (!input.city || named.cityNamesRegion)
    ) {
      const near = this.nearestCity(lat, lng);
      // Never a city of another region than the record's.
      if (near && (regionId === undefined || near.regionId === regionId || near.otherRegionId === regionId)) {
        location.cityId = near.id;
        location.city = near.name;
        if (near.areaId !== undefined && !input.cityArea) {
          location.cityAreaId = near.areaId;
          location.cityArea = near.areaName;
        }
        if (near.regionId !== undefined && location.regionId === undefined) {
          location.regionId = near.regionId;
          location.region = near.regionName;
        }
      }
    }
    if (lat !== undefined && lng !== undefined) {
      location.latitude = Math.round(lat * 1e6) / 1e6;
      location.longitude = Math.round(lng * 1e6) / 1e6;
    } else {
      const p = place ?? (location.regionId !== undefined ? named.region : undefined);
      if (p) {
        location.latitude = p.lat;
        location.longitude = p.lng;
      }
    }
    return { location, unresolved, coordinates };
  }

  private nearestCity(lat: number, lng: number): NearCity | undefined {
    const key = `${lat.toFixed(2)}:${lng.toFixed(2)}`;
    const known = this.nearCache.get(key);
    if (known !== undefined) return known ?? undefined;
    const found = this.lookup.nearestCity(lat, lng);
    if (this.nearCache.size > 50_000) this.nearCache.clear();
    this.nearCache.set(key, found);
    return found ?? undefined;
  }
}

/** Words before a city's name that say it is one: "г. Москва", "м. Київ", "TP. Hồ Chí Minh", "Comune di Milano". */
const CITY_PREFIX =
  /^(?:(?:г|гор|м|tp)\.\s*|(?:город|tp|thành phố|comune di|municipio de|municipio|município de|città di|ville de|stadt|gemeente|cidade de)\s+)/iu;
/** Words after it: "Madrid Capital", "Bogotá D.C.". */
const CITY_SUFFIX = /\s+(?:capital|d\.\s?c\.?|dc|city centre|centro|centre|zentrum)$/iu;
/**
 * Postcodes and district marks before or after the name: "75015", "1010", "15e", "18ÈME", "1er", "6W",
 * "11. kerület", "Bezirk"; in capitals only (a town's own short word is not: "Barra do Una", "Mount
 * Vernon Twp"), "XI.", "SW1", a compass letter ("Aarhus N", "København NV") and a state's code ("NSW").
 */
const DISTRICT_WORD = /^(?:\d[\d-]*\p{L}{0,3}\.?|kerület|arr\.?|arrondissement|bezirk)$/iu;
const DISTRICT_CODE = /^(?:[IVXLC]+\.|[A-Z]{1,2}\d[\dA-Z]*|[A-ZÆØÅ]{1,3})$/u;
const isDistrictToken = (word: string): boolean => DISTRICT_WORD.test(word) || DISTRICT_CODE.test(word);

/** A name a city's text may be written around; with `also`, only if that name is the same town's. */
export interface CityNameVariant {
  city: string;
  area?: string;
  also?: string;
}

/**
 * The names a city's text may be written around, to try in turn when it resolves to nothing: without
 * its brackets ("Milano (MI)"), its first part before a code or another language's name ("São Paulo -
 * SP", "Sao Paulo/SP", "Alicante/Alacant"),
 * without the words that say it is a city, without postcodes and district marks ("Paris 15e", "75015
 * Paris", "Wien 1010", "Budapest XI."), and a "City-District" as the city and its area.
 */
export function cityNameVariants(text: string): CityNameVariant[] {
  const out: CityNameVariant[] = [];
  const add = (city: string, area?: string) => {
    const c = city.trim().replace(/[,.;:]+$/, '');
    if (c === text.trim().replace(/[,.;:]+$/, '')) return;
    // At least three letters (two Chinese characters: "柏市"): what is left of "La Paz" is no town's name,
    // whatever a correction would make of it.
    const least = /\p{sc=Han}/u.test(c) ? 2 : 3;
    if ((c.match(/\p{L}/gu)?.length ?? 0) >= least && c !== text && !out.some((v) => v.city === c && v.area === area))
      out.push({ city: c, ...(area ? { area } : {}) });
  };
  let t = text.replace(/\s*\([^)]*\)\s*/g, ' ').trim();
  add(t);
  // Two parts: the first when the second is a code ("São Paulo - SP", "Sao Paulo/SP") or the same name in
  // another language ("Alicante/Alacant"); not when it says which town of the name ("Frankfurt/O.",
  // "Rothenburg/Tauber" are not the bigger Frankfurt and Rothenburg).
  const parts = t.split(/\s+[-–]\s+|\s*\/\s*/);
  if (parts.length === 2) {
    const [one, two] = [(parts[0] as string).trim(), (parts[1] as string).trim()];
    if (/^[A-Z]{2,3}$/.test(two)) {
      t = one;
      add(t);
    } else if (one.length >= 3 && two.length >= 3) {
      // Two names of one town, when both are (its variants must agree: `PlaceResolver`).
      out.push({ city: one, also: two });
    }
  }
  t = t.replace(CITY_PREFIX, '').replace(CITY_SUFFIX, '');
  add(t);
  const words = t.split(/\s+/);
  while (words.length > 1 && DISTRICT_WORD.test(words[0] as string) && /\d/.test(words[0] as string)) words.shift();
  while (words.length > 1 && isDistrictToken(words[words.length - 1] as string)) words.pop();
  t = words.join(' ');
  add(t);
  // "München-Schwabing", "Praha-Smíchov", "Wien-Favoriten": the city, and its district as the area.
  const hyphen = /^([^-]{4,})-(\p{L}[\p{L} -]+)$/u.exec(t);
  if (hyphen) add(hyphen[1] as string, (hyphen[2] as string).trim());
  cjkAddressVariants(t, add);
  return out;
}

/** A prefecture before a Japanese address: "大阪府", "東京都", "北海道", "神奈川県". */
const PREFECTURE = /^\p{sc=Han}{2,3}[都道府県]/u;
/** Letters of a Japanese or Chinese place name (kana in some: "さいたま市", "つくば市", "ヶ"). */
const CJK_NAME = '[\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}ー々]';
/** A city and its ward, written as one, as Japanese and Taiwanese addresses are: "大阪市北区", "臺北市大安區". */
const CITY_AND_WARD = new RegExp(`^(${CJK_NAME}+?市)(${CJK_NAME}+?[区區])?`, 'u');
/** A ward, as `CITY_AND_WARD` finds it after its city. */
const CJK_WARD = new RegExp(`^${CJK_NAME}+[区區]$`, 'u');
/** A rural district before its town: "愛甲郡愛川町" is the town of 愛川町. */
const DISTRICT_BEFORE_TOWN = new RegExp(`^\\p{sc=Han}${CJK_NAME}*?郡(${CJK_NAME}+?[町村])`, 'u');

/**
 * An address written without spaces from the biggest part down, as Japanese and Taiwanese partners
 * write a place ("大阪府大阪市北区梅田1-1", "東京都渋谷区", "臺北市大安區"): without the prefecture
 * before it and the street after it, the city and its ward as the area; the ward alone (Tokyo's are
 * the areas of 東京都), or without its 區 (New Taipei's 板橋區 is the town of 板橋); a district's town.
 */
function cjkAddressVariants(text: string, add: (city: string, area?: string) => void): void {
  if (!/^\p{sc=Han}/u.test(text) || /\s/.test(text)) return;
  const rest = text.replace(PREFECTURE, '');
  const ward = CITY_AND_WARD.exec(rest);
  if (ward) {
    add(ward[1] as string, ward[2]);
    if (ward[2]) add(ward[2]);
    // A Taiwanese district is named without its 區 too: 板橋區 is the town of 板橋.
    if (ward[2]?.endsWith('區')) add(ward[2].slice(0, -1));
  } else {
    const town = DISTRICT_BEFORE_TOWN.exec(rest);
    if (town) add(town[1] as string);
    else {
      // "東京都渋谷区…": a ward of Tokyo (no city before it), or a town ("千葉県柏市" is caught above).
      const own = new RegExp(`^${CJK_NAME}+?[区區町村]`, 'u').exec(rest);
      if (own) add(own[0]);
      else if (rest !== text) add(rest);
    }
  }
}

/**
 * Whether a point can be a record's: within 150 km of its city or area; without one, near the box of its
 * region's places; anything, without either.
 */
function plausible(
  lat: number,
  lng: number,
  anchor: { lat: number; lng: number } | undefined,
  box: readonly [number, number, number, number] | undefined,
): boolean {
  if (anchor) return distanceKm(lat, lng, anchor.lat, anchor.lng) <= PLAUSIBLE_KM;
  if (!box) return true;
  const m = REGION_MARGIN_DEG;
  return lat >= box[0] - m && lat <= box[2] + m && lng >= box[1] - m && lng <= box[3] + m;
}

function valid(a?: number, b?: number): boolean {
  return a !== undefined && b !== undefined && Math.abs(a) <= 90 && Math.abs(b) <= 180 && !(a === 0 && b === 0);
}
