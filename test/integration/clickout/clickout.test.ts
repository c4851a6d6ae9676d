import { expect } from 'chai';
import type { SqliteEventStore } from '../../../src/services/events/SqliteEventStore';
import { BOT_UA, DESKTOP_UA, JSONAPI, MOBILE_UA, clickBody, clickoutApp, type ClickoutApp } from './clickoutApp';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const STORED = 'https://partner1.example/ads/es-paid-1';

describe('click-out service: POST /api/clickout/clicks', function () {
  this.timeout(30_000);
  let s: ClickoutApp;

  beforeEach(async () => {
    s = await clickoutApp();
  });
  afterEach(() => s.close());

  const click = (body: object, ua = MOBILE_UA, type = JSONAPI) =>
    s.http.post('/api/clickout/clicks').set('User-Agent', ua).set('Content-Type', type).send(JSON.stringify(body));

  type Row = {
    ad_id: string;
    billed: number;
    outcome: string;
    cpc_micros: number;
    device: string;
    destination: string;
  };
  const clickRows = async () => ({
    ...(await s.services.events.counts()),
    rows: (s.services.events as SqliteEventStore).db
      .prepare('SELECT ad_id, billed, outcome, cpc_micros, device, destination FROM clickouts ORDER BY id')
      .all() as Row[],
  });

  it('records the click and answers the stored URL with a conversion cookie', async () => {
    const res = await click(clickBody('es-paid-1'));
    expect(res.status, res.text).to.equal(201);
    expect(res.headers['content-type']).to.contain(JSONAPI);
    expect(res.headers['cache-control']).to.equal('no-store');
    const body = JSON.parse(res.text) as Body;
    expect(body.meta.destination).to.deep.equal({ type: 1, url: STORED });
    expect(body.meta.user.conversion_cookie).to.be.a('string').with.length.above(15);
    expect(body.data).to.deep.include({ type: 'clicks', id: body.meta.user.conversion_cookie });
    const { rows } = await clickRows();
    expect(rows).to.deep.equal([
      { ad_id: 'es-paid-1', billed: 1, outcome: 'billed', cpc_micros: 120_000, device: 'mobile', destination: STORED },
    ]);
  });

  it('bills the desktop CPC for a desktop visitor, and takes the device from the body first', async () => {
    await click(clickBody('es-paid-1', { cookie: 'd1' }), DESKTOP_UA).expect(201);
    await click(clickBody('es-paid-2', { cookie: 'd1', extra: { device: 2 } }), DESKTOP_UA).expect(201);
    await click(clickBody('es-paid-1', { cookie: 'd2', extra: { device: 'tablet' } }), MOBILE_UA).expect(201);
    const { rows } = await clickRows();
    expect(rows.map((r) => [r.device, r.cpc_micros])).to.deep.equal([
      ['desktop', 200_000],
      ['mobile', 120_000],
      ['tablet', 200_000],
    ]);
  });

  describe('never sends the visitor anywhere but the stored URL', () => {
    const evil = 'https://evil.example/phish';

    it('ignores a url, a destination or a redirect in the body', async () => {
      const body = clickBody('es-paid-1', {
        extra: { url: evil, destination: { type: 1, url: evil }, redirect: evil, redirectUrl: evil },
      }) as Body;
      body.meta = { destination: { type: 1, url: evil } };
      body.data.url = evil;
      body.data.attributes.ad.url = evil;
      const res = await click(body);
      expect(res.status, res.text).to.equal(201);
      expect(JSON.parse(res.text).meta.destination.url).to.equal(STORED);
      expect(res.text).not.to.contain('evil');
    });

    it('refuses an ad id that carries a URL, whatever its shape', async () => {
      for (const id of [
        evil,
        `es-paid-1?url=${encodeURIComponent(evil)}`,
        'es-paid-1/../../evil.example',
        `es-paid-1#${evil}`,
        '//evil.example',
      ]) {
        const res = await click(clickBody(id));
        expect(res.status, id).to.equal(400);
        expect(res.text).not.to.contain('"destination"');
        expect(JSON.parse(res.text).errors[0].source.pointer).to.equal('/data/attributes/ad/id');
      }
      expect((await s.services.events.counts()).clickouts).to.equal(0);
    });

    it("refuses another site's ad id with a JSON:API error, not a redirect", async () => {
      const res = await click(clickBody('uk-car-1'));
      expect(res.status).to.equal(409);
      const body = JSON.parse(res.text) as Body;
      expect(body.meta).to.equal(undefined);
      expect(body.errors[0]).to.include({ status: '409', code: 'SITE_MISMATCH' });
      // The same ad on its own site goes to its own stored URL.
      const own = await click(clickBody('uk-car-1', { site: ['uk', 'cars'] })).expect(201);
      expect(JSON.parse(own.text).meta.destination.url).to.equal('https://motors.example/cars/1');
    });

    it('refuses an ad whose stored URL is not a web page', async () => {
      const res = await click(clickBody('es-badurl-1'));
      expect(res.status).to.equal(410);
      expect(res.text).not.to.contain('javascript');
    });
  });

  describe('billing', () => {
    it('bills a double click once and the next click after 30 minutes again', async () => {
      await click(clickBody('es-paid-1')).expect(201);
      s.clock.advance(10 * 60_000);
      await click(clickBody('es-paid-1')).expect(201);
      s.clock.advance(19 * 60_000);
      await click(clickBody('es-paid-1')).expect(201);
      s.clock.advance(2 * 60_000); // 31 minutes after the billed click
      await click(clickBody('es-paid-1')).expect(201);
      // Another ad, or another visitor, is billed on its own.
      await click(clickBody('es-paid-2')).expect(201);
      await click(clickBody('es-paid-1', { cookie: 'cookie-b' })).expect(201);
      const { rows, billed } = await clickRows();
      expect(rows.map((r) => r.outcome)).to.deep.equal([
        'billed',
        'duplicate',
        'duplicate',
        'billed',
        'billed',
        'billed',
      ]);
      expect(billed).to.equal(4);
    });

    it('bills two concurrent double clicks once (and twenty as well)', async () => {
      const twice = await Promise.all([click(clickBody('es-paid-1')), click(clickBody('es-paid-1'))]);
      for (const res of twice) expect(res.status).to.equal(201);
      const many = await Promise.all(Array.from({ length: 20 }, () => click(clickBody('es-paid-2'))));
      for (const res of many) expect(JSON.parse(res.text).meta.destination.url).to.contain('es-paid-2');
      const { rows, billed } = await clickRows();
      expect(rows).to.have.length(22);
      expect(billed).to.equal(2);
    });

    it('tells visitors without a cookie apart by ip and user agent', async () => {
      const body = clickBody('es-paid-1') as Body;
      delete body.data.attributes.user.cookie_id;
      await click(body).expect(201);
      await click(body).expect(201);
      await click(body, DESKTOP_UA).expect(201);
      expect((await clickRows()).rows.map((r) => r.outcome)).to.deep.equal(['billed', 'duplicate', 'billed']);
    });

    it('records a bot click (by user agent, or flagged) but bills nothing', async () => {
      await click(clickBody('es-paid-1'), BOT_UA).expect(201);
      await click(clickBody('es-paid-2', { extra: { user: { cookie_id: 'x', is_bot: true } } })).expect(201);
      await click(clickBody('es-paid-2', { cookie: 'y' }), '').expect(201);
      const { rows, billed } = await clickRows();
      expect(rows.map((r) => [r.outcome, r.cpc_micros])).to.deep.equal([
        ['bot', 0],
        ['bot', 0],
        ['bot', 0],
      ]);
      expect(billed).to.equal(0);
      // A bot's click opens no window: the visitor's own click right after is billed.
      await click(clickBody('es-paid-1')).expect(201);
      expect((await clickRows()).billed).to.equal(1);
    });

    it('records clicks on ads of sources without an active campaign, unbilled', async () => {
      await click(clickBody('es-free-1')).expect(201);
      await click(clickBody('es-inactive-1')).expect(201);
      expect((await clickRows()).rows.map((r) => r.outcome)).to.deep.equal(['no_campaign', 'no_campaign']);
    });
  });

  describe('errors', () => {
    it('answers 410 AD_EXPIRED for an expired ad and 404 AD_NOT_FOUND for an unknown one, and records both', async () => {
      const expired = await click(clickBody('es-expired-1'));
      expect(expired.status).to.equal(410);
      expect(expired.headers['content-type']).to.contain(JSONAPI);
      expect(JSON.parse(expired.text).errors[0]).to.include({ status: '410', code: 'AD_EXPIRED' });
      const unknown = await click(clickBody('no-such-ad'));
      expect(unknown.status).to.equal(404);
      expect(JSON.parse(unknown.text).errors[0]).to.include({ status: '404', code: 'AD_NOT_FOUND' });
      expect((await s.services.events.counts()).clickouts).to.equal(0);
      const rejected = await s.services.events.eventsOf('clickout-rejected');
      expect(rejected.map((e) => (e.doc as Body).code)).to.deep.equal(['AD_EXPIRED', 'AD_NOT_FOUND']);
    });

    it('answers 400 naming the field for a bad body, and for malformed JSON', async () => {
      const cases: [object, string][] = [
        [{}, '/data'],
        [{ data: { type: 'leads', attributes: {} } }, '/data/type'],
        [{ data: { type: 'clicks', attributes: { ad: { id: 'es-paid-1' } } } }, '/data/attributes/site'],
        [
          clickBody('es-paid-1', { extra: { ad: { id: 'es-paid-1', position: 'first' } } }),
          '/data/attributes/ad/position',
        ],
        [clickBody('es-paid-1', { site: ['zz', 'homes'] }), '/data/attributes/site/country_code'],
        [clickBody('es-paid-1', { site: ['sg', 'cars'] }), '/data/attributes/site/vertical_name'],
        [clickBody('es-paid-1', { extra: { device: 'fridge' } }), '/data/attributes/device'],
      ];
      for (const [body, pointer] of cases) {
        const res = await click(body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(JSON.parse(res.text).errors[0].source.pointer, res.text).to.equal(pointer);
      }
      const raw = await s.http.post('/api/clickout/clicks').set('Content-Type', JSONAPI).send('{"data": {');
      expect(raw.status).to.equal(400);
      expect(JSON.parse(raw.text).errors[0].code).to.equal('MALFORMED_BODY');
    });

    it('accepts application/json and refuses other media types with a 415', async () => {
      await click(clickBody('es-paid-1'), MOBILE_UA, 'application/json').expect(201);
      const res = await click(clickBody('es-paid-1'), MOBILE_UA, 'text/plain');
      expect(res.status).to.equal(415);
    });
  });

  it('loses no event of 1,000 concurrent click-outs', async function () {
    this.timeout(60_000);
    const n = 1000;
    const responses = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        click(clickBody(i % 2 ? 'es-paid-1' : 'es-paid-2', { cookie: `visitor-${i % 100}` })),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((st) => st !== 201)).to.deep.equal([]);
    const cookies = new Set(responses.map((r) => JSON.parse(r.text).meta.user.conversion_cookie as string));
    expect(cookies.size).to.equal(n);
    const counts = await s.services.events.counts();
    expect(counts.clickouts).to.equal(n);
    // 100 visitors, each on one of the two ads (i % 2 follows i % 100): 100 billed.
    expect(counts.billed).to.equal(100);
  });
});
