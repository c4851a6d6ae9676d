import type { Site } from '../../config/sites';
import type { Device } from '../shared/routing/RouteRegistry';

/** What the server learned of the request, fixed for the page's life. */
export interface AppState {
  readonly site: Site;
  readonly device: Device;
  readonly isBot: boolean;
  readonly clientId: string;
  readonly installationId: string;
  /** Scheme and host the visitor used, for canonical links. */
  readonly origin: string;
  /** Where browsers reach the services (same origin by default). */
  readonly publicApiBase: string;
  /** This site's search service base, as browsers reach it. */
  readonly publicSearchBase: string;
  readonly cookiesEnabled: boolean;
}

/** Fixed for the page's life: set once from the request (server) or the serialized state (browser). */
export function appReducer(state: AppState | null = null, _action: unknown): AppState {
  return state as AppState;
}
