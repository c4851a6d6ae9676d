import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';

const run = promisify(execFile);
const CLI = path.resolve('src/worker/cli.ts');

/** Runs the alerts CLI as `npm run alerts` does (tsx), on a data dir. */
async function alerts(dataDir: string, ...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      timeout: 30_000,
    });
    return { stdout, stderr, code: 0 };
  } catch (err) {
    const e = err as { stdout: string; stderr: string; code: number };
    return { stdout: e.stdout, stderr: e.stderr, code: e.code };
  }
}

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
