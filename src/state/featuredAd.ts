import type { Ad } from '../shared/domain/ad';
import { required } from './payload';

/** The featured (premium) ad of a vertical home (product-spec §3 "Featured ad", §4). */
export interface FeaturedAdState {
  readonly data: Ad | null;
  /** The last request failed or found no ad: nothing to show. */
  readonly isExpired: boolean;
  readonly isFetching: boolean;
  /** A featured ad was applied once: later successes are ignored (spec §4). */
  readonly alreadyShown: boolean;
}

export const FEATURED_AD_REQUESTED = 'featuredAd/requested';
export const FEATURED_AD_STARTED = 'featuredAd/started';
export const FEATURED_AD_SUCCEEDED = 'featuredAd/succeeded';
export const FEATURED_AD_FAILED = 'featuredAd/failed';
export const FEATURED_AD_RESET = 'featuredAd/reset';

export type FeaturedAdAction =
  | { type: typeof FEATURED_AD_REQUESTED }
  | { type: typeof FEATURED_AD_STARTED }
  | { type: typeof FEATURED_AD_SUCCEEDED; ad: Ad }
  | { type: typeof FEATURED_AD_FAILED }
  | { type: typeof FEATURED_AD_RESET };

export const featuredAdRequested = (): FeaturedAdAction => ({ type: FEATURED_AD_REQUESTED });
export const featuredAdStarted = (): FeaturedAdAction => ({ type: FEATURED_AD_STARTED });
export const featuredAdSucceeded = (ad: Ad): FeaturedAdAction => ({ type: FEATURED_AD_SUCCEEDED, ad: required(ad) });
export const featuredAdFailed = (): FeaturedAdAction => ({ type: FEATURED_AD_FAILED });
export const featuredAdReset = (): FeaturedAdAction => ({ type: FEATURED_AD_RESET });

export const initialFeaturedAdState: FeaturedAdState = {
  data: null,
  isExpired: false,
  isFetching: false,
  alreadyShown: false,
};

/**
 * Start and reset clear the ad (and the expired mark); success applies only
 * the first time, then the ad is marked already shown; failure marks it
 * expired. Reset keeps `alreadyShown`: one featured ad per page life.
 */
export function featuredAdReducer(
  state: FeaturedAdState = initialFeaturedAdState,
  action: FeaturedAdAction,
): FeaturedAdState {
  switch (action.type) {
    case FEATURED_AD_STARTED:
      return { ...state, data: null, isExpired: false, isFetching: true };
    case FEATURED_AD_SUCCEEDED:
      if (state.alreadyShown) return { ...state, isFetching: false };
      return { ...state, data: action.ad, isExpired: false, isFetching: false, alreadyShown: true };
    case FEATURED_AD_FAILED:
      return { ...state, data: null, isExpired: true, isFetching: false };
    case FEATURED_AD_RESET:
      return { ...state, data: null, isExpired: false, isFetching: false };
    default:
      return state;
  }
}
