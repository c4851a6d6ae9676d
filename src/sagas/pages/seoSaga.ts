import type { IntlShape } from 'react-intl';
import type { SagaIterator } from 'redux-saga';
import { call, put, select } from 'redux-saga/effects';
import type { Api } from '../../shared/api/createApi';
import { isApiError } from '../../shared/api/errors';
import type { QueryParams } from '../../shared/routing/query';
import type { AppState } from '../../state/app';
import type { PageResult } from '../../state/page';
import { SEO_KEYWORDS_LOADED, seoLinksLoaded, type SeoLink } from '../../state/seo';
import type { RootState } from '../../state/store';
import type { KeywordsDocument } from '../../shared/api/keywordsApi';
import { getApi, getIntl } from '../context';
import { notFoundResult } from '../pageSaga';
import { canonicalUrl } from './common';

/**
 * The SEO link index of a vertical's home (top places, makes, categories); a failure leaves it
 * empty, and a query the service refuses (an unknown deal or property type) answers null.
 */
export function* loadSeoLinks(query: Record<string, string | number | undefined> = {}): SagaIterator<SeoLink[] | null> {
  const api: Api = yield getApi();
  const app: AppState = yield select((state: RootState) => state.app);
  if (app.site.target === 'general') return [];
  try {
    const doc: { data: Array<{ attributes: SeoLink }> } = yield call(api.search.seoLinks, {
      countryCode: app.site.country,
      ...query,
    });
    const links = doc.data.map((d) => d.attributes);
    yield put(seoLinksLoaded(links));
    return links;
  } catch (error) {
    yield put(seoLinksLoaded([]));
    return isApiError(error) && error.status === 400 ? null : [];
  }
}

/** The homes index's one category (`routeName`): the links a homes home shows. */
const HOMES_INDEX_CATEGORY = 'home';

/** A whole number written in a path segment or a query, else undefined (absent) or NaN (anything else). */
const wholeNumber = (value: unknown): number | undefined =>
  value === undefined ? undefined : /^\d{1,9}$/.test(String(value)) ? Number(value) : NaN;

/**
 * The SEO index / top searches: keywords by page, category type and first
 * letter; an empty index is a 404 (product-spec §5).
 */
export function indexPage(routeName: string) {
  return function* loadIndexPage(params: QueryParams): SagaIterator<PageResult> {
    const api: Api = yield getApi();
    const intl: IntlShape = yield getIntl();
    const app: AppState = yield select((state: RootState) => state.app);
    const vertical = app.site.target;
    const notFound = notFoundResult(intl);
    const page = typeof params.page === 'number' && params.page >= 1 ? Math.floor(params.page) : 1;
    // Category 0 is "All" (product-spec §3): the index of every category, whose address is /index.
    const type = wholeNumber(params.type);
    if (Number.isNaN(type)) return notFound;
    const categoryId = type === undefined || type === 0 ? null : type;
    // A first letter is one letter or digit, of any script (マ, г, ا, ค): /letter/ab is no index, not the
    // whole one under another address.
    const letterParam = params.letter === undefined ? undefined : String(params.letter);
    if (letterParam !== undefined && !/^[\p{L}\p{N}]$/u.test(letterParam)) return notFound;
    const letter = letterParam?.toLowerCase() ?? null;
    if (vertical === 'homes') {
      // Path segments name an index: an unknown one is not found, not a copy of /index under another address.
      const dealType = wholeNumber(params.deal_type);
      if (params.routeName !== undefined && params.routeName !== HOMES_INDEX_CATEGORY) return notFound;
      if (Number.isNaN(dealType)) return notFound;
      const links: SeoLink[] | null = yield call(loadSeoLinks, {
        homePageCategory: HOMES_INDEX_CATEGORY,
        dealType,
        propertyType: typeof params.property_type === 'string' ? params.property_type : undefined,
      });
      if (links === null) return notFound;
    }
    let doc: KeywordsDocument;
    try {
      doc = yield call(api.keywords.keywords, vertical, {
        country_code: app.site.country,
        page,
        category_id: categoryId ?? undefined,
        first_letter: letter ?? undefined,
      });
      yield put({
        type: SEO_KEYWORDS_LOADED,
        keywords: doc.data.map((d) => ({
          keyword: d.attributes.keyword,
          totalAds: d.attributes.totalAds,
          what: d.attributes.what ?? d.attributes.keyword,
          where: d.attributes.where ?? null,
        })),
        categoryId,
        categories: doc.meta.categories ?? [],
        letter,
        letters: doc.meta.letters ?? [],
        page,
        maxPage: doc.meta.maxPage,
        numResults: doc.meta.totalCount,
      });
    } catch (error) {
      if (isApiError(error) && error.status === 404) return notFound;
      throw error;
    }
    const canonical: string = yield call(canonicalUrl, routeName, {
      routeName: params.routeName,
      deal_type: params.deal_type,
      property_type: params.property_type,
      type: categoryId ?? undefined,
      letter: letter ?? undefined,
      page,
    });
    // Each index page its own title: the vertical, then the category, letter and page that narrow it.
    const categoryName = categoryId === null ? undefined : doc.meta.categories?.find((c) => c.id === categoryId)?.name;
    const narrowed = [
      vertical === 'general' ? undefined : intl.formatMessage({ id: `vertical.${vertical}` }),
      categoryName,
      letter ? intl.formatMessage({ id: 'seo.titleLetter' }, { letter: letter.toUpperCase() }) : undefined,
      page > 1 ? intl.formatMessage({ id: 'paginator.page' }, { page }) : undefined,
    ].filter((part): part is string => Boolean(part));
    return {
      status: 200,
      head: { title: intl.formatMessage({ id: 'seo.title' }, { narrowed: narrowed.join(', ') }), canonical },
    };
  };
}
