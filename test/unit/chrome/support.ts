import { createIntl } from 'react-intl';
import { runSaga, stdChannel, type Saga } from 'redux-saga';
import sinon from 'sinon';
import { resolveSite } from '../../../config/sites';
import { createRoutes } from '../../../src/routes/routeTable';
import { messagesFor } from '../../../src/shared/i18n/messages';
import { rootReducer, initialRootState, type AppAction, type RootState } from '../../../src/state/store';

/** A results-page state of homes.uk, with cookies on unless told. */
export function chromeState(overrides: { cookiesEnabled?: boolean; installationId?: string } = {}): RootState {
  return initialRootState(
    {
      site: resolveSite('homes.uk.localhost', '/')!,
      device: 'mobile',
      isBot: false,
      clientId: 'pwa-mobile',
      installationId: overrides.installationId ?? '0b6a7c1e-2f7d-4d53-9c1e-3a1e6f1f9a10',
      origin: 'https://homes.trawl.co.uk',
      publicApiBase: '/api',
      publicSearchBase: '/api/sites/uk/homes',
      cookiesEnabled: overrides.cookiesEnabled ?? true,
    },
    { locale: 'en-GB', messages: messagesFor('en') },
    { pageViewId: 'pv-1', origin: 2 },
  );
}

export function chromeContext(overrides: Record<string, unknown> = {}) {
  return {
    api: {},
    intl: createIntl({ locale: 'en-GB', messages: messagesFor('en') }),
    routes: createRoutes(),
    report: sinon.spy(),
    browser: {
      assign: sinon.spy(),
      navigate: sinon.spy(),
      scrollY: () => 0,
      randomId: () => 'pv-2',
      pushDataLayer: sinon.spy(),
      now: () => Date.parse('2025-05-01T10:00:00.000Z'),
    },
    ...overrides,
  };
}

/**
 * Runs a saga against a real reducer: the state follows what it puts, and
 * `dispatch` feeds actions to its takes. Returns the actions it put.
 */
export function runWithStore(saga: Saga, start: RootState, context: Record<string, unknown>, ...args: unknown[]) {
  let state = start;
  const channel = stdChannel<AppAction>();
  const put: AppAction[] = [];
  const reduce = rootReducer as unknown as (s: RootState, a: AppAction) => RootState;
  const task = runSaga(
    {
      channel,
      dispatch: (action: AppAction) => {
        put.push(action);
        state = reduce(state, action);
        channel.put(action);
      },
      getState: () => state,
      context,
    },
    saga,
    ...args,
  );
  return {
    task,
    put,
    state: () => state,
    dispatch(action: AppAction) {
      state = reduce(state, action);
      channel.put(action);
    },
  };
}
