import type { AdNetwork } from '../../config/adSlots';

/** Display ad slots (product-spec §3 "Ad slot", §4 "Ad slots"). */
export interface AdSlotsState {
  /** The site's ad network, set by the server; null: no tag, no slots. */
  readonly network: AdNetwork | null;
  /** Slots whose container is on the page. */
  readonly registered: readonly string[];
  /** Slots the tag has defined and displayed. */
  readonly displayed: readonly string[];
  /** The tag script failed to load: slots stay empty, the page stays whole. */
  readonly tagFailed: boolean;
}

export const AD_SLOT_REGISTERED = 'adSlots/registered';
export const AD_SLOT_DESTROYED = 'adSlots/destroyed';
export const AD_SLOTS_DISPLAYED = 'adSlots/displayed';
export const AD_SLOTS_REMOVED = 'adSlots/removed';
export const AD_TAG_FAILED = 'adSlots/tagFailed';

export type AdSlotsAction =
  | { type: typeof AD_SLOT_REGISTERED; slotId: string }
  | { type: typeof AD_SLOT_DESTROYED; slotId: string }
  | { type: typeof AD_SLOTS_DISPLAYED; slotIds: readonly string[] }
  | { type: typeof AD_SLOTS_REMOVED; slotIds: readonly string[] }
  | { type: typeof AD_TAG_FAILED };

export const adSlotRegistered = (slotId: string): AdSlotsAction => ({ type: AD_SLOT_REGISTERED, slotId });
export const adSlotDestroyed = (slotId: string): AdSlotsAction => ({ type: AD_SLOT_DESTROYED, slotId });
export const adSlotsDisplayed = (slotIds: readonly string[]): AdSlotsAction => ({ type: AD_SLOTS_DISPLAYED, slotIds });
export const adSlotsRemoved = (slotIds: readonly string[]): AdSlotsAction => ({ type: AD_SLOTS_REMOVED, slotIds });
export const adTagFailed = (): AdSlotsAction => ({ type: AD_TAG_FAILED });

export const initialAdSlotsState: AdSlotsState = { network: null, registered: [], displayed: [], tagFailed: false };

/** The server's starting state for a site: its network, nothing registered yet. */
export const adSlotsStateFor = (network: AdNetwork | null): AdSlotsState => ({ ...initialAdSlotsState, network });

export function adSlotsReducer(state: AdSlotsState = initialAdSlotsState, action: AdSlotsAction): AdSlotsState {
  switch (action.type) {
    case AD_SLOT_REGISTERED:
      return state.registered.includes(action.slotId)
        ? state
        : { ...state, registered: [...state.registered, action.slotId] };
    case AD_SLOT_DESTROYED:
      return { ...state, registered: state.registered.filter((id) => id !== action.slotId) };
    case AD_SLOTS_DISPLAYED:
      return { ...state, displayed: [...new Set([...state.displayed, ...action.slotIds])] };
    case AD_SLOTS_REMOVED:
      return { ...state, displayed: state.displayed.filter((id) => !action.slotIds.includes(id)) };
    case AD_TAG_FAILED:
      return { ...state, tagFailed: true };
    default:
      return state;
  }
}
