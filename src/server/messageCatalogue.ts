import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { Request, Response } from 'express';
import { COUNTRIES } from '../../config/countries';
import { compiledMessagesFor } from '../shared/i18n/compiledMessages';
import { catalogueOf, type CatalogueId } from '../shared/i18n/regions';
import { pick } from './compressPage';

export const CATALOGUE_PATH = '/i18n';

const YEAR_SECONDS = 31_536_000;

interface Catalogue {
  /** `/i18n/<catalogue>.<hash>.json` (`es`, `pt-BR`, `es-419`): a new URL whenever the messages change. */
  readonly url: string;
  readonly hash: string;
  readonly body: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
}

const catalogues = new Map<CatalogueId, Catalogue>();

/** The catalogues of the configured sites' locales (a language's or a region's): the only ones there are. */
const SITE_CATALOGUES: ReadonlySet<string> = new Set(COUNTRIES.map((c) => catalogueOf(c.locale)));

/**
 * A locale's pre-parsed message catalogue as a JSON file of its own (decision
 * 060): the same for every page of the language, or of the region where it has
 * its own wording (decision 080), so browsers and CDNs keep it a year under its
 * content hash, and pages stop carrying ~20 KB of it in their state. Built once
 * per process, compressed once at the highest levels.
 */
export function catalogueFor(locale: string): Catalogue {
  const id = catalogueOf(locale);
  let catalogue = catalogues.get(id);
  if (!catalogue) {
    const body = Buffer.from(JSON.stringify(compiledMessagesFor(id)), 'utf8');
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 10);
    catalogue = {
      url: `${CATALOGUE_PATH}/${id}.${hash}.json`,
      hash,
      body,
      br: zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      }),
      gzip: zlib.gzipSync(body, { level: 9 }),
    };
    catalogues.set(id, catalogue);
  }
  return catalogue;
}

/** `<catalogue>.<hash>.json`: a language (`es`), or a language and a region (`pt-BR`, `es-419`). */
const FILE = /^([a-z]{2,3}(?:-(?:[A-Z]{2}|[0-9]{3}))?)\.([0-9a-f]{10})\.json$/;

/**
 * GET /i18n/<catalogue>.<hash>.json. The current hash is cached for a year
 * (immutable); a page of an earlier deployment asking for its old hash gets
 * today's catalogue uncached rather than a page without words. A catalogue
 * no site reads is not found.
 */
export function catalogueHandler(req: Request, res: Response): void {
  const match = FILE.exec(String(req.params.file ?? ''));
  if (!match || !SITE_CATALOGUES.has(match[1] as string)) {
    res.status(404).type('text').set('Cache-Control', 'no-cache').send('Not Found');
    return;
  }
  const catalogue = catalogueFor(match[1] as string);
  res.type('application/json; charset=utf-8');
  res.vary('Accept-Encoding');
  res.set(
    'Cache-Control',
    catalogue.hash === match[2] ? `public, max-age=${YEAR_SECONDS}, immutable` : 'public, max-age=0, must-revalidate',
  );
  const encoding = pick(req.headers['accept-encoding']);
  if (encoding) res.set('Content-Encoding', encoding);
  res.send(encoding === 'br' ? catalogue.br : encoding === 'gzip' ? catalogue.gzip : catalogue.body);
}
