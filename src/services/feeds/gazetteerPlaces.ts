import type { Gazetteer, Place, ResolvedPlace } from '../places/Gazetteer';
import type { AdInput } from '../search/types';
import type { NamedPlace, NearCity, PlaceLookup } from './placeResolver';
import { enumKey } from './values';

type Location = AdInput['location'];

/** `PlaceLookup` answered by the gazetteer, for one country's records. */
export class GazetteerPlaces implements PlaceLookup {
  constructor(
    private readonly gazetteer: Gazetteer,
    private readonly country: string,
  ) {}

  names(input: { region?: string; city?: string; cityArea?: string }): NamedPlace {
    const location = this.resolveNames(input);
    const named: NamedPlace = { location };
    const anchorId = location.cityAreaId ?? location.cityId;
    const anchor = anchorId !== undefined ? this.gazetteer.place(anchorId, this.country) : undefined;
    if (anchor) named.anchor = { lat: anchor.lat, lng: anchor.lng };
    const region = location.regionId !== undefined ? this.gazetteer.place(location.regionId, this.country) : undefined;
    if (region) named.region = { lat: region.lat, lng: region.lng };
    return named;
  }

  nearestCity(lat: number, lng: number): NearCity | null {
    const [first] = this.gazetteer.nearestCities(this.country, lat, lng, 1);
    if (!first || first.km > 25) return null;
    const place = first.place;
    const near: NearCity = { id: place.id, name: place.name };
    if (place.regionId !== undefined) {
      near.regionId = place.regionId;
      near.regionName = this.gazetteer.place(place.regionId, this.country)?.name;
    }
    return near;
  }

  private resolveNames(input: { region?: string; city?: string; cityArea?: string }): Location {
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
