/**
 * Attributes the bytes of a minified bundle to the sources it came from,
 * through its source map (base64 VLQ mappings, decoded here), and groups them
 * by npm package or by folder of our own code.
 */

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = new Map([...B64].map((c, i) => [c, i]));

function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const ch of segment) {
    const digit = B64_INDEX.get(ch);
    if (digit === undefined) throw new Error(`bad VLQ character ${ch}`);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

export interface SourceMapV3 {
  sources: string[];
  mappings: string;
}

/** Bytes of generated code per source file ('(unmapped)' for code no source claims). */
export function bytesPerSource(code: string, map: SourceMapV3): Map<string, number> {
  const out = new Map<string, number>();
  const add = (key: string, n: number) => n > 0 && out.set(key, (out.get(key) ?? 0) + n);
  const lines = code.split('\n');
  const mappingLines = map.mappings.split(';');
  let source = 0;
  for (let l = 0; l < lines.length; l++) {
    const line = lines[l] as string;
    const lineBytes = Buffer.byteLength(line) + (l < lines.length - 1 ? 1 : 0);
    const segs: Array<{ col: number; src: number | null }> = [];
    let col = 0;
    for (const raw of (mappingLines[l] ?? '').split(',')) {
      if (!raw) continue;
      const v = decodeSegment(raw);
      col += v[0] ?? 0;
      if (v.length >= 4) {
        source += v[1] ?? 0;
        segs.push({ col, src: source });
      } else segs.push({ col, src: null });
      // source line / column / name deltas are not needed for byte attribution
    }
    if (segs.length === 0) {
      add('(unmapped)', lineBytes);
      continue;
    }
    // Minified code is nearly all ASCII: columns are taken as bytes.
    add('(unmapped)', segs[0]?.col ?? 0);
    for (let i = 0; i < segs.length; i++) {
      const seg = segs[i] as { col: number; src: number | null };
      const end = i + 1 < segs.length ? (segs[i + 1] as { col: number }).col : lineBytes;
      add(seg.src === null ? '(unmapped)' : (map.sources[seg.src] ?? '(unknown)'), end - seg.col);
    }
  }
  return out;
}

/** `react-dom`, `@formatjs/icu-messageformat-parser`, `src/ui`, `src/routes/pages`, `config`, `webpack runtime`. */
export function groupOf(source: string): string {
  const s = source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
  const nm = s.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = s.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? s);
  }
  if (s.startsWith('webpack/')) return 'webpack runtime';
  if (s.startsWith('src/')) {
    const parts = s.split('/');
    return parts.length > 3 ? parts.slice(0, 3).join('/') : parts.slice(0, 2).join('/');
  }
  if (s.startsWith('config/')) return 'config';
  return s;
}

export const isOwnCode = (group: string): boolean => group.startsWith('src/') || group === 'config';

export function bytesPerGroup(code: string, map: SourceMapV3): Map<string, number> {
  const out = new Map<string, number>();
  for (const [source, n] of bytesPerSource(code, map)) {
    const g = groupOf(source);
    out.set(g, (out.get(g) ?? 0) + n);
  }
  return out;
}

/** Original source file of a generated position (0-based line and column), for profiles of a bundle. */
export class SourceLookup {
  private readonly lines: Array<Array<{ col: number; src: number; srcLine: number }>> = [];

  constructor(private readonly map: SourceMapV3) {
    let source = 0;
    let srcLine = 0;
    let srcCol = 0;
    let name = 0;
    for (const line of map.mappings.split(';')) {
      const segs: Array<{ col: number; src: number; srcLine: number }> = [];
      let col = 0;
      for (const raw of line.split(',')) {
        if (!raw) continue;
        const v = decodeSegment(raw);
        col += v[0] ?? 0;
        if (v.length >= 4) {
          source += v[1] ?? 0;
          srcLine += v[2] ?? 0;
          srcCol += v[3] ?? 0;
          if (v.length >= 5) name += v[4] ?? 0;
          segs.push({ col, src: source, srcLine });
        }
      }
      this.lines.push(segs);
    }
    void srcCol;
    void name;
  }

  /** `{ source, line }` (line 1-based) of the segment at or before the position, or undefined. */
  lookup(line: number, column: number): { source: string; line: number } | undefined {
    const segs = this.lines[line];
    if (!segs || segs.length === 0) return undefined;
    let lo = 0;
    let hi = segs.length - 1;
    let best = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((segs[mid] as { col: number }).col <= column) {
        best = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    const seg = segs[Math.max(0, best)] as { src: number; srcLine: number };
    const source = this.map.sources[seg.src];
    return source === undefined ? undefined : { source, line: seg.srcLine + 1 };
  }
}
