import { applyMiddleware, combineReducers, createStore, type Store } from 'redux';
import createSagaMiddleware, { type SagaMiddleware } from 'redux-saga';
import type { SagaContext } from '../sagas/context';
import { appReducer, type AppState } from './app';
import { intlReducer, type IntlState } from './intl';
import { adPageReducer, initialAdPageState, type AdPageAction, type AdPageState } from './adPage';
import { alertsReducer, initialAlertsState, type AlertsAction, type AlertsState } from './alerts';
import {
  autocompleteReducer,
  initialAutocompleteState,
  type AutocompleteAction,
  type AutocompleteState,
} from './autocomplete';
import {
  initialNotificationsState,
  notificationsReducer,
  type NotificationsAction,
  type NotificationsState,
} from './notifications';
import { initialPageState, pageReducer, type PageAction, type PageState } from './page';
import { initialSearchState, searchReducer, type SearchAction, type SearchState } from './search';
import { initialSeoState, seoReducer, type SeoAction, type SeoState } from './seo';
import { clickoutReducer, initialClickoutState, type ClickoutAction, type ClickoutState } from './clickout';
import { initialTrackingState, trackingReducer, type TrackingAction, type TrackingState } from './tracking';
import { consentReducer, initialConsentState, type ConsentAction, type ConsentState } from './consent';
import {
  initialSourcesLoaderState,
  sourcesLoaderReducer,
  type SourcesLoaderAction,
  type SourcesLoaderState,
} from './sourcesLoader';
import { adSlotsReducer, initialAdSlotsState, type AdSlotsAction, type AdSlotsState } from './adSlots';
import { bannersReducer, initialBannersState, type BannersAction, type BannersState } from './banners';
import { featuredAdReducer, initialFeaturedAdState, type FeaturedAdAction, type FeaturedAdState } from './featuredAd';
import { feedbackReducer, initialFeedbackState, type FeedbackAction, type FeedbackState } from './feedback';

export const rootReducer = combineReducers({
  app: appReducer,
  intl: intlReducer,
  page: pageReducer,
  search: searchReducer,
  adPage: adPageReducer,
  seo: seoReducer,
  autocomplete: autocompleteReducer,
  alerts: alertsReducer,
  notifications: notificationsReducer,
  tracking: trackingReducer,
  clickout: clickoutReducer,
  consent: consentReducer,
  sourcesLoader: sourcesLoaderReducer,
  adSlots: adSlotsReducer,
  banners: bannersReducer,
  featuredAd: featuredAdReducer,
  feedback: feedbackReducer,
});

export interface RootState {
  app: AppState;
  intl: IntlState;
  page: PageState;
  search: SearchState;
  adPage: AdPageState;
  seo: SeoState;
  autocomplete: AutocompleteState;
  alerts: AlertsState;
  notifications: NotificationsState;
  tracking: TrackingState;
  clickout: ClickoutState;
  consent: ConsentState;
  sourcesLoader: SourcesLoaderState;
  adSlots: AdSlotsState;
  banners: BannersState;
  featuredAd: FeaturedAdState;
  feedback: FeedbackState;
}

/** The state a page starts from: the request's app and intl, every other slice at its initial value. */
export function initialRootState(
  app: AppState,
  intl: IntlState,
  tracking: Partial<TrackingState> = {},
  consent: Partial<ConsentState> = {},
): RootState {
  return {
    app,
    intl,
    page: initialPageState,
    search: initialSearchState,
    adPage: initialAdPageState,
    seo: initialSeoState,
    autocomplete: initialAutocompleteState,
    alerts: initialAlertsState,
    notifications: initialNotificationsState,
    tracking: { ...initialTrackingState, ...tracking },
    clickout: initialClickoutState,
    consent: { ...initialConsentState, ...consent },
    sourcesLoader: initialSourcesLoaderState,
    adSlots: initialAdSlotsState,
    banners: initialBannersState,
    featuredAd: initialFeaturedAdState,
    feedback: initialFeedbackState,
  };
}

export type AppAction =
  | PageAction
  | SearchAction
  | AdPageAction
  | SeoAction
  | AutocompleteAction
  | AlertsAction
  | NotificationsAction
  | TrackingAction
  | ClickoutAction
  | ConsentAction
  | SourcesLoaderAction
  | AdSlotsAction
  | BannersAction
  | FeaturedAdAction
  | FeedbackAction;
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
