import { applyMiddleware, combineReducers, createStore, type Store } from 'redux';
import createSagaMiddleware, { type SagaMiddleware } from 'redux-saga';
import type { SagaContext } from '../sagas/context';
import { appReducer, type AppState } from './app';
import { intlReducer, type IntlState } from './intl';
import { pageReducer, type PageAction, type PageState } from './page';

export const rootReducer = combineReducers({
  app: appReducer,
  intl: intlReducer,
  page: pageReducer,
});

export interface RootState {
  app: AppState;
  intl: IntlState;
  page: PageState;
}

export type AppAction = PageAction;
export type AppStore = Store<RootState, AppAction> & { sagaMiddleware: SagaMiddleware<SagaContext> };

/** One store per request on the server, one per page life in the browser. */
export function createAppStore(preloadedState: RootState, context: SagaContext): AppStore {
  if (!preloadedState?.app || !preloadedState.intl) throw new Error('Request config is missing');
  const sagaMiddleware = createSagaMiddleware<SagaContext>({ context });
  const store = createStore(
    rootReducer as unknown as (state: RootState | undefined, action: AppAction) => RootState,
    preloadedState,
    applyMiddleware(sagaMiddleware),
  );
  return Object.assign(store, { sagaMiddleware });
}
