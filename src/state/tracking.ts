import { IMPRESSION_BATCH_SIZE } from '../shared/domain/constants';

/** Tracking context (product-spec §3): who is visiting, from where, in which experiment. */
export interface TrackingState {
  readonly pageViewId: string;
  /** Traffic origin code (spec §3: 0 unknown, 1 direct, 2 organic, 3 paid publishers … up to 66). */
  readonly origin: number;
  readonly trackingCode: string | null;
  readonly sendingId: string | null;
  readonly userCampaignIds: number[];
  readonly abTest: { id: number; option: string; platform: string } | null;
  /** Ad impressions are not tracked again on back/forward navigation. */
  readonly impressionsEnabled: boolean;
}

export interface ImpressionItem {
  id: string;
  sourceId: number;
  position: number;
  sectionId: number;
  sectionTypeId: number;
}

export const PAGE_VIEW_STARTED = 'tracking/pageViewStarted';
export const IMPRESSIONS_SWITCHED = 'tracking/impressionsSwitched';
export const AD_SEEN = 'tracking/adSeen';
export const IMPRESSIONS_FLUSHED = 'tracking/impressionsFlushed';

export type TrackingAction =
  | { type: typeof PAGE_VIEW_STARTED; pageViewId: string }
  | { type: typeof IMPRESSIONS_SWITCHED; enabled: boolean }
  | { type: typeof AD_SEEN; item: ImpressionItem }
  | { type: typeof IMPRESSIONS_FLUSHED };

export const pageViewStarted = (pageViewId: string): TrackingAction => ({ type: PAGE_VIEW_STARTED, pageViewId });
export const impressionsSwitched = (enabled: boolean): TrackingAction => ({ type: IMPRESSIONS_SWITCHED, enabled });
export const adSeen = (item: ImpressionItem): TrackingAction => ({ type: AD_SEEN, item });
/** The page is going away: send what is buffered now. */
export const impressionsFlushed = (): TrackingAction => ({ type: IMPRESSIONS_FLUSHED });

export const IMPRESSION_BATCH = IMPRESSION_BATCH_SIZE;

export const initialTrackingState: TrackingState = {
  pageViewId: '',
  origin: 0,
  trackingCode: null,
  sendingId: null,
  userCampaignIds: [],
  abTest: null,
  impressionsEnabled: true,
};

export function trackingReducer(state: TrackingState = initialTrackingState, action: TrackingAction): TrackingState {
  switch (action.type) {
    case PAGE_VIEW_STARTED:
      return { ...state, pageViewId: action.pageViewId };
    case IMPRESSIONS_SWITCHED:
      return state.impressionsEnabled === action.enabled ? state : { ...state, impressionsEnabled: action.enabled };
    default:
      return state;
  }
}
