import type { AlertSearchQuery } from '../domain/alertRules';
import { APP_VERSION, type Frequency } from '../domain/constants';
import { ApiNotificationError } from './errors';
import type { HttpClient } from './http';

/** The header carrying the user control token (docs/decisions/030-notification-auth.md). */
export const UCT_HEADER = 'X-User-Control-Token';

export interface SiteRef {
  country_code: string;
  vertical_id: number;
}

export interface AlertContext {
  section_id: number;
  origin_id: number;
  device_type: number;
  total_results: number;
}

/** A search alert as the services answer it (product-spec §3 "Search alert"). */
export interface AlertResource {
  type: string;
  id: string;
  attributes: {
    query: {
      what: string;
      filters: Record<string, unknown>;
      vertical_properties: { where: string; deal_type_id: number | null };
    };
    site: SiteRef;
    notification: { frequency?: Frequency; active: boolean; suggested?: boolean };
    user?: { id: string; email: string; creation_date: string | null };
    created_at?: string | null;
    updated_at?: string | null;
    changed?: boolean;
    is_new_alert?: boolean;
    subscription_id?: string;
  };
}

export interface NewsletterFlags {
  terceros: { active: boolean; changed: boolean };
  partners: { active: boolean; changed: boolean };
}

export type NewsletterType = keyof NewsletterFlags;
export type EmailOperation = 'enabled' | 'disabled' | 'daily' | 'weekly' | 'never' | 'delete';
export type PushOperation = 'enabled' | 'disabled' | 'delete';

export interface EmailSubscriptionInput {
  site: SiteRef;
  email: string;
  query: AlertSearchQuery;
  context: AlertContext;
}

export interface PushSubscriptionInput {
  endpoint: string;
  public_key: string;
  auth_token: string;
  cookie_id: string;
  device_id: number;
  browser_id: number;
  country_code: string;
  vertical_id: number;
}

export interface ResolvedAct {
  search_id: string;
  email: string;
  uct: string;
  search_exists?: boolean;
}

/** E-mail and browser notification services and alert link resolution (service-calls spec §7). */
export interface NotificationsApi {
  createEmailSubscription(input: EmailSubscriptionInput): Promise<{ data: AlertResource }>;
  listEmailAlerts(
    email: string,
    uct: string,
    site?: Partial<SiteRef>,
  ): Promise<{ data: AlertResource[]; meta: { newsletters: NewsletterFlags } }>;
  emailOperation(email: string, uct: string, searchId: string, operation: EmailOperation): Promise<unknown>;
  disableAllEmailAlerts(email: string, uct: string): Promise<{ data: AlertResource[] }>;
  newsletter(email: string, uct: string, type: NewsletterType, operation: 'enabled' | 'disabled'): Promise<unknown>;
  createUser(
    email: string,
    newsletters?: { terceros?: boolean; partners?: boolean },
  ): Promise<{ data: { id: string; attributes: { token: string } } }>;
  resolveAct(act: string, countrycode: string, verticalid?: number): Promise<{ data: { attributes: ResolvedAct } }>;
  vapidPublicKey(): Promise<{ data: { attributes: { public_key: string } } }>;
  createPushSubscription(input: PushSubscriptionInput): Promise<{ data: { id: string } }>;
  getPushSubscription(subscriptionId: string): Promise<{ data: { id: string } }>;
  addPushSearch(
    subscriptionId: string,
    site: SiteRef,
    query: AlertSearchQuery,
    context: AlertContext,
  ): Promise<{ data: AlertResource }>;
  listPushSearches(subscriptionId: string, site?: Partial<SiteRef>): Promise<{ data: AlertResource[] }>;
  pushOperation(subscriptionId: string, searchId: string, operation: PushOperation, site: SiteRef): Promise<unknown>;
  disableAllPushSearches(subscriptionId: string): Promise<{ data: AlertResource[] }>;
}

const seg = encodeURIComponent;

export function createNotificationsApi(http: HttpClient, base: string): NotificationsApi {
  const makeError = (message: string, code: string | number, status: number) =>
    new ApiNotificationError(message, code, status);
  const email = `${base}/notifications/email`;
  const browser = `${base}/notifications/browser`;
  const auth = (uct: string) => ({ [UCT_HEADER]: uct });
  return {
    createEmailSubscription: ({ site, email: address, query, context }) =>
      http.request(
        'createEmailSubscription',
        `${email}/subscription`,
        {
          method: 'POST',
          body: {
            data: {
              type: 'subscriptions',
              attributes: {
                site,
                user: { email: address },
                search: { query },
                notification: { frequency: 'daily', active: true, suggested: false },
                context,
              },
            },
          },
        },
        makeError,
      ),
    listEmailAlerts: (address, uct, site = {}) =>
      http.request(
        'listEmailAlerts',
        `${email}/all_subscription/${seg(address)}`,
        { headers: auth(uct), query: { country_code: site.country_code, vertical_id: site.vertical_id } },
        makeError,
      ),
    emailOperation: (address, uct, searchId, operation) =>
      http.request(
        'emailOperation',
        `${email}/subscription/${seg(address)}/searches/${seg(searchId)}/operation/${operation}`,
        { method: 'PATCH', headers: auth(uct) },
        makeError,
      ),
    disableAllEmailAlerts: (address, uct) =>
      http.request(
        'disableAllEmailAlerts',
        `${email}/disable_all_searches/${seg(address)}`,
        { method: 'PATCH', headers: auth(uct) },
        makeError,
      ),
    newsletter: (address, uct, type, operation) =>
      http.request(
        'newsletter',
        `${email}/subscription/${seg(address)}/newsletterType/${type}/operation/${operation}`,
        { method: 'PATCH', headers: auth(uct) },
        makeError,
      ),
    createUser: (address, newsletters) =>
      http.request(
        'createUser',
        `${email}/create_user`,
        { method: 'POST', body: { data: { type: 'users', attributes: { email: address, newsletters } } } },
        makeError,
      ),
    resolveAct: (act, countrycode, verticalid) =>
      http.request('resolveAct', `${base}/resolveAct`, { query: { act, countrycode, verticalid } }, makeError),
    vapidPublicKey: () => http.request('vapidPublicKey', `${browser}/vapid-public-key`, {}, makeError),
    createPushSubscription: (input) =>
      http.request(
        'createPushSubscription',
        `${browser}/subscription`,
        { method: 'POST', body: { data: { type: 'subscriptions', attributes: input } } },
        makeError,
      ),
    getPushSubscription: (id) =>
      http.request('getPushSubscription', `${browser}/subscription/${seg(id)}`, {}, makeError),
    addPushSearch: (id, site, query, context) =>
      http.request(
        'addPushSearch',
        `${browser}/subscription/${seg(id)}/searches`,
        { method: 'POST', body: { data: { type: 'searches', attributes: { site, search: { query }, context } } } },
        makeError,
      ),
    listPushSearches: (id, site = {}) =>
      http.request(
        'listPushSearches',
        `${browser}/all_subscription/${seg(id)}`,
        { query: { country_code: site.country_code, vertical_id: site.vertical_id } },
        makeError,
      ),
    pushOperation: (id, searchId, operation, site) =>
      http.request(
        'pushOperation',
        `${browser}/subscription/${seg(id)}/searches/${seg(searchId)}/operation/${operation}`,
        { method: 'PATCH', query: { country_code: site.country_code, vertical_id: site.vertical_id, vv: APP_VERSION } },
        makeError,
      ),
    disableAllPushSearches: (id) =>
      http.request(
        'disableAllPushSearches',
        `${browser}/disable_all_subscriptions/${seg(id)}`,
        { method: 'PATCH' },
        makeError,
      ),
  };
}
