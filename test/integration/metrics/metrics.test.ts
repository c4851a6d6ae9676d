import { expect } from 'chai';
import express from 'express';
import request from 'supertest';
import { createMetrics } from '../../../src/services/metrics/createMetrics';
import { createMetricsRouter } from '../../../src/services/metrics/metricsRouter';
import { REPORT_URL_LIMIT } from '../../../src/shared/domain/constants';
import { createErrorReporter } from '../../../src/shared/errorReporting';
import { JSONAPI, MOBILE_UA, clickBody, clickoutApp, type ClickoutApp } from '../clickout/clickoutApp';

/** The value of one sample line of the Prometheus text, 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('metrics', function () {
  this.timeout(30_000);

  describe('createMetrics().observe (the web role)', () => {
    it('counts queries, errors and timeouts per call, and the response time', async () => {
      const metrics = createMetrics({ defaultMetrics: false });
      metrics.observe({ name: 'search', ms: 40, outcome: 'ok' });
      metrics.observe({ name: 'search', ms: 900, outcome: 'error' });
      metrics.observe({ name: 'search', ms: 11_000, outcome: 'timeout' });
      metrics.observe({ name: 'ad', ms: 5, outcome: 'ok' });
      const text = await metrics.registry.metrics();
      expect(sample(text, 'trawl_service_calls_total{name="search",client="server"}')).to.equal(3);
      expect(sample(text, 'trawl_service_call_errors_total{name="search",client="server"}')).to.equal(1);
      expect(sample(text, 'trawl_service_call_timeouts_total{name="search",client="server"}')).to.equal(1);
      expect(sample(text, 'trawl_service_calls_total{name="ad",client="server"}')).to.equal(1);
      expect(sample(text, 'trawl_service_call_duration_seconds_count{name="search",client="server"}')).to.equal(3);
      expect(
        sample(text, 'trawl_service_call_duration_seconds_bucket{le="0.05",name="search",client="server"}'),
      ).to.equal(1);
      expect(sample(text, 'trawl_service_call_duration_seconds_sum{name="search",client="server"}')).to.be.closeTo(
        11.94,
        1e-9,
      );
    });

    it('keeps label cardinality bounded', async () => {
      const metrics = createMetrics({ defaultMetrics: false, maxNames: 2 });
      for (const name of ['a', 'b', 'c', 'd']) metrics.observe({ name, ms: 1, outcome: 'ok' });
      const text = await metrics.registry.metrics();
      expect(sample(text, 'trawl_service_calls_total{name="other",client="server"}')).to.equal(2);
    });
  });

  describe('error reports from the browser', () => {
    it('logs what went wrong and on which page (cut to the report URL limit), and counts it', async () => {
      const logged: Array<[string, Record<string, unknown>]> = [];
      const metrics = createMetrics({ defaultMetrics: false });
      const app = express().use(
        '/api/metrics',
        createMetricsRouter(metrics, (msg, extra) => logged.push([msg, extra as never])),
      );
      const bodies: string[] = [];
      const page = `https://homes.trawl.co.uk/search/flat?what_d=${'x'.repeat(2000)}`;
      const reporter = createErrorReporter(
        '/api/metrics',
        (async (_url: string, init: RequestInit) => {
          bodies.push(String(init.body));
          return new Response(null, { status: 204 });
        }) as typeof fetch,
        () => page,
      );
      reporter(new TypeError('x is not a function'), { saga: 'featuredAd' });
      reporter(Object.assign(new Error('odd'), { name: 'Weird Name!' }));
      expect(bodies).to.have.length(2);
      for (const body of bodies)
        await request(app).post('/api/metrics/error').set('Content-Type', 'application/json').send(body).expect(204);
      expect(logged[0]).to.deep.equal([
        'browser error',
        {
          name: 'browser.TypeError',
          message: 'x is not a function',
          url: page.slice(0, REPORT_URL_LIMIT),
          saga: 'featuredAd',
        },
      ]);
      expect(logged[1]![1]).to.include({ name: 'browser.Weird_Name_' });
      const text = await metrics.registry.metrics();
      expect(sample(text, 'trawl_service_call_errors_total{name="browser.TypeError",client="browser"}')).to.equal(1);
      // A longer address than the limit is refused, plainly.
      const long = await request(app)
        .post('/api/metrics/error')
        .set('Content-Type', 'application/json')
        .send({ name: 'browser.Error', url: page });
      expect(long.status).to.equal(400);
    });
  });

  describe('HTTP', () => {
    let s: ClickoutApp;
    before(async () => {
      s = await clickoutApp();
    });
    after(() => s.close());

    const report = (path: string, body: unknown) =>
      s.http.post(`/api/metrics${path}`).set('Content-Type', JSONAPI).send(JSON.stringify(body));

    it('takes browser reports on /query, /error, /timeout, /response-time and /query-custom', async () => {
      await report('/query', { name: 'search' }).expect(204);
      await report('/query', { data: { type: 'metrics', attributes: { name: 'search', ms: 120 } } }).expect(204);
      await report('/error', { name: 'search' }).expect(204);
      await report('/timeout', { name: 'clickout' }).expect(204);
      await report('/response-time', { name: 'clickout', ms: 250 }).expect(204);
      await report('/query-custom', { name: 'popup.shown' }).expect(204);
      await report('/query-custom', { name: 'popup.shown', value: 2 }).expect(204);
      const text = (await s.http.get('/metrics').expect(200)).text;
      expect(sample(text, 'trawl_service_calls_total{name="search",client="browser"}')).to.equal(2);
      expect(sample(text, 'trawl_service_call_errors_total{name="search",client="browser"}')).to.equal(1);
      expect(sample(text, 'trawl_service_call_timeouts_total{name="clickout",client="browser"}')).to.equal(1);
      expect(sample(text, 'trawl_service_call_duration_seconds_count{name="clickout",client="browser"}')).to.equal(1);
      expect(sample(text, 'trawl_service_call_duration_seconds_count{name="search",client="browser"}')).to.equal(1);
      expect(sample(text, 'trawl_custom_queries_total{name="popup.shown"}')).to.equal(3);
    });

    it("takes a browser's batch of calls on /query, each with its time and outcome", async () => {
      const before = (await s.http.get('/metrics').expect(200)).text;
      await report('/query', [
        { name: 'autocomplete', ms: 30, outcome: 'ok' },
        { name: 'autocomplete', ms: 45 },
        { name: 'autocomplete', ms: 900, outcome: 'error' },
        { name: 'autocomplete', ms: 11_000, outcome: 'timeout' },
      ]).expect(204);
      const text = (await s.http.get('/metrics').expect(200)).text;
      const added = (series: string) => sample(text, series) - sample(before, series);
      expect(added('trawl_service_calls_total{name="autocomplete",client="browser"}')).to.equal(4);
      expect(added('trawl_service_call_errors_total{name="autocomplete",client="browser"}')).to.equal(1);
      expect(added('trawl_service_call_timeouts_total{name="autocomplete",client="browser"}')).to.equal(1);
      expect(added('trawl_service_call_duration_seconds_count{name="autocomplete",client="browser"}')).to.equal(4);
      // One bad report refuses the batch, counting none of it.
      const refused = await report('/query', [{ name: 'autocomplete', ms: 1 }, { name: 'a b' }]);
      expect(refused.status).to.equal(400);
      expect(JSON.parse(refused.text).errors[0].source.pointer).to.equal('/1/name');
      await report('/query', []).expect(400);
      await report(
        '/query',
        Array.from({ length: 51 }, () => ({ name: 'x' })),
      ).expect(400);
      const after = (await s.http.get('/metrics').expect(200)).text;
      expect(sample(after, 'trawl_service_calls_total{name="autocomplete",client="browser"}')).to.equal(
        sample(text, 'trawl_service_calls_total{name="autocomplete",client="browser"}'),
      );
    });

    it('refuses bad reports with a 400', async () => {
      for (const [path, body] of [
        ['/query', {}],
        ['/query', { name: 'a b' }],
        ['/query', { name: 'x'.repeat(65) }],
        ['/response-time', { name: 'search' }],
        ['/response-time', { name: 'search', ms: -1 }],
        ['/query-custom', { name: 'x', value: 0 }],
      ] as const) {
        const res = await report(path, body);
        expect(res.status, `${path} ${JSON.stringify(body)}`).to.equal(400);
        expect(JSON.parse(res.text).errors[0].code).to.equal('INVALID_PARAMETER');
      }
      const malformed = await s.http.post('/api/metrics/query').set('Content-Type', JSONAPI).send('{"name":');
      expect(malformed.status).to.equal(400);
    });

    it("exposes process figures and the services' own counters at /metrics in the Prometheus format", async () => {
      await s.http
        .post('/api/clickout/clicks')
        .set('Content-Type', JSONAPI)
        .set('User-Agent', MOBILE_UA)
        .send(JSON.stringify(clickBody('es-paid-1')))
        .expect(201);
      await s.http
        .post('/api/clickout/clicks')
        .set('Content-Type', JSONAPI)
        .set('User-Agent', MOBILE_UA)
        .send(JSON.stringify(clickBody('no-such-ad')))
        .expect(404);
      const res = await s.http.get('/metrics').expect(200);
      expect(res.headers['content-type']).to.contain('text/plain');
      expect(res.text).to.contain('process_cpu_user_seconds_total');
      expect(res.text).to.contain('nodejs_eventloop_lag_seconds');
      expect(sample(res.text, 'trawl_clickouts_total{outcome="billed"}')).to.equal(1);
      expect(sample(res.text, 'trawl_clickouts_total{outcome="rejected_ad_not_found"}')).to.equal(1);
    });
  });
});
