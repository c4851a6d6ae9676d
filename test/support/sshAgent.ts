import net from 'node:net';
import path from 'node:path';
import { AgentProtocol, utils, type ParsedKey } from 'ssh2';

/**
 * An ssh-agent on a Unix socket (ssh2's agent protocol, server side), holding the private keys
 * given: what `SSH_AUTH_SOCK` names for a feed's SFTP login, with no agent binary needed.
 */
export interface SshAgent {
  socket: string;
  /** What clients asked: `identities`, `sign <key type>`. */
  asked: string[];
  close(): Promise<void>;
}

/**
 * `silent`: an agent that takes questions and never answers (a wedged one); `no signing`: one that lists
 * its keys and refuses to sign (a key added with `ssh-add -c` where no one can confirm it).
 */
export async function sshAgent(
  dir: string,
  privateKeys: string[],
  behaviour: 'answers' | 'silent' | 'no signing' = 'answers',
): Promise<SshAgent> {
  const keys = privateKeys.map((text) => {
    const key = utils.parseKey(text);
    if (key instanceof Error) throw key;
    return key;
  });
  const asked: string[] = [];
  const socket = path.join(dir, 'agent.sock');
  const sockets = new Set<net.Socket>();
  const server = net.createServer((conn) => {
    sockets.add(conn);
    conn.on('close', () => sockets.delete(conn));
    conn.on('error', () => undefined);
    const agent = new AgentProtocol(false);
    agent.on('identities', (req) => {
      asked.push('identities');
      if (behaviour !== 'silent') agent.getIdentitiesReply(req, keys);
    });
    agent.on('sign', (req, pubKey: ParsedKey, data: Buffer, options: { hash?: string }) => {
      const key = keys.find((k) => k.getPublicSSH().equals(pubKey.getPublicSSH()));
      asked.push(`sign ${pubKey.type}`);
      const signature = behaviour === 'answers' ? key?.sign(data, options.hash) : undefined;
      if (!signature || signature instanceof Error) return agent.failureReply(req);
      return agent.signReply(req, signature);
    });
    conn.pipe(agent).pipe(conn);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => resolve());
  });
  return {
    socket,
    asked,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
