import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A secret by name: from the environment when `envValue` is given, else read
 * from `<dataDir>/secrets/<name>`, generated there (0600) on first use.
 * Secrets are never committed; each deployment makes its own.
 */
export function getOrCreateSecret(dataDir: string, name: string, envValue?: string, bytes = 32): string {
  if (envValue) return envValue;
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, name);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(bytes).toString('base64url');
  try {
    // 'wx': if another process made it first, theirs wins and is read back.
    fs.writeFileSync(file, `${secret}\n`, { flag: 'wx', mode: 0o600 });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw error;
  }
}
