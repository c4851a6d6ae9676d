import type { Request, RequestHandler, Response } from 'express';
import type { Site } from '../../config/sites';
import type { AppRoutes } from '../routes/types';
import { createApi } from '../shared/api/createApi';
import type { QueryValue } from '../shared/routing/query';
import { queryToParams } from '../ui/SeoLinks';

const escapeXml = (text: string): string =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/** How many keyword pages of the SEO index the sitemap lists (50 keywords each). */
const KEYWORD_PAGES = 4;

export interface SitemapOptions {
  routes: AppRoutes;
  apiBase: (req: Request) => string;
  searchBase: (site: Site, req: Request) => string;
}

/**
 * `/sitemap.xml` of a site: its home, its SEO index pages (by first letter),
 * and the results pages the index and the home's link index point at, so
 * search engines find every indexable page. Cached for an hour.
 */
export function sitemapHandler(options: SitemapOptions): RequestHandler {
  return async (req: Request, res: Response) => {
    const site = res.locals.site as Site;
    const origin = `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    const url = (name: string, params: Record<string, QueryValue | undefined> = {}) =>
      `${origin}${options.routes.buildPath(name, params, site.basePath)}`;
    const urls = new Set<string>([url('home')]);
    if (site.target !== 'general') {
      const api = createApi({
        searchBase: options.searchBase(site, req),
        apiBase: options.apiBase(req),
        extraHeaders: { 'Accept-Encoding': 'identity' },
      });
      const index = site.target === 'products' ? 'topsearches' : site.target;
      try {
        const links = await api.search.seoLinks({ countryCode: site.country });
        for (const link of links.data as Array<{ attributes: { query: Record<string, unknown> } }>) {
          urls.add(url('serp_search', queryToParams(link.attributes.query, site.units)));
        }
      } catch {
        // A site without links still has its home and index.
      }
      try {
        const first = await api.keywords.keywords(site.target, { country_code: site.country });
        urls.add(url(index));
        for (const letter of first.meta.letters ?? []) urls.add(url(index, { letter }));
        for (const category of first.meta.categories ?? []) urls.add(url(site.target, { type: category.id }));
        const pages = Math.min(KEYWORD_PAGES, first.meta.maxPage);
        for (let page = 1; page <= pages; page++) {
          const doc =
            page === 1 ? first : await api.keywords.keywords(site.target, { country_code: site.country, page });
          for (const { attributes: k } of doc.data) {
            urls.add(url('serp_search', { what: k.what ?? k.keyword, where: k.where ?? undefined }));
          }
        }
      } catch {
        // An empty index (a 404) is fine: the sitemap lists what exists.
      }
    }
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...[...urls].map((u) => `<url><loc>${escapeXml(u)}</loc></url>`),
      '</urlset>',
    ].join('\n');
    res.type('application/xml').set('Cache-Control', 'public, max-age=3600').send(body);
  };
}

/** robots.txt of a site: what crawlers skip, and where the sitemap is. */
export function robotsHandler(): RequestHandler {
  return (req, res) => {
    const site = res.locals.site as Site;
    const origin = `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    // On a host that splits verticals by path, every prefix is a site of its own.
    const bases =
      site.target === 'general' && site.basePath === '' ? ['', ...site.verticals.map((v) => `/${v}`)] : [site.basePath];
    res
      .type('text/plain')
      .set('Cache-Control', 'public, max-age=86400')
      .send(
        [
          'User-agent: *',
          ...bases.flatMap((b) => [`Disallow: ${b}/q`, `Disallow: ${b}/out/`, `Disallow: ${b}/notifications`]),
          'Disallow: /api/',
          ...bases.map((b) => `Sitemap: ${origin}${b}/sitemap.xml`),
          '',
        ].join('\n'),
      );
  };
}
