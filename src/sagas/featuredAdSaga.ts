import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLatest } from 'redux-saga/effects';
import type { Api } from '../shared/api/createApi';
import type { Ad } from '../shared/domain/ad';
import { clientIdFor, SECTION_TYPES } from '../shared/domain/constants';
import { FEATURED_AD_REQUESTED, featuredAdFailed, featuredAdStarted, featuredAdSucceeded } from '../state/featuredAd';
import type { RootState } from '../state/store';
import { getApi, getReport } from './context';
import type { ErrorReporter } from '../shared/errorReporting';

/** Tracking section of the featured ad (product-spec §3). */
export const FEATURED_SECTION_ID = 208;

/**
 * Loads one premium ad for a vertical home, in the browser after the first
 * load. Nothing is asked again once one was shown (it stays in the store);
 * no premium ad, or a failed call, marks it expired.
 */
export function* loadFeaturedAd(): SagaIterator {
  const state: RootState = yield select();
  const { app, featuredAd } = state;
  if (featuredAd.alreadyShown || app.site.target === 'general') return;
  const api: Api = yield getApi();
  yield put(featuredAdStarted());
  try {
    const doc: { data: Ad[]; meta?: { premium?: Ad[] } } = yield call(
      api.search.search,
      app.site.target === 'homes' ? 'search/m' : 'search',
      {
        countryCode: app.site.country,
        device: app.device,
        clientId: clientIdFor(app.device),
        originId: state.tracking.origin,
        'page[number]': 1,
        'page[organic][size]': 1,
        'page[premium][size]': 1,
        'redirect[cookieId]': app.installationId,
      },
    );
    // The premium section comes in the document's meta (the organic list is `data`).
    const premium = doc.meta?.premium?.[0];
    if (!premium) {
      yield put(featuredAdFailed());
      return;
    }
    yield put(
      featuredAdSucceeded({
        ...premium,
        attributes: {
          ...premium.attributes,
          section_id: FEATURED_SECTION_ID,
          section_type_id: SECTION_TYPES.premium,
          position: 1,
        },
      }),
    );
  } catch (error) {
    const report: ErrorReporter = yield getReport();
    report(error, { saga: 'featuredAd' });
    yield put(featuredAdFailed());
  }
}

export function* watchFeaturedAd(): SagaIterator {
  yield takeLatest(FEATURED_AD_REQUESTED, loadFeaturedAd);
}
