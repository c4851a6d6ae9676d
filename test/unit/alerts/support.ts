import { createIntl } from 'react-intl';
import { runSaga, type Saga } from 'redux-saga';
import { resolveSite } from '../../../config/sites';
import { createRoutes } from '../../../src/routes/routeTable';
import { messagesFor } from '../../../src/shared/i18n/messages';
import { trafficOrigin } from '../../../src/shared/domain/visitor';
import { parseQuery } from '../../../src/shared/routing/query';
import { pageLoadStarted } from '../../../src/state/page';
import { initialRootState, rootReducer, type AppAction, type RootState } from '../../../src/state/store';
import type { AlertsEnvironment, PushClient, PushPermission } from '../../../src/ui/alerts/alertsEnvironment';

/** A page's state on a site, as the server would start it, on a route with these params. */
export function stateOn(host: string, routeName: string | null = 'serp_search', search = '', params = {}): RootState {
  const site = resolveSite(host, '/')!;
  const messages = messagesFor(site.locale);
  let state = initialRootState(
    {
      site,
      device: 'mobile',
      isBot: false,
      clientId: 'pwa-mobile',
      installationId: '00000000-0000-0000-0000-000000000000',
      origin: `https://${host}`,
      publicApiBase: '/api',
      publicSearchBase: '/api/sites/uk/homes',
      cookiesEnabled: true,
    },
    { locale: site.locale, messages },
    // The visit's origin as the server reads it (the query's, else direct: 1).
    { origin: trafficOrigin(new URLSearchParams(search).get('origin') ?? undefined, undefined, false) },
  );
  state = rootReducer(
    state as never,
    pageLoadStarted(routeName, { ...parseQuery(search), ...params }, '/', search) as never,
  ) as unknown as RootState;
  return state;
}

/** Cookies and storage in memory, a push client doing what the test says. */
export function fakeEnv(
  o: {
    cookies?: Record<string, string>;
    permission?: PushPermission;
    answer?: PushPermission;
    push?: Partial<PushClient>;
  } = {},
): AlertsEnvironment & { cookies: Map<string, string>; stored: Map<string, string> } {
  const cookies = new Map(Object.entries(o.cookies ?? {}));
  const stored = new Map<string, string>();
  return {
    cookies,
    stored,
    getCookie: (name) => cookies.get(name),
    setCookie: (name, value) => void cookies.set(name, value),
    removeCookie: (name) => void cookies.delete(name),
    getStored: (key) => stored.get(key) ?? null,
    setStored: (key, value) => (value === null ? void stored.delete(key) : void stored.set(key, value)),
    push: {
      isSupported: () => true,
      permission: () => o.permission ?? 'default',
      requestPermission: async () => o.answer ?? 'granted',
      subscribe: async () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', p256dh: 'P', auth: 'A' }),
      current: async () => null,
      ...o.push,
    },
  };
}

/**
 * Runs a saga whole against a state that the real reducers keep up to date,
 * with the api and browser adapters the test gives (STYLE.md: runSaga with
 * stubs in the context), and answers the actions it dispatched.
 */
export async function run<T = unknown>(
  saga: Saga,
  start: RootState,
  context: {
    api?: unknown;
    alertsEnv?: AlertsEnvironment;
    requestCookies?: Record<string, string>;
    /** Sees every action as it is dispatched (what a stub saw before it was called). */
    onDispatch?: (action: AppAction, state: RootState) => void;
  },
  ...args: unknown[]
): Promise<{ result: T; actions: AppAction[]; state: () => RootState; tracked: string[] }> {
  let state = start;
  const actions: AppAction[] = [];
  // What the tracking service was sent, as `path event` (permission and search events).
  const tracked: string[] = [];
  const tracking = {
    send: async (path: string, documents: Array<{ attributes: { event?: string } }>) => {
      for (const d of documents) tracked.push(`${path} ${d.attributes.event ?? ''}`.trim());
    },
  };
  const result = (await runSaga(
    {
      dispatch: (action: AppAction) => {
        actions.push(action);
        state = rootReducer(state as never, action as never) as unknown as RootState;
        context.onDispatch?.(action, state);
      },
      getState: () => state,
      context: {
        api: { notifications: {}, tracking, ...(context.api as object) },
        report: (error: unknown) => {
          throw error;
        },
        intl: createIntl({ locale: start.intl.locale, messages: start.intl.messages }),
        routes: createRoutes(),
        alertsEnv: context.alertsEnv ?? fakeEnv(),
        requestCookies: context.requestCookies,
      },
    },
    saga,
    ...args,
  ).toPromise()) as T;
  return { result, actions, state: () => state, tracked };
}
