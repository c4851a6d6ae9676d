/** Feedback capture (product-spec §2 "Capture feedback", §3 "Feedback answer"). */
export interface FeedbackState {
  /** Base URL of the feedback service as browsers reach it (FEEDBACK_BASE_URL; empty: `<api>/feedback`). */
  readonly serviceBase: string;
  readonly dialogOpen: boolean;
  /** 'sent' once the visitor answered: the dialog thanks them whatever the service said (spec §8). */
  readonly status: 'idle' | 'sent';
}

/** What the visitor answered: a rating from 1 to 5, a comment, or both. */
export interface FeedbackAnswerInput {
  readonly rating?: number;
  readonly comment?: string;
}

export const FEEDBACK_OPENED = 'feedback/opened';
export const FEEDBACK_CLOSED = 'feedback/closed';
export const FEEDBACK_SUBMITTED = 'feedback/submitted';

export type FeedbackAction =
  | { type: typeof FEEDBACK_OPENED }
  | { type: typeof FEEDBACK_CLOSED }
  | { type: typeof FEEDBACK_SUBMITTED; answer: FeedbackAnswerInput };

export const feedbackOpened = (): FeedbackAction => ({ type: FEEDBACK_OPENED });
export const feedbackClosed = (): FeedbackAction => ({ type: FEEDBACK_CLOSED });
export const feedbackSubmitted = (answer: FeedbackAnswerInput): FeedbackAction => ({
  type: FEEDBACK_SUBMITTED,
  answer,
});

export const initialFeedbackState: FeedbackState = { serviceBase: '', dialogOpen: false, status: 'idle' };

export const feedbackStateFor = (serviceBase: string): FeedbackState => ({ ...initialFeedbackState, serviceBase });

export function feedbackReducer(state: FeedbackState = initialFeedbackState, action: FeedbackAction): FeedbackState {
  switch (action.type) {
    case FEEDBACK_OPENED:
      return { ...state, dialogOpen: true, status: 'idle' };
    case FEEDBACK_CLOSED:
      return { ...state, dialogOpen: false };
    case FEEDBACK_SUBMITTED:
      return { ...state, status: 'sent' };
    default:
      return state;
  }
}
