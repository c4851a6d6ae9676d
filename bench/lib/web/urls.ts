/**
 * A mix of distinct results-page URLs built from the demo data of a running
 * server: per site, keywords (`/api/keywords/:vertical`) and SEO links
 * (`/api/sites/:country/:vertical/seoLinks`: cities, makes) give what and
 * where, crossed with sort and page; each URL is checked once and only those
 * answering 200 are kept, spread evenly over the sites.
 */
import { get, mapLimit } from './http';
import type { RunningServer } from './server';
import { seededRandom } from '../../../src/shared/seededRandom';

export interface ResultsUrl {
  host: string;
  path: string;
  site: string;
}

export const MIX_SITES = [
  ['uk', 'homes'],
  ['uk', 'cars'],
  ['uk', 'jobs'],
  ['es', 'homes'],
  ['es', 'cars'],
  ['es', 'jobs'],
] as const;

const SORTS = ['', 'source_date', 'price'];
const PAGES = [1, 2];

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Deterministic shuffle, so every run uses the same mix. */
function shuffle<T>(items: T[], seed = 9): T[] {
  const rand = seededRandom(seed);
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

async function json(
  server: RunningServer,
  path: string,
): Promise<{ data?: Array<{ attributes: Record<string, unknown> }> }> {
  const res = await get(server.origin, path);
  if (res.status !== 200) return {};
  return JSON.parse(res.body.toString()) as { data?: Array<{ attributes: Record<string, unknown> }> };
}

export async function buildResultsMix(
  server: RunningServer,
  wanted = 240,
): Promise<{ urls: ResultsUrl[]; probed: number }> {
  const perSite: ResultsUrl[][] = [];
  for (const [country, vertical] of MIX_SITES) {
    const seo = await json(server, `/api/sites/${country}/${vertical}/seoLinks?countryCode=${country}`);
    const kw = await json(server, `/api/keywords/${vertical}?country_code=${country}`);
    const wheres = (seo.data ?? [])
      .filter((d) => d.attributes.group === 'cities')
      .map((d) => String((d.attributes.query as { where?: string }).where ?? ''))
      .filter(Boolean)
      .slice(0, 10);
    const whats = [
      ...(kw.data ?? [])
        .filter((d) => Number(d.attributes.totalAds) >= 5)
        .map((d) => String(d.attributes.keyword))
        .slice(0, 12),
      ...(seo.data ?? [])
        .map((d) => (d.attributes.query as { what?: string }).what)
        .filter((w): w is string => typeof w === 'string')
        .slice(0, 8),
    ];
    const candidates: ResultsUrl[] = [];
    const host = `${vertical}.${country}.localhost`;
    const site = `${country}/${vertical}`;
    for (const what of whats) {
      const wherePart = vertical === 'jobs' ? [''] : ['', ...wheres];
      for (const where of wherePart) {
        for (const sort of SORTS) {
          for (const page of PAGES) {
            const query = new URLSearchParams();
            if (sort) query.set('sort', sort);
            if (page > 1) query.set('page', String(page));
            const qs = query.toString();
            candidates.push({
              host,
              site,
              path: `/search/${slug(what)}${where ? `/in/${slug(where)}` : ''}${qs ? `?${qs}` : ''}`,
            });
          }
        }
      }
    }
    perSite.push(shuffle(candidates));
  }
  // Probe round-robin over the sites until enough answer 200.
  const quota = Math.ceil(wanted / MIX_SITES.length);
  const kept: ResultsUrl[][] = MIX_SITES.map(() => []);
  let probed = 0;
  for (let round = 0; round < 40 && kept.some((k) => k.length < quota); round++) {
    const batch: Array<{ site: number; url: ResultsUrl }> = [];
    perSite.forEach((list, s) => {
      const need = quota - (kept[s] as ResultsUrl[]).length;
      for (const url of list.splice(0, need > 0 ? need + 2 : 0)) batch.push({ site: s, url });
    });
    if (batch.length === 0) break;
    const statuses = await mapLimit(
      batch,
      4,
      async (b) => (await get(server.origin, b.url.path, { host: b.url.host })).status,
    );
    probed += batch.length;
    batch.forEach((b, i) => {
      const k = kept[b.site] as ResultsUrl[];
      if (statuses[i] === 200 && k.length < quota) k.push(b.url);
    });
  }
  // Interleave the sites so the load generator's order mixes them.
  const urls: ResultsUrl[] = [];
  for (let i = 0; i < quota; i++) for (const k of kept) if (k[i]) urls.push(k[i] as ResultsUrl);
  return { urls, probed };
}
