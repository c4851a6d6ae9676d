import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** Where the secret `name` of a data directory lives. */
export const secretFile = (dataDir: string, name: string): string => path.join(dataDir, 'secrets', name);

/**
 * The content of `<dataDir>/secrets/<name>`, made by `make` and stored there (0600) on first
 * use. A cluster's processes start at once and all ask on a first start: each writes what it
 * made to a file of its own, synced, and links it into place. A link is atomic and fails when
 * the name exists, so the first process wins, the others read the winner's, and no process ever
 * reads a file half written (a file created in place is empty until its writer's next call).
 */
export function readOrCreateSecretFile(dataDir: string, name: string, make: () => string): string {
  const file = secretFile(dataDir, name);
  const dir = path.dirname(file);
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const own = path.join(dir, `.${name}.${process.pid}.${randomBytes(6).toString('hex')}`);
  const fd = fs.openSync(own, 'wx', 0o600);
  try {
    fs.writeFileSync(fd, make());
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.linkSync(own, file);
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(own, { force: true });
  }
  return fs.readFileSync(file, 'utf8');
}

/**
 * A secret by name: from the environment when `envValue` is given, else read
 * from `<dataDir>/secrets/<name>`, generated there (0600) on first use.
 * Secrets are never committed; each deployment makes its own.
 */
export function getOrCreateSecret(dataDir: string, name: string, envValue?: string, bytes = 32): string {
  if (envValue) return envValue;
  const secret = readOrCreateSecretFile(dataDir, name, () => `${randomBytes(bytes).toString('base64url')}\n`).trim();
  if (!secret) throw new Error(`${secretFile(dataDir, name)} is empty: remove it to make a new secret`);
  return secret;
}
