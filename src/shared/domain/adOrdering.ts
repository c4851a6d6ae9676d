import type { ListingAd } from './ad';

export const PREMIUM_BLOCK = 4;
/** The sections of the premium blocks (product-spec §3: top banner 26, bottom banner 27). */
export const PREMIUM_TOP_SECTION = 26;
export const PREMIUM_BOTTOM_SECTION = 27;

/**
 * How many premium ads go above and below the organic ads (product-spec §4).
 * With at least 5 organic ads: 4 and 4. With fewer, the top gets 0, 2 or 4 and
 * the bottom 0 or 4. The spec leaves the rest open; decision 006 fills it:
 * the top never holds more premium ads than the page has organic ads (so a
 * thin page is not all advertising), rounded down to an even number.
 */
export function premiumSplit(organicCount: number, premiumCount: number): { top: number; bottom: number } {
  if (organicCount >= 5) {
    const top = Math.min(PREMIUM_BLOCK, premiumCount);
    return { top, bottom: Math.min(PREMIUM_BLOCK, premiumCount - top) };
  }
  let top = Math.min(PREMIUM_BLOCK, premiumCount, organicCount * 2);
  top -= top % 2;
  const rest = premiumCount - top;
  return { top, bottom: organicCount > 0 && rest >= PREMIUM_BLOCK ? PREMIUM_BLOCK : 0 };
}

export interface OrderedResults<T extends ListingAd = ListingAd> {
  premiumTop: T[];
  organic: T[];
  premiumBottom: T[];
  /** With few results: ads for the same search near its place (section 206). */
  nearby: T[];
  /** With few results: ads like these without the searched words (section 207). */
  similarContent: T[];
}

/**
 * The order of a results page: premium top block, organic ads, premium bottom block, then with few
 * results the same search nearby and similar-content ads. The service gives every premium ad of a
 * search the top banner's section; those placed in the bottom block are in the bottom banner's,
 * numbered from 1 there (their clicks and impressions say so).
 */
export function orderResults<T extends ListingAd>(
  organic: T[],
  premium: T[],
  similarContent: T[],
  nearby: T[] = [],
): OrderedResults<T> {
  const { top, bottom } = premiumSplit(organic.length, premium.length);
  return {
    premiumTop: premium.slice(0, top),
    organic,
    premiumBottom: premium
      .slice(top, top + bottom)
      .map((ad, i) =>
        ad.attributes.section_id === PREMIUM_TOP_SECTION
          ? { ...ad, attributes: { ...ad.attributes, section_id: PREMIUM_BOTTOM_SECTION, position: i + 1 } }
          : ad,
      ),
    nearby,
    similarContent,
  };
}
