import { expect } from 'chai';
import { JSONAPI, MOBILE_UA, clickBody, clickoutApp, type ClickoutApp } from './clickoutApp';
import { openApiOf } from './openapiCheck';

const clickout = openApiOf('docs/api/clickout.openapi.yaml');
const sources = openApiOf('docs/api/sources.openapi.yaml');
const tracking = openApiOf('docs/api/tracking.openapi.yaml');
const metrics = openApiOf('docs/api/metrics.openapi.yaml');

describe('click-out services: answers match docs/api', function () {
  this.timeout(30_000);
  let s: ClickoutApp;
  before(async () => {
    s = await clickoutApp();
  });
  after(() => s.close());

  const post = (path: string, body: unknown) =>
    s.http.post(path).set('Content-Type', JSONAPI).set('User-Agent', MOBILE_UA).send(JSON.stringify(body));
  const json = (text: string): unknown => (text ? JSON.parse(text) : undefined);

  it('click-out: 201, 400, 404, 409, 410', async () => {
    for (const [body, status] of [
      [clickBody('es-paid-1'), 201],
      [{ data: {} }, 400],
      [clickBody('nope'), 404],
      [clickBody('uk-car-1'), 409],
      [clickBody('es-expired-1'), 410],
    ] as const) {
      const res = await post('/api/clickout/clicks', body);
      expect(res.status).to.equal(status);
      clickout('POST', '/clickout/clicks', status, json(res.text));
    }
  });

  it('sources: topPlayers 200 and 400, lead 201, 400, 404, 409, 410', async () => {
    const ok = await s.http.get('/api/sources/topPlayers?countryCode=es&verticalId=1').expect(200);
    sources('GET', '/sources/topPlayers', 200, json(ok.text));
    const bad = await s.http.get('/api/sources/topPlayers').expect(400);
    sources('GET', '/sources/topPlayers', 400, json(bad.text));
    const lead = (over: object = {}) => ({
      data: {
        type: 'leads',
        attributes: { country: 'es', vertical: 'homes', user: { name: 'A', email: 'a@example.org' }, ...over },
      },
    });
    for (const [adId, body, status] of [
      ['es-paid-1', lead(), 201],
      ['es-paid-1', lead({ user: {} }), 400],
      ['nope', lead(), 404],
      ['es-free-1', lead(), 409],
      ['es-expired-1', lead(), 410],
    ] as const) {
      const res = await post(`/api/sources/lead/${adId}`, body);
      expect(res.status, res.text).to.equal(status);
      sources('POST', '/sources/lead/{adId}', status, json(res.text));
    }
  });

  it('tracking: 201, 204, 400', async () => {
    const doc = { data: { type: 'page_views', attributes: { site: { country_code: 'es', vertical_id: 1 } } } };
    for (const [body, status] of [
      [doc, 201],
      [{}, 204],
      [{ data: { type: 'nope' } }, 400],
    ] as const) {
      const res = await post('/api/tracking/page/views', body);
      expect(res.status).to.equal(status);
      tracking('POST', '/tracking/page/views', status, json(res.text));
    }
  });

  it('metrics: 204, 400', async () => {
    await post('/api/metrics/query', { name: 'search' }).expect(204);
    metrics('POST', '/query', 204, undefined);
    const bad = await post('/api/metrics/query', {}).expect(400);
    metrics('POST', '/query', 400, json(bad.text));
  });
});
