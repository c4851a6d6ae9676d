/**
 * Shared helpers of the web benchmarks (bundle, lighthouse, server): machine
 * description, percentiles, budget checks printed as PASS/FAIL, and the JSON
 * result file under bench/results/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
export const RESULTS_DIR = path.join(REPO_ROOT, 'bench', 'results');

export interface Machine {
  cores: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  platform: string;
}

export function machine(): Machine {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}

export function describeMachine(m: Machine = machine()): string {
  return `${m.cores} cores (${m.cpuModel}), ${m.memoryGiB} GiB, node ${m.node}`;
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] ?? NaN;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export const round = (v: number, digits = 2): number => {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};

export const kib = (bytes: number): number => round(bytes / 1024, 1);

/** One figure against its budget. `op` says which side of the budget passes. */
export interface Check {
  name: string;
  value: number;
  unit: string;
  op: '<=' | '<' | '>=' | '=';
  budget: number;
  pass: boolean;
  note?: string;
}

export function check(name: string, value: number, op: Check['op'], budget: number, unit = '', note?: string): Check {
  const pass =
    Number.isFinite(value) &&
    (op === '<=' ? value <= budget : op === '<' ? value < budget : op === '>=' ? value >= budget : value === budget);
  return { name, value, unit, op, budget, pass, ...(note ? { note } : {}) };
}

function fmt(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  return Number.isInteger(v) ? v.toLocaleString('en') : v.toLocaleString('en', { maximumFractionDigits: 2 });
}

export function formatCheck(c: Check, width = 48): string {
  const unit = c.unit ? ` ${c.unit}` : '';
  const figure = `${fmt(c.value)}${unit}`;
  const budget = `budget ${c.op} ${fmt(c.budget)}${unit}`;
  return `  ${c.name.padEnd(width)} ${figure.padStart(14)}   (${budget})   ${c.pass ? 'PASS' : 'FAIL'}${c.note ? `  ${c.note}` : ''}`;
}

/** Prints every check and the list of those that fall short; returns whether all pass. */
export function printChecks(title: string, checks: readonly Check[]): boolean {
  const width = Math.max(30, ...checks.map((c) => c.name.length));
  console.log(`\n${title}`);
  for (const c of checks) console.log(formatCheck(c, width));
  const failing = checks.filter((c) => !c.pass);
  if (failing.length === 0) console.log(`  => all ${checks.length} figures within budget`);
  else {
    console.log(`  => ${failing.length} of ${checks.length} figures fall short:`);
    for (const c of failing)
      console.log(`     - ${c.name}: ${fmt(c.value)}${c.unit ? ` ${c.unit}` : ''} (budget ${c.op} ${fmt(c.budget)})`);
  }
  return failing.length === 0;
}

/** Writes bench/results/<name>.json with the date and the machine. */
export function writeResult(name: string, data: Record<string, unknown>): string {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  const out = { bench: name, date: new Date().toISOString(), machine: machine(), ...data };
  fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
  return file;
}

export function flag(name: string): boolean {
  return process.argv.includes(`--${name}`);
}

export function numArg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

export function strArg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Busy and total CPU seconds of the whole machine so far, from /proc/stat (Linux). */
export function machineCpuSeconds(): { busy: number; total: number } {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const [, user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
    const busy = (user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0);
    return { busy: busy / 100, total: (busy + (idle ?? 0) + (iowait ?? 0)) / 100 };
  } catch {
    return { busy: NaN, total: NaN };
  }
}

/** Cores the whole machine keeps busy over `ms`, for seeing whether other work competes with a bench. */
export async function machineBusyCores(ms = 2000): Promise<number> {
  const a = machineCpuSeconds();
  const t0 = performance.now();
  await sleep(ms);
  const b = machineCpuSeconds();
  return round((b.busy - a.busy) / ((performance.now() - t0) / 1000), 2);
}

/**
 * Waits (up to `maxSeconds`) until the machine is nearly idle, since other
 * work on a 2-core machine halves what a bench can measure. Returns the busy
 * cores last seen; prints a warning when it never got quiet.
 */
export async function waitForQuietMachine(maxSeconds = 90, threshold = 0.3): Promise<number> {
  const end = Date.now() + maxSeconds * 1000;
  let busy = await machineBusyCores();
  if (busy <= threshold) return busy;
  console.log(
    `the machine is busy with other work (${busy} cores); waiting up to ${maxSeconds} s for it to quieten ...`,
  );
  while (Date.now() < end) {
    busy = await machineBusyCores(3000);
    if (busy <= threshold) {
      console.log(`quiet now (${busy} cores busy)`);
      return busy;
    }
  }
  console.log(`WARNING: still ${busy} cores busy with other work: figures below are lower than this machine can do.`);
  return busy;
}
