import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { writeSyntheticFeed } from '../../../src/services/feeds/syntheticFeed';
import { runCli } from '../../support/cli';
import { tempDirs } from '../../support/tempDirs';
import { markedEncrypted, saidCompressedWith, saidUnzippedSize, zipOf } from '../../support/zip';
import { fixture } from './feedKit';
import { liveAds, partnerServer, runs } from './partnerServer';

const CLI = path.resolve(__dirname, '../../../src/services/feeds/cli.ts');

/** What a run left in the data directory's feeds folder (none of a file import's; a URL's kept download). */
const feedFiles = (dataDir: string) => {
  const dir = path.join(dataDir, 'feeds');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};

describe('a feed sent as a zip (zippedFeed.ts)', function () {
  this.timeout(120_000);
  const tempDir = tempDirs('trawl-zip');
  const homes = fs.readFileSync(fixture('homes-es.xml'));
  const site = ['--country', 'es', '--vertical', 'homes'];
  const importFile = (dataDir: string, source: number, file: string) =>
    runCli(CLI, dataDir, ['--source', String(source), ...site, '--json', file]);
  /** A zip written to a file of the test's (named as partners name them, or not at all). */
  const zipFile = async (name: string, entries: Parameters<typeof zipOf>[0]) => {
    const file = path.join(tempDir(), name);
    fs.writeFileSync(file, await zipOf(entries));
    return file;
  };

  it('imports the feed a zip holds as it imports the file itself, its lines the same, leaving nothing behind', async () => {
    const plainDir = tempDir();
    const plain = await importFile(plainDir, 951, fixture('homes-es.xml'));
    expect(plain.code, plain.stderr).to.equal(0);
    const expected = JSON.parse(plain.stdout);

    // In a folder, beside a readme and what macOS's archiver adds; the zip called "export", no extension.
    const zip = await zipFile('export', [
      { name: 'trovit/', body: '' },
      { name: 'trovit/feed.xml', body: homes },
      { name: '__MACOSX/trovit/._feed.xml', body: 'resource fork' },
      { name: 'README.txt', body: 'Our feed, daily.' },
    ]);
    const dataDir = tempDir();
    const zipped = await importFile(dataDir, 951, zip);
    expect(zipped.code, zipped.stderr).to.equal(0);
    const summary = JSON.parse(zipped.stdout);
    expect(summary.file).to.equal(zip);
    expect(summary.unzipped).to.deep.equal({ entry: 'trovit/feed.xml', bytes: homes.length });
    for (const figure of ['format', 'records', 'imported', 'expired', 'rejected', 'rejections', 'warnings'])
      expect(summary[figure], figure).to.deep.equal(expected[figure]);
    expect(liveAds(dataDir, 951)).to.deep.equal(liveAds(plainDir, 951)).and.to.have.length(8);
    expect(feedFiles(dataDir)).to.deep.equal([]);

    // Its summary says which file the lines are of.
    const shown = await runCli(CLI, dataDir, ['--source', '951', zip]);
    expect(shown.code, shown.stderr).to.equal(0);
    expect(shown.stdout).to.contain('  zip        read trovit/feed.xml (7 KB); lines are of it\n');

    // A JSON-lines feed, stored rather than deflated: read as JSON lines by its name.
    const jsonl = await zipFile('feed.zip', [
      { name: 'feed.jsonl', body: fs.readFileSync(fixture('homes-es.jsonl')), stored: true },
    ]);
    const lines = await importFile(tempDir(), 952, jsonl);
    expect(lines.code, lines.stderr).to.equal(0);
    expect(JSON.parse(lines.stdout)).to.deep.include({ format: 'jsonl' });
    expect(JSON.parse(lines.stdout).imported).to.be.above(0);
  });

  it("imports a big zipped feed as a big file, and removes what a killed run's unzipping left", async () => {
    const dir = tempDir();
    const feed = path.join(dir, 'big.xml');
    // Past the size from which an import's threads share the file.
    await writeSyntheticFeed(feed, { count: 9000 });
    expect(fs.statSync(feed).size).to.be.above(8 << 20);
    const zip = await zipFile('big.zip', [{ name: 'big.xml', body: fs.readFileSync(feed) }]);
    const dataDir = tempDir();
    // A killed run's half-written feed: its process is gone.
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    fs.mkdirSync(path.join(dataDir, 'feeds'));
    const left = `source-953.${dead}-1700000000000.unzipped.xml`;
    fs.writeFileSync(path.join(dataDir, 'feeds', left), '<trovit><ad>');
    const other = `source-954.${dead}-1700000000000.unzipped.xml`;
    fs.writeFileSync(path.join(dataDir, 'feeds', other), '<trovit><ad>');

    const res = await importFile(dataDir, 953, zip);
    expect(res.code, res.stderr).to.equal(0);
    const summary = JSON.parse(res.stdout);
    expect(summary).to.deep.include({ records: 9000, imported: 9000, rejected: 0 });
    expect(summary.unzipped).to.deep.equal({ entry: 'big.xml', bytes: fs.statSync(feed).size });
    expect(res.stderr).to.match(/^import: unzipping the feed, [\d.]+ (KB|MB) of 1\d\.\d MB$/m);
    // Another source's leftover is that source's run's to clear.
    expect(feedFiles(dataDir)).to.deep.equal([other]);
  });

  it('stops at a zip it cannot read with a clear error: nothing applied, the run failed in the history', async () => {
    const good = await zipOf([{ name: 'feed.xml', body: homes }]);
    const stored = await zipOf([{ name: 'feed.xml', body: homes, stored: true }]);
    // A byte of the stored feed changed: the zip reads, its checksum does not match.
    const flipped = Buffer.from(stored);
    const at = flipped.indexOf('<trovit>', 0, 'latin1') + 3;
    flipped[at] = (flipped[at] as number) ^ 0x20;
    const cases: [string, Buffer, string][] = [
      ['cut short', good.subarray(0, good.length >> 1), 'The zip cannot be read ('],
      ['damaged', flipped, 'The zip data is damaged: feed.xml does not match its checksum'],
      [
        'holding two feeds',
        await zipOf([
          { name: 'pisos.xml', body: homes },
          { name: 'casas.xml', body: homes },
          { name: 'logo.png', body: 'png' },
        ]),
        'The zip holds several feeds (pisos.xml, casas.xml): import each, unzipped, into a source of its own',
      ],
      [
        'holding no feed',
        await zipOf([
          { name: 'logo.png', body: 'png' },
          { name: 'README.txt', body: 'hello' },
        ]),
        'The zip holds no file named as a feed (.xml, .jsonl): logo.png, README.txt',
      ],
      ['empty', await zipOf([]), 'The zip holds no file'],
      [
        'compressed with bzip2',
        saidCompressedWith(good, 12),
        "The zip's feed.xml is compressed with bzip2, which is not read: ask the partner for a zip compressed as " +
          'most are (deflate), or for gzip',
      ],
      [
        'encrypted',
        markedEncrypted(good),
        "The zip's feed.xml is encrypted: ask the partner for it without a password",
      ],
    ];
    for (const [what, bytes, message] of cases) {
      const dataDir = tempDir();
      const file = path.join(tempDir(), 'feed.zip');
      fs.writeFileSync(file, bytes);
      const res = await runCli(CLI, dataDir, ['--source', '955', ...site, file]);
      expect(res.code, `${what}: ${res.stderr}`).to.equal(1);
      expect(res.stderr, what).to.contain(`import failed: malformed feed ${file}: ${message}`);
      expect(res.stderr, what).to.contain('Nothing of it was applied.');
      expect(liveAds(dataDir, 955), what).to.deep.equal([]);
      expect(runs(dataDir, 955), what).to.deep.equal([{ file, status: 'failed' }]);
      expect(feedFiles(dataDir), what).to.deep.equal([]);
    }
  });

  it('stops before unzipping a feed the disk has no room for, and refuses a zip for a source of another site', async () => {
    // A zip that says its feed is a petabyte (as one made to fill a disk may): nothing written.
    const huge = saidUnzippedSize(await zipOf([{ name: 'feed.xml', body: homes, zip64: true }]), 2 ** 50);
    const file = path.join(tempDir(), 'feed.zip');
    fs.writeFileSync(file, huge);
    const dataDir = tempDir();
    const res = await runCli(CLI, dataDir, ['--source', '957', ...site, file]);
    expect(res.code).to.equal(1);
    expect(res.stderr).to.match(
      new RegExp(
        `^import failed: not enough room to unzip feed\\.xml \\(1048576\\.0 GB\\) in ${path.join(dataDir, 'feeds')}: ` +
          '[\\d.]+ GB free, and an import needs 0\\.5 GB more\\nNothing was applied\\.\\n$',
      ),
    );
    expect(feedFiles(dataDir)).to.deep.equal([]);
    expect(liveAds(dataDir, 957)).to.deep.equal([]);
    // In the source's history, as a malformed feed's run is (the feed metrics say the feed failed).
    expect(runs(dataDir, 957)).to.deep.equal([{ file, status: 'failed' }]);

    // A source of another site: refused before a byte is unzipped, and no run of it recorded, as for any file.
    const ok = await importFile(dataDir, 957, fixture('homes-es.xml'));
    expect(ok.code, ok.stderr).to.equal(0);
    const bad = path.join(tempDir(), 'two.zip');
    fs.writeFileSync(
      bad,
      await zipOf([
        { name: 'a.xml', body: homes },
        { name: 'b.xml', body: homes },
      ]),
    );
    const other = await runCli(CLI, dataDir, [
      '--source',
      '957',
      '--country',
      'uk',
      '--vertical',
      'cars',
      '--json',
      bad,
    ]);
    expect(other.code).to.equal(2);
    expect(other.stderr).to.contain('publishes on es/homes');
    expect(JSON.parse(other.stdout)).to.deep.include({ status: 'refused' });
    expect(JSON.parse(other.stdout).error).to.contain('publishes on es/homes');
    expect(runs(dataDir, 957).map((r) => r.status)).to.deep.equal(['failed', 'done']);
  });

  it("imports a zip from a partner's URL, keeps it as downloaded, and fetches it again only when it changed", async () => {
    const zip = await zipOf([{ name: 'export/trovit.xml', body: homes }]);
    const huge = saidUnzippedSize(await zipOf([{ name: 'feed.xml', body: homes, zip64: true }]), 2 ** 50);
    const server = await partnerServer((req, res) => {
      if (req.url === '/huge.zip') res.writeHead(200, { 'content-type': 'application/zip' }).end(huge);
      else if (req.headers['if-none-match'] === '"z1"') res.writeHead(304).end();
      else res.writeHead(200, { 'content-type': 'application/zip', etag: '"z1"' }).end(zip);
    });
    const dataDir = tempDir();
    try {
      const url = server.url('/trovit.zip');
      const first = await runCli(CLI, dataDir, ['--source', '956', ...site, '--json', url]);
      expect(first.code, first.stderr).to.equal(0);
      const summary = JSON.parse(first.stdout);
      expect(summary.unzipped).to.deep.equal({ entry: 'export/trovit.xml', bytes: homes.length });
      expect(summary.imported).to.equal(8);
      expect(liveAds(dataDir, 956)).to.have.length(8);
      // The download is kept as the partner sent it (the zip); nothing unzipped is left.
      expect(fs.readFileSync(path.join(dataDir, 'feeds', 'source-956.feed')).equals(zip)).to.equal(true);
      expect(feedFiles(dataDir)).to.deep.equal(['source-956.feed', 'source-956.json']);

      const again = await runCli(CLI, dataDir, ['--source', '956']);
      expect(again.code, again.stderr).to.equal(0);
      expect(again.stdout).to.contain('not changed since its last import');
      expect(server.asked).to.have.length(2);

      // A zip the disk has no room for: the run failed once in the history, and the download kept for a look.
      const hugeUrl = server.url('/huge.zip');
      const full = await runCli(CLI, dataDir, ['--source', '958', ...site, hugeUrl]);
      expect(full.code).to.equal(1);
      expect(full.stderr).to.contain('import failed: not enough room to unzip feed.xml (1048576.0 GB)');
      expect(full.stderr).to.contain(`The download is kept at ${path.join(dataDir, 'feeds', 'source-958.failed')}.`);
      expect(runs(dataDir, 958)).to.deep.equal([{ file: hugeUrl, status: 'failed' }]);
    } finally {
      await server.close();
    }
  });
});
