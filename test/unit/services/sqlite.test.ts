import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { openWalDatabase } from '../../../src/services/sqlite';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * `processes` Node processes that wait for the same instant, then each open the same new file in
 * WAL mode and write a row, as a fresh start's server processes open their stores. Each prints
 * the journal mode it got, or fails. (With a plain `journal_mode = WAL`, one of six failed with
 * "database is locked" in nearly every round.)
 */
function raceToOpen(file: string, processes: number): Promise<string[]> {
  const at = Date.now() + 1500;
  const script = `
    const { openWalDatabase } = require(${JSON.stringify(path.join(ROOT, 'src/services/sqlite.ts'))});
    while (Date.now() < ${at});
    const db = openWalDatabase(process.argv[1]);
    db.exec('CREATE TABLE IF NOT EXISTS t (x INTEGER)');
    db.prepare('INSERT INTO t VALUES (?)').run(process.pid);
    process.stdout.write(db.pragma('journal_mode', { simple: true }));
  `;
  return Promise.all(
    Array.from(
      { length: processes },
      () =>
        new Promise<string>((resolve, reject) => {
          const child = spawn(process.execPath, ['--import', 'tsx', '-e', script, file], {
            cwd: ROOT,
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          let out = '';
          let err = '';
          child.stdout.on('data', (c: Buffer) => (out += c.toString()));
          child.stderr.on('data', (c: Buffer) => (err += c.toString()));
          child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`exited with ${code}: ${err}`))));
        }),
    ),
  );
}

describe('a store file opened by several processes at once', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-sqlite-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is switched to WAL by whichever comes first, and every process opens it and writes', async () => {
    for (let round = 0; round < 4; round++) {
      const file = path.join(dir, `store-${round}.sqlite`);
      expect(await raceToOpen(file, 6)).to.deep.equal(Array(6).fill('wal'));
      const db = openWalDatabase(file);
      expect((db.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n).to.equal(6);
      db.close();
    }
  });
});
