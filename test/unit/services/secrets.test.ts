import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { getOrCreateSecret } from '../../../src/services/secrets';
import { loadVapidDetails } from '../../../src/services/push/vapid';
import { raceProcesses, repoModule } from '../../support/race';

/**
 * `processes` processes that ask for the secrets of a fresh data directory at the same instant, as
 * a cluster's workers do on a first start. Each prints what it got.
 */
async function raceFor(dataDir: string, processes: number): Promise<Array<{ secret: string; vapid: string }>> {
  const outputs = await raceProcesses(
    `const { getOrCreateSecret } = require(${repoModule('src/services/secrets.ts')});
    const { loadVapidDetails } = require(${repoModule('src/services/push/vapid.ts')});
    const secret = getOrCreateSecret(process.argv[1], 'tokens');
    const vapid = loadVapidDetails(process.argv[1], {}).publicKey;
    process.stdout.write(JSON.stringify({ secret, vapid }));`,
    dataDir,
    processes,
  );
  return outputs.map((o) => JSON.parse(o) as { secret: string; vapid: string });
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
