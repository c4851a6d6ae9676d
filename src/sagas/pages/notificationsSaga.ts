import type { IntlShape } from 'react-intl';
import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, select } from 'redux-saga/effects';
import { verticalByName } from '../../../config/verticals';
import type { Api } from '../../shared/api/createApi';
import { isApiError } from '../../shared/api/errors';
import type { ResolvedAct } from '../../shared/api/notificationsApi';
import { NOTIFICATION_MANAGER_COOKIE } from '../../shared/domain/alertRules';
import type { MessageId } from '../../shared/i18n/messages';
import type { QueryParams } from '../../shared/routing/query';
import {
  credentialsResolved,
  deleteRequested,
  emailAreaStatus,
  pushSubscriptionSet,
  type NotificationUser,
} from '../../state/notifications';
import type { PageResult } from '../../state/page';
import type { RootState } from '../../state/store';
import { decodeCredentials, getAlertsEnv, loadEmailAlerts, loadPushSearches, PUSH_STORAGE_KEY } from '../alertsSaga';
import { getApi, getIntl } from '../context';
import { canonicalUrl } from './common';
import type { AlertsEnvironment } from '../../ui/alerts/alertsEnvironment';

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

function* managerHead(routeName: string, titleId: MessageId): SagaIterator<PageResult> {
  const intl: IntlShape = yield getIntl();
  // The canonical leaves the credentials out; these pages are never indexed.
  const canonical: string = yield call(canonicalUrl, routeName, {});
  return { status: 200, head: { title: intl.formatMessage({ id: titleId }), canonical, noindex: true } };
}

/**
 * The request's cookies: on the server from the saga context (`requestCookies`,
 * when the render pipeline passes them), in the browser from document.cookie.
 */
function* cookie(name: string): SagaIterator<string | undefined> {
  const requestCookies: Record<string, string> | undefined = yield getContext('requestCookies');
  if (requestCookies) return requestCookies[name];
  const env: AlertsEnvironment = yield call(getAlertsEnv);
  return env.getCookie(name);
}

/**
 * notifications_email: the e-mail area. Credentials come from the e-mail's
 * act link (resolved here, so the list is server-rendered), from a deletion
 * or subscription link (notificationId, email, userControlToken), or from
 * the notification-manager cookie. A link that does not verify is a clear
 * message on the page, not an error page.
 */
export function* loadEmailManager(params: QueryParams): SagaIterator<PageResult> {
  const result: PageResult = yield call(managerHead, 'notifications_email', 'nm.title.email');
  const api: Api = yield getApi();
  const site: RootState['app']['site'] = yield select((s: RootState) => s.app.site);
  let user: NotificationUser | null = null;
  let linked: string | null = null;
  const act = str(params.act);
  if (act) {
    try {
      const doc: { data: { attributes: ResolvedAct } } = yield call(
        api.notifications.resolveAct,
        act,
        site.country,
        site.target === 'general' ? undefined : verticalByName(site.target)?.id,
      );
      user = { email: doc.data.attributes.email, userControlToken: doc.data.attributes.uct };
      linked = doc.data.attributes.search_id;
    } catch (error) {
      if (!isApiError(error) || error.status >= 500) throw error;
      yield put(emailAreaStatus(error.code === 'ACT_TOKEN_EXPIRED' ? 'expiredLink' : 'invalidLink'));
      return result;
    }
  } else if (str(params.email) && str(params.userControlToken)) {
    user = { email: str(params.email), userControlToken: str(params.userControlToken) };
    const notificationId = str(params.notificationId);
    if (notificationId) {
      linked = notificationId;
      yield put(deleteRequested({ kind: 'email', notificationId, ...user }));
    }
  } else {
    user = decodeCredentials(yield call(cookie, NOTIFICATION_MANAGER_COOKIE.name));
  }
  if (!user) return result;
  yield put(credentialsResolved(user, linked));
  yield call(loadEmailAlerts, user);
  return result;
}

/**
 * notifications_push: the web push area. The subscription id is this
 * browser's (local storage), or a `subscription` in the URL; on the server
 * without one the list loads once the page is in the browser.
 */
export function* loadPushManager(params: QueryParams): SagaIterator<PageResult> {
  const result: PageResult = yield call(managerHead, 'notifications_push', 'nm.title.push');
  const env: AlertsEnvironment = yield call(getAlertsEnv);
  const fromUrl = str(params.subscription);
  const id = /^[0-9a-f]{32}$/.test(fromUrl) ? fromUrl : env.getStored(PUSH_STORAGE_KEY);
  if (!id) return result;
  yield put(pushSubscriptionSet(id));
  yield call(loadPushSearches, id);
  return result;
}

/** notifications_settings: how alerts arrive and this browser's permission (shown once in the browser). */
export function* loadNotificationSettings(params: QueryParams): SagaIterator<PageResult> {
  const result: PageResult = yield call(managerHead, 'notifications_settings', 'nm.title.settings');
  const env: AlertsEnvironment = yield call(getAlertsEnv);
  const id = str(params.subscription) || env.getStored(PUSH_STORAGE_KEY);
  if (id && /^[0-9a-f]{32}$/.test(id)) yield put(pushSubscriptionSet(id));
  return result;
}
