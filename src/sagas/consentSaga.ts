import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery } from 'redux-saga/effects';
import { COOKIES, DAY_SECONDS } from '../shared/domain/cookies';
import { CONSENT_ANSWERED, consentRecorded, type ConsentAction, type ConsentState } from '../state/consent';
import type { RootState } from '../state/store';
import { getBrowser, type BrowserEffects } from './context';

/** Writes the visitor's answer: GDPR banner and personalised-ads cookies, 365 days (spec §9). */
export function* onConsentAnswered(action: Extract<ConsentAction, { type: typeof CONSENT_ANSWERED }>): SagaIterator {
  const browser: BrowserEffects = yield getBrowser();
  const consent: ConsentState = yield select((state: RootState) => state.consent);
  const maxAge = 365 * DAY_SECONDS;
  yield call(browser.setCookie, COOKIES.gdprBanner.name, action.granted ? 'granted' : 'denied', maxAge);
  yield call(browser.setCookie, COOKIES.personalizedAds.name, consent.personalizedAds ? '1' : '0', maxAge);
  yield call(browser.pushDataLayer, {
    event: 'consent',
    status: consent.status,
    personalizedAds: consent.personalizedAds,
  });
}

/** On mount the banner's consent is recorded without closing it; answers are written as they come. */
export function* watchConsent(): SagaIterator {
  yield takeEvery(CONSENT_ANSWERED, onConsentAnswered);
  const consent: ConsentState = yield select((state: RootState) => state.consent);
  if (consent.banner.visible) {
    yield put(consentRecorded());
    const browser: BrowserEffects = yield getBrowser();
    yield call(browser.pushDataLayer, { event: 'consent', status: 'pending' });
  }
}
