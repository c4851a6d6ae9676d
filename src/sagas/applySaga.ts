import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLatest } from 'redux-saga/effects';
import type { Api } from '../shared/api/createApi';
import { APPLY_SENT, applyFailed, applySucceeded, type AdPageAction } from '../state/adPage';
import type { RootState } from '../state/store';
import { getApi } from './context';

/** Apply / contact: sending, then sent (the ad joins the contacted list) or an apply error (spec §4). */
export function* sendApply(action: Extract<AdPageAction, { type: typeof APPLY_SENT }>): SagaIterator {
  const api: Api = yield getApi();
  const { adPage, app } = yield select((state: RootState) => ({ adPage: state.adPage, app: state.app }));
  const ad = adPage.ad as RootState['adPage']['ad'];
  if (!ad || ad.id !== action.adId) return;
  const a = ad.attributes;
  try {
    yield call(api.sources.lead, {
      adId: ad.id,
      ad: { title: a.title, url: a.url },
      sourceAd: { id: a.source.ad.id, url: a.source.ad.url, email: a.source.ad.contactEmail, sourceId: a.source.id },
      country: app.site.country,
      vertical: app.site.target,
      user: {
        name: action.form.name ?? '',
        email: action.form.email ?? '',
        phone: action.form.phone || undefined,
        message: action.form.message ?? '',
      },
    });
    yield put(applySucceeded(ad.id));
  } catch (error) {
    yield put(applyFailed((error as Error).message));
  }
}

export function* watchApply(): SagaIterator {
  yield takeLatest(APPLY_SENT, sendApply);
}
