import express from 'express';
import { ServiceError, jsonApiErrorHandler, methodNotAllowed, sendErrors } from '../jsonapi';
import type { Mailer } from '../mail/Mailer';
import { loadVapidDetails } from '../push/vapid';
import { createBrowserRouter } from './browserRouter';
import { createEmailRouter } from './emailRouter';
import { NotificationStore } from './NotificationStore';
import { ActTokens, UserControlTokens } from './tokens';

export interface NotificationServicesOptions {
  dataDir: string;
  mailer: Mailer;
  now?: () => Date;
  log?: (msg: string, extra?: object) => void;
}

export interface NotificationServices {
  /** Mounted at `/api`: `/notifications/email/...`, `/notifications/browser/...`, `/v3/notifications/add/user`, `/resolveAct`. */
  apiRouter: express.Router;
  store: NotificationStore;
  /** The VAPID public key browsers subscribe with (also at GET /api/notifications/browser/vapid-public-key). */
  vapidPublicKey: string;
  /** The user control token of an address (for tests and operators). */
  userControlToken(email: string): string;
  close(): void;
}

const OWN_PATHS = /^\/(notifications\/(email|browser)\/|v3\/notifications\/|resolveAct(\/|$))/;

/**
 * The notification services of service-calls spec §7 (e-mail alerts, browser
 * push subscriptions, alert link resolution) on `<dataDir>/notifications.sqlite`.
 * Secrets (user control tokens, act tokens, VAPID keys) are generated into
 * `<dataDir>/secrets/` on first start, or read from the environment.
 */
export function createNotificationServices(options: NotificationServicesOptions): NotificationServices {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => {});
  const store = new NotificationStore(options.dataDir);
  const uct = UserControlTokens.fromDataDir(options.dataDir);
  const act = ActTokens.fromDataDir(options.dataDir);
  const vapid = loadVapidDetails(options.dataDir);
  const apiRouter = express.Router();
  apiRouter.use(createEmailRouter({ store, uct, act, now, log }));
  apiRouter.use(createBrowserRouter({ store, vapidPublicKey: vapid.publicKey, now, log }));
  apiRouter.use(methodNotAllowed(apiRouter));
  // An unknown path under our own prefixes is a JSON:API 404; anything else belongs to other services.
  apiRouter.use((req, res, next) => {
    if (OWN_PATHS.test(req.path))
      sendErrors(res, [ServiceError.notFound(`No notification call at ${req.method} ${req.path}`)]);
    else next();
  });
  apiRouter.use(
    jsonApiErrorHandler((err) => log('notification service failed', { err: String((err as Error)?.stack ?? err) })),
  );
  return {
    apiRouter,
    store,
    vapidPublicKey: vapid.publicKey,
    userControlToken: (email) => uct.tokenFor(email),
    close() {
      store.close();
    },
  };
}
