import express, { type Request, type Response } from 'express';
import { z } from 'zod';
import { countryByCode, isRtlLocale, localCountryName } from '../../../config/countries';
import { resolveSite as siteOfHost } from '../../../config/sites';
import { GENERAL_ACCENT, verticalById, verticalByName } from '../../../config/verticals';
import { FREQUENCIES, type Frequency } from '../../shared/domain/constants';
import { messagesFor as siteMessagesFor } from '../../shared/i18n/messages';
import { ServiceError, parseInput, sendDocument } from '../jsonapi';
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
import { escapeHtml, fill, messagesFor, searchLabel } from './messages';
import { queryOf, type EmailAlertRow, type NotificationStore, type UserRow } from './NotificationStore';
import { checkAlertOffered, checkAlertQuery, queryKey, resolveSite, type AlertSite } from './searchRules';
import { normalizeEmail, type ActTokens, type UserControlTokens } from './tokens';

export interface EmailRouterDeps {
  store: NotificationStore;
  uct: UserControlTokens;
  act: ActTokens;
  now: () => Date;
  log: (msg: string, extra?: object) => void;
}

/** The header that carries the user control token (docs/decisions/030-notification-auth.md). */
export const UCT_HEADER = 'X-User-Control-Token';

const emailSchema = z.string().trim().toLowerCase().pipe(z.email('must be an e-mail address').max(254));

const subscriptionSchema = z.object({
  data: z.object({
    type: z.literal('subscriptions'),
    attributes: z.object({
      site: siteSchema,
      user: z.object({ email: emailSchema }),
      search: z.object({ query: searchQuerySchema }),
      notification: z
        .object({
          frequency: z.enum(FREQUENCIES).optional(),
          active: z.boolean().optional(),
          suggested: z.boolean().optional(),
        })
        .optional(),
      context: contextSchema,
    }),
  }),
});

const createUserSchema = z.object({
  data: z.object({
    type: z.literal('users'),
    attributes: z.object({
      email: emailSchema,
      newsletters: z.object({ terceros: z.boolean().optional(), partners: z.boolean().optional() }).optional(),
    }),
  }),
});

const OPERATIONS = ['enabled', 'disabled', 'daily', 'weekly', 'never', 'delete'] as const;
const NEWSLETTER_TYPES = ['terceros', 'partners'] as const;

const actQuerySchema = z.object({
  act: z.string().min(1, 'act is required').max(2000),
  countrycode: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2}$/, 'must be a two-letter country code')
    .optional(),
  verticalid: z
    .string()
    .regex(/^\d{1,3}$/, 'must be a vertical id')
    .transform(Number)
    .optional(),
});

function emailParam(req: Request): string {
  const parsed = emailSchema.safeParse(req.params.email ?? '');
  if (!parsed.success) throw ServiceError.badParameter('emailAddress', 'emailAddress must be an e-mail address');
  return parsed.data;
}

function presentedToken(req: Request): string | undefined {
  const header = req.get(UCT_HEADER);
  if (header) return header.trim();
  const auth = req.get('Authorization');
  const bearer = auth && /^Bearer\s+(\S+)$/i.exec(auth)?.[1];
  if (bearer) return bearer;
  const q = req.query.uct;
  if (Array.isArray(q)) throw ServiceError.badParameter('uct', 'uct takes one value');
  return typeof q === 'string' && q ? q : undefined;
}

export function userResource(user: Pick<UserRow, 'id' | 'email' | 'created_at'>): Record<string, unknown> {
  return { id: user.id, email: user.email, creation_date: iso(user.created_at) };
}

export function newslettersOf(user: UserRow | undefined): Record<string, { active: boolean; changed: boolean }> {
  return {
    terceros: { active: user?.terceros_active === 1, changed: user?.terceros_changed === 1 },
    partners: { active: user?.partners_active === 1, changed: user?.partners_changed === 1 },
  };
}

/** An e-mail alert as the spec's response shape (product-spec §3 "Search alert"). */
export function emailAlertResource(
  row: EmailAlertRow,
  user: UserRow,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const q = queryOf(row);
  return {
    type: 'subscriptions',
    id: row.id,
    attributes: {
      query: { what: q.what, filters: q.filters, vertical_properties: { where: q.where, deal_type_id: q.dealTypeId } },
      site: { country_code: row.country, vertical_id: row.vertical_id },
      notification: { frequency: row.frequency, active: row.active === 1, suggested: row.suggested === 1 },
      user: userResource(user),
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
      changed: row.changed === 1,
      last_sent_at: iso(row.last_sent_at),
      ...extra,
    },
  };
}

/** E-mail notifications service and alert link resolution (service-calls spec §7), mounted at `/api`. */
export function createEmailRouter(deps: EmailRouterDeps): express.Router {
  const { store, uct, act } = deps;
  const nowMs = () => deps.now().getTime();
  const router = express.Router();

  /** Management calls: the address and its user control token, or a 401/403 and nothing changes. */
  function authorise(req: Request): string {
    const email = emailParam(req);
    const token = presentedToken(req);
    if (!token) {
      throw new ServiceError(
        401,
        'USER_CONTROL_TOKEN_REQUIRED',
        `Send the address's user control token in the ${UCT_HEADER} header.`,
      );
    }
    if (!uct.verify(email, token)) {
      throw new ServiceError(
        403,
        'USER_CONTROL_TOKEN_INVALID',
        'The user control token does not match this e-mail address; nothing was changed.',
      );
    }
    return email;
  }

  function alertOf(email: string, searchId: string): { alert: EmailAlertRow; user: UserRow } {
    const user = store.userByEmail(email);
    const alert = user ? store.emailAlert(searchId) : undefined;
    if (!user || !alert || alert.user_id !== user.id)
      throw ServiceError.notFound(`No alert ${searchId} for this address`, 'ALERT_NOT_FOUND');
    return { alert, user };
  }

  router.post('/notifications/email/subscription', jsonBody, (req: Request, res: Response) => {
    const body = parseInput(subscriptionSchema, req.body, 'body');
    const a = body.data.attributes;
    const site = resolveSite(a.site.country_code, a.site.vertical_id, '/data/attributes/site');
    checkAlertOffered(site, a.context?.origin_id);
    const query = checkAlertQuery(site, queryFromInput(a.search.query), '/data/attributes/search/query');
    const email = normalizeEmail(a.user.email);
    const now = nowMs();
    takeRate(
      store,
      res,
      [
        { key: `email-alert:addr:${email}`, limit: RATE_LIMITS.emailAlertPerAddress },
        { key: `email-alert:ip:${clientIp(req)}`, limit: RATE_LIMITS.emailAlertPerIp },
      ],
      now,
    );
    const key = queryKey(site, query);
    const { alert, user, isNew } = store.transaction(() => {
      const { user } = store.ensureUser(email, now);
      const existing = store.emailAlertByKey(user.id, key);
      if (existing) {
        // Saving a paused alert again switches it back on.
        if (existing.active === 0) store.updateEmailAlert(existing.id, { active: true }, now);
        return { alert: store.emailAlert(existing.id) as EmailAlertRow, user, isNew: false };
      }
      const created = store.insertEmailAlert(
        user.id,
        {
          country: site.country,
          verticalId: site.verticalId,
          query,
          queryKey: key,
          context: a.context,
          frequency: a.notification?.frequency ?? 'daily',
          active: a.notification?.active ?? true,
          suggested: a.notification?.suggested ?? false,
        },
        now,
      );
      return { alert: created, user, isNew: true };
    });
    deps.log('email alert saved', { alert: alert.id, new: isNew, site: `${site.country}/${site.vertical}` });
    sendDocument(res, isNew ? 201 : 200, { data: emailAlertResource(alert, user, { is_new_alert: isNew }) });
  });

  router.get('/notifications/email/all_subscription/:email', (req, res) => {
    const email = authorise(req);
    const q = parseInput(siteQuerySchema, req.query);
    const user = store.userByEmail(email);
    const alerts = (user ? store.emailAlertsOf(user.id) : []).filter(
      (a) =>
        (q.country_code === undefined || a.country === q.country_code) &&
        (q.vertical_id === undefined || a.vertical_id === q.vertical_id),
    );
    sendDocument(res, 200, {
      data: user ? alerts.map((a) => emailAlertResource(a, user)) : [],
      meta: {
        user: user ? userResource(user) : { id: null, email, creation_date: null },
        newsletters: newslettersOf(user),
      },
    });
  });

  router.patch('/notifications/email/subscription/:email/searches/:searchId/operation/:operation', (req, res) => {
    const email = authorise(req);
    const operation = req.params.operation as (typeof OPERATIONS)[number];
    if (!OPERATIONS.includes(operation)) {
      throw ServiceError.badParameter('operation', `operation must be one of ${OPERATIONS.join(', ')}`);
    }
    const { alert, user } = alertOf(email, req.params.searchId ?? '');
    const now = nowMs();
    if (operation === 'delete') {
      store.deleteEmailAlert(alert.id);
      sendDocument(res, 200, { meta: { search_id: alert.id, operation, deleted: true } });
      return;
    }
    if (operation === 'enabled' || operation === 'disabled')
      store.updateEmailAlert(alert.id, { active: operation === 'enabled' }, now);
    else store.updateEmailAlert(alert.id, { frequency: operation as Frequency }, now);
    sendDocument(res, 200, {
      data: emailAlertResource(store.emailAlert(alert.id) as EmailAlertRow, user),
      meta: { operation },
    });
  });

  router.patch('/notifications/email/disable_all_searches/:email', (req, res) => {
    const email = authorise(req);
    const user = store.userByEmail(email);
    const changed = user ? store.disableAllEmailAlerts(user.id, nowMs()) : 0;
    sendDocument(res, 200, {
      data: user ? store.emailAlertsOf(user.id).map((a) => emailAlertResource(a, user)) : [],
      meta: { disabled: changed },
    });
  });

  router.patch(
    '/notifications/email/subscription/:email/newsletterType/:newsletterType/operation/:operation',
    (req, res) => {
      const email = authorise(req);
      const type = req.params.newsletterType as (typeof NEWSLETTER_TYPES)[number];
      if (!NEWSLETTER_TYPES.includes(type))
        throw ServiceError.badParameter('newsletterType', 'newsletterType must be terceros or partners');
      const operation = req.params.operation;
      if (operation !== 'enabled' && operation !== 'disabled')
        throw ServiceError.badParameter('operation', 'operation must be enabled or disabled');
      const { user } = store.ensureUser(email, nowMs());
      store.setNewsletter(user.id, type, operation === 'enabled');
      const updated = store.userById(user.id) as UserRow;
      sendDocument(res, 200, {
        data: {
          type: 'newsletters',
          id: `${updated.id}-${type}`,
          attributes: { newsletter_type: type, ...newslettersOf(updated)[type] },
        },
        meta: { newsletters: newslettersOf(updated) },
      });
    },
  );

  router.post('/notifications/email/create_user', jsonBody, (req, res) => {
    const body = parseInput(createUserSchema, req.body, 'body');
    const email = normalizeEmail(body.data.attributes.email);
    const now = nowMs();
    if (store.userByEmail(email))
      throw new ServiceError(409, 'USER_EXISTS', 'A user with this email address already exists.');
    takeRate(store, res, [{ key: `create-user:ip:${clientIp(req)}`, limit: RATE_LIMITS.createUserPerIp }], now);
    const { user, created } = store.ensureUser(email, now, body.data.attributes.newsletters);
    if (!created) throw new ServiceError(409, 'USER_EXISTS', 'A user with this email address already exists.');
    sendDocument(res, 201, {
      data: {
        type: 'users',
        id: user.id,
        attributes: { ...userResource(user), token: uct.tokenFor(email), newsletters: newslettersOf(user) },
      },
    });
  });

  router.get('/resolveAct', (req, res) => {
    const q = parseInput(actQuerySchema, req.query);
    const result = act.verify(q.act, Math.floor(nowMs() / 1000));
    if (!result.ok) {
      throw new ServiceError(
        403,
        result.reason === 'expired' ? 'ACT_TOKEN_EXPIRED' : 'ACT_TOKEN_INVALID',
        result.reason === 'expired' ? 'This link has expired.' : 'This link is not valid.',
        { parameter: 'act' },
      );
    }
    const alert = store.emailAlert(result.claims.searchId);
    if (alert && q.countrycode !== undefined && alert.country !== q.countrycode) {
      throw ServiceError.badParameter('countrycode', "countrycode is not the alert's country");
    }
    if (alert && q.verticalid !== undefined && alert.vertical_id !== q.verticalid) {
      throw ServiceError.badParameter('verticalid', "verticalid is not the alert's vertical");
    }
    const { searchId, email } = result.claims;
    sendDocument(res, 200, {
      data: {
        type: 'resolved_acts',
        id: searchId,
        attributes: { search_id: searchId, email, uct: uct.tokenFor(email), search_exists: alert !== undefined },
      },
    });
  });

  // ---- unsubscribe links (RFC 8058 one-click and the link in the mail) -------

  function actAlert(req: Request): { alert: EmailAlertRow | undefined; ok: boolean } {
    const token = typeof req.query.act === 'string' ? req.query.act : '';
    const result = act.verify(token, Math.floor(nowMs() / 1000));
    if (!result.ok) return { alert: undefined, ok: false };
    const alert = store.emailAlert(result.claims.searchId);
    const user = alert ? store.userById(alert.user_id) : undefined;
    return { alert: user && user.email === result.claims.email ? alert : undefined, ok: true };
  }

  /**
   * The page's site: the one the link was opened on (its host, as the web pages resolve it), else the
   * alert's (a link opened on a loopback host), else none (English, no site).
   */
  function pageSiteOf(req: Request, alert: EmailAlertRow | undefined): PageSite {
    // No default country: a loopback host names no site here, so it does not hide the alert's.
    const hostSite = siteOfHost(req.get('host') ?? '', '/', '');
    const alertSite = alert ? resolveSiteSafe(alert) : undefined;
    const country = countryByCode(hostSite?.country ?? alertSite?.country ?? '');
    if (!country) {
      return { locale: 'en-GB', direction: 'ltr', accent: GENERAL_ACCENT, brand: 'Trawl', home: '', homePath: '/' };
    }
    const locale = hostSite?.locale ?? alertSite?.locale ?? country.locale;
    const target = alertSite?.country === country.code ? alertSite.vertical : (hostSite?.target ?? 'general');
    const site = siteMessagesFor(locale);
    const vertical = target === 'general' ? '' : ` ${site[`vertical.${target}`]}`;
    return {
      locale,
      direction: isRtlLocale(locale) ? 'rtl' : 'ltr',
      accent: verticalByName(target)?.accent ?? GENERAL_ACCENT,
      brand: `${site['app.name']}${vertical} ${localCountryName(country, locale)}`,
      home: site['header.home'],
      // A shared host's verticals live under their path prefix (www.trawl.co.cr/homes).
      homePath: country.sharedHost && target !== 'general' ? `/${target}` : '/',
    };
  }

  /** A page of the site, as its pages look: its language and direction, a header in its colour leading home. */
  function page(res: Response, status: number, site: PageSite, title: string, body: string): void {
    const header = site.home
      ? `<header style="background:${site.accent};padding:.75rem 1rem"><a href="${escapeHtml(site.homePath)}" aria-label="${escapeHtml(site.home)}" ` +
        `style="color:#fff;font-weight:bold;text-decoration:none">${escapeHtml(site.brand)}</a></header>`
      : '';
    res
      .status(status)
      .type('html')
      .set('Cache-Control', 'no-store')
      .set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
      .send(
        `<!doctype html><html lang="${escapeHtml(site.locale)}" dir="${site.direction}"><head><meta charset="utf-8"><meta name="robots" content="noindex">` +
          `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(`${title} | ${site.brand}`)}</title></head>` +
          `<body style="font-family:sans-serif;margin:0">${header}<main style="max-width:32rem;margin:2rem auto;padding:0 1rem">` +
          `<h1 style="color:${site.accent}">${escapeHtml(title)}</h1>${body}</main></body></html>`,
      );
  }

  /** A GET only shows a confirmation form: link scanners must not unsubscribe anyone. */
  router.get('/notifications/email/unsubscribe', (req, res) => {
    const { alert, ok } = actAlert(req);
    const site = pageSiteOf(req, alert);
    const m = messagesFor(site.locale);
    if (!ok) {
      page(res, 403, site, m.unsubscribeTitle, `<p>${escapeHtml(m.linkInvalid)}</p>`);
      return;
    }
    if (!alert) {
      // A valid link to an alert deleted since: nothing to unsubscribe from.
      page(res, 404, site, m.unsubscribeTitle, `<p>${escapeHtml(m.alertGone)}</p>`);
      return;
    }
    const label = searchLabel(site.locale, alert.what, alert.where_text);
    page(
      res,
      200,
      site,
      m.unsubscribeTitle,
      `<p>${escapeHtml(fill(m.unsubscribeConfirm, { search: label }))}</p>` +
        `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
        `<button type="submit">${escapeHtml(m.unsubscribeButton)}</button></form>`,
    );
  });

  /** RFC 8058 one-click: a POST with `List-Unsubscribe=One-Click` disables the alert the act token names. */
  router.post('/notifications/email/unsubscribe', formBody, (req, res) => {
    const { alert, ok } = actAlert(req);
    const site = pageSiteOf(req, alert);
    const m = messagesFor(site.locale);
    const wantsHtml = req.accepts(['json', 'html']) === 'html';
    if (!ok) {
      if (wantsHtml) page(res, 403, site, m.unsubscribeTitle, `<p>${escapeHtml(m.linkInvalid)}</p>`);
      else throw new ServiceError(403, 'ACT_TOKEN_INVALID', 'This link is not valid.', { parameter: 'act' });
      return;
    }
    if (alert && alert.active === 1) store.updateEmailAlert(alert.id, { active: false }, nowMs());
    deps.log('email alert unsubscribed', { alert: alert?.id });
    if (wantsHtml) {
      const text = alert
        ? fill(m.unsubscribeDone, { search: searchLabel(site.locale, alert.what, alert.where_text) })
        : m.alertGone;
      page(res, 200, site, m.unsubscribeTitle, `<p>${escapeHtml(text)}</p>`);
      return;
    }
    sendDocument(res, 200, { meta: { search_id: alert?.id ?? null, unsubscribed: true } });
  });

  return router;
}

/** What the unsubscribe pages show of a site. `home`: the label of the link home, empty with no site. */
interface PageSite {
  locale: string;
  direction: 'ltr' | 'rtl';
  accent: string;
  brand: string;
  home: string;
  /** The site's home on the host the page is opened on. */
  homePath: string;
}

function resolveSiteSafe(alert: EmailAlertRow): AlertSite | undefined {
  try {
    const vertical = verticalById(alert.vertical_id);
    return vertical ? resolveSite(alert.country, alert.vertical_id, '') : undefined;
  } catch {
    return undefined;
  }
}
