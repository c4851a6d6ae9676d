import type { Device } from '../routing/RouteRegistry';

/** Business constants of service-calls spec §9 and product-spec §3/§9, named once. */
export const APP_VERSION = '0.32.1';

/**
 * The client identifier the search service is told (service-calls spec §7, product-spec §1): it names the
 * app variant the visitor runs. The mobile app, which phones and tablets get (RouteRegistry.pageFor), is
 * "pwa-mobile"; the desktop variant is "pwa-desktop" (the spec says one exists but names no identifier).
 */
export const CLIENT_IDS = { mobile: 'pwa-mobile', desktop: 'pwa-desktop' } as const;

/** The client identifier for the device the server detected: a desktop never calls itself the mobile app. */
export function clientIdFor(device: Device): string {
  return device === 'desktop' ? CLIENT_IDS.desktop : CLIENT_IDS.mobile;
}

export const API_TIMEOUT_MS = 11_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const SOURCES_CACHE_SECONDS = 86_400;
export const SERVICE_WORKER_VERSION = 15;
export const REPORT_URL_LIMIT = 1000;
export const USER_AGENT_MAX_LENGTH = 500;
export const PHONE_WIDTH = 600;
export const LOCAL_STORAGE_SIZE = 4_980_736;

export const AUTOCOMPLETE_DEBOUNCE_MS = 600;
export const SUGGESTIONS_MAX = 3;
export const RELATED_ADS_COUNT = 6;
export const RELATED_ADS_POPUP_SHOWN = 2;
export const IMPRESSION_BATCH_SIZE = 15;
export const LOCATION_LABEL_MAX_GEO_NAMES = 2;
export const BREAKPOINTS = [320, 576, 768, 992, 1200] as const;

export const PUSH_BANNER_MAX_DISMISSALS = 3;
export const PUSH_BANNER_BLOCKED = 100;

export const DEVICE_IDS = { desktop: 1, mobile: 2, tablet: 3 } as const;
export const PUSH_DEVICE_ID = 2;
export const PUSH_BROWSER_ID = 2;
export const SECTION_TYPES = { unknown: 0, organic: 1, premium: 2 } as const;
/** The related-ads sections of an ad's duplicates (product-spec §3: mobile 149, desktop 157). */
export const DUPLICATE_SECTIONS: readonly number[] = [149, 157];
export const CLICK_TYPE_IDS = { clickIn: 2, other: 3 } as const;

export const AB_TEST_FORCED = { id: 666, option: 'B', platform: 'mobile', countries: ['fr', 'in'] } as const;
export const REDIRECT_FLOW = { id: 1530540436, option: 'B', maxCount: 3 } as const;

/** Tracking page types for error pages (service-calls spec §8). */
export const ERROR_PAGE_TYPES = { serverError: 17, otherError: 13 } as const;

export const SORT_KEYS = [
  'relevance',
  'source_date',
  'source_date_asc',
  'price_desc',
  'price',
  'price_per_meters_desc',
  'price_per_meters',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export const FREQUENCIES = ['daily', 'weekly', 'never'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** The longest what or where a search takes, in characters: the search service refuses more (a 400). */
export const SEARCH_TEXT_MAX = 200;

/** A text cut to a search's length, at a word's end where there is one: an ad title as a related search. */
export function clipSearchText(text: string): string {
  if (text.length <= SEARCH_TEXT_MAX) return text;
  const cut = text.slice(0, SEARCH_TEXT_MAX);
  const space = cut.lastIndexOf(' ');
  return (space > SEARCH_TEXT_MAX / 2 ? cut.slice(0, space) : cut).trimEnd();
}
