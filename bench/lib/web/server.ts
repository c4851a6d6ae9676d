/**
 * Starts the production server bundle (`node dist/server/server.js`) of a
 * build root on a free loopback port with a fresh temporary data dir (demo
 * data seeded on first start), and stops it again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ProductionBuild } from './build';

export interface RunningServer {
  port: number;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  pid: number;
  dataDir: string;
  startSeconds: number;
  child: ChildProcess;
  /** Everything the process wrote, for error reports. */
  output(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Arguments for node before the script, such as `--cpu-prof`. */
  nodeArgs?: string[];
  timeoutMs?: number;
  /** Keep the data dir after stop (to look at it, or to start another server on it). */
  keepDataDir?: boolean;
  /** An existing (seeded) data dir: no seeding, and it is left in place on stop. */
  dataDir?: string;
}

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of running) child.kill('SIGTERM');
    process.exit(130);
  });
}

export async function startProductionServer(
  build: ProductionBuild,
  options: StartOptions = {},
): Promise<RunningServer> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-bench-data-'));
  const t0 = performance.now();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), build.serverFile], {
    cwd: build.root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(new Error(`server did not start in ${(options.timeoutMs ?? 240_000) / 1000} s:\n${out.slice(-2000)}`)),
      options.timeoutMs ?? 240_000,
    );
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.length > 200_000) out = out.slice(-100_000);
      const m = /running at http:\/\/localhost:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${out.slice(-2000)}`));
    });
  });
  const startSeconds = Math.round((performance.now() - t0) / 100) / 10;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid ?? -1,
    dataDir,
    startSeconds,
    child,
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(killer);
      }
      running.delete(child);
      if (!options.keepDataDir && !options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return ticks / 100;
  } catch {
    return NaN;
  }
}

/** Threads of a process, to tell one busy event loop from real parallelism. */
export function processThreads(pid: number): number {
  try {
    return fs.readdirSync(`/proc/${pid}/task`).length;
  } catch {
    return NaN;
  }
}

/** Pids of a process and all its descendants (for a server that forks workers). */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      // gone
    }
  }
  const out: number[] = [];
  const visit = (p: number) => {
    out.push(p);
    for (const c of children.get(p) ?? []) visit(c);
  };
  visit(pid);
  return out;
}
