import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { runCli } from '../../support/cli';
import { tempDirs } from '../../support/tempDirs';
import { ed25519Pair, hostKeyPair, sftpServer, type SftpFile } from '../../support/sftpServer';
import { sshAgent } from '../../support/sshAgent';
import { fixture } from './feedKit';
import { liveAds, runs } from './partnerServer';

const CLI = path.resolve(__dirname, '../../../src/services/feeds/cli.ts');

describe('npm run import of an SFTP feed URL (feedDownload.ts, ssh2)', function () {
  this.timeout(60_000);
  const tempDir = tempDirs('trawl-sftp');
  const homes = fs.readFileSync(fixture('homes-es.xml'));
  const importUrl = (dataDir: string, url: string, more: string[] = [], env: Record<string, string> = {}) =>
    runCli(CLI, dataDir, ['--source', '641', '--country', 'es', '--vertical', 'homes', ...more, url], env);

  it('logs in by password, imports the feed, keeps the host key, and fetches again only when the file changed', async () => {
    let file: SftpFile = { body: homes, mtime: 1_795_000_000 };
    const server = await sftpServer({ user: 'feeds', password: 's3cret' }, (p) =>
      p === '/srv/exports/trovit.xml' ? file : undefined,
    );
    const url = `sftp://feeds:s3cret@127.0.0.1:${server.port}/srv/exports/trovit.xml`;
    const shown = `sftp://feeds:***@127.0.0.1:${server.port}/srv/exports/trovit.xml`;
    try {
      const dataDir = tempDir();
      const first = await importUrl(dataDir, url, ['--json']);
      expect(first.code, first.stderr).to.equal(0);
      expect(JSON.parse(first.stdout).download).to.include({ status: 'downloaded', url: shown, bytes: homes.length });
      expect(fs.readFileSync(path.join(dataDir, 'feeds', 'source-641.feed')).equals(homes)).to.equal(true);
      expect(liveAds(dataDir, 641)).to.have.length(8);
      expect(first.stdout + first.stderr).to.not.contain('s3cret');
      const known = JSON.parse(fs.readFileSync(path.join(dataDir, 'ssh_known_hosts.json'), 'utf8'));
      expect(known[`127.0.0.1:${server.port}`]).to.equal(`ssh-ed25519 ${server.fingerprint}`);

      // Another partner's server: its key is kept beside the first's, not instead of it.
      const other = await sftpServer({ user: 'feeds', password: 's3cret' }, (p) => (p === '/x.xml' ? file : undefined));
      try {
        const res = await runCli(CLI, dataDir, [
          '--source',
          '642',
          '--country',
          'es',
          '--vertical',
          'homes',
          `sftp://feeds:s3cret@127.0.0.1:${other.port}/x.xml`,
        ]);
        expect(res.code, res.stderr).to.equal(0);
      } finally {
        await other.close();
      }
      const both = JSON.parse(fs.readFileSync(path.join(dataDir, 'ssh_known_hosts.json'), 'utf8'));
      expect(Object.keys(both).sort()).to.deep.equal([`127.0.0.1:${other.port}`, `127.0.0.1:${server.port}`].sort());
      expect(both[`127.0.0.1:${server.port}`]).to.equal(known[`127.0.0.1:${server.port}`]);

      const again = await importUrl(dataDir, url);
      expect(again.code, again.stderr).to.equal(0);
      expect(again.stdout).to.contain(`${shown}: not changed since its last import`);
      expect(server.asked.filter((a) => a.startsWith('read'))).to.have.length(1);

      const without = homes.toString('utf8').replace(/<ad>\s*<id><!\[CDATA\[H1\]\]><\/id>[\s\S]*?<\/ad>/, '');
      file = { body: Buffer.from(without), mtime: 1_795_003_600 };
      const changed = await importUrl(dataDir, url);
      expect(changed.code, changed.stderr).to.equal(0);
      expect(changed.stdout).to.match(/expired\s+1 \(1 missing from the feed/);
      expect(runs(dataDir, 641).map((r) => r.status)).to.deep.equal(['done', 'not-modified', 'done']);
    } finally {
      await server.close();
    }
  });

  it("answers a server's keyboard-interactive password prompt with the URL's password, and no other question", async () => {
    const file: SftpFile = { body: homes, mtime: 1_795_000_000 };
    const files = (p: string) => (p === '/feed.xml' ? file : undefined);
    const dataDir = tempDir();
    // PAM's way: no "password" method, the password asked as keyboard-interactive's one hidden prompt.
    const pam = await sftpServer({ user: 'feeds', password: 's3cret', keyboard: ['Password: '] }, files);
    try {
      const res = await importUrl(dataDir, `sftp://feeds:s3cret@127.0.0.1:${pam.port}/feed.xml`);
      expect(res.code, res.stderr).to.equal(0);
      expect(liveAds(dataDir, 641)).to.have.length(8);
      expect(pam.asked).to.include.members(['login feeds keyboard-interactive', 'answer Password: ']);
      // The server lists no "password" method: the password was not sent that way first.
      expect(pam.asked).to.not.include('login feeds password');
      expect(res.stdout + res.stderr).to.not.contain('s3cret');

      const wrong = await importUrl(dataDir, `sftp://feeds:wrong@127.0.0.1:${pam.port}/feed.xml`);
      expect(wrong.code).to.equal(1);
      expect(wrong.stderr).to.contain(
        `SFTP sftp://feeds:***@127.0.0.1:${pam.port}/feed.xml: the server refused the login of "feeds" with the password in the URL`,
      );
    } finally {
      await pam.close();
    }

    // A one-time code after the password: no one can answer it, so the login ends there, and says why.
    const otp = await sftpServer(
      { user: 'feeds', password: 's3cret', keyboard: ['Password: ', 'Verification code:\u0007 '] },
      files,
    );
    try {
      const url = `sftp://feeds:s3cret@127.0.0.1:${otp.port}/feed.xml`;
      const res = await importUrl(dataDir, url);
      expect(res.code).to.equal(1);
      expect(res.stderr).to.contain(
        `SFTP sftp://feeds:***@127.0.0.1:${otp.port}/feed.xml: at the login of "feeds" the server asked ` +
          `"Verification code:", which a feed's download cannot answer`,
      );
      expect(res.stderr).to.contain('Nothing was applied.');
      expect(res.stdout + res.stderr).to.not.contain('s3cret');
      // The password went to its prompt; the code's prompt got no answer, and nothing was read.
      expect(otp.asked.filter((a) => a.startsWith('answer'))).to.deep.equal(['answer Password: ']);
      expect(otp.asked.filter((a) => a.startsWith('read'))).to.deep.equal([]);
      expect(runs(dataDir, 641).map((r) => r.status)).to.deep.equal(['done', 'failed', 'failed']);
    } finally {
      await otp.close();
    }

    // A one-time code asked first: the password is not given to it.
    const codeFirst = await sftpServer({ user: 'feeds', password: 's3cret', keyboard: ['Verification code: '] }, files);
    try {
      const res = await importUrl(dataDir, `sftp://feeds:s3cret@127.0.0.1:${codeFirst.port}/feed.xml`);
      expect(res.code).to.equal(1);
      expect(res.stderr).to.contain('the server asked "Verification code:", which a feed\'s download cannot answer');
      expect(codeFirst.asked.filter((a) => a.startsWith('answer'))).to.deep.equal([]);
    } finally {
      await codeFirst.close();
    }

    // A server that asks for the password again after a wrong one: refused, not answered twice.
    const retry = await sftpServer(
      { user: 'feeds', password: 's3cret', keyboard: ['Password: ', 'Password: '] },
      files,
    );
    try {
      const res = await importUrl(dataDir, `sftp://feeds:wrong@127.0.0.1:${retry.port}/feed.xml`);
      expect(res.code).to.equal(1);
      expect(res.stderr).to.contain(
        `SFTP sftp://feeds:***@127.0.0.1:${retry.port}/feed.xml: the server refused the login of "feeds" with ` +
          'the password in the URL (it asked "Password:" again)',
      );
      expect(retry.asked.filter((a) => a.startsWith('answer'))).to.deep.equal(['answer Password: ']);
    } finally {
      await retry.close();
    }
  });

  it('logs in with the key FEED_SSH_KEY names, and a path from the home with /~/', async () => {
    const pair = ed25519Pair();
    const dataDir = tempDir();
    const keyFile = path.join(dataDir, 'id_ed25519');
    fs.writeFileSync(keyFile, pair.private, { mode: 0o600 });
    const server = await sftpServer({ user: 'feeds', publicKey: pair.public }, (p) =>
      p === 'exports/trovit.xml' ? { body: homes, mtime: 1_795_000_000 } : undefined,
    );
    try {
      const url = `sftp://feeds@127.0.0.1:${server.port}/~/exports/trovit.xml`;
      const res = await importUrl(dataDir, url, [], { FEED_SSH_KEY: keyFile });
      expect(res.code, res.stderr).to.equal(0);
      expect(liveAds(dataDir, 641)).to.have.length(8);
      expect(server.asked).to.include('login feeds publickey');
      const keyless = await importUrl(tempDir(), url);
      expect(keyless.code).to.equal(1);
      expect(keyless.stderr).to.contain(
        'the server refused the login of "feeds": there was nothing to log in with ' +
          '(no password in the URL, no key in FEED_SSH_KEY, no ssh-agent in SSH_AUTH_SOCK)',
      );
    } finally {
      await server.close();
    }
  });

  it("logs in with ssh-agent's keys, or a key behind a passphrase; a key that cannot be opened stops before any login", async () => {
    const pair = ed25519Pair();
    const locked = ed25519Pair({ passphrase: 'tr4wl pass', cipher: 'aes256-ctr', rounds: 16 });
    const other = ed25519Pair();
    const keys = tempDir();
    const file = (name: string, text: string) => {
      fs.writeFileSync(path.join(keys, name), text, { mode: 0o600 });
      return path.join(keys, name);
    };
    const lockedKey = file('id_locked', locked.private);
    const publicKey = file('id_locked.pub', locked.public);
    const feed = (p: string) => (p === 'exports/trovit.xml' ? { body: homes, mtime: 1_795_000_000 } : undefined);
    const closing: { close(): Promise<void> }[] = [];
    const started = <T extends { close(): Promise<void> }>(peer: T): T => {
      closing.push(peer);
      return peer;
    };
    const url = (port: number) => `sftp://feeds@127.0.0.1:${port}/~/exports/trovit.xml`;
    try {
      const server = started(await sftpServer({ user: 'feeds', publicKey: pair.public }, feed));
      const lockedServer = started(await sftpServer({ user: 'feeds', publicKey: locked.public }, feed));
      const agent = started(await sshAgent(tempDir(), [other.private, pair.private]));
      const strangers = started(await sshAgent(tempDir(), [other.private]));
      const empty = started(await sshAgent(tempDir(), []));

      // The agent's keys, tried in turn: its second is the one the partner allowed.
      const dataDir = tempDir();
      const byAgent = await importUrl(dataDir, url(server.port), [], { SSH_AUTH_SOCK: agent.socket });
      expect(byAgent.code, byAgent.stderr).to.equal(0);
      expect(liveAds(dataDir, 641)).to.have.length(8);
      expect(server.asked).to.include('login feeds publickey');
      expect(agent.asked).to.include.members(['identities', 'sign ssh-ed25519']);

      // Refusals say what was offered, and why an agent offered nothing.
      const refused = await importUrl(tempDir(), url(server.port), [], { SSH_AUTH_SOCK: strangers.socket });
      expect(refused.code).to.equal(1);
      expect(refused.stderr).to.contain(
        `SFTP ${url(server.port)}: the server refused the login of "feeds" with the key of ssh-agent (SSH_AUTH_SOCK ${strangers.socket})`,
      );
      const both = await importUrl(tempDir(), url(lockedServer.port), [], {
        FEED_SSH_KEY: file('id_other', other.private),
        SSH_AUTH_SOCK: agent.socket,
      });
      expect(both.stderr).to.contain(
        `the server refused the login of "feeds" with the key ${path.join(keys, 'id_other')} (FEED_SSH_KEY) ` +
          `and the 2 keys of ssh-agent (SSH_AUTH_SOCK ${agent.socket})`,
      );
      const none = await importUrl(tempDir(), url(server.port), [], { SSH_AUTH_SOCK: empty.socket });
      expect(none.stderr).to.contain(
        'there was nothing to log in with (no password in the URL, no key in FEED_SSH_KEY, ' +
          `ssh-agent (SSH_AUTH_SOCK ${empty.socket}) holds no keys it can use)`,
      );
      const noAgent = path.join(keys, 'no-agent.sock');
      const unreachable = await importUrl(tempDir(), url(server.port), [], { SSH_AUTH_SOCK: noAgent });
      expect(unreachable.code).to.equal(1);
      expect(unreachable.stderr).to.contain(
        `ssh-agent (SSH_AUTH_SOCK ${noAgent}) could not be asked: Failed to connect to agent)`,
      );
      // An agent that never answers: the fetch gives up, and the command ends (ssh2 kept its socket open).
      const silent = started(await sshAgent(tempDir(), [pair.private], 'silent'));
      const hung = await importUrl(tempDir(), url(server.port), ['--timeout', '4'], { SSH_AUTH_SOCK: silent.socket });
      expect(hung.code).to.equal(1);
      expect(hung.stderr).to.contain(
        `SFTP ${url(server.port)}: the ssh-agent (SSH_AUTH_SOCK ${silent.socket}) did not list its keys for 4 s`,
      );
      // One that lists its keys and will not sign (a key to confirm, no one to confirm it).
      const unconfirmed = started(await sshAgent(tempDir(), [pair.private], 'no signing'));
      const unsigned = await importUrl(tempDir(), url(server.port), [], { SSH_AUTH_SOCK: unconfirmed.socket });
      expect(unsigned.code).to.equal(1);
      expect(unsigned.stderr).to.contain(
        `the server refused the login of "feeds" with the key of ssh-agent (SSH_AUTH_SOCK ${unconfirmed.socket}); ` +
          'the agent would not sign: ',
      );

      // A key behind a passphrase: opened with FEED_SSH_KEY_PASSPHRASE, else nothing is sent.
      const logins = () => lockedServer.asked.filter((a) => a.startsWith('login')).length;
      const before = logins();
      const noPassphrase = await importUrl(tempDir(), url(lockedServer.port), [], { FEED_SSH_KEY: lockedKey });
      expect(noPassphrase.code).to.equal(1);
      expect(noPassphrase.stderr).to.contain(
        `the SSH key ${lockedKey} (FEED_SSH_KEY) is protected by a passphrase: give it in FEED_SSH_KEY_PASSPHRASE, ` +
          'or add the key to ssh-agent (SSH_AUTH_SOCK) and leave FEED_SSH_KEY unset',
      );
      const wrong = await importUrl(tempDir(), url(lockedServer.port), [], {
        FEED_SSH_KEY: lockedKey,
        FEED_SSH_KEY_PASSPHRASE: 'guess',
      });
      expect(wrong.code).to.equal(1);
      expect(wrong.stderr).to.contain(`FEED_SSH_KEY_PASSPHRASE does not open the SSH key ${lockedKey} (FEED_SSH_KEY)`);
      expect(wrong.stderr + wrong.stdout).not.to.contain('guess');
      const pub = await importUrl(tempDir(), url(lockedServer.port), [], { FEED_SSH_KEY: publicKey });
      expect(pub.code).to.equal(1);
      expect(pub.stderr).to.contain(`${publicKey} (FEED_SSH_KEY) is a public key: FEED_SSH_KEY names its private key`);
      const goneDir = tempDir();
      const gone = await importUrl(goneDir, url(lockedServer.port), [], { FEED_SSH_KEY: `${lockedKey}.gone` });
      expect(gone.code).to.equal(1);
      expect(gone.stderr).to.contain(`cannot read the SSH key FEED_SSH_KEY names (${lockedKey}.gone): ENOENT`);
      // A failed fetch of the source, in its history as any other.
      expect(runs(goneDir, 641).map((r) => r.status)).to.deep.equal(['failed']);
      expect(logins()).to.equal(before);

      // The right passphrase logs in (an agent that cannot be reached beside it does not matter).
      const opened = tempDir();
      const unlocked = await importUrl(opened, url(lockedServer.port), ['--json'], {
        FEED_SSH_KEY: lockedKey,
        FEED_SSH_KEY_PASSPHRASE: 'tr4wl pass',
        SSH_AUTH_SOCK: noAgent,
      });
      expect(unlocked.code, unlocked.stderr).to.equal(0);
      expect(liveAds(opened, 641)).to.have.length(8);
      expect(logins()).to.be.above(before);
      expect(unlocked.stdout + unlocked.stderr).not.to.contain('tr4wl pass');
    } finally {
      await Promise.all(closing.map((peer) => peer.close()));
    }
  });

  it('stops with a clear error on a refused login, a missing file, a stall, and a host whose key changed', async () => {
    const files: Record<string, SftpFile> = {
      '/feed.xml': { body: homes, mtime: 1_795_000_000 },
      '/stalls.xml': { body: homes, mtime: 1_795_000_000, stallAfter: 1000 },
    };
    const server = await sftpServer({ user: 'feeds', password: 's3cret' }, (p) => files[p]);
    const at = (auth: string, file: string, port = server.port) => `sftp://${auth}127.0.0.1:${port}/${file}`;
    const dataDir = tempDir();
    try {
      const login = await importUrl(dataDir, at('feeds:wrong@', 'feed.xml'));
      expect(login.code).to.equal(1);
      expect(login.stderr).to.contain(
        `SFTP ${at('feeds:***@', 'feed.xml')}: the server refused the login of "feeds" with the password in the URL`,
      );
      // A server that takes a password both ways is tried once: a wrong one counts once toward its lockout.
      expect(server.asked.filter((a) => a.startsWith('login') && !a.endsWith(' none'))).to.deep.equal([
        'login feeds password',
      ]);

      const missing = await importUrl(dataDir, at('feeds:s3cret@', 'gone.xml'));
      expect(missing.code).to.equal(1);
      expect(missing.stderr).to.contain(`SFTP ${at('feeds:***@', 'gone.xml')}: No such file`);

      const stalled = await importUrl(dataDir, at('feeds:s3cret@', 'stalls.xml'), ['--timeout', '1']);
      expect(stalled.code).to.equal(1);
      expect(stalled.stderr).to.contain(`no data from ${at('feeds:***@', 'stalls.xml')} for 1 s`);
      const late = await importUrl(dataDir, at('feeds:s3cret@', 'stalls.xml'), ['--timeout', '30', '--deadline', '1']);
      expect(late.code).to.equal(1);
      expect(late.stderr).to.contain(`could not download ${at('feeds:***@', 'stalls.xml')} within 1s (--deadline)`);

      for (const res of [login, missing, stalled, late]) {
        expect(res.stderr).to.contain('Nothing was applied.');
        expect(res.stderr).to.not.contain('s3cret');
      }
      expect(liveAds(dataDir, 641)).to.deep.equal([]);
      expect(fs.readdirSync(path.join(dataDir, 'feeds'))).to.deep.equal([]);
    } finally {
      await server.close();
    }

    // Host keys the run cannot read (a hand edit gone wrong): it stops rather than trusting any key.
    const knownFile = path.join(dataDir, 'ssh_known_hosts.json');
    const kept = fs.readFileSync(knownFile, 'utf8');
    fs.writeFileSync(knownFile, kept.replace(/"\n}/, '",\n}'));
    const garbled = await sftpServer({ user: 'feeds', password: 's3cret' }, (p) => files[p], server.port);
    try {
      const res = await importUrl(dataDir, at('feeds:s3cret@', 'feed.xml', garbled.port));
      expect(res.code).to.equal(1);
      expect(res.stderr).to.contain(`the SSH host keys in ${knownFile} are not JSON`);
      expect(garbled.asked).to.deep.equal([]);
    } finally {
      await garbled.close();
    }
    fs.writeFileSync(knownFile, kept);

    // Another server on the same address, with another host key: refused before a login.
    const impostor = await sftpServer({ user: 'feeds', password: 's3cret' }, (p) => files[p], server.port);
    try {
      const res = await importUrl(dataDir, at('feeds:s3cret@', 'feed.xml', impostor.port));
      expect(res.code).to.equal(1);
      expect(res.stderr).to.contain(`the host key of 127.0.0.1:${impostor.port} changed`);
      expect(res.stderr).to.contain(path.join(dataDir, 'ssh_known_hosts.json'));
      expect(impostor.asked.filter((a) => a.startsWith('login'))).to.deep.equal([]);
      expect(liveAds(dataDir, 641)).to.deep.equal([]);
    } finally {
      await impostor.close();
    }
  });
  it("checks the host key its partner gave, ahead of the first fetch, and takes a partner's new key the same way", async () => {
    const files: Record<string, SftpFile> = { '/feed.xml': { body: homes, mtime: 1_795_000_000 } };
    const server = await sftpServer({ user: 'feeds', password: 's3cret' }, (p) => files[p]);
    const url = `sftp://feeds:s3cret@127.0.0.1:${server.port}/feed.xml`;
    const knownFile = (dataDir: string) => path.join(dataDir, 'ssh_known_hosts.json');
    const dataDir = tempDir();
    const other = `SHA256:${'A'.repeat(43)}`;
    try {
      // Not the server's key: refused before a login, and nothing kept.
      const wrong = await importUrl(dataDir, url, ['--ssh-host-key', other]);
      expect(wrong.code).to.equal(1);
      expect(wrong.stderr).to.contain(
        `the host key of 127.0.0.1:${server.port} is ssh-ed25519 ${server.fingerprint}, not the one given (${other}): ` +
          'nothing was sent to it',
      );
      expect(server.asked).to.deep.equal([]);
      expect(fs.existsSync(knownFile(dataDir))).to.equal(false);
      expect(liveAds(dataDir, 641)).to.deep.equal([]);

      // Its key: imported, and the key kept for the runs after.
      const given = await importUrl(dataDir, url, ['--ssh-host-key', `${server.fingerprint}=`]);
      expect(given.code, given.stderr).to.equal(0);
      expect(liveAds(dataDir, 641)).to.have.length(8);
      expect(JSON.parse(fs.readFileSync(knownFile(dataDir), 'utf8'))).to.deep.equal({
        [`127.0.0.1:${server.port}`]: `ssh-ed25519 ${server.fingerprint}`,
      });
    } finally {
      await server.close();
    }

    // The partner moves to a new key: refused as a changed key, until the operator gives the new one.
    const moved = await sftpServer({ user: 'feeds', password: 's3cret' }, (p) => files[p], server.port);
    try {
      const kept = await runCli(CLI, dataDir, ['--source', '641']);
      expect(kept.code).to.equal(1);
      expect(kept.stderr).to.contain(
        `the host key of 127.0.0.1:${moved.port} changed (ssh-ed25519 ${moved.fingerprint}; kept ssh-ed25519 `,
      );
      expect(kept.stderr).to.contain('if the partner changed it, give its new key with --ssh-host-key');
      expect(moved.asked).to.deep.equal([]);

      const renewed = await runCli(CLI, dataDir, ['--source', '641', '--ssh-host-key', moved.fingerprint]);
      expect(renewed.code, renewed.stderr).to.equal(0);
      expect(renewed.stdout).to.contain('not changed since its last import');
      expect(JSON.parse(fs.readFileSync(knownFile(dataDir), 'utf8'))).to.deep.equal({
        [`127.0.0.1:${moved.port}`]: `ssh-ed25519 ${moved.fingerprint}`,
      });
      const next = await runCli(CLI, dataDir, ['--source', '641']);
      expect(next.code, next.stderr).to.equal(0);
      expect(moved.asked.filter((a) => a === 'login feeds password')).to.have.length(2);
    } finally {
      await moved.close();
    }

    // Only a SHA-256 fingerprint or a public key line, only for an sftp feed.
    for (const args of [
      ['--ssh-host-key', 'MD5:16:27:ac:a5:76:28:2d:36:63:1b:56:4d:eb:df:a6:48', url],
      ['--ssh-host-key', 'ssh-ed25519 AAAAC3NzaC1yc2E', url],
      ['--ssh-host-key', other, fixture('homes-es.xml')],
      ['--ssh-host-key', other, 'https://partner.example/feed.xml'],
    ]) {
      const res = await runCli(CLI, dataDir, ['--source', '642', '--country', 'es', '--vertical', 'homes', ...args]);
      expect(res.code, args.join(' ')).to.equal(2);
      expect(res.stderr).to.match(/--ssh-host-key(: an SSH host key is its fingerprint| is for an sftp:\/\/ feed URL)/);
    }
  });

  it('asks a server with several host keys for the type its partner gave, and keeps asking for it', async () => {
    const files: Record<string, SftpFile> = { '/feed.xml': { body: homes, mtime: 1_795_000_000 } };
    // ed25519 and RSA: ssh2, as OpenSSH, prefers the ed25519 key, where the partner gave its RSA key.
    const server = await sftpServer({ user: 'feeds', password: 's3cret' }, (p) => files[p], 0, true);
    const rsa = server.hostKeys['ssh-rsa'] as { fingerprint: string; line: string };
    const url = `sftp://feeds:s3cret@127.0.0.1:${server.port}/feed.xml`;
    const dataDir = tempDir();
    const knownFile = path.join(dataDir, 'ssh_known_hosts.json');
    try {
      // Its fingerprint alone: the server shows its ed25519 key, which is not it.
      const byPrint = await importUrl(dataDir, url, ['--ssh-host-key', rsa.fingerprint]);
      expect(byPrint.code).to.equal(1);
      expect(byPrint.stderr).to.contain(`is ssh-ed25519 ${server.fingerprint}, not the one given (${rsa.fingerprint})`);

      // Its public key line, as ssh-keyscan prints it after the host: the RSA key is asked for, and matches.
      const byLine = await importUrl(dataDir, url, ['--ssh-host-key', `${rsa.line} partner@sftp`]);
      expect(byLine.code, byLine.stderr).to.equal(0);
      expect(liveAds(dataDir, 641)).to.have.length(8);
      expect(JSON.parse(fs.readFileSync(knownFile, 'utf8'))).to.deep.equal({
        [`127.0.0.1:${server.port}`]: `ssh-rsa ${rsa.fingerprint}`,
      });
      // The next runs ask for the kept type: not taken for a changed key.
      const next = await runCli(CLI, dataDir, ['--source', '641']);
      expect(next.code, next.stderr).to.equal(0);
      expect(next.stdout).to.contain('not changed since its last import');

      // A key kept before its type was (a fingerprint alone) still checks, and is kept with its type.
      fs.writeFileSync(knownFile, JSON.stringify({ [`127.0.0.1:${server.port}`]: server.fingerprint }));
      const old = await runCli(CLI, dataDir, ['--source', '641']);
      expect(old.code, old.stderr).to.equal(0);
      expect(JSON.parse(fs.readFileSync(knownFile, 'utf8'))).to.deep.equal({
        [`127.0.0.1:${server.port}`]: `ssh-ed25519 ${server.fingerprint}`,
      });
    } finally {
      await server.close();
    }
  });
  it('takes each host key its partner gave, keeps them all, and checks the one the server shows', async () => {
    const files: Record<string, SftpFile> = { '/feed.xml': { body: homes, mtime: 1_795_000_000 } };
    const login = { user: 'feeds', password: 's3cret' };
    const ed = hostKeyPair('ed25519');
    const rsa = hostKeyPair('rsa');
    const both = await sftpServer(login, (p) => files[p], 0, [ed, rsa]);
    const keys = both.hostKeys as Record<'ssh-ed25519' | 'ssh-rsa', { fingerprint: string; line: string }>;
    const url = `sftp://feeds:s3cret@127.0.0.1:${both.port}/feed.xml`;
    const hostPort = `127.0.0.1:${both.port}`;
    const dataDir = tempDir();
    const knownFile = path.join(dataDir, 'ssh_known_hosts.json');
    const other = `SHA256:${'B'.repeat(43)}`;
    const another = `SHA256:${'C'.repeat(43)}`;
    try {
      // Two keys given, neither the server's: the one of a known type is asked for, both are named in
      // the refusal, nothing is sent, nothing kept.
      const wrong = await importUrl(dataDir, url, ['--ssh-host-key', other, '--ssh-host-key', `ssh-rsa ${another}`]);
      expect(wrong.code).to.equal(1);
      expect(wrong.stderr).to.contain(
        `the host key of ${hostPort} is ssh-rsa ${keys['ssh-rsa'].fingerprint}, not one of those given ` +
          `(${other}, ssh-rsa ${another}): nothing was sent to it`,
      );
      expect(both.asked).to.deep.equal([]);
      expect(fs.existsSync(knownFile)).to.equal(false);

      // Its RSA key's line, and another key by its fingerprint alone: the RSA key is still asked for first.
      const beside = tempDir();
      const rsaFirst = await importUrl(beside, url, ['--ssh-host-key', keys['ssh-rsa'].line, '--ssh-host-key', other]);
      expect(rsaFirst.code, rsaFirst.stderr).to.equal(0);
      expect(JSON.parse(fs.readFileSync(path.join(beside, 'ssh_known_hosts.json'), 'utf8'))).to.deep.equal({
        [hostPort]: [`ssh-rsa ${keys['ssh-rsa'].fingerprint}`, other],
      });

      // ssh-keyscan's output given whole (its comment, then a line per key, the host first), and the
      // ed25519 key again by its fingerprint: imported, each key kept once, in order.
      const scanned = [
        `# 127.0.0.1:${both.port} SSH-2.0-OpenSSH_9.6`,
        `127.0.0.1 ${keys['ssh-ed25519'].line}`,
        `[127.0.0.1]:${both.port} ${keys['ssh-rsa'].line}`,
        '',
      ].join('\n');
      const given = await importUrl(dataDir, url, [
        '--ssh-host-key',
        keys['ssh-ed25519'].fingerprint,
        '--ssh-host-key',
        scanned,
      ]);
      expect(given.code, given.stderr).to.equal(0);
      expect(liveAds(dataDir, 641)).to.have.length(8);
      expect(JSON.parse(fs.readFileSync(knownFile, 'utf8'))).to.deep.equal({
        [hostPort]: [`ssh-ed25519 ${keys['ssh-ed25519'].fingerprint}`, `ssh-rsa ${keys['ssh-rsa'].fingerprint}`],
      });
    } finally {
      await both.close();
    }

    // The partner drops its ed25519 key: the server shows the RSA one, which is kept, so the feed is fetched.
    const rsaOnly = await sftpServer(login, (p) => files[p], both.port, [rsa]);
    try {
      // (Given its ed25519 key alone, that server is refused: it has none, and nothing is kept.)
      const edOnly = await runCli(CLI, dataDir, ['--source', '641', '--ssh-host-key', keys['ssh-ed25519'].line]);
      expect(edOnly.code).to.equal(1);
      expect(edOnly.stderr).to.contain(
        `the server has no ssh-ed25519 host key, which was given: Handshake failed: no matching host key format`,
      );
      expect(rsaOnly.asked).to.deep.equal([]);
      const next = await runCli(CLI, dataDir, ['--source', '641']);
      expect(next.code, next.stderr).to.equal(0);
      expect(next.stdout).to.contain('not changed since its last import');
      expect(rsaOnly.asked).to.include('login feeds password');
      expect(JSON.parse(fs.readFileSync(knownFile, 'utf8'))[hostPort]).to.have.length(2);
    } finally {
      await rsaOnly.close();
    }

    // Another server in its place: its key is none of those kept, all named.
    const impostor = await sftpServer(login, (p) => files[p], both.port);
    try {
      const refused = await runCli(CLI, dataDir, ['--source', '641']);
      expect(refused.code).to.equal(1);
      expect(refused.stderr).to.contain(
        `the host key of ${hostPort} changed (ssh-ed25519 ${impostor.fingerprint}; kept ssh-ed25519 ` +
          `${keys['ssh-ed25519'].fingerprint}, ssh-rsa ${keys['ssh-rsa'].fingerprint} in ${knownFile})`,
      );
      expect(impostor.asked).to.deep.equal([]);
    } finally {
      await impostor.close();
    }
  });
});
