import type { SagaIterator } from 'redux-saga';
import { call, delay, getContext, put, select, spawn, takeEvery, takeLatest } from 'redux-saga/effects';
import type { Api } from '../shared/api/createApi';
import { isApiError } from '../shared/api/errors';
import type { AlertResource, EmailOperation, NewsletterFlags, PushOperation } from '../shared/api/notificationsApi';
import {
  ALERT_SECTIONS,
  BANNER_COOKIE,
  disallowsPush,
  isBannerExhausted,
  nextBannerCounter,
  NOTIFICATION_MANAGER_COOKIE,
  parseBannerCounter,
  PUSH_DISALLOWED_COOKIE,
} from '../shared/domain/alertRules';
import { PUSH_BROWSER_ID, PUSH_DEVICE_ID } from '../shared/domain/constants';
import type { MessageId } from '../shared/i18n/messages';
import {
  alertLanding,
  BANNER_EVENT,
  bannerCounterLoaded,
  bannerEvent,
  bannerShown,
  EMAIL_ALERT_REQUESTED,
  formErrorSet,
  PUSH_ALERT_REQUESTED,
  saveAlertFailed,
  saveAlertStarted,
  saveAlertSucceeded,
  type AlertsAction,
} from '../state/alerts';
import {
  alertItemOf,
  applyOperation,
  CLIENT_LOAD_REQUESTED,
  credentialsResolved,
  DELETE_CONFIRMED,
  DISABLE_ALL_EMAIL_REQUESTED,
  DISABLE_ALL_PUSH_REQUESTED,
  EMAIL_OPERATION_REQUESTED,
  emailAlertsLoaded,
  emailAlertsReplaced,
  emailAreaStatus,
  NEWSLETTER_REQUESTED,
  newslettersReplaced,
  PUSH_OPERATION_REQUESTED,
  pushAreaStatus,
  pushRequestState,
  pushSearchesLoaded,
  pushSearchesReplaced,
  pushSubscriptionSet,
  snackbarShown,
  type AlertItem,
  type NotificationsAction,
  type NotificationUser,
} from '../state/notifications';
import type { RootState } from '../state/store';
import { browserEnvironment, type AlertsEnvironment, type PushKeys } from '../ui/alerts/alertsEnvironment';
import { alertPageContext, canCreateAlert, type AlertPageContext } from './alertPage';
import { permissionEventOf, trackPermission, trackSearchEvent, type SearchEvent } from './alertTracking';
import { getApi } from './context';
import { isEmailAddress } from '../shared/domain/email';

/** Local storage key of this browser's push subscription id (product-spec §3 "push simple storage"). */
export const PUSH_STORAGE_KEY = 'trawl_push_subscription';
/** How long a results page is shown before the push permission banner may appear. */
export const BANNER_DELAY_MS = 4000;
/** The action a page dispatches once it is on screen (browser only). */
export const ALERTS_UI_MOUNTED = 'alerts/uiMounted';
export const alertsUiMounted = () => ({ type: ALERTS_UI_MOUNTED }) as const;

/** The browser adapters: the test's from the saga context, the real browser's otherwise. */
export function* getAlertsEnv(): SagaIterator<AlertsEnvironment> {
  const env: AlertsEnvironment | undefined = yield getContext('alertsEnv');
  return env ?? browserEnvironment;
}

// ---- credentials of the e-mail area (the notification-manager cookie) ----------

export function encodeCredentials(user: NotificationUser): string {
  return `${encodeURIComponent(user.email)}|${user.userControlToken}`;
}

export function decodeCredentials(raw: string | undefined): NotificationUser | null {
  if (!raw) return null;
  const bar = raw.lastIndexOf('|');
  if (bar <= 0) return null;
  try {
    const email = decodeURIComponent(raw.slice(0, bar));
    const userControlToken = raw.slice(bar + 1);
    return email.includes('@') && /^[A-Za-z0-9_-]{10,200}$/.test(userControlToken) ? { email, userControlToken } : null;
  } catch {
    return null;
  }
}

const defaultSection = (state: RootState): number =>
  state.alerts.creation.section ??
  (state.app.device === 'desktop' ? ALERT_SECTIONS.serpDesktop : ALERT_SECTIONS.serpMobile);

function* pageContext(section: number): SagaIterator<AlertPageContext | { error: MessageId }> {
  const state: RootState = yield select();
  const ctx = alertPageContext(state, section);
  if (!ctx || !ctx.offered) return { error: 'alerts.notOffered' };
  if (!ctx.check.ok) return { error: 'alerts.invalidSearch' };
  return ctx;
}

// ---- e-mail alert creation --------------------------------------------------------

export function* createEmailAlert(action: Extract<AlertsAction, { type: typeof EMAIL_ALERT_REQUESTED }>): SagaIterator {
  const email = action.email.trim();
  const formError: { email?: MessageId; terms?: MessageId } = {};
  if (!email) formError.email = 'alerts.email.required';
  else if (!isEmailAddress(email)) formError.email = 'alerts.email.invalid';
  if (!action.termsAccepted) formError.terms = 'alerts.email.termsRequired';
  if (formError.email || formError.terms) {
    yield put(formErrorSet(formError));
    return;
  }
  const section: number = yield select(defaultSection);
  const ctx: AlertPageContext | { error: MessageId } = yield call(pageContext, section);
  if ('error' in ctx) {
    yield put(saveAlertFailed(ctx.error));
    return;
  }
  const api: Api = yield getApi();
  const env: AlertsEnvironment = yield call(getAlertsEnv);
  yield put(saveAlertStarted());
  let notice: MessageId | null = null;
  if (action.newsletter) {
    // The newsletter opt-in makes the user with it; an existing address keeps its own choice (decision 035).
    try {
      const user: { data: { attributes: { token: string } } } = yield call(api.notifications.createUser, email, {
        terceros: true,
      });
      env.setCookie(
        NOTIFICATION_MANAGER_COOKIE.name,
        encodeCredentials({ email, userControlToken: user.data.attributes.token }),
        NOTIFICATION_MANAGER_COOKIE.maxAgeDays,
      );
    } catch (error) {
      if (!isApiError(error) || error.status !== 409) {
        yield put(saveAlertFailed('alerts.error'));
        return;
      }
      notice = 'alerts.userExists';
    }
  }
  try {
    const doc: { data: AlertResource } = yield call(api.notifications.createEmailSubscription, {
      site: ctx.site,
      email,
      query: ctx.query,
      context: ctx.context,
    });
    const existing = doc.data.attributes.is_new_alert === false;
    // The same search again is the alert the address already had (a 200, not a 201): say so, not "done".
    yield put(saveAlertSucceeded('email', existing ? 'alerts.email.existing' : notice));
    yield spawn(trackSearchEvent, existing ? 'subscribed_search' : 'new_search');
  } catch (error) {
    yield put(saveAlertFailed(isApiError(error) && error.status === 409 ? 'alerts.userExists' : 'alerts.error'));
  }
}

// ---- web push ---------------------------------------------------------------------

/** The id after the colon of a 409's message (service-calls spec §8: reuse the subscription). */
export function idAfterColon(message: string): string | null {
  const id = message.slice(message.lastIndexOf(':') + 1).trim();
  return /^[0-9a-f]{32}$/.test(id) ? id : null;
}

/**
 * This browser's subscription id: the stored one while the service still
 * knows it (a 404 resets it and marks it expired), otherwise a new
 * subscription, or on a 409 the existing one the message names.
 */
export function* ensurePushSubscription(): SagaIterator<string> {
  const api: Api = yield getApi();
  const env: AlertsEnvironment = yield call(getAlertsEnv);
  const state: RootState = yield select();
  let keys: PushKeys | null = yield call(env.push.current);
  if (!keys) {
    const vapid: { data: { attributes: { public_key: string } } } = yield call(api.notifications.vapidPublicKey);
    keys = (yield call(env.push.subscribe, vapid.data.attributes.public_key)) as PushKeys;
  }
  const stored = state.notifications.subscriptionId ?? env.getStored(PUSH_STORAGE_KEY);
  if (stored) {
    try {
      yield call(api.notifications.getPushSubscription, stored);
      yield put(pushSubscriptionSet(stored, keys.endpoint));
      return stored;
    } catch (error) {
      if (!isApiError(error) || error.status !== 404) throw error;
      env.setStored(PUSH_STORAGE_KEY, null);
      yield put(pushSubscriptionSet(null, null, true));
    }
  }
  const site = alertPageContext(state, 0)?.site;
  let id: string;
  try {
    const created: { data: { id: string } } = yield call(api.notifications.createPushSubscription, {
      endpoint: keys.endpoint,
      public_key: keys.p256dh,
      auth_token: keys.auth,
      cookie_id: state.app.installationId,
      device_id: PUSH_DEVICE_ID,
      browser_id: PUSH_BROWSER_ID,
      country_code: site?.country_code ?? state.app.site.country,
      vertical_id: site?.vertical_id ?? 1,
    });
    id = created.data.id;
  } catch (error) {
    const existing = isApiError(error) && error.status === 409 ? idAfterColon(error.message) : null;
    if (!existing) throw error;
    id = existing;
  }
  env.setStored(PUSH_STORAGE_KEY, id);
  yield put(pushSubscriptionSet(id, keys.endpoint));
  return id;
}

export function* createPushAlert(action: Extract<AlertsAction, { type: typeof PUSH_ALERT_REQUESTED }>): SagaIterator {
  const env: AlertsEnvironment = yield call(getAlertsEnv);
  if (!env.push.isSupported()) {
    yield put(saveAlertFailed('alerts.error'));
    return;
  }
  const ctx: AlertPageContext | { error: MessageId } = yield call(pageContext, action.section);
  if ('error' in ctx) {
    yield put(saveAlertFailed(ctx.error));
    return;
  }
  // Tracking is spawned, never waited for: the browser's prompt needs the click's user activation.
  if (action.section === ALERT_SECTIONS.permissionBanner) yield spawn(trackPermission, 'custom_allow');
  yield put(saveAlertStarted());
  yield put(pushRequestState({ requested: true }));
  // A browser that has already said no asks nothing: that answer is automatic.
  const before = env.push.permission();
  if (before !== 'denied') yield spawn(trackPermission, 'request');
  const permission: string = yield call(env.push.requestPermission);
  yield spawn(trackPermission, permissionEventOf(before, permission));
  if (permission !== 'granted') {
    if (permission === 'denied') yield call(onBannerEvent, bannerEvent('blocked') as BannerEventAction);
    yield put(saveAlertFailed(permission === 'denied' ? 'alerts.push.denied' : 'alerts.error'));
    return;
  }
  yield call(onBannerEvent, bannerEvent('accept') as BannerEventAction);
  try {
    const api: Api = yield getApi();
    const id: string = yield call(ensurePushSubscription);
    yield call(api.notifications.addPushSearch, id, ctx.site, ctx.query, ctx.context);
    yield put(saveAlertSucceeded('push'));
  } catch {
    yield put(saveAlertFailed('alerts.error'));
  }
}

// ---- push permission banner ------------------------------------------------------

/** A banner event: the new counter into the cookie; 3 dismissals or blocked disallow push for 7 days; accepting allows. */
type BannerEventAction = Extract<AlertsAction, { type: typeof BANNER_EVENT }>;

export function* onBannerEvent(action: BannerEventAction): SagaIterator {
  if (action.counter !== undefined) return;
  const env: AlertsEnvironment = yield call(getAlertsEnv);
  const current: number = yield select((state: RootState) => state.alerts.banner.counter);
  const counter = nextBannerCounter(current, action.event);
  env.setCookie(BANNER_COOKIE.name, String(counter), BANNER_COOKIE.maxAgeDays);
  if (action.event === 'accept') env.removeCookie(PUSH_DISALLOWED_COOKIE.name);
  else if (disallowsPush(action.event, counter))
    env.setCookie(PUSH_DISALLOWED_COOKIE.name, '1', PUSH_DISALLOWED_COOKIE.maxAgeDays);
  if (action.event === 'dismiss') {
    yield put(pushRequestState({ dismissed: true }));
    yield spawn(trackPermission, 'custom_close');
  }
  yield put(bannerCounterLoaded(counter));
  yield put(bannerShown(false));
}

/** Once a page is on screen: alert landing, or the counter from its cookie and, when allowed, the banner. */
export function* onUiMounted(): SagaIterator {
  const env: AlertsEnvironment = yield call(getAlertsEnv);
  const state: RootState = yield select();
  const { params, routeName } = state.page;
  if (params.alertLanding !== undefined && params.alertLanding !== false) {
    env.setCookie(BANNER_COOKIE.name, String(nextBannerCounter(0, 'alertLanding')), BANNER_COOKIE.maxAgeDays);
    yield put(alertLanding(nextBannerCounter(0, 'alertLanding')));
    return;
  }
  let counter = parseBannerCounter(env.getCookie(BANNER_COOKIE.name));
  const permission = env.push.permission();
  if (permission === 'denied' && counter < nextBannerCounter(counter, 'blocked')) {
    counter = nextBannerCounter(counter, 'blocked');
    env.setCookie(BANNER_COOKIE.name, String(counter), BANNER_COOKIE.maxAgeDays);
  }
  yield put(bannerCounterLoaded(counter));
  const eligible =
    routeName === 'serp_search' &&
    permission === 'default' &&
    !isBannerExhausted(counter) &&
    env.getCookie(PUSH_DISALLOWED_COOKIE.name) === undefined &&
    canCreateAlert(state);
  if (!eligible) return;
  yield delay(BANNER_DELAY_MS);
  const now: RootState = yield select();
  if (now.page.location === state.page.location && !now.alerts.creation.alreadyCreated && !now.page.isLoading) {
    yield put(bannerShown(true));
    yield spawn(trackPermission, 'custom_request');
  }
}

// ---- the notifications manager ----------------------------------------------------

const byLinkedFirst = (linked: string | null) => (a: AlertItem, b: AlertItem) =>
  Number(b.id === linked) - Number(a.id === linked);

/** Loads the e-mail area's list for an address and its token; a refused token says the link is not valid. */
export function* loadEmailAlerts(user: NotificationUser): SagaIterator {
  const api: Api = yield getApi();
  const { country, linked } = yield select((s: RootState) => ({
    country: s.app.site.country,
    linked: s.notifications.linkedAlertId,
  }));
  yield put(emailAreaStatus('loading'));
  try {
    const doc: { data: AlertResource[]; meta: { newsletters: NewsletterFlags } } = yield call(
      api.notifications.listEmailAlerts,
      user.email,
      user.userControlToken,
      { country_code: country },
    );
    yield put(emailAlertsLoaded(doc.data.map(alertItemOf).sort(byLinkedFirst(linked)), doc.meta.newsletters));
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 403)) {
      yield put(emailAreaStatus('invalidLink'));
      return;
    }
    if (isApiError(error) && error.status < 500) {
      yield put(emailAreaStatus('error'));
      return;
    }
    throw error;
  }
}

export function* loadPushSearches(subscriptionId: string): SagaIterator {
  const api: Api = yield getApi();
  const env: AlertsEnvironment = yield call(getAlertsEnv);
  const country: string = yield select((s: RootState) => s.app.site.country);
  yield put(pushAreaStatus('loading'));
  try {
    // The country's searches, as the e-mail area lists the country's alerts.
    const doc: { data: AlertResource[] } = yield call(api.notifications.listPushSearches, subscriptionId, {
      country_code: country,
    });
    yield put(pushSearchesLoaded(doc.data.map(alertItemOf)));
  } catch (error) {
    if (isApiError(error) && error.status === 404) {
      // Spec §8: a 404 loading the subscription resets it and marks it expired.
      env.setStored(PUSH_STORAGE_KEY, null);
      yield put(pushSubscriptionSet(null, null, true));
      yield put(pushAreaStatus('invalidLink'));
      return;
    }
    yield put(pushAreaStatus('error'));
  }
}

/** In the browser, what the server could not load: credentials from the cookie or local storage. */
export function* onClientLoad(
  action: Extract<NotificationsAction, { type: typeof CLIENT_LOAD_REQUESTED }>,
): SagaIterator {
  const env: AlertsEnvironment = yield call(getAlertsEnv);
  const state: RootState = yield select();
  const n = state.notifications;
  if (action.area === 'email') {
    if (n.user && n.emailStatus !== 'invalidLink') {
      env.setCookie(
        NOTIFICATION_MANAGER_COOKIE.name,
        encodeCredentials(n.user),
        NOTIFICATION_MANAGER_COOKIE.maxAgeDays,
      );
    }
    if (n.emailStatus !== 'idle') return;
    const user = n.user ?? decodeCredentials(env.getCookie(NOTIFICATION_MANAGER_COOKIE.name));
    if (!user) {
      yield put(emailAreaStatus('noCredentials'));
      return;
    }
    yield put(credentialsResolved(user));
    yield call(loadEmailAlerts, user);
    const after: RootState = yield select();
    if (after.notifications.emailStatus === 'invalidLink') env.removeCookie(NOTIFICATION_MANAGER_COOKIE.name);
    return;
  }
  if (n.pushStatus !== 'idle') return;
  const id = n.subscriptionId ?? env.getStored(PUSH_STORAGE_KEY);
  if (!id) {
    yield put(pushAreaStatus('noCredentials'));
    return;
  }
  env.setStored(PUSH_STORAGE_KEY, id);
  yield put(pushSubscriptionSet(id));
  yield call(loadPushSearches, id);
}

function* failed(previous: () => NotificationsAction): SagaIterator {
  yield put(previous());
  yield put(snackbarShown('error', 'alerts.error'));
}

const successMessage = (operation: EmailOperation | PushOperation): MessageId =>
  operation === 'disabled' || operation === 'delete' ? 'alerts.deactivated' : 'alerts.updated';

/** The search event of an operation on an e-mail alert (a change of frequency is none). */
const SEARCH_EVENT_OF: Partial<Record<EmailOperation, SearchEvent>> = {
  enabled: 'subscribed_search',
  disabled: 'unsubscribed_search',
  never: 'unsubscribed_search',
  delete: 'unsubscribed_search',
};

/**
 * One change to an alert: applied to the list at once, then asked of the
 * service; on failure the previous list comes back with an error snackbar
 * (product-spec §4 "Alerts").
 */
export function* changeEmailAlert(id: string, operation: EmailOperation): SagaIterator {
  const api: Api = yield getApi();
  const { user, emailAlerts } = yield select((s: RootState) => s.notifications);
  if (!user) return;
  const previous: readonly AlertItem[] = emailAlerts;
  yield put(emailAlertsReplaced(applyOperation(previous, id, operation)));
  try {
    yield call(api.notifications.emailOperation, user.email, user.userControlToken, id, operation);
    yield put(snackbarShown('success', successMessage(operation)));
    const event = SEARCH_EVENT_OF[operation];
    if (event) yield spawn(trackSearchEvent, event);
  } catch {
    yield call(failed, () => emailAlertsReplaced(previous));
  }
}

export function* changePushSearch(id: string, operation: PushOperation): SagaIterator {
  const api: Api = yield getApi();
  const { subscriptionId, searches } = yield select((s: RootState) => s.notifications);
  const search = (searches as readonly AlertItem[]).find((s) => s.id === id);
  if (!subscriptionId || !search) return;
  const previous: readonly AlertItem[] = searches;
  yield put(pushSearchesReplaced(applyOperation(previous, id, operation)));
  try {
    yield call(api.notifications.pushOperation, subscriptionId, id, operation, {
      country_code: search.countryCode,
      vertical_id: search.verticalId,
    });
    yield put(snackbarShown('success', successMessage(operation)));
  } catch {
    yield call(failed, () => pushSearchesReplaced(previous));
  }
}

export function* disableAllEmail(): SagaIterator {
  const api: Api = yield getApi();
  const { user, emailAlerts } = yield select((s: RootState) => s.notifications);
  if (!user) return;
  const previous: readonly AlertItem[] = emailAlerts;
  yield put(emailAlertsReplaced(previous.map((a) => ({ ...a, active: false }))));
  try {
    yield call(api.notifications.disableAllEmailAlerts, user.email, user.userControlToken);
    yield put(snackbarShown('success', 'alerts.deactivated'));
  } catch {
    yield call(failed, () => emailAlertsReplaced(previous));
  }
}

export function* disableAllPush(): SagaIterator {
  const api: Api = yield getApi();
  const { subscriptionId, searches } = yield select((s: RootState) => s.notifications);
  if (!subscriptionId) return;
  const previous: readonly AlertItem[] = searches;
  yield put(pushSearchesReplaced(previous.map((a) => ({ ...a, active: false }))));
  try {
    yield call(api.notifications.disableAllPushSearches, subscriptionId);
    yield put(snackbarShown('success', 'alerts.deactivated'));
  } catch {
    yield call(failed, () => pushSearchesReplaced(previous));
  }
}

export function* changeNewsletter(
  action: Extract<NotificationsAction, { type: typeof NEWSLETTER_REQUESTED }>,
): SagaIterator {
  const api: Api = yield getApi();
  const { user, newsletters } = yield select((s: RootState) => s.notifications);
  if (!user) return;
  const previous: NewsletterFlags = newsletters;
  yield put(newslettersReplaced({ ...previous, [action.newsletter]: { active: action.active, changed: true } }));
  try {
    yield call(
      api.notifications.newsletter,
      user.email,
      user.userControlToken,
      action.newsletter,
      action.active ? 'enabled' : 'disabled',
    );
    yield put(snackbarShown('success', 'alerts.updated'));
  } catch {
    yield call(failed, () => newslettersReplaced(previous));
  }
}

function* onDeleteConfirmed(action: Extract<NotificationsAction, { type: typeof DELETE_CONFIRMED }>): SagaIterator {
  const { pending } = action;
  if (pending.kind === 'allEmail') yield call(disableAllEmail);
  else if (pending.kind === 'email') yield call(changeEmailAlert, pending.notificationId, 'delete');
  else yield call(changePushSearch, pending.notificationId, 'delete');
}

export function* watchAlerts(): SagaIterator {
  yield takeLatest(EMAIL_ALERT_REQUESTED, createEmailAlert);
  yield takeLatest(PUSH_ALERT_REQUESTED, createPushAlert);
  yield takeEvery(BANNER_EVENT, onBannerEvent);
  yield takeLatest(ALERTS_UI_MOUNTED, onUiMounted);
  yield takeEvery(CLIENT_LOAD_REQUESTED, onClientLoad);
  yield takeEvery(
    EMAIL_OPERATION_REQUESTED,
    (a: Extract<NotificationsAction, { type: typeof EMAIL_OPERATION_REQUESTED }>) =>
      changeEmailAlert(a.id, a.operation),
  );
  yield takeEvery(
    PUSH_OPERATION_REQUESTED,
    (a: Extract<NotificationsAction, { type: typeof PUSH_OPERATION_REQUESTED }>) => changePushSearch(a.id, a.operation),
  );
  yield takeEvery(DISABLE_ALL_EMAIL_REQUESTED, disableAllEmail);
  yield takeEvery(DISABLE_ALL_PUSH_REQUESTED, disableAllPush);
  yield takeEvery(NEWSLETTER_REQUESTED, changeNewsletter);
  yield takeEvery(DELETE_CONFIRMED, onDeleteConfirmed);
}
