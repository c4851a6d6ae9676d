/**
 * First-load JavaScript (issue 9): the production client and server builds,
 * the production server on demo data, then for home, results page and ad
 * page the scripts each loads at first load (`<script src>` and script
 * preloads: the entry's files and the chunks of what the page shows, see
 * docs/decisions/061-code-splitting.md), fetched from the server, gzipped at
 * level 9 as a CDN would, and summed. Budget: 125 KB gzipped per page. Also a
 * breakdown per chunk and, through the source maps, per package / folder of
 * our own code; and every chunk loaded only on demand (other pages, dialogs,
 * the alerts' saga), with its size, so that what leaves the first load stays
 * visible. The message catalogue (`/i18n/<language>.<hash>.json`: data, the words of the
 * page's language, fetched once per language) is measured beside the code, not in its
 * budget.
 *
 * Run: `npx tsx bench/bundle.bench.ts [--rebuild | --no-build]`. Writes bench/results/bundle.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ensureProductionBuild } from './lib/web/build';
import { check, describeMachine, kib, printChecks, writeResult, type Check } from './lib/web/common';
import { firstLoadScripts, get } from './lib/web/http';
import { benchPages } from './lib/web/pages';
import { startProductionServer } from './lib/web/server';
import { bytesPerGroup, isOwnCode, type SourceMapV3 } from './lib/web/sourcemap';

/** KB = 1,024 bytes, as the figures (react + react-dom about 69 KB) are. */
const BUDGET_KB = 125;
/** The arithmetic: stack ~92 KB, so about 30 KB of our own code at first load (information, not a gate). */
const OWN_CODE_TARGET_KB = 30;

interface ChunkFigures {
  url: string;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
  /** Minified bytes per package or folder (source-map attribution), largest first, with an estimated gzip share. */
  groups: Array<{ group: string; rawBytes: number; gzipBytesEst: number }>;
  ownCodeGzipBytesEst: number;
}

/** A message catalogue (decision 060): the words as JSON, preloaded and fetched before hydration, cached a year per language. */
const isCatalogue = (src: string): boolean => new URL(src, 'http://x').pathname.startsWith('/i18n/');

const gzip9 = (b: Buffer) => zlib.gzipSync(b, { level: 9 }).length;
const brotli11 = (b: Buffer) =>
  zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

async function main(): Promise<void> {
  const build = ensureProductionBuild();
  const server = await startProductionServer(build);
  const chunks = new Map<string, ChunkFigures>();
  const pages: Record<string, unknown> = {};
  const checks: Check[] = [];
  try {
    console.log(`server up on ${server.origin} (started and seeded in ${server.startSeconds} s)`);
    for (const page of await benchPages(server)) {
      const res = await get(server.origin, page.path, { host: page.host });
      const html = res.body.toString();
      const all = [
        ...firstLoadScripts(html),
        ...[...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)]
          .map((m) => m[1] as string)
          .filter(isCatalogue),
      ];
      const scripts = all.filter((src) => !isCatalogue(src));
      const catalogues = all.filter(isCatalogue);
      for (const src of all) {
        if (chunks.has(src)) continue;
        const asset = await get(server.origin, src, { host: page.host, headers: { 'Accept-Encoding': 'identity' } });
        if (asset.status !== 200) throw new Error(`${src} answered ${asset.status}`);
        const gzipBytes = gzip9(asset.body);
        const rawBytes = asset.body.length;
        let groups: ChunkFigures['groups'] = [];
        const mapFile = path.join(build.clientDir, `${new URL(src, server.origin).pathname}.map`);
        if (fs.existsSync(mapFile)) {
          const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as SourceMapV3;
          groups = [...bytesPerGroup(asset.body.toString(), map)]
            .map(([group, bytes]) => ({
              group,
              rawBytes: bytes,
              gzipBytesEst: Math.round((bytes / rawBytes) * gzipBytes),
            }))
            .sort((a, b) => b.rawBytes - a.rawBytes);
        }
        chunks.set(src, {
          url: src,
          rawBytes,
          gzipBytes,
          brotliBytes: brotli11(asset.body),
          groups,
          ownCodeGzipBytesEst: groups.filter((g) => isOwnCode(g.group)).reduce((n, g) => n + g.gzipBytesEst, 0),
        });
      }
      const inlineScripts = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) =>
        Buffer.from(m[1] ?? ''),
      );
      const inline = Buffer.concat(inlineScripts);
      const figs = scripts.map((s) => chunks.get(s) as ChunkFigures);
      const catalogueFigs = catalogues.map((s) => chunks.get(s) as ChunkFigures);
      const total = {
        rawBytes: figs.reduce((n, c) => n + c.rawBytes, 0),
        gzipBytes: figs.reduce((n, c) => n + c.gzipBytes, 0),
        brotliBytes: figs.reduce((n, c) => n + c.brotliBytes, 0),
        ownCodeGzipBytesEst: figs.reduce((n, c) => n + c.ownCodeGzipBytesEst, 0),
      };
      pages[page.name] = {
        url: page.url,
        scripts,
        ...total,
        gzipKB: kib(total.gzipBytes),
        catalogues: {
          scripts: catalogues,
          rawBytes: catalogueFigs.reduce((n, c) => n + c.rawBytes, 0),
          gzipBytes: catalogueFigs.reduce((n, c) => n + c.gzipBytes, 0),
        },
        html: { rawBytes: res.body.length, gzipBytes: gzip9(res.body) },
        inlineScripts: { count: inlineScripts.length, rawBytes: inline.length, gzipBytes: gzip9(inline) },
      };
      checks.push(check(`${page.name} first-load JS (gzip -9)`, kib(total.gzipBytes), '<=', BUDGET_KB, 'KB'));
    }
  } finally {
    await server.stop();
  }
  const firstLoad = new Set(chunks.keys());
  const onDemand = onDemandChunks(build.clientDir, firstLoad);

  console.log(`\nfirst-load JavaScript, production build of ${build.source}, ${describeMachine()}`);
  console.log('\nper chunk (KB = 1,024 bytes):');
  console.log(
    `  ${'chunk'.padEnd(36)} ${'raw'.padStart(8)} ${'gzip -9'.padStart(8)} ${'brotli'.padStart(8)} ${'own code gz~'.padStart(13)}`,
  );
  for (const c of chunks.values()) {
    console.log(
      `  ${c.url.padEnd(36)} ${kib(c.rawBytes).toFixed(1).padStart(8)} ${kib(c.gzipBytes).toFixed(1).padStart(8)} ${kib(c.brotliBytes).toFixed(1).padStart(8)} ${kib(c.ownCodeGzipBytesEst).toFixed(1).padStart(13)}`,
    );
    for (const g of c.groups.slice(0, 8)) {
      console.log(
        `      ${g.group.padEnd(40)} ${kib(g.rawBytes).toFixed(1).padStart(8)} raw  ~${kib(g.gzipBytesEst).toFixed(1)} gz`,
      );
    }
  }
  console.log('\nloaded on demand only, never at first load on these pages (KB):');
  for (const c of onDemand) {
    console.log(
      `  ${c.name.padEnd(24)} ${kib(c.rawBytes).toFixed(1).padStart(8)} raw ${kib(c.gzipBytes).toFixed(1).padStart(6)} gzip  ${c.files.length} file(s)`,
    );
  }
  console.log('\nper page:');
  for (const [name, p] of Object.entries(pages) as Array<
    [
      string,
      {
        scripts: string[];
        gzipBytes: number;
        ownCodeGzipBytesEst: number;
        inlineScripts: { gzipBytes: number; rawBytes: number };
        catalogues: { scripts: string[]; gzipBytes: number };
      },
    ]
  >) {
    const catalogue = p.catalogues.scripts.length ? `; message catalogue ${kib(p.catalogues.gzipBytes)} KB gzip` : '';
    console.log(
      `  ${name.padEnd(8)} ${p.scripts.length} scripts, ${kib(p.gzipBytes)} KB gzip; our own code ~${kib(p.ownCodeGzipBytesEst)} KB (issue's target ~${OWN_CODE_TARGET_KB} KB); inline state script ${kib(p.inlineScripts.rawBytes)} KB raw / ${kib(p.inlineScripts.gzipBytes)} KB gzip${catalogue}`,
    );
  }
  const ok = printChecks(`budgets (first-load JS, gzip level 9, ${BUDGET_KB} KB per page):`, checks);
  const file = writeResult('bundle', {
    measured:
      'production client build; scripts referenced at first load (script src + preload as=script) by each page as served by the production server, message catalogues (/i18n/) apart; gzip level 9 per file, summed',
    build: { source: build.source, root: build.root, buildSeconds: build.buildSeconds, reused: build.reused },
    budget: { firstLoadGzipKB: BUDGET_KB, ownCodeTargetKB: OWN_CODE_TARGET_KB },
    pass: ok,
    checks,
    pages,
    chunks: [...chunks.values()],
    onDemandChunks: onDemand,
  });
  console.log(`\nwrote ${path.relative(process.cwd(), file)}`);
}

/**
 * The named chunks of the build (entrypoints.json: webpack chunk name -> files) none of whose files a
 * measured page loads at first, with their size: other pages, dialogs, banners not shown, the alerts' saga.
 */
function onDemandChunks(clientDir: string, firstLoad: ReadonlySet<string>) {
  const manifestFile = path.join(clientDir, 'entrypoints.json');
  if (!fs.existsSync(manifestFile)) return [];
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, string[]>;
  return Object.entries(manifest)
    .filter(([name, files]) => name !== 'main' && !files.some((f) => firstLoad.has(f)))
    .map(([name, files]) => {
      const bodies = files.map((f) => fs.readFileSync(path.join(clientDir, f)));
      return {
        name,
        files,
        rawBytes: bodies.reduce((n, b) => n + b.length, 0),
        gzipBytes: bodies.reduce((n, b) => n + gzip9(b), 0),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
