import { adSlotElementId, type AdNetwork, type AdSlotConfig } from '../../config/adSlots';

/** The part of GPT's `googletag` API Trawl uses (a stand-in in the tests implements the same). */
interface GptSlot {
  addService(service: unknown): GptSlot;
  defineSizeMapping(mapping: unknown): GptSlot;
  setTargeting(key: string, value: string | string[]): GptSlot;
  set?(key: string, value: string): GptSlot;
}
interface GptPubAds {
  enableSingleRequest(): unknown;
  refresh(slots?: GptSlot[]): void;
  setPrivacySettings?(settings: { nonPersonalizedAds: boolean }): unknown;
  setRequestNonPersonalizedAds?(flag: 0 | 1): unknown;
}
interface Googletag {
  cmd: { push(fn: () => void): unknown };
  pubads(): GptPubAds;
  defineSlot(path: string, sizes: unknown, elementId: string): GptSlot | null;
  defineOutOfPageSlot(path: string, elementId: string): GptSlot | null;
  sizeMapping(): { addSize(viewport: [number, number], sizes: unknown): unknown; build(): unknown };
  enableServices(): void;
  display(elementId: string): void;
  destroySlots(slots?: GptSlot[]): boolean;
}

declare global {
  interface Window {
    googletag?: Googletag;
    /** Set by the inline script before the tag in the head: resolves on the tag's load, rejects on its error. */
    __TRAWL_AD_TAG__?: Promise<void>;
  }
}

/** What the ad slots saga asks of the tag; injected so tests can watch it. */
export interface AdTag {
  /** Resolves once the tag script loaded; rejects when it failed to. */
  ready(): Promise<void>;
  /** Defines the slots and displays them (services enabled on the first call). */
  show(slots: readonly AdSlotConfig[], network: AdNetwork, nonPersonalized: boolean): void;
  refresh(slotIds: readonly string[]): void;
  destroy(slotIds: readonly string[]): void;
  setNonPersonalized(nonPersonalized: boolean): void;
}

const mutableSizes = (sizes: AdSlotConfig['sizes']): unknown[] =>
  sizes.map((s) => (s === 'fluid' ? 'fluid' : [s[0], s[1]]));

/** The tag as the page's `window.googletag`, every call queued on `googletag.cmd`. */
export function createAdTag(win: Window = window): AdTag {
  const slots = new Map<string, GptSlot>();
  let servicesEnabled = false;
  const gpt = (): Googletag => {
    win.googletag = win.googletag ?? ({ cmd: [] } as unknown as Googletag);
    return win.googletag;
  };
  const privacy = (pubads: GptPubAds, nonPersonalized: boolean): void => {
    if (pubads.setPrivacySettings) pubads.setPrivacySettings({ nonPersonalizedAds: nonPersonalized });
    else pubads.setRequestNonPersonalizedAds?.(nonPersonalized ? 1 : 0);
  };
  const slotsOf = (ids: readonly string[]): GptSlot[] =>
    ids.map((id) => slots.get(id)).filter((s): s is GptSlot => s !== undefined);
  return {
    ready: () => win.__TRAWL_AD_TAG__ ?? Promise.reject(new Error('The ad tag is not on the page')),
    show(configs, network, nonPersonalized) {
      const g = gpt();
      g.cmd.push(() => {
        const pubads = g.pubads();
        if (!servicesEnabled) {
          if (network.singleRequest) pubads.enableSingleRequest();
          privacy(pubads, nonPersonalized);
          g.enableServices();
          servicesEnabled = true;
        }
        const shown: string[] = [];
        for (const config of configs) {
          if (slots.has(config.slotId)) continue;
          const elementId = adSlotElementId(config.slotId);
          const path = `/${config.dfpNetworkId || network.networkId}/${config.adUnit}`;
          const slot = config.renderOutOfThePage
            ? g.defineOutOfPageSlot(path, elementId)
            : g.defineSlot(path, mutableSizes(config.sizes), elementId);
          if (!slot) continue;
          if (!config.renderOutOfThePage && config.sizeMapping.length > 0) {
            const mapping = g.sizeMapping();
            for (const entry of config.sizeMapping) mapping.addSize([entry.viewport, 0], mutableSizes(entry.sizes));
            slot.defineSizeMapping(mapping.build());
          }
          for (const [key, value] of Object.entries(config.targetingArguments)) {
            slot.setTargeting(key, typeof value === 'string' ? value : [...value]);
          }
          for (const [key, value] of Object.entries(config.adSenseAttributes)) slot.set?.(key, value);
          slot.addService(pubads);
          slots.set(config.slotId, slot);
          shown.push(elementId);
        }
        for (const elementId of shown) g.display(elementId);
      });
    },
    refresh(slotIds) {
      const g = gpt();
      g.cmd.push(() => {
        const list = slotsOf(slotIds);
        if (list.length > 0) g.pubads().refresh(list);
      });
    },
    destroy(slotIds) {
      const g = gpt();
      g.cmd.push(() => {
        const list = slotsOf(slotIds);
        for (const id of slotIds) slots.delete(id);
        if (list.length > 0) g.destroySlots(list);
      });
    },
    setNonPersonalized(nonPersonalized) {
      const g = gpt();
      g.cmd.push(() => privacy(g.pubads(), nonPersonalized));
    },
  };
}
