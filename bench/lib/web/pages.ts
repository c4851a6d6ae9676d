/** The three pages the budgets name: home, results page and ad page, on the demo data of a running server. */
import { get } from './http';
import type { RunningServer } from './server';

export interface BenchPage {
  name: 'home' | 'results' | 'ad';
  /** Host header (a `*.localhost` name, which Chromium resolves to loopback). */
  host: string;
  path: string;
  /** Full URL for a browser: `http://<host>:<port><path>`. */
  url: string;
}

export const RESULTS_HOST = 'homes.uk.localhost';
export const RESULTS_PATH = '/search/flat/in/london';

export async function benchPages(server: RunningServer): Promise<BenchPage[]> {
  const search = await get(
    server.origin,
    '/api/sites/uk/homes/search?countryCode=uk&what=flat&where=London&page%5Borganic%5D%5Bsize%5D=5',
  );
  if (search.status !== 200)
    throw new Error(`search API answered ${search.status}: ${search.body.toString().slice(0, 300)}`);
  const doc = JSON.parse(search.body.toString()) as { data: Array<{ id: string }> };
  const adId = doc.data[0]?.id;
  if (!adId) throw new Error('no ad in the demo data for flat in London');
  const page = (name: BenchPage['name'], host: string, path: string): BenchPage => ({
    name,
    host,
    path,
    url: `http://${host}:${server.port}${path}`,
  });
  const pages = [
    page('home', 'localhost', '/'),
    page('results', RESULTS_HOST, RESULTS_PATH),
    page('ad', RESULTS_HOST, `/ad/${encodeURIComponent(adId)}`),
  ];
  for (const p of pages) {
    const res = await get(server.origin, p.path, { host: p.host });
    if (res.status !== 200) throw new Error(`${p.name} page ${p.url} answered ${res.status}`);
  }
  return pages;
}
