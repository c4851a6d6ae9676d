import { countryByCode, placeSeparator } from '../../config/countries';
import { searchParamsOf, type AlertQuery, type AlertSite } from '../services/notifications/searchRules';

/** One ad of a digest, as the mail and the push show it. */
export interface DigestAd {
  id: string;
  title: string;
  /** Publication date, epoch seconds. */
  date: number;
  image: string | null;
  price: number | null;
  currency: string | null;
  /** The price as the search service writes it for the site ("£250 per week"), when it gives it. */
  priceText?: string | null;
  place: string;
}

export type SearchOutcome =
  | { ok: true; ads: DigestAd[]; totalCount: number }
  /** `permanent`: the saved search itself is refused (4xx); otherwise try again next round. */
  | { ok: false; permanent: boolean; error: string };

/** How many ads one alert check reads (newest first); the mail shows fewer and links to all. */
export const SEARCH_WINDOW = 50;
export const SEARCH_TIMEOUT_MS = 11_000;
export const ALERTS_CLIENT_ID = 'trawl-alerts';

type Json = Record<string, unknown>;

function str(v: unknown): string | null {
  return typeof v === 'string' && v ? v : null;
}

export function adOf(resource: Json, separator = ', '): DigestAd | null {
  const a = (resource.attributes ?? {}) as Json;
  const id = str(resource.id);
  const title = str(a.title);
  const date = Date.parse(String(a.date ?? ''));
  if (!id || !title || !Number.isFinite(date)) return null;
  if (a.isAlternativeAd === true || a.isSimilarContentAd === true) return null;
  const vp = (a.vertical_properties ?? {}) as Json;
  const images = Array.isArray(vp.images) ? vp.images : [];
  const price = (vp.price ?? null) as Json | null;
  const loc = (a.location ?? {}) as Json;
  const place = [str(loc.cityArea), str(loc.city), str(loc.region)]
    .filter((p, i, all): p is string => p !== null && all.indexOf(p) === i)
    .slice(0, 2)
    .join(separator);
  return {
    id,
    title,
    date: Math.floor(date / 1000),
    image: str(images[0]),
    price: typeof price?.value === 'number' ? price.value : null,
    currency: str(price?.currency),
    priceText: str(price?.valueFormatted),
    place,
  };
}

/**
 * Asks the search service, over its HTTP contract (service-calls spec §7),
 * for the alert's ads published since `sinceSeconds`, newest first: GET
 * `{base}/search` (`/search/m` for homes) with the saved what, where, deal
 * type and filters, `filters[dateFrom]`, `sort=source_date`, no premium ads.
 * A 404 NO_RESULTS is an empty answer.
 */
export async function findNewAds(
  base: string,
  site: AlertSite,
  query: AlertQuery,
  sinceSeconds: number,
  fetchImpl: typeof fetch = fetch,
): Promise<SearchOutcome> {
  const params = searchParamsOf(site, query);
  const userDateFrom = Number(params.get('filters[dateFrom]'));
  params.set('filters[dateFrom]', String(Math.max(sinceSeconds, Number.isFinite(userDateFrom) ? userDateFrom : 0)));
  params.set('sort', 'source_date');
  params.set('page[organic][size]', String(SEARCH_WINDOW));
  params.set('page[premium][size]', '0');
  params.set('countryCode', site.country);
  params.set('clientId', ALERTS_CLIENT_ID);
  params.set('retrieveKeyword', 'false');
  const url = `${base.replace(/\/+$/, '')}/search${site.vertical === 'homes' ? '/m' : ''}?${params.toString()}`;
  let res: Response;
  try {
    res = await fetchImpl(url, {
      headers: { Accept: 'application/vnd.api+json' },
      signal: AbortSignal.timeout(SEARCH_TIMEOUT_MS),
    });
  } catch (error) {
    return { ok: false, permanent: false, error: `search unreachable: ${(error as Error).message}` };
  }
  let body: Json = {};
  try {
    body = (await res.json()) as Json;
  } catch {
    body = {};
  }
  if (res.status === 404) {
    const code = ((body.errors as Json[] | undefined)?.[0] ?? {}).code;
    if (code === 'NO_RESULTS' || code === 'PAGE_NOT_FOUND') return { ok: true, ads: [], totalCount: 0 };
    return { ok: false, permanent: false, error: `search answered 404 ${String(code ?? '')}` };
  }
  if (!res.ok) {
    const detail = ((body.errors as Json[] | undefined)?.[0] ?? {}).detail;
    return {
      ok: false,
      permanent: res.status >= 400 && res.status < 500 && res.status !== 429,
      error: `search answered ${res.status} ${String(detail ?? '')}`,
    };
  }
  const data = Array.isArray(body.data) ? (body.data as Json[]) : [];
  const separator = placeSeparator(countryByCode(site.country)?.locale ?? 'en');
  const ads = data
    .map((resource) => adOf(resource, separator))
    .filter((a): a is DigestAd => a !== null && a.date >= sinceSeconds)
    .sort((a, b) => b.date - a.date || (a.id < b.id ? -1 : 1));
  const meta = (body.meta ?? {}) as Json;
  return { ok: true, ads, totalCount: typeof meta.totalCount === 'number' ? meta.totalCount : ads.length };
}
