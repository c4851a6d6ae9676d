import type { IntlShape } from 'react-intl';
import type { SagaIterator } from 'redux-saga';
import { call } from 'redux-saga/effects';
import type { AppRoutes } from '../../routes/types';
import type { QueryParams, QueryValue } from '../../shared/routing/query';
import type { PageResult } from '../../state/page';
import { getIntl, getRoutes } from '../context';
import { canonicalUrl } from './common';

/** Query parameters the form adds that the results URL does not keep. */
const FORM_ONLY = new Set(['page', 'isUserSearch', 'type']);

/** Parameters of a results URL: what and where as path segments, filters and sort in the query. */
export function serpParams(params: QueryParams): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(params)) {
    if (FORM_ONLY.has(key) || value === null || value === '') continue;
    out[key] = typeof value === 'string' ? value.trim() : value;
  }
  if (typeof params.type === 'number' && params.type > 0) out.type_id = params.type;
  return out;
}

/** GET /q: the search form's target, answered with the canonical results URL. */
export function* loadSearchSubmit(params: QueryParams): SagaIterator<PageResult> {
  const routes: AppRoutes = yield getRoutes();
  const intl: IntlShape = yield getIntl();
  return {
    status: 302,
    redirect: routes.buildPath('serp_search', serpParams(params)),
    head: { title: intl.formatMessage({ id: 'app.name' }) },
  };
}

export function* loadSearchResults(params: QueryParams): SagaIterator<PageResult> {
  const intl: IntlShape = yield getIntl();
  const what = typeof params.what === 'string' || typeof params.what === 'number' ? String(params.what) : '';
  const where = typeof params.where === 'string' ? params.where : '';
  const title = where
    ? intl.formatMessage({ id: 'serp.title' }, { what, where })
    : intl.formatMessage({ id: 'serp.titleNoWhere' }, { what });
  const canonical: string = yield call(canonicalUrl, 'serp_search', { what, where, page: params.page });
  return { status: 200, head: { title, canonical } };
}
