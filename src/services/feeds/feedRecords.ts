import { isUtf8 } from 'node:buffer';
import fs from 'node:fs';
import { PassThrough, Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';
import sax from 'sax';
import {
  MAX_EXPANSIONS,
  XML_ENTITIES,
  declaredEntity,
  doctypeEntities,
  readDoctype,
  type DeclaredEntities,
} from './doctype';

/**
 * Reading a feed file as a stream of raw records, never the whole file:
 * the Trovit XML (`<trovit><ad>…</ad>…</trovit>`, a scanner with sax behind it) or JSON lines
 * (one object per line with the same field names). Names are normalised
 * (`Floor_Area`, `floorArea`, `FLOOR-AREA` → `floor_area`); values stay text.
 */

export interface RawField {
  text: string;
  attrs: Record<string, string>;
  /** The text of the ad's own elements of the same name after the first (`<category>` twice: a product in two). */
  more?: string[];
}

export interface RawPicture {
  url: string;
  title?: string;
  featured?: boolean;
}

export interface RawRecord {
  /** 1-based line of the record (its `<ad>` tag, or its JSON line). */
  line: number;
  /** 0-based position among the file's records. */
  index?: number;
  fields: Map<string, RawField>;
  pictures: RawPicture[];
  /** Why the record cannot be read at all (a JSON line that is not an object): rejected so. */
  error?: string;
}

export type FeedFormat = 'xml' | 'jsonl';

/**
 * The most characters a record may have (its text, element names and attributes; a JSON line's
 * length). A longer one is rejected without being held: its first characters are kept and the
 * rest only counted, so that a 300 MB description or a feed written as one JSON array on one line
 * neither fills the memory nor stalls the check. No partner's ad comes near it: a description is
 * cut at 20,000 characters, and a hundred pictures' URLs are ~20,000 more.
 */
export const MAX_RECORD_CHARS = 4 << 20;

/** The bytes of a record over which the byte scanner leaves a file to the streaming parser. */
const MAX_RECORD_BYTES = 4 * MAX_RECORD_CHARS;

/** Why a record longer than `MAX_RECORD_CHARS` is rejected. */
export function tooLongRecord(chars: number): string {
  const mb = (n: number): string => (n / 2 ** 20).toFixed(n < 100 * 2 ** 20 ? 1 : 0);
  return `the record is ${mb(chars)} MB long, over the ${MAX_RECORD_CHARS / 2 ** 20} MB a record may be: it was not read`;
}

/** The file cannot be read as a feed at all: nothing of it is applied. */
export class MalformedFeedError extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(line !== undefined ? `${message} (line ${line})` : message);
    this.name = 'MalformedFeedError';
  }
}

/**
 * The file changed while it was imported (after the check read it whole): what the check counted or
 * found well formed is not what the batches read. The batches written before stay, each whole; the
 * next run of the source completes the import. A condition of the file, said without a stack (`code`).
 */
export class FeedChangedError extends Error {
  readonly code = 'FEED_CHANGED';
  constructor(what: string) {
    super(
      `the file changed during the import: ${what}; the batches written before it stay, and the next run of ` +
        'the source completes the import',
    );
    this.name = 'FeedChangedError';
  }

  /** The error a worker thread met, by the message it sent. */
  static reported(message: string): FeedChangedError {
    const err = new FeedChangedError('');
    err.message = message;
    return err;
  }
}

const fieldNames = new Map<string, string>();

/** `Floor_Area`, `floorArea`, `FLOOR-AREA`, `floor area` → `floor_area`. */
export function fieldName(name: string): string {
  let known = fieldNames.get(name);
  if (known === undefined) {
    known = normalizeFieldName(name);
    if (fieldNames.size < 10_000) fieldNames.set(name, known);
  }
  return known;
}

function normalizeFieldName(name: string): string {
  const local = name.includes(':') ? name.slice(name.indexOf(':') + 1) : name;
  return local
    .replace(/([a-z\d])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
    .trim();
}

/**
 * The text encodings a feed is read in. Partners declare `ISO-8859-1` and write Windows-1252 (the
 * euro sign, curly quotes), as browsers assume (WHATWG): so both are read as Windows-1252.
 */
export type FeedEncoding = 'utf-8' | 'windows-1252' | 'iso-8859-15';

/**
 * How a feed file is read (`feedText`): gunzipped or not, in which encoding, and why when it is
 * not simply UTF-8. Found once per import from the file's start, and given to every reader.
 */
export interface FeedText {
  /** Gzip data, by its first two bytes (whatever the file is called: a partner's `feed.xml` may be). */
  gzip: boolean;
  encoding: FeedEncoding;
  /**
   * Lines ended by a lone CR (classic Mac OS, some old exports), read as LF (`crAsLf`): XML reads
   * every line end as one, and the readers count lines by LF.
   */
  crLines?: boolean;
  /** For the summary, when the file is not read as UTF-8 or not as it says. */
  note?: string;
}

const ENCODING_LABELS: Record<string, FeedEncoding> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  'us-ascii': 'utf-8',
  ascii: 'utf-8',
  'iso-8859-1': 'windows-1252',
  'iso8859-1': 'windows-1252',
  iso_8859_1: 'windows-1252',
  'iso_8859-1': 'windows-1252',
  latin1: 'windows-1252',
  'latin-1': 'windows-1252',
  l1: 'windows-1252',
  'windows-1252': 'windows-1252',
  cp1252: 'windows-1252',
  'x-cp1252': 'windows-1252',
  'iso-8859-15': 'iso-8859-15',
  iso_8859_15: 'iso-8859-15',
  'iso_8859-15': 'iso-8859-15',
  latin9: 'iso-8859-15',
  'latin-9': 'iso-8859-15',
};

/** Bytes of the file's start looked at to choose its encoding. */
const SNIFF_BYTES = 1 << 20;

const isGzipHead = (head: Buffer) => head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;

/** The first bytes of a file as they are on disk. */
function rawHead(file: string, fd: number | undefined, bytes: number): Buffer {
  const own = fd === undefined ? fs.openSync(file, 'r') : undefined;
  try {
    const raw = Buffer.alloc(bytes);
    return raw.subarray(0, fs.readSync((own ?? fd) as number, raw, 0, bytes, 0));
  } finally {
    if (own !== undefined) fs.closeSync(own);
  }
}

/** The start of gzip data's content (a sync flush gives what these bytes hold). */
function gunzippedHead(raw: Buffer): Buffer {
  const gunzip = (bytes: Buffer): Buffer =>
    zlib.gunzipSync(bytes, { finishFlush: zlib.constants.Z_SYNC_FLUSH, maxOutputLength: HEAD_INFLATED_MAX });
  try {
    return gunzip(raw).subarray(0, SNIFF_BYTES);
  } catch (err) {
    // Damaged gzip data: reading the file says so, in its own words.
    if ((err as { code?: string }).code !== 'ERR_BUFFER_TOO_LARGE') return Buffer.alloc(0);
  }
  // Data that inflates a thousandfold (a "gzip bomb": 1 MB of it is 1 GB): less of it, enough for the head.
  let head: Buffer = Buffer.alloc(0);
  for (let bytes = 1024; bytes < raw.length && head.length < SNIFF_BYTES; bytes *= 2) {
    try {
      head = gunzip(raw.subarray(0, bytes));
    } catch {
      break;
    }
  }
  return head.subarray(0, SNIFF_BYTES);
}

/** The most a gzip feed's first megabyte is inflated to in memory for its head (`gunzippedHead`). */
const HEAD_INFLATED_MAX = 64 * 2 ** 20;

/**
 * The encoding a feed file is read in: the one its XML declaration names, unless its first
 * megabyte says otherwise. Partners declare one encoding and write another: bytes that are
 * valid UTF-8, with letters beyond ASCII, are UTF-8 whatever the declaration says; bytes that are
 * not valid UTF-8 in a file that declares UTF-8, or nothing, are Windows-1252 (Latin-1 written
 * by an older export). UTF-16 and other encodings are not read: the file stops with a clear error.
 */
export function feedText(file: string, fd?: number): FeedText {
  const raw = rawHead(file, fd, SNIFF_BYTES);
  const gzip = isGzipHead(raw);
  const head = gzip ? gunzippedHead(raw) : raw;
  return { gzip, ...textEncoding(head), ...(endsLinesWithCr(head) ? { crLines: true } : {}) };
}

/** Whether the file's first line end is a lone CR, not an LF nor a CR and LF. */
function endsLinesWithCr(head: Buffer): boolean {
  const cr = head.indexOf(B.CR);
  if (cr === -1 || cr === head.length - 1) return false;
  const lf = head.indexOf(B.LF);
  return (lf === -1 || cr < lf) && head[cr + 1] !== B.LF;
}

/**
 * The bytes with each lone CR made an LF, as XML reads a line end (the encodings read are
 * ASCII-compatible, so a CR byte is a CR): the same length, so the marks' byte offsets hold. A CR that
 * ends a chunk waits for the next chunk's first byte, so that a CR and LF split between two chunks
 * stay one line end; one that ends the bytes is a line end of its own.
 */
function crAsLf(bytes: Readable): Readable {
  /** A chunk's last byte, a CR, not passed on yet. */
  let held = false;
  const out = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (chunk.length === 0) return done(null, chunk);
      let copy: Buffer | undefined;
      if (held) {
        copy = Buffer.allocUnsafe(chunk.length + 1);
        copy[0] = chunk[0] === B.LF ? B.CR : B.LF;
        chunk.copy(copy, 1);
      }
      const from = held ? 1 : 0;
      const bytes = copy ?? chunk;
      for (let cr = bytes.indexOf(B.CR, from); cr !== -1 && cr < bytes.length - 1; cr = bytes.indexOf(B.CR, cr + 1)) {
        if (bytes[cr + 1] === B.LF) continue;
        copy ??= Buffer.from(chunk);
        copy[cr] = B.LF;
      }
      const last = copy ?? chunk;
      held = last[last.length - 1] === B.CR;
      done(null, held ? last.subarray(0, last.length - 1) : last);
    },
    flush(done) {
      done(null, held ? Buffer.from([B.LF]) : null);
    },
  });
  bytes.on('error', (err) => out.destroy(err));
  return bytes.pipe(out);
}

/** The file's bytes as its text is read: gunzipped, and its lone CRs made LFs (`FeedText`). */
function plainBytes(raw: Readable, text: FeedText): Readable {
  const bytes = text.gzip ? gunzipped(raw) : raw;
  return text.crLines ? crAsLf(bytes) : bytes;
}

/**
 * The smallest gzip data whose content can pass 4 GiB: deflate packs at most ~1,032 bytes into one.
 * A trailer smaller than a file this big has wrapped; a smaller file is just bigger than its content
 * (a near-empty feed's gzip header and trailer).
 */
const WRAP_MIN_GZIP_BYTES = Math.ceil(2 ** 32 / 1032);

/**
 * About how many bytes the file's content is: its size, or for gzip data the size its trailer gives
 * (modulo 4 GiB: the trailer of a file that could hold more, smaller than the file itself, has
 * wrapped, and the content is bigger still). Of gzip data of several members, the last one's.
 */
export function contentBytes(fd: number, text: FeedText): number {
  const size = fs.fstatSync(fd).size;
  if (!text.gzip || size < 4) return size;
  const trailer = Buffer.alloc(4);
  fs.readSync(fd, trailer, 0, 4, size - 4);
  const gunzipped = trailer.readUInt32LE(0);
  return gunzipped < size && size >= WRAP_MIN_GZIP_BYTES ? gunzipped + 2 ** 32 : gunzipped;
}

/**
 * Text in UTF-16 without its byte-order mark: its first characters ASCII ("<?xml", "<trovit", "{"),
 * so every other byte of them is zero (after them in little-endian order, before them in big-endian).
 */
function isUtf16WithoutMark(head: Buffer): boolean {
  if (head.length < 8) return false;
  const zeroAt = (parity: number) => {
    for (let i = 0; i < 8; i++) if ((head[i] === 0) !== (i % 2 === parity)) return false;
    return true;
  };
  return zeroAt(1) || zeroAt(0);
}

/** `feedText`'s encoding and note, from the start of the file's content. */
function textEncoding(head: Buffer): Omit<FeedText, 'gzip'> {
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff) || isUtf16WithoutMark(head)) {
    throw new MalformedFeedError('The feed is written in UTF-16: save it as UTF-8');
  }
  // Gzip data whose content is gzip data again (a partner's export gzipped, then its upload gzipped).
  if (isGzipHead(head)) {
    throw new MalformedFeedError(
      'The feed is gzip data inside gzip data: gunzip it once, or ask the partner to gzip it once',
    );
  }
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8' };
  const declaration = /^\s*<\?xml[^>]*?\sencoding\s*=\s*["']([^"']*)["']/i.exec(head.toString('latin1', 0, 300));
  const label = declaration?.[1]?.trim();
  const declared = label === undefined ? 'utf-8' : ENCODING_LABELS[label.toLowerCase()];
  let utf8 = true;
  try {
    // Streaming: a character cut by the end of the sample is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    utf8 = false;
  }
  const beyondAscii = head.some((b) => b >= 0x80);
  if (declared === undefined) {
    if (utf8)
      return {
        encoding: 'utf-8',
        note: `read as UTF-8: the file declares "${label}", which is not read, but is UTF-8`,
      };
    throw new MalformedFeedError(`The feed's encoding "${label}" is not read: save it as UTF-8`);
  }
  // Mostly UTF-8, with records pasted from an older system: read as UTF-8, each stray byte as Windows-1252
  // (`utf8Repaired`), rather than every UTF-8 letter of the file as two Windows-1252 ones.
  const mixed = !utf8 && mostlyUtf8(head);
  if (declared === 'utf-8') {
    if (utf8) return { encoding: 'utf-8' };
    if (mixed)
      return {
        encoding: 'utf-8',
        note: 'read as UTF-8, with the bytes that are no part of a UTF-8 character (records from an older system) read as Windows-1252',
      };
    return {
      encoding: 'windows-1252',
      note: `read as Windows-1252: the file ${label === undefined ? 'declares no encoding' : `declares ${label}`} but is not UTF-8`,
    };
  }
  if (beyondAscii && utf8) {
    return { encoding: 'utf-8', note: `read as UTF-8: the file declares ${label} but is written in UTF-8` };
  }
  if (mixed) {
    return {
      encoding: 'utf-8',
      note: `read as UTF-8: the file declares ${label} but is written in UTF-8, with the bytes that are no part of a UTF-8 character read as Windows-1252`,
    };
  }
  return {
    encoding: declared,
    note: `read as ${declared === 'windows-1252' ? 'Windows-1252' : 'ISO-8859-15'}, as the file declares (${label})`,
  };
}

/**
 * Whether a sample that is not all UTF-8 holds more UTF-8 characters beyond ASCII than bytes that are no
 * part of one: a UTF-8 file with a record pasted from a Windows-1252 system ("Ático" in one byte per
 * letter). Windows-1252 text seldom forms a UTF-8 character by chance (a capital with an accent followed
 * by a symbol such as "º"), so a Windows-1252 file has many more of the latter. A character cut by the
 * sample's end is neither.
 */
function mostlyUtf8(head: Buffer): boolean {
  const end = head.length - incompleteTail(head);
  let characters = 0;
  let strays = 0;
  for (let i = 0; i < end;) {
    const b = head[i] as number;
    if (b < 0x80) {
      i++;
      continue;
    }
    const length = utf8Length(b);
    if (length > 1 && i + length <= end && isUtf8(head.subarray(i, i + length))) {
      characters++;
      i += length;
    } else {
      strays++;
      i++;
    }
  }
  return characters > strays;
}

/** The length of the UTF-8 character a byte beyond ASCII begins (0: it begins none). */
function utf8Length(b: number): number {
  return b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
}

/**
 * Decodes a stream of bytes into text. A single-byte encoding decodes each chunk on its own (no
 * character spans two); UTF-8 through `utf8Repaired`.
 */
function decoded(bytes: Readable, encoding: FeedEncoding): Readable {
  if (encoding === 'utf-8') {
    const text = utf8Repaired();
    bytes.on('error', (err) => text.destroy(err));
    return bytes.pipe(text);
  }
  const decoder = new TextDecoder(encoding);
  const text = new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _encoding, done) {
      done(null, decoder.decode(chunk, { stream: true }));
    },
  });
  // A pipe does not pass errors on: cut gzip data must end the text with its error, not leave it open.
  bytes.on('error', (err) => text.destroy(err));
  return bytes.pipe(text);
}

/**
 * Windows-1252's characters for the bytes 0x80–0xFF, decoded once as a stream (Node 20's one-shot
 * single-byte decode takes a Latin-1 shortcut that gives U+0080 for "€": nodejs/node#56542).
 */
const WINDOWS_1252_HIGH = new TextDecoder('windows-1252').decode(
  Uint8Array.from({ length: 128 }, (_, i) => 0x80 + i),
  { stream: true },
);

/**
 * UTF-8 text, where a byte that is no part of a UTF-8 character is read as Windows-1252: a file whose
 * first megabyte (what `feedText` samples) is UTF-8 can hold a record pasted from a Windows-1252
 * system further on ("Ático en Cádiz" written in one byte per letter), which UTF-8 alone would read
 * as "�tico en C�diz". A chunk that is all UTF-8 (nearly every one) is decoded as it is.
 */
function utf8Repaired(): Transform {
  let tail = Buffer.alloc(0);
  return new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _encoding, done) {
      const bytes = tail.length > 0 ? Buffer.concat([tail, chunk]) : chunk;
      // A character cut by the chunk's end waits for the next chunk.
      const end = bytes.length - incompleteTail(bytes);
      tail = Buffer.from(bytes.subarray(end));
      const body = bytes.subarray(0, end);
      done(null, isUtf8(body) ? body.toString('utf8') : mixedText(body));
    },
    flush(done) {
      done(null, tail.length > 0 ? mixedText(tail) : undefined);
    },
  });
}

/** How many bytes at the end of `bytes` begin a UTF-8 character they do not complete (0 to 3). */
function incompleteTail(bytes: Buffer): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const b = bytes[bytes.length - back] as number;
    if ((b & 0xc0) === 0x80) continue;
    const length = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return length > back ? back : 0;
  }
  return 0;
}

/** Bytes as UTF-8 where they are, each other byte as Windows-1252. */
function mixedText(bytes: Buffer): string {
  let out = '';
  let from = 0;
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    const length = b < 0x80 ? 1 : utf8Length(b);
    if (length === 1 || (length > 1 && isUtf8(bytes.subarray(i, i + length)) && i + length <= bytes.length)) {
      i += length;
      continue;
    }
    out += bytes.toString('utf8', from, i) + (WINDOWS_1252_HIGH[b - 0x80] as string);
    i++;
    from = i;
  }
  return out + bytes.toString('utf8', from);
}

/** The format of a file: by its extension, else by its first significant byte. */
export async function detectFormat(file: string): Promise<FeedFormat> {
  const name = file.toLowerCase().replace(/\.gz$/, '');
  if (/\.(jsonl|ndjson|jsonlines)$/.test(name)) return 'jsonl';
  if (name.endsWith('.xml')) return 'xml';
  const head = await readHead(file, 4096);
  const first = head.replace(/^\ufeff/, '').trimStart()[0];
  // A JSON array is JSON too: read as JSON lines, it is told what JSON lines are (`countJsonLines`).
  return first === '{' || first === '[' ? 'jsonl' : 'xml';
}

const KEEP_OPEN = {
  read: fs.read,
  close: (_fd: number, callback: (err: NodeJS.ErrnoException | null) => void) => callback(null),
};

/**
 * Bytes read at a time where records are built (decision 046): the records of one chunk live
 * together until the last is mapped, so 64 KiB (~50 records) rather than 1 MiB (~850) lets most
 * die young; at 1 MiB they outlived two scavenges and were promoted (one thread, 50,000 ads:
 * 700 → 473 MB promoted).
 */
const RECORD_CHUNK = 1 << 16;

/**
 * The file as text. With `fd`, reads that open file from its start (and leaves it open): an
 * import reads the same file twice (decision 044), and a file renamed over it meanwhile is not read.
 */
function openText(file: string, fd?: number, text = feedText(file, fd)): Readable {
  const raw =
    fd === undefined
      ? fs.createReadStream(file, { highWaterMark: RECORD_CHUNK })
      : // Positioned reads of the shared descriptor, which the stream never closes (its owner does).
        fs.createReadStream('', { fd, start: 0, autoClose: false, highWaterMark: RECORD_CHUNK, fs: KEEP_OPEN });
  return decoded(plainBytes(raw, text), text.encoding);
}

/** The bytes of gzip data; cut or damaged data is a malformed feed (`MalformedFeedError`). */
function gunzipped(raw: Readable): Readable {
  const gunzip = zlib.createGunzip();
  const out = new PassThrough({ highWaterMark: RECORD_CHUNK });
  raw.on('error', (err) => out.destroy(err));
  gunzip.on('error', (err) =>
    out.destroy(new MalformedFeedError(`The gzip data is cut short or damaged (${err.message})`)),
  );
  return raw.pipe(gunzip).pipe(out);
}

async function readHead(file: string, bytes: number): Promise<string> {
  let out = '';
  for await (const chunk of openText(file)) {
    out += chunk as string;
    if (out.length >= bytes) break;
  }
  return out;
}

/** The records of a feed file, streamed. Throws `MalformedFeedError` when the file is not a feed. */
export function readFeed(
  file: string,
  format: FeedFormat,
  fd?: number,
  want?: (index: number) => boolean,
  text = feedText(file, fd),
): AsyncGenerator<RawRecord[]> {
  return format === 'jsonl'
    ? readJsonLines(openText(file, fd, text), want)
    : readXml(openText(file, fd, text), want ? { want } : {});
}

/**
 * Reads a feed file through without building its records: the number of records `readFeed`
 * yields, or the `MalformedFeedError` it throws (the same message and line). An import checks
 * the whole file this way before it changes anything (decision 044). With `marks`, a plain XML
 * file's records are marked too (`marks.size` is set only then).
 */
export async function countFeedRecords(
  file: string,
  format: FeedFormat,
  fd?: number,
  onProgress?: (records: number) => void,
  marks?: RecordMarks,
  text = feedText(file, fd),
): Promise<number> {
  if (format === 'jsonl') return countJsonLines(openText(file, fd, text), onProgress);
  // Most feeds are plain enough to be checked on their bytes (no decoding); any other goes the long way.
  let count = await quickCountXml(openBytes(file, fd, text), onProgress, marks);
  if (count === undefined) {
    if (marks) marks.size = undefined;
    count = await countXmlRecords(openText(file, fd, text), {}, onProgress);
  }
  if (count === 0) {
    // No record where the format has them: a feed that wraps its ads in another element would
    // otherwise import nothing, and say nothing.
    const misplaced = await misplacedRecord(openText(file, fd, text));
    if (misplaced) {
      throw new MalformedFeedError(
        `No <ad> straight under <trovit>: the ads are inside <${misplaced.parent}>; write each <ad> directly in <trovit>`,
        misplaced.line,
      );
    }
  }
  return count;
}

/** The first `<ad>` deeper than the format puts records (inside another element of the root), if any. */
async function misplacedRecord(input: Readable): Promise<{ parent: string; line: number } | undefined> {
  const parser = feedSax(true, { position: true });
  const open: string[] = [];
  let found: { parent: string; line: number } | undefined;
  parser.onerror = () => {
    parser.error = null as unknown as Error;
    parser.resume();
  };
  let tagLine = 0;
  parser.onopentagstart = () => (tagLine = tagStartLine(parser));
  parser.onopentag = (tag) => {
    if (!found && open.length >= 2 && fieldName(tag.name) === 'ad') {
      found = { parent: open[open.length - 1] as string, line: tagLine };
    }
    open.push(tag.name);
  };
  parser.onclosetag = () => {
    open.pop();
  };
  // The first 16 M characters tell: a wrapped feed wraps its first ad too.
  let read = 0;
  for await (const chunk of input) {
    parser.write(chunk as string);
    read += (chunk as string).length;
    if (found || read > 16_000_000) {
      input.destroy();
      break;
    }
  }
  return found;
}

/** The file's bytes (gunzipped), as `openText` reads it but not decoded. */
function openBytes(file: string, fd: number | undefined, text: FeedText): Readable {
  const raw =
    fd === undefined
      ? fs.createReadStream(file, { highWaterMark: 1 << 20 })
      : fs.createReadStream('', { fd, start: 0, autoClose: false, highWaterMark: 1 << 20, fs: KEEP_OPEN });
  return plainBytes(raw, text);
}

const enum B {
  TAB = 9,
  LF = 10,
  CR = 13,
  SPACE = 32,
  BANG = 33,
  QUOTE = 34,
  AMP = 38,
  APOS = 39,
  DASH = 45,
  SLASH = 47,
  SEMI = 59,
  LT = 60,
  EQ = 61,
  GT = 62,
  QUESTION = 63,
}

const isBlankByte = (c: number): boolean => c === B.SPACE || c === B.LF || c === B.TAB || c === B.CR;
const isNameStart = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
const isNameByte = (c: number): boolean =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 46 || c === 58 || c === 45;
const CDATA_OPEN = Buffer.from('<![CDATA[');
/** Needles of `Buffer.indexOf` as buffers: a string needle is converted at every call (half the check's time in CDATA). */
const CDATA_END = Buffer.from(']]>');
const COMMENT_END = Buffer.from('-->');
const DOUBLE_DASH = Buffer.from('--');
/** What `name in {}` finds: the names an attribute object already has. */
const OBJECT_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));
const XML_ENTITY_NAMES = ['amp', 'lt', 'gt', 'quot', 'apos'].map((e) => Buffer.from(`${e};`));

function isCdataOpen(buf: Buffer, at: number): boolean {
  for (let k = 0; k < 9; k++) if (buf[at + k] !== CDATA_OPEN[k]) return false;
  return true;
}

/** After the `&` at `at`: the end of one of XML's named entities, 0 when the buffer ends first, -1 for anything else. */
function namedEntityEnd(buf: Buffer, at: number): number {
  for (const e of XML_ENTITY_NAMES) {
    let k = 0;
    while (k < e.length && at + 1 + k < buf.length && buf[at + 1 + k] === e[k]) k++;
    if (k === e.length) return at + 1 + k;
    if (at + 1 + k === buf.length) return 0;
  }
  return -1;
}

/**
 * After the `&` at `at`: the end of a reference to one of `names` (entities the feed declares), 0
 * when the buffer ends first, -1 for anything else.
 */
function declaredEntityEnd(buf: Buffer, at: number, names: ReadonlySet<string>): number {
  let i = at + 1;
  if (i < buf.length && !isNameStart(buf[i] as number)) return -1;
  while (i < buf.length && isNameByte(buf[i] as number)) i++;
  if (i >= buf.length) return 0;
  return buf[i] === B.SEMI && names.has(buf.toString('latin1', at + 1, i)) ? i + 1 : -1;
}

/**
 * The number of records of an XML feed in the plain shape nearly every feed has — elements with
 * ASCII names and quoted attributes, CDATA, comments, XML's five named entities, a DOCTYPE of the
 * plain form (`readDoctype`) and the entities it declares — checked on its
 * bytes: the count `readXml` gives such a file, which it reads without a fallback to sax (the
 * structure is ASCII, so UTF-8 text does not matter). Undefined for anything else — another
 * construct, an error, a truncated file — which `countXmlRecords` then reads (with its errors).
 */
export async function quickCountXml(
  input: Readable,
  onProgress?: (records: number) => void,
  marks?: RecordMarks,
): Promise<number | undefined> {
  let count = 0;
  /** The file's offset of `buf[0]`, and its line breaks before it. */
  let base = 0;
  let breaksBefore = 0;
  /** The root element's name, once open. */
  let root: Buffer | undefined;
  let rootClosed = false;
  let first = true;
  /** The entities the DOCTYPE declares (once it is read). */
  let declared: Set<string> | undefined;
  /**
   * Scans `buf` from its start, which is outside any element below the root; returns where the
   * next scan must start again (a record or construct cut by the chunk's end), `buf.length`
   * when all of it was read, or -1 when the file is not of the plain shape.
   */
  const scan = (buf: Buffer, final: boolean): number => {
    const len = buf.length;
    let pos = 0;
    if (first) {
      // A byte-order mark (the first scan starts after it).
      if (len < 3 && !final) return 0;
      first = false;
      if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) pos = 3;
    }
    /** Open elements below the root: start and end of each name in `buf` (`sp` of them in use). */
    const stack: number[] = [];
    let sp = 0;
    let inAd = false;
    /** Where a scan can start again: no element open below the root. */
    let resume = pos;
    const more = (): number => (final ? -1 : resume);
    /** Line breaks in `buf` before `counted`. */
    let counted = 0;
    let breaks = 0;
    const mark = (index: number, at: number): void => {
      if (!marks || index % marks.every !== 0) return;
      for (let nl = buf.indexOf(B.LF, counted); nl !== -1 && nl < at; nl = buf.indexOf(B.LF, nl + 1)) breaks++;
      counted = at;
      marks.at(index, base + at, breaksBefore + breaks);
    };
    for (;;) {
      const depth = (root && !rootClosed ? 1 : 0) + sp / 2;
      // The text up to the next tag (short in feeds: their long texts are CDATA).
      let lt = pos;
      if (depth === 0) {
        // Outside the root: blanks only.
        for (; lt < len; lt++) {
          const b = buf[lt] as number;
          if (b === B.LT) break;
          if (!isBlankByte(b)) return -1;
        }
      } else {
        // Inside: any bytes, with only XML's named entities.
        for (; lt < len; lt++) {
          const b = buf[lt] as number;
          if (b === B.LT) break;
          if (b !== B.AMP) continue;
          let entity = namedEntityEnd(buf, lt);
          if (entity === -1 && declared) entity = declaredEntityEnd(buf, lt, declared);
          if (entity === -1) return -1;
          if (entity === 0) return final ? -1 : more();
        }
      }
      if (lt === len) return sp === 0 ? len : more();
      if (sp === 0) resume = lt;
      const c = buf[lt + 1];
      if (c === undefined) return more();
      if (c === B.SLASH) {
        // </name>, closing the open element.
        let name: Buffer;
        let start: number;
        let end: number;
        if (sp > 0) {
          name = buf;
          start = stack[sp - 2] as number;
          end = stack[sp - 1] as number;
        } else if (root && !rootClosed) {
          name = root;
          start = 0;
          end = root.length;
        } else return -1;
        const n = end - start;
        if (lt + 3 + n > len) return more();
        for (let k = 0; k < n; k++) if (name[start + k] !== buf[lt + 2 + k]) return -1;
        if (buf[lt + 2 + n] !== B.GT) return -1;
        pos = lt + 3 + n;
        if (sp > 0) {
          sp -= 2;
          if (sp === 0) {
            if (inAd) count++;
            inAd = false;
            resume = pos;
          }
        } else {
          rootClosed = true;
          resume = pos;
        }
        continue;
      }
      if (c === B.BANG) {
        if (lt + 9 > len) return more();
        if (buf[lt + 2] === 0x5b && buf[lt + 3] === 0x43 && isCdataOpen(buf, lt)) {
          if (depth === 0) return -1;
          const end = buf.indexOf(CDATA_END, lt + 9);
          if (end === -1) return more();
          pos = end + 3;
          continue;
        }
        if (depth === 0 && !root && !declared && buf[lt + 2] === 0x44 /* D */) {
          // The DOCTYPE (its names are ASCII; what its values hold does not matter here).
          const doctype = readDoctype(buf.toString('latin1', lt), 0, final);
          if (doctype === 'more') return more();
          if (doctype === undefined) return -1;
          declared = new Set(Object.keys(doctype.entities));
          pos = lt + doctype.end;
          if (marks) marks.prolog = { start: base + lt, end: base + pos };
          resume = pos;
          continue;
        }
        if (buf[lt + 2] !== B.DASH || buf[lt + 3] !== B.DASH) return -1;
        const end = buf.indexOf(COMMENT_END, lt + 4);
        if (end === -1) return more();
        // sax refuses `--` inside a comment, and a comment ending in `-`.
        const dashes = buf.indexOf(DOUBLE_DASH, lt + 4);
        if ((dashes !== -1 && dashes < end) || buf[end - 1] === B.DASH) return -1;
        pos = end + 3;
        if (sp === 0) resume = pos;
        continue;
      }
      if (c === B.QUESTION) {
        // A processing instruction outside the root, without another `?`.
        if (depth > 0) return -1;
        const q = buf.indexOf(B.QUESTION, lt + 2);
        if (q === -1 || q + 1 >= len) return more();
        if (buf[q + 1] !== B.GT) return -1;
        pos = q + 2;
        resume = pos;
        continue;
      }
      // <name attr="value"…> or <name…/>
      if (!isNameStart(c) || rootClosed) return -1;
      let i = lt + 2;
      while (i < len && isNameByte(buf[i] as number)) i++;
      const nameEnd = i;
      let names: string[] | undefined;
      for (;;) {
        while (i < len && isBlankByte(buf[i] as number)) i++;
        if (i >= len) return more();
        const b = buf[i] as number;
        if (b === B.GT || b === B.SLASH) break;
        if (i === nameEnd || !isNameStart(b)) return -1;
        const attrStart = i;
        while (i < len && isNameByte(buf[i] as number)) i++;
        const attrName = buf.toString('latin1', attrStart, i);
        while (i < len && isBlankByte(buf[i] as number)) i++;
        if (i >= len) return more();
        if (buf[i] !== B.EQ) return -1;
        i++;
        while (i < len && isBlankByte(buf[i] as number)) i++;
        const quote = buf[i];
        if (quote === undefined) return more();
        if (quote !== B.QUOTE && quote !== B.APOS) return -1;
        const close = buf.indexOf(quote, i + 1);
        if (close === -1) return more();
        for (let v = i + 1; v < close; v++) if (buf[v] === B.LT || buf[v] === B.AMP) return -1;
        // A repeated name (or one an object already has, as the scanner sees it) goes to sax.
        names ??= [];
        if (names.includes(attrName) || OBJECT_NAMES.has(attrName)) return -1;
        names.push(attrName);
        i = close + 1;
        if (i >= len) return more();
        if (!isBlankByte(buf[i] as number) && buf[i] !== B.GT && buf[i] !== B.SLASH) return -1;
      }
      const selfClosing = buf[i] === B.SLASH;
      if (selfClosing) {
        if (i + 1 >= len) return more();
        if (buf[i + 1] !== B.GT) return -1;
        i++;
      }
      pos = i + 1;
      if (depth === 0) {
        if (fieldName(buf.toString('latin1', lt + 1, nameEnd)) !== 'trovit') return -1;
        if (selfClosing) rootClosed = true;
        root = Buffer.from(buf.subarray(lt + 1, nameEnd));
        if (marks) marks.root = root.toString('latin1');
        resume = pos;
        continue;
      }
      const isAd = depth === 1 && fieldName(buf.toString('latin1', lt + 1, nameEnd)) === 'ad';
      if (isAd) mark(count, lt);
      if (selfClosing) {
        if (isAd) count++;
        if (sp === 0) resume = pos;
        continue;
      }
      stack[sp++] = lt + 1;
      stack[sp++] = nameEnd;
      // Deeper than a feed nests: the long way, which says so.
      if (sp > 2 * MAX_DEPTH) return -1;
      if (isAd) inAd = true;
    }
  };
  let tail: Buffer | undefined;
  for await (const chunk of input) {
    marks?.copy?.(chunk as Buffer);
    const buf = tail ? Buffer.concat([tail, chunk as Buffer]) : (chunk as Buffer);
    const until = scan(buf, false);
    if (until < 0) return undefined;
    if (marks) {
      for (let nl = buf.indexOf(B.LF); nl !== -1 && nl < until; nl = buf.indexOf(B.LF, nl + 1)) breaksBefore++;
      base += until;
    }
    tail = until < buf.length ? buf.subarray(until) : undefined;
    // A record too long to be read (`MAX_RECORD_CHARS`, in characters; its bytes, with their markup and
    // multi-byte characters, may be a few times more): `countXmlRecords` streams it, where this scan would
    // copy and read it again with every chunk (95 s for a 300 MB description).
    if (tail && tail.length > MAX_RECORD_BYTES) return undefined;
    onProgress?.(count);
  }
  if (tail && scan(tail, true) < 0) return undefined;
  if (!root || !rootClosed) return undefined;
  if (marks) marks.size = base + (tail?.length ?? 0);
  return count;
}

/**
 * Where every `every`-th record of a plain XML file starts (`quickCountXml`): its byte offset
 * (its `<`) and the line breaks before it, so that a thread can read those records alone
 * (`readXmlRange`); also the root element's name and the file's size.
 */
export interface RecordMarks {
  every: number;
  at: (index: number, offset: number, lineBreaks: number) => void;
  root?: string;
  size?: number;
  /** Where the file's DOCTYPE is, which declares the entities its records may use. */
  prolog?: ByteRange;
  /** Takes every byte read, in order (a gzip feed's gunzipped bytes: `GunzippedCopy`). */
  copy?: (chunk: Buffer) => void;
}

export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The records of a plain XML file between two marks (`RecordMarks`), as `readXml` reads them in
 * the whole file: read inside a root element of the same name (closed after them unless the
 * range runs to the end of the file), their lines and indexes those of the file.
 */
export function readXmlRange(
  file: string,
  fd: number,
  range: {
    start: number;
    end: number;
    lineBreaks: number;
    firstIndex: number;
    root: string;
    last: boolean;
    /** The file's (`feedText`); UTF-8 when not given. */
    encoding?: FeedEncoding;
    /** The file's lone CRs read as LFs (`FeedText.crLines`). */
    crLines?: boolean;
    /** The file's DOCTYPE (`RecordMarks.prolog`), read before the root: the entities it declares. */
    prolog?: ByteRange;
  },
): AsyncGenerator<RawRecord[]> {
  const encoding = range.encoding ?? 'utf-8';
  async function* bytes(from: number, to: number): AsyncGenerator<string> {
    if (to <= from) return;
    const stream = fs.createReadStream('', {
      fd,
      start: from,
      end: to - 1,
      autoClose: false,
      highWaterMark: RECORD_CHUNK,
      fs: KEEP_OPEN,
    });
    for await (const chunk of decoded(range.crLines ? crAsLf(stream) : stream, encoding)) yield chunk as string;
  }
  /** Line breaks in the DOCTYPE, which the records' lines must not count. */
  let prologBreaks = 0;
  async function* text(): AsyncGenerator<string> {
    if (range.prolog) {
      let prolog = '';
      for await (const part of bytes(range.prolog.start, range.prolog.end)) prolog += part;
      for (let nl = prolog.indexOf('\n'); nl !== -1; nl = prolog.indexOf('\n', nl + 1)) prologBreaks++;
      yield prolog;
    }
    yield `<${range.root}>`;
    yield* bytes(range.start, range.end);
    if (!range.last) yield `</${range.root}>`;
  }
  async function* records(): AsyncGenerator<RawRecord[]> {
    for await (const batch of readXml(Readable.from(text()))) {
      for (const r of batch) {
        r.line += range.lineBreaks - prologBreaks;
        r.index = (r.index as number) + range.firstIndex;
      }
      yield batch;
    }
  }
  return records();
}

/** Errors sax reports that real feeds commit and that we read through (entities, attribute quirks). */
const RECOVERABLE = [
  'Invalid character entity',
  'Invalid character in entity name',
  'Unquoted attribute value',
  'Attribute without value',
  'No whitespace between attributes',
  'Invalid attribute name',
  'Unencoded <',
  'XML declaration encoding',
];

/** The attributes of an element that has none (shared, never written to). */
const NO_ATTRIBUTES: Record<string, string> = Object.freeze({}) as Record<string, string>;

const HTML_TAGS = new Set(
  'p br b i u em strong span div ul ol li a h1 h2 h3 h4 h5 h6 font small big sup sub hr table tbody tr td th img blockquote'.split(
    ' ',
  ),
);

/**
 * Builds records out of XML events (open, text, close), whoever produces them:
 * the fast scanner below, or sax for what the scanner leaves to it. Element
 * names in any case; unknown elements kept as fields; nested
 * `<pictures><picture>` and flat `picture_url` both read; nested unknown
 * elements contribute their leaves.
 */
/**
 * A field of a record, from an XML leaf or a JSON member, `parent` being the element or object it is in
 * (undefined for the ad's own). The first occurrence of a name wins, but the ad's own element wins over
 * one inside another element, whatever their order, unless it is empty (`<city></city>` after a
 * `<location>`'s): an agency's `<id>` or a parking space's `<price>` never becomes the ad's. Inside
 * another element, the ad's identity, link and price are kept under their parent's name (`agency_id`,
 * `parking_price`) among its attributes; a price inside an element that only wraps prices (`<pricing>`)
 * is the ad's. `nested` holds the record's fields taken from inside another element.
 */
function putField(
  record: RawRecord,
  nested: Set<string>,
  parent: string | undefined,
  name: string,
  field: RawField,
): void {
  const fields = record.fields;
  if (parent !== undefined) {
    const key = OWN_FIELDS.has(name) && !(name === 'price' && PRICE_WRAPPERS.has(parent)) ? `${parent}_${name}` : name;
    if (fields.has(key)) return;
    fields.set(key, field);
    nested.add(key);
  } else if (!fields.has(name)) {
    fields.set(name, field);
  } else if (field.text.trim() !== '' && nested.delete(name)) {
    fields.set(name, field);
  } else if (field.text.trim() !== '') {
    // The ad's own element again: the first is the field, as before; a reading of lists may take the rest.
    ((fields.get(name) as RawField).more ??= []).push(field.text);
  }
}

/** Children whose text is their parent's value: `<price><value>320000</value></price>`. */
const VALUE_CHILDREN = new Set(['value', 'amount']);
/** Children that say their parent's unit, read as its attributes: `<price><currency>EUR</currency></price>`. */
const UNIT_CHILDREN = new Set(['currency', 'unit', 'period']);

/**
 * Whether a leaf says its parent's value or unit: the first `<value>` or `<amount>`, or a `<currency>`,
 * `<unit>` or `<period>` (its parent's attributes when a value is beside them, else fields as any leaf:
 * an `<agency>`'s `<currency>`, `RecordBuilder.close`).
 */
function givesValue(name: string, text: string, parentGiven: Given | undefined): boolean {
  if (VALUE_CHILDREN.has(name)) return parentGiven?.text === undefined && text.trim() !== '';
  return UNIT_CHILDREN.has(name) && text.trim() !== '';
}

/** What children said of their parent element: its value, and its unit as attributes. */
interface Given {
  text?: string;
  attrs?: Record<string, string>;
}

/** An ad's fields only its own elements give, never one of the same name inside another element. */
const OWN_FIELDS = new Set(['id', 'url', 'mobile_url', 'price']);
/** Elements partners wrap an ad's price in, whose `<price>` is the ad's. */
const PRICE_WRAPPERS = new Set(['pricing', 'prices', 'price_info', 'operation', 'operacion', 'precio', 'financial']);

class RecordBuilder {
  out: RawRecord[] = [];
  /** Records completed (also when only counting). */
  count = 0;
  fatal: MalformedFeedError | undefined;
  depth = 0;
  sawRoot = false;
  closedRoot = false;
  /** The general entities the feed's DOCTYPE declares (`doctype.ts`), when it declares any. */
  entities: DeclaredEntities | undefined;
  /** References to them replaced in the current record (at most `MAX_EXPANSIONS`). */
  private expansions = 0;
  /** Where sax asked for the last one (it asks twice for each reference it replaces). */
  private expandedAt = -1;
  private record: RawRecord | undefined;
  /** Inside a record that is only counted (every one when counting, else those `want` declines). */
  private skipping = false;
  /** Element names from the ad (exclusive) down. */
  private readonly path: string[] = [];
  private text = '';
  /** The current record's characters so far, counted past `MAX_RECORD_CHARS` (text past it is not kept). */
  private size = 0;
  /** The attributes of each element of `path`. */
  private readonly attrStack: Record<string, string>[] = [];
  /**
   * What an element of `path` (by its depth there) was given by children that say its value
   * (`<price><value>320000</value><currency>EUR</currency></price>`): their text, and the rest as its attributes.
   */
  private readonly given: (Given | undefined)[] = [];
  private picture: RawPicture | undefined;
  private readonly markup: string[] = [];
  /** The current record's fields taken from inside another element, which the ad's own override. */
  private readonly nested = new Set<string>();

  /**
   * A record it does not build (with `countOnly`, none; else those `want` declines, by their
   * index) is followed by its depth alone: the errors and the record boundaries are those of a
   * full read, since nothing inside a record can make it fail or end it early (its tags balance).
   */
  constructor(
    readonly countOnly = false,
    private readonly want?: (index: number) => boolean,
  ) {}

  /** Whether text matters now (inside a record). */
  get inRecord(): boolean {
    return this.record !== undefined;
  }

  open(tagName: string, attributes: Record<string, string>, line: number): void {
    if (this.fatal) return;
    if (++this.depth > MAX_DEPTH) {
      this.fatal = new MalformedFeedError(`Elements are nested more than ${MAX_DEPTH} deep`, line);
      return;
    }
    if (this.skipping) return;
    const name = fieldName(tagName);
    if (this.depth === 1) {
      this.openRoot(tagName);
      return;
    }
    if (this.depth === 2) this.expansions = 0;
    const path = this.path;
    if (!this.record) {
      if (this.depth === 2 && name === 'ad') {
        if (this.countOnly || (this.want !== undefined && !this.want(this.count))) this.skipping = true;
        else {
          this.record = { line, index: this.count, fields: new Map(), pictures: [] };
          this.size = 0;
          path.length = 0;
          this.nested.clear();
        }
      }
      return;
    }
    if (path.length >= 1 && HTML_TAGS.has(name) && !path.includes('pictures')) {
      // Unescaped HTML inside a text element (`<content>Nice <b>flat</b></content>`): kept as text.
      this.markup.push(name);
      this.text += ' ';
      return;
    }
    path.push(name);
    this.text = '';
    this.size += tagName.length + 2;
    let attrs = NO_ATTRIBUTES;
    for (const k in attributes) {
      if (attrs === NO_ATTRIBUTES) attrs = {};
      const value = attributes[k] as string;
      attrs[fieldName(k)] = value;
      this.size += k.length + value.length + 4;
    }
    this.attrStack[path.length - 1] = attrs;
    this.given[path.length - 1] = undefined;
    if (name === 'picture' && path.length <= 2) {
      // Its URL as an attribute (`<picture url="…"/>`), else a child's (`<picture_url>`) or its text.
      const picture: RawPicture = { url: (attrs.url ?? attrs.src ?? attrs.href ?? '').trim() };
      const featured = attrs.featured?.toLowerCase();
      if (featured !== undefined) picture.featured = ['true', 'yes', 'si', '1'].includes(featured.trim());
      this.picture = picture;
    }
  }

  private openRoot(tagName: string): void {
    this.sawRoot = true;
    if (fieldName(tagName) !== 'trovit')
      this.fatal = new MalformedFeedError(`The root element is <${tagName}>, not <trovit>`, 1);
  }

  onText(t: string): void {
    if (!this.record) return;
    this.size += t.length;
    // Past the limit, only the ad's own id is kept (for the rejection: the stored ad is kept).
    if (this.size <= MAX_RECORD_CHARS || (this.path.length === 1 && this.path[0] === 'id' && this.text.length < 1000))
      this.text += t;
  }

  /**
   * What `&name;` stands for, when the feed declares it and the record has not used up its
   * `MAX_EXPANSIONS` (a record of references, each to a long value, would multiply its size).
   * `at`: sax's position in its text, where it asks again for the same reference.
   */
  expand(name: string, at = -1): string | undefined {
    const value = this.entities && declaredEntity(this.entities, name);
    if (value === undefined) return undefined;
    if (at !== -1 && at === this.expandedAt) return value;
    if (this.expansions >= MAX_EXPANSIONS) return undefined;
    this.expansions++;
    this.expandedAt = at;
    return value;
  }

  close(tagName: string): void {
    if (this.fatal) return;
    this.depth--;
    if (this.skipping) {
      if (this.depth === 1) {
        this.count++;
        this.skipping = false;
      }
      return;
    }
    const markup = this.markup;
    if (markup.length > 0 && markup[markup.length - 1] === fieldName(tagName)) {
      markup.pop();
      this.text += ' ';
      return;
    }
    if (this.depth === 0) {
      this.closedRoot = true;
      return;
    }
    const record = this.record;
    if (!record) return;
    if (this.depth === 1) {
      this.out.push(this.size > MAX_RECORD_CHARS ? tooLong(record, this.size) : record);
      this.count++;
      this.record = undefined;
      return;
    }
    const path = this.path;
    const depth = path.length - 1;
    const name = path.pop() as string;
    const parent = path[path.length - 1];
    let text = this.text;
    let attrs = this.attrStack[depth] as Record<string, string>;
    const picture = this.picture;
    const given = this.given[depth];
    this.given[depth] = undefined;
    // (Most elements have neither children that said something nor attributes: no blank text to look at.)
    if ((given !== undefined || attrs !== NO_ATTRIBUTES) && text.trim() === '') {
      // Its value said by its children, or by an attribute (`<price value="900" currency="EUR"/>`).
      const value = given?.text ?? attrs.value ?? attrs.amount;
      if (value !== undefined && value.trim() !== '') {
        text = value;
        if (given) given.text = undefined;
      }
    }
    if (given) {
      if (text.trim() !== '' && given.attrs) attrs = { ...given.attrs, ...attrs };
      else
        for (const k in given.attrs)
          putField(record, this.nested, name, k, { text: given.attrs[k] as string, attrs: NO_ATTRIBUTES });
      // A value beside the element's own text: a field inside it, as any other child.
      if (given.text !== undefined)
        putField(record, this.nested, name, 'value', { text: given.text, attrs: NO_ATTRIBUTES });
    }
    if (parent !== undefined && !picture && parent !== 'pictures' && givesValue(name, text, this.given[depth - 1])) {
      // A child that says its parent's value (`<value>`, `<amount>`) or its unit (`<currency>`, `<unit>`, `<period>`).
      const told = (this.given[depth - 1] ??= {});
      if (VALUE_CHILDREN.has(name)) told.text = text;
      else (told.attrs ??= {})[name] = text.trim();
    } else if (name === 'picture' && picture) {
      if (!picture.url) picture.url = text.trim();
      if (picture.url) record.pictures.push(picture);
      this.picture = undefined;
    } else if (picture && (name === 'picture_url' || name === 'url')) {
      picture.url = text.trim();
    } else if (picture && (name === 'picture_title' || name === 'title')) {
      picture.title = text.trim();
    } else if (name === 'picture_url' && (parent === undefined || parent === 'pictures')) {
      if (text.trim()) record.pictures.push({ url: text.trim() });
    } else if (name === 'picture_title' && (parent === undefined || parent === 'pictures')) {
      const last = record.pictures[record.pictures.length - 1];
      if (last && last.title === undefined) last.title = text.trim();
    } else if (name !== 'pictures' && (text.trim() !== '' || parent === undefined)) {
      // A leaf, or an empty element of the ad's own.
      putField(record, this.nested, parent, name, { text, attrs });
    }
    this.text = '';
  }

  /** Forgets a partly built element below the root (the scanner rewinds to the last record boundary). */
  rewindToRoot(): void {
    this.depth = 1;
    this.record = undefined;
    this.skipping = false;
    this.path.length = 0;
    this.text = '';
    this.picture = undefined;
    this.markup.length = 0;
  }
}

/** A record over `MAX_RECORD_CHARS`, rejected as such: its line, index and partner id kept, nothing else. */
function tooLong(record: RawRecord, chars: number): RawRecord {
  const id = record.fields.get('id');
  return {
    line: record.line,
    index: record.index,
    fields: id && id.text.length <= 1000 ? new Map([['id', id]]) : new Map(),
    pictures: [],
    error: tooLongRecord(chars),
  };
}

/**
 * A `&` that starts no entity reference before a tag (`<company>M&S</company>`, `AT&T<`) as `&amp;`,
 * in text (not in CDATA sections or comments, where it is a character like any other). sax reads a
 * bare `&` through (`RECOVERABLE`), but takes the character after its name into the text, and when
 * that is a tag's `<` the tag is lost: the record, and the whole file, broke on one company name.
 * Chunk by chunk: what may continue in the next chunk (a `&name`, a `<!` or `]]>` cut) waits for it.
 */
export class BareAmpersands {
  private held = '';
  private mode: 'text' | 'cdata' | 'comment' = 'text';

  pass(chunk: string): string {
    const text = this.held + chunk;
    this.held = '';
    /** The text passed on so far: `out`, then `text` from `copied` (copied only where a `&` is escaped). */
    let out = '';
    let copied = 0;
    const upTo = (at: number): string => {
      this.held = text.slice(at);
      return copied === 0 && at === text.length ? text : out + text.slice(copied, at);
    };
    let i = 0;
    /** The next `<!` at or after `i` (looked for again only once passed: text may hold many `&`). */
    let bang = -2;
    while (i < text.length) {
      if (this.mode !== 'text') {
        const end = text.indexOf(this.mode === 'cdata' ? ']]>' : '-->', i);
        // Its last two characters may begin the end.
        if (end === -1) return upTo(Math.max(i, text.length - 2));
        i = end + 3;
        this.mode = 'text';
        continue;
      }
      const amp = text.indexOf('&', i);
      if (bang !== -1 && bang < i) bang = text.indexOf('<!', i);
      if (bang !== -1 && (amp === -1 || bang < amp)) {
        const rest = text.length - bang < 9 ? text.slice(bang) : '';
        if (rest && ('<![CDATA['.startsWith(rest) || '<!--'.startsWith(rest))) return upTo(bang);
        const opens = text.startsWith('<![CDATA[', bang) ? 9 : text.startsWith('<!--', bang) ? 4 : 2;
        if (opens > 2) this.mode = opens === 9 ? 'cdata' : 'comment';
        i = bang + opens;
        continue;
      }
      // A `<` that ends the chunk may be a `<!`.
      if (amp === -1) return upTo(text.endsWith('<') ? text.length - 1 : text.length);
      let end = amp + 1;
      while (end < text.length && ENTITY_NAME_CHAR.test(text.charAt(end))) end++;
      if (end === text.length) return upTo(amp);
      if (text.charCodeAt(end) === 60 /* < */) {
        out += `${text.slice(copied, amp)}&amp;`;
        copied = amp + 1;
      }
      i = end;
    }
    return upTo(text.length);
  }

  /** What was held at the end of the input. */
  end(): string {
    const rest = this.held;
    this.held = '';
    return rest;
  }
}

const ENTITY_NAME_CHAR = /[\w.:#-]/;

/**
 * The most characters sax holds of one piece of markup (an attribute's value, a comment, a DOCTYPE, a
 * processing instruction) before it refuses the file, and of a text before it hands it on in parts.
 * Its own default, 64 KB, refused a 5 MB comment, or a record's 300 KB attribute, that the byte
 * scanner of the check had read: the file passed the check and then "changed" in the threads.
 */
const SAX_BUFFER_MB = 16;
(sax as unknown as { MAX_BUFFER_LENGTH: number }).MAX_BUFFER_LENGTH = SAX_BUFFER_MB * 2 ** 20;

/** sax's buffers, as its "Max buffer length exceeded" names them, as a partner would say them. */
const SAX_BUFFERS: Readonly<Record<string, string>> = {
  attribValue: "an attribute's value",
  attribName: "an attribute's name",
  comment: 'a comment',
  doctype: 'the DOCTYPE',
  procInstBody: 'a processing instruction',
  procInstName: "a processing instruction's name",
  tagName: "an element's name",
  entity: 'an entity reference',
  sgmlDecl: 'a declaration',
};

/** Elements nested deeper than this are no feed (a record is three or four deep). */
const MAX_DEPTH = 100;

/** A sax parser whose input goes through `BareAmpersands` first. */
function feedSax(strict: boolean, options: sax.SAXOptions): sax.SAXParser {
  const parser = sax.parser(strict, options);
  const guard = new BareAmpersands();
  const write = parser.write.bind(parser);
  const close = parser.close.bind(parser);
  // sax's `close` is `write(null)`.
  parser.write = (chunk: string | null) => write(chunk === null ? (null as unknown as string) : guard.pass(chunk));
  parser.close = () => {
    const rest = guard.end();
    if (rest) write(rest);
    return close();
  };
  return parser;
}

/** A sax parser feeding `b`; its line 0 is line `lineBase + 1` of the file. */
function saxInto(b: RecordBuilder, lineBase: number): sax.SAXParser {
  const parser = feedSax(true, { position: true, trim: false, normalize: false });
  // The feed's own entities, each reference counted against its record's expansions (the builder's).
  const declare = (entities: DeclaredEntities): void => {
    for (const name of Object.keys(entities)) {
      const get = (): string | undefined => b.expand(name, (parser as unknown as { position: number }).position);
      Object.defineProperty(parser.ENTITIES, name, { get, enumerable: true, configurable: true });
    }
  };
  if (b.entities) declare(b.entities);
  parser.ondoctype = (doctype) => {
    const entities = doctypeEntities(doctype);
    if (Object.keys(entities).length === 0) return;
    b.entities = entities;
    declare(entities);
  };
  parser.onerror = (err) => {
    const message = err.message.split('\n')[0] ?? err.message;
    if (!b.fatal && RECOVERABLE.some((r) => message.startsWith(r))) {
      parser.error = null as unknown as Error;
      parser.resume();
      return;
    }
    const tooLong = /^Max buffer length exceeded: (\w+)/.exec(message);
    b.fatal ??=
      message.startsWith('Unclosed root tag') || message.startsWith('Unexpected end')
        ? new MalformedFeedError('The feed ends before </trovit>: truncated', lineBase + parser.line + 1)
        : tooLong
          ? new MalformedFeedError(
              `${SAX_BUFFERS[tooLong[1] as string] ?? 'a piece of markup'} is longer than ${SAX_BUFFER_MB} MB`,
              lineBase + parser.line + 1,
            )
          : new MalformedFeedError(`Not a well-formed XML feed: ${message}`, lineBase + parser.line + 1);
    parser.error = null as unknown as Error;
  };
  // A record's line is its open tag's first, also when its attributes run over several lines.
  let tagLine = 0;
  parser.onopentagstart = () => (tagLine = lineBase + tagStartLine(parser));
  parser.onopentag = (tag) => b.open(tag.name, tag.attributes as Record<string, string>, tagLine);
  parser.ontext = (t) => b.onText(t);
  parser.oncdata = (t) => b.onText(t);
  parser.onclosetag = (name) => b.close(name);
  return parser;
}

/**
 * The line (from 1) of the `<` of the tag sax has just begun (`onopentagstart`): sax sees the start at
 * the character after the tag's name, which it has counted already when it is a line break.
 */
function tagStartLine(parser: sax.SAXParser): number {
  return parser.line + 1 - ((parser as unknown as { c: string }).c === '\n' ? 1 : 0);
}

/** An open tag with only quoted, entity-free attributes (anything else is left to sax). */
const OPEN_TAG = /<([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"<&]*"|'[^'<&]*'))*)\s*(\/?)>/y;
const ATTRIBUTE = /([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"<&]*)"|'([^'<&]*)')/g;
const CLOSE_TAG = /<\/([A-Za-z_][\w.:-]*)\s*>/y;

const isBlankChar = (c: number): boolean => c === 32 || c === 10 || c === 9 || c === 13;

/**
 * The attributes of an open tag after its name at `i`, when they are all `name="value"` (or
 * single quotes) apart by ASCII blanks, with no `<` or `&` in a value and no name twice (or one
 * an object already has): what OPEN_TAG and ATTRIBUTE read there. Undefined for anything else.
 */
function plainAttributes(
  buf: string,
  i: number,
): { attributes: Record<string, string>; selfClosing: boolean; end: number } | undefined {
  const attributes: Record<string, string> = {};
  for (;;) {
    let j = i;
    while (isBlankChar(buf.charCodeAt(j))) j++;
    const c = buf.charCodeAt(j);
    if (c === 62 /* > */) return { attributes, selfClosing: false, end: j + 1 };
    if (c === 47 /* / */ && buf.charCodeAt(j + 1) === 62) return { attributes, selfClosing: true, end: j + 2 };
    if (j === i) return undefined;
    const nameStop = nameEnd(buf, j);
    if (nameStop === -1) return undefined;
    let k = nameStop;
    while (isBlankChar(buf.charCodeAt(k))) k++;
    if (buf.charCodeAt(k) !== 61 /* = */) return undefined;
    k++;
    while (isBlankChar(buf.charCodeAt(k))) k++;
    const quote = buf.charCodeAt(k);
    if (quote !== 34 && quote !== 39) return undefined;
    const close = buf.indexOf(quote === 34 ? '"' : "'", k + 1);
    if (close === -1) return undefined;
    const value = buf.slice(k + 1, close);
    if (value.includes('<') || value.includes('&')) return undefined;
    const key = buf.slice(j, nameStop);
    if (key in attributes) return undefined;
    attributes[key] = value;
    i = close + 1;
  }
}

/** Where an XML name (`[A-Za-z_][\w.:-]*`) starting at `i` ends; -1 when none starts there. */
function nameEnd(s: string, i: number): number {
  let c = s.charCodeAt(i);
  if (!((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95)) return -1;
  for (;;) {
    c = s.charCodeAt(++i);
    const word = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
    if (!(word || c === 46 || c === 58 || c === 45)) return i;
  }
}
const ENTITY = /&(?:([A-Za-z_][\w.:-]*)|#(\d{1,7})|#[xX]([\da-fA-F]{1,6}));/y;

/**
 * Text with XML's own entities and those the feed declares decoded; undefined when it has another
 * `&` (left to sax).
 */
function decodeXmlText(t: string, b: RecordBuilder): string | undefined {
  let amp = t.indexOf('&');
  if (amp === -1) return t;
  let out = '';
  let from = 0;
  while (amp !== -1) {
    ENTITY.lastIndex = amp;
    const m = ENTITY.exec(t);
    if (!m) return undefined;
    let value: string;
    if (m[1] !== undefined) {
      const named = XML_ENTITIES[m[1]] ?? b.expand(m[1]);
      if (named === undefined) return undefined;
      value = named;
    } else {
      const digits = (m[2] ?? m[3]) as string;
      const n = parseInt(digits, m[2] !== undefined ? 10 : 16);
      if (
        !(n > 0 && n <= 0x10ffff) ||
        n.toString(m[2] !== undefined ? 10 : 16) !== digits.toLowerCase().replace(/^0+/, '')
      )
        return undefined;
      value = String.fromCodePoint(n);
    }
    out += t.slice(from, amp) + value;
    from = ENTITY.lastIndex;
    amp = t.indexOf('&', from);
  }
  return out + t.slice(from);
}

/** Where a processing instruction ends (its `?>`), as sax sees it: the character after a `?` is never a `?` that ends it. */
function processingInstructionEnd(text: string, from: number): number {
  for (let i = from; i < text.length - 1; i++) {
    if (text.charCodeAt(i) !== 63) continue;
    if (text.charCodeAt(i + 1) === 62) return i;
    i++;
  }
  return -1;
}

type ScanResult = 'more' | 'sax' | 'end';
const SAX_TEXT = (sax as unknown as { STATE: Record<string, number> }).STATE.TEXT as number;

/**
 * Streams `<ad>` records out of a Trovit XML feed, in arrays (one per chunk
 * read). A file whose root is not `trovit`, that is not XML, or that ends
 * before `</trovit>` throws `MalformedFeedError`.
 *
 * Speed (decision 043): a hand-written scanner reads the shape real feeds
 * have (elements, quoted attributes, CDATA, comments, XML's five entities and
 * numeric references). A record with anything else in it (HTML entities,
 * unquoted attributes, a stray `<`, mismatched tags...) is read by sax alone,
 * and the scanner goes on after it; what sax cannot end there, and anything
 * odd before the root or between records, sax reads to the end of the file.
 * So what is accepted and the errors reported are sax's. It holds at most
 * the current chunk and the unfinished record.
 */
export function readXml(
  input: Readable,
  options: { scanner?: boolean; maxPendingChars?: number; want?: (index: number) => boolean } = {},
): AsyncGenerator<RawRecord[]> {
  return scanXml(input, new RecordBuilder(false, options.want), options);
}

/** The records `readXml` would yield, counted (none built); throws what `readXml` throws. */
export async function countXmlRecords(
  input: Readable,
  options: { scanner?: boolean; maxPendingChars?: number } = {},
  onProgress?: (records: number) => void,
): Promise<number> {
  const b = new RecordBuilder(true);
  for await (const batch of scanXml(input, b, options)) onProgress?.(b.count + batch.length);
  return b.count;
}

async function* scanXml(
  input: Readable,
  b: RecordBuilder,
  options: { scanner?: boolean; maxPendingChars?: number },
): AsyncGenerator<RawRecord[]> {
  /**
   * An unfinished record longer than this (an `<ad>` never closed, a record too long to be read)
   * goes to sax, which streams it: the scanner would read it again with every chunk.
   */
  const maxPending = options.maxPendingChars ?? MAX_RECORD_CHARS;
  /** Set once sax reads the rest of the file (`scanner: false`: all of it, as before decision 043). */
  let saxParser: sax.SAXParser | undefined = options.scanner === false ? saxInto(b, 0) : undefined;
  /** Unscanned text; `cp` is the last record boundary in it (or 0 before the root). */
  let buf = '';
  let cp = 0;
  let cpLine = 1;
  let rootName = '';
  /** Raw names of the open elements. */
  const stack: string[] = [];
  /** Where the DOCTYPE read starts (before the root, `buf` only grows: a scan after 'more' reads it again). */
  let doctypeAt = -1;

  const toSax = (): void => {
    // From the last boundary: before the root, the whole file so far; else inside a synthetic root.
    if (!b.sawRoot) {
      saxParser = saxInto(b, 0);
      saxParser.write(buf);
    } else {
      // After </trovit>, a root already closed (sax then judges what follows it).
      const closed = b.closedRoot;
      if (!closed) b.rewindToRoot();
      b.depth = 0;
      saxParser = saxInto(b, cpLine - 1);
      saxParser.write(closed ? `<${rootName}/>` : `<${rootName}>`);
      saxParser.write(buf.slice(cp));
    }
    buf = '';
    cp = 0;
  };

  const scan = (final: boolean): ScanResult => {
    let pos = cp;
    let line = cpLine;
    let linePos = cp;
    /** The first line break at or after `linePos` (-1: none in `buf`). */
    let nextBreak = buf.indexOf('\n', linePos);
    const lineAt = (p: number): number => {
      while (nextBreak !== -1 && nextBreak < p) {
        line++;
        nextBreak = buf.indexOf('\n', nextBreak + 1);
      }
      linePos = p;
      return line;
    };
    const boundary = (p: number): void => {
      cp = p;
      cpLine = lineAt(p);
    };
    const len = buf.length;
    for (;;) {
      if (b.closedRoot) {
        // After </trovit>: blanks, comments and processing instructions; anything else is sax's to judge.
        const stripped = buf.slice(pos).replace(/<!--(?:[^-]|-(?!-))*-->|<\?[^?]*(?:\?[^?>][^?]*)*\?>|\s+/g, '');
        if (stripped === '') {
          boundary(len);
          return final ? 'end' : 'more';
        }
        if (!final && /^<(!(-(-.*)?)?|\?.*)?$/s.test(stripped)) return 'more';
        saxParser = saxInto(b, lineAt(pos) - 1);
        b.depth = 0;
        saxParser.write(`<${rootName}/>`);
        saxParser.write(buf.slice(pos));
        buf = '';
        cp = 0;
        return 'end';
      }
      const lt = buf.indexOf('<', pos);
      if (lt === -1) {
        if (stack.length === 0) return buf.slice(pos).trim() === '' || b.sawRoot ? 'more' : 'sax';
        if (stack.length === 1) {
          // Text between records: kept while it has a `&` (an entity may run into the next `<`).
          if (buf.indexOf('&', pos) !== -1) return len - pos > 1 << 16 ? 'sax' : 'more';
          boundary(len);
        }
        return 'more';
      }
      if (stack.length === 0 && buf.slice(pos, lt).trim() !== '') return 'sax';
      if (stack.length >= 1 && lt > pos) {
        if (stack.length >= 2 && b.inRecord) {
          const text = decodeXmlText(buf.slice(pos, lt), b);
          if (text === undefined) return 'sax';
          b.onText(text);
        } else if (decodeXmlText(buf.slice(pos, lt), b) === undefined) {
          // Ignored text, but sax reads a bad entity up to the next character, maybe this `<`.
          return 'sax';
        }
      }
      if (len - lt < 12 && !final) return 'more';
      const c = buf.charCodeAt(lt + 1);
      if (c === 47 /* / */) {
        const top = stack[stack.length - 1];
        let name: string;
        if (top !== undefined && buf.startsWith(top, lt + 2) && buf.charCodeAt(lt + 2 + top.length) === 62 /* > */) {
          // `</name>` closing the open element: what CLOSE_TAG would match.
          name = top;
          pos = lt + 3 + top.length;
        } else {
          CLOSE_TAG.lastIndex = lt;
          const m = CLOSE_TAG.exec(buf);
          if (!m) return buf.indexOf('>', lt) === -1 && !final ? 'more' : 'sax';
          name = m[1] as string;
          if (top !== name) return 'sax';
          pos = CLOSE_TAG.lastIndex;
        }
        stack.pop();
        b.close(name);
        if (stack.length <= 1) boundary(pos);
        continue;
      }
      if (c === 33 /* ! */) {
        if (stack.length > 0 && buf.startsWith('<![CDATA[', lt)) {
          const end = buf.indexOf(']]>', lt + 9);
          if (end === -1) return final ? 'sax' : 'more';
          b.onText(buf.slice(lt + 9, end));
          pos = end + 3;
          continue;
        }
        if (buf.startsWith('<!--', lt)) {
          const end = buf.indexOf('-->', lt + 4);
          if (end === -1) return final ? 'sax' : 'more';
          // sax refuses `--` inside a comment.
          const body = buf.slice(lt + 4, end);
          if (body.includes('--') || body.endsWith('-')) return 'sax';
          pos = end + 3;
          continue;
        }
        if (stack.length === 0 && !b.sawRoot && (doctypeAt === -1 || doctypeAt === lt)) {
          // A DOCTYPE of the plain form, with the entities it declares (decision 089); sax judges any other.
          const doctype = readDoctype(buf, lt, final);
          if (doctype === 'more') return 'more';
          if (doctype === undefined) return 'sax';
          doctypeAt = lt;
          if (Object.keys(doctype.entities).length > 0) b.entities = doctype.entities;
          pos = doctype.end;
          continue;
        }
        return 'sax';
      }
      if (c === 63 /* ? */ && stack.length === 0) {
        const end = processingInstructionEnd(buf, lt + 2);
        if (end === -1) return final ? 'sax' : 'more';
        pos = end + 2;
        continue;
      }
      let name: string;
      let attributes: Record<string, string> = NO_ATTRIBUTES;
      let selfClosing = false;
      const end = nameEnd(buf, lt + 1);
      const after = end === -1 ? -1 : buf.charCodeAt(end);
      const plain = after === 62 /* > */ || (after === 47 /* / */ && buf.charCodeAt(end + 1) === 62);
      const quoted = plain || end === -1 ? undefined : plainAttributes(buf, end);
      if (plain) {
        // `<name>` or `<name/>`: what OPEN_TAG would match, without attributes.
        name = buf.slice(lt + 1, end);
        selfClosing = after === 47;
        pos = end + (selfClosing ? 2 : 1);
      } else if (quoted) {
        // Quoted attributes between ASCII blanks: what OPEN_TAG and ATTRIBUTE would read.
        name = buf.slice(lt + 1, end);
        attributes = quoted.attributes;
        selfClosing = quoted.selfClosing;
        pos = quoted.end;
      } else {
        OPEN_TAG.lastIndex = lt;
        const m = OPEN_TAG.exec(buf);
        if (!m) return !final && buf.indexOf('>', lt) === -1 ? 'more' : 'sax';
        name = m[1] as string;
        const attributeText = m[2] as string;
        if (attributeText) {
          attributes = {};
          ATTRIBUTE.lastIndex = 0;
          for (let a = ATTRIBUTE.exec(attributeText); a !== null; a = ATTRIBUTE.exec(attributeText)) {
            const key = a[1] as string;
            if (key in attributes) return 'sax';
            attributes[key] = a[2] ?? a[3] ?? '';
          }
        }
        selfClosing = m[3] !== '';
        pos = OPEN_TAG.lastIndex;
      }
      b.open(name, attributes, lineAt(lt));
      if (b.fatal) throw b.fatal;
      if (stack.length === 0) rootName = name;
      if (selfClosing) {
        b.close(name);
        if (stack.length === 0) continue;
        if (stack.length === 1) boundary(pos);
      } else {
        stack.push(name);
        if (stack.length === 1) boundary(pos);
      }
    }
  };

  /**
   * The scanner stopped inside a record: sax reads that record alone (up to its close tag) and the
   * scanner goes on after it; when sax does not end that record there (a close tag inside CDATA,
   * nested records), it reads the rest of the file.
   */
  const saxRecord = (final: boolean): 'resumed' | 'more' | 'sax' => {
    if (!b.sawRoot || b.closedRoot || stack.length < 2) return 'sax';
    const close = new RegExp(`</${(stack[1] as string).replace(/[.]/g, '\\.')}\\s*>`, 'g');
    close.lastIndex = cp;
    const m = close.exec(buf);
    if (!m) return final ? 'sax' : 'more';
    const end = m.index + m[0].length;
    b.rewindToRoot();
    b.depth = 0;
    const parser = saxInto(b, cpLine - 1);
    parser.write(`<${rootName}>`);
    parser.write(buf.slice(cp, end));
    if (b.fatal) throw b.fatal;
    if (b.depth === 1 && (parser as unknown as { state: number }).state === SAX_TEXT) {
      for (let nl = buf.indexOf('\n', cp); nl !== -1 && nl < end; nl = buf.indexOf('\n', nl + 1)) cpLine++;
      cp = end;
      stack.length = 1;
      return 'resumed';
    }
    saxParser = parser;
    saxParser.write(buf.slice(end));
    buf = '';
    cp = 0;
    return 'resumed';
  };

  /** Scans what the buffer holds, handing sax the records the scanner cannot read (`end` once sax has the rest). */
  const scanAll = (final: boolean): ScanResult => {
    for (;;) {
      const result = scan(final);
      if (result !== 'sax') return result;
      const fallback = saxRecord(final);
      if (fallback === 'more') return 'more';
      if (fallback === 'sax') return 'sax';
      if (saxParser) return 'end';
    }
  };

  for await (const chunk of input) {
    if (saxParser) {
      saxParser.write(chunk as string);
    } else {
      buf = cp > 0 ? buf.slice(cp) + (chunk as string) : buf + (chunk as string);
      cp = 0;
      const result = scanAll(false);
      if (result === 'sax') toSax();
      else if (!saxParser) {
        // Rewind what follows the last boundary: it is scanned again with the next chunk.
        if (b.sawRoot) {
          b.rewindToRoot();
          if (stack.length > 1) stack.length = 1;
          if (b.closedRoot) b.depth = 0;
        }
        if (buf.length - cp > maxPending) toSax();
      }
    }
    if (b.fatal) throw b.fatal;
    if (b.out.length > 0 || b.countOnly) {
      yield b.out;
      b.out = [];
    }
  }
  if (!saxParser) {
    const result = scanAll(true);
    if (result === 'sax') toSax();
    else if (saxParser) {
      // sax took over at the end.
    } else if (b.closedRoot) {
      if (b.out.length > 0) yield b.out;
      return;
    } else if (b.sawRoot) {
      let line = cpLine;
      for (let nl = buf.indexOf('\n', cp); nl !== -1; nl = buf.indexOf('\n', nl + 1)) line++;
      throw new MalformedFeedError('The feed ends before </trovit>: truncated', line);
    } else toSax();
  }
  const parser = saxParser as sax.SAXParser;
  parser.close();
  if (b.fatal) throw b.fatal;
  if (!b.sawRoot) throw new MalformedFeedError('Not an XML feed: no <trovit> root element');
  if (!b.closedRoot) throw new MalformedFeedError('The feed ends before </trovit>: truncated', parser.line + 1);
  if (b.out.length > 0) yield b.out;
}

/** What a JSON-lines feed whose first record is not a JSON object is: a JSON array, or not JSON lines. */
function notJsonLines(line: string, lineNo: number): MalformedFeedError {
  return line.trimStart().startsWith('[')
    ? new MalformedFeedError(
        'The feed is a JSON array, not JSON lines: write each record as a JSON object on a line of its own',
        lineNo,
      )
    : new MalformedFeedError('Not a JSON-lines feed: the first line is not a JSON object', lineNo);
}

/** `jsonValue` of a line that is not JSON at all (cut short, or something else). */
const NOT_JSON = Symbol('not JSON');

function jsonValue(line: string): unknown {
  try {
    return JSON.parse(LONG_INTEGER_HINT.test(line) ? longIntegersAsText(line) : line);
  } catch {
    return NOT_JSON;
  }
}

/** Sixteen digits in a row: perhaps an integer past 2^53, which a JavaScript number rounds. */
const LONG_INTEGER_HINT = /\d{16}/;
/** A JSON string, or an integer of 16 digits or more outside one. */
const STRING_OR_LONG_INTEGER = /"(?:[^"\\]|\\.)*"|(?<![\d.eE+-])(-?\d{16,})(?![\d.eE])/g;

/**
 * A JSON line whose long integers are strings of their digits: an id 9007199254740993 stays that id
 * (as a number it is read 9007199254740992, another partner id, or a duplicate of the one before).
 */
function longIntegersAsText(line: string): string {
  return line.replace(STRING_OR_LONG_INTEGER, (token, digits: string | undefined) =>
    digits === undefined ? token : `"${digits}"`,
  );
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The records `readJsonLines` would yield, counted: only the first and the last non-empty line
 * decide whether the file is malformed, so only they are parsed.
 */
export async function countJsonLines(input: Readable, onProgress?: (records: number) => void): Promise<number> {
  let lineNo = 0;
  let count = 0;
  /** The last record's line, and its text (parsed once, at the end) or, too long to be kept, whether it was cut short. */
  let last: { line: number; text: string } | { line: number; cut: boolean } | undefined;
  const lines = new TextLines(MAX_RECORD_CHARS);
  const take = (raw: string | LongLine): void => {
    lineNo++;
    if (typeof raw !== 'string') {
      if (raw.blank) return;
      // Too long to be a record: rejected, not parsed (unless it is the whole feed as one array).
      if (count === 0 && !withoutMark(raw.head).trimStart().startsWith('{')) throw notJsonLines(raw.head, lineNo);
      count++;
      last = { line: lineNo, cut: cutShort(raw) };
      return;
    }
    const line = withoutMark(raw);
    if (isBlankLine(line)) return;
    if (count === 0 && !isJsonObject(jsonValue(line))) throw notJsonLines(line, lineNo);
    count++;
    last = { line: lineNo, text: line };
    if (onProgress && count % 10_000 === 0) onProgress(count);
  };
  for await (const chunk of input) for (const raw of lines.push(chunk as string)) take(raw);
  for (const raw of lines.end()) take(raw);
  if (last && count > 1 && ('cut' in last ? last.cut : jsonValue(last.text) === NOT_JSON))
    throw new MalformedFeedError('The feed ends in the middle of a record: truncated', last.line);
  if (count === 0 && lineNo === 0) throw new MalformedFeedError('The feed is empty');
  return count;
}

/**
 * A line without a byte-order mark before it: the file's first, and any other's (feeds joined from
 * several exports: that line was "not a JSON object", or as the last one a truncated file).
 */
const withoutMark = (line: string): string => (line.charCodeAt(0) === 0xfeff ? line.slice(1) : line);

/** A line of blanks, or of the DOS end-of-file mark (Ctrl-Z) that old exports end with. */
function isBlankLine(line: string): boolean {
  return !line.trim() || (line.includes('\x1a') && !line.replaceAll('\x1a', '').trim());
}

/** Whether a long line ends otherwise than an object does: the end of a feed cut short in it. */
function cutShort(line: LongLine): boolean {
  return !line.tail.trimEnd().endsWith('}');
}

/**
 * A line longer than `TextLines`' limit: its length, its first and last characters (the rest was not
 * kept), whether it is blanks only, and the first match of the splitter's `find` in it.
 */
interface LongLine {
  length: number;
  head: string;
  tail: string;
  blank: boolean;
  found: RegExpExecArray | null;
}

/** Characters kept of a long line's start and end (`LongLine`). */
const LONG_LINE_KEPT = 1000;
/** How far a `find` match may run across two pieces of a long line. */
const FIND_OVERLAP = 300;

/**
 * Text split into lines as `readline` splits it (at `\n`, `\r\n` or a lone `\r`), chunk by chunk,
 * except that a line longer than `max` characters is not held: it comes out as a `LongLine`, searched
 * for `find` as it goes by (a partner id, wherever in the line the partner's export put it).
 */
export class TextLines {
  private parts: string[] = [];
  private length = 0;
  private head = '';
  private tail = '';
  private blank = true;
  private found: RegExpExecArray | null = null;
  /** The last chunk ended in `\r`: a `\n` starting the next one ends no other line. */
  private cr = false;

  constructor(
    private readonly max: number,
    private readonly find?: RegExp,
  ) {}

  push(chunk: string): (string | LongLine)[] {
    const out: (string | LongLine)[] = [];
    if (chunk.length === 0) return out;
    let from = this.cr && chunk.charCodeAt(0) === 10 ? 1 : 0;
    this.cr = false;
    let lf = chunk.indexOf('\n', from);
    let cr = chunk.indexOf('\r', from);
    for (;;) {
      const at = cr === -1 ? lf : lf === -1 ? cr : Math.min(lf, cr);
      if (at === -1) {
        this.add(from === 0 ? chunk : chunk.slice(from));
        return out;
      }
      this.add(chunk.slice(from, at));
      out.push(this.line());
      from = at + 1;
      if (at === cr) {
        if (from === chunk.length) this.cr = true;
        else if (chunk.charCodeAt(from) === 10) from++;
        cr = chunk.indexOf('\r', from);
      }
      if (lf !== -1 && lf < from) lf = chunk.indexOf('\n', from);
    }
  }

  /** The last line, when the text does not end with a line break. */
  end(): (string | LongLine)[] {
    return this.length > 0 ? [this.line()] : [];
  }

  private add(piece: string): void {
    if (piece.length === 0) return;
    const length = this.length + piece.length;
    if (length <= this.max) this.parts.push(piece);
    else {
      // The line is a long one: what was kept is read once, then each piece as it comes.
      const text = this.length <= this.max ? this.parts.join('') + piece : this.tail + piece;
      if (this.length <= this.max) {
        this.head = text.slice(0, LONG_LINE_KEPT);
        this.parts = [];
      }
      if (this.blank && /\S/.test(text)) this.blank = false;
      if (this.find && !this.found) this.found = this.find.exec(text);
      this.tail = text.slice(-Math.max(LONG_LINE_KEPT, FIND_OVERLAP));
    }
    this.length = length;
  }

  private line(): string | LongLine {
    const line =
      this.length > this.max
        ? { length: this.length, head: this.head, tail: this.tail, blank: this.blank, found: this.found }
        : this.parts.join('');
    this.parts = [];
    this.length = 0;
    this.head = '';
    this.tail = '';
    this.blank = true;
    this.found = null;
    return line;
  }
}

/**
 * A record's partner id as a JSON key wherever it is in the line (`"id": "…"`, a number, or
 * `{"value": …}`), for the rejection of a line too long to be parsed: its stored ad is kept.
 */
const JSON_ID = /[{,]\s*"id"\s*:\s*(?:\{\s*"value"\s*:\s*)?(?:("(?:[^"\\]|\\.){1,200}")|(-?\d{1,30})(?![\d.eE]))/;

function foundId(m: RegExpExecArray | null): string | undefined {
  if (!m) return undefined;
  if (m[2] !== undefined) return m[2];
  const value = jsonValue(m[1] as string);
  return typeof value === 'string' && value.trim() ? value : undefined;
}

/**
 * Streams records out of JSON lines: each non-empty line one object with the
 * XML's field names; a field's value is a scalar or `{ "value": …, attributes… }`
 * (`"price": {"value": 900, "period": "monthly"}`); `pictures` is an array of
 * URLs or of `{ "picture_url", "picture_title", "featured" }`. A line that is
 * not an object becomes a record with an `error`; a file whose first line is
 * not an object, or whose last line is cut short (not JSON at all), throws `MalformedFeedError`.
 */
export async function* readJsonLines(input: Readable, want?: (index: number) => boolean): AsyncGenerator<RawRecord[]> {
  let out: RawRecord[] = [];
  let lineNo = 0;
  /** Non-empty lines so far: each is a record (or a bad one). */
  let index = 0;
  let pendingBad: RawRecord | undefined;
  /** Characters of the records in `out`. */
  let held = 0;
  const lines = new TextLines(MAX_RECORD_CHARS, JSON_ID);
  const take = (raw: string | LongLine): void => {
    lineNo++;
    const line = typeof raw !== 'string' ? raw : withoutMark(raw);
    if (typeof line === 'string' ? isBlankLine(line) : line.blank) return;
    // A bad line followed by more lines is a bad record, not a truncation.
    if (pendingBad) {
      out.push(pendingBad);
      pendingBad = undefined;
    }
    const at = index++;
    if (want !== undefined && !want(at)) return;
    if (typeof line !== 'string') {
      const head = withoutMark(line.head);
      if (at === 0 && !head.trimStart().startsWith('{')) throw notJsonLines(head, lineNo);
      const idText = foundId(line.found);
      const bad: RawRecord = {
        line: lineNo,
        index: at,
        fields: idText ? new Map([['id', { text: idText, attrs: {} }]]) : new Map(),
        pictures: [],
        error: tooLongRecord(line.length),
      };
      // The last line, if it does not end as an object does, is a record cut short (the file's end decides).
      if (cutShort(line)) pendingBad = bad;
      else out.push(bad);
      return;
    }
    const value = jsonValue(line);
    if (!isJsonObject(value)) {
      if (at === 0) throw notJsonLines(line, lineNo);
      const bad: RawRecord = { line: lineNo, index: at, fields: new Map(), pictures: [], error: 'not a JSON object' };
      // Not JSON at all, the last line would be a cut record (the file's end decides); other JSON is a bad record.
      if (value === NOT_JSON) pendingBad = bad;
      else out.push(bad);
      return;
    }
    const record = jsonRecord(value, lineNo);
    record.index = at;
    out.push(record);
    held += line.length;
  };
  for await (const chunk of input) {
    for (const raw of lines.push(chunk as string)) take(raw);
    // Handed on by the thousand, or sooner when they are big (150 records of 3 MB each were held at once).
    if (out.length >= 1000 || held >= MAX_RECORD_CHARS) {
      yield out;
      out = [];
      held = 0;
    }
  }
  for (const raw of lines.end()) take(raw);
  if (pendingBad) throw new MalformedFeedError('The feed ends in the middle of a record: truncated', pendingBad.line);
  if (index === 0 && lineNo === 0) throw new MalformedFeedError('The feed is empty');
  if (out.length > 0) yield out;
}

function scalar(v: unknown): string | undefined {
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

/** A JSON member's text: a scalar's, or a list's scalars comma-separated. */
function scalarText(v: unknown): string | undefined {
  return Array.isArray(v)
    ? v
        .map(scalar)
        .filter((x) => x !== undefined)
        .join(', ')
    : scalar(v);
}

/**
 * The members of an object member without a value of its own, as fields (`putField`), depth first in
 * their order, each leaf under its own member's name. Walked with a stack of its own, not by
 * recursion: a partner's object nested thousands deep (valid JSON, which `JSON.parse` reads) must
 * not overflow the call stack and fail the run, as the XML reader's leaves of any depth do not.
 */
function flattenJson(record: RawRecord, parent: string, o: Record<string, unknown>, nested: Set<string>): void {
  const stack: { parent: string; members: Iterator<[string, unknown]> }[] = [
    { parent, members: Object.entries(o)[Symbol.iterator]() },
  ];
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as (typeof stack)[number];
    const next = top.members.next();
    if (next.done) {
      stack.pop();
      continue;
    }
    const [k, x] = next.value;
    const name = fieldName(k);
    if (x !== null && typeof x === 'object' && !Array.isArray(x)) {
      stack.push({ parent: name, members: Object.entries(x as Record<string, unknown>)[Symbol.iterator]() });
      continue;
    }
    const text = scalarText(x);
    if (text !== undefined) putField(record, nested, top.parent, name, { text, attrs: {} });
  }
}

function jsonRecord(obj: Record<string, unknown>, line: number): RawRecord {
  const record: RawRecord = { line, fields: new Map(), pictures: [] };
  const flatPictures: RawPicture[] = [];
  /** Fields taken from inside an object member, which the ad's own override. */
  const nested = new Set<string>();
  for (const [key, v] of Object.entries(obj)) {
    const name = fieldName(key);
    if (name === 'pictures' || name === 'picture_url') {
      // `{"picture": [...]}`: the XML's `<pictures><picture>` as an XML-to-JSON export writes it.
      const wrapped =
        v !== null && typeof v === 'object' && !Array.isArray(v)
          ? Object.entries(v as Record<string, unknown>).find(([k]) => fieldName(k) === 'picture')
          : undefined;
      const pictures = wrapped ? wrapped[1] : v;
      const list = Array.isArray(pictures) ? pictures : [pictures];
      for (const p of list) {
        if (typeof p === 'string') flatPictures.push({ url: p });
        else if (p && typeof p === 'object') {
          const o = Object.fromEntries(Object.entries(p as Record<string, unknown>).map(([k, x]) => [fieldName(k), x]));
          const url = scalar(o.picture_url ?? o.url);
          if (!url) continue;
          const pic: RawPicture = { url };
          const title = scalar(o.picture_title ?? o.title);
          if (title !== undefined) pic.title = title;
          const featured = scalar(o.featured);
          if (featured !== undefined) pic.featured = ['true', 'yes', 'si', '1'].includes(featured.toLowerCase());
          flatPictures.push(pic);
        }
      }
      continue;
    }
    if (name === 'picture_title') continue;
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      const attrs: Record<string, string> = {};
      let text: string | undefined;
      for (const [k, x] of Object.entries(o)) {
        const kn = fieldName(k);
        if (kn === 'value' || kn === '_' || kn === 'text' || kn === '#text' || kn === 'amount') text = scalar(x);
        else {
          const s = scalar(x);
          if (s !== undefined) attrs[kn] = s;
        }
      }
      if (text === undefined) {
        // No value of its own: an object of fields (`"location": {"city": "Ronda"}`), read as the XML
        // reader reads an unknown element's leaves.
        flattenJson(record, name, o, nested);
        continue;
      }
      putField(record, nested, undefined, name, { text, attrs });
      continue;
    }
    const text = scalarText(v);
    if (text !== undefined) putField(record, nested, undefined, name, { text, attrs: {} });
  }
  const title = scalar(obj.picture_title);
  if (title !== undefined && flatPictures[0] && flatPictures[0].title === undefined) flatPictures[0].title = title;
  record.pictures = flatPictures;
  return record;
}
