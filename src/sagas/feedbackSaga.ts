import type { SagaIterator } from 'redux-saga';
import { call, select, takeEvery } from 'redux-saga/effects';
import { verticalByName } from '../../config/verticals';
import type { Api } from '../shared/api/createApi';
import type { FeedbackAnswer, FeedbackResult } from '../shared/api/feedbackApi';
import { PUSH_BROWSER_ID } from '../shared/domain/constants';
import { FEEDBACK_SUBMITTED, type FeedbackAction } from '../state/feedback';
import type { RootState } from '../state/store';
import { getApi, getBrowser, type BrowserEffects } from './context';

/** The one campaign the feedback dialog answers (decision 050). */
export const FEEDBACK_CAMPAIGN_ID = 'trawl-usefulness-1';
/** "How useful is Trawl for you?" */
export const FEEDBACK_QUESTION_ID = 1;
export const FEEDBACK_COMMENT_MAX = 2000;

/** The feedback user id: the installation id, when cookies keep it (else there is none). */
export const feedbackUserId = (state: RootState): string =>
  state.app.cookiesEnabled && state.app.installationId ? state.app.installationId : '';

/** The answer as sent: rating and comment only when present (product-spec §5). */
export function feedbackAnswer(input: { rating?: number; comment?: string }): FeedbackAnswer | null {
  const answer: FeedbackAnswer = { questionId: FEEDBACK_QUESTION_ID };
  if (typeof input.rating === 'number' && Number.isInteger(input.rating) && input.rating >= 1 && input.rating <= 5) {
    answer.rating = input.rating;
  }
  const comment = (input.comment ?? '').trim().slice(0, FEEDBACK_COMMENT_MAX);
  if (comment) answer.answer = comment;
  return answer.rating === undefined && answer.answer === undefined ? null : answer;
}

/**
 * Sends the visitor's answer to the feedback service, only when a user id
 * exists; a failure is ignored silently (service-calls spec §8): the dialog
 * has thanked the visitor already.
 */
export function* sendFeedback(action: Extract<FeedbackAction, { type: typeof FEEDBACK_SUBMITTED }>): SagaIterator {
  const state: RootState = yield select();
  const userId = feedbackUserId(state);
  if (!userId) return;
  const answer = feedbackAnswer(action.answer);
  if (!answer) return;
  const api: Api = yield getApi();
  const browser: BrowserEffects = yield getBrowser();
  const { site } = state.app;
  const result: FeedbackResult = {
    campaignId: FEEDBACK_CAMPAIGN_ID,
    verticalId: verticalByName(site.target)?.id ?? 0,
    countryCode: site.country,
    browserId: PUSH_BROWSER_ID,
    userId,
    cookieId: state.app.installationId,
    origin: state.tracking.origin,
    dateInsert: new Date(browser.now()).toISOString(),
    answers: [answer],
  };
  try {
    yield call(api.feedback.sendResults, result, state.feedback.serviceBase || undefined);
  } catch {
    // Ignored on purpose (spec §8): feedback is a courtesy, not the visitor's task.
  }
}

export function* watchFeedback(): SagaIterator {
  yield takeEvery(FEEDBACK_SUBMITTED, sendFeedback);
}
