import { applyMiddleware, combineReducers, createStore, type Store } from 'redux';
import createSagaMiddleware, { type SagaMiddleware } from 'redux-saga';
import type { SagaContext } from '../sagas/context';
import { appReducer, type AppState } from './app';
import { intlReducer, type IntlState } from './intl';
import { adPageReducer, initialAdPageState, type AdPageAction, type AdPageState } from './adPage';
import {
  autocompleteReducer,
  initialAutocompleteState,
  type AutocompleteAction,
  type AutocompleteState,
} from './autocomplete';
import { initialPageState, pageReducer, type PageAction, type PageState } from './page';
import { initialSearchState, searchReducer, type SearchAction, type SearchState } from './search';
import { initialSeoState, seoReducer, type SeoAction, type SeoState } from './seo';

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

/** The state a page starts from: the request's app and intl, every other slice at its initial value. */
export function initialRootState(app: AppState, intl: IntlState): RootState {
  return {
    app,
    intl,
    page: initialPageState,
    search: initialSearchState,
    adPage: initialAdPageState,
    seo: initialSeoState,
    autocomplete: initialAutocompleteState,
  };
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
