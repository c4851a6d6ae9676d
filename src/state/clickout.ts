import type { Ad, ListingAd } from '../shared/domain/ad';
import { NAVIGATE, type PageAction } from './page';

/** Ad click and click-out (product-spec §4): the intermediate popup, the overlay, the counters. */
export interface ClickoutState {
  /** Click-outs to advertisers so far (kept in local storage; 0 when missing). */
  readonly redirectCount: number;
  readonly isRedirecting: boolean;
  readonly expiredAdId: string | null;
  readonly relatedModal: {
    readonly open: boolean;
    readonly ad: ListingAd | null;
    readonly sectionId: number;
    readonly position: number;
    readonly related: Ad[];
  };
}

export type AdClick = {
  ad: ListingAd;
  sectionId: number;
  sectionTypeId: number;
  position: number;
  /** The URL the link points at, for a plain navigation when nothing else applies. */
  href: string;
};

export const REDIRECT_COUNT_LOADED = 'clickout/redirectCountLoaded';
export const AD_CLICKED = 'clickout/adClicked';
export const CLICKOUT_REQUESTED = 'clickout/requested';
export const REDIRECT_STARTED = 'clickout/redirectStarted';
export const REDIRECT_ENDED = 'clickout/redirectEnded';
export const CLICKOUT_EXPIRED = 'clickout/expired';
export const RELATED_MODAL_OPENED = 'clickout/relatedModalOpened';
export const RELATED_MODAL_LOADED = 'clickout/relatedModalLoaded';
export const RELATED_MODAL_CLOSED = 'clickout/relatedModalClosed';

export type ClickoutAction =
  | { type: typeof REDIRECT_COUNT_LOADED; count: number }
  | ({ type: typeof AD_CLICKED } & AdClick)
  | ({ type: typeof CLICKOUT_REQUESTED } & AdClick)
  | { type: typeof REDIRECT_STARTED; count: number }
  | { type: typeof REDIRECT_ENDED }
  | { type: typeof CLICKOUT_EXPIRED; adId: string }
  | { type: typeof RELATED_MODAL_OPENED; ad: ListingAd; sectionId: number; position: number }
  | { type: typeof RELATED_MODAL_LOADED; related: Ad[] }
  | { type: typeof RELATED_MODAL_CLOSED };

export const adClicked = ({ ad, sectionId, sectionTypeId, position, href }: AdClick): ClickoutAction => ({
  type: AD_CLICKED,
  ad,
  sectionId,
  sectionTypeId,
  position,
  href,
});
export const clickoutRequested = ({ ad, sectionId, sectionTypeId, position, href }: AdClick): ClickoutAction => ({
  type: CLICKOUT_REQUESTED,
  ad,
  sectionId,
  sectionTypeId,
  position,
  href,
});
export const relatedModalClosed = (): ClickoutAction => ({ type: RELATED_MODAL_CLOSED });

export const initialClickoutState: ClickoutState = {
  redirectCount: 0,
  isRedirecting: false,
  expiredAdId: null,
  relatedModal: { open: false, ad: null, sectionId: 0, position: 0, related: [] },
};

export function clickoutReducer(
  state: ClickoutState = initialClickoutState,
  action: ClickoutAction | PageAction,
): ClickoutState {
  switch (action.type) {
    // The popup belongs to the page it opened on: any navigation closes it (decision 078).
    case NAVIGATE:
      return state.relatedModal.open ? { ...state, relatedModal: initialClickoutState.relatedModal } : state;
    case REDIRECT_COUNT_LOADED:
      return { ...state, redirectCount: action.count };
    case REDIRECT_STARTED:
      return { ...state, isRedirecting: true, redirectCount: action.count };
    case REDIRECT_ENDED:
      return { ...state, isRedirecting: false };
    case CLICKOUT_EXPIRED:
      return { ...state, isRedirecting: false, expiredAdId: action.adId };
    case RELATED_MODAL_OPENED:
      return {
        ...state,
        relatedModal: {
          open: true,
          ad: action.ad,
          sectionId: action.sectionId,
          position: action.position,
          related: [],
        },
      };
    case RELATED_MODAL_LOADED:
      return { ...state, relatedModal: { ...state.relatedModal, related: action.related } };
    case RELATED_MODAL_CLOSED:
      return { ...state, relatedModal: initialClickoutState.relatedModal };
    default:
      return state;
  }
}
