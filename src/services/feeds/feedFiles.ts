import fs from 'node:fs';
import path from 'node:path';

/**
 * A run that cannot go on for a reason of the host's or the partner's server, not of the feed's
 * contents (a download that failed, no room to unzip): said as it is, with nothing applied.
 */
export class FeedRunError extends Error {}

/**
 * Where a run writes a feed's files: `DATA_DIR/feeds/` (downloads, `feedDownload`; unzipped feeds,
 * `unzipFeed`), each run's under a name of its own (`source-<id>.<pid>-<ms>.…`), so that what a
 * killed run left is known by its process being gone.
 */
export function feedsDir(dataDir: string): string {
  return path.join(dataDir, 'feeds');
}

/** The source's downloads and unzipped feeds left by runs that were killed (their process is gone). */
export function removeAbandoned(dir: string, sourceId: number): void {
  const pattern = new RegExp(`^source-${sourceId}\\.(\\d+)-\\d+\\.(download(\\.json)?|unzipped(\\.[a-z.]+)?)$`, 'i');
  for (const name of fs.readdirSync(dir)) {
    const pid = pattern.exec(name)?.[1];
    if (pid !== undefined && !isRunning(Number(pid))) fs.rmSync(path.join(dir, name), { force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
