import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { openWalDatabase } from '../../../src/services/sqlite';
import { raceProcesses, repoModule } from '../../support/race';

/**
 * `processes` processes that open the same new file in WAL mode at the same instant and write a
 * row, as a fresh start's server processes open their stores. Each prints the journal mode it
 * got. (With a plain `journal_mode = WAL`, one of six failed with "database is locked" in nearly
 * every round.)
 */
function raceToOpen(file: string, processes: number): Promise<string[]> {
  return raceProcesses(
    `const db = require(${repoModule('src/services/sqlite.ts')}).openWalDatabase(process.argv[1]);
    db.exec('CREATE TABLE IF NOT EXISTS t (x INTEGER)');
    db.prepare('INSERT INTO t VALUES (?)').run(process.pid);
    process.stdout.write(db.pragma('journal_mode', { simple: true }));`,
    file,
    processes,
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
