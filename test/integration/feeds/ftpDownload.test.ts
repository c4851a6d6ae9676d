import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { runCli } from '../../support/cli';
import { tempDirs } from '../../support/tempDirs';
import { ftpServer, type FtpFile } from '../../support/ftpServer';
import { generate } from 'selfsigned';
import { fixture } from './feedKit';
import { liveAds, runs } from './partnerServer';

const CLI = path.resolve(__dirname, '../../../src/services/feeds/cli.ts');

describe('npm run import of an FTP feed URL (feedDownload.ts, basic-ftp)', function () {
  this.timeout(60_000);
  const tempDir = tempDirs('trawl-ftp');
  const homes = fs.readFileSync(fixture('homes-es.xml'));
  const importUrl = (dataDir: string, url: string, ...more: string[]) =>
    runCli(CLI, dataDir, ['--source', '631', '--country', 'es', '--vertical', 'homes', ...more, url]);

  it('logs in, downloads and imports the feed, and fetches it again only when its time or size changed', async () => {
    let file: FtpFile = { body: homes, modified: '20261127080000' };
    const server = await ftpServer({ user: 'feeds', password: 's3cret' }, (p) =>
      p === 'exports/trovit.xml' ? file : undefined,
    );
    const url = `ftp://feeds:s3cret@127.0.0.1:${server.port}/exports/trovit.xml`;
    const shown = `ftp://feeds:***@127.0.0.1:${server.port}/exports/trovit.xml`;
    try {
      const dataDir = tempDir();
      const first = await importUrl(dataDir, url, '--json');
      expect(first.code, first.stderr).to.equal(0);
      const summary = JSON.parse(first.stdout);
      expect(summary.file).to.equal(shown);
      expect(summary.download).to.include({ status: 'downloaded', url: shown, bytes: homes.length });
      expect(fs.readFileSync(path.join(dataDir, 'feeds', 'source-631.feed')).equals(homes)).to.equal(true);
      expect(liveAds(dataDir, 631)).to.have.length(8);
      expect(server.commands).to.include.members(['USER feeds', 'PASS ***', 'RETR exports/trovit.xml']);
      expect(first.stdout + first.stderr).to.not.contain('s3cret');

      // The same time and size: not fetched, a not-modified run.
      const retrieved = () => server.commands.filter((c) => c.startsWith('RETR')).length;
      const again = await importUrl(dataDir, url);
      expect(again.code, again.stderr).to.equal(0);
      expect(again.stdout).to.contain(`${shown}: not changed since its last import`);
      expect(retrieved()).to.equal(1);

      // Written again by the partner without H1: fetched, and H1 expires.
      const without = homes.toString('utf8').replace(/<ad>\s*<id><!\[CDATA\[H1\]\]><\/id>[\s\S]*?<\/ad>/, '');
      file = { body: Buffer.from(without), modified: '20261127090000' };
      const changed = await importUrl(dataDir, url);
      expect(changed.code, changed.stderr).to.equal(0);
      expect(changed.stdout).to.match(/expired\s+1 \(1 missing from the feed/);
      expect(retrieved()).to.equal(2);
      expect(liveAds(dataDir, 631)).to.not.include('H1');
      expect(runs(dataDir, 631).map((r) => r.status)).to.deep.equal(['done', 'not-modified', 'done']);
    } finally {
      await server.close();
    }
  });

  it('stops with a clear error and applies nothing on a refused login, a missing file, a stall or a cut transfer', async () => {
    const files: Record<string, FtpFile> = {
      'feed.xml': { body: homes, modified: '20261127080000' },
      'stalls.xml': { body: homes, modified: '20261127080000', stallAfter: 500 },
      'cut.xml': { body: homes, modified: '20261127080000', cutAfter: 700 },
    };
    const server = await ftpServer({ user: 'feeds', password: 's3cret' }, (p) => files[p]);
    const at = (auth: string, file: string) => `ftp://${auth}127.0.0.1:${server.port}/${file}`;
    try {
      const dataDir = tempDir();
      const login = await importUrl(dataDir, at('feeds:wrong@', 'feed.xml'));
      expect(login.code).to.equal(1);
      expect(login.stderr).to.contain(`FTP ${at('feeds:***@', 'feed.xml')}: 530 Login incorrect`);

      const missing = await importUrl(dataDir, at('feeds:s3cret@', 'gone.xml'));
      expect(missing.code).to.equal(1);
      expect(missing.stderr).to.contain(`FTP ${at('feeds:***@', 'gone.xml')}: 550 No such file`);

      const stalled = await importUrl(dataDir, at('feeds:s3cret@', 'stalls.xml'), '--timeout', '1');
      expect(stalled.code).to.equal(1);
      expect(stalled.stderr).to.contain(`no data from ${at('feeds:***@', 'stalls.xml')} for 1 s`);
      const late = await importUrl(dataDir, at('feeds:s3cret@', 'stalls.xml'), '--timeout', '30', '--deadline', '1');
      expect(late.code).to.equal(1);
      expect(late.stderr).to.contain(`could not download ${at('feeds:***@', 'stalls.xml')} within 1s (--deadline)`);

      const cut = await importUrl(dataDir, at('feeds:s3cret@', 'cut.xml'));
      expect(cut.code).to.equal(1);
      expect(cut.stderr).to.contain(`the transfer ended at 700 of ${homes.length} bytes`);

      for (const res of [login, missing, stalled, late, cut]) {
        expect(res.stderr).to.contain('Nothing was applied.');
        expect(res.stderr).to.not.contain('s3cret');
      }
      expect(liveAds(dataDir, 631)).to.deep.equal([]);
      expect(runs(dataDir, 631).map((r) => r.status)).to.deep.equal(['failed', 'failed', 'failed', 'failed', 'failed']);
      expect(fs.readdirSync(path.join(dataDir, 'feeds'))).to.deep.equal([]);
    } finally {
      await server.close();
    }
  });

  it('speaks explicit TLS (ftps:) to a server that wants it, and trusts no certificate the system does not', async () => {
    const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
      keyType: 'ec',
      algorithm: 'sha256',
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
    });
    const dataDir = tempDir();
    const ca = path.join(dataDir, 'partner-ca.pem');
    fs.writeFileSync(ca, pems.cert);
    const server = await ftpServer(
      { user: 'feeds', password: 's3cret' },
      (p) => (p === 'trovit.xml' ? { body: homes, modified: '20261127080000' } : undefined),
      { key: pems.private, cert: pems.cert },
    );
    try {
      // Plain FTP: the server wants TLS before a login.
      const plain = await importUrl(dataDir, `ftp://feeds:s3cret@127.0.0.1:${server.port}/trovit.xml`);
      expect(plain.code).to.equal(1);
      expect(plain.stderr).to.contain('530 TLS required: use AUTH TLS');

      // A certificate no authority the process trusts signed: refused, nothing sent in the clear.
      const url = `ftps://feeds:s3cret@127.0.0.1:${server.port}/trovit.xml`;
      const untrusted = await importUrl(dataDir, url);
      expect(untrusted.code).to.equal(1);
      expect(untrusted.stderr).to.match(
        /could not download ftps:\/\/feeds:\*\*\*@127\.0\.0\.1:\d+\/trovit\.xml: self[- ]signed certificate/,
      );
      expect(liveAds(dataDir, 631)).to.deep.equal([]);

      // Trusted (as a partner's CA added to the system's): logged in and fetched over TLS.
      const site = ['--source', '631', '--country', 'es', '--vertical', 'homes'];
      const secure = await runCli(CLI, dataDir, [...site, url], { NODE_EXTRA_CA_CERTS: ca });
      expect(secure.code, secure.stderr).to.equal(0);
      expect(liveAds(dataDir, 631)).to.have.length(8);
      const order = ['AUTH TLS', 'USER feeds', 'PROT P', 'RETR trovit.xml'].map((c) => server.commands.lastIndexOf(c));
      expect(
        order.every((i, n) => i !== -1 && (n === 0 || i > (order[n - 1] as number))),
        server.commands.join(', '),
      ).to.equal(true);
    } finally {
      await server.close();
    }
  });
});
