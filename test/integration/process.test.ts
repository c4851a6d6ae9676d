import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { PROJECT_ROOT } from '../../src/server/clientAssets';
import { LAYOUT_VERSION, SqliteSearchStore } from '../../src/services/search/SqliteSearchStore';
import { startBuiltServer } from '../support/builtServer';
import { tempDataDir } from '../support/testServer';

function get(port: number, urlPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, headers: { Host: `localhost:${port}` } }, (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

/** The pids of a process's children (Linux's /proc). */
function childPids(pid: number): number[] {
  return fs
    .readdirSync(`/proc/${pid}/task`)
    .flatMap((tid) => fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/))
    .filter(Boolean)
    .map(Number);
}

function commandLine(pid: number): string[] {
  return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
}

describe('the server process', function () {
  this.timeout(40_000);
  // Each test's data directory, removed once the processes that wrote it have stopped.
  const made: string[] = [];
  const dataDir = (): string => {
    const dir = tempDataDir();
    made.push(dir);
    return dir;
  };
  after(() => {
    for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('logs JSON lines, serves, and stops cleanly on SIGTERM', async () => {
    const dir = dataDir();
    const { child, port, output } = await startBuiltServer({ DATA_DIR: dir });
    // The gazetteer was loaded before the processes took requests (a first search waited ~1.8 s for
    // it), and its data kept for the next start (asserted once the server is stopped).
    const cache = path.join(dir, 'cache');
    const gazetteers = fs.existsSync(cache) ? fs.readdirSync(cache).filter((f) => f.startsWith('gazetteer-')) : [];
    const home = await get(port, '/homes');
    expect(home.status).to.equal(200);
    expect((await get(port, '/readyz')).status).to.equal(200);
    // A process per core, each collecting its garbage on its own thread (decision 066).
    const workers = childPids(child.pid as number);
    expect(workers).to.have.length(os.availableParallelism());
    for (const pid of workers) expect(commandLine(pid)).to.include('--single-threaded-gc');
    expect(commandLine(child.pid as number)).not.to.include('--single-threaded-gc');
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).to.equal(0);
    const lines = output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string; url?: string; status?: number });
    expect(lines.some((l) => l.msg === 'request' && l.url === '/homes' && l.status === 200)).to.equal(true);
    expect(lines.some((l) => l.msg === 'shutting down')).to.equal(true);
    expect(lines.at(-1)?.msg).to.equal('stopped');
    expect(gazetteers).to.have.length(1);
  });

  it('seeds the demo data into an empty data dir and finds it at once, in a single process', async function () {
    this.timeout(120_000);
    const { child, port } = await startBuiltServer(
      { DATA_DIR: dataDir(), DEMO_DATA: '1', WEB_CONCURRENCY: '1', ROLES: 'web,api' },
      100_000,
    );
    try {
      const res = await get(port, '/api/sites/uk/homes/search?what=flat');
      expect(res.status).to.equal(200);
      expect((JSON.parse(res.body) as { data: unknown[] }).data).to.have.length.above(0);
    } finally {
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('upgrades a store of an earlier layout as it starts, and every process serves it', async () => {
    const dir = dataDir();
    const old = new SqliteSearchStore(dir);
    await old.writeAds([
      {
        country: 'uk',
        vertical: 'homes',
        sourceId: 1,
        partnerAdId: 'a1',
        url: 'https://partner.example/a1',
        title: 'Flat with a garden',
        description: 'Bright.',
        date: Math.floor(Date.now() / 1000) - 3600,
        location: {},
        images: [],
        currency: 'GBP',
      },
    ]);
    // Layout 3: the text index with word positions (emptied: only a rebuild finds the ad again).
    old.db.exec(`DROP TABLE ads_fts; CREATE VIRTUAL TABLE ads_fts USING fts5(
      title, body, tags, content='', contentless_delete=1, tokenize="unicode61 remove_diacritics 2")`);
    old.db.pragma('user_version = 3');
    old.close();
    const { child, port, output } = await startBuiltServer({ DATA_DIR: dir });
    try {
      const res = await get(port, '/api/sites/uk/homes/search?what=garden');
      expect(res.status).to.equal(200);
      expect((JSON.parse(res.body) as { data: { id: string }[] }).data).to.have.length(1);
      expect(childPids(child.pid as number)).to.have.length(os.availableParallelism());
      expect(output()).not.to.include('a server process died');
    } finally {
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    const store = new SqliteSearchStore(dir);
    expect(store.db.pragma('user_version', { simple: true })).to.equal(LAYOUT_VERSION);
    store.close();
  });

  it('refuses to start on a bad setting, naming it', async () => {
    const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'dist', 'server', 'server.js')], {
      env: { ...process.env, PORT: 'eighty' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).to.equal(2);
    expect(stderr).to.include('PORT');
  });
});
