import { distanceKm, type Gazetteer, type Place, type ResolvedPlace } from '../places/Gazetteer';
import type { AdInput } from '../search/types';
import { enumKey } from './values';

export interface FeedPlace {
  region?: string;
  city?: string;
  cityArea?: string;
  latitude?: number;
  longitude?: number;
}

type Location = AdInput['location'];

/**
 * Places of feed records against the gazetteer, cached (a feed names a few
 * hundred places over a million ads):
 *
 * - `city` (qualified by `region` when given) resolves to a city, or to a
 *   city area when the gazetteer files that place under a bigger city;
 * - `city_area` / `neighborhood` resolve only among the areas of that city;
 * - `region` resolves to a region; a resolved city brings its own region;
 * - without a city, coordinates find the nearest big city within 25 km;
 * - coordinates are kept when given and plausible (within 150 km of the
 *   place; swapped latitude/longitude are put right), else the place's.
 *
 * Partner place names that resolve to nothing are kept as text.
 */
export class PlaceResolver {
  private readonly cache = new Map<string, Location>();
  private readonly nearCache = new Map<string, Place | null>();

  constructor(
    private readonly gazetteer: Gazetteer,
    private readonly country: string,
  ) {}

  resolve(input: FeedPlace): { location: Location; unresolved: string[] } {
    const key = `${input.region ?? ''}|${input.city ?? ''}|${input.cityArea ?? ''}`;
    let base = this.cache.get(key);
    if (!base) {
      base = this.resolveNames(input);
      if (this.cache.size > 50_000) this.cache.clear();
      this.cache.set(key, base);
    }
    const location: Location = { ...base };
    const unresolved: string[] = [];
    if (input.city && location.cityId === undefined) unresolved.push('city');
    if (input.region && location.regionId === undefined) unresolved.push('region');
    if (input.cityArea && location.cityAreaId === undefined) unresolved.push('city_area');
    let lat = input.latitude;
    let lng = input.longitude;
    const valid = (a?: number, b?: number) =>
      a !== undefined && b !== undefined && Math.abs(a) <= 90 && Math.abs(b) <= 180 && !(a === 0 && b === 0);
    if (!valid(lat, lng)) {
      lat = undefined;
      lng = undefined;
    }
    const anchor = location.cityAreaId ?? location.cityId;
    const place = anchor !== undefined ? this.gazetteer.place(anchor, this.country) : undefined;
    if (lat !== undefined && lng !== undefined && place) {
      if (distanceKm(lat, lng, place.lat, place.lng) > 150) {
        if (valid(lng, lat) && distanceKm(lng, lat, place.lat, place.lng) <= 150) [lat, lng] = [lng, lat];
        else {
          lat = undefined;
          lng = undefined;
        }
      }
    }
    if (lat !== undefined && lng !== undefined && location.cityId === undefined && !input.city) {
      const near = this.nearestCity(lat, lng);
      if (near) {
        location.cityId = near.id;
        location.city = near.name;
        if (near.regionId !== undefined && location.regionId === undefined) {
          location.regionId = near.regionId;
          location.region = this.gazetteer.place(near.regionId, this.country)?.name;
        }
      }
    }
    if (lat !== undefined && lng !== undefined) {
      location.latitude = Math.round(lat * 1e6) / 1e6;
      location.longitude = Math.round(lng * 1e6) / 1e6;
    } else {
      const p =
        place ?? (location.regionId !== undefined ? this.gazetteer.place(location.regionId, this.country) : undefined);
      if (p) {
        location.latitude = p.lat;
        location.longitude = p.lng;
      }
    }
    return { location, unresolved };
  }

  private nearestCity(lat: number, lng: number): Place | undefined {
    const key = `${lat.toFixed(2)}:${lng.toFixed(2)}`;
    const known = this.nearCache.get(key);
    if (known !== undefined) return known ?? undefined;
    const [first] = this.gazetteer.nearestCities(this.country, lat, lng, 1);
    const found = first && first.km <= 25 ? first.place : undefined;
    if (this.nearCache.size > 50_000) this.nearCache.clear();
    this.nearCache.set(key, found ?? null);
    return found;
  }

  private resolveNames(input: FeedPlace): Location {
    const g = this.gazetteer;
    const location: Location = {};
    let region: Place | undefined;
    // A spelling correction is trusted only for a big place ("Milano" → Milan): a one-letter
    // neighbour of a partner's name is as likely a different town ("Torino" is not Trino).
    const trusted = (found: ResolvedPlace | undefined) =>
      found && (!found.corrected || found.place.population >= 50_000 || found.place.kind === 'region')
        ? found.place
        : undefined;
    if (input.region) {
      const r = trusted(g.resolve(this.country, input.region));
      if (r?.kind === 'region') region = r;
    }
    let city: Place | undefined;
    let area: Place | undefined;
    if (input.city) {
      const text = region ? `${input.city}, ${region.name}` : input.city;
      const p = trusted(g.resolve(this.country, text)) ?? trusted(g.resolve(this.country, input.city));
      if (p?.kind === 'city') city = p;
      else if (p?.kind === 'cityArea') {
        area = p;
        city = p.cityId !== undefined ? g.place(p.cityId, this.country) : undefined;
      }
    }
    if (city && input.cityArea && !area) {
      const norm = enumKey(input.cityArea);
      area = g.areasOf(city.id).find((a) => enumKey(a.name) === norm);
    }
    if (city) {
      const cityRegion = city.regionId !== undefined ? g.place(city.regionId, this.country) : undefined;
      region = cityRegion ?? region;
      location.cityId = city.id;
      location.city = city.name;
    } else if (input.city) {
      location.city = input.city;
    }
    if (area) {
      location.cityAreaId = area.id;
      location.cityArea = area.name;
    } else if (input.cityArea) {
      location.cityArea = input.cityArea;
    }
    if (region) {
      location.regionId = region.id;
      location.region = region.name;
    } else if (input.region) {
      location.region = input.region;
    }
    return location;
  }
}
