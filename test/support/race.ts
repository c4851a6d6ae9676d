import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/**
 * Starts `processes` Node processes (under tsx, from the repository's root) that wait for the same
 * instant, then run `body` with `process.argv[1]` set to `arg`, as a cluster's processes do their
 * first start together. Resolves with each one's standard output; rejects when one fails.
 */
export function raceProcesses(body: string, arg: string, processes: number): Promise<string[]> {
  const at = Date.now() + 1500;
  const script = `while (Date.now() < ${at});\n${body}`;
  return Promise.all(
    Array.from(
      { length: processes },
      () =>
        new Promise<string>((resolve, reject) => {
          const child = spawn(process.execPath, ['--import', 'tsx', '-e', script, arg], {
            cwd: ROOT,
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          let out = '';
          let err = '';
          child.stdout.on('data', (c: Buffer) => (out += c.toString()));
          child.stderr.on('data', (c: Buffer) => (err += c.toString()));
          child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`exited with ${code}: ${err}`))));
        }),
    ),
  );
}

/** A module of the repository, for a raced process's `require`. */
export const repoModule = (relative: string): string => JSON.stringify(path.join(ROOT, relative));
