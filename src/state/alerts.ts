import type { MessageId } from '../shared/i18n/messages';
import { PAGE_LOAD_STARTED, type PageAction } from './page';

/**
 * Alert creation from a results page, the push permission banner and alert
 * landing (product-spec §3 "Alert-creation state", §4 "Alerts").
 */
export interface AlertFormError {
  readonly email?: MessageId;
  readonly terms?: MessageId;
}

export interface AlertCreationState {
  readonly isLoading: boolean;
  /** An alert exists for the search on screen (made now, or the same search saved before). */
  readonly alreadyCreated: boolean;
  /** Which kind was made: the confirmation differs. */
  readonly channel: 'email' | 'push' | null;
  readonly error: MessageId | null;
  /** A note beside the confirmation (the address already has an account). */
  readonly notice: MessageId | null;
  readonly formError: AlertFormError | null;
  /** Tracking section id of where the alert is made (ALERT_SECTIONS). */
  readonly section: number | null;
  readonly emailDialogOpen: boolean;
  readonly pushDialogOpen: boolean;
}

export interface PermissionBannerState {
  /** The permissions-banner cookie's counter (0 … 100). */
  readonly counter: number;
  readonly visible: boolean;
}

export interface AlertsState {
  readonly creation: AlertCreationState;
  readonly banner: PermissionBannerState;
  /** Alert landing (`alertLanding` in the URL): the download-app banner stays hidden. */
  readonly downloadAppBannerHidden: boolean;
}

export const EMAIL_DIALOG_TOGGLED = 'alerts/emailDialogToggled';
export const PUSH_DIALOG_TOGGLED = 'alerts/pushDialogToggled';
export const SECTION_SET = 'alerts/sectionSet';
export const FORM_ERROR_SET = 'alerts/formErrorSet';
export const FORM_ERROR_RESET = 'alerts/formErrorReset';
export const EMAIL_ALERT_REQUESTED = 'alerts/emailAlertRequested';
export const PUSH_ALERT_REQUESTED = 'alerts/pushAlertRequested';
export const SAVE_ALERT_STARTED = 'alerts/saveStarted';
export const SAVE_ALERT_SUCCEEDED = 'alerts/saveSucceeded';
export const SAVE_ALERT_FAILED = 'alerts/saveFailed';
export const BANNER_COUNTER_LOADED = 'alerts/bannerCounterLoaded';
export const BANNER_SHOWN = 'alerts/bannerShown';
export const BANNER_EVENT = 'alerts/bannerEvent';
export const ALERT_LANDING = 'alerts/landing';

export type BannerEventKind = 'dismiss' | 'blocked' | 'accept';

export type AlertsAction =
  | { type: typeof EMAIL_DIALOG_TOGGLED; open: boolean }
  | { type: typeof PUSH_DIALOG_TOGGLED; open: boolean }
  | { type: typeof SECTION_SET; section: number }
  | { type: typeof FORM_ERROR_SET; formError: AlertFormError }
  | { type: typeof FORM_ERROR_RESET }
  | { type: typeof EMAIL_ALERT_REQUESTED; email: string; termsAccepted: boolean; newsletter: boolean }
  | { type: typeof PUSH_ALERT_REQUESTED; section: number }
  | { type: typeof SAVE_ALERT_STARTED }
  | { type: typeof SAVE_ALERT_SUCCEEDED; channel: 'email' | 'push'; notice?: MessageId | null }
  | { type: typeof SAVE_ALERT_FAILED; error: MessageId }
  | { type: typeof BANNER_COUNTER_LOADED; counter: number }
  | { type: typeof BANNER_SHOWN; visible: boolean }
  | { type: typeof BANNER_EVENT; event: BannerEventKind; counter?: number }
  | { type: typeof ALERT_LANDING; counter: number };

export const emailDialogToggled = (open: boolean): AlertsAction => ({ type: EMAIL_DIALOG_TOGGLED, open });
export const pushDialogToggled = (open: boolean): AlertsAction => ({ type: PUSH_DIALOG_TOGGLED, open });
export const sectionSet = (section: number): AlertsAction => ({ type: SECTION_SET, section });
export const formErrorSet = (formError: AlertFormError): AlertsAction => ({ type: FORM_ERROR_SET, formError });
export const formErrorReset = (): AlertsAction => ({ type: FORM_ERROR_RESET });
export const emailAlertRequested = (email: string, termsAccepted: boolean, newsletter = false): AlertsAction => ({
  type: EMAIL_ALERT_REQUESTED,
  email,
  termsAccepted,
  newsletter,
});
export const pushAlertRequested = (section: number): AlertsAction => ({ type: PUSH_ALERT_REQUESTED, section });
export const saveAlertStarted = (): AlertsAction => ({ type: SAVE_ALERT_STARTED });
export const saveAlertSucceeded = (channel: 'email' | 'push', notice: MessageId | null = null): AlertsAction => ({
  type: SAVE_ALERT_SUCCEEDED,
  channel,
  notice,
});
export const saveAlertFailed = (error: MessageId): AlertsAction => ({ type: SAVE_ALERT_FAILED, error });
export const bannerCounterLoaded = (counter: number): AlertsAction => ({ type: BANNER_COUNTER_LOADED, counter });
export const bannerShown = (visible: boolean): AlertsAction => ({ type: BANNER_SHOWN, visible });
/** A banner event; the saga works out the new counter and writes the cookies. */
export const bannerEvent = (event: BannerEventKind, counter?: number): AlertsAction => ({
  type: BANNER_EVENT,
  event,
  counter,
});
export const alertLanding = (counter: number): AlertsAction => ({ type: ALERT_LANDING, counter });

export const initialAlertCreationState: AlertCreationState = {
  isLoading: false,
  alreadyCreated: false,
  channel: null,
  error: null,
  notice: null,
  formError: null,
  section: null,
  emailDialogOpen: false,
  pushDialogOpen: false,
};

export const initialAlertsState: AlertsState = {
  creation: initialAlertCreationState,
  banner: { counter: 0, visible: false },
  downloadAppBannerHidden: false,
};

function creationReducer(state: AlertCreationState, action: AlertsAction): AlertCreationState {
  switch (action.type) {
    case EMAIL_DIALOG_TOGGLED:
      return action.open
        ? { ...state, emailDialogOpen: true, pushDialogOpen: false, error: null, formError: null }
        : { ...state, emailDialogOpen: false, isLoading: false };
    case PUSH_DIALOG_TOGGLED:
      return action.open
        ? { ...state, pushDialogOpen: true, emailDialogOpen: false, error: null }
        : { ...state, pushDialogOpen: false };
    case SECTION_SET:
      return { ...state, section: action.section };
    case FORM_ERROR_SET:
      return { ...state, formError: action.formError, isLoading: false };
    case FORM_ERROR_RESET:
      return { ...state, formError: null };
    case SAVE_ALERT_STARTED:
      return { ...state, isLoading: true, error: null, formError: null, notice: null };
    case SAVE_ALERT_SUCCEEDED:
      return {
        ...state,
        isLoading: false,
        alreadyCreated: true,
        channel: action.channel,
        notice: action.notice ?? null,
      };
    case SAVE_ALERT_FAILED:
      return { ...state, isLoading: false, error: action.error };
    default:
      return state;
  }
}

export function alertsReducer(state: AlertsState = initialAlertsState, action: AlertsAction | PageAction): AlertsState {
  switch (action.type) {
    case PAGE_LOAD_STARTED:
      // Another page, another search: its alert is still to be made. Alert landing hides the app banner.
      return {
        ...state,
        creation: initialAlertCreationState,
        downloadAppBannerHidden:
          state.downloadAppBannerHidden ||
          (action.params.alertLanding !== undefined && action.params.alertLanding !== false),
      };
    case BANNER_COUNTER_LOADED:
      return { ...state, banner: { ...state.banner, counter: action.counter } };
    case BANNER_SHOWN:
      return { ...state, banner: { ...state.banner, visible: action.visible } };
    case BANNER_EVENT:
      return {
        ...state,
        banner: { counter: action.counter ?? state.banner.counter, visible: false },
      };
    case ALERT_LANDING:
      return { ...state, downloadAppBannerHidden: true, banner: { counter: action.counter, visible: false } };
    default: {
      const creation = creationReducer(state.creation, action as AlertsAction);
      return creation === state.creation ? state : { ...state, creation };
    }
  }
}
