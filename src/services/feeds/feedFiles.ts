import fs from 'node:fs';
import path from 'node:path';

/**
 * A run that cannot go on for a reason of the host's or the partner's server, not of the feed's
 * contents (a download that failed, no room to unzip): said as it is, with nothing applied.
 */
export class FeedRunError extends Error {}

/**
 * Where a run writes a feed's files: `DATA_DIR/feeds/` (downloads, `feedDownload`; unzipped feeds,
 * `unzipFeed`; gunzipped copies, `GunzippedCopy`), each run's under a name of its own (`source-<id>.<pid>-<ms>.…`), so that what a
 * killed run left is known by its process being gone.
 */
export function feedsDir(dataDir: string): string {
  return path.join(dataDir, 'feeds');
}

/** The source's downloads, unzipped and gunzipped feeds left by runs that were killed (their process is gone). */
export function removeAbandoned(dir: string, sourceId: number): void {
  const pattern = new RegExp(
    `^source-${sourceId}\\.(\\d+)-\\d+\\.(download(\\.json)?|(un|gun)zipped(\\.[a-z.]+)?)$`,
    'i',
  );
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

/**
 * Room the disk keeps beside a feed a run unzips or gunzips, for the import's own writes (the store
 * grows by about the feed's size while it is imported, and the server goes on writing).
 */
export const SPARE_BYTES = 512 * 2 ** 20;

/** How much is written between two looks at the disk's room. */
const ROOM_CHECKED_EVERY = 64 * 2 ** 20;

/**
 * What a first import's store grows by, per byte of its feed: 1,732 MB of store for the benchmark's
 * 1,188 MB feed of a million ads (the rows, their documents, the text and duplicate indexes).
 */
const STORE_GROWTH_PER_FEED_BYTE = 1.5;

/**
 * The bytes of a gzip feed, gunzipped, written to `<dir>/<stem>.gunzipped.xml` as the run's check
 * reads them (decision 098): the threads then read their batches alone, as of a plain file, instead
 * of each gunzipping and scanning the whole file. Kept only while the disk keeps room for the rest of
 * the copy, for what the store may grow by in the run (`STORE_GROWTH_PER_FEED_BYTE` times the feed)
 * and `SPARE_BYTES` besides: a copy must never take the room the import's own writes need. Given up,
 * and its file removed, when the room falls short or a write fails: the threads read the gzip data as
 * before, so a disk too small for the copy costs time, never the run.
 */
export class GunzippedCopy {
  readonly file: string;
  private fd: number | undefined;
  private bytes = 0;
  private lookAt = 0;

  private constructor(
    file: string,
    fd: number,
    private readonly expected: number,
  ) {
    this.file = file;
    this.fd = fd;
  }

  /**
   * A new copy of a feed that gunzips to about `expected` bytes (`contentBytes`), or undefined when
   * its file cannot be made (the threads read the gzip data).
   */
  static open(dir: string, stem: string, expected: number): GunzippedCopy | undefined {
    const file = path.join(dir, `${stem}.gunzipped.xml`);
    try {
      fs.mkdirSync(dir, { recursive: true });
      return new GunzippedCopy(file, fs.openSync(file, 'w'), expected);
    } catch {
      return undefined;
    }
  }

  /** The room the disk must have now: the rest of the copy, the store's growth, and the spare. */
  private roomNeeded(): number {
    const feed = Math.max(this.expected, this.bytes);
    return feed - this.bytes + feed * STORE_GROWTH_PER_FEED_BYTE + SPARE_BYTES + ROOM_CHECKED_EVERY;
  }

  write(chunk: Buffer): void {
    if (this.fd === undefined) return;
    try {
      if (this.bytes + chunk.length >= this.lookAt) {
        const free = fs.statfsSync(this.file);
        if (free.bavail * free.bsize < this.roomNeeded()) return this.remove();
        this.lookAt = this.bytes + ROOM_CHECKED_EVERY;
      }
      for (let at = 0; at < chunk.length;) at += fs.writeSync(this.fd, chunk, at);
      this.bytes += chunk.length;
    } catch {
      this.remove();
    }
  }

  /**
   * The copy, opened to be read, when it holds all of the `size` bytes the check read; else
   * undefined (and removed).
   */
  finish(size: number | undefined): { file: string; fd: number } | undefined {
    if (this.fd === undefined) return undefined;
    try {
      fs.closeSync(this.fd);
      this.fd = undefined;
      if (size === undefined || size !== this.bytes) return this.remove();
      this.fd = fs.openSync(this.file, 'r');
      return { file: this.file, fd: this.fd };
    } catch {
      return this.remove();
    }
  }

  remove(): undefined {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
    fs.rmSync(this.file, { force: true });
    return undefined;
  }
}
