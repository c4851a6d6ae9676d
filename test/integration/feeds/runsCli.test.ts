import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { expect } from 'chai';
import { FeedImporter } from '../../../src/services/feeds/FeedImporter';
import { SqliteSearchStore } from '../../../src/services/search/SqliteSearchStore';
import { runCli } from '../../support/cli';
import { fixture } from './feedKit';

const ROOT = path.resolve(__dirname, '../../..');
const IMPORT = path.join(ROOT, 'src/services/feeds/cli.ts');
const RUNS = path.join(ROOT, 'src/services/feeds/runsCli.ts');

describe('npm run feed-runs (src/services/feeds/runsCli.ts)', function () {
  this.timeout(60_000);
  let dataDir: string;
  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-runs-'));
    const homes = ['--source', '621', '--country', 'es', '--vertical', 'homes'];
    expect((await runCli(IMPORT, dataDir, [...homes, fixture('homes-es.xml')])).code).to.equal(0);
    expect((await runCli(IMPORT, dataDir, [...homes, fixture('truncated.xml')])).code).to.equal(1);
    const cars = ['--source', '622', '--country', 'uk', '--vertical', 'cars', fixture('cars-uk.xml')];
    expect((await runCli(IMPORT, dataDir, cars)).code).to.equal(0);
  });
  after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('lists the last runs, newest first: their source, site, end, figures and a failed one’s error', async () => {
    const res = await runCli(RUNS, dataDir, []);
    expect(res.code, res.stderr).to.equal(0);
    const lines = res.stdout.trimEnd().split('\n');
    expect(lines[0]).to.match(/^run\s+source\s+site\s+started \(UTC\)\s+status\s+seconds\s+records\s+imported/);
    expect(lines[1]).to.match(/^3\s+622\s+uk\/cars\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\s+done\s/);
    expect(lines[1]).to.contain(fixture('cars-uk.xml'));
    expect(lines[2]).to.match(/^2\s+621\s+es\/homes\s+.*\s+failed\s/);
    expect(lines[3]).to.equal('  The feed ends before </trovit>: truncated (line 58)');
    expect(lines[4]).to.match(/^1\s+621\s+es\/homes\s+.*\s+done\s+[\d.]+\s+12\s+8\s+0\s+0\s+1\s+3\s/);

    const json = await runCli(RUNS, dataDir, ['--source', '621', '--json']);
    const runs = JSON.parse(json.stdout) as { run: number; status: string; imported?: number; error?: string }[];
    expect(runs.map((r) => [r.run, r.status])).to.deep.equal([
      [2, 'failed'],
      [1, 'done'],
    ]);
    expect(runs[1]).to.include({ imported: 8, rejected: 3, records: 12, site: 'es/homes' });
    expect((await runCli(RUNS, dataDir, ['--limit', '1'])).stdout.trimEnd().split('\n')).to.have.length(2);
  });

  it('answers bad options with exit code 2, and a data dir without runs plainly', async () => {
    for (const args of [['--limit', '0'], ['--source', 'x'], ['--bogus']]) {
      const res = await runCli(RUNS, dataDir, args);
      expect(res.code, args.join(' ')).to.equal(2);
      expect(res.stderr).to.contain('usage: npm run feed-runs');
    }
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-runs-'));
    try {
      const none = await runCli(RUNS, empty, []);
      expect(none.code).to.equal(2);
      expect(none.stderr).to.contain('no search store at');
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });

  it('tells a run under way (its source held) from one whose process was killed', async () => {
    const store = new SqliteSearchStore(dataDir);
    let seen = '';
    try {
      await new FeedImporter({
        store,
        site: { country: 'es', vertical: 'homes' },
        sourceId: 623,
        file: fixture('homes-es.xml'),
        workers: 0,
        onProgress: (p) => {
          if (p.phase === 'expiring' && !seen)
            seen = execFileSync(process.execPath, ['--import', 'tsx', RUNS, '--source', '623'], {
              env: { ...process.env, DATA_DIR: dataDir },
            }).toString();
        },
      }).run();
      // A run killed while applying (its process gone): left as it was, until the source's next run.
      store.db
        .prepare(`INSERT INTO feed_runs (source_id, file, started, status) VALUES (621, 'x.xml', 1, 'applying')`)
        .run();
    } finally {
      store.close();
    }
    expect(seen.split('\n')[1]).to.match(/^\d+\s+623\s+es\/homes\s+\S+ \S+\s+expiring, running\s/);
    const after = await runCli(RUNS, dataDir, ['--source', '621', '--limit', '1']);
    expect(after.stdout.split('\n')[1]).to.match(/^\d+\s+621\s+es\/homes\s+\S+ \S+\s+applying, killed\s/);
  });
});
