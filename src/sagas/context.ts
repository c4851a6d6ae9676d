import type { IntlShape } from 'react-intl';
import { getContext } from 'redux-saga/effects';
import type { AppRoutes } from '../routes/types';
import type { Api } from '../shared/api/createApi';

/** What sagas reach through the saga middleware's context (STYLE.md: stubs in tests, no module mocks). */
export interface SagaContext {
  api: Api;
  intl: IntlShape;
  routes: AppRoutes;
}

export const getApi = () => getContext('api');
export const getIntl = () => getContext('intl');
export const getRoutes = () => getContext('routes');
