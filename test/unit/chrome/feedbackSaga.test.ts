import { expect } from 'chai';
import sinon from 'sinon';
import { FEEDBACK_CAMPAIGN_ID, sendFeedback } from '../../../src/sagas/feedbackSaga';
import { ApiFeedbackError } from '../../../src/shared/api/feedbackApi';
import { feedbackReducer, feedbackSubmitted, initialFeedbackState } from '../../../src/state/feedback';
import { chromeContext, chromeState, runWithStore } from './support';

type Submitted = Parameters<typeof sendFeedback>[0];

describe('sending feedback', () => {
  const run = async (
    answer: { rating?: number; comment?: string },
    state = chromeState(),
    sendResults = sinon.stub().resolves(),
  ) => {
    const context = chromeContext({ api: { feedback: { sendResults } } });
    const saga = runWithStore(sendFeedback, state, context, feedbackSubmitted(answer) as Submitted);
    await saga.task.toPromise();
    return { sendResults, report: context.report as sinon.SinonSpy };
  };

  it('posts the answer with the campaign, site, browser, user and origin', async () => {
    const { sendResults } = await run({ rating: 4, comment: ' Found a flat ' });
    expect(sendResults.calledOnce).to.equal(true);
    expect(sendResults.firstCall.args[0]).to.deep.equal({
      campaignId: FEEDBACK_CAMPAIGN_ID,
      verticalId: 1,
      countryCode: 'uk',
      browserId: 2,
      userId: '0b6a7c1e-2f7d-4d53-9c1e-3a1e6f1f9a10',
      cookieId: '0b6a7c1e-2f7d-4d53-9c1e-3a1e6f1f9a10',
      origin: 2,
      dateInsert: '2025-05-01T10:00:00.000Z',
      answers: [{ questionId: 1, rating: 4, answer: 'Found a flat' }],
    });
  });

  it('sends to the configured feedback service when the state names one', async () => {
    const state = chromeState();
    const { sendResults } = await run(
      { rating: 5 },
      { ...state, feedback: { ...state.feedback, serviceBase: 'https://feedback.test' } },
    );
    expect(sendResults.firstCall.args[1]).to.equal('https://feedback.test');
  });

  it('sends nothing without a user id: cookies disabled, or no installation id', async () => {
    expect((await run({ rating: 5 }, chromeState({ cookiesEnabled: false }))).sendResults.called).to.equal(false);
    expect((await run({ rating: 5 }, chromeState({ installationId: '' }))).sendResults.called).to.equal(false);
  });

  it('includes the rating only when present, and the comment only when present', async () => {
    const onlyRating = await run({ rating: 3, comment: '   ' });
    expect(onlyRating.sendResults.firstCall.args[0].answers).to.deep.equal([{ questionId: 1, rating: 3 }]);
    const onlyComment = await run({ comment: 'Nice' });
    expect(onlyComment.sendResults.firstCall.args[0].answers).to.deep.equal([{ questionId: 1, answer: 'Nice' }]);
    expect((await run({ rating: 9 })).sendResults.called, 'a rating out of range is not one').to.equal(false);
    expect((await run({})).sendResults.called).to.equal(false);
  });

  it('ignores a failure silently: nothing thrown, nothing reported', async () => {
    const failing = sinon.stub().rejects(new ApiFeedbackError('down', 503, 503));
    const { sendResults, report } = await run({ rating: 2 }, chromeState(), failing);
    expect(sendResults.calledOnce).to.equal(true);
    expect(report.called).to.equal(false);
  });
});

describe('the feedback dialog state', () => {
  it('opens, thanks once answered (whatever the service says), and closes', () => {
    let state = feedbackReducer(initialFeedbackState, { type: 'feedback/opened' });
    expect(state).to.include({ dialogOpen: true, status: 'idle' });
    state = feedbackReducer(state, feedbackSubmitted({ rating: 5 }));
    expect(state.status).to.equal('sent');
    state = feedbackReducer(state, { type: 'feedback/closed' });
    expect(state.dialogOpen).to.equal(false);
    expect(feedbackReducer(state, { type: 'feedback/opened' }).status, 'a new answer on reopening').to.equal('idle');
  });
});
