import { ApiError } from './errors';
import type { HttpClient } from './http';

class ApiKeywordsError extends ApiError {
  override name = 'ApiKeywordsError';
}

/** A category an SEO index can be narrowed to, named in the site's language. */
export interface IndexCategory {
  id: number;
  name: string;
}

export interface KeywordsDocument {
  data: Array<{
    id: string;
    attributes: {
      keyword: string;
      categoryId: number | null;
      totalAds: number;
      /** The search the keyword opens: its words, and the place that ends them ("cottage" in "Bexley"). */
      what?: string;
      where?: string | null;
    };
  }>;
  meta: {
    page: number;
    pageSize: number;
    maxPage: number;
    totalCount: number;
    letters: string[];
    /** The categories the site's index has (jobs and products), named in the site's language. */
    categories?: IndexCategory[];
  };
}

/** The keywords service (service-calls spec §7 "Keywords service"). */
export interface KeywordsApi {
  keywords(
    vertical: string,
    query: { country_code: string; page?: number; category_id?: number; first_letter?: string },
  ): Promise<KeywordsDocument>;
}

export function createKeywordsApi(http: HttpClient, base: string): KeywordsApi {
  return {
    keywords: (vertical, query) =>
      http.request(
        'keywords',
        `${base}/keywords/${encodeURIComponent(vertical)}`,
        { query },
        (message, code, status, reason) => new ApiKeywordsError(message, code, status, reason),
      ),
  };
}
