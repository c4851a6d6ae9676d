import type { SagaIterator } from 'redux-saga';
import type { RouteRegistry, RouteMatch } from '../shared/routing/RouteRegistry';
import type { QueryParams } from '../shared/routing/query';
import type { Loadable } from './loadable';

/** A page's load saga: it loads what the page shows and returns the page result. */
export type LoadSaga = (params: QueryParams) => SagaIterator;
/** A page: a component of its own chunk (src/routes/pageChunks.ts). */
export type PageComponent = Loadable;
export type AppRoutes = RouteRegistry<PageComponent, LoadSaga>;
export type AppRouteMatch = RouteMatch<PageComponent, LoadSaga>;
