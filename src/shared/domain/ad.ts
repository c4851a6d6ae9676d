/** An ad as the search service answers it (JSON:API resource; product-spec §3 "Ad"). */
export interface AdPrice {
  value: number;
  valueFormatted: string;
  oldValue: number | null;
  oldValueFormatted: string | null;
  isWeekly: boolean;
  currency?: string;
}

/**
 * Whether a page shows an ad's price as dropped (its old one struck through, the badge): when it is
 * lower than before, but not a job's salary, which a job seeker reads as no bargain.
 */
export function priceDropped(price: Pick<AdPrice, 'value' | 'oldValue'> | null | undefined, target: string): boolean {
  return target !== 'jobs' && price?.oldValue != null && price.oldValue > price.value;
}

export interface AdAttributes {
  date: string;
  timeAgoSeconds: number;
  title: string;
  description: string;
  descriptionOriginal?: string;
  url: string;
  premium: boolean;
  fresh: boolean;
  expired?: boolean;
  /** When the ad leaves search, as its partner said (ISO); null when it did not. */
  expirationDate?: string | null;
  section_id: number;
  section_type_id: number;
  isAlternativeAd: boolean;
  isSimilarContentAd: boolean;
  position: number;
  visitCount: number;
  distanceFromWhere: number | null;
  totalSources: number;
  location: {
    latitude: number | null;
    longitude: number | null;
    city: string | null;
    cityArea: string | null;
    region: string | null;
    postalCode: string | null;
  };
  source: {
    id: number;
    name: string | null;
    image: string | null;
    ad: { id: string; url: string; hasAdpageForm: boolean; contactEmail: string | null; contactPhone: string | null };
  };
  vertical_properties: {
    images: string[];
    totalImages: number;
    price: AdPrice | null;
    typeId: number | null;
    address: string | null;
    [key: string]: unknown;
  };
}

export interface Ad {
  type: 'ads';
  id: string;
  attributes: AdAttributes;
}

/**
 * An ad as a list shows it (a card: picture, title, price, place, age, source,
 * badges) and clicks it: what a results page keeps in its state and sends to
 * the browser. A whole `Ad` is one too.
 */
export interface ListingAd {
  type: 'ads';
  id: string;
  attributes: Pick<
    AdAttributes,
    'date' | 'timeAgoSeconds' | 'title' | 'premium' | 'fresh' | 'section_id' | 'section_type_id' | 'position'
  > & {
    totalSources: number;
    location: Pick<AdAttributes['location'], 'city' | 'cityArea' | 'region'>;
    source: { id: number; name: string | null; ad: Pick<AdAttributes['source']['ad'], 'hasAdpageForm'> };
    vertical_properties: { images: string[]; price: AdPrice | null };
  };
}

/**
 * The members of an ad that `ListingAd` keeps, as a JSON:API sparse fieldset
 * (`fields[ads]`): a results page asks the search service for these only, so
 * the service builds nothing else. Keep it in step with `listingAd` below.
 */
export const LISTING_AD_FIELDS = [
  'date',
  'timeAgoSeconds',
  'title',
  'premium',
  'fresh',
  'section_id',
  'section_type_id',
  'position',
  'totalSources',
  'location.city',
  'location.cityArea',
  'location.region',
  'source.id',
  'source.name',
  'source.ad.hasAdpageForm',
  'vertical_properties.images',
  'vertical_properties.price',
].join(',');

/** The members of `meta.keyword` a results page reads (`fields[keyword]`); see `pageMeta` in src/state/search.ts. */
export const PAGE_KEYWORD_FIELDS = ['what', 'where', 'didYouMeanWhat', 'redirectWhat', 'redirectWhere', 'geoInfo'].join(
  ',',
);

/** A jobs site's results page also reads the place's kind: its place is a filter, named by kind (decision 083). */
export const JOBS_PAGE_KEYWORD_FIELDS = `${PAGE_KEYWORD_FIELDS},region,city,cityArea`;

/** Whether the visitor goes to our ad page (its source takes contact through our form) or out to the partner. */
export function goesToAdPage(ad: ListingAd): boolean {
  return ad.attributes.source.ad.hasAdpageForm;
}

/** The card's part of an ad (about a third of the whole): the first picture, no description, no facts. */
export function listingAd(ad: ListingAd): ListingAd {
  const a = ad.attributes;
  const price = a.vertical_properties.price;
  return {
    type: 'ads',
    id: ad.id,
    attributes: {
      date: a.date,
      timeAgoSeconds: a.timeAgoSeconds,
      title: a.title,
      premium: a.premium,
      fresh: a.fresh,
      section_id: a.section_id,
      section_type_id: a.section_type_id,
      position: a.position,
      totalSources: a.totalSources,
      location: { city: a.location.city, cityArea: a.location.cityArea, region: a.location.region },
      source: { id: a.source.id, name: a.source.name, ad: { hasAdpageForm: a.source.ad.hasAdpageForm } },
      vertical_properties: {
        images: a.vertical_properties.images.slice(0, 1),
        price: price && {
          value: price.value,
          valueFormatted: price.valueFormatted,
          oldValue: price.oldValue,
          oldValueFormatted: price.oldValueFormatted,
          isWeekly: price.isWeekly,
        },
      },
    },
  };
}

export interface GeoInfo {
  id: number;
  name: string;
  visible: boolean;
}

/** A place of the keyword's lineage (`region`, `city`, `cityArea`). */
export interface PlaceRef {
  id: number;
  name: string;
}

export interface Pagination {
  page: number;
  maxPage: number;
  self?: string;
  previous?: string | null;
  next?: string | null;
  last?: string | null;
}

export interface FacetValue {
  value: string | number;
  label?: string;
  count: number;
}

export interface SearchMeta {
  title?: string;
  description?: string;
  totalCount: number;
  totalPremiumCount: number;
  countIsEstimate?: boolean;
  fresh?: number;
  facets?: Record<string, FacetValue[] | unknown>;
  pagination: Pagination;
  premium?: Ad[];
  alternativeAds?: Ad[];
  similarContentAds?: Ad[];
  keyword?: {
    what?: string;
    where?: string;
    didYouMeanWhat?: string | null;
    redirectWhat?: string | null;
    redirectWhere?: string | null;
    geoInfo?: GeoInfo[];
    region?: PlaceRef | null;
    city?: PlaceRef | null;
    cityArea?: PlaceRef | null;
    breadcrumb?: Array<{ name: string; url?: string }>;
    similarKeywords?: Array<{ keyword: string; url: string }>;
  };
}

export interface Suggestion {
  prefix: string;
  name: string;
  /** Words after the name, where the site's language puts them there ("東京|の住宅"). */
  suffix?: string;
  total: number;
  query: Record<string, unknown>;
}
