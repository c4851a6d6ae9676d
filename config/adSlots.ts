import type { BREAKPOINTS } from '../src/shared/domain/constants';

/**
 * Display ad slots (product-spec §3 "Ad slot", §4 "Ad slots"), described per
 * page type and site, and the ad network each site uses. No site configures
 * a network by default: with none, no tag script is loaded and the slots
 * render nothing. Decision 050.
 */

/** A creative size in pixels, or 'fluid' (native ads that take the container's width). */
export type AdSize = readonly [number, number] | 'fluid';

export type Breakpoint = (typeof BREAKPOINTS)[number];

/** Sizes allowed from a viewport width up (GPT's size mapping, viewport height 0). */
export interface SizeMappingEntry {
  readonly viewport: Breakpoint;
  readonly sizes: readonly AdSize[];
}

/** The page types that carry slots. */
export type AdPageType = 'home' | 'serp' | 'adpage';

export interface AdSlotConfig {
  /** Unique on the site; the slot's element id is `ad-slot-<slotId>`. */
  readonly slotId: string;
  readonly pageType: AdPageType;
  /** The network the slot is sold in; the site's network when empty. */
  readonly dfpNetworkId: string;
  /** Ad unit path under the network (`trawl/uk/homes/serp_top`): `{country}` and `{vertical}` substituted. */
  readonly adUnit: string;
  readonly sizes: readonly AdSize[];
  readonly sizeMapping: readonly SizeMappingEntry[];
  readonly renderOutOfThePage: boolean;
  readonly targetingArguments: Readonly<Record<string, string | readonly string[]>>;
  /** AdSense attributes for backfill (adsense_channel_ids …), set on the slot when the tag supports it. */
  readonly adSenseAttributes: Readonly<Record<string, string>>;
  /** Refreshed on client navigation while it stays on the page. */
  readonly slotShouldRefresh: boolean;
  /** Tracking section (spec §3: top banner 26, bottom banner 27). */
  readonly sectionId?: number;
}

export interface AdNetwork {
  readonly networkId: string;
  readonly tagUrl: string;
  /** Single-request mode (SRA), on by default (spec §3). */
  readonly singleRequest: boolean;
}

/** The GPT tag, as the spec's "third-party tag script". */
export const DEFAULT_AD_TAG_URL = 'https://securepubads.g.doubleclick.net/tag/js/gpt.js';

/** Origins GPT itself loads creatives and scripts from, allowed in the CSP beside the tag's own when the tag is GPT's. */
export const GPT_ORIGINS = [
  'https://securepubads.g.doubleclick.net',
  'https://pagead2.googlesyndication.com',
  'https://tpc.googlesyndication.com',
  'https://googleads.g.doubleclick.net',
] as const;

/** Per-country network ids. Empty: no country sells display ads yet (set AD_NETWORK_ID to turn them on everywhere). */
export const SITE_AD_NETWORKS: Readonly<Record<string, string>> = {};

const BANNER_MAPPING: readonly SizeMappingEntry[] = [
  {
    viewport: 320,
    sizes: [
      [320, 50],
      [300, 50],
    ],
  },
  {
    viewport: 576,
    sizes: [
      [320, 100],
      [320, 50],
    ],
  },
  { viewport: 768, sizes: [[728, 90]] },
  {
    viewport: 992,
    sizes: [
      [728, 90],
      [970, 90],
    ],
  },
  {
    viewport: 1200,
    sizes: [
      [970, 90],
      [970, 250],
      [728, 90],
    ],
  },
];

const RECTANGLE_MAPPING: readonly SizeMappingEntry[] = [
  { viewport: 320, sizes: [[300, 250]] },
  { viewport: 576, sizes: [[300, 250]] },
  {
    viewport: 768,
    sizes: [
      [728, 90],
      [300, 250],
    ],
  },
  { viewport: 992, sizes: [[728, 90]] },
  {
    viewport: 1200,
    sizes: [
      [970, 90],
      [728, 90],
    ],
  },
];

const allSizes = (mapping: readonly SizeMappingEntry[]): AdSize[] => {
  const seen = new Map<string, AdSize>();
  for (const entry of mapping) for (const size of entry.sizes) seen.set(String(size), size);
  return [...seen.values()];
};

const slot = (
  slotId: string,
  pageType: AdPageType,
  unit: string,
  mapping: readonly SizeMappingEntry[],
  extra: Partial<AdSlotConfig> = {},
): AdSlotConfig => ({
  slotId,
  pageType,
  dfpNetworkId: '',
  adUnit: `trawl/{country}/{vertical}/${unit}`,
  sizes: allSizes(mapping),
  sizeMapping: mapping,
  renderOutOfThePage: false,
  targetingArguments: { page: pageType, pos: unit },
  adSenseAttributes: {},
  slotShouldRefresh: true,
  ...extra,
});

/** The slots of every site, by page type. */
export const AD_SLOTS: readonly AdSlotConfig[] = [
  slot('home-bottom', 'home', 'home_bottom', RECTANGLE_MAPPING, { slotShouldRefresh: false }),
  slot('serp-top', 'serp', 'serp_top', BANNER_MAPPING, {
    sectionId: 26,
    adSenseAttributes: { adsense_channel_ids: '200' },
  }),
  slot('serp-bottom', 'serp', 'serp_bottom', RECTANGLE_MAPPING, {
    sectionId: 27,
    adSenseAttributes: { adsense_channel_ids: '201' },
  }),
  slot('adpage-bottom', 'adpage', 'adpage_bottom', RECTANGLE_MAPPING),
];

/** Per-country slot overrides (targeting, units); none yet. */
export const SITE_AD_SLOT_OVERRIDES: Readonly<Record<string, Readonly<Record<string, Partial<AdSlotConfig>>>>> = {};

export interface AdNetworkOptions {
  /** AD_NETWORK_ID: one network for every site; 'none' turns ads off everywhere; empty: per-site config. */
  networkId?: string;
  /** AD_TAG_URL. */
  tagUrl?: string;
  singleRequest?: boolean;
}

/** The network a site's pages use, or null when it has none. */
export function adNetworkFor(country: string, options: AdNetworkOptions = {}): AdNetwork | null {
  const override = options.networkId?.trim() ?? '';
  if (override === 'none') return null;
  const networkId = override || SITE_AD_NETWORKS[country] || '';
  if (!networkId) return null;
  return {
    networkId,
    tagUrl: options.tagUrl?.trim() || DEFAULT_AD_TAG_URL,
    singleRequest: options.singleRequest ?? true,
  };
}

/** A site's slot by id, with the country's overrides applied and the unit path filled in. */
export function adSlotFor(slotId: string, country: string, vertical: string): AdSlotConfig | undefined {
  const base = AD_SLOTS.find((s) => s.slotId === slotId);
  if (!base) return undefined;
  const merged = { ...base, ...SITE_AD_SLOT_OVERRIDES[country]?.[slotId] };
  return { ...merged, adUnit: merged.adUnit.replace('{country}', country).replace('{vertical}', vertical) };
}

/** The slots a page type carries. */
export const adSlotsOf = (pageType: AdPageType): AdSlotConfig[] => AD_SLOTS.filter((s) => s.pageType === pageType);

/** The height to reserve at a breakpoint: the tallest fixed size the mapping allows there (0 for fluid only). */
export function reservedHeight(entry: SizeMappingEntry): number {
  return Math.max(0, ...entry.sizes.map((s) => (s === 'fluid' ? 0 : s[1])));
}

/** The origins the CSP must allow for a tag URL: its own, and GPT's when it is GPT. */
export function adTagOrigins(tagUrl: string): string[] {
  let origin: string;
  try {
    origin = new URL(tagUrl).origin;
  } catch {
    return [];
  }
  return origin === new URL(DEFAULT_AD_TAG_URL).origin ? [...GPT_ORIGINS] : [origin];
}

/** The element id of a slot's container (the page renders it; the ad tag fills it). */
export const adSlotElementId = (slotId: string): string => `ad-slot-${slotId}`;
