import express, { type ErrorRequestHandler, type Request } from 'express';
import { z } from 'zod';
import { SEARCH_TEXT_MAX } from '../../shared/domain/constants';
import {
  ServiceError,
  clientErrorOf,
  jsonApiErrorHandler,
  methodNotAllowed,
  parseInput,
  sendDocument,
  sendErrors,
} from '../jsonapi';
import { callerSchema, checkCountry, isDealType, parseSearchParams, rawQuery, UNKNOWN_DEAL_TYPE } from './params';
import { PROPERTY_TYPES } from './reference';
import { NoResults, type SearchEngine, type SearchMode } from './SearchEngine';
import { siteOf } from './siteKeys';
import type { SiteKey } from './types';

function siteFrom(req: Request): SiteKey {
  const { country = '', vertical = '' } = req.params as Record<string, string>;
  const site = siteOf(country, vertical);
  if (!site) throw new ServiceError(404, 'SITE_NOT_FOUND', `No ${vertical} site for country ${country}`);
  return site;
}

/** The request path without its query string, as seen from the app's root. */
function selfPath(req: Request): string {
  const url = req.originalUrl;
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

const adQuerySchema = z.object({
  ...callerSchema,
  what: z.string().max(SEARCH_TEXT_MAX).optional(),
  where: z.string().max(SEARCH_TEXT_MAX).optional(),
});

const autocompleteSchema = z.object({
  term: z.string().trim().min(1, 'term is required').max(100),
  countryCode: z.string().max(5).optional(),
});

const seoLinksSchema = z.object({
  countryCode: z.string().max(5).optional(),
  homePageCategory: z.string().max(50).optional(),
  propertyType: z
    .string()
    .refine((v) => PROPERTY_TYPES.some((p) => p.value === v), 'unknown property type')
    .optional(),
  dealType: z
    .string()
    .regex(/^\d+$/, 'must be a deal type id')
    .transform(Number)
    .refine(isDealType, UNKNOWN_DEAL_TYPE)
    .optional(),
});

/** A NoResults error keeps its meta (the keyword object) beside the error. */
export const noResultsHandler: ErrorRequestHandler = (err, _req, res, next) => {
  if (err instanceof NoResults && !res.headersSent) {
    sendDocument(res, 404, { errors: [err.toJson()], ...(Object.keys(err.meta).length > 0 ? { meta: err.meta } : {}) });
    return;
  }
  next(err);
};

/** A search call answered in process: the status and the JSON:API document the router would send. */
export interface SearchCallResult {
  status: number;
  document: Record<string, unknown>;
}

/**
 * GET `<mount>/:country/:vertical/(search|search/m|retention|landing|suggestions)` in process:
 * `path` is the request path as the router's mount sees it (`/uk/homes/search/m`), `selfPath`
 * the whole path (`/api/sites/uk/homes/search/m`), `query` the raw query string without `?`.
 * Same parsing, engine calls and error documents as the router below; undefined for any
 * other path, which the caller then sends over HTTP.
 */
export type SearchCaller = (path: string, selfPath: string, query: string) => Promise<SearchCallResult | undefined>;

const SEARCH_CALL = /^\/([^/?#]+)\/([^/?#]+)\/(search|search\/m|retention|landing|suggestions)\/?$/;

export function createSearchCaller(engine: SearchEngine, log?: (msg: string, extra?: object) => void): SearchCaller {
  return async (path, selfPathname, query) => {
    const m = SEARCH_CALL.exec(path);
    if (!m) return undefined;
    const [, country = '', vertical = '', call = ''] = m;
    try {
      const site = siteOf(safeDecode(country), safeDecode(vertical));
      if (!site) throw new ServiceError(404, 'SITE_NOT_FOUND', `No ${vertical} site for country ${country}`);
      const params = parseSearchParams(rawQuery(query ? `?${query}` : ''), site.country, site.vertical);
      const document =
        call === 'suggestions'
          ? await engine.suggestions(site, params)
          : await engine.search(site, params, call === 'search/m' ? 'search' : (call as SearchMode), selfPathname);
      return { status: 200, document };
    } catch (err) {
      if (err instanceof NoResults) {
        return {
          status: 404,
          document: { errors: [err.toJson()], ...(Object.keys(err.meta).length > 0 ? { meta: err.meta } : {}) },
        };
      }
      const known = clientErrorOf(err);
      if (known) return { status: known.status, document: { errors: [known.toJson()] } };
      log?.('search service failed', { err: String((err as Error)?.stack ?? err) });
      const internal = new ServiceError(500, 'INTERNAL', 'The service failed to answer.');
      return { status: 500, document: { errors: [internal.toJson()] } };
    }
  };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** `/api/sites/:country/:vertical/...`: the search calls of service-calls spec §7. */
export function createSitesRouter(engine: SearchEngine, log?: (msg: string, extra?: object) => void): express.Router {
  const router = express.Router();
  const searchRoute = (mode: SearchMode) => async (req: Request, res: express.Response) => {
    const site = siteFrom(req);
    const params = parseSearchParams(rawQuery(req.originalUrl), site.country, site.vertical);
    sendDocument(res, 200, await engine.search(site, params, mode, selfPath(req)));
  };
  router.get('/:country/:vertical/search', searchRoute('search'));
  router.get('/:country/:vertical/search/m', searchRoute('search'));
  router.get('/:country/:vertical/retention', searchRoute('retention'));
  router.get('/:country/:vertical/landing', searchRoute('landing'));
  router.get('/:country/:vertical/suggestions', async (req, res) => {
    const site = siteFrom(req);
    const params = parseSearchParams(rawQuery(req.originalUrl), site.country, site.vertical);
    sendDocument(res, 200, await engine.suggestions(site, params));
  });
  router.get('/:country/:vertical/ad/:id', async (req, res) => {
    const site = siteFrom(req);
    const q = parseInput(adQuerySchema, rawQuery(req.originalUrl));
    checkCountry(q.countryCode, site.country);
    sendDocument(res, 200, await engine.ad(site, req.params.id ?? '', q.device ?? 'mobile'));
  });
  router.get('/:country/:vertical/ad/:id/related', async (req, res) => {
    const site = siteFrom(req);
    const q = parseInput(adQuerySchema, rawQuery(req.originalUrl));
    checkCountry(q.countryCode, site.country);
    const doc = await engine.related(site, req.params.id ?? '', {
      what: q.what ?? '',
      where: site.vertical === 'jobs' ? '' : (q.where ?? ''),
      device: q.device ?? 'mobile',
    });
    sendDocument(res, 200, doc);
  });
  router.get('/:country/:vertical/autocomplete/:field', async (req, res) => {
    const site = siteFrom(req);
    const q = parseInput(autocompleteSchema, rawQuery(req.originalUrl));
    checkCountry(q.countryCode, site.country);
    sendDocument(res, 200, await engine.autocomplete(site, req.params.field ?? '', q.term));
  });
  router.get('/:country/:vertical/seoLinks', async (req, res) => {
    const site = siteFrom(req);
    const q = parseInput(seoLinksSchema, rawQuery(req.originalUrl));
    checkCountry(q.countryCode, site.country);
    const options = site.vertical === 'homes' ? q : {};
    sendDocument(
      res,
      200,
      await engine.seoLinks(site, {
        ...(options.homePageCategory ? { homePageCategory: options.homePageCategory } : {}),
        ...(options.propertyType ? { propertyType: options.propertyType } : {}),
        ...(options.dealType !== undefined ? { dealType: options.dealType } : {}),
      }),
    );
  });
  router.use(methodNotAllowed(router));
  router.use((req, res) => {
    sendErrors(res, [ServiceError.notFound(`No search call at ${req.method} ${selfPath(req)}`)]);
  });
  router.use(noResultsHandler);
  router.use(
    jsonApiErrorHandler((err) => log?.('search service failed', { err: String((err as Error)?.stack ?? err) })),
  );
  return router;
}
