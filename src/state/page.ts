import type { QueryParams } from '../shared/routing/query';
import { required } from './payload';

export interface PageHead {
  readonly title: string;
  readonly description?: string;
  /** Absolute canonical URL; absent on error pages. */
  readonly canonical?: string;
  /**
   * Kept out of search engines: `true` for pages of no value to them (noindex, nofollow,
   * noarchive, as error pages are); `'follow'` for a page whose links still lead somewhere
   * (an expired ad's related ads).
   */
  readonly noindex?: boolean | 'follow';
  /** schema.org data written as JSON-LD in the head. */
  readonly jsonLd?: Record<string, unknown>;
  /** The absolute URL of the picture a shared link shows (`og:image`). */
  readonly image?: string;
}

/**
 * What a page tells search engines, from its head and status, the same on the server's document and
 * after a navigation in the app: a `robots` directive for a page kept out of them (an error page, a
 * page of no value to them), else its canonical URL.
 */
export function indexingOf(head: PageHead, status: number): { robots?: string; canonical?: string } {
  if (head.noindex || status >= 400) {
    return { robots: status < 400 && head.noindex === 'follow' ? 'noindex, follow' : 'noindex, nofollow, noarchive' };
  }
  return head.canonical ? { canonical: head.canonical } : {};
}

/** The outcome of a page's load saga: the HTTP status and the head it wants. */
export interface PageResult {
  readonly status: number;
  readonly head: PageHead;
  /**
   * Where to send the visitor instead: a site-relative path (the GET /q form's target, an ad
   * page), or an absolute URL off the site (a click-out's partner page).
   */
  readonly redirect?: string;
}

export interface PageState {
  readonly routeName: string | null;
  readonly params: QueryParams;
  /** Site-relative path and query of the page shown. */
  readonly location: { readonly pathname: string; readonly search: string };
  readonly status: number;
  readonly head: PageHead;
  readonly redirect?: string;
  readonly isLoading: boolean;
  /** False until the first page (the server-rendered one) has been shown. */
  readonly firstLoadDone: boolean;
}

export const NAVIGATE = 'page/navigate';
export const PAGE_LOAD_STARTED = 'page/loadStarted';
export const PAGE_LOADED = 'page/loaded';
export const FIRST_LOAD_DONE = 'page/firstLoadDone';

export type PageAction =
  | { type: typeof NAVIGATE; pathname: string; search: string; navigationType?: 'PUSH' | 'POP' | 'REPLACE' }
  | { type: typeof PAGE_LOAD_STARTED; routeName: string | null; params: QueryParams; pathname: string; search: string }
  | { type: typeof PAGE_LOADED; result: PageResult }
  | { type: typeof FIRST_LOAD_DONE };

export const navigate = (
  pathname: string,
  search: string,
  navigationType?: 'PUSH' | 'POP' | 'REPLACE',
): PageAction => ({
  type: NAVIGATE,
  pathname,
  search,
  navigationType,
});

export const pageLoadStarted = (
  routeName: string | null,
  params: QueryParams,
  pathname: string,
  search: string,
): PageAction => ({ type: PAGE_LOAD_STARTED, routeName, params, pathname, search });

export const pageLoaded = (result: PageResult): PageAction => ({ type: PAGE_LOADED, result: required(result) });
export const firstLoadDone = (): PageAction => ({ type: FIRST_LOAD_DONE });

export const initialPageState: PageState = {
  routeName: null,
  params: {},
  location: { pathname: '/', search: '' },
  status: 200,
  head: { title: '' },
  isLoading: false,
  firstLoadDone: false,
};

export function pageReducer(state: PageState = initialPageState, action: PageAction): PageState {
  switch (action.type) {
    case PAGE_LOAD_STARTED:
      return {
        ...state,
        isLoading: true,
        routeName: action.routeName,
        params: action.params,
        location: { pathname: action.pathname, search: action.search },
      };
    case PAGE_LOADED:
      return {
        ...state,
        isLoading: false,
        status: action.result.status,
        head: action.result.head,
        redirect: action.result.redirect,
      };
    case FIRST_LOAD_DONE:
      return { ...state, firstLoadDone: true };
    default:
      return state;
  }
}

export const isErrorStatus = (status: number): boolean => status >= 400;
