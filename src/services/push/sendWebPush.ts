import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import { isAllowedPushEndpoint } from './endpoints';
import type { VapidDetails } from './vapid';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What a push attempt came to: delivered, the subscription is gone (404/410), or worth another try. */
export type PushOutcome =
  | { kind: 'sent'; status: number }
  | { kind: 'gone'; status: number }
  | { kind: 'retry'; status: number | null; error: string };

/** Time to live of a push at the push service: a day, after which new matches are old news. */
export const PUSH_TTL_SECONDS = 24 * 3600;
const TIMEOUT_MS = 10_000;

/**
 * Sends one web push: the payload encrypted per RFC 8291 (aes128gcm, RFC
 * 8188) and the VAPID Authorization header (RFC 8292), both built by the
 * web-push library, posted by us so that http loopback endpoints work in
 * tests and the status can be read as it is.
 */
export async function sendWebPush(target: PushTarget, payload: string, vapid: VapidDetails): Promise<PushOutcome> {
  if (!isAllowedPushEndpoint(target.endpoint)) return { kind: 'gone', status: 0 };
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      {
        vapidDetails: vapid,
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      },
    );
  } catch {
    // Keys the library cannot use will never work: the subscription is as good as gone.
    return { kind: 'gone', status: 0 };
  }
  const url = new URL(details.endpoint);
  const body = details.body ?? Buffer.alloc(0);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(details.headers)) headers[k] = String(v);
  headers['Content-Length'] = String(body.length);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<PushOutcome>((resolve) => {
    const req = client.request(url, { method: 'POST', headers, timeout: TIMEOUT_MS }, (res) => {
      res.resume();
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) resolve({ kind: 'sent', status });
        else if (status === 404 || status === 410) resolve({ kind: 'gone', status });
        else resolve({ kind: 'retry', status, error: `push service answered ${status}` });
      });
    });
    req.on('timeout', () => req.destroy(new Error('push service timed out')));
    req.on('error', (error) => resolve({ kind: 'retry', status: null, error: error.message }));
    req.end(body);
  });
}
