import { regionOfCode } from '../places/regionCodes';
import type { Gazetteer, Place, ResolvedPlace } from '../places/Gazetteer';
import type { AdInput } from '../search/types';
import { distanceKm } from '../places/distance';
import type { NamedPlace, NameQuestion, NearCity, PlaceLookup } from './placeResolver';
import { detached, enumKey } from './values';

type Location = AdInput['location'];

/** How far (km) from a partner's coordinates a city of their record's name is another namesake's. */
const NAMESAKE_KM = 150;

/** How far (km) from a town's or area's centre a record's coordinates may be for it to be their place. */
const NEAREST_KM = 25;

/** `PlaceLookup` answered by the gazetteer, for one country's records. */
export class GazetteerPlaces implements PlaceLookup {
  constructor(
    private readonly gazetteer: Gazetteer,
    private readonly country: string,
  ) {}

  names(input: NameQuestion): NamedPlace {
    const { location, cityNamesRegion } = this.resolveNames(input);
    const named: NamedPlace = { location };
    const anchorId = location.cityAreaId ?? location.cityId;
    const anchor = anchorId !== undefined ? this.gazetteer.place(anchorId, this.country) : undefined;
    if (anchor) named.anchor = { lat: anchor.lat, lng: anchor.lng };
    const region = location.regionId !== undefined ? this.gazetteer.place(location.regionId, this.country) : undefined;
    if (region) {
      named.region = { lat: region.lat, lng: region.lng };
      // Without a city or area, the record's coordinates are checked against the region's places.
      const box = anchor ? undefined : this.gazetteer.regionBounds(region);
      if (box) named.regionBox = box;
    }
    if (cityNamesRegion) named.cityNamesRegion = true;
    return named;
  }

  nearestCity(lat: number, lng: number): NearCity | null {
    const found = this.gazetteer.nearestPlace(this.country, lat, lng, NEAREST_KM);
    const area = found?.kind === 'cityArea' ? found : undefined;
    const place = area?.cityId !== undefined ? this.gazetteer.place(area.cityId, this.country) : found;
    if (!place || place.kind !== 'city') return null;
    const near: NearCity = { id: place.id, name: place.name };
    if (area) {
      near.areaId = area.id;
      near.areaName = area.name;
    }
    // An area across its city's border is of its own side's region (`resolveNames`).
    const own = area?.regionId !== undefined && area.regionId !== place.regionId ? area : place;
    if (own.regionId !== undefined) {
      near.regionId = own.regionId;
      near.regionName = this.gazetteer.place(own.regionId, this.country)?.name;
    }
    const other = this.gazetteer.otherRegionOf(own);
    if (other) near.otherRegionId = other.id;
    return near;
  }

  /**
   * The record's names resolved. A `<region>` that names a region (`Gazetteer.resolveRegion`: regions
   * first, "Madrid" is the region) holds the city: only a place of that region is taken
   * (`Gazetteer.placeIn`), else the city stays text and the region stays. A region found only by a
   * spelling correction is less sure than the city: a city found elsewhere takes its own region then.
   * A `<city>` that names a region (and no city) gives that region, and that region's city known by
   * the same name ("Ciudad de México" is the city of Ciudad de México in the region of that name).
   */
  private resolveNames(written: NameQuestion): {
    location: Location;
    cityNamesRegion: boolean;
  } {
    const g = this.gazetteer;
    const country = this.country;
    const location: Location = {};
    // A region by its code ("IL", "SP", "NSW"), also after the city ("Portland, ME"): the city of that name
    // in that region, not its biggest namesake (Springfield, Missouri for "IL|Springfield").
    const input = { ...written };
    const coded = input.region ? regionOfCode(country, input.region) : undefined;
    if (coded) input.region = coded;
    const cityAndCode = !input.region && input.city ? /^(.+?),\s*([A-Za-z]{2,5})\.?$/.exec(input.city) : null;
    const codeAfter = cityAndCode ? regionOfCode(country, cityAndCode[2] as string) : undefined;
    if (cityAndCode && codeAfter) {
      input.region = codeAfter;
      input.city = cityAndCode[1];
    } else if (!input.region && input.city) {
      // "Kadıköy, İstanbul": a city then its region, by the region's name: the city is one of that region
      // (not a namesake elsewhere: a village of Yalova), or stays text in it.
      const comma = /^(.+?),\s*([^,]{3,})$/.exec(input.city);
      const named = comma ? g.resolveRegion(country, comma[2] as string) : undefined;
      if (comma && named && !named.corrected && named.place.kind === 'region') {
        input.region = comma[2];
        input.city = comma[1];
      }
    }
    // A spelling correction is trusted only for a big place ("Milano" → Milan): a one-letter
    // neighbour of a partner's name is as likely a different town ("Torino" is not Trino).
    const trusted = (found: ResolvedPlace | undefined) =>
      found && (!found.corrected || found.place.population >= 50_000 || found.place.kind === 'region')
        ? found.place
        : undefined;
    let region: Place | undefined;
    /** The region was named, not guessed by a spelling correction: a city must lie in it. */
    let regionHolds = false;
    if (input.region) {
      const found = g.resolveRegion(country, input.region);
      const p = trusted(found);
      const r = p?.kind === 'region' ? p : p?.regionId !== undefined ? g.place(p.regionId, country) : undefined;
      if (r) {
        region = r;
        regionHolds = found?.corrected === false;
      }
    }
    let city: Place | undefined;
    let area: Place | undefined;
    let cityNamesRegion = false;
    if (input.city) {
      let p: Place | undefined;
      if (region) {
        p = trusted(g.placeIn(country, input.city, region));
        if (!p && !regionHolds) p = trusted(g.resolve(country, input.city));
        // The city names the region itself, in any of its spellings ("Comunidad de Madrid" in Madrid).
        const named = p ? undefined : g.resolveRegion(country, input.city);
        if (named && !named.corrected && named.place.id === region.id) cityNamesRegion = true;
      } else {
        p = trusted(g.resolve(country, input.city));
        if (!p) {
          // A region as partners spell it ("Comunidad de Madrid"), which is no place's name.
          const named = g.resolveRegion(country, input.city);
          if (named?.place.kind === 'region' && !named.corrected) p = named.place;
        }
        // A <city> that names a region and no city (Ciudad de México), or a city of that region too
        // (Querétaro); not a region whose name is another region's city's: a partner's "Washington" is
        // the capital, whatever the state's size beside the towns so named.
        if (p?.kind === 'region' && g.namesCity(country, input.city) && !g.placeIn(country, input.city, p, true))
          p = undefined;
        if (p?.kind === 'region') {
          region = p;
          cityNamesRegion = true;
          p = g.placeIn(country, input.city, p, true)?.place;
        }
      }
      if (p?.kind === 'city') city = p;
      else if (p?.kind === 'cityArea') {
        area = p;
        city = p.cityId !== undefined ? g.place(p.cityId, country) : undefined;
      }
    }
    // No region named, and the partner's coordinates far from the city: the namesake they point at.
    const near = input.near;
    if (near && city && !input.region && distanceKm(near.lat, near.lng, city.lat, city.lng) > NAMESAKE_KM) {
      const other = g.namesakeNear(country, input.city as string, near.lat, near.lng, NAMESAKE_KM);
      if (other?.kind === 'city') {
        city = other;
        area = undefined;
      } else if (other?.kind === 'cityArea' && other.cityId !== undefined) {
        area = other;
        city = g.place(other.cityId, country);
      }
      if (other) region = undefined;
    }
    if (city && input.cityArea && !area) {
      const norm = enumKey(input.cityArea);
      area = g.areaIn(city, input.cityArea) ?? g.areasOf(city.id).find((a) => enumKey(a.name) === norm);
    }
    if (city) {
      // A region that holds stays: the city is in it (`Gazetteer.isIn`), if perhaps filed under a neighbour.
      // Else the area's, which is its city's but across a border (Chacao, of Caracas, is Miranda's).
      const ownRegion = area?.regionId ?? city.regionId;
      const cityRegion = ownRegion !== undefined ? g.place(ownRegion, country) : undefined;
      if (!regionHolds) region = cityRegion ?? region;
      location.cityId = city.id;
      location.city = city.name;
      cityNamesRegion = false;
    } else if (input.city && !cityNamesRegion) {
      // Of their own: answers are cached (`detached`).
      location.city = detached(input.city);
    }
    if (area) {
      location.cityAreaId = area.id;
      location.cityArea = area.name;
    } else if (input.cityArea) {
      location.cityArea = detached(input.cityArea);
    }
    if (region) {
      location.regionId = region.id;
      location.region = region.name;
    } else if (input.region) {
      location.region = detached(input.region);
    }
    return { location, cityNamesRegion };
  }
}
