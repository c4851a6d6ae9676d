import webpush from 'web-push';
import { z } from 'zod';
import { readOrCreateSecretFile, secretFile } from '../secrets';

export interface VapidDetails {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:` contact the push services may use (RFC 8292). */
  subject: string;
}

export const DEFAULT_VAPID_SUBJECT = 'mailto:alerts@trawl.example';

/** `vapid.json` as web-push's `generateVAPIDKeys` made it. */
const STORED_KEYS = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) });

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
  const file = secretFile(dataDir, 'vapid.json');
  const text = readOrCreateSecretFile(dataDir, 'vapid.json', () => `${JSON.stringify(webpush.generateVAPIDKeys())}\n`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${file} is not the JSON of a VAPID key pair: remove it to make new keys`);
  }
  const stored = STORED_KEYS.safeParse(json);
  if (!stored.success) throw new Error(`${file} holds no VAPID key pair: remove it to make new keys`);
  return { ...stored.data, subject };
}
