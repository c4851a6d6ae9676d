import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Where the import's own entry points are, to start them in a thread of their own (`feedWorker`,
 * each import's workers; `walCopier`, an import's WAL copier) or in a process of their own
 * (`import`, the command, which the worker role runs for the feeds whose time has come). Built
 * (`npm run build`), they are the bundles beside this one in `dist/server/`, which need no
 * devDependency; from source, the TypeScript files, loaded through tsx.
 */
const BUILT = !__filename.endsWith('.ts');

const SOURCES = { feedWorker: 'feedWorker.ts', walCopier: 'walCopier.ts', import: 'cli.ts' } as const;

function entryFile(name: keyof typeof SOURCES): string {
  return BUILT ? path.join(__dirname, `${name}.js`) : path.join(__dirname, SOURCES[name]);
}

/**
 * An import thread's file (a worker's, or the WAL copier's), and the hook it requires first to load
 * it (none when built).
 */
export function threadEntry(name: 'feedWorker' | 'walCopier'): { file: string; hook: string } {
  return { file: entryFile(name), hook: BUILT ? '' : require.resolve('tsx/cjs') };
}

/**
 * The import command's `node` arguments, `args` after them (e.g. `--due`). From source, tsx's loader
 * goes first, as `npm run import` has it: the command also imports modules (`import()`), which
 * tsx's require hook alone does not load.
 */
export function importCommandArgs(args: readonly string[]): string[] {
  const loader = BUILT ? [] : ['--import', pathToFileURL(require.resolve('tsx')).href];
  return [...loader, entryFile('import'), ...args];
}
