import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import express from 'express';
import { jsonBodies, requireJsonBody } from '../bodies';
import { parseInput, sendDocument } from '../jsonapi';
import { resultsBody } from './feedbackSchema';
import { FeedbackStore } from './FeedbackStore';

export interface FeedbackServiceOptions {
  dataDir: string;
  now?: () => Date;
}

export interface FeedbackService {
  /** POST /results; mounted at /api/feedback by default. */
  readonly router: express.Router;
  readonly store: FeedbackStore;
  close(): void;
}

/**
 * The feedback service (service-calls spec §7): POST /results stores the
 * visitor's answers and answers 201 with the stored result; a bad field is
 * a 400 naming it (JSON:API errors, pointer into the body).
 */
export function createFeedbackService(options: FeedbackServiceOptions): FeedbackService {
  fs.mkdirSync(options.dataDir, { recursive: true });
  const now = options.now ?? (() => new Date());
  const store = new FeedbackStore(options.dataDir);
  const router = express.Router();
  router.use(jsonBodies('16kb'));
  router.post('/results', requireJsonBody, (req, res) => {
    const body = parseInput(resultsBody, req.body ?? {}, 'body');
    const { id, ...attributes } = store.insert(randomUUID(), body.data.attributes, now().getTime());
    sendDocument(res, 201, {
      data: {
        type: 'results',
        id,
        attributes: { ...attributes, receivedAt: new Date(attributes.receivedAt).toISOString() },
      },
    });
  });
  return { router, store, close: () => store.close() };
}
