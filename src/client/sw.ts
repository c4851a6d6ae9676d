import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { SERVICE_WORKER_VERSION } from '../shared/domain/constants';
import {
  BROWSER_EVENTS_PATH,
  notificationOf,
  openEventDocument,
  parsePushPayload,
  type NotificationSpec,
} from '../ui/alerts/pushMessages';

interface ExtendableEvent {
  waitUntil(p: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { text(): string } | null;
}
interface NotificationClickEvent extends ExtendableEvent {
  notification: { close(): void; data: NotificationSpec['options']['data'] | null };
}

interface ServiceWorkerScope {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  location: { origin: string };
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void>; openWindow(url: string): Promise<unknown> };
  registration: { showNotification(title: string, options: NotificationSpec['options']): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEvent) => void): void;
}

const sw = self as unknown as ServiceWorkerScope;

/** Version 15 of the service worker (spec §9): precaches the hashed app shell scripts, shows alert pushes. */
export const VERSION = SERVICE_WORKER_VERSION;

precacheAndRoute((self as unknown as ServiceWorkerScope).__WB_MANIFEST);

/**
 * Offline (decision 070). Pages a visitor reads (home, results, ads, indexes) are fetched from the
 * network first, and the last copy of each is kept for when there is none; never a click-out, an
 * alert manager's page (its links carry a token) or any other page. A page never seen offline gets
 * the offline page, kept at install. The hashed message catalogues are kept as they come.
 */
export const PAGES_CACHE = 'trawl-pages';
export const OFFLINE_CACHE = 'trawl-offline';
export const OFFLINE_PATH = '/offline';
/** Matched against the path and query: a page with a query (`?page=2`, `?from=alert`) is kept as well. */
const READ_PAGES = [
  /^(?:\/[a-z]+)?\/?(?:\?|$)/,
  /\/search(?:[/?]|$)/,
  /\/ad\/[^/?]+(?:\?|$)/,
  /\/index(?:[/?]|$)/,
  /\/top-searches(?:[/?]|$)/,
];

registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: PAGES_CACHE,
      networkTimeoutSeconds: 10,
      // A page varies by cookie for shared caches; this cache is the visitor's own: their last copy is the page.
      matchOptions: { ignoreVary: true },
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 7 * 86_400 }),
      ],
    }),
    { allowlist: READ_PAGES, denylist: [/^\/offline\b/, /\/notifications\b/, /\/out\//] },
  ),
);
registerRoute(
  ({ url }) => url.origin === sw.location.origin && url.pathname.startsWith('/i18n/'),
  new CacheFirst({ cacheName: 'trawl-messages', plugins: [new ExpirationPlugin({ maxEntries: 16 })] }),
);
setCatchHandler(async ({ request }) => {
  if (request.mode !== 'navigate') return Response.error();
  return (await caches.match(OFFLINE_PATH, { cacheName: OFFLINE_CACHE })) ?? Response.error();
});

sw.addEventListener('install', (event) =>
  event.waitUntil(
    caches
      .open(OFFLINE_CACHE)
      .then((cache) => cache.add(new Request(OFFLINE_PATH, { credentials: 'same-origin' })))
      .catch(() => undefined)
      .then(() => sw.skipWaiting()),
  ),
);
sw.addEventListener('activate', (event) => event.waitUntil(sw.clients.claim()));

// A browser alert's push (decision 033): title, body, url, send_id.
sw.addEventListener('push', (event) => {
  const spec = notificationOf(parsePushPayload(event.data?.text()), sw.location.origin);
  event.waitUntil(sw.registration.showNotification(spec.title, spec.options));
});

// A click opens the results page with from=alert and tracks the open (browser-events 'open', version 15).
sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data;
  const url = data?.url ?? `${sw.location.origin}/?from=alert`;
  const track = fetch(BROWSER_EVENTS_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/vnd.api+json' },
    body: JSON.stringify(openEventDocument(data?.send_id ?? null, data?.alert_id ?? null)),
    keepalive: true,
  }).catch(() => undefined);
  event.waitUntil(Promise.all([sw.clients.openWindow(url), track]));
});
