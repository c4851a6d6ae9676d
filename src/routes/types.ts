import type { ComponentType } from 'react';
import type { SagaIterator } from 'redux-saga';
import type { RouteRegistry, RouteMatch } from '../shared/routing/RouteRegistry';
import type { QueryParams } from '../shared/routing/query';

/** A page's load saga: it loads what the page shows and returns the page result. */
export type LoadSaga = (params: QueryParams) => SagaIterator;
export type PageComponent = ComponentType;
export type AppRoutes = RouteRegistry<PageComponent, LoadSaga>;
export type AppRouteMatch = RouteMatch<PageComponent, LoadSaga>;
