import type { IntlShape } from 'react-intl';
import { getContext } from 'redux-saga/effects';
import type { AppRoutes } from '../routes/types';
import type { LocalStore } from '../shared/localStore';
import type { Api } from '../shared/api/createApi';
import type { ErrorReporter } from '../shared/errorReporting';

/** What sagas reach through the saga middleware's context (STYLE.md: stubs in tests, no module mocks). */
export interface SagaContext {
  api: Api;
  intl: IntlShape;
  routes: AppRoutes;
  /** Browser-only effects; the server's context has inert ones. */
  browser: BrowserEffects;
  local: LocalStore;
  report: ErrorReporter;
  /** The visitor's ip and user agent, known on the server only (tracking posts made on their behalf). */
  visitor?: Visitor;
}

export interface Visitor {
  ip: string;
  userAgent: string;
}

/** What sagas may do to the browser window, injected so tests can watch it. */
export interface BrowserEffects {
  /** Leaves the site for a URL (a click-out). */
  assign(url: string): void;
  /** Navigates inside the app (react-router). */
  navigate(path: string): void;
  scrollY(): number;
  /** A fresh id (page views). */
  randomId(): string;
  pushDataLayer(event: Record<string, unknown>): void;
  /** Sets a first-party cookie, path `/`, for `maxAgeSeconds`. */
  setCookie(name: string, value: string, maxAgeSeconds: number): void;
  now(): number;
}

export const getApi = () => getContext('api');
export const getIntl = () => getContext('intl');
export const getRoutes = () => getContext('routes');
export const getBrowser = () => getContext('browser');
export const getLocal = () => getContext('local');
export const getReport = () => getContext('report');
export const getVisitor = () => getContext('visitor');
