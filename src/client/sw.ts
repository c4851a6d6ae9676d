import { precacheAndRoute } from 'workbox-precaching';
import { SERVICE_WORKER_VERSION } from '../shared/domain/constants';

interface ServiceWorkerScope {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(
    type: 'install' | 'activate',
    listener: (event: { waitUntil(p: Promise<unknown>): void }) => void,
  ): void;
}

const sw = self as unknown as ServiceWorkerScope;

/** Version 15 of the service worker (spec §9): precaches the hashed app shell scripts. */
export const VERSION = SERVICE_WORKER_VERSION;

precacheAndRoute((self as unknown as ServiceWorkerScope).__WB_MANIFEST);
sw.addEventListener('install', (event) => event.waitUntil(sw.skipWaiting()));
sw.addEventListener('activate', (event) => event.waitUntil(sw.clients.claim()));
