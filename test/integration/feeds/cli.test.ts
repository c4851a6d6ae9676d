import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { syntheticAd, writeSyntheticFeed } from '../../../src/services/feeds/syntheticFeed';
import { SqliteSearchStore } from '../../../src/services/search/SqliteSearchStore';
import { fixture } from './feedKit';

const ROOT = path.resolve(__dirname, '../../..');
const CLI = path.join(ROOT, 'src/services/feeds/cli.ts');
const node = (args: string[], dataDir: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });

/** Runs an import and kills it (SIGKILL) once it has written a batch and is still applying. */
async function killWhileApplying(args: string[], dataDir: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
  });
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no apply phase seen: ${stderr}`)), 40_000);
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (/applying [1-9]\d*\//.test(stderr) && !child.killed) {
        clearTimeout(timer);
        child.kill('SIGKILL');
        resolve();
      }
    });
    child.on('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  await new Promise((resolve) => child.on('close', resolve));
  expect(child.signalCode, 'the import must still be running when killed').to.equal('SIGKILL');
}

describe('npm run import (src/services/feeds/cli.ts)', function () {
  this.timeout(60_000);
  let dataDir: string;
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-import-'));
    dirs.push(dir);
    return dir;
  };
  before(() => {
    dataDir = tempDir();
  });
  after(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('imports a feed into DATA_DIR, with a summary (--json) and exit code 0', () => {
    const res = node(
      ['--source', '501', '--country', 'es', '--vertical', 'homes', '--json', fixture('homes-es.xml')],
      dataDir,
    );
    expect(res.status, res.stderr).to.equal(0);
    const summary = JSON.parse(res.stdout);
    expect(summary).to.include({ records: 12, imported: 8, rejected: 3, expired: 1 });
    expect(summary.rejections[0]).to.deep.equal({ line: 97, id: 'H6', reason: 'missing url' });
    expect(fs.existsSync(path.join(dataDir, 'search.sqlite'))).to.equal(true);
    const text = node(['--source', '501', '--country', 'es', '--vertical', 'homes', fixture('homes-es.xml')], dataDir);
    expect(text.status).to.equal(0);
    // H9 (past its expiration date) stays expired and counts as unchanged.
    expect(text.stdout).to.match(/unchanged\s+9/);
    expect(text.stdout).to.contain('line 103 (id H7): content is 13 characters');
    expect(text.stderr).to.contain('import:');
  });

  it('reads a relative feed path from where npm run import was typed, not from the package (npm --prefix)', () => {
    const typedIn = tempDir();
    fs.copyFileSync(fixture('homes-es.xml'), path.join(typedIn, 'partner.xml'));
    const npm = (env: NodeJS.ProcessEnv) =>
      spawnSync(
        'npm',
        [
          '--prefix',
          ROOT,
          'run',
          '--silent',
          'import',
          '--',
          '--source',
          '502',
          '--country',
          'es',
          '--vertical',
          'homes',
          '--json',
          'partner.xml',
        ],
        {
          cwd: typedIn,
          env: { ...process.env, ...env, DATA_DIR: dataDir },
          encoding: 'utf8',
        },
      );
    const res = npm({});
    expect(res.status, res.stderr).to.equal(0);
    expect(JSON.parse(res.stdout)).to.include({ records: 12, imported: 8 });
    // Started by another npm script (a test run), the path is the process's own directory's.
    const inTest = node(['--source', '502', '--country', 'es', '--vertical', 'homes', 'partner.xml'], dataDir);
    expect(inTest.status).to.equal(2);
    expect(inTest.stderr).to.contain('no such file: partner.xml');
  });

  it('says plainly, without a stack, that it may not read a file', () => {
    // Root reads any file: where this runs as root, it runs the import without that power (the same user,
    // so the checkout stays readable, whatever its folder's mode).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-unreadable-'));
    const file = path.join(dir, 'feed.xml');
    fs.copyFileSync(fixture('homes-es.xml'), file);
    fs.chmodSync(file, 0o000);
    const asUser = process.getuid?.() === 0 ? ['setpriv', '--bounding-set=-dac_override,-dac_read_search'] : [];
    const [command, ...prefix] = [...asUser, process.execPath];
    const res = spawnSync(
      command as string,
      [...prefix, '--import', 'tsx', CLI, '--source', '1', '--country', 'es', '--vertical', 'homes', file],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dir, HOME: dir }, encoding: 'utf8' },
    );
    fs.rmSync(dir, { recursive: true, force: true });
    expect(res.status, res.stderr).to.equal(2);
    expect(res.stderr).to.contain(`cannot read ${file}: permission denied`);
    expect(res.stderr).to.not.match(/\n\s+at /);
  });

  it('answers bad arguments with exit code 2 and the usage', () => {
    for (const args of [
      ['--source', 'x', '--country', 'es', '--vertical', 'homes', fixture('homes-es.xml')],
      ['--source', '1', '--country', 'zz', '--vertical', 'boats', '--bogus', fixture('homes-es.xml')],
      ['--source', '1', '--country', 'es', '--vertical', 'homes', '/no/such/file.xml'],
      // Source 501 publishes on es/homes.
      ['--source', '501', '--country', 'uk', '--vertical', 'cars', fixture('cars-uk.xml')],
    ]) {
      const res = node(args, dataDir);
      expect(res.status, args.join(' ')).to.equal(2);
      expect(res.stderr).to.match(/usage: npm run import|publishes on/);
    }
    const directory = node(['--source', '1', '--country', 'es', '--vertical', 'homes', os.tmpdir()], dataDir);
    expect(directory.status).to.equal(2);
    expect(directory.stderr).to.contain(`not a file: ${os.tmpdir()}`);
    // An option given twice is named, not settled by the last one.
    const twice = node(
      ['--source', '1', '--source', '2', '--country', 'es', '--vertical', 'homes', fixture('homes-es.xml')],
      dataDir,
    );
    expect(twice.status).to.equal(2);
    expect(twice.stderr).to.contain('--source is given twice');
    // A mistyped DATA_DIR is refused, and nothing is made there.
    const missing = path.join(tempDir(), 'no', 'such', 'dir');
    const typo = node(['--source', '502', '--country', 'es', '--vertical', 'homes', fixture('homes-es.xml')], missing);
    expect(typo.status).to.equal(2);
    expect(typo.stderr).to.contain(`DATA_DIR ${missing} does not exist`);
    expect(fs.existsSync(path.dirname(missing))).to.equal(false);
  });

  it('takes the vertical and the country in any case, and gives a small run its time, not a rate', () => {
    const dir = tempDir();
    const res = node(['--source', '503', '--country', 'ES', '--vertical', 'Homes', fixture('homes-es.xml')], dir);
    expect(res.status, res.stderr).to.equal(0);
    expect(res.stdout).to.match(/expired\s+1 \(0 missing from the feed, 1 past their expiration date\)/);
    // A small run says how long it took, not a rate of a few records.
    expect(res.stdout).to.match(/\n {2}[\d.]+ s\n?$/);
  });

  it('stops on a malformed file with exit code 1 and a clear error', () => {
    const res = node(['--source', '501', '--country', 'es', '--vertical', 'homes', fixture('truncated.xml')], dataDir);
    expect(res.status).to.equal(1);
    expect(res.stderr).to.contain('malformed feed');
    expect(res.stderr).to.contain('truncated');
    expect(res.stderr).to.contain('Nothing of it was applied');
  });

  it('killed with SIGKILL half way, leaves the store consistent; the next run completes it', async () => {
    const count = 12_000;
    dataDir = tempDir();
    const v1 = path.join(dataDir, 'v1.xml');
    const v2 = path.join(dataDir, 'v2.xml');
    await writeSyntheticFeed(v1, { count });
    await writeSyntheticFeed(v2, { count, revision: 2 });
    const args = (file: string) => ['--source', '777', '--country', 'es', '--vertical', 'homes', '--json', file];
    const first = node(args(v1), dataDir);
    expect(first.status, first.stderr).to.equal(0);
    expect(JSON.parse(first.stdout)).to.include({ imported: count, rejected: 0 });

    // Revision 2 drops every 10th ad and lowers every 7th price; kill it while it applies.
    await killWhileApplying(args(v2), dataDir);

    // Consistent: nothing expired yet, each ad is either its old or its new version, the index agrees.
    const store = new SqliteSearchStore(dataDir);
    try {
      const site = { country: 'es', vertical: 'homes' as const };
      expect(await store.countAds(site)).to.equal(count);
      const priceOf = (i: number, revision: 1 | 2) =>
        Number(/<price[^>]*><!\[CDATA\[(\d+)\]\]>/.exec(syntheticAd(i, { count, revision }) as string)?.[1]);
      let updated = 0;
      for (let i = 0; i < count; i += 7) {
        const ad = await store.getAdByPartner(777, `S${i}`);
        expect(ad?.expired, `S${i}`).to.equal(false);
        const v = ad?.price?.value;
        const old = priceOf(i, 1);
        if (i % 10 === 0) expect(v).to.equal(old);
        else {
          expect([old, priceOf(i, 2)]).to.include(v);
          if (v !== old) {
            updated++;
            expect(ad?.price?.oldValue).to.equal(old);
          }
        }
      }
      const fts = store.db.prepare('SELECT count(*) AS n FROM ads_fts').get() as { n: number };
      expect(fts.n).to.equal(count);
      expect(updated, 'some ads already updated').to.be.greaterThan(0);
    } finally {
      store.close();
    }

    const rerun = node(args(v2), dataDir);
    expect(rerun.status, rerun.stderr).to.equal(0);
    const summary = JSON.parse(rerun.stdout);
    expect(summary.expiredMissing).to.equal(count / 10 + (count % 10 === 0 ? 0 : 1));
    expect(summary.imported).to.equal(0);
    const after = new SqliteSearchStore(dataDir);
    try {
      expect(await after.countAds({ country: 'es', vertical: 'homes' })).to.equal(count - summary.expiredMissing);
      expect((await after.getAdByPartner(777, 'S10'))?.expired).to.equal(true);
      expect((await after.getAdByPartner(777, 'S7'))?.price?.oldValue).to.be.a('number');
      const runs = after.db.prepare('SELECT status FROM feed_runs WHERE source_id = 777 ORDER BY id').all();
      expect(runs).to.deep.equal([{ status: 'done' }, { status: 'abandoned' }, { status: 'done' }]);
      expect(after.db.prepare('SELECT count(*) AS n FROM feed_staging').get()).to.deep.equal({ n: 0 });
    } finally {
      after.close();
    }
  });
  it('a first import killed half way: the next run, of any source, groups its own ads with the ads written', async () => {
    const dir = tempDir();
    const a = path.join(dir, 'a.xml');
    const b = path.join(dir, 'b.xml');
    // Two partners publish the same generated flats (ids A0…, B0…).
    await writeSyntheticFeed(a, { count: 12_000, idPrefix: 'A' });
    await writeSyntheticFeed(b, { count: 2_000, idPrefix: 'B' });
    const args = (source: string, file: string) => [
      '--source',
      source,
      '--country',
      'es',
      '--vertical',
      'homes',
      '--json',
      file,
    ];
    await killWhileApplying(args('881', a), dir);
    const killed = new SqliteSearchStore(dir);
    let written: number;
    try {
      written = (killed.db.prepare('SELECT count(*) AS n FROM ads WHERE source_id = 881').get() as { n: number }).n;
    } finally {
      killed.close();
    }
    // Batches are written in file order: the first (A0 to A1999) at least.
    expect(written).to.be.within(2_000, 11_999);
    const res = node(args('882', b), dir);
    expect(res.status, res.stderr).to.equal(0);
    expect(JSON.parse(res.stdout)).to.include({ imported: 2_000, grouped: 2_000 });
    const store = new SqliteSearchStore(dir);
    try {
      for (const i of [0, 777, 1999]) {
        const ours = await store.getAdByPartner(882, `B${i}`);
        const theirs = await store.getAdByPartner(881, `A${i}`);
        expect(ours?.duplicateGroup, `B${i}`).to.be.a('number');
        expect(ours?.duplicateGroup, `B${i}`).to.equal(theirs?.duplicateGroup);
      }
    } finally {
      store.close();
    }
  });
});
