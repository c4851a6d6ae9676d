import type { IndexCategory } from '../shared/api/keywordsApi';
import { required } from './payload';

/** SEO index state (product-spec §3 "SEO index state"), and the home's link index. */
export interface SeoLink {
  group: string;
  label: string;
  total: number;
  query: Record<string, unknown>;
}

export interface SeoKeyword {
  keyword: string;
  totalAds: number;
  /** The search its link opens (`what` in `where`), as the keywords service gives it. */
  what: string;
  where: string | null;
}

export interface SeoState {
  readonly seo: SeoLink[];
  readonly keywords: SeoKeyword[];
  readonly categoryId: number | null;
  /** The categories the index can be narrowed to (jobs and products). */
  readonly categories: IndexCategory[];
  readonly letter: string | null;
  readonly letters: string[];
  readonly page: number;
  readonly maxPage: number;
  readonly numResults: number;
}

export const SEO_LINKS_LOADED = 'seo/linksLoaded';
export const SEO_KEYWORDS_LOADED = 'seo/keywordsLoaded';

export type SeoAction =
  | { type: typeof SEO_LINKS_LOADED; links: SeoLink[] }
  | {
      type: typeof SEO_KEYWORDS_LOADED;
      keywords: SeoKeyword[];
      categoryId: number | null;
      categories: IndexCategory[];
      letter: string | null;
      letters: string[];
      page: number;
      maxPage: number;
      numResults: number;
    };

export const seoLinksLoaded = (links: SeoLink[]): SeoAction => ({ type: SEO_LINKS_LOADED, links: required(links) });

export const initialSeoState: SeoState = {
  seo: [],
  keywords: [],
  categoryId: null,
  categories: [],
  letter: null,
  letters: [],
  page: 1,
  maxPage: 1,
  numResults: 0,
};

export function seoReducer(state: SeoState = initialSeoState, action: SeoAction): SeoState {
  switch (action.type) {
    case SEO_LINKS_LOADED:
      return { ...state, seo: action.links };
    case SEO_KEYWORDS_LOADED: {
      const { type: _type, ...rest } = action;
      return { ...state, ...rest };
    }
    default:
      return state;
  }
}
