import type {
  AlertResource,
  EmailOperation,
  NewsletterFlags,
  NewsletterType,
  PushOperation,
} from '../shared/api/notificationsApi';
import { verticalById } from '../../config/verticals';
import type { Frequency } from '../shared/domain/constants';
import { activeFilterCount, urlFilters, type SavedFilterValue } from '../shared/domain/filters';
import type { MessageId } from '../shared/i18n/messages';

/**
 * The notifications manager (product-spec §3 "Notifications state"): the
 * e-mail area's address, token, alerts and newsletters; the web push area's
 * subscription and searches; the pending deletion; the snackbar.
 */
export interface AlertItem {
  readonly id: string;
  readonly what: string;
  readonly where: string;
  readonly dealTypeId: number | null;
  readonly countryCode: string;
  readonly verticalId: number;
  readonly frequency: Frequency | null;
  readonly active: boolean;
  readonly createdAt: string | null;
  /** How many filters the saved search has (a range is one), as the list tells alerts apart by. */
  readonly filterCount: number;
}

export interface NotificationUser {
  readonly email: string;
  readonly userControlToken: string;
}

export type AreaStatus =
  | 'idle'
  | 'loading'
  | 'loaded'
  /** No address and token (nor a push subscription) in the URL, cookie or this browser. */
  | 'noCredentials'
  /** The e-mail link's token does not verify (or the push subscription is gone). */
  | 'invalidLink'
  | 'expiredLink'
  | 'error';

export interface PendingDeletion {
  readonly kind: 'email' | 'push' | 'allEmail';
  readonly notificationId: string;
  readonly email?: string;
  readonly userControlToken?: string;
}

export interface Snackbar {
  readonly id: number;
  readonly kind: 'success' | 'error';
  readonly message: MessageId;
}

export interface NotificationsState {
  readonly user: NotificationUser | null;
  readonly emailAlerts: readonly AlertItem[];
  readonly newsletters: NewsletterFlags;
  readonly emailStatus: AreaStatus;
  /** The alert the e-mail link was about (shown first). */
  readonly linkedAlertId: string | null;
  readonly subscriptionId: string | null;
  /** The push service endpoint of this browser's subscription. */
  readonly infrastructureId: string | null;
  readonly searches: readonly AlertItem[];
  readonly pushStatus: AreaStatus;
  readonly isPushDismissed: boolean;
  readonly isPushRequested: boolean;
  readonly isExpired: boolean;
  readonly pendingDeletion: PendingDeletion | null;
  readonly isFetching: boolean;
  readonly snackbar: Snackbar | null;
}

export const CREDENTIALS_RESOLVED = 'notifications/credentialsResolved';
export const EMAIL_AREA_STATUS = 'notifications/emailAreaStatus';
export const EMAIL_ALERTS_LOADED = 'notifications/emailAlertsLoaded';
export const EMAIL_ALERTS_REPLACED = 'notifications/emailAlertsReplaced';
export const NEWSLETTERS_REPLACED = 'notifications/newslettersReplaced';
export const EMAIL_OPERATION_REQUESTED = 'notifications/emailOperationRequested';
export const DISABLE_ALL_EMAIL_REQUESTED = 'notifications/disableAllEmailRequested';
export const NEWSLETTER_REQUESTED = 'notifications/newsletterRequested';
export const DELETE_REQUESTED = 'notifications/deleteRequested';
export const DELETE_CONFIRMED = 'notifications/deleteConfirmed';
export const DELETE_CANCELLED = 'notifications/deleteCancelled';
export const DISABLE_ALL_PUSH_REQUESTED = 'notifications/disableAllPushRequested';
export const CLIENT_LOAD_REQUESTED = 'notifications/clientLoadRequested';
export const PUSH_SUBSCRIPTION_SET = 'notifications/pushSubscriptionSet';
export const PUSH_AREA_STATUS = 'notifications/pushAreaStatus';
export const PUSH_SEARCHES_LOADED = 'notifications/pushSearchesLoaded';
export const PUSH_SEARCHES_REPLACED = 'notifications/pushSearchesReplaced';
export const PUSH_OPERATION_REQUESTED = 'notifications/pushOperationRequested';
export const PUSH_REQUEST_STATE = 'notifications/pushRequestState';
export const SNACKBAR_SHOWN = 'notifications/snackbarShown';
export const SNACKBAR_CLOSED = 'notifications/snackbarClosed';

export type NotificationsAction =
  | { type: typeof CREDENTIALS_RESOLVED; user: NotificationUser | null; linkedAlertId?: string | null }
  | { type: typeof EMAIL_AREA_STATUS; status: AreaStatus }
  | { type: typeof EMAIL_ALERTS_LOADED; alerts: AlertItem[]; newsletters: NewsletterFlags }
  | { type: typeof EMAIL_ALERTS_REPLACED; alerts: readonly AlertItem[] }
  | { type: typeof NEWSLETTERS_REPLACED; newsletters: NewsletterFlags }
  | { type: typeof EMAIL_OPERATION_REQUESTED; id: string; operation: Exclude<EmailOperation, 'delete'> }
  | { type: typeof DISABLE_ALL_EMAIL_REQUESTED }
  | { type: typeof NEWSLETTER_REQUESTED; newsletter: NewsletterType; active: boolean }
  | { type: typeof DELETE_REQUESTED; pending: PendingDeletion }
  | { type: typeof DELETE_CONFIRMED; pending: PendingDeletion }
  | { type: typeof DISABLE_ALL_PUSH_REQUESTED }
  | { type: typeof DELETE_CANCELLED }
  | { type: typeof CLIENT_LOAD_REQUESTED; area: 'email' | 'push' }
  | { type: typeof PUSH_SUBSCRIPTION_SET; subscriptionId: string | null; endpoint?: string | null; expired?: boolean }
  | { type: typeof PUSH_AREA_STATUS; status: AreaStatus }
  | { type: typeof PUSH_SEARCHES_LOADED; searches: AlertItem[] }
  | { type: typeof PUSH_SEARCHES_REPLACED; searches: readonly AlertItem[] }
  | { type: typeof PUSH_OPERATION_REQUESTED; id: string; operation: Exclude<PushOperation, 'delete'> }
  | { type: typeof PUSH_REQUEST_STATE; requested?: boolean; dismissed?: boolean }
  | { type: typeof SNACKBAR_SHOWN; kind: 'success' | 'error'; message: MessageId; id: number }
  | { type: typeof SNACKBAR_CLOSED };

export const credentialsResolved = (user: NotificationUser | null, linkedAlertId: string | null = null) =>
  ({ type: CREDENTIALS_RESOLVED, user, linkedAlertId }) as const;
export const emailAreaStatus = (status: AreaStatus) => ({ type: EMAIL_AREA_STATUS, status }) as const;
export const emailAlertsLoaded = (alerts: AlertItem[], newsletters: NewsletterFlags) =>
  ({ type: EMAIL_ALERTS_LOADED, alerts, newsletters }) as const;
export const emailAlertsReplaced = (alerts: readonly AlertItem[]) => ({ type: EMAIL_ALERTS_REPLACED, alerts }) as const;
export const newslettersReplaced = (newsletters: NewsletterFlags) =>
  ({ type: NEWSLETTERS_REPLACED, newsletters }) as const;
export const emailOperationRequested = (id: string, operation: Exclude<EmailOperation, 'delete'>) =>
  ({ type: EMAIL_OPERATION_REQUESTED, id, operation }) as const;
export const disableAllEmailRequested = () => ({ type: DISABLE_ALL_EMAIL_REQUESTED }) as const;
export const newsletterRequested = (newsletter: NewsletterType, active: boolean) =>
  ({ type: NEWSLETTER_REQUESTED, newsletter, active }) as const;
export const deleteRequested = (pending: PendingDeletion) => ({ type: DELETE_REQUESTED, pending }) as const;
export const deleteConfirmed = (pending: PendingDeletion) => ({ type: DELETE_CONFIRMED, pending }) as const;
export const disableAllPushRequested = () => ({ type: DISABLE_ALL_PUSH_REQUESTED }) as const;
export const deleteCancelled = () => ({ type: DELETE_CANCELLED }) as const;
export const clientLoadRequested = (area: 'email' | 'push') => ({ type: CLIENT_LOAD_REQUESTED, area }) as const;
export const pushSubscriptionSet = (subscriptionId: string | null, endpoint: string | null = null, expired = false) =>
  ({ type: PUSH_SUBSCRIPTION_SET, subscriptionId, endpoint, expired }) as const;
export const pushAreaStatus = (status: AreaStatus) => ({ type: PUSH_AREA_STATUS, status }) as const;
export const pushSearchesLoaded = (searches: AlertItem[]) => ({ type: PUSH_SEARCHES_LOADED, searches }) as const;
export const pushSearchesReplaced = (searches: readonly AlertItem[]) =>
  ({ type: PUSH_SEARCHES_REPLACED, searches }) as const;
export const pushOperationRequested = (id: string, operation: Exclude<PushOperation, 'delete'>) =>
  ({ type: PUSH_OPERATION_REQUESTED, id, operation }) as const;
export const pushRequestState = (state: { requested?: boolean; dismissed?: boolean }) =>
  ({ type: PUSH_REQUEST_STATE, ...state }) as const;
let snackbarSeq = 0;
export const snackbarShown = (kind: 'success' | 'error', message: MessageId) =>
  ({ type: SNACKBAR_SHOWN, kind, message, id: ++snackbarSeq }) as const;
export const snackbarClosed = () => ({ type: SNACKBAR_CLOSED }) as const;

const NO_NEWSLETTERS: NewsletterFlags = {
  terceros: { active: false, changed: false },
  partners: { active: false, changed: false },
};

export const initialNotificationsState: NotificationsState = {
  user: null,
  emailAlerts: [],
  newsletters: NO_NEWSLETTERS,
  emailStatus: 'idle',
  linkedAlertId: null,
  subscriptionId: null,
  infrastructureId: null,
  searches: [],
  pushStatus: 'idle',
  isPushDismissed: false,
  isPushRequested: false,
  isExpired: false,
  pendingDeletion: null,
  isFetching: false,
  snackbar: null,
};

/**
 * A saved search's filters counted as its results page counts them (a range once): by their URL
 * names, whichever way the alert was saved (`roomsMin`, a `price` range).
 */
function savedFilterCount(filters: Record<string, unknown> | undefined, verticalId: number): number {
  const vertical = verticalById(verticalId)?.name;
  return filters && vertical ? activeFilterCount(urlFilters(filters as Record<string, SavedFilterValue>), vertical) : 0;
}

/** An alert of either service as the manager shows it. */
export function alertItemOf(resource: AlertResource): AlertItem {
  const a = resource.attributes;
  return {
    id: resource.id,
    what: a.query?.what ?? '',
    where: a.query?.vertical_properties?.where ?? '',
    dealTypeId: a.query?.vertical_properties?.deal_type_id ?? null,
    countryCode: a.site.country_code,
    verticalId: a.site.vertical_id,
    frequency: a.notification.frequency ?? null,
    active: a.notification.active,
    createdAt: a.created_at ?? null,
    filterCount: savedFilterCount(a.query?.filters, a.site.vertical_id),
  };
}

/** The list after an operation, as it will be once the service has done it (optimistic update). */
export function applyOperation(
  list: readonly AlertItem[],
  id: string,
  operation: EmailOperation | PushOperation,
): readonly AlertItem[] {
  if (operation === 'delete') return list.filter((a) => a.id !== id);
  return list.map((a) => {
    if (a.id !== id) return a;
    if (operation === 'enabled' || operation === 'disabled') return { ...a, active: operation === 'enabled' };
    return { ...a, frequency: operation };
  });
}

export function notificationsReducer(
  state: NotificationsState = initialNotificationsState,
  action: NotificationsAction,
): NotificationsState {
  switch (action.type) {
    case CREDENTIALS_RESOLVED:
      return { ...state, user: action.user, linkedAlertId: action.linkedAlertId ?? state.linkedAlertId };
    case EMAIL_AREA_STATUS:
      return { ...state, emailStatus: action.status, isFetching: action.status === 'loading' };
    case EMAIL_ALERTS_LOADED:
      return {
        ...state,
        emailAlerts: action.alerts,
        newsletters: action.newsletters,
        emailStatus: 'loaded',
        isFetching: false,
      };
    case EMAIL_ALERTS_REPLACED:
      return { ...state, emailAlerts: action.alerts };
    case NEWSLETTERS_REPLACED:
      return { ...state, newsletters: action.newsletters };
    case DELETE_REQUESTED:
      return { ...state, pendingDeletion: action.pending };
    case DELETE_CONFIRMED:
    case DELETE_CANCELLED:
      return { ...state, pendingDeletion: null };
    case PUSH_SUBSCRIPTION_SET:
      return {
        ...state,
        subscriptionId: action.subscriptionId,
        infrastructureId: action.endpoint ?? state.infrastructureId,
        isExpired: action.expired ?? false,
        searches: action.subscriptionId ? state.searches : [],
      };
    case PUSH_AREA_STATUS:
      return { ...state, pushStatus: action.status, isFetching: action.status === 'loading' };
    case PUSH_SEARCHES_LOADED:
      return { ...state, searches: action.searches, pushStatus: 'loaded', isFetching: false };
    case PUSH_SEARCHES_REPLACED:
      return { ...state, searches: action.searches };
    case PUSH_REQUEST_STATE:
      return {
        ...state,
        isPushRequested: action.requested ?? state.isPushRequested,
        isPushDismissed: action.dismissed ?? state.isPushDismissed,
      };
    case SNACKBAR_SHOWN:
      return { ...state, snackbar: { id: action.id, kind: action.kind, message: action.message } };
    case SNACKBAR_CLOSED:
      return { ...state, snackbar: null };
    default:
      return state;
  }
}
