import type { SagaIterator } from 'redux-saga';
import { select } from 'redux-saga/effects';
import type { AppRoutes } from '../../routes/types';
import { clientIdFor } from '../../shared/domain/constants';
import type { QueryValue } from '../../shared/routing/query';
import type { RootState } from '../../state/store';
import { getRoutes } from '../context';

/** The absolute canonical URL of a named route on the current site. */
export function* canonicalUrl(name: string, params: Record<string, QueryValue | undefined> = {}): SagaIterator<string> {
  const routes: AppRoutes = yield getRoutes();
  const { origin, site } = yield select((state: RootState) => state.app);
  return `${origin}${routes.buildPath(name, params, site.basePath)}`;
}

export const selectSite = (state: RootState) => state.app.site;

/**
 * The parameters of the ad call (service-calls spec §7): the site, the client and the tracking
 * fields. The related-ads call is the ad call's plus what and where, on the ad page and in the
 * first-visit popup alike.
 */
export function adCallParams({ app, tracking }: Pick<RootState, 'app' | 'tracking'>) {
  return {
    countryCode: app.site.country,
    device: app.device,
    clientId: clientIdFor(app.device),
    originId: tracking.origin,
    'redirect[cookieId]': app.installationId,
    'redirect[pageViewId]': tracking.pageViewId || undefined,
    'redirect[trackingCode]': tracking.trackingCode ?? undefined,
  };
}
