import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import yauzl, { type Entry } from 'yauzl';
import { FeedRunError, SPARE_BYTES } from './feedFiles';
import { MalformedFeedError } from './feedRecords';

/**
 * A partner's feed sent as a zip (decision 095): its feed is unzipped beside the downloads, then
 * imported as any file (its threads read their batches alone, as of a plain XML file). A zip is
 * known by its first bytes, whatever it is called, as gzip data is.
 */

/** A zip's first local file header, or an empty zip's end record. */
const ZIP_HEADS = [Buffer.from('PK\x03\x04', 'latin1'), Buffer.from('PK\x05\x06', 'latin1')];

/** Compression methods a zip may name beside deflate (8) and none (0), which are read. */
const METHODS: Record<number, string> = {
  9: 'Deflate64',
  12: 'bzip2',
  14: 'LZMA',
  93: 'Zstandard',
  95: 'xz',
  98: 'PPMd',
};

/** A file whose name says it is a feed, among others a zip may hold (a readme, a logo). */
const FEED_NAME = /\.(xml|jsonl|ndjson|jsonlines)(\.gz)?$/i;

/** Entries no one put in a feed: folders, and what archivers add (macOS's `__MACOSX/`, dot files). */
const NOT_A_FILE = (name: string) =>
  name.endsWith('/') || name.startsWith('__MACOSX/') || path.posix.basename(name).startsWith('.');

export function isZip(file: string): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(4);
    const read = fs.readSync(fd, head, 0, 4, 0);
    return read === 4 && ZIP_HEADS.some((h) => h.equals(head));
  } finally {
    fs.closeSync(fd);
  }
}

export interface UnzippedFeed {
  /** The feed, unzipped (its name ends as the entry's: `.xml`, `.jsonl.gz`, …). */
  file: string;
  /** Its name in the zip, for the summary. */
  entry: string;
  bytes: number;
  remove(): void;
}

/**
 * The feed a zip holds, unzipped to `<dir>/<stem>.unzipped…` (`onProgress` as it is written);
 * undefined when the file is not a zip.
 * The zip's one file, or its one file named as a feed; its size and CRC-32 checked (yauzl reads
 * the central directory and inflates, but checks no CRC). A zip that is damaged, encrypted, holds
 * no feed or several is a malformed feed (`MalformedFeedError`); a feed the disk has no room for is a
 * `FeedRunError`, as is a write that fails (a full disk after all).
 */
export async function unzipFeed(
  file: string,
  dir: string,
  stem: string,
  onProgress?: (bytes: number, total: number) => void,
): Promise<UnzippedFeed | undefined> {
  if (!isZip(file)) return undefined;
  let out: string | undefined;
  const zip = await yauzl
    .openPromise(file, { lazyEntries: true, autoClose: false, strictFileNames: false, validateEntrySizes: true })
    .catch((err: Error) => {
      throw unreadable(err);
    });
  try {
    const entries: Entry[] = [];
    for await (const entry of zip.eachEntry()) if (!NOT_A_FILE(entry.fileName)) entries.push(entry);
    const entry = chosen(entries);
    const name = shownName(entry.fileName);
    if (entry.isEncrypted())
      throw new MalformedFeedError(`The zip's ${name} is encrypted: ask the partner for it without a password`);
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
      const method = METHODS[entry.compressionMethod] ?? `method ${entry.compressionMethod}`;
      throw new MalformedFeedError(
        `The zip's ${name} is compressed with ${method}, which is not read: ask the partner for ` +
          'a zip compressed as most are (deflate), or for gzip',
      );
    }
    fs.mkdirSync(dir, { recursive: true });
    // A feed far bigger than its zip (or a zip made to fill a disk) is stopped before it fills the store's.
    const free = fs.statfsSync(dir);
    const room = free.bavail * free.bsize;
    if (entry.uncompressedSize + SPARE_BYTES > room)
      throw new FeedRunError(
        `not enough room to unzip ${name} (${gb(entry.uncompressedSize)} GB) in ${dir}: ${gb(room)} GB free, ` +
          `and an import needs ${gb(SPARE_BYTES)} GB more`,
      );
    out = path.join(dir, `${stem}.unzipped${FEED_NAME.exec(entry.fileName)?.[0] ?? ''}`);
    let crc = 0;
    let bytes = 0;
    const checked = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        crc = zlib.crc32(chunk, crc);
        bytes += chunk.length;
        onProgress?.(bytes, entry.uncompressedSize);
        done(null, chunk);
      },
    });
    const read = await zip.openReadStreamPromise(entry).catch((err: Error) => {
      throw unreadable(err);
    });
    try {
      await pipeline(read, checked, fs.createWriteStream(out));
    } catch (err) {
      // The disk's errors are the disk's (full after all, read only); the rest is the zip's data.
      throw (err as NodeJS.ErrnoException).syscall
        ? new FeedRunError(`could not unzip ${name} into ${dir}: ${(err as Error).message}`)
        : unreadable(err as Error);
    }
    if (crc >>> 0 !== entry.crc32 >>> 0)
      throw new MalformedFeedError(`The zip data is damaged: ${name} does not match its checksum`);
    const done = out;
    return { file: done, entry: name, bytes, remove: () => fs.rmSync(done, { force: true }) };
  } catch (err) {
    if (out) fs.rmSync(out, { force: true });
    const own = err instanceof MalformedFeedError || err instanceof FeedRunError;
    if (own) throw err;
    throw (err as NodeJS.ErrnoException).syscall
      ? new FeedRunError(`could not unzip the feed into ${dir}: ${(err as Error).message}`)
      : unreadable(err as Error);
  } finally {
    zip.close();
  }
}

/** The zip's feed: its one file, else its one file named as a feed. */
function chosen(entries: Entry[]): Entry {
  const feeds = entries.length === 1 ? entries : entries.filter((e) => FEED_NAME.test(e.fileName));
  if (feeds.length === 1) return feeds[0] as Entry;
  if (entries.length === 0) throw new MalformedFeedError('The zip holds no file');
  const names = (feeds.length > 1 ? feeds : entries).map((e) => shownName(e.fileName));
  const listed = names.slice(0, 5).join(', ') + (names.length > 5 ? `, … (${names.length})` : '');
  throw new MalformedFeedError(
    feeds.length > 1
      ? `The zip holds several feeds (${listed}): import each, unzipped, into a source of its own`
      : `The zip holds no file named as a feed (.xml, .jsonl): ${listed}`,
  );
}

/** An entry's name as a message shows it: control and format characters (a terminal's, a mail's, bidi overrides) as `?`. */
function shownName(name: string): string {
  return name.replace(/[\p{Cc}\p{Cf}]/gu, '?');
}

const gb = (bytes: number) => (bytes / 2 ** 30).toFixed(1);

function unreadable(err: Error): MalformedFeedError {
  return new MalformedFeedError(`The zip cannot be read (${err.message})`);
}
