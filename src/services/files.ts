import fs from 'node:fs';

/**
 * Writes a file whole or not at all, for a reader meanwhile (another process's): written beside it
 * under a name of this process's, then renamed over it; the part removed when the write fails.
 */
export function writeFileWhole(file: string, data: string | NodeJS.ArrayBufferView): void {
  const part = `${file}.${process.pid}.part`;
  try {
    fs.writeFileSync(part, data);
    fs.renameSync(part, file);
  } catch (err) {
    fs.rmSync(part, { force: true });
    throw err;
  }
}
