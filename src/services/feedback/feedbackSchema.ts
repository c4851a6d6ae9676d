import { z } from 'zod';
import { isCountryCode } from '../../../config/countries';
import { VERTICALS } from '../../../config/verticals';
import { intLike, requiredString } from '../jsonapi';

/** Vertical ids of the spec, and 0 for a country's general site. */
const VERTICAL_IDS: readonly number[] = [0, ...VERTICALS.map((v) => v.id)];

const answer = z
  .object({
    questionId: intLike(1, 1_000_000),
    rating: intLike(1, 5).optional(),
    answer: z.string('must be a string').trim().max(2000, 'must be at most 2000 characters').optional(),
  })
  .refine((a) => a.rating !== undefined || (a.answer !== undefined && a.answer !== ''), {
    message: 'needs a rating or an answer',
  });

/** The body of POST /results (service-calls spec §7 "Feedback service"), as a JSON:API document. */
export const resultsBody = z.object({
  data: z.object({
    type: z.literal('results', "must be 'results'"),
    attributes: z.object({
      campaignId: requiredString().regex(
        /^[A-Za-z0-9_.-]{1,64}$/,
        'must be a campaign id (1-64 letters, digits or _ . -)',
      ),
      verticalId: intLike(0, 8).refine((v) => VERTICAL_IDS.includes(v), 'must be a vertical id (0, 1, 2, 4 or 8)'),
      countryCode: requiredString().toLowerCase().refine(isCountryCode, 'must be one of the configured country codes'),
      browserId: intLike(2, 2),
      userId: requiredString().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
      cookieId: z.string('must be a string').trim().max(100, 'must be at most 100 characters').optional(),
      origin: intLike(0, 66).optional(),
      dateInsert: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time' }),
      answers: z
        .array(answer, 'must be a list of answers')
        .min(1, 'needs at least one answer')
        .max(20, 'must have at most 20 answers'),
    }),
  }),
});

export type ResultsBody = z.infer<typeof resultsBody>;
export type FeedbackResultInput = ResultsBody['data']['attributes'];
