import { DAY_SECONDS, parseCookies } from '../../shared/domain/cookies';
import { pushPermission, pushSupported, type PushPermission } from './pushSupport';

/**
 * What the alert sagas need of the browser: cookies, local storage and the
 * Push API. Sagas take it from their context (`alertsEnv`) when a test gives
 * one, and use this browser implementation otherwise; on the server every
 * read answers nothing and every write does nothing.
 */
export interface PushKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type { PushPermission };

export interface PushClient {
  isSupported(): boolean;
  permission(): PushPermission;
  requestPermission(): Promise<PushPermission>;
  /** This browser's push subscription, made with the VAPID key when there is none. */
  subscribe(applicationServerKey: string): Promise<PushKeys>;
  current(): Promise<PushKeys | null>;
}

export interface AlertsEnvironment {
  getCookie(name: string): string | undefined;
  setCookie(name: string, value: string, maxAgeDays: number): void;
  removeCookie(name: string): void;
  getStored(key: string): string | null;
  setStored(key: string, value: string | null): void;
  push: PushClient;
}

const inBrowser = (): boolean => typeof window !== 'undefined' && typeof document !== 'undefined';

function urlBase64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const padded = `${base64}${'='.repeat((4 - (base64.length % 4)) % 4)}`.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(padded);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

function keysOf(subscription: PushSubscription): PushKeys {
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' };
}

export const browserPushClient: PushClient = {
  isSupported: pushSupported,
  permission: pushPermission,
  requestPermission: async () => {
    if (!browserPushClient.isSupported()) return 'unsupported';
    return (await Notification.requestPermission()) as PushPermission;
  },
  subscribe: async (applicationServerKey) => {
    const registration = await navigator.serviceWorker.ready;
    const existing = await registration.pushManager.getSubscription();
    const subscription =
      existing ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: urlBase64ToBytes(applicationServerKey),
      }));
    return keysOf(subscription);
  },
  current: async () => {
    if (!browserPushClient.isSupported()) return null;
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = registration ? await registration.pushManager.getSubscription() : null;
    return subscription ? keysOf(subscription) : null;
  },
};

export const browserEnvironment: AlertsEnvironment = {
  getCookie(name) {
    return inBrowser() ? parseCookies(document.cookie)[name] : undefined;
  },
  setCookie(name, value, maxAgeDays) {
    if (!inBrowser()) return;
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${Math.round(maxAgeDays * DAY_SECONDS)}; path=/; SameSite=Lax${secure}`;
  },
  removeCookie(name) {
    if (inBrowser()) document.cookie = `${name}=; Max-Age=0; path=/`;
  },
  getStored(key) {
    try {
      return inBrowser() ? window.localStorage.getItem(key) : null;
    } catch {
      return null;
    }
  },
  setStored(key, value) {
    try {
      if (!inBrowser()) return;
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, value);
    } catch {
      // Storage off (private mode, quota): the subscription id then lives for this page only.
    }
  },
  push: browserPushClient,
};
