import fs from 'node:fs';
import readline from 'node:readline';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import sax from 'sax';

/**
 * Reading a feed file as a stream of raw records, never the whole file:
 * the Trovit XML (`<trovit><ad>…</ad>…</trovit>`, via `sax`) or JSON lines
 * (one object per line with the same field names). Names are normalised
 * (`Floor_Area`, `floorArea`, `FLOOR-AREA` → `floor_area`); values stay text.
 */

export interface RawField {
  text: string;
  attrs: Record<string, string>;
}

export interface RawPicture {
  url: string;
  title?: string;
  featured?: boolean;
}

export interface RawRecord {
  /** 1-based line of the record (its `<ad>` tag, or its JSON line). */
  line: number;
  fields: Map<string, RawField>;
  pictures: RawPicture[];
}

export type FeedFormat = 'xml' | 'jsonl';

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

/** `Floor_Area`, `floorArea`, `FLOOR-AREA`, `floor area` → `floor_area`. */
export function fieldName(name: string): string {
  const local = name.includes(':') ? name.slice(name.indexOf(':') + 1) : name;
  return local
    .replace(/([a-z\d])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
    .trim();
}

/** The format of a file: by its extension, else by its first significant byte. */
export async function detectFormat(file: string): Promise<FeedFormat> {
  const name = file.toLowerCase().replace(/\.gz$/, '');
  if (/\.(jsonl|ndjson|jsonlines)$/.test(name)) return 'jsonl';
  if (name.endsWith('.xml')) return 'xml';
  const head = await readHead(file, 4096);
  const first = head.replace(/^\ufeff/, '').trimStart()[0];
  return first === '{' ? 'jsonl' : 'xml';
}

function openText(file: string): Readable {
  const raw = fs.createReadStream(file, { highWaterMark: 1 << 20 });
  const stream = file.toLowerCase().endsWith('.gz') ? raw.pipe(zlib.createGunzip()) : raw;
  stream.setEncoding('utf8');
  return stream;
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
export function readFeed(file: string, format: FeedFormat): AsyncGenerator<RawRecord[]> {
  return format === 'jsonl' ? readJsonLines(openText(file)) : readXml(openText(file));
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

const HTML_TAGS = new Set(
  'p br b i u em strong span div ul ol li a h1 h2 h3 h4 h5 h6 font small big sup sub hr table tbody tr td th img blockquote'.split(
    ' ',
  ),
);

/**
 * Streams `<ad>` records out of a Trovit XML feed, in arrays (one per chunk
 * read). Element names in any case; unknown elements kept as fields; nested
 * `<pictures><picture>` and flat `picture_url` both read; nested unknown
 * elements contribute their leaves. A file whose root is not `trovit`, that
 * is not XML, or that ends before `</trovit>` throws `MalformedFeedError`.
 */
export async function* readXml(input: Readable): AsyncGenerator<RawRecord[]> {
  const parser = sax.parser(true, { position: true, trim: false, normalize: false });
  let out: RawRecord[] = [];
  let fatal: MalformedFeedError | undefined;
  let depth = 0;
  let sawRoot = false;
  let closedRoot = false;
  let record: RawRecord | undefined;
  /** Element names from the ad (exclusive) down. */
  const path: string[] = [];
  let text = '';
  let attrs: Record<string, string> = {};
  let picture: RawPicture | undefined;
  const markup: string[] = [];

  parser.onerror = (err) => {
    const message = err.message.split('\n')[0] ?? err.message;
    if (!fatal && RECOVERABLE.some((r) => message.startsWith(r))) {
      parser.error = null as unknown as Error;
      parser.resume();
      return;
    }
    fatal ??=
      message.startsWith('Unclosed root tag') || message.startsWith('Unexpected end')
        ? new MalformedFeedError('The feed ends before </trovit>: truncated', parser.line + 1)
        : new MalformedFeedError(`Not a well-formed XML feed: ${message}`, parser.line + 1);
    parser.error = null as unknown as Error;
  };
  parser.onopentag = (tag) => {
    if (fatal) return;
    const name = fieldName(tag.name);
    depth++;
    if (depth === 1) {
      sawRoot = true;
      if (name !== 'trovit') fatal = new MalformedFeedError(`The root element is <${tag.name}>, not <trovit>`, 1);
      return;
    }
    if (!record) {
      if (depth === 2 && name === 'ad') {
        record = { line: parser.line + 1, fields: new Map(), pictures: [] };
        path.length = 0;
      }
      return;
    }
    if (path.length >= 1 && HTML_TAGS.has(name) && !path.includes('pictures')) {
      // Unescaped HTML inside a text element (`<content>Nice <b>flat</b></content>`): kept as text.
      markup.push(name);
      text += ' ';
      return;
    }
    path.push(name);
    text = '';
    attrs = {};
    for (const [k, v] of Object.entries(tag.attributes as Record<string, string>)) attrs[fieldName(k)] = v;
    if (name === 'picture' && path.length <= 2) {
      picture = { url: '' };
      const featured = attrs.featured?.toLowerCase();
      if (featured !== undefined) picture.featured = ['true', 'yes', 'si', '1'].includes(featured.trim());
    }
  };
  parser.ontext = (t) => {
    if (record) text += t;
  };
  parser.oncdata = (t) => {
    if (record) text += t;
  };
  parser.onclosetag = (tagName) => {
    if (fatal) return;
    depth--;
    if (markup.length > 0 && markup[markup.length - 1] === fieldName(tagName)) {
      markup.pop();
      text += ' ';
      return;
    }
    if (depth === 0) {
      closedRoot = true;
      return;
    }
    if (!record) return;
    if (depth === 1) {
      out.push(record);
      record = undefined;
      return;
    }
    const name = path.pop() as string;
    const parent = path[path.length - 1];
    if (name === 'picture' && picture) {
      if (picture.url.trim()) record.pictures.push(picture);
      picture = undefined;
    } else if (picture && (name === 'picture_url' || name === 'url')) {
      picture.url = text.trim();
    } else if (picture && (name === 'picture_title' || name === 'title')) {
      picture.title = text.trim();
    } else if (name === 'picture_url' && parent === undefined) {
      if (text.trim()) record.pictures.push({ url: text.trim() });
    } else if (name === 'picture_title' && parent === undefined) {
      const last = record.pictures[record.pictures.length - 1];
      if (last && last.title === undefined) last.title = text.trim();
    } else if (name !== 'pictures' && !record.fields.has(name) && (text.trim() !== '' || parent === undefined)) {
      // A leaf (or an empty top-level element); the first occurrence wins.
      record.fields.set(name, { text, attrs });
    }
    text = '';
    attrs = {};
  };

  for await (const chunk of input) {
    parser.write(chunk as string);
    if (fatal) throw fatal;
    if (out.length > 0) {
      yield out;
      out = [];
    }
  }
  parser.close();
  if (fatal) throw fatal;
  if (!sawRoot) throw new MalformedFeedError('Not an XML feed: no <trovit> root element');
  if (!closedRoot) throw new MalformedFeedError('The feed ends before </trovit>: truncated', parser.line + 1);
  if (out.length > 0) yield out;
}

/**
 * Streams records out of JSON lines: each non-empty line one object with the
 * XML's field names; a field's value is a scalar or `{ "value": …, attributes… }`
 * (`"price": {"value": 900, "period": "monthly"}`); `pictures` is an array of
 * URLs or of `{ "picture_url", "picture_title", "featured" }`. A line that is
 * not an object becomes a record with a `__error`; a file whose first line is
 * not an object, or whose last line is cut short, throws `MalformedFeedError`.
 */
export async function* readJsonLines(input: Readable): AsyncGenerator<RawRecord[]> {
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  let out: RawRecord[] = [];
  let lineNo = 0;
  let records = 0;
  let pendingBad: RawRecord | undefined;
  for await (const raw of lines) {
    lineNo++;
    const line = lineNo === 1 ? raw.replace(/^\ufeff/, '') : raw;
    if (!line.trim()) continue;
    // A bad line followed by more lines is a bad record, not a truncation.
    if (pendingBad) {
      out.push(pendingBad);
      pendingBad = undefined;
    }
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      value = undefined;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      if (records === 0)
        throw new MalformedFeedError('Not a JSON-lines feed: the first line is not a JSON object', lineNo);
      pendingBad = {
        line: lineNo,
        fields: new Map([['__error', { text: 'not a JSON object', attrs: {} }]]),
        pictures: [],
      };
      continue;
    }
    records++;
    out.push(jsonRecord(value as Record<string, unknown>, lineNo));
    if (out.length >= 1000) {
      yield out;
      out = [];
    }
  }
  if (pendingBad) throw new MalformedFeedError('The feed ends in the middle of a record: truncated', pendingBad.line);
  if (records === 0 && lineNo === 0) throw new MalformedFeedError('The feed is empty');
  if (out.length > 0) yield out;
}

function scalar(v: unknown): string | undefined {
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

function jsonRecord(obj: Record<string, unknown>, line: number): RawRecord {
  const record: RawRecord = { line, fields: new Map(), pictures: [] };
  const flatPictures: RawPicture[] = [];
  for (const [key, v] of Object.entries(obj)) {
    const name = fieldName(key);
    if (name === 'pictures' || name === 'picture_url') {
      const list = Array.isArray(v) ? v : [v];
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
        if (kn === 'value' || kn === '_' || kn === 'text' || kn === '#text') text = scalar(x);
        else {
          const s = scalar(x);
          if (s !== undefined) attrs[kn] = s;
        }
      }
      if (text !== undefined && !record.fields.has(name)) record.fields.set(name, { text, attrs });
      continue;
    }
    const text = Array.isArray(v)
      ? v
          .map(scalar)
          .filter((x) => x !== undefined)
          .join(', ')
      : scalar(v);
    if (text !== undefined && !record.fields.has(name)) record.fields.set(name, { text, attrs: {} });
  }
  const title = scalar(obj.picture_title);
  if (title !== undefined && flatPictures[0] && flatPictures[0].title === undefined) flatPictures[0].title = title;
  record.pictures = flatPictures;
  return record;
}
