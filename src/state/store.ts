import { applyMiddleware, combineReducers, createStore, type Store } from 'redux';
import createSagaMiddleware, { type SagaMiddleware } from 'redux-saga';
import type { SagaContext } from '../sagas/context';
import { appReducer, type AppState } from './app';
import { intlReducer, type IntlState } from './intl';
import { adPageReducer, type AdPageAction, type AdPageState } from './adPage';
import { autocompleteReducer, type AutocompleteAction, type AutocompleteState } from './autocomplete';
import { pageReducer, type PageAction, type PageState } from './page';
import { searchReducer, type SearchAction, type SearchState } from './search';
import { seoReducer, type SeoAction, type SeoState } from './seo';

export const rootReducer = combineReducers({
  app: appReducer,
  intl: intlReducer,
  page: pageReducer,
  search: searchReducer,
  adPage: adPageReducer,
  seo: seoReducer,
  autocomplete: autocompleteReducer,
});

export interface RootState {
  app: AppState;
  intl: IntlState;
  page: PageState;
  search: SearchState;
  adPage: AdPageState;
  seo: SeoState;
  autocomplete: AutocompleteState;
}

export type AppAction = PageAction | SearchAction | AdPageAction | SeoAction | AutocompleteAction;
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
