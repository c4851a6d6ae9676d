import type { Ad } from '../shared/domain/ad';
import { required } from './payload';

/** Ad page state (product-spec §3 "Ad page state"). */
export interface AdPageState {
  readonly ad: Ad | null;
  readonly isFetching: boolean;
  readonly error: string | null;
  readonly isSendingApply: boolean;
  readonly applyError: string | null;
  readonly adsContacted: string[];
  readonly relatedAds: Ad[];
  readonly isRelatedAdsFetchEnabled: boolean;
}

export const AD_REQUESTED = 'adPage/requested';
export const AD_LOADED = 'adPage/loaded';
export const AD_FAILED = 'adPage/failed';
export const RELATED_LOADED = 'adPage/relatedLoaded';
export const APPLY_SENT = 'adPage/applySent';
export const APPLY_SUCCEEDED = 'adPage/applySucceeded';
export const APPLY_FAILED = 'adPage/applyFailed';

export type AdPageAction =
  | { type: typeof AD_REQUESTED }
  | { type: typeof AD_LOADED; ad: Ad }
  | { type: typeof AD_FAILED; error: string }
  | { type: typeof RELATED_LOADED; ads: Ad[] }
  | { type: typeof APPLY_SENT; adId: string; form: Record<string, string> }
  | { type: typeof APPLY_SUCCEEDED; adId: string }
  | { type: typeof APPLY_FAILED; error: string };

export const adRequested = (): AdPageAction => ({ type: AD_REQUESTED });
export const adLoaded = (ad: Ad): AdPageAction => ({ type: AD_LOADED, ad: required(ad) });
export const adFailed = (error: string): AdPageAction => ({ type: AD_FAILED, error });
export const relatedLoaded = (ads: Ad[]): AdPageAction => ({ type: RELATED_LOADED, ads: required(ads) });
export const applySent = (adId: string, form: Record<string, string>): AdPageAction => ({
  type: APPLY_SENT,
  adId,
  form,
});
export const applySucceeded = (adId: string): AdPageAction => ({ type: APPLY_SUCCEEDED, adId });
export const applyFailed = (error: string): AdPageAction => ({ type: APPLY_FAILED, error });

export const initialAdPageState: AdPageState = {
  ad: null,
  isFetching: false,
  error: null,
  isSendingApply: false,
  applyError: null,
  adsContacted: [],
  relatedAds: [],
  isRelatedAdsFetchEnabled: true,
};

export function adPageReducer(state: AdPageState = initialAdPageState, action: AdPageAction): AdPageState {
  switch (action.type) {
    case AD_REQUESTED:
      return { ...state, isFetching: true, error: null, ad: null, relatedAds: [], applyError: null };
    case AD_LOADED:
      return { ...state, isFetching: false, ad: action.ad };
    case AD_FAILED:
      return { ...state, isFetching: false, error: action.error };
    case RELATED_LOADED:
      return { ...state, relatedAds: action.ads };
    case APPLY_SENT:
      return { ...state, isSendingApply: true, applyError: null };
    case APPLY_SUCCEEDED:
      return {
        ...state,
        isSendingApply: false,
        adsContacted: state.adsContacted.includes(action.adId)
          ? state.adsContacted
          : [...state.adsContacted, action.adId],
      };
    case APPLY_FAILED:
      return { ...state, isSendingApply: false, applyError: action.error };
    default:
      return state;
  }
}
