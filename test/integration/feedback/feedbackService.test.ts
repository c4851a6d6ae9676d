import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { expect } from 'chai';
import express from 'express';
import request from 'supertest';
import YAML from 'yaml';
import { createFeedbackService, type FeedbackService } from '../../../src/services/feedback/createFeedbackService';
import { jsonApiErrorHandler } from '../../../src/services/jsonapi';
import { tempDataDir } from '../../support/testServer';

/** The POST /results responses of docs/api/feedback.openapi.yaml, as ajv validators. */
function contract() {
  const doc = YAML.parse(fs.readFileSync(path.resolve('docs/api/feedback.openapi.yaml'), 'utf8')) as object;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: 'feedback.json' });
  const schema = (name: string) => ajv.compile({ $ref: `feedback.json#/components/schemas/${name}` });
  return { created: schema('ResultDocument'), error: schema('ErrorDocument'), request: schema('ResultsRequest') };
}

const valid = (attributes: Record<string, unknown> = {}) => ({
  data: {
    type: 'results',
    attributes: {
      campaignId: 'trawl-usefulness-1',
      verticalId: 1,
      countryCode: 'uk',
      browserId: 2,
      userId: '0b6a7c1e-2f7d-4d53-9c1e-3a1e6f1f9a10',
      cookieId: '0b6a7c1e-2f7d-4d53-9c1e-3a1e6f1f9a10',
      origin: 2,
      dateInsert: '2025-05-01T10:00:00.000Z',
      answers: [{ questionId: 1, rating: 4, answer: 'Found a flat in a week.' }],
      ...attributes,
    },
  },
});

describe('the feedback service', () => {
  let dataDir: string;
  let service: FeedbackService;
  let app: express.Express;
  const schemas = contract();

  beforeEach(() => {
    dataDir = tempDataDir();
    service = createFeedbackService({ dataDir, now: () => new Date('2025-05-01T10:00:05.000Z') });
    app = express();
    app.use('/api/feedback', service.router);
    app.use('/api', jsonApiErrorHandler());
  });
  afterEach(() => {
    service.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (body: unknown) =>
    request(app)
      .post('/api/feedback/results')
      .set('Content-Type', 'application/vnd.api+json')
      .send(JSON.stringify(body));

  it('stores a valid answer in feedback.sqlite and answers 201 with the stored result', async () => {
    expect(schemas.request(valid())).to.equal(true);
    const res = await post(valid()).expect(201);
    expect(res.headers['content-type']).to.match(/application\/vnd\.api\+json/);
    expect(schemas.created(res.body), JSON.stringify(schemas.created.errors)).to.equal(true);
    expect(res.body.data.attributes).to.include({ campaignId: 'trawl-usefulness-1', countryCode: 'uk', browserId: 2 });
    expect(res.body.data.attributes.receivedAt).to.equal('2025-05-01T10:00:05.000Z');
    expect(fs.existsSync(path.join(dataDir, 'feedback.sqlite'))).to.equal(true);
    const [stored] = service.store.list();
    expect(stored?.id).to.equal(res.body.data.id);
    expect(stored?.answers).to.deep.equal([{ questionId: 1, rating: 4, answer: 'Found a flat in a week.' }]);
    expect(service.store.count()).to.equal(1);
  });

  it('stores an answer with only a rating, or only a comment', async () => {
    await post(valid({ answers: [{ questionId: 1, rating: 5 }] })).expect(201);
    await post(valid({ answers: [{ questionId: 1, answer: 'More cars, please' }] })).expect(201);
    const answers = service.store.list().flatMap((r) => r.answers);
    expect(answers).to.deep.include({ questionId: 1, rating: 5, answer: null });
    expect(answers).to.deep.include({ questionId: 1, rating: null, answer: 'More cars, please' });
  });

  const bad: Array<[string, Record<string, unknown>, string, string?]> = [
    ['a rating above 5', { answers: [{ questionId: 1, rating: 6 }] }, '/data/attributes/answers/0/rating'],
    ['an answer with neither rating nor comment', { answers: [{ questionId: 1 }] }, '/data/attributes/answers/0'],
    ['no answers', { answers: [] }, '/data/attributes/answers'],
    ['a missing user id', { userId: undefined }, '/data/attributes/userId', 'is required'],
    ['a user id that is a number', { userId: 42 }, '/data/attributes/userId', 'must be a string'],
    ['a country code that is a list', { countryCode: ['es'] }, '/data/attributes/countryCode', 'must be a string'],
    ['an unknown country', { countryCode: 'zz' }, '/data/attributes/countryCode'],
    ['a vertical id not of the spec', { verticalId: 3 }, '/data/attributes/verticalId'],
    ['a browser id other than 2', { browserId: 1 }, '/data/attributes/browserId'],
    ['a date that is not ISO 8601', { dateInsert: 'yesterday' }, '/data/attributes/dateInsert'],
    ['a campaign id with spaces', { campaignId: 'a b' }, '/data/attributes/campaignId'],
    ['an origin above 66', { origin: 67 }, '/data/attributes/origin'],
  ];
  for (const [what, attributes, pointer, detail] of bad) {
    it(`answers 400 naming the field for ${what}, and stores nothing`, async () => {
      const res = await post(valid(attributes)).expect(400);
      expect(schemas.error(res.body)).to.equal(true);
      expect(res.body.errors[0].source.pointer).to.equal(pointer);
      expect(res.body.errors[0].detail).to.include(pointer);
      if (detail) expect(res.body.errors[0].detail).to.include(detail);
      expect(service.store.count()).to.equal(0);
    });
  }

  it('answers 400 for a document of another type, and for malformed JSON', async () => {
    const wrongType = await post({ data: { ...valid().data, type: 'clicks' } }).expect(400);
    expect(wrongType.body.errors[0].source.pointer).to.equal('/data/type');
    const malformed = await request(app)
      .post('/api/feedback/results')
      .set('Content-Type', 'application/vnd.api+json')
      .send('{"data":')
      .expect(400);
    expect(malformed.body.errors[0].code).to.equal('MALFORMED_BODY');
  });

  it('answers 415 for a body that is not JSON', async () => {
    await request(app).post('/api/feedback/results').set('Content-Type', 'text/plain').send('rating=5').expect(415);
  });
});
