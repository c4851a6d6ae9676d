import type { AlertContext, SiteRef } from '../shared/api/notificationsApi';
import { verticalByName } from '../../config/verticals';
import {
  ALERT_SECTIONS,
  alertQueryOf,
  checkAlertSearch,
  isAlertOffered,
  type AlertSearchQuery,
} from '../shared/domain/alertRules';
import { DEVICE_IDS } from '../shared/domain/constants';
import { hasPlaceFilter } from '../shared/domain/filters';
import { placeOnScreen } from '../state/search';
import type { RootState } from '../state/store';

/*
 * What an alert made on the page on screen is about. Apart from the alerts
 * saga (src/sagas/alertsSaga.ts) because the results page renders with
 * `canCreateAlert`, while the saga's code loads only once the page is on
 * screen (docs/decisions/061-code-splitting.md).
 */

export interface AlertPageContext {
  site: SiteRef;
  query: AlertSearchQuery;
  context: AlertContext;
  check: ReturnType<typeof checkAlertSearch>;
  offered: boolean;
}

/**
 * Site, query and context of an alert made from the page on screen (a results page). Its origin
 * is the visit's, as the page's tracking has it (the query's, else its cookie's).
 */
export function alertPageContext(state: RootState, section: number): AlertPageContext | null {
  const { site, device } = state.app;
  const vertical = site.target === 'general' ? undefined : verticalByName(site.target);
  if (!vertical) return null;
  const query = alertQueryOf(state.page.params, site.target);
  // The place as the page names it ("London"), not as its URL writes it ("london"); a jobs site's is its
  // place filter's, which names the alert only (decision 083).
  const placeFiltered = site.target === 'jobs' && hasPlaceFilter(state.page.params);
  if (query.vertical_properties.where || placeFiltered) query.vertical_properties.where = whereOnScreen(state);
  const { origin } = state.tracking;
  return {
    site: { country_code: site.country, vertical_id: vertical.id },
    query,
    context: {
      section_id: section,
      origin_id: origin,
      device_type: DEVICE_IDS[device],
      total_results: state.search.meta?.totalCount ?? 0,
    },
    check: checkAlertSearch(site.locale, site.target, query.what, query.vertical_properties.where, placeFiltered),
    offered: isAlertOffered(site.country, site.target, origin),
  };
}

/**
 * The where of the results on screen as the page writes it (`placeOnScreen`), for an alert's name and
 * query; on a jobs site, the name of the place filter the service found ("Houston").
 */
export function whereOnScreen(state: RootState): string {
  if (state.app.site.target === 'jobs') {
    return hasPlaceFilter(state.page.params) ? (state.search.meta?.keyword?.geoInfo?.[0]?.name ?? '') : '';
  }
  const given = state.page.params.where;
  const text = given === undefined || given === null || typeof given === 'boolean' ? '' : String(given).trim();
  return text && placeOnScreen(text, state.search.meta?.keyword?.where);
}

/** Whether the page on screen can be saved as an alert (validity rule and jobs rule). */
export function canCreateAlert(state: RootState): boolean {
  const ctx = alertPageContext(state, ALERT_SECTIONS.serpMobile);
  return ctx !== null && ctx.check.ok && ctx.offered;
}
