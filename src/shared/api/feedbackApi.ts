import { ApiError } from './errors';
import type { HttpClient } from './http';

export class ApiFeedbackError extends ApiError {
  override name = 'ApiFeedbackError';
}

/** One answer to one question: a rating, a comment (`answer`), or both (product-spec §3 "Feedback answer"). */
export interface FeedbackAnswer {
  questionId: number;
  rating?: number;
  answer?: string;
}

/** The attributes of POST /results (service-calls spec §7 "Feedback service"). */
export interface FeedbackResult {
  campaignId: string;
  verticalId: number;
  countryCode: string;
  browserId: number;
  userId: string;
  cookieId: string;
  origin: number;
  /** ISO 8601, when the visitor answered. */
  dateInsert: string;
  answers: FeedbackAnswer[];
}

/** The feedback service: its base is `/api/feedback` by default, FEEDBACK_BASE_URL otherwise. */
export interface FeedbackApi {
  /** Posts an answer; `base` overrides the client's default (the site's configured service). */
  sendResults(result: FeedbackResult, base?: string): Promise<void>;
}

export function createFeedbackApi(http: HttpClient, defaultBase: string): FeedbackApi {
  return {
    async sendResults(result, base) {
      await http.request(
        'feedback',
        `${base || defaultBase}/results`,
        { method: 'POST', body: { data: { type: 'results', attributes: result } } },
        (message, code, status, reason) => new ApiFeedbackError(message, code, status, reason),
      );
    },
  };
}
