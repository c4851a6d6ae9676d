/**
 * Which push endpoints we accept and post to (docs/decisions/033-web-push.md):
 * https on the browsers' push services, so a subscription cannot point the
 * worker at an internal address. Plain http on a loopback host is allowed
 * outside production, for tests and local development.
 */
export const PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
  'notify.windows.com',
  'push.apple.com',
];

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isAllowedPushEndpoint(endpoint: string, env: NodeJS.ProcessEnv = process.env): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (endpoint.length > 1000 || url.username || url.password) return false;
  const extra = (env.PUSH_ENDPOINT_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const host = url.hostname.toLowerCase();
  if (url.protocol === 'https:') {
    return [...PUSH_SERVICE_HOSTS, ...extra].some((h) => host === h || host.endsWith(`.${h}`));
  }
  return url.protocol === 'http:' && LOOPBACK.has(host) && env.NODE_ENV !== 'production';
}

/** A browser's P-256 public key (65 bytes, uncompressed) and auth secret (16 bytes), base64url. */
export function isValidP256dh(key: string): boolean {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(key)) return false;
  const raw = Buffer.from(key, 'base64url');
  return raw.length === 65 && raw[0] === 0x04;
}

export function isValidAuthSecret(key: string): boolean {
  return /^[A-Za-z0-9_-]+={0,2}$/.test(key) && Buffer.from(key, 'base64url').length === 16;
}
