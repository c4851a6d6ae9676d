import { SERVICE_WORKER_VERSION } from '../../shared/domain/constants';

/**
 * What the service worker does with a push (src/client/sw.ts), as pure
 * functions: the notification from the payload (decision 033), the page a
 * click opens, and the browser-events document that tracks the open.
 */
export interface PushPayload {
  title?: string;
  body?: string;
  url?: string;
  send_id?: string | number;
  alert_id?: string;
  icon?: string | null;
}

export interface NotificationSpec {
  title: string;
  options: {
    body: string;
    icon?: string;
    tag?: string;
    data: { url: string; send_id: string | number | null; alert_id: string | null };
  };
}

export function parsePushPayload(text: string | null | undefined): PushPayload {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as PushPayload) : { body: text };
  } catch {
    return { body: text };
  }
}

/** The results URL of the payload, on this origin, with `from=alert` (product-spec §3 "from"). */
export function alertLandingUrl(url: string | undefined, origin: string): string {
  let target: URL;
  try {
    target = new URL(url ?? '/', origin);
  } catch {
    target = new URL('/', origin);
  }
  if (target.origin !== origin) target = new URL(`${target.pathname}${target.search}`, origin);
  target.searchParams.set('from', 'alert');
  return target.toString();
}

export function notificationOf(payload: PushPayload, origin: string, fallbackTitle = 'Trawl'): NotificationSpec {
  return {
    title: payload.title || fallbackTitle,
    options: {
      body: payload.body ?? '',
      ...(payload.icon ? { icon: payload.icon } : {}),
      ...(payload.alert_id ? { tag: `alert-${payload.alert_id}` } : {}),
      data: {
        url: alertLandingUrl(payload.url, origin),
        send_id: payload.send_id ?? null,
        alert_id: payload.alert_id ?? null,
      },
    },
  };
}

/** Where the service worker posts the open (service-calls spec §7 "Tracking service"). */
export const BROWSER_EVENTS_PATH = '/api/tracking/notification/browser/events';

/** The browser-events document of an opened notification: event 'open', send_id, service worker version 15. */
export function openEventDocument(
  sendId: string | number | null,
  alertId: string | null = null,
): Record<string, unknown> {
  return {
    data: {
      type: 'browser-events',
      attributes: {
        event: 'open',
        send_id: sendId,
        service_worker_version: SERVICE_WORKER_VERSION,
        ...(alertId ? { alert_id: alertId } : {}),
      },
    },
  };
}
