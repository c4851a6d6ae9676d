import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { runCli } from '../../support/cli';
import { tempDirs } from '../../support/tempDirs';
import { closedPort } from '../../support/ports';
import { fixture } from './feedKit';
import { liveAds, partnerServer, runs } from './partnerServer';

const CLI = path.resolve(__dirname, '../../../src/services/feeds/cli.ts');

describe('npm run import of a feed URL (src/services/feeds/feedDownload.ts)', function () {
  this.timeout(60_000);
  const tempDir = tempDirs('trawl-download');
  const homes = fs.readFileSync(fixture('homes-es.xml'));
  const importUrl = (dataDir: string, url: string, ...more: string[]) =>
    runCli(CLI, dataDir, ['--source', '601', '--country', 'es', '--vertical', 'homes', ...more, url]);

  it('downloads, imports and keeps the feed; fetches it again only when it changed', async () => {
    let feed = homes;
    let etag = '"v1"';
    const server = await partnerServer((req, res) => {
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/xml', etag }).end(feed);
    });
    try {
      const dataDir = tempDir();
      const first = await importUrl(dataDir, server.url('/feeds/trawl.xml'), '--json');
      expect(first.code, first.stderr).to.equal(0);
      const summary = JSON.parse(first.stdout);
      expect(summary).to.include({ file: server.url('/feeds/trawl.xml'), imported: 8, rejected: 3 });
      expect(summary.download).to.include({ status: 'downloaded', bytes: homes.length });
      // The kept file is the partner's, byte for byte: a rejection's line can be looked up in it.
      expect(fs.readFileSync(summary.download.file).equals(homes)).to.equal(true);
      expect(summary.download.file).to.equal(path.join(dataDir, 'feeds', 'source-601.feed'));
      expect(liveAds(dataDir, 601)).to.have.length(8);
      expect(server.asked[0]?.headers['user-agent']).to.match(/^Trawl-FeedFetcher/);
      expect(server.asked[0]?.headers).to.not.have.property('if-none-match');

      // Unchanged: asked with the last ETag, answered 304, nothing imported (a run that says so).
      const again = await importUrl(dataDir, server.url('/feeds/trawl.xml'));
      expect(again.code, again.stderr).to.equal(0);
      expect(again.stdout).to.contain('not changed since its last import');
      expect(server.asked[1]?.headers['if-none-match']).to.equal('"v1"');
      expect(runs(dataDir, 601).map((r) => r.status)).to.deep.equal(['done', 'not-modified']);
      expect(liveAds(dataDir, 601)).to.have.length(8);

      // Changed: the partner dropped H1, so it expires.
      feed = Buffer.from(homes.toString('utf8').replace(/<ad>\s*<id><!\[CDATA\[H1\]\]><\/id>[\s\S]*?<\/ad>/, ''));
      expect(feed.length).to.be.below(homes.length);
      etag = '"v2"';
      const changed = await importUrl(dataDir, server.url('/feeds/trawl.xml'), '--json');
      expect(changed.code, changed.stderr).to.equal(0);
      expect(JSON.parse(changed.stdout)).to.include({ expiredMissing: 1 });
      expect(liveAds(dataDir, 601)).to.not.include('H1');
      expect(runs(dataDir, 601).map((r) => r.file)).to.deep.equal([
        server.url('/feeds/trawl.xml'),
        server.url('/feeds/trawl.xml'),
        server.url('/feeds/trawl.xml'),
      ]);
      expect(fs.readdirSync(path.join(dataDir, 'feeds')).sort()).to.deep.equal(['source-601.feed', 'source-601.json']);

      // A file imported for the source since: the next fetch asks in full.
      const local = await runCli(CLI, dataDir, [
        '--source',
        '601',
        '--country',
        'es',
        '--vertical',
        'homes',
        fixture('homes-es.xml'),
      ]);
      expect(local.code, local.stderr).to.equal(0);
      const full = await importUrl(dataDir, server.url('/feeds/trawl.xml'));
      expect(full.code, full.stderr).to.equal(0);
      expect(server.asked.at(-1)?.headers).to.not.have.property('if-none-match');
      expect(full.stdout, full.stdout).to.match(/expired\s+1 \(1 missing from the feed/);
    } finally {
      await server.close();
    }
  });

  it('sends the URL’s credentials as Basic auth, never shows the password, and reads a gzip-encoded body', async () => {
    const server = await partnerServer((req, res) => {
      if (req.headers.authorization !== `Basic ${Buffer.from('trawl:s3cret pass').toString('base64')}`) {
        res.writeHead(401, { 'www-authenticate': 'Basic realm="feeds"' }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/xml', 'content-encoding': 'gzip' }).end(zlib.gzipSync(homes));
    });
    try {
      const dataDir = tempDir();
      const res = await importUrl(dataDir, server.url('/feed.xml', 'trawl:s3cret%20pass@'));
      expect(res.code, res.stderr).to.equal(0);
      expect(res.stdout).to.match(/imported\s+8/);
      expect(res.stdout).to.contain(server.url('/feed.xml', 'trawl:***@'));
      expect(res.stdout + res.stderr).to.not.contain('s3cret');
      expect(runs(dataDir, 601)[0]?.file).to.equal(server.url('/feed.xml', 'trawl:***@'));
      const denied = await importUrl(dataDir, server.url('/feed.xml', 'trawl:wrong@'));
      expect(denied.code).to.equal(1);
      expect(denied.stderr).to.contain(`GET ${server.url('/feed.xml', 'trawl:***@')}: HTTP 401 Unauthorized`);
      expect(denied.stderr).to.contain('Nothing was applied');

      // A key in the query, as many partners give one: shown masked, sent as given.
      const keyed = await importUrl(
        dataDir,
        server.url('/feed.xml?city=Oviedo&api_key=k3y&token=t0k', 'trawl:s3cret%20pass@'),
      );
      expect(keyed.code, keyed.stderr).to.equal(0);
      expect(server.asked.at(-1)?.path).to.equal('/feed.xml?city=Oviedo&api_key=k3y&token=t0k');
      expect(keyed.stdout).to.contain(server.url('/feed.xml?city=Oviedo&api_key=***&token=***', 'trawl:***@'));
      expect(keyed.stdout + keyed.stderr).to.not.match(/k3y|t0k|s3cret/);
      expect(runs(dataDir, 601).at(-1)?.file).to.not.match(/k3y|t0k/);
      expect(fs.readFileSync(path.join(dataDir, 'feeds', 'source-601.json'), 'utf8')).to.not.match(/k3y|t0k|s3cret/);
    } finally {
      await server.close();
    }
  });

  it('goes through the proxy the environment names (HTTP_PROXY, its credentials), but not for NO_PROXY hosts', async () => {
    const partner = await partnerServer((req, res) =>
      res.writeHead(200, { 'content-type': 'application/xml' }).end(homes),
    );
    // A forward proxy on loopback: it takes the request for the feed's whole URL and passes it on.
    const proxied: { url: string; auth: string | undefined }[] = [];
    const proxy = http.createServer((req, res) => {
      proxied.push({ url: req.url ?? '', auth: req.headers['proxy-authorization'] });
      if (req.headers['proxy-authorization'] !== `Basic ${Buffer.from('ops:pr0xy').toString('base64')}`) {
        res.writeHead(407, { 'proxy-authenticate': 'Basic realm="egress"' }).end();
        return;
      }
      const onward = http.request(req.url ?? '', { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      onward.on('error', () => res.writeHead(502).end());
      req.pipe(onward);
    });
    const connects: string[] = [];
    proxy.on('connect', (req, socket) => {
      connects.push(req.url ?? '');
      socket.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="egress"\r\n\r\n');
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxyUrl = (auth: string) => `http://${auth}127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    try {
      const dataDir = tempDir();
      const feed = partner.url('/feed.xml');
      const via = (env: Record<string, string>) =>
        runCli(CLI, dataDir, ['--source', '601', '--country', 'es', '--vertical', 'homes', feed], env);

      const denied = await via({ HTTP_PROXY: proxyUrl('') });
      expect(denied.code).to.equal(1);
      expect(denied.stderr).to.contain(`could not download ${feed}: Proxy Authentication Required (407)`);
      expect(partner.asked).to.have.length(0);

      const through = await via({ http_proxy: proxyUrl('ops:pr0xy@') });
      expect(through.code, through.stderr).to.equal(0);
      expect(liveAds(dataDir, 601)).to.have.length(8);
      expect(proxied.map((p) => p.url)).to.deep.equal([feed, feed]);
      expect(partner.asked).to.have.length(1);
      expect(through.stdout + through.stderr).to.not.contain('pr0xy');

      const direct = await via({ HTTP_PROXY: proxyUrl('ops:pr0xy@'), NO_PROXY: '127.0.0.1' });
      expect(direct.code, direct.stderr).to.equal(0);
      expect(proxied).to.have.length(2);
      expect(partner.asked).to.have.length(2);

      const port = await closedPort();
      const down = await via({ HTTP_PROXY: `http://127.0.0.1:${port}` });
      expect(down.code).to.equal(1);
      expect(down.stderr).to.contain(`could not download ${feed}: connect ECONNREFUSED 127.0.0.1:${port}`);

      // An https feed goes through a tunnel (CONNECT), which this proxy refuses without credentials.
      const secure = `https://127.0.0.1:${port}/feed.xml`;
      const tunnel = await runCli(CLI, dataDir, ['--source', '601', secure], { HTTPS_PROXY: proxyUrl('') });
      expect(tunnel.code).to.equal(1);
      expect(tunnel.stderr, tunnel.stderr).to.contain(
        `could not download ${secure}: the proxy refused the tunnel (HTTP 407)`,
      );
      expect(connects).to.deep.equal([`127.0.0.1:${port}`]);

      // Proxy settings that are not a URL: said, and the run recorded as failed.
      const garbled = await via({ HTTP_PROXY: 'not a proxy' });
      expect(garbled.code).to.equal(1);
      expect(garbled.stderr).to.contain('the proxy in HTTP_PROXY / HTTPS_PROXY is not usable');
      expect(runs(dataDir, 601).at(-1)?.status).to.equal('failed');
    } finally {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await partner.close();
    }
  });

  it('stops with a clear error and applies nothing on a missing feed, a stalled one, a web page or a refused connection', async () => {
    const server = await partnerServer((req, res) => {
      if (req.url === '/stalls.xml') {
        // Headers and part of the body, then nothing.
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.write(homes.subarray(0, 2000));
        return;
      }
      if (req.url === '/trickles.xml') {
        // A little now and then, never silent for long: only the whole download's deadline stops it.
        res.writeHead(200, { 'content-type': 'application/xml' });
        let at = 0;
        const drip = setInterval(() => res.write(homes.subarray(at, (at += 50))), 200);
        res.on('close', () => clearInterval(drip));
        return;
      }
      if (req.url === '/login') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html><body>Log in</body></html>');
        return;
      }
      res.writeHead(404).end();
    });
    try {
      const dataDir = tempDir();
      const missing = await importUrl(dataDir, server.url('/gone.xml'));
      expect(missing.code).to.equal(1);
      expect(missing.stderr).to.contain(`GET ${server.url('/gone.xml')}: HTTP 404 Not Found`);

      const stalled = await importUrl(dataDir, server.url('/stalls.xml'), '--timeout', '1');
      expect(stalled.code).to.equal(1);
      expect(stalled.stderr).to.contain(`no data from ${server.url('/stalls.xml')} for 1 s`);

      const started = Date.now();
      const trickled = await importUrl(dataDir, server.url('/trickles.xml'), '--timeout', '1', '--deadline', '2');
      expect(trickled.code).to.equal(1);
      expect(trickled.stderr).to.contain(`could not download ${server.url('/trickles.xml')} within 2s (--deadline)`);
      expect(Date.now() - started).to.be.below(15_000);

      const page = await importUrl(dataDir, server.url('/login'));
      expect(page.code).to.equal(1);
      expect(page.stderr).to.contain('the server answered with a web page, text/html');
      const failed = path.join(dataDir, 'feeds', 'source-601.failed');
      expect(page.stderr).to.contain(`The download is kept at ${failed}`);
      expect(fs.readFileSync(failed, 'utf8')).to.contain('Log in');

      const port = await closedPort();
      const closed = await importUrl(dataDir, `http://127.0.0.1:${port}/feed.xml`);
      expect(closed.code).to.equal(1);
      expect(closed.stderr).to.contain(`could not download http://127.0.0.1:${port}/feed.xml: connect ECONNREFUSED`);

      // Nothing of any of them applied, and no part-downloads left.
      expect(liveAds(dataDir, 601)).to.deep.equal([]);
      expect(runs(dataDir, 601).every((r) => r.status !== 'done')).to.equal(true);
      expect(fs.readdirSync(path.join(dataDir, 'feeds'))).to.deep.equal(['source-601.failed']);
    } finally {
      await server.close();
    }
  });

  it('refuses what it cannot fetch, and a source of another site, before asking the partner', async () => {
    const server = await partnerServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/xml' }).end(homes);
    });
    try {
      const dataDir = tempDir();
      const scp = await importUrl(dataDir, 'scp://127.0.0.1/feed.xml');
      expect(scp.code).to.equal(2);
      expect(scp.stderr).to.contain('a feed is fetched over http, https, ftp, ftps or sftp, not scp');
      const folders = [
        'ftp://feeds:secret@127.0.0.1/',
        'ftp://feeds:secret@127.0.0.1/exports/',
        'sftp://feeds:secret@127.0.0.1/srv/',
      ];
      for (const url of folders) {
        const folder = await importUrl(dataDir, url);
        expect(folder.code).to.equal(2);
        expect(folder.stderr).to.contain(`${url.replace('secret', '***')} names no file (a folder)`);
      }
      const timeout = await importUrl(dataDir, server.url('/feed.xml'), '--timeout', '0');
      expect(timeout.code).to.equal(2);
      expect(timeout.stderr).to.contain('--timeout must be a number of seconds');
      for (const deadline of ['0', '2x', '7h']) {
        const res = await importUrl(dataDir, server.url('/feed.xml'), '--deadline', deadline);
        expect(res.code).to.equal(2);
        expect(res.stderr).to.contain('--deadline must be a duration from 1s to 6h, as 90m, 6h or 1d');
      }
      // A file is not downloaded: its --timeout or --deadline would be a mistake, not a setting.
      for (const option of ['--timeout', '--deadline']) {
        const res = await importUrl(dataDir, fixture('homes-es.xml'), option, '5');
        expect(res.code).to.equal(2);
        expect(res.stderr).to.contain(`${option} is for a feed URL: a file is not downloaded`);
      }
      // A download left by a run killed before its import (its process gone) is removed; a running one's stays.
      const feeds = path.join(dataDir, 'feeds');
      fs.mkdirSync(feeds, { recursive: true });
      const killed = path.join(feeds, 'source-601.999999999-1.download');
      const running = path.join(feeds, `source-601.${process.pid}-1.download`);
      fs.writeFileSync(killed, '<trovit>');
      fs.writeFileSync(running, '<trovit>');
      expect((await importUrl(dataDir, server.url('/feed.xml'))).code).to.equal(0);
      expect(fs.existsSync(killed)).to.equal(false);
      expect(fs.existsSync(running)).to.equal(true);
      const otherSite = await runCli(CLI, dataDir, [
        '--source',
        '601',
        '--country',
        'uk',
        '--vertical',
        'cars',
        server.url('/feed.xml'),
      ]);
      expect(otherSite.code).to.equal(2);
      expect(otherSite.stderr).to.contain('Source 601 publishes on es/homes');
      expect(server.asked).to.have.length(1);
    } finally {
      await server.close();
    }
  });
});
