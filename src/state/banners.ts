import { COOKIES } from '../shared/domain/cookies';
import { PAGE_LOAD_STARTED, type PageAction } from './page';
import type { RootState } from './store';

/** Banners of product-spec §2 kept here: the download-app banner and the alert-landing flag that hides it. */
export interface BannersState {
  readonly appBanner: {
    /** A phone, not a bot: the only visitors offered the app. */
    readonly eligible: boolean;
    /** Dismissed now or before (its cookie). */
    readonly dismissed: boolean;
  };
  /** The visit came from an alert (`alertLanding` in the query): the app banner stays hidden (spec §4). */
  readonly alertLanding: boolean;
}

export const APP_BANNER_DISMISSED = 'banners/appBannerDismissed';

export type BannersAction = { type: typeof APP_BANNER_DISMISSED };

export const appBannerDismissed = (): BannersAction => ({ type: APP_BANNER_DISMISSED });

export const initialBannersState: BannersState = {
  appBanner: { eligible: false, dismissed: false },
  alertLanding: false,
};

const isSet = (value: unknown): boolean =>
  value !== undefined && value !== null && value !== '' && value !== '0' && value !== 'false' && value !== false;

/** The banners' state of a request: eligibility from the device, dismissal from the cookie, the alert landing from the query. */
export function bannersStateFor(input: {
  device: string;
  isBot: boolean;
  cookies: Record<string, string | undefined>;
  query: Record<string, unknown>;
}): BannersState {
  return {
    appBanner: {
      eligible: input.device === 'mobile' && !input.isBot,
      dismissed: input.cookies[COOKIES.downloadAppBanner.name] === '1',
    },
    alertLanding: isSet(input.query.alertLanding),
  };
}

export const isAppBannerVisible = (state: BannersState): boolean =>
  state.appBanner.eligible && !state.appBanner.dismissed && !state.alertLanding;

/**
 * The one banner at the bottom of the screen (decision 050): the cookie banner's question first,
 * then the push permission banner (shown a while after a search, until answered), then the
 * download-app banner. Each would otherwise cover the others' buttons on a phone.
 */
export function bottomBannerOf(state: RootState): 'cookie' | 'push' | 'app' | null {
  if (state.consent.banner.visible) return 'cookie';
  if (state.alerts.banner.visible) return 'push';
  return isAppBannerVisible(state.banners) ? 'app' : null;
}

export function bannersReducer(
  state: BannersState = initialBannersState,
  action: BannersAction | PageAction,
): BannersState {
  switch (action.type) {
    case APP_BANNER_DISMISSED:
      return { ...state, appBanner: { ...state.appBanner, dismissed: true } };
    case PAGE_LOAD_STARTED:
      return isSet(action.params.alertLanding) && !state.alertLanding ? { ...state, alertLanding: true } : state;
    default:
      return state;
  }
}
