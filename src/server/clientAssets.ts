import fs from 'node:fs';
import path from 'node:path';

/** The browser build's entry files, in load order, and the files of each named chunk, as the client build lists them. */
export interface ClientAssets {
  readonly dir: string;
  readonly scripts: readonly string[];
  /** Script files per webpack chunk name (a page's, a banner's: src/routes/pageChunks.ts). */
  readonly chunks: Readonly<Record<string, readonly string[]>>;
  readonly built: boolean;
}

/** Root of the repository: two levels above both src/server and dist/server. */
export const PROJECT_ROOT = path.resolve(__dirname, '..', '..');

export function loadClientAssets(dir = path.join(PROJECT_ROOT, 'dist', 'client')): ClientAssets {
  const manifestFile = path.join(dir, 'entrypoints.json');
  if (!fs.existsSync(manifestFile)) return { dir, scripts: [], chunks: {}, built: false };
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, string[]>;
  const js = (files: readonly string[] = []) => files.filter((f) => f.endsWith('.js'));
  const { main, ...chunks } = manifest;
  return {
    dir,
    scripts: js(main),
    chunks: Object.fromEntries(Object.entries(chunks).map(([name, files]) => [name, js(files)])),
    built: true,
  };
}

/**
 * The scripts a page loads at first: the files of its chunks (named as in the
 * client build), then the entry's. Chunks come first so that they are in place
 * when the entry's runtime starts: the browser's `import()` of them then
 * resolves without a request, and hydration does not wait on the network.
 */
export function scriptsFor(assets: ClientAssets, chunkNames: readonly string[]): string[] {
  const scripts = new Set<string>();
  for (const name of chunkNames) {
    for (const file of assets.chunks[name] ?? []) if (!assets.scripts.includes(file)) scripts.add(file);
  }
  for (const file of assets.scripts) scripts.add(file);
  return [...scripts];
}
