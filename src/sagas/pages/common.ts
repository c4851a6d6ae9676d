import type { SagaIterator } from 'redux-saga';
import { select } from 'redux-saga/effects';
import type { AppRoutes } from '../../routes/types';
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
