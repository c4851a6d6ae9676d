import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { Request, Response } from 'express';
import { COUNTRIES } from '../../config/countries';
import { compiledMessagesFor } from '../shared/i18n/compiledMessages';
import { pick } from './compressPage';

export const CATALOGUE_PATH = '/i18n';

const YEAR_SECONDS = 31_536_000;

interface Catalogue {
  /** `/i18n/<language>.<hash>.json`: a new URL whenever the messages change. */
  readonly url: string;
  readonly hash: string;
  readonly body: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
}

const catalogues = new Map<string, Catalogue>();

const languageOf = (locale: string): string => locale.split('-')[0]?.toLowerCase() || 'en';
/** The languages of the configured sites: the only catalogues there are. */
const LANGUAGES = new Set(COUNTRIES.map((c) => languageOf(c.locale)));

/**
 * A locale's pre-parsed message catalogue as a JSON file of its own (decision
 * 060): the same for every page of the language, so browsers and CDNs keep it
 * a year under its content hash, and pages stop carrying ~20 KB of it in
 * their state. Built once per process, compressed once at the highest levels.
 */
export function catalogueFor(locale: string): Catalogue {
  const language = languageOf(locale);
  let catalogue = catalogues.get(language);
  if (!catalogue) {
    const body = Buffer.from(JSON.stringify(compiledMessagesFor(language)), 'utf8');
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 10);
    catalogue = {
      url: `${CATALOGUE_PATH}/${language}.${hash}.json`,
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
    catalogues.set(language, catalogue);
  }
  return catalogue;
}

const FILE = /^([a-z]{2,3})\.([0-9a-f]{10})\.json$/;

/**
 * GET /i18n/<language>.<hash>.json. The current hash is cached for a year
 * (immutable); a page of an earlier deployment asking for its old hash gets
 * today's catalogue uncached rather than a page without words. A language
 * no site speaks is not found.
 */
export function catalogueHandler(req: Request, res: Response): void {
  const match = FILE.exec(String(req.params.file ?? ''));
  if (!match || !LANGUAGES.has(match[1] as string)) {
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
