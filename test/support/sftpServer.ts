import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Server, utils, type Connection } from 'ssh2';

/**
 * A partner's SFTP server on loopback (ssh2's server): password, keyboard-interactive or public-key login, and the requests a
 * feed's download makes (stat, open, fstat, read, close) over files the test sets. Its host keys are made
 * per server, so that a second server on the same port is "the same host with another key": an
 * ed25519 key, and an RSA key beside it when asked (a client that prefers ed25519 is shown that one);
 * or those given (`hostKeyPair`), for the same host with fewer keys.
 */

/** A host key pair, as a server keeps it: one per type. */
export type HostKeyPair = ReturnType<typeof utils.generateKeyPairSync>;

export function hostKeyPair(type: 'ed25519' | 'rsa'): HostKeyPair {
  return type === 'rsa' ? utils.generateKeyPairSync('rsa', { bits: 2048 }) : ed25519Pair();
}

/**
 * An ed25519 key pair that ssh2 can read back. ssh2 1.17 writes a public key whose first byte is 0 one
 * byte short (31 bytes), which it then refuses as "Malformed OpenSSH public key": one pair in 256,
 * so a test that makes a few fails now and then. Such a pair is made again.
 */
export function ed25519Pair(options?: Parameters<typeof utils.generateKeyPairSync>[1]): HostKeyPair {
  for (;;) {
    const pair = options ? utils.generateKeyPairSync('ed25519', options) : utils.generateKeyPairSync('ed25519');
    if (!(utils.parseKey(pair.public) instanceof Error)) return pair;
  }
}

export interface SftpFile {
  body: Buffer;
  /** Modification time, epoch seconds. */
  mtime: number;
  /** Answer reads up to this many bytes, then none (the transfer stalls). */
  stallAfter?: number;
}

export interface SftpServer {
  port: number;
  /** Its ed25519 host key's fingerprint (else its first key's) as `ssh-keygen -lf` shows it (`SHA256:…`). */
  fingerprint: string;
  /** Its host keys by type (`ssh-ed25519`, `ssh-rsa`): fingerprint, and public key line as `ssh-keyscan` prints it. */
  hostKeys: Record<string, { fingerprint: string; line: string }>;
  /** What the client asked for: `login <user> <method>`, `stat <path>`, `read <path>`. */
  asked: string[];
  close(): Promise<void>;
}

const { STATUS_CODE } = utils.sftp;

export async function sftpServer(
  login: {
    user: string;
    password?: string;
    publicKey?: string;
    /**
     * Passwords taken only as keyboard-interactive's answers (PAM's way): the hidden prompts it asks,
     * one per round, whatever the answers; it lets in only the password given to a one-round login (a
     * later round is a one-time code no one has, or the password's prompt asked again). Each answer
     * is in `asked` (`answer <prompt>`).
     */
    keyboard?: string[];
  },
  files: (path: string) => SftpFile | undefined,
  port = 0,
  keys: boolean | HostKeyPair[] = false,
): Promise<SftpServer> {
  const asked: string[] = [];
  const pairs = Array.isArray(keys) ? keys : [hostKeyPair('ed25519'), ...(keys ? [hostKeyPair('rsa')] : [])];
  const hostKeys: SftpServer['hostKeys'] = {};
  for (const pair of pairs) {
    const key = utils.parseKey(pair.public);
    if (key instanceof Error) throw key;
    const blob = key.getPublicSSH();
    const fingerprint = `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
    hostKeys[key.type] = { fingerprint, line: `${key.type} ${blob.toString('base64')}` };
  }
  const fingerprint = (hostKeys['ssh-ed25519'] ?? (Object.values(hostKeys)[0] as { fingerprint: string })).fingerprint;
  const allowed = login.publicKey ? utils.parseKey(login.publicKey) : undefined;
  const clients = new Set<Connection>();
  const server = new Server({ hostKeys: pairs.map((p) => p.private) }, (client) => {
    clients.add(client);
    client.on('close', () => clients.delete(client));
    client.on('error', () => undefined);
    client.on('authentication', (ctx) => {
      asked.push(`login ${ctx.username} ${ctx.method}`);
      if (ctx.username !== login.user) return ctx.reject();
      const rounds = login.keyboard;
      if (rounds) {
        if (ctx.method !== 'keyboard-interactive') return ctx.reject(['keyboard-interactive']);
        const ask = (i: number): void =>
          ctx.prompt([{ prompt: rounds[i] as string, echo: false }], (answers) => {
            asked.push(`answer ${rounds[i]}`);
            if (i + 1 < rounds.length) return ask(i + 1);
            return rounds.length === 1 && answers[0] === login.password
              ? ctx.accept()
              : ctx.reject(['keyboard-interactive']);
          });
        return ask(0);
      }
      if (ctx.method === 'password' && login.password !== undefined && ctx.password === login.password)
        return ctx.accept();
      // As OpenSSH's defaults: a password also taken as keyboard-interactive's answer.
      if (ctx.method === 'keyboard-interactive' && login.password !== undefined && !login.publicKey)
        return ctx.prompt([{ prompt: 'Password: ', echo: false }], (answers) => {
          asked.push('answer Password: ');
          if (answers[0] === login.password) return ctx.accept();
          return ctx.reject(['password', 'keyboard-interactive']);
        });
      if (ctx.method === 'publickey' && allowed && !(allowed instanceof Error)) {
        const same = ctx.key.algo === allowed.type && ctx.key.data.equals(allowed.getPublicSSH());
        if (same && (!ctx.signature || (ctx.blob && allowed.verify(ctx.blob, ctx.signature) === true)))
          return ctx.accept();
      }
      return ctx.reject(login.publicKey ? ['publickey'] : ['password', 'keyboard-interactive']);
    });
    client.on('ready', () => {
      client.on('session', (accept) => {
        accept().on('sftp', (acceptSftp) => {
          const sftp = acceptSftp();
          const open = new Map<number, { path: string; file: SftpFile }>();
          let next = 0;
          const attrs = (file: SftpFile) => ({
            mode: 0o100644,
            uid: 0,
            gid: 0,
            size: file.body.length,
            atime: file.mtime,
            mtime: file.mtime,
          });
          const handleOf = (buf: Buffer) => open.get(buf.readUInt32BE(0));
          sftp.on('STAT', (id, path) => {
            asked.push(`stat ${path}`);
            const file = files(path);
            if (file) sftp.attrs(id, attrs(file));
            else sftp.status(id, STATUS_CODE.NO_SUCH_FILE, 'No such file');
          });
          sftp.on('LSTAT', (id, path) => {
            const file = files(path);
            if (file) sftp.attrs(id, attrs(file));
            else sftp.status(id, STATUS_CODE.NO_SUCH_FILE, 'No such file');
          });
          sftp.on('OPEN', (id, path) => {
            const file = files(path);
            if (!file) return sftp.status(id, STATUS_CODE.NO_SUCH_FILE, 'No such file');
            asked.push(`read ${path}`);
            const handle = Buffer.alloc(4);
            handle.writeUInt32BE(++next, 0);
            open.set(next, { path, file });
            return sftp.handle(id, handle);
          });
          sftp.on('FSTAT', (id, handle) => {
            const h = handleOf(handle);
            if (h) sftp.attrs(id, attrs(h.file));
            else sftp.status(id, STATUS_CODE.FAILURE);
          });
          sftp.on('READ', (id, handle, offset, length) => {
            const h = handleOf(handle);
            if (!h) return sftp.status(id, STATUS_CODE.FAILURE);
            if (h.file.stallAfter !== undefined && offset + length > h.file.stallAfter) return undefined;
            if (offset >= h.file.body.length) return sftp.status(id, STATUS_CODE.EOF);
            return sftp.data(id, h.file.body.subarray(offset, offset + length));
          });
          sftp.on('CLOSE', (id, handle) => {
            open.delete(handle.readUInt32BE(0));
            sftp.status(id, STATUS_CODE.OK);
          });
        });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    fingerprint,
    hostKeys,
    asked,
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of clients) c.end();
        server.close(() => resolve());
      }),
  };
}
