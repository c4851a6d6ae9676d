import path from 'node:path';
import webpush from 'web-push';
import { readOrCreateSecretFile } from '../secrets';

export interface VapidDetails {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:` contact the push services may use (RFC 8292). */
  subject: string;
}

export const DEFAULT_VAPID_SUBJECT = 'mailto:alerts@trawl.example';

/**
 * The VAPID key pair (RFC 8292) that signs every push: from the environment
 * (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT) when both keys are
 * set, otherwise generated once into `<dataDir>/secrets/vapid.json` (0600)
 * and read back on later starts, so browsers' subscriptions stay valid.
 */
export function loadVapidDetails(dataDir: string, env: NodeJS.ProcessEnv = process.env): VapidDetails {
  const subject = env.VAPID_SUBJECT || DEFAULT_VAPID_SUBJECT;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  const file = path.join(dataDir, 'secrets', 'vapid.json');
  const text = readOrCreateSecretFile(dataDir, 'vapid.json', () => `${JSON.stringify(webpush.generateVAPIDKeys())}\n`);
  let stored: { publicKey?: unknown; privateKey?: unknown };
  try {
    stored = Object(JSON.parse(text)) as typeof stored;
  } catch {
    throw new Error(`${file} is not the JSON of a VAPID key pair: remove it to make new keys`);
  }
  if (
    typeof stored.publicKey !== 'string' ||
    typeof stored.privateKey !== 'string' ||
    !stored.publicKey ||
    !stored.privateKey
  )
    throw new Error(`${file} holds no VAPID key pair: remove it to make new keys`);
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
}
