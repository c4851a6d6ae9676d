import net from 'node:net';
import tls from 'node:tls';

/**
 * A partner's FTP server on loopback, as small as the protocol a feed's download needs (RFC 959 with
 * RFC 3659's SIZE and MDTM, and RFC 2428's EPSV): login, binary type, a file's size and modification
 * time, and its transfer over a passive data connection; with a certificate, RFC 4217's explicit TLS
 * (`AUTH TLS`, `PBSZ`, `PROT P`) for both connections. Every command is recorded (`PASS` masked).
 */

export interface FtpFile {
  body: Buffer;
  /** `MDTM`'s answer, `YYYYMMDDhhmmss` (UTC). */
  modified: string;
  /** Send this many bytes, then nothing (the data connection left open). */
  stallAfter?: number;
  /** Send this many bytes, then close the data connection and say the transfer completed. */
  cutAfter?: number;
}

export interface FtpServer {
  port: number;
  commands: string[];
  close(): Promise<void>;
}

export async function ftpServer(
  login: { user: string; password: string },
  files: (path: string) => FtpFile | undefined,
  /** A key and certificate (PEM): `AUTH TLS` is offered, and a login over plain text refused. */
  certificate?: { key: string; cert: string },
): Promise<FtpServer> {
  const secureContext = certificate && tls.createSecureContext(certificate);
  const commands: string[] = [];
  const sockets = new Set<net.Socket>();
  const servers = new Set<net.Server>();
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => undefined);
  };
  const control = net.createServer((raw) => {
    track(raw);
    /** The control connection: the raw socket, then its TLS once `AUTH TLS` is done. */
    let socket: net.Socket = raw;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let user = '';
    let loggedIn = false;
    let privateData = false;
    let data: Promise<net.Socket> | undefined;
    let pending = '';
    const onData = (chunk: string) => {
      pending += chunk;
      for (let end = pending.indexOf('\r\n'); end !== -1; end = pending.indexOf('\r\n')) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        const space = line.indexOf(' ');
        const verb = (space === -1 ? line : line.slice(0, space)).toUpperCase();
        const arg = space === -1 ? '' : line.slice(space + 1);
        commands.push(verb === 'PASS' ? 'PASS ***' : line);
        if (!loggedIn && !['USER', 'PASS', 'FEAT', 'QUIT', 'AUTH', 'PBSZ', 'PROT'].includes(verb)) {
          reply('530 Please login with USER and PASS');
          continue;
        }
        const file = files(arg);
        switch (verb) {
          case 'AUTH':
            if (!secureContext || arg.toUpperCase() !== 'TLS') {
              reply('504 AUTH not available');
              break;
            }
            reply('234 Proceed with negotiation');
            raw.removeListener('data', onData);
            socket = new tls.TLSSocket(raw, { isServer: true, secureContext });
            track(socket);
            socket.setEncoding('latin1');
            socket.on('data', onData);
            break;
          case 'PBSZ':
            reply('200 PBSZ=0');
            break;
          case 'PROT':
            privateData = arg.toUpperCase() === 'P';
            reply(privateData ? '200 Protection level set to P' : '200 Protection level set to C');
            break;
          case 'USER':
            user = arg;
            if (secureContext && socket === raw) reply('530 TLS required: use AUTH TLS');
            else reply('331 Password required');
            break;
          case 'PASS':
            loggedIn = user === login.user && arg === login.password && !(secureContext && socket === raw);
            reply(loggedIn ? '230 Logged in' : '530 Login incorrect');
            break;
          case 'FEAT':
            socket.write(
              `211-Features:\r\n SIZE\r\n MDTM\r\n EPSV\r\n UTF8\r\n${secureContext ? ' AUTH TLS\r\n PBSZ\r\n PROT\r\n' : ''}211 End\r\n`,
            );
            break;
          case 'TYPE':
          case 'STRU':
          case 'OPTS':
            reply('200 OK');
            break;
          case 'SIZE':
            reply(file ? `213 ${file.body.length}` : '550 No such file');
            break;
          case 'MDTM':
            reply(file ? `213 ${file.modified}` : '550 No such file');
            break;
          case 'EPSV': {
            const passive = net.createServer();
            servers.add(passive);
            const secure = privateData ? secureContext : undefined;
            data = new Promise((resolve) => {
              passive.once('connection', (s) => {
                track(s);
                passive.close();
                servers.delete(passive);
                if (!secure) {
                  resolve(s);
                  return;
                }
                const t = new tls.TLSSocket(s, { isServer: true, secureContext: secure });
                track(t);
                resolve(t);
              });
            });
            passive.listen(0, '127.0.0.1', () => {
              reply(`229 Entering Extended Passive Mode (|||${(passive.address() as net.AddressInfo).port}|)`);
            });
            break;
          }
          case 'RETR': {
            const waiting = data;
            data = undefined;
            if (!file || !waiting) {
              reply(file ? '425 Use EPSV first' : '550 No such file');
              break;
            }
            reply('150 Opening BINARY mode data connection');
            void waiting.then((s) => {
              if (file.stallAfter !== undefined) {
                s.write(file.body.subarray(0, file.stallAfter));
                return;
              }
              s.end(file.body.subarray(0, file.cutAfter ?? file.body.length), () => reply('226 Transfer complete'));
            });
            break;
          }
          case 'QUIT':
            reply('221 Goodbye');
            socket.end();
            break;
          default:
            reply('502 Command not implemented');
        }
      }
    };
    raw.setEncoding('latin1');
    raw.on('data', onData);
    reply('220 Trawl test FTP server');
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  return {
    port: (control.address() as net.AddressInfo).port,
    commands,
    close: async () => {
      for (const s of sockets) s.destroy();
      for (const s of servers) s.close();
      await new Promise<void>((resolve) => control.close(() => resolve()));
    },
  };
}
