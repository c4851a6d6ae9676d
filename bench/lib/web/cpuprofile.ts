/**
 * Reads a V8 `.cpuprofile` (node --cpu-prof) of the server bundle and says
 * where the time went: per category (render, search, serialization, logging,
 * compression, ...), top functions by self time and by inclusive time, with
 * bundle positions mapped back to the original sources through the bundle's
 * source map.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SourceLookup, type SourceMapV3 } from './sourcemap';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileSummary {
  file: string;
  wallSeconds: number;
  sampledMs: number;
  /** Share of busy time (idle excluded), percent, largest first. */
  categories: Array<{ category: string; ms: number; percentOfBusy: number }>;
  idlePercentOfWall: number;
  topSelf: Array<{ frame: string; ms: number; percentOfBusy: number }>;
  topInclusive: Array<{ frame: string; ms: number; percentOfBusy: number }>;
}

/** Leaf-most frame that matches a rule decides a sample's category; unmatched frames are neutral. */
const RULES: Array<[string, RegExp]> = [
  ['gc', /^\(garbage collector\)/],
  ['idle', /^\(idle\)/],
  ['program (native, unattributed)', /^\(program\)/],
  ['compression (gzip/brotli)', /node_modules\/compression\/|node:zlib|\bzlib\b/],
  ['logging', /node_modules\/(pino|sonic-boom|thread-stream)|src\/server\/logger/],
  ['metrics', /node_modules\/prom-client|src\/services\/metrics/],
  ['page serialization (state + document)', /src\/server\/(serializeState|document)/],
  ['api JSON serialization', /src\/services\/jsonapi/],
  [
    'render (React SSR, intl formatting)',
    /node_modules\/(react-dom|react|react-router|react-router-dom|react-redux|react-intl|@formatjs\/[^/]+|intl-messageformat|scheduler)\/|src\/(routes|ui)\//,
  ],
  ['search (engine + SQLite)', /src\/services\/search|node_modules\/better-sqlite3/],
  ['other services', /src\/services\//],
  ['saga / store', /node_modules\/(redux-saga|@redux-saga\/[^/]+|redux)\/|src\/(sagas|state)\//],
  [
    'internal API call (fetch client, JSON.parse)',
    /src\/shared\/api|node_modules\/(isomorphic-fetch|node-fetch|whatwg-fetch|whatwg-url|undici)|node:internal\/deps\/undici/,
  ],
  [
    'request context (UA parsing, cookies)',
    /node_modules\/ua-parser-js|src\/server\/requestContext|cookie-parser|node_modules\/cookie\//,
  ],
  ['validation (zod, ajv)', /node_modules\/(zod|ajv)\//],
  [
    'HTTP + Express + helmet',
    /node_modules\/(express|router|helmet|body-parser|serve-static|send|finalhandler|on-finished|path-to-regexp|qs|content-type|mime-types|etag|fresh|accepts|negotiator|vary|depd)\/|node:_http|node:net|node:internal\/http|node:internal\/(stream_base_commons|js_stream_socket)|\(anonymous\) node:_http/,
  ],
  ['web role, other', /src\/server\//],
  ['config / i18n / shared', /(^|\/)config\/|src\/shared\//],
];

function stripSource(source: string): string {
  return source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
}

export interface AnalyzeOptions {
  top?: number;
  /** Ignore samples before the first one whose stack holds this function (e.g. start-up, seeding)... */
  startAtFrame?: string;
  /** ...and this many more milliseconds (warm-up). */
  skipMs?: number;
}

export function analyzeProfile(file: string, serverFile: string, options: AnalyzeOptions = {}): ProfileSummary {
  const top = options.top ?? 25;
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  // The server bundle and its chunks (page code loaded with import(), shared split chunks),
  // each mapped back to the sources through its own source map.
  const bundleDir = path.dirname(serverFile);
  const lookups = new Map<string, SourceLookup | undefined>();
  const lookupFor = (file: string): SourceLookup | undefined => {
    if (!lookups.has(file)) {
      const mapFile = `${file}.map`;
      lookups.set(
        file,
        fs.existsSync(mapFile)
          ? new SourceLookup(JSON.parse(fs.readFileSync(mapFile, 'utf8')) as SourceMapV3)
          : undefined,
      );
    }
    return lookups.get(file);
  };
  const bundleFileOf = (url: string): string | undefined => {
    const file = url.startsWith('file://') ? url.slice('file://'.length) : url;
    return path.dirname(file) === bundleDir && file.endsWith('.js') ? file : undefined;
  };
  const nodes = new Map<number, ProfileNode>();
  const parent = new Map<number, number>();
  for (const n of profile.nodes) {
    nodes.set(n.id, n);
    for (const c of n.children ?? []) parent.set(c, n.id);
  }
  const labels = new Map<number, { label: string; where: string }>();
  const labelOf = (id: number) => {
    let l = labels.get(id);
    if (l) return l;
    const f = (nodes.get(id) as ProfileNode).callFrame;
    let where = f.url;
    const bundleFile = f.url ? bundleFileOf(f.url) : undefined;
    if (bundleFile) {
      const pos = lookupFor(bundleFile)?.lookup(f.lineNumber, f.columnNumber);
      where = pos ? `${stripSource(pos.source)}:${pos.line}` : `${path.basename(bundleFile)}:${f.lineNumber + 1}`;
    } else if (f.url) {
      const nm = f.url.lastIndexOf('node_modules/');
      where = nm >= 0 ? `${f.url.slice(nm)}:${f.lineNumber + 1}` : `${path.basename(f.url)}:${f.lineNumber + 1}`;
      if (f.url.startsWith('node:')) where = `${f.url}:${f.lineNumber + 1}`;
    }
    l = { label: f.functionName || '(anonymous)', where };
    labels.set(id, l);
    return l;
  };
  const categoryOfNode = new Map<number, string>();
  const categoryOf = (leaf: number): string => {
    const cached = categoryOfNode.get(leaf);
    if (cached) return cached;
    let id: number | undefined = leaf;
    let found = 'other';
    while (id !== undefined) {
      const { label, where } = labelOf(id);
      const text = `${label} ${where}`;
      const rule = RULES.find(([, re]) => re.test(text));
      if (rule) {
        found = rule[0];
        break;
      }
      id = parent.get(id);
    }
    categoryOfNode.set(leaf, found);
    return found;
  };

  // The window: from the first sample under `startAtFrame` plus `skipMs`, to the end.
  const times: number[] = [];
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    times.push(t);
  }
  let from = profile.startTime;
  if (options.startAtFrame) {
    const marks = new Set<number>();
    for (const n of profile.nodes) if (n.callFrame.functionName === options.startAtFrame) marks.add(n.id);
    const under = (id: number) => {
      for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) if (marks.has(n)) return true;
      return false;
    };
    const first = profile.samples.findIndex((id) => under(id));
    if (first >= 0) from = (times[first] as number) + (options.skipMs ?? 0) * 1000;
  }
  let windowStart = Infinity;
  let windowEnd = 0;
  const cat = new Map<string, number>();
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    if ((times[i] as number) < from) continue;
    windowStart = Math.min(windowStart, times[i] as number);
    windowEnd = Math.max(windowEnd, times[i] as number);
    const id = profile.samples[i] as number;
    const us = profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0;
    total += us;
    const c = categoryOf(id);
    cat.set(c, (cat.get(c) ?? 0) + us);
    if (c === 'idle') continue;
    const leaf = labelOf(id);
    const key = `${leaf.label} (${leaf.where})`;
    self.set(key, (self.get(key) ?? 0) + us);
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const l = labelOf(n);
      if (l.label === '(root)') continue;
      const k = `${l.label} (${l.where})`;
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + us);
    }
  }
  const idle = cat.get('idle') ?? 0;
  const busy = total - idle;
  const pct = (us: number) => Math.round((us / busy) * 1000) / 10;
  const ms = (us: number) => Math.round(us / 100) / 10;
  const topOf = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([frame, us]) => ({ frame, ms: ms(us), percentOfBusy: pct(us) }));
  return {
    file,
    wallSeconds: Math.round((windowEnd - windowStart) / 1e5) / 10,
    sampledMs: ms(total),
    categories: [...cat]
      .filter(([c]) => c !== 'idle')
      .sort((a, b) => b[1] - a[1])
      .map(([category, us]) => ({ category, ms: ms(us), percentOfBusy: pct(us) })),
    idlePercentOfWall: Math.round((idle / total) * 1000) / 10,
    topSelf: topOf(self),
    topInclusive: topOf(inclusive),
  };
}
