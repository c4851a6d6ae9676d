import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { runCli } from '../../support/cli';

const CLI = path.resolve('src/worker/cli.ts');

/** Runs the alerts CLI as `npm run alerts` does (tsx), on a data dir. */
const alerts = (dataDir: string, ...args: string[]) => runCli(CLI, dataDir, args, { LOG_LEVEL: 'silent' });

describe('npm run alerts (src/worker/cli.ts)', function () {
  this.timeout(60_000);
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-alerts-cli-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('refuses an option it does not know with exit code 2 and its usage, rather than start a worker', async () => {
    const r = await alerts(dataDir, '--onec');
    expect(r.code).to.equal(2);
    expect(r.stderr).to.include("Unknown option '--onec'");
    expect(r.stderr).to.include('usage: npm run alerts -- [--once]');
  });

  it('prints its usage on --help', async () => {
    const r = await alerts(dataDir, '--help');
    expect(r.code).to.equal(0);
    expect(r.stdout).to.equal('usage: npm run alerts -- [--once]\n');
  });

  it('runs one round with --once and reports it as JSON', async () => {
    const r = await alerts(dataDir, '--once');
    expect(r.code, r.stderr).to.equal(0);
    const report = JSON.parse(r.stdout.trim().split('\n').pop() ?? '{}') as Record<string, number>;
    expect(report).to.include({ searchErrors: 0, mailsDelivered: 0 });
  });
});
