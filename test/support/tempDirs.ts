import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Fresh temporary directories for a `describe` block's tests (call it in the block's body): each call
 * of the function it returns makes one, and all are removed after the block.
 */
export function tempDirs(prefix: string): () => string {
  const dirs: string[] = [];
  after(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
    dirs.push(dir);
    return dir;
  };
}
