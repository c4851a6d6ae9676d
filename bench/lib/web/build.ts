/**
 * The production build the web benchmarks measure: `webpack --config
 * webpack.config.client.js` and `webpack --config webpack.config.server.js`,
 * exactly as `npm run build` runs them, but written to a private build root
 * (default `$TMPDIR/trawl-bench-build`, `BENCH_BUILD_DIR` to move it) so a
 * bench never overwrites the `dist/` another engineer or a test is using.
 *
 * The root mirrors the repository's layout as the server bundle expects it
 * (`PROJECT_ROOT` = two levels above `dist/server`): `dist/client`,
 * `dist/server`, a copy of `public/` and a symlink to `node_modules`. The
 * build is reused while the sources it depends on are unchanged (fingerprint
 * of sizes and mtimes), so `npm run bench` builds once for all benches.
 * `--source <rev>` (or BENCH_SOURCE) builds a commit instead, extracted with
 * `git archive`: figures of a known state while the tree is being edited.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT, flag, strArg } from './common';

export interface ProductionBuild {
  root: string;
  clientDir: string;
  serverFile: string;
  publicDir: string;
  /** Seconds spent building in this run (0 when reused). */
  buildSeconds: number;
  reused: boolean;
  /** 'working tree' or the commit built. */
  source: string;
}

const INPUTS = [
  'src',
  'config',
  'public',
  'webpack.config.client.js',
  'webpack.config.server.js',
  'babel.config.js',
  'package-lock.json',
];

function fingerprint(): string {
  const rev = sourceRevision();
  if (rev) return `git:${rev}`;
  const hash = crypto.createHash('sha256');
  const walk = (rel: string): void => {
    const abs = path.join(REPO_ROOT, rel);
    if (!fs.existsSync(abs)) return;
    const st = fs.statSync(abs);
    if (st.isDirectory()) {
      for (const entry of fs.readdirSync(abs).sort()) walk(path.join(rel, entry));
    } else {
      hash.update(`${rel}\0${st.size}\0${st.mtimeMs}\n`);
    }
  };
  INPUTS.forEach(walk);
  return hash.digest('hex').slice(0, 16);
}

/** `--source <rev>`: build a commit (via `git archive`) instead of the working tree; undefined: the working tree. */
function sourceRevision(): string | undefined {
  const rev = strArg('source') ?? process.env.BENCH_SOURCE;
  if (!rev) return undefined;
  return execFileSync('git', ['rev-parse', '--verify', `${rev}^{commit}`], { cwd: REPO_ROOT })
    .toString()
    .trim();
}

/** The directory webpack builds from: the repository, or an extracted commit with node_modules linked. */
function sourceRoot(): string {
  const rev = sourceRevision();
  if (!rev) return REPO_ROOT;
  const dir = path.join(os.tmpdir(), `trawl-bench-src-${rev.slice(0, 12)}`);
  if (!fs.existsSync(path.join(dir, '.complete'))) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    const archive = execFileSync('git', ['archive', '--format=tar', rev], {
      cwd: REPO_ROOT,
      maxBuffer: 512 * 1024 * 1024,
    });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
    fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    fs.writeFileSync(path.join(dir, '.complete'), `${rev}\n`);
  }
  return dir;
}

function webpack(config: string, outputPath: string, cwd: string): void {
  const bin = path.join(REPO_ROOT, 'node_modules', '.bin', 'webpack');
  try {
    execFileSync(bin, ['--config', config, '--output-path', outputPath], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, NODE_ENV: 'production' },
    });
  } catch (error) {
    const e = error as { stdout?: Buffer; stderr?: Buffer };
    process.stderr.write(`${e.stdout?.toString() ?? ''}${e.stderr?.toString() ?? ''}`);
    throw new Error(
      `webpack --config ${config} failed in ${cwd}. If the working tree is mid-edit, measure a commit with --source HEAD, or the last build with --no-build.`,
    );
  }
}

/**
 * Builds (or reuses) the production client and server bundles. `--rebuild`
 * forces a build; `--no-build` takes whatever the build root holds.
 */
export function ensureProductionBuild(): ProductionBuild {
  const rev = sourceRevision();
  const root =
    process.env.BENCH_BUILD_DIR ??
    path.join(os.tmpdir(), rev ? `trawl-bench-build-${rev.slice(0, 12)}` : 'trawl-bench-build');
  const src = sourceRoot();
  const clientDir = path.join(root, 'dist', 'client');
  const serverFile = path.join(root, 'dist', 'server', 'server.js');
  const publicDir = path.join(root, 'public');
  const stamp = path.join(root, '.fingerprint');
  const want = fingerprint();
  const have = fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8').trim() : '';
  const built = fs.existsSync(serverFile) && fs.existsSync(path.join(clientDir, 'entrypoints.json'));
  fs.mkdirSync(root, { recursive: true });

  // public/ is copied (not linked) so a bench may add a file to it without touching the repository.
  fs.rmSync(publicDir, { recursive: true, force: true });
  fs.cpSync(path.join(src, 'public'), publicDir, { recursive: true });
  const modules = path.join(root, 'node_modules');
  if (!fs.existsSync(modules)) fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), modules, 'dir');

  if (built && (flag('no-build') || (have === want && !flag('rebuild')))) {
    return { root, clientDir, serverFile, publicDir, buildSeconds: 0, reused: true, source: rev ?? 'working tree' };
  }
  console.log(
    `building the production bundles of ${rev ? `commit ${rev.slice(0, 12)}` : 'the working tree'} into ${root} ...`,
  );
  const t0 = performance.now();
  fs.rmSync(stamp, { force: true });
  webpack('webpack.config.client.js', clientDir, src);
  webpack('webpack.config.server.js', path.dirname(serverFile), src);
  fs.writeFileSync(stamp, `${want}\n`);
  const buildSeconds = Math.round((performance.now() - t0) / 100) / 10;
  console.log(`built in ${buildSeconds} s`);
  return { root, clientDir, serverFile, publicDir, buildSeconds, reused: false, source: rev ?? 'working tree' };
}
