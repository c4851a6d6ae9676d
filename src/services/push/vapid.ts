import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

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
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, 'vapid.json');
  const read = (): VapidDetails => {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  };
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const keys = webpush.generateVAPIDKeys();
  try {
    fs.writeFileSync(file, `${JSON.stringify(keys)}\n`, { flag: 'wx', mode: 0o600 });
    return { ...keys, subject };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw error;
  }
}
