import fs from 'node:fs';
import path from 'node:path';

/** The browser build's entry files, in load order, as the client webpack build lists them. */
export interface ClientAssets {
  readonly dir: string;
  readonly scripts: readonly string[];
  readonly built: boolean;
}

/** Root of the repository: two levels above both src/server and dist/server. */
export const PROJECT_ROOT = path.resolve(__dirname, '..', '..');

export function loadClientAssets(dir = path.join(PROJECT_ROOT, 'dist', 'client')): ClientAssets {
  const manifestFile = path.join(dir, 'entrypoints.json');
  if (!fs.existsSync(manifestFile)) return { dir, scripts: [], built: false };
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { main?: string[] };
  return { dir, scripts: (manifest.main ?? []).filter((f) => f.endsWith('.js')), built: true };
}
