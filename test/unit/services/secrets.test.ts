import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { getOrCreateSecret } from '../../../src/services/secrets';
import { loadVapidDetails } from '../../../src/services/push/vapid';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * `processes` Node processes that all wait for the same instant, then ask for the secrets of a
 * fresh data directory at once, as a cluster's workers do on a first start. Each prints what it got.
 */
async function raceFor(dataDir: string, processes: number): Promise<Array<{ secret: string; vapid: string }>> {
  const at = Date.now() + 1500;
  const script = `
    const { getOrCreateSecret } = require(${JSON.stringify(path.join(ROOT, 'src/services/secrets.ts'))});
    const { loadVapidDetails } = require(${JSON.stringify(path.join(ROOT, 'src/services/push/vapid.ts'))});
    while (Date.now() < ${at});
    const secret = getOrCreateSecret(process.argv[1], 'tokens');
    const vapid = loadVapidDetails(process.argv[1], {}).publicKey;
    process.stdout.write(JSON.stringify({ secret, vapid }));
  `;
  const runs = Array.from(
    { length: processes },
    () =>
      new Promise<{ secret: string; vapid: string }>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', '-e', script, dataDir], {
          cwd: ROOT,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        let err = '';
        child.stdout.on('data', (c: Buffer) => (out += c.toString()));
        child.stderr.on('data', (c: Buffer) => (err += c.toString()));
        child.on('exit', (code) =>
          code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`exited with ${code}: ${err}`)),
        );
      }),
  );
  return Promise.all(runs);
}

describe('secrets made on first use (DATA_DIR/secrets)', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-secrets-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('is made once and read back, 0600, with nothing else left in the directory', () => {
    const first = getOrCreateSecret(dataDir, 'tokens');
    expect(first).to.match(/^[\w-]{43}$/);
    expect(getOrCreateSecret(dataDir, 'tokens')).to.equal(first);
    expect(fs.statSync(path.join(dataDir, 'secrets', 'tokens')).mode & 0o777).to.equal(0o600);
    const vapid = loadVapidDetails(dataDir, {});
    expect(loadVapidDetails(dataDir, {})).to.deep.equal(vapid);
    expect(fs.readdirSync(path.join(dataDir, 'secrets')).sort()).to.deep.equal(['tokens', 'vapid.json']);
  });

  it('prefers the environment', () => {
    expect(getOrCreateSecret(dataDir, 'tokens', 'from-env')).to.equal('from-env');
    expect(fs.existsSync(path.join(dataDir, 'secrets', 'tokens'))).to.equal(false);
  });

  it('refuses a stored secret that is empty, rather than sign with it', () => {
    fs.mkdirSync(path.join(dataDir, 'secrets'));
    fs.writeFileSync(path.join(dataDir, 'secrets', 'tokens'), '\n');
    expect(() => getOrCreateSecret(dataDir, 'tokens')).to.throw(/secrets\/tokens is empty/);
    fs.writeFileSync(path.join(dataDir, 'secrets', 'vapid.json'), '');
    expect(() => loadVapidDetails(dataDir, {})).to.throw(/vapid\.json is not the JSON of a VAPID key pair/);
    fs.writeFileSync(path.join(dataDir, 'secrets', 'vapid.json'), '{"publicKey":"BPk"}\n');
    expect(() => loadVapidDetails(dataDir, {})).to.throw(/vapid\.json holds no VAPID key pair/);
  });

  it('gives every process starting at once the same secret, never a file half written', async function () {
    this.timeout(60_000);
    for (let round = 0; round < 4; round++) {
      const dir = fs.mkdtempSync(path.join(dataDir, 'round-'));
      const got = await raceFor(dir, 6);
      expect(new Set(got.map((g) => g.secret)).size, JSON.stringify(got)).to.equal(1);
      expect(new Set(got.map((g) => g.vapid)).size, JSON.stringify(got)).to.equal(1);
      expect(got[0]?.secret).to.equal(fs.readFileSync(path.join(dir, 'secrets', 'tokens'), 'utf8').trim());
      expect(got[0]?.secret).to.have.length(43);
    }
  });
});
