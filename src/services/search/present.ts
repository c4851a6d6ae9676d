import { countryByCode } from '../../../config/countries';
import type { Place } from '../places/Gazetteer';
import { distanceKm } from '../places/Gazetteer';
import {
  CAR_TYPES,
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
} from './reference';
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
  lang: Lang;
  currency: string;
  now: number;
}

const formats = new Map<string, Intl.NumberFormat>();

export function siteContext(site: SiteKey, now: number): SiteContext {
  const def = countryByCode(site.country);
  const locale = def?.locale ?? 'en-GB';
  return { site, locale, lang: langOf(locale), currency: def?.currency ?? 'EUR', now };
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

/** An ad as a JSON:API resource object: every field of the Ad entity (product-spec §3). */
export function adResource(ad: StoredAd, ctx: SiteContext, placement: Placement): Record<string, unknown> {
  const iso = new Date(ad.date * 1000).toISOString();
  const price = ad.price;
  const campaigns = (ad.source?.campaigns ?? []).filter((c) => c.active);
  const l = ad.location;
  const description =
    placement.listing && ad.description.length > 280 ? `${ad.description.slice(0, 277)}...` : ad.description;
  const distance =
    placement.from && l.latitude !== undefined && l.longitude !== undefined
      ? Math.round(distanceKm(placement.from.lat, placement.from.lng, l.latitude, l.longitude) * 10) / 10
      : null;
  const vertical: Record<string, unknown> = {
    images: ad.images,
    totalImages: ad.images.length,
    ecoScore: ad.ecoScore ?? null,
    price: price
      ? {
          value: price.value,
          valueFormatted: formatPrice(price.value, ad.currency, ctx.locale),
          oldValue: price.oldValue ?? null,
          oldValueFormatted: price.oldValue !== undefined ? formatPrice(price.oldValue, ad.currency, ctx.locale) : null,
          isWeekly: price.isWeekly ?? false,
          currency: ad.currency,
          history: price.history ?? [],
        }
      : null,
    typeId: ad.typeId ?? null,
    address: l.address ?? null,
    amenities: ad.amenities ?? [],
    geoOsm: l.latitude !== undefined && l.longitude !== undefined ? { lat: l.latitude, lon: l.longitude } : null,
    ...verticalFields(ad, ctx.lang),
  };
  return {
    type: 'ads',
    id: ad.id,
    attributes: {
      date: iso,
      timeAgoSeconds: Math.max(0, Math.floor(ctx.now - ad.date)),
      title: ad.title,
      description,
      descriptionOriginal: ad.description,
      url: ad.url,
      redirectUrl: ad.url,
      premium: isPremium(ad),
      fresh: ctx.now - ad.date < FRESH_SECONDS,
      expired: ad.expired,
      section_id: placement.sectionId,
      section_type_id: placement.sectionTypeId,
      isAlternativeAd: placement.isAlternativeAd ?? false,
      isSimilarContentAd: placement.isSimilarContentAd ?? false,
      position: placement.position,
      visitCount: 0,
      distanceFromWhere: distance,
      totalSources: placement.totalSources ?? 1,
      attributes: { date: iso, vertical_properties: { price: { value: price?.value ?? null } } },
      location: {
        latitude: l.latitude ?? null,
        longitude: l.longitude ?? null,
        cityInfo: l.cityId !== undefined ? { id: l.cityId, name: l.city ?? null, regionId: l.regionId ?? null } : null,
        city: l.city ?? null,
        cityArea: l.cityArea ?? null,
        region: l.region ?? null,
        postalCode: l.postalCode ?? null,
        geoIds: { region: l.regionId ?? null, city: l.cityId ?? null, cityArea: l.cityAreaId ?? null },
      },
      source: {
        id: ad.sourceId,
        name: ad.source?.name ?? null,
        image: ad.source?.image ?? null,
        ad: {
          id: ad.partnerAdId,
          url: ad.url,
          hasAdpageForm: ad.source?.hasAdpageForm ?? false,
          contactEmail: ad.source?.contactEmail ?? null,
          contactPhone: ad.source?.contactPhone ?? null,
          campaignIds: campaigns.map((c) => c.id),
          cpcMobile: campaigns[0]?.cpcMobile ?? 0,
          cpcDesktop: campaigns[0]?.cpcDesktop ?? 0,
        },
      },
      site: { countryCode: ad.country, vertical: ad.vertical },
      vertical_properties: vertical,
    },
  };
}

function verticalFields(ad: StoredAd, lang: Lang): Record<string, unknown> {
  if (ad.homes) {
    const h = ad.homes;
    return {
      ...h,
      propertyTypeLabel: labelOf(PROPERTY_TYPES, h.propertyType, lang),
      typeLabel: ad.typeId !== undefined ? labelOf(DEAL_TYPES, ad.typeId, lang) : null,
      parking: h.parking ?? false,
      newBuilding: h.newBuilding ?? false,
      priceMeter: ad.price && h.floorArea ? Math.round(ad.price.value / h.floorArea) : null,
    };
  }
  if (ad.cars) {
    const c = ad.cars;
    return {
      ...c,
      typeLabel: c.type ? labelOf(CAR_TYPES, c.type, lang) : null,
      fuelLabel: c.fuel ? labelOf(FUELS, c.fuel, lang) : null,
      transmissionLabel: c.transmission ? labelOf(TRANSMISSIONS, c.transmission, lang) : null,
    };
  }
  if (ad.jobs) {
    const j = ad.jobs;
    return {
      ...j,
      categoryLabel: labelOf(JOB_CATEGORIES, j.category, lang),
      jobTypeLabel: j.jobType ? labelOf(JOB_TYPES, j.jobType, lang) : null,
      workingHoursLabel: j.workingHours ? labelOf(WORKING_HOURS, j.workingHours, lang) : null,
    };
  }
  if (ad.products) {
    return {
      categoryId: ad.products.categoryId,
      categoryLabel: labelOf(PRODUCT_CATEGORIES, ad.products.categoryId, lang),
    };
  }
  return {};
}
