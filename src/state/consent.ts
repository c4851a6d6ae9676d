/** Cookie consent (product-spec §3 "consent state; cookie banner state; personalizedAds flag"). */
export interface ConsentState {
  /** Whether the country's rules need an answer before tracking and personalised ads. */
  readonly required: boolean;
  readonly status: 'pending' | 'granted' | 'denied';
  readonly banner: { readonly visible: boolean; readonly url: string };
  /** Personalised ads, on by default (spec §3). */
  readonly personalizedAds: boolean;
}

export const CONSENT_RECORDED = 'consent/recorded';
export const CONSENT_ANSWERED = 'consent/answered';

export type ConsentAction = { type: typeof CONSENT_RECORDED } | { type: typeof CONSENT_ANSWERED; granted: boolean };

/** On mount: the banner was seen; recorded without closing it (spec §4). */
export const consentRecorded = (): ConsentAction => ({ type: CONSENT_RECORDED });
/** Agree (true) records consent and closes; Disagree (false) also turns personalised ads off. */
export const consentAnswered = (granted: boolean): ConsentAction => ({ type: CONSENT_ANSWERED, granted });

export const initialConsentState: ConsentState = {
  required: false,
  status: 'pending',
  banner: { visible: false, url: '' },
  personalizedAds: true,
};

export function consentReducer(state: ConsentState = initialConsentState, action: ConsentAction): ConsentState {
  switch (action.type) {
    case CONSENT_ANSWERED:
      return {
        ...state,
        status: action.granted ? 'granted' : 'denied',
        personalizedAds: action.granted ? state.personalizedAds : false,
        banner: { ...state.banner, visible: false },
      };
    default:
      return state;
  }
}

/** True when tracking may go out now: consent given, or the country needs none. */
export const mayTrack = (consent: ConsentState): boolean => !consent.required || consent.status === 'granted';
