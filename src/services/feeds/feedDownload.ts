import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform, type Duplex } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Client as FtpClient, FTPError } from 'basic-ftp';
import {
  Client as SshClient,
  OpenSSHAgent,
  utils as sshUtils,
  type AuthenticationType,
  type AuthHandlerMiddleware,
  type GetStreamCallback,
  type IdentityCallback,
  type ParsedKey,
  type ServerHostKeyAlgorithm,
  type SignCallback,
  type SigningRequestOptions,
  type SFTPWrapper,
  type Stats,
} from 'ssh2';
import { EnvHttpProxyAgent, fetch, type Response } from 'undici';
import { writeFileWhole } from '../files';
import { feedsDir, FeedRunError, removeAbandoned } from './feedFiles';
import { shownEvery } from './feedSchedule';

/**
 * A partner's feed fetched from the URL it publishes it at (decision 091): streamed to a file under
 * the data directory (a 1 GB feed is never held in memory; the import's threads read the file by
 * byte ranges), kept once imported so that a rejected record's line can be looked up, and fetched
 * again only when it changed (`If-None-Match` / `If-Modified-Since` from the last imported download).
 *
 * Through the proxy the environment names, as other tools on the host are (`HTTP_PROXY`,
 * `HTTPS_PROXY`, `NO_PROXY`, in either case): undici's `fetch` with its `EnvHttpProxyAgent`, since
 * Node 20's own `fetch` ignores them. A plain-http feed goes to the proxy as a request for its URL
 * (what proxies allow), an https one through a `CONNECT` tunnel.
 */

export interface FeedDownload {
  /** `downloaded`: a new file to import; `not-modified`: the server has nothing newer than the last import. */
  status: 'downloaded' | 'not-modified';
  /** The URL as it may be shown: without its password. */
  url: string;
  /** The downloaded file (`downloaded`), or the last imported one (`not-modified`). */
  file: string;
  bytes: number;
  seconds: number;
  /** The response's media type, when it gave one. */
  contentType?: string;
  /** When the last imported download was fetched (`not-modified`). */
  lastFetched?: string;
}

/** What is kept of a source's last imported download: how to ask whether it changed. */
interface Validators {
  /** The URL's SHA-256 (it may hold a key in its query: never written out as is). */
  urlSha256: string;
  etag?: string;
  lastModified?: string;
  fetched: string;
  bytes: number;
}

/** A download that failed (its URL's server, the network, its deadline). */
export class FeedDownloadError extends FeedRunError {}

/** Seconds without a byte before a download is given up (`--timeout`). */
export const DEFAULT_IDLE_TIMEOUT_S = 60;

/**
 * Seconds a whole download may take (`--deadline`): a partner's server that trickles a byte now and then
 * would otherwise hold the feeds after it in `--due` for as long as it likes. A 1 GB feed at 200 KB/s
 * takes 1.4 h.
 */
export const DEFAULT_DEADLINE_S = 2 * 3600;

const USER_AGENT = 'Trawl-FeedFetcher/1.0';

/** A URL part percent-decoded, or as written when it is not (`50%off` in a password is the password). */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** Whether a command-line feed argument names a URL rather than a file. */
export function isFeedUrl(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
}

/** Parses a feed URL: http(s) or ftp(s) only; anything else is a mistake to name. */
export function parseFeedUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new FeedDownloadError(`not a URL: ${value}`);
  }
  if (!['http:', 'https:', 'ftp:', 'ftps:', 'sftp:'].includes(url.protocol))
    throw new FeedDownloadError(
      `a feed is fetched over http, https, ftp, ftps or sftp, not ${url.protocol.slice(0, -1)}`,
    );
  if (url.protocol === 'sftp:' && (sftpPath(url) === '' || sftpPath(url).endsWith('/')))
    throw new FeedDownloadError(`${shownUrl(url)} names no file (a folder)`);
  if (isFtp(url) && (ftpPath(url) === '' || ftpPath(url).endsWith('/')))
    throw new FeedDownloadError(`${shownUrl(url)} names no file (a folder)`);
  return url;
}

/** Query parameters that carry a secret in partners' feed URLs (`?token=…`, `&api_key=…`, `&sig=…`). */
const SECRET_PARAM = /token|key|secret|pass|pwd|auth|sig|credential|session/i;

/**
 * The URL as logs, summaries and the run history may show it: a password in it
 * (`https://user:secret@…`) and the values of query parameters named as secrets are masked.
 */
export function shownUrl(url: URL): string {
  const secrets = [...url.searchParams.keys()].filter((k) => SECRET_PARAM.test(k));
  if (!url.password && secrets.length === 0) return url.href;
  const masked = new URL(url.href);
  if (masked.password) masked.password = '***';
  for (const k of secrets) masked.searchParams.set(k, '***');
  return masked.href;
}

/** Where a source's downloads live under the data directory. */
export function downloadPaths(dataDir: string, sourceId: number) {
  const dir = feedsDir(dataDir);
  return {
    dir,
    /** The last download that was imported (kept: the summary's lines point into it). */
    kept: path.join(dir, `source-${sourceId}.feed`),
    validators: path.join(dir, `source-${sourceId}.json`),
    /** The last download whose import failed, for a look at what the partner sent. */
    failed: path.join(dir, `source-${sourceId}.failed`),
  };
}

function readValidators(file: string): Validators | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Validators;
  } catch {
    return undefined;
  }
}

/** The request's headers: credentials from the URL as Basic auth, and what the last import saw. */
function requestHeaders(url: URL, last: Validators | undefined): Record<string, string> {
  const headers: Record<string, string> = {
    'user-agent': USER_AGENT,
    accept: 'application/xml, text/xml, application/x-ndjson, application/jsonl, */*;q=0.5',
    'accept-encoding': 'gzip, deflate, br',
  };
  if (url.username || url.password) {
    const user = `${decoded(url.username)}:${decoded(url.password)}`;
    headers.authorization = `Basic ${Buffer.from(user).toString('base64')}`;
  }
  if (last) {
    if (last.etag) headers['if-none-match'] = last.etag;
    if (last.lastModified) headers['if-modified-since'] = last.lastModified;
  }
  return headers;
}

/** The URL fetch is given: the same, without credentials (fetch refuses a URL that holds them). */
function withoutCredentials(url: URL): string {
  const bare = new URL(url.href);
  bare.username = '';
  bare.password = '';
  return bare.href;
}

export interface DownloadOptions {
  url: URL;
  dataDir: string;
  sourceId: number;
  /** Seconds without a byte (to connect, or between two chunks) before giving up. */
  idleTimeoutS?: number;
  /** Seconds the whole download may take (default `DEFAULT_DEADLINE_S`). */
  deadlineS?: number;
  /**
   * An SFTP host's keys as its partner gave them (`parseHostKey`): the only ones accepted, and kept for
   * the next runs in place of any kept before (a partner's new keys, or keys given ahead of the first fetch).
   */
  hostKeys?: HostKey[];
  onProgress?: (bytes: number, total: number | undefined) => void;
}

/** What a fetcher (HTTP, FTP) hands back: the body written to `part`, or "not changed". */
type Fetched =
  | { status: 'not-modified' }
  | { status: 'downloaded'; bytes: number; contentType?: string; etag?: string; lastModified?: string };

/** One download's context, for its protocol's fetcher. */
interface Fetch {
  url: URL;
  /** The URL as shown (password masked), and as requested (without credentials). */
  shown: string;
  key: string;
  /** The last imported download's validators, when they are of this URL and its file is kept. */
  last: Validators | undefined;
  idleMs: number;
  part: string;
  /** The data directory: an SFTP host's key is kept in it (`ssh_known_hosts.json`). */
  dataDir: string;
  hostKeys?: HostKey[];
  /** Aborted once the whole download took too long: each fetcher closes its connection. */
  deadline: AbortSignal;
  onProgress?: (bytes: number, total: number | undefined) => void;
}

/**
 * Downloads a source's feed to a file of its own (a new name per run: two runs never write the same
 * file). The caller imports it, then `keepDownload`s or `failDownload`s it.
 */
export async function downloadFeed(o: DownloadOptions): Promise<FeedDownload> {
  const paths = downloadPaths(o.dataDir, o.sourceId);
  const key = withoutCredentials(o.url);
  const urlSha256 = createHash('sha256').update(key).digest('hex');
  // A conditional request only when the last imported download is of this URL and is still there.
  const recorded = readValidators(paths.validators);
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 100) / 10;
  fs.mkdirSync(paths.dir, { recursive: true });
  removeAbandoned(paths.dir, o.sourceId);
  const part = path.join(paths.dir, `source-${o.sourceId}.${process.pid}-${started}.download`);
  const shown = shownUrl(o.url);
  const deadlineS = o.deadlineS ?? DEFAULT_DEADLINE_S;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), deadlineS * 1000);
  const fetch: Fetch = {
    url: o.url,
    shown,
    key,
    last: recorded && recorded.urlSha256 === urlSha256 && fs.existsSync(paths.kept) ? recorded : undefined,
    idleMs: (o.idleTimeoutS ?? DEFAULT_IDLE_TIMEOUT_S) * 1000,
    part,
    dataDir: o.dataDir,
    ...(o.hostKeys ? { hostKeys: o.hostKeys } : {}),
    deadline: deadline.signal,
    ...(o.onProgress ? { onProgress: o.onProgress } : {}),
  };
  try {
    const got = isFtp(o.url)
      ? await fetchFtp(fetch)
      : o.url.protocol === 'sftp:'
        ? await fetchSftp(fetch)
        : await fetchHttp(fetch);
    if (got.status === 'not-modified') {
      const lastFetched = fetch.last?.fetched;
      return { status: 'not-modified', url: shown, file: paths.kept, bytes: 0, seconds: seconds(), lastFetched };
    }
    const validators: Validators = {
      urlSha256,
      ...(got.etag ? { etag: got.etag } : {}),
      ...(got.lastModified ? { lastModified: got.lastModified } : {}),
      fetched: new Date(started).toISOString(),
      bytes: got.bytes,
    };
    fs.writeFileSync(`${part}.json`, JSON.stringify(validators));
    return {
      status: 'downloaded',
      url: shown,
      file: part,
      bytes: got.bytes,
      seconds: seconds(),
      ...(got.contentType ? { contentType: got.contentType } : {}),
    };
  } catch (err) {
    fs.rmSync(part, { force: true });
    if (deadline.signal.aborted)
      throw new FeedDownloadError(`could not download ${shown} within ${shownEvery(deadlineS)} (--deadline)`);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** An http(s) feed: a conditional GET, through the environment's proxy, the body streamed to `part`. */
async function fetchHttp(f: Fetch): Promise<Fetched> {
  const abort = new AbortController();
  let idle: NodeJS.Timeout | undefined;
  const stillWaiting = () => {
    clearTimeout(idle);
    idle = setTimeout(
      () => abort.abort(new FeedDownloadError(`no data from ${f.shown} for ${f.idleMs / 1000} s`)),
      f.idleMs,
    );
  };
  let dispatcher: EnvHttpProxyAgent;
  try {
    dispatcher = new EnvHttpProxyAgent({ proxyTunnel: false });
  } catch (err) {
    throw new FeedDownloadError(`the proxy in HTTP_PROXY / HTTPS_PROXY is not usable: ${(err as Error).message}`);
  }
  f.deadline.addEventListener('abort', () => abort.abort(), { once: true });
  stillWaiting();
  try {
    let res: Response;
    try {
      res = await fetch(f.key, {
        headers: requestHeaders(f.url, f.last),
        signal: abort.signal,
        redirect: 'follow',
        dispatcher,
      });
    } catch (err) {
      throw failure(err, f.shown, abort.signal);
    }
    const contentType = res.headers.get('content-type')?.split(';')[0]?.trim() || undefined;
    if (res.status === 304 && f.last) {
      await res.body?.cancel();
      return { status: 'not-modified' };
    }
    if (res.status !== 200) {
      await res.body?.cancel();
      throw new FeedDownloadError(`GET ${f.shown}: HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`);
    }
    const length = Number(res.headers.get('content-length'));
    // Decoded bytes may outnumber a compressed body's length: a total only for a body sent as is.
    const total = Number.isFinite(length) && length > 0 && !res.headers.get('content-encoding') ? length : undefined;
    let bytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        stillWaiting();
        f.onProgress?.(bytes, total);
        callback(null, chunk);
      },
    });
    try {
      const body = res.body
        ? Readable.fromWeb(res.body as unknown as WebReadableStream<Uint8Array>)
        : Readable.from([]);
      await pipeline(body, counter, fs.createWriteStream(f.part));
    } catch (err) {
      throw failure(err, f.shown, abort.signal);
    }
    return {
      status: 'downloaded',
      bytes,
      ...(contentType ? { contentType } : {}),
      ...(res.headers.get('etag') ? { etag: res.headers.get('etag') as string } : {}),
      ...(res.headers.get('last-modified') ? { lastModified: res.headers.get('last-modified') as string } : {}),
    };
  } finally {
    clearTimeout(idle);
    await dispatcher.destroy();
  }
}

/** Whether a feed URL is fetched over FTP (`ftp:`, or `ftps:`: explicit TLS, `AUTH TLS`). */
function isFtp(url: URL): boolean {
  return url.protocol === 'ftp:' || url.protocol === 'ftps:';
}

/**
 * The file an FTP URL names, as curl reads it: relative to the login's directory
 * (`ftp://host/feeds/x.xml` is `feeds/x.xml`), absolute with a second slash (`ftp://host//srv/x.xml`).
 */
export function ftpPath(url: URL): string {
  return decoded(url.pathname.replace(/^\//, '').replace(/;type=[aid]$/i, ''));
}

/**
 * An FTP feed (basic-ftp): logged in with the URL's credentials (else anonymous), fetched again only
 * when its modification time (`MDTM`) or size (`SIZE`) differ from the last imported download's, the
 * transfer checked against its size when the server gives one (FTP says nothing else of a file cut
 * short). `idleMs` bounds the wait for any answer and the stall of the transfer.
 */
async function fetchFtp(f: Fetch): Promise<Fetched> {
  const client = new FtpClient(f.idleMs);
  const remote = ftpPath(f.url);
  f.deadline.addEventListener('abort', () => client.close(), { once: true });
  try {
    await client.access({
      // An IPv6 address without the brackets a URL writes it in (`ftp://[::1]/…`).
      host: f.url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: Number(f.url.port) || 21,
      user: decoded(f.url.username) || 'anonymous',
      password: decoded(f.url.password) || 'anonymous@',
      secure: f.url.protocol === 'ftps:',
    });
    // Both optional in FTP: a server without them is fetched in full, its transfer taken as whole.
    const size = await client.size(remote).catch(() => undefined);
    const modified = await client
      .lastMod(remote)
      .then((d) => d.toISOString())
      .catch(() => undefined);
    if (f.last && modified !== undefined && size !== undefined)
      if (f.last.lastModified === modified && f.last.bytes === size) return { status: 'not-modified' };
    client.trackProgress((info) => f.onProgress?.(info.bytes, size));
    await client.downloadTo(fs.createWriteStream(f.part), remote);
    const bytes = fs.statSync(f.part).size;
    if (size !== undefined && bytes < size)
      throw new FeedDownloadError(`could not download ${f.shown}: the transfer ended at ${bytes} of ${size} bytes`);
    if (size !== undefined && bytes > size)
      throw new FeedDownloadError(
        `could not download ${f.shown}: the file changed during the transfer (${bytes} bytes came, ${size} were announced)`,
      );
    return { status: 'downloaded', bytes, ...(modified ? { lastModified: modified } : {}) };
  } catch (err) {
    if (err instanceof FeedDownloadError) throw err;
    if (err instanceof FTPError) throw new FeedDownloadError(`FTP ${f.shown}: ${err.message}`);
    const message = err instanceof Error ? err.message : String(err);
    if (/^Timeout\b/.test(message)) throw new FeedDownloadError(`no data from ${f.shown} for ${f.idleMs / 1000} s`);
    throw new FeedDownloadError(`could not download ${f.shown}: ${message}`);
  } finally {
    client.close();
  }
}

/**
 * The file an SFTP URL names, as curl reads it: absolute (`sftp://host/srv/feeds/x.xml`), or relative
 * to the login's home with `/~/` (`sftp://host/~/exports/x.xml` is `exports/x.xml`).
 */
export function sftpPath(url: URL): string {
  const p = decoded(url.pathname);
  return p.startsWith('/~/') ? p.slice(3) : p;
}

/**
 * SSH host keys first seen (trust on first use, as `known_hosts`) or given, by `host:port`: each its
 * type and SHA-256 fingerprint as `shownHostKey` writes it (`ssh-ed25519 SHA256:…`; a fingerprint
 * alone, as kept before the type was, is read too), or a list of them when several were given.
 */
function knownHostsFile(dataDir: string): string {
  return path.join(dataDir, 'ssh_known_hosts.json');
}

/** An SSH host key as kept or given: its SHA-256 fingerprint, and its type when known. */
export interface HostKey {
  /** `SHA256:` and the unpadded base64 of the key's SHA-256, as `ssh-keygen -lf` shows it. */
  fingerprint: string;
  /** The key's type (`ssh-ed25519`, `ssh-rsa`, `ecdsa-sha2-nistp256`, …): the one the server is asked for. */
  type?: string;
}

const FINGERPRINT = /^SHA256:[A-Za-z0-9+/]{43}$/;
const KEY_TYPE = /^(ssh-ed25519|ssh-rsa|ssh-dss|ecdsa-sha2-nistp(256|384|521))$/;

/**
 * A host key as an operator gives it or the file keeps it: a fingerprint (`SHA256:…`), a type and
 * fingerprint (`ssh-rsa SHA256:…`), or a public key line (`ssh-rsa AAAA… [comment]`, as a `.pub` file
 * holds it, or `ssh-keyscan` prints it after the host name, which may come first and is not read),
 * whose type is then asked of the server: a server with several keys shows the one the client
 * prefers, not necessarily the one given. Throws a message to show.
 */
export function parseHostKey(text: string): HostKey {
  const words = text.trim().split(/\s+/);
  if (words.length > 2 && KEY_TYPE.test(words[1] ?? '') && !KEY_TYPE.test(words[0] ?? '')) words.shift();
  const [first = '', second, ...rest] = words;
  const fingerprint = (s: string) => s.replace(/=+$/, '');
  if (second === undefined && FINGERPRINT.test(fingerprint(first))) return { fingerprint: fingerprint(first) };
  if (KEY_TYPE.test(first) && second !== undefined) {
    if (rest.length === 0 && FINGERPRINT.test(fingerprint(second)))
      return { type: first, fingerprint: fingerprint(second) };
    const blob = /^[A-Za-z0-9+/]+=*$/.test(second) ? Buffer.from(second, 'base64') : undefined;
    if (blob && keyType(blob) === first) return { type: first, fingerprint: fingerprintOf(blob) };
  }
  throw new Error(
    'an SSH host key is its fingerprint as `ssh-keygen -lf` shows it (SHA256: and 43 characters), ' +
      'or its public key line (ssh-ed25519 AAAA…, as ssh-keyscan prints it)',
  );
}

/**
 * The host keys of one `--ssh-host-key`: a key as `parseHostKey` reads it, or several lines of them
 * (`ssh-keyscan`'s output given whole; its `#` lines aside).
 */
export function parseHostKeys(text: string): HostKey[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '' && !l.trimStart().startsWith('#'));
  if (lines.length === 0) return [parseHostKey(text)];
  return lines.map(parseHostKey);
}

/**
 * Keys given or kept, each once: by fingerprint, with its type when any of its mentions has one (the
 * same key given as its fingerprint and as its key line).
 */
export function distinctHostKeys(keys: HostKey[]): HostKey[] {
  const byPrint = new Map<string, HostKey>();
  for (const k of keys) if (!byPrint.get(k.fingerprint)?.type) byPrint.set(k.fingerprint, k);
  return [...byPrint.values()];
}

/** As the file keeps it and messages show it: `ssh-ed25519 SHA256:…`. */
export function shownHostKey(k: HostKey): string {
  return k.type ? `${k.type} ${k.fingerprint}` : k.fingerprint;
}

/** The type a public key blob (SSH wire format) names first, or undefined. */
function keyType(blob: Buffer): string | undefined {
  if (blob.length < 4) return undefined;
  const length = blob.readUInt32BE(0);
  return length > 0 && length < 64 && blob.length >= 4 + length ? blob.toString('latin1', 4, 4 + length) : undefined;
}

function fingerprintOf(blob: Buffer): string {
  return `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
}

/** The host key algorithms that yield keys of a type (an RSA key signs as rsa-sha2-512, -256 or ssh-rsa). */
function algorithmsOf(type: string): ServerHostKeyAlgorithm[] {
  return type === 'ssh-rsa' ? ['rsa-sha2-512', 'rsa-sha2-256', 'ssh-rsa'] : [type as ServerHostKeyAlgorithm];
}

/**
 * The kept host keys. No file is none kept; a file that cannot be read as keys stops the run, naming
 * it: taken for none, any server's key would pass, and the next write would drop the others.
 */
function readKnownHosts(dataDir: string): Record<string, HostKey[]> {
  const file = knownHostsFile(dataDir);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new FeedDownloadError(`cannot read the SSH host keys in ${file}: ${(err as Error).message}`);
  }
  let keys: unknown;
  try {
    keys = JSON.parse(text);
  } catch (err) {
    throw new FeedDownloadError(`the SSH host keys in ${file} are not JSON (${(err as Error).message}): fix the file`);
  }
  const bad = () =>
    new FeedDownloadError(
      `the SSH host keys in ${file} are not an object of "host:port": "ssh-ed25519 SHA256:…" ` +
        '(or a list of them): fix the file',
    );
  if (typeof keys !== 'object' || keys === null || Array.isArray(keys)) throw bad();
  const kept: Record<string, HostKey[]> = {};
  for (const [host, value] of Object.entries(keys)) {
    const list: unknown[] = Array.isArray(value) ? value : [value];
    if (list.length === 0 || list.some((k) => typeof k !== 'string')) throw bad();
    try {
      kept[host] = list.map((k) => parseHostKey(k as string));
    } catch {
      throw bad();
    }
  }
  return kept;
}

/** As the file keeps a host's keys: one as its line, several as a list. */
function keptForm(keys: HostKey[]): string | string[] {
  const lines = keys.map(shownHostKey);
  return lines.length === 1 ? (lines[0] as string) : lines;
}

/** A host's keys kept: merged into the file as it is now (another run may have kept some meanwhile), written whole. */
function keepHostKeys(dataDir: string, hostPort: string, keys: HostKey[]): void {
  const file = knownHostsFile(dataDir);
  const all = Object.fromEntries(
    Object.entries({ ...readKnownHosts(dataDir), [hostPort]: keys }).map(([host, k]) => [host, keptForm(k)]),
  );
  writeFileWhole(file, `${JSON.stringify(all, null, 2)}\n`);
}

/** How an SFTP feed logs in (`sftpLogin`): what ssh2 is given, the key's words, and the agent's socket. */
interface SftpLogin {
  auth: { password?: string; privateKey?: Buffer; passphrase?: string };
  /** The password or key offered, in words (`the key /etc/trawl/id (FEED_SSH_KEY)`). */
  offered?: string;
  /** The ssh-agent's socket (`SSH_AUTH_SOCK`), when the environment names one. */
  agent?: string;
}

/**
 * What an SFTP login offers: the URL's password when it has one (and nothing else: the operator
 * chose it); else the private key `FEED_SSH_KEY` names (opened with `FEED_SSH_KEY_PASSPHRASE` when it
 * has a passphrase), then the keys of the ssh-agent `SSH_AUTH_SOCK` names (ssh offers the agent's
 * first; here the key the deployment names goes first). A key that cannot be read or opened stops the
 * download before anything is sent to the server.
 */
export function sftpLogin(url: URL, env: NodeJS.ProcessEnv = process.env): SftpLogin {
  const password = decoded(url.password);
  if (password) return { auth: { password }, offered: 'the password in the URL' };
  const login: SftpLogin = { auth: {} };
  const file = env.FEED_SSH_KEY;
  if (file) {
    const passphrase = env.FEED_SSH_KEY_PASSPHRASE || undefined;
    let key: Buffer;
    try {
      key = fs.readFileSync(file);
    } catch (err) {
      throw new FeedDownloadError(`cannot read the SSH key FEED_SSH_KEY names (${file}): ${(err as Error).message}`);
    }
    // A file of several keys: ssh2 takes the first. (`undefined` for an OpenSSH file of none.)
    const read: unknown = sshUtils.parseKey(key, passphrase);
    const parsed = (Array.isArray(read) ? read[0] : read) as ParsedKey | Error | undefined;
    if (parsed === undefined || parsed instanceof Error) {
      const why = parsed?.message ?? 'it holds no key';
      throw new FeedDownloadError(
        /no passphrase given/i.test(why)
          ? `the SSH key ${file} (FEED_SSH_KEY) is protected by a passphrase: give it in FEED_SSH_KEY_PASSPHRASE, ` +
              'or add the key to ssh-agent (SSH_AUTH_SOCK) and leave FEED_SSH_KEY unset'
          : passphrase
            ? `FEED_SSH_KEY_PASSPHRASE does not open the SSH key ${file} (FEED_SSH_KEY): ${why}`
            : `${file} (FEED_SSH_KEY) is not a private SSH key: ${why}`,
      );
    }
    if (!parsed.isPrivateKey()) {
      throw new FeedDownloadError(`${file} (FEED_SSH_KEY) is a public key: FEED_SSH_KEY names its private key`);
    }
    login.auth.privateKey = key;
    if (passphrase) login.auth.passphrase = passphrase;
    login.offered = `the key ${file} (FEED_SSH_KEY)`;
  }
  if (env.SSH_AUTH_SOCK) login.agent = env.SSH_AUTH_SOCK;
  return login;
}

/**
 * ssh2's client of an ssh-agent, watched: what the agent answered (how many keys, or why it could
 * not be asked or would not sign), which question waits for its answer and since when, and its
 * sockets, which the fetch closes when it ends: an agent that never answers (one waiting for a
 * confirmation no one gives) would otherwise keep the process alive after the fetch has given up.
 */
class WatchedAgent extends OpenSSHAgent {
  keys: number | undefined;
  failed: string | undefined;
  refusedToSign: string | undefined;
  /** The question waiting for an answer, and since when (ms). */
  pending: { question: 'identities' | 'sign'; since: number } | undefined;
  private closed = false;
  private readonly sockets = new Set<Duplex>();

  override getStream(cb: GetStreamCallback): void {
    super.getStream((err, stream) => {
      if (stream && this.closed) stream.destroy();
      else if (stream) {
        this.sockets.add(stream);
        stream.once('close', () => this.sockets.delete(stream));
      }
      cb(err, stream);
    });
  }

  override getIdentities(cb: IdentityCallback<ParsedKey>): void {
    this.pending = { question: 'identities', since: Date.now() };
    super.getIdentities((err, keys) => {
      this.pending = undefined;
      // (ssh2 has dropped the keys it cannot use: security keys, certificates.)
      if (err) this.failed = err.message;
      else this.keys = keys?.length ?? 0;
      cb(err, keys);
    });
  }

  override sign(
    pubKey: ParsedKey | Buffer | string,
    data: Buffer,
    options?: SigningRequestOptions | SignCallback,
    cb?: SignCallback,
  ): boolean {
    const done = typeof options === 'function' ? options : cb;
    this.pending = { question: 'sign', since: Date.now() };
    return super.sign(pubKey, data, typeof options === 'function' ? {} : (options ?? {}), (err, signature) => {
      this.pending = undefined;
      if (err) this.refusedToSign = err.message;
      done?.(err, signature);
    });
  }

  close(): void {
    this.closed = true;
    for (const stream of this.sockets) stream.destroy();
  }

  /** What the login offered of it, and what else it said, in words. */
  said(socket: string): { offered?: string; note: string } {
    const at = `ssh-agent (SSH_AUTH_SOCK ${socket})`;
    if (this.keys) {
      const offered = `the ${this.keys === 1 ? 'key' : `${this.keys} keys`} of ${at}`;
      return { offered, note: this.refusedToSign ? `the agent would not sign: ${this.refusedToSign}` : '' };
    }
    if (this.keys === 0) return { note: `${at} holds no keys it can use` };
    if (this.failed) return { note: `${at} could not be asked: ${this.failed}` };
    return { note: `${at} was not asked` };
  }
}

/**
 * An SFTP feed (ssh2): logged in with the URL's password (also given to a keyboard-interactive
 * login's one hidden prompt), else with the private key `FEED_SSH_KEY`
 * names and the keys of the ssh-agent (`sftpLogin`); the server's host key checked before any login
 * against those the operator gave (`--ssh-host-key`), else those kept, else trusted on first use (a
 * changed key is refused, as ssh refuses it), a key of their types asked for (a server may have
 * several); fetched again only when its modification time or size changed; the transfer checked
 * against its size. `idleMs` bounds the connection's setup and any silence of the transfer.
 */
async function fetchSftp(f: Fetch): Promise<Fetched> {
  const host = f.url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = Number(f.url.port) || 22;
  // As the operator would write it: lower case, an IPv6 address in brackets.
  const hostKey = `${host.includes(':') ? `[${host}]` : host.toLowerCase()}:${port}`;
  const kept = readKnownHosts(f.dataDir)[hostKey];
  const expected = f.hostKeys ?? kept;
  // The server is asked for a key of the expected types first (the first it has, in their order); of
  // any type after them when a key's type is not known (a fingerprint given alone).
  const types = [...new Set(expected?.flatMap((k) => k.type ?? []))];
  const typed = types.flatMap(algorithmsOf);
  const anyType = expected?.some((k) => !k.type) ?? true;
  let offered: HostKey | undefined;
  const matches = (k: HostKey) => k.fingerprint === offered?.fingerprint;
  const login = sftpLogin(f.url);
  const user = decoded(f.url.username) || 'anonymous';
  const agent = login.agent ? new WatchedAgent(login.agent) : undefined;
  const conn = new SshClient();
  // A server that takes a password only as keyboard-interactive's answer (PAM's "Password:" prompt):
  // the URL's password answers its one hidden prompt, once, unless that prompt asks for a code. Any
  // other question (a one-time code first or after, a user name) has no one at the keyboard to answer
  // it: the login ends there, nothing guessed sent. (The password's prompt asked again means the
  // password was wrong.)
  const password = login.auth.password;
  let passwordPrompt: string | undefined;
  let unanswered: { prompt: string; again: boolean } | undefined;
  if (password !== undefined)
    conn.on('keyboard-interactive', (_name, _instructions, _lang, prompts, finish) => {
      const only = prompts.length === 1 ? prompts[0] : undefined;
      if (only && !only.echo && passwordPrompt === undefined && !ONE_TIME_CODE.test(only.prompt)) {
        passwordPrompt = only.prompt;
        finish([password]);
        return;
      }
      const prompt = prompts.map((p) => p.prompt).join(' ');
      unanswered = { prompt: shownPrompt(prompt), again: prompt === passwordPrompt };
      conn.destroy();
    });
  let idle: NodeJS.Timeout | undefined;
  let stalled = false;
  const stillWaiting = () => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      stalled = true;
      conn.destroy();
    }, f.idleMs);
  };
  // The connection's end, whenever it comes (an error, the server gone, a stall): every step races it.
  const ended = new Promise<never>((_resolve, reject) => {
    conn.on('error', (err: Error & { level?: string }) => {
      // An agent that cannot be asked or cannot sign: ssh2 goes on without it (the refusal says so).
      if (err.level !== 'agent') reject(err);
    });
    conn.on('close', () => reject(new Error('the server closed the connection')));
  });
  ended.catch(() => undefined);
  f.deadline.addEventListener('abort', () => conn.destroy(), { once: true });
  const step = <T>(op: Promise<T>): Promise<T> => Promise.race([op, ended]);
  try {
    stillWaiting();
    await step(
      new Promise<void>((resolve) => {
        conn.once('ready', () => resolve());
        conn.connect({
          host,
          port,
          username: user,
          ...login.auth,
          ...(password !== undefined ? { tryKeyboard: true, authHandler: passwordAttempt() } : {}),
          ...(agent ? { agent } : {}),
          readyTimeout: f.idleMs,
          ...(typed.length > 0
            ? { algorithms: { serverHostKey: anyType ? { remove: typed, prepend: typed, append: [] } : typed } }
            : {}),
          hostVerifier: (key: Buffer) => {
            const type = keyType(key);
            offered = { fingerprint: fingerprintOf(key), ...(type ? { type } : {}) };
            return expected === undefined || expected.some(matches);
          },
        });
      }),
    );
    // Its first use, the keys the operator gave in place of those kept, or the key shown with its type now.
    if (offered) {
      const shown = offered;
      const keys = expected?.map((k) => (matches(k) ? shown : k)) ?? [shown];
      if (JSON.stringify(keptForm(keys)) !== JSON.stringify(kept && keptForm(kept)))
        keepHostKeys(f.dataDir, hostKey, keys);
    }
    const sftp = await step(
      new Promise<SFTPWrapper>((resolve, reject) => conn.sftp((err, s) => (err ? reject(err) : resolve(s)))),
    );
    const remote = sftpPath(f.url);
    const stats = await step(
      new Promise<Stats>((resolve, reject) => sftp.stat(remote, (err, st) => (err ? reject(err) : resolve(st)))),
    );
    // Both optional in SFTP: a server without them is fetched in full, its transfer taken as whole.
    const size = Number.isFinite(stats.size) ? stats.size : undefined;
    const modified = Number.isFinite(stats.mtime) ? new Date(stats.mtime * 1000).toISOString() : undefined;
    if (f.last && modified !== undefined && size !== undefined)
      if (f.last.lastModified === modified && f.last.bytes === size) return { status: 'not-modified' };
    stillWaiting();
    await step(
      new Promise<void>((resolve, reject) =>
        sftp.fastGet(
          remote,
          f.part,
          {
            step: (transferred) => {
              stillWaiting();
              f.onProgress?.(transferred, size);
            },
          },
          (err) => (err ? reject(err) : resolve()),
        ),
      ),
    );
    const bytes = fs.statSync(f.part).size;
    if (size !== undefined && bytes !== size)
      throw new FeedDownloadError(`could not download ${f.shown}: the transfer ended at ${bytes} of ${size} bytes`);
    return { status: 'downloaded', bytes, ...(modified ? { lastModified: modified } : {}) };
  } catch (err) {
    if (err instanceof FeedDownloadError) throw err;
    if (unanswered)
      throw new FeedDownloadError(
        unanswered.again
          ? `SFTP ${f.shown}: the server refused the login of "${user}" with the password in the URL ` +
              `(it asked "${unanswered.prompt}" again)`
          : `SFTP ${f.shown}: at the login of "${user}" the server asked "${unanswered.prompt}", which a ` +
              "feed's download cannot answer (it gives the URL's password to a server's one hidden " +
              'prompt): ask the partner for a login by password or key alone',
      );
    // The agent's silence, when it was asked more than half of that time ago: not the server's.
    const silence = agent?.pending;
    if (stalled && silence && Date.now() - silence.since >= f.idleMs / 2)
      throw new FeedDownloadError(
        `SFTP ${f.shown}: the ssh-agent (SSH_AUTH_SOCK ${login.agent}) did not ` +
          (silence.question === 'sign'
            ? `sign for ${f.idleMs / 1000} s (does it wait for a confirmation of the key?)`
            : `list its keys for ${f.idleMs / 1000} s`),
      );
    if (stalled) throw new FeedDownloadError(`no data from ${f.shown} for ${f.idleMs / 1000} s`);
    const message = err instanceof Error ? err.message : String(err);
    const listed = (keys: HostKey[]) => keys.map(shownHostKey).join(', ');
    if (offered && expected !== undefined && !expected.some(matches))
      throw new FeedDownloadError(
        f.hostKeys
          ? `SFTP ${f.shown}: the host key of ${hostKey} is ${shownHostKey(offered)}, not ` +
              `${f.hostKeys.length === 1 ? 'the one' : 'one of those'} given (${listed(f.hostKeys)}): nothing was sent to it`
          : `SFTP ${f.shown}: the host key of ${hostKey} changed (${shownHostKey(offered)}; kept ` +
              `${listed(expected)} in ${knownHostsFile(f.dataDir)}): if the partner changed it, ` +
              'give its new key with --ssh-host-key',
      );
    if (/all configured authentication methods failed|too many authentication failures/i.test(message)) {
      const fromAgent = agent?.said(login.agent as string);
      const tried = [login.offered, fromAgent?.offered].filter((w): w is string => w !== undefined);
      const notes = fromAgent?.note ? `; ${fromAgent.note}` : '';
      throw new FeedDownloadError(
        tried.length === 0
          ? `SFTP ${f.shown}: the server refused the login of "${user}": there was nothing to log in with ` +
              `(no password in the URL, no key in FEED_SSH_KEY, ${fromAgent ? fromAgent.note : 'no ssh-agent in SSH_AUTH_SOCK'})`
          : /too many/i.test(message)
            ? `SFTP ${f.shown}: the server stopped the login of "${user}" after too many keys (${message}), ` +
              `of ${tried.join(' and ')}${notes}: name the partner's key in FEED_SSH_KEY and unset ` +
              'SSH_AUTH_SOCK, or hold fewer keys in the agent'
            : `SFTP ${f.shown}: the server refused the login of "${user}" with ${tried.join(' and ')}${notes}`,
      );
    }
    // Types given or kept that the server does not have.
    if (!anyType && /no matching host key/i.test(message))
      throw new FeedDownloadError(
        `SFTP ${f.shown}: the server has no ${types.join(' or ')} host key, which ` +
          `${f.hostKeys ? `${types.length === 1 ? 'was' : 'were'} given` : `${knownHostsFile(f.dataDir)} keeps`}: ${message}`,
      );
    throw new FeedDownloadError(`SFTP ${f.shown}: ${message}`);
  } finally {
    clearTimeout(idle);
    agent?.close();
    conn.end();
    // A server that never closes its side would keep the process alive.
    setTimeout(() => conn.destroy(), 1000).unref();
  }
}

/** A keyboard-interactive prompt that asks for a one-time code, not a password. */
const ONE_TIME_CODE =
  /code|token|otp\b|one[- ]?time|verif|\bpin\b|2fa|two[- ]factor|authenticator|duo|yubi|código|jeton/i;

/**
 * How a login with the URL's password goes: one attempt with it, as the "password" method where the
 * server lists it, else as keyboard-interactive's answer. ssh2 alone would try both, one after the
 * other, and a wrong password would count twice toward the server's lockout (fail2ban, faillock).
 */
function passwordAttempt(): AuthHandlerMiddleware {
  const methods: AuthenticationType[] = ['none', 'password', 'keyboard-interactive'];
  let tried = false;
  return (left, _partial, next) => {
    for (let m = methods.shift(); m !== undefined; m = methods.shift()) {
      // The server's methods are known once "none" was refused (null before).
      if (m !== 'none' && (tried || (left !== null && !left.includes(m)))) continue;
      if (m !== 'none') tried = true;
      next(m);
      return;
    }
    // ssh2's way to say "no method left": the login fails as refused.
    next(false as unknown as AuthenticationType);
  };
}

/** A server's login prompt as a message shows it: one line, no control characters, at most 100 characters. */
function shownPrompt(prompt: string): string {
  const line = prompt.replace(/[\p{Cc}\p{Cf}]+/gu, ' ').trim();
  return line.length > 100 ? `${line.slice(0, 99)}…` : line;
}

/** The error a failed request or body says, in words an operator can act on. */
function failure(err: unknown, shown: string, signal: AbortSignal): FeedDownloadError {
  if (signal.aborted && signal.reason instanceof FeedDownloadError) return signal.reason;
  if (err instanceof FeedDownloadError) return err;
  // The innermost cause says it (fetch's "fetch failed" wraps "connect ECONNREFUSED …", or an abort).
  let inner = err as Error;
  while (inner.cause instanceof Error) inner = inner.cause;
  const cause = inner.message;
  // undici's words for a proxy that refused an https feed's tunnel, as an http feed's refusal reads.
  const tunnel = /^Proxy response \((\d+)\) !== 200 when HTTP Tunneling$/.exec(cause);
  if (tunnel)
    return new FeedDownloadError(`could not download ${shown}: the proxy refused the tunnel (HTTP ${tunnel[1]})`);
  return new FeedDownloadError(`could not download ${shown}: ${cause}`);
}

/** An imported download becomes the source's kept file, and its validators the next request's. */
export function keepDownload(dataDir: string, sourceId: number, download: FeedDownload): FeedDownload {
  if (download.status !== 'downloaded') return download;
  const paths = downloadPaths(dataDir, sourceId);
  fs.renameSync(download.file, paths.kept);
  fs.renameSync(`${download.file}.json`, paths.validators);
  // An earlier failed download says nothing of the source any more.
  fs.rmSync(paths.failed, { force: true });
  return { ...download, file: paths.kept };
}

/** The source's feed was imported from a file: its last download no longer says what the store holds. */
export function forgetDownload(dataDir: string, sourceId: number): void {
  fs.rmSync(downloadPaths(dataDir, sourceId).validators, { force: true });
}

/** A download whose import failed is kept apart (the error's line points into it); the last good one stays. */
export function failDownload(dataDir: string, sourceId: number, download: FeedDownload): string | undefined {
  if (download.status !== 'downloaded') return undefined;
  const paths = downloadPaths(dataDir, sourceId);
  fs.rmSync(`${download.file}.json`, { force: true });
  fs.renameSync(download.file, paths.failed);
  return paths.failed;
}
