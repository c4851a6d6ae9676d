import type { Vertical } from '../../../config/verticals';

/** One site: a country (our lower-case code) and a vertical. */
export interface SiteKey {
  readonly country: string;
  readonly vertical: Vertical;
}

export interface Campaign {
  readonly id: number;
  readonly cpcMobile: number;
  readonly cpcDesktop: number;
  readonly active: boolean;
}

/** A partner publishing ads on one site. Ads of a source with an active campaign are premium. */
export interface Source {
  readonly id: number;
  readonly name: string;
  /** Logo URL (served by Trawl). */
  readonly image: string;
  readonly country: string;
  readonly vertical: Vertical;
  readonly contactEmail: string;
  readonly contactPhone: string;
  readonly hasAdpageForm: boolean;
  readonly campaigns: readonly Campaign[];
}

export interface HomesProperties {
  propertyType: string;
  rooms?: number;
  bathrooms?: number;
  floorArea?: number;
  plotArea?: number;
  parking?: boolean;
  newBuilding?: boolean;
  year?: number;
  orientation?: string;
  furnished?: boolean;
  rentToOwn?: boolean;
  floorNumber?: number;
  overseas?: boolean;
  foreclosure?: boolean;
  condition?: string;
  byOwner?: boolean;
}

export interface CarsProperties {
  make: string;
  model: string;
  mileage?: number;
  year?: number;
  doors?: number;
  /** Body type (`carType` filter). */
  type?: string;
  power?: number;
  fuel?: string;
  transmission?: string;
  color?: string;
  sizeEngine?: number;
  seats?: number;
  gears?: number;
  guarantee?: boolean;
  co2Emissions?: number;
  /** Litres per 100 km (a feed's miles per gallon are converted on import). */
  fuelConsumption?: number;
  bestValue?: boolean;
}

export interface JobsProperties {
  /** Yearly salary in the site's currency. */
  salary?: number;
  /** The salary as the partner wrote it, when it says more than one figure ("£45,000 - £55,000 per year"). */
  salaryText?: string;
  /** The studies asked for, as the partner wrote them. */
  studies?: string;
  category: number;
  telecommute?: boolean;
  jobType?: string;
  workingHours?: string;
  /** Years of experience asked for. */
  experience?: number;
  company?: string;
  requirements?: string;
  vacancies?: number;
}

export interface ProductsProperties {
  categoryId: number;
  /** The other categories a partner lists the thing in ("Furniture, Kids"): a filter of any finds it. */
  otherCategoryIds?: number[];
}

export interface PricePoint {
  /** Epoch seconds. */
  readonly date: number;
  readonly value: number;
}

/** An ad as written to the store (from a feed or the demo generator). */
export interface AdInput {
  /** Opaque id; derived from site, source and partner id when absent. */
  id?: string;
  country: string;
  vertical: Vertical;
  sourceId: number;
  /** The partner's own id of the ad. */
  partnerAdId: string;
  /** The partner's page of the ad: where a click-out goes. */
  url: string;
  title: string;
  description: string;
  /** Publication date, epoch seconds. */
  date: number;
  /** Ads sharing a group are the same ad published by several sources. */
  duplicateGroup?: number;
  expired?: boolean;
  location: {
    regionId?: number;
    cityId?: number;
    cityAreaId?: number;
    region?: string;
    city?: string;
    cityArea?: string;
    postalCode?: string;
    latitude?: number;
    longitude?: number;
    address?: string;
  };
  images: string[];
  currency: string;
  price?: { value: number; oldValue?: number; isWeekly?: boolean; history?: PricePoint[] };
  /** Homes deal type (spec "property type ids"), products category id. */
  typeId?: number;
  ecoScore?: number;
  amenities?: string[];
  homes?: HomesProperties;
  cars?: CarsProperties;
  jobs?: JobsProperties;
  products?: ProductsProperties;
  /** Keyword phrases this ad feeds into the SEO index; derived from the title when absent. */
  keywords?: string[];
  /**
   * Partner values that map onto no field (unknown elements, enumerated values we do not know,
   * numbers out of their plausible range), by the feed's field name. Written by feed imports.
   */
  feedAttributes?: Record<string, string>;
  /** The partner's `expiration_date` (epoch seconds): the ad leaves search then. */
  expiresAt?: number;
}

/** An ad read back from the store. */
export interface StoredAd extends AdInput {
  id: string;
  /** Internal key: insertion order, which follows publication order. */
  key: number;
  expired: boolean;
  source: Source | undefined;
}

export type Sort =
  | 'relevance'
  | 'source_date'
  | 'source_date_asc'
  | 'price_desc'
  | 'price'
  | 'price_per_meters_desc'
  | 'price_per_meters';

export const SORTS: readonly Sort[] = [
  'relevance',
  'source_date',
  'source_date_asc',
  'price_desc',
  'price',
  'price_per_meters_desc',
  'price_per_meters',
];

/** Fields a query can require to take one of a set of values (exact match). */
export type TagField =
  | 'region'
  | 'city'
  | 'cityArea'
  | 'typeId'
  | 'propertyType'
  | 'make'
  | 'model'
  | 'carType'
  | 'transmission'
  | 'fuel'
  | 'category'
  | 'company'
  | 'jobType'
  | 'workingHours'
  | 'telecommute'
  | 'photos'
  | 'decreasePrice'
  | 'parking'
  | 'newBuild'
  | 'source';

/** Numeric fields a query can bound. */
export type RangeField =
  | 'price'
  | 'area'
  | 'rooms'
  | 'bathrooms'
  | 'year'
  | 'mileage'
  | 'doors'
  | 'salary'
  | 'experience'
  | 'date'
  | 'lat'
  | 'lng';

/** What the store is asked: a structured query, free of SQL. */
export interface CandidateQuery {
  site: SiteKey;
  /** Folded words that must all occur in the title or body (each may list variants). */
  terms: string[][];
  tags: { field: TagField; values: (string | number)[] }[];
  ranges: { field: RangeField; min?: number; max?: number }[];
  /** Newest first or oldest first. */
  order: 'newest' | 'oldest';
  /** At most this many candidates are returned (the candidate cap). */
  limit: number;
  /** Keys to leave out (e.g. the ad whose related ads are asked). */
  excludeIds?: string[];
}

/** One candidate: the fields ranking, sorting and facets need. */
export interface Candidate {
  key: number;
  id: string;
  score: number;
  date: number;
  price: number | null;
  pricePerMeter: number | null;
  sourceId: number;
  duplicateGroup: number | null;
  regionId: number | null;
  cityId: number | null;
  cityAreaId: number | null;
  typeId: number | null;
  kind: string | null;
  make: string | null;
  model: string | null;
  fuel: string | null;
  transmission: string | null;
  category: number | null;
  company: string | null;
  jobType: string | null;
  workingHours: string | null;
  rooms: number | null;
  lat: number | null;
  lng: number | null;
}

export interface CandidateResult {
  candidates: Candidate[];
  /** True when every match was seen: counts are exact. */
  complete: boolean;
  /** Exact when complete, otherwise an estimate from the share of the site scanned. */
  total: number;
}

export interface KeywordRow {
  keyword: string;
  norm: string;
  categoryId: number | null;
  ads: number;
  searches: number;
}
