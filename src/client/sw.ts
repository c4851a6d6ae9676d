import { precacheAndRoute } from 'workbox-precaching';
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
sw.addEventListener('install', (event) => event.waitUntil(sw.skipWaiting()));
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
