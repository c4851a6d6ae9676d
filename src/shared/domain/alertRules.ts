import type { SiteTarget } from '../../../config/verticals';
import type { QueryParams, QueryValue } from '../routing/query';
import { COOKIES } from './cookies';
import { PUSH_BANNER_BLOCKED, PUSH_BANNER_MAX_DISMISSALS } from './constants';
import { searchFilters } from './filters';
import { searchTextMin, significantChars } from './searchText';

/**
 * The rules of alert creation the browser applies before it asks the
 * notification services, the same as theirs
 * (src/services/notifications/searchRules.ts, docs/decisions/032-alert-rules.md):
 * a test walks a table of searches through both and expects the same answer.
 */

export const ALERT_WHAT_MAX = 100;
export const ALERT_WHERE_MAX = 100;

/** Origins that mean "came from an alert e-mail": 20 daily digest, 21 weekly digest, 22 other alert mail. */
export const ALERT_EMAIL_ORIGINS: readonly number[] = [20, 21, 22];
export const NO_JOBS_ALERT_FROM_ALERT_MAIL: readonly string[] = ['es', 'us'];

export type AlertSearchCheck =
  | { ok: true; what: string; where: string }
  | { ok: false; field: 'what' | 'where'; reason: 'tooLong' | 'badCharacters' | 'tooShort' };

const collapse = (text: string): string => text.normalize('NFC').replace(/\s+/g, ' ').trim();

/**
 * The per-country search-validity rule for alerts (product-spec §5), by the
 * site's locale (the country's): the browser has it, and no country table.
 */
export function checkAlertSearch(
  locale: string,
  target: SiteTarget,
  what: string,
  where: string,
  placeFiltered = false,
): AlertSearchCheck {
  const w = collapse(what);
  // A jobs search carries no where (spec §5): a jobs alert's where is only the name of its place filter.
  const p = target === 'jobs' && !placeFiltered ? '' : collapse(where);
  for (const [field, value, max] of [
    ['what', w, ALERT_WHAT_MAX],
    ['where', p, ALERT_WHERE_MAX],
  ] as const) {
    if (value.length > max) return { ok: false, field, reason: 'tooLong' };
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f<>]/.test(value)) return { ok: false, field, reason: 'badCharacters' };
  }
  const min = searchTextMin(locale);
  if (significantChars(w) < min && significantChars(p) < min) return { ok: false, field: 'what', reason: 'tooShort' };
  return { ok: true, what: w, where: p };
}

/** Spec §5: no jobs alert for visitors who came from an alert e-mail in es and us. */
export function isAlertOffered(country: string, target: SiteTarget, originId: number | undefined): boolean {
  return !(
    target === 'jobs' &&
    NO_JOBS_ALERT_FROM_ALERT_MAIL.includes(country) &&
    originId !== undefined &&
    ALERT_EMAIL_ORIGINS.includes(originId)
  );
}

/**
 * Where an alert is created, as the tracking section ids of product-spec §3
 * ("alert creation 10/11/198/199/102/92/197"); the placement each id stands
 * for is decided in docs/decisions/035-alerts-ui.md.
 */
export const ALERT_SECTIONS = {
  serpMobile: 10,
  serpDesktop: 11,
  noResults: 198,
  pushDialog: 199,
  adPage: 102,
  permissionBanner: 92,
  manager: 197,
} as const;
export type AlertSection = (typeof ALERT_SECTIONS)[keyof typeof ALERT_SECTIONS];

/** The search query of an alert as the services take it. */
export interface AlertSearchQuery {
  what: string;
  filters: Record<string, string | number | boolean>;
  vertical_properties: { where: string; deal_type_id: number | null };
}

/**
 * The alert query of a results page: what, where (none for jobs), the deal
 * type (category for products) and the page's filters as the results URL
 * names them, as a search applies them (`searchFilters`), but `date_from`
 * (an alert is about new ads anyway).
 */
export function alertQueryOf(params: QueryParams, target: SiteTarget): AlertSearchQuery {
  const text = (v: QueryValue | undefined): string =>
    v === undefined || v === null || typeof v === 'boolean' ? '' : String(v).trim();
  const { date_from: _dateFrom, ...filters } = searchFilters(params, target);
  const typeId = typeof params.type_id === 'number' && params.type_id > 0 ? params.type_id : null;
  return {
    what: text(params.what),
    filters,
    vertical_properties: { where: target === 'jobs' ? '' : text(params.where), deal_type_id: typeId },
  };
}

// ---- push permission banner counter (product-spec §4, service-calls spec §9) ----

export type PermissionBannerEvent = 'dismiss' | 'blocked' | 'accept' | 'alertLanding';

/** The banner counter after an event: +1 per dismissal, 100 when blocked or on an alert landing, 3 on accepting. */
export function nextBannerCounter(counter: number, event: PermissionBannerEvent): number {
  switch (event) {
    case 'dismiss':
      return counter >= PUSH_BANNER_BLOCKED ? counter : counter + 1;
    case 'blocked':
    case 'alertLanding':
      return PUSH_BANNER_BLOCKED;
    case 'accept':
      return PUSH_BANNER_MAX_DISMISSALS;
  }
}

/** At 3 or more the banner is not shown again. */
export const isBannerExhausted = (counter: number): boolean => counter >= PUSH_BANNER_MAX_DISMISSALS;

/** Whether an event disallows push for 7 days (the push-disallowed cookie): dismissals reaching 3, or blocked. */
export const disallowsPush = (event: PermissionBannerEvent, counter: number): boolean =>
  (event === 'dismiss' && counter >= PUSH_BANNER_MAX_DISMISSALS) || event === 'blocked';

export function parseBannerCounter(raw: string | undefined): number {
  const n = raw === undefined ? NaN : Number.parseInt(raw, 10);
  return Number.isFinite(n) && n >= 0 ? Math.min(n, PUSH_BANNER_BLOCKED) : 0;
}

export const BANNER_COOKIE = COOKIES.permissionsBanner;
export const PUSH_DISALLOWED_COOKIE = COOKIES.pushDisallowed;
export const NOTIFICATION_MANAGER_COOKIE = COOKIES.notificationManager;
