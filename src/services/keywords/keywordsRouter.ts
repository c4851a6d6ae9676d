import express from 'express';
import { z } from 'zod';
import { isVertical } from '../../../config/verticals';
import { ServiceError, jsonApiErrorHandler, parseInput, sendDocument } from '../jsonapi';
import { rawQuery } from '../search/params';
import type { SearchStore } from '../search/SearchStore';
import { siteContext } from '../search/present';
import { JOB_CATEGORIES, labelOf, PRODUCT_CATEGORIES, type RefItem } from '../search/reference';
import { siteOf } from '../search/siteKeys';
import type { SiteKey } from '../search/types';
import type { IndexCategory } from '../../shared/api/keywordsApi';
import { encodeSeoSegment } from '../../shared/routing/seoUrl';
import type { CatalogueId } from '../../shared/i18n/regions';

/** The verticals whose index picks a category, and their names (the index's `type`). */
const CATEGORY_NAMES: Partial<Record<string, readonly RefItem<number>[]>> = {
  jobs: JOB_CATEGORIES,
  products: PRODUCT_CATEGORIES,
};

/** Keywords per page of the SEO index. */
export const KEYWORDS_PAGE_SIZE = 50;

const schema = z.object({
  country_code: z.string().min(2, 'country_code is required').max(5),
  page: z
    .string()
    .regex(/^\d+$/, 'must be a page number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(100_000))
    .optional(),
  category_id: z.string().regex(/^\d+$/, 'must be a category id').transform(Number).optional(),
  first_letter: z
    .string()
    .regex(/^[\p{L}\p{N}]$/u, 'must be one letter or digit')
    .transform((v) => (/\d/.test(v) ? '0' : v.toLowerCase()))
    .optional(),
});

/**
 * GET `/keywords/{vertical_name}` (service-calls spec §7 "Keywords service"):
 * the SEO index of a site, alphabetical, from the ads' titles and categories
 * and from what visitors searched. Mounted at `/api`.
 */
/** The search a keyword opens: its words and the place that ends them, when one does. */
export type KeywordSearch = (site: SiteKey, keyword: string) => { what: string; where: string } | undefined;

/** A results path's segment of a text, as the web's routes write it. */
const seo = (text: string): string => encodeURIComponent(encodeSeoSegment(text));

export function createKeywordsRouter(
  store: SearchStore,
  log?: (msg: string, extra?: object) => void,
  searchOf: KeywordSearch = () => undefined,
): express.Router {
  const router = express.Router();
  router.get('/keywords/:vertical', async (req, res) => {
    const vertical = req.params.vertical;
    if (!isVertical(vertical)) throw new ServiceError(404, 'SITE_NOT_FOUND', `No vertical ${vertical}`);
    const q = parseInput(schema, rawQuery(req.originalUrl));
    const site = siteOf(q.country_code.toLowerCase(), vertical);
    if (!site) {
      throw new ServiceError(404, 'SITE_NOT_FOUND', `No ${vertical} site for country ${q.country_code}`, {
        parameter: 'country_code',
      });
    }
    const page = q.page ?? 1;
    const { rows, total, letters, categories } = await store.keywords(site, {
      // Category 0 is "All" (product-spec §3).
      ...(q.category_id ? { categoryId: q.category_id } : {}),
      ...(q.first_letter !== undefined ? { firstLetter: q.first_letter } : {}),
      offset: (page - 1) * KEYWORDS_PAGE_SIZE,
      limit: KEYWORDS_PAGE_SIZE,
    });
    if (rows.length === 0) {
      throw new ServiceError(
        404,
        vertical === 'products' ? 'KEYWORD_NOT_FOUND' : 'NO_RESULTS',
        vertical === 'products' ? 'No keywords for this category' : 'No results for this query',
      );
    }
    sendDocument(res, 200, {
      data: rows.map((r) => {
        // The search the keyword opens, as its results page's address names it ("cottage" in "Bexley").
        const search = searchOf(site, r.keyword);
        return {
          type: 'keywords',
          id: r.norm,
          attributes: {
            keyword: r.keyword,
            categoryId: r.categoryId,
            totalAds: r.ads,
            searches: r.searches,
            what: search?.what ?? r.keyword,
            where: search?.where ?? null,
            url: search ? `/${seo(search.what)}/in/${seo(search.where)}` : `/${seo(r.norm)}`,
          },
        };
      }),
      meta: {
        page,
        pageSize: KEYWORDS_PAGE_SIZE,
        maxPage: Math.max(1, Math.ceil(total / KEYWORDS_PAGE_SIZE)),
        totalCount: total,
        letters,
        // The categories the site's index has, named in its language and region (jobs and products).
        categories: namedCategories(vertical, categories, siteContext(site, 0).wording),
        categoryId: q.category_id ?? null,
        firstLetter: q.first_letter ?? null,
      },
    });
  });
  router.use(
    '/keywords',
    jsonApiErrorHandler((err) => log?.('keywords service failed', { err: String(err) })),
  );
  return router;
}

function namedCategories(vertical: string, ids: number[], wording: CatalogueId): IndexCategory[] {
  const names = CATEGORY_NAMES[vertical];
  if (!names) return [];
  return ids.filter((id) => names.some((c) => c.value === id)).map((id) => ({ id, name: labelOf(names, id, wording) }));
}
