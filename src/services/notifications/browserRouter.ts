import express, { type Request, type Response } from 'express';
import { z } from 'zod';
import { PUSH_BROWSER_ID, PUSH_DEVICE_ID } from '../../shared/domain/constants';
import { ServiceError, intLike, parseInput, sendDocument } from '../jsonapi';
import { isAllowedPushEndpoint, isValidAuthSecret, isValidP256dh } from '../push/endpoints';
import {
  RATE_LIMITS,
  clientIp,
  contextSchema,
  formBody,
  iso,
  jsonBody,
  queryFromInput,
  searchQuerySchema,
  siteQuerySchema,
  siteSchema,
  takeRate,
} from './common';
import { queryOf, type NotificationStore, type PushSearchRow, type PushSubscriptionRow } from './NotificationStore';
import { checkAlertOffered, checkAlertQuery, queryKey, resolveSite, type AlertQuery } from './searchRules';

export interface BrowserRouterDeps {
  store: NotificationStore;
  vapidPublicKey: string;
  now: () => Date;
  log: (msg: string, extra?: object) => void;
}

const ID = /^[0-9a-f]{32}$/;

const endpointSchema = z
  .string()
  .max(1000)
  .refine((e) => isAllowedPushEndpoint(e), 'must be the https URL of a browser push service');
const publicKeySchema = z.string().max(200).refine(isValidP256dh, 'must be a base64url P-256 public key (65 bytes)');
const authSchema = z.string().max(100).refine(isValidAuthSecret, 'must be a base64url auth secret (16 bytes)');
const smallText = z.string().max(200);

const createSubscriptionSchema = z.object({
  data: z.object({
    type: z.literal('subscriptions'),
    attributes: z
      .object({
        endpoint: endpointSchema,
        public_key: publicKeySchema,
        auth_token: authSchema,
        cookie_id: smallText.optional(),
        device_id: intLike(1, 3).optional(),
        browser_id: intLike(1, 20).optional(),
        country_code: z
          .string()
          .trim()
          .toLowerCase()
          .regex(/^[a-z]{2}$/)
          .optional(),
        vertical_id: intLike(0, 1_000).optional(),
        page_view_id: smallText.optional(),
      })
      // A site is a country and a vertical: one without the other would save a subscription of no site.
      .refine((a) => (a.country_code === undefined) === (a.vertical_id === undefined), {
        message: 'country_code and vertical_id come together',
        path: ['vertical_id'],
      }),
  }),
});

const updateSubscriptionSchema = z.object({
  data: z.object({
    type: z.literal('subscriptions'),
    attributes: z.object({
      endpoint: endpointSchema.optional(),
      public_key: publicKeySchema.optional(),
      auth_token: authSchema.optional(),
      cookie_id: smallText.optional(),
    }),
  }),
});

const searchBodySchema = z.object({
  data: z.object({
    type: z.literal('searches'),
    attributes: z.object({
      site: siteSchema,
      search: z.object({ query: searchQuerySchema }).optional(),
      query: searchQuerySchema.optional(),
      context: contextSchema,
    }),
  }),
});

const searchUpdateSchema = z.object({
  data: z.object({
    type: z.literal('searches'),
    attributes: z.object({
      search: z.object({ query: searchQuerySchema }).optional(),
      query: searchQuerySchema.optional(),
      notification: z.object({ active: z.boolean().optional() }).optional(),
    }),
  }),
});

/** POST /v3/notifications/add/user: form fields, auth keys under several legacy names. */
const addUserSchema = z.object({
  country: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2}$/, 'must be a two-letter country code'),
  verticalId: z
    .string()
    .regex(/^\d{1,3}$/, 'must be a vertical id')
    .transform(Number),
  endpoint: endpointSchema,
  p256dh: publicKeySchema.optional(),
  auth: authSchema.optional(),
  'keys[p256dh]': publicKeySchema.optional(),
  'keys[auth]': authSchema.optional(),
  publicKey: publicKeySchema.optional(),
  authToken: authSchema.optional(),
  cookieId: smallText.optional(),
  deviceTypeId: z.string().regex(/^\d$/, 'must be a device type id').transform(Number).optional(),
  browser: z
    .string()
    .regex(/^\d{1,2}$/, 'must be a browser id')
    .transform(Number)
    .optional(),
  pageViewId: smallText.optional(),
});

export function subscriptionResource(row: PushSubscriptionRow, searches: number): Record<string, unknown> {
  return {
    type: 'subscriptions',
    id: row.id,
    attributes: {
      endpoint: row.endpoint,
      public_key: row.p256dh,
      cookie_id: row.cookie_id,
      device_id: row.device_id,
      browser_id: row.browser_id,
      site: row.country ? { country_code: row.country, vertical_id: row.vertical_id } : null,
      searches_count: searches,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
    },
  };
}

export function pushSearchResource(row: PushSearchRow, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const q = queryOf(row);
  return {
    type: 'searches',
    id: row.id,
    attributes: {
      query: { what: q.what, filters: q.filters, vertical_properties: { where: q.where, deal_type_id: q.dealTypeId } },
      site: { country_code: row.country, vertical_id: row.vertical_id },
      notification: { active: row.active === 1 },
      subscription_id: row.subscription_id,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
      changed: row.changed === 1,
      last_sent_at: iso(row.last_sent_at),
      ...extra,
    },
  };
}

function conflict(existingId: string): ServiceError {
  // Clients read the existing id after the colon (service-calls spec §4, §8).
  return new ServiceError(409, 'SUBSCRIPTION_EXISTS', `A subscription for this endpoint already exists:${existingId}`);
}

/** Browser notifications service (service-calls spec §7), mounted at `/api`. */
export function createBrowserRouter(deps: BrowserRouterDeps): express.Router {
  const { store } = deps;
  const nowMs = () => deps.now().getTime();
  const router = express.Router();

  function subscriptionOf(req: Request): PushSubscriptionRow {
    const id = String(req.params.subscriptionId ?? '');
    const row = ID.test(id) ? store.pushSubscription(id) : undefined;
    if (!row) throw ServiceError.notFound('No browser subscription with this id', 'SUBSCRIPTION_NOT_FOUND');
    return row;
  }

  function searchOf(sub: PushSubscriptionRow, req: Request): PushSearchRow {
    const id = String(req.params.searchId ?? '');
    const row = ID.test(id) ? store.pushSearch(id) : undefined;
    if (!row || row.subscription_id !== sub.id)
      throw ServiceError.notFound('No search with this id in this subscription', 'SEARCH_NOT_FOUND');
    return row;
  }

  function checkedQuery(
    site: ReturnType<typeof resolveSite>,
    input: z.output<typeof searchQuerySchema>,
    pointer: string,
  ): AlertQuery {
    return checkAlertQuery(site, queryFromInput(input), pointer);
  }

  router.get('/notifications/browser/vapid-public-key', (_req, res) => {
    sendDocument(res, 200, {
      data: { type: 'vapid_public_keys', id: 'current', attributes: { public_key: deps.vapidPublicKey } },
    });
  });

  router.post('/notifications/browser/subscription', jsonBody, (req: Request, res: Response) => {
    const a = parseInput(createSubscriptionSchema, req.body, 'body').data.attributes;
    const site =
      a.country_code && a.vertical_id !== undefined
        ? resolveSite(a.country_code, a.vertical_id, '/data/attributes')
        : undefined;
    const existing = store.pushSubscriptionByEndpoint(a.endpoint);
    if (existing) throw conflict(existing.id);
    const now = nowMs();
    takeRate(store, res, [{ key: `push-sub:ip:${clientIp(req)}`, limit: RATE_LIMITS.pushSubscriptionPerIp }], now);
    const { row, created } = store.insertPushSubscription(
      {
        endpoint: a.endpoint,
        p256dh: a.public_key,
        auth: a.auth_token,
        cookie_id: a.cookie_id ?? null,
        device_id: a.device_id ?? PUSH_DEVICE_ID,
        browser_id: a.browser_id ?? PUSH_BROWSER_ID,
        country: site?.country ?? null,
        vertical_id: site?.verticalId ?? null,
        page_view_id: a.page_view_id ?? null,
      },
      now,
    );
    if (!created) throw conflict(row.id);
    deps.log('push subscription created', { subscription: row.id });
    sendDocument(res, 201, { data: subscriptionResource(row, 0) });
  });

  router.get('/notifications/browser/subscription/:subscriptionId', (req, res) => {
    const sub = subscriptionOf(req);
    sendDocument(res, 200, { data: subscriptionResource(sub, store.pushSearchesOf(sub.id).length) });
  });

  router.patch('/notifications/browser/subscription/:subscriptionId', jsonBody, (req, res) => {
    const sub = subscriptionOf(req);
    const a = parseInput(updateSubscriptionSchema, req.body, 'body').data.attributes;
    if (a.endpoint && a.endpoint !== sub.endpoint) {
      const other = store.pushSubscriptionByEndpoint(a.endpoint);
      if (other) throw conflict(other.id);
    }
    store.updatePushSubscription(
      sub.id,
      { endpoint: a.endpoint, p256dh: a.public_key, auth: a.auth_token, cookie_id: a.cookie_id },
      nowMs(),
    );
    const updated = store.pushSubscription(sub.id) as PushSubscriptionRow;
    sendDocument(res, 200, { data: subscriptionResource(updated, store.pushSearchesOf(sub.id).length) });
  });

  router.post('/notifications/browser/subscription/:subscriptionId/searches', jsonBody, (req, res) => {
    const sub = subscriptionOf(req);
    const a = parseInput(searchBodySchema, req.body, 'body').data.attributes;
    const input = a.search?.query ?? a.query;
    if (!input)
      throw new ServiceError(400, 'INVALID_PARAMETER', '/data/attributes/search/query: is required', {
        pointer: '/data/attributes/search/query',
      });
    const site = resolveSite(a.site.country_code, a.site.vertical_id, '/data/attributes/site');
    checkAlertOffered(site, a.context?.origin_id);
    const query = checkedQuery(site, input, a.search ? '/data/attributes/search/query' : '/data/attributes/query');
    const now = nowMs();
    takeRate(
      store,
      res,
      [
        { key: `push-search:sub:${sub.id}`, limit: RATE_LIMITS.pushSearchPerSubscription },
        { key: `push-search:ip:${clientIp(req)}`, limit: RATE_LIMITS.pushSearchPerIp },
      ],
      now,
    );
    const key = queryKey(site, query);
    const { row, isNew } = store.transaction(() => {
      const existing = store.pushSearchByKey(sub.id, key);
      if (existing) {
        if (existing.active === 0) store.updatePushSearch(existing.id, { active: true }, now);
        return { row: store.pushSearch(existing.id) as PushSearchRow, isNew: false };
      }
      return {
        row: store.insertPushSearch(
          sub.id,
          { country: site.country, verticalId: site.verticalId, query, queryKey: key, context: a.context },
          now,
        ),
        isNew: true,
      };
    });
    sendDocument(res, isNew ? 201 : 200, { data: pushSearchResource(row, { is_new_alert: isNew }) });
  });

  router.patch('/notifications/browser/subscription/:subscriptionId/searches/:searchId', jsonBody, (req, res) => {
    const sub = subscriptionOf(req);
    const search = searchOf(sub, req);
    const a = parseInput(searchUpdateSchema, req.body, 'body').data.attributes;
    const input = a.search?.query ?? a.query;
    const now = nowMs();
    if (input) {
      const site = resolveSite(search.country, search.vertical_id, '/data/attributes/site');
      const query = checkedQuery(site, input, a.search ? '/data/attributes/search/query' : '/data/attributes/query');
      const key = queryKey(site, query);
      const other = store.pushSearchByKey(sub.id, key);
      if (other && other.id !== search.id) {
        throw new ServiceError(409, 'SEARCH_EXISTS', `This subscription already has this search:${other.id}`);
      }
      store.updatePushSearch(search.id, { query, queryKey: key }, now);
    }
    if (a.notification?.active !== undefined) store.updatePushSearch(search.id, { active: a.notification.active }, now);
    sendDocument(res, 200, { data: pushSearchResource(store.pushSearch(search.id) as PushSearchRow) });
  });

  router.get('/notifications/browser/all_subscription/:subscriptionId', (req, res) => {
    const sub = subscriptionOf(req);
    const q = parseInput(siteQuerySchema, req.query);
    const searches = store.pushSearchesOf(sub.id, { country: q.country_code, verticalId: q.vertical_id });
    sendDocument(res, 200, { data: searches.map((s) => pushSearchResource(s)), meta: { subscription_id: sub.id } });
  });

  router.patch(
    '/notifications/browser/subscription/:subscriptionId/searches/:searchId/operation/:operation',
    (req, res) => {
      const sub = subscriptionOf(req);
      const operation = req.params.operation ?? '';
      if (!['enabled', 'disabled', 'delete'].includes(operation)) {
        throw ServiceError.badParameter('operation', 'operation must be enabled, disabled or delete');
      }
      const q = parseInput(siteQuerySchema, req.query);
      const search = searchOf(sub, req);
      if (
        (q.country_code !== undefined && q.country_code !== search.country) ||
        (q.vertical_id !== undefined && q.vertical_id !== search.vertical_id)
      ) {
        throw ServiceError.notFound('No search with this id on this site', 'SEARCH_NOT_FOUND');
      }
      if (operation === 'delete') {
        store.deletePushSearch(search.id);
        sendDocument(res, 200, { meta: { search_id: search.id, operation, deleted: true } });
        return;
      }
      store.updatePushSearch(search.id, { active: operation === 'enabled' }, nowMs());
      sendDocument(res, 200, {
        data: pushSearchResource(store.pushSearch(search.id) as PushSearchRow),
        meta: { operation },
      });
    },
  );

  router.patch('/notifications/browser/disable_all_subscriptions/:subscriptionId', (req, res) => {
    const sub = subscriptionOf(req);
    const disabled = store.disableAllPushSearches(sub.id, nowMs());
    sendDocument(res, 200, {
      data: store.pushSearchesOf(sub.id).map((s) => pushSearchResource(s)),
      meta: { disabled },
    });
  });

  /** The legacy registration call: form body; answers `{ message: "...:<userId>" }` (the subscription id). */
  router.post('/v3/notifications/add/user', formBody, (req, res) => {
    const f = parseInput(addUserSchema, req.body ?? {});
    const site = resolveSite(f.country, f.verticalId, '');
    const p256dh = f.p256dh ?? f['keys[p256dh]'] ?? f.publicKey;
    const auth = f.auth ?? f['keys[auth]'] ?? f.authToken;
    if (!p256dh) throw ServiceError.badParameter('p256dh', 'p256dh (the public key) is required');
    if (!auth) throw ServiceError.badParameter('auth', 'auth (the auth secret) is required');
    const now = nowMs();
    let row = store.pushSubscriptionByEndpoint(f.endpoint);
    let created = false;
    if (!row) {
      takeRate(store, res, [{ key: `push-sub:ip:${clientIp(req)}`, limit: RATE_LIMITS.pushSubscriptionPerIp }], now);
      ({ row, created } = store.insertPushSubscription(
        {
          endpoint: f.endpoint,
          p256dh,
          auth,
          cookie_id: f.cookieId ?? null,
          device_id: f.deviceTypeId ?? PUSH_DEVICE_ID,
          browser_id: f.browser ?? PUSH_BROWSER_ID,
          country: site.country,
          vertical_id: site.verticalId,
          page_view_id: f.pageViewId ?? null,
        },
        now,
      ));
    } else if (row.p256dh !== p256dh || row.auth !== auth) {
      store.updatePushSubscription(row.id, { p256dh, auth }, now);
    }
    res.status(created ? 201 : 200).json({
      status: 'ok',
      message: `${created ? 'User created' : 'User already registered'}:${row.id}`,
      data: { id: row.id },
    });
  });

  return router;
}
