import { expect } from 'chai';
import { JSONAPI, MOBILE_UA, clickoutApp, type ClickoutApp } from '../clickout/clickoutApp';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const site = { country_code: 'es', vertical_id: 1 };
const user = { origin_id: 2, cookie_id: 'cookie-t', agent: MOBILE_UA, ip: '203.0.113.7' };
const ads = [
  { id: 'es-paid-1', source_id: 1, position: 1, date_time: '2025-06-01T11:00:00Z', cpc: [0.12] },
  { id: 'es-free-1', source_id: 2, position: 2 },
];

/** One document of every tracking path of spec §7: path, type, attributes. */
const DOCUMENTS: [string, string, Body][] = [
  [
    '/page/views',
    'page_views',
    {
      site,
      user,
      tracking: { page_view_id: 'pv' },
      search: { what: 'flat', page_number: 1 },
      section: { id: 1, type_id: 1 },
    },
  ],
  ['/listing/impressions', 'ad_impressions', { site, user, section: { id: 1, type_id: 1 }, ads, dealer_type_id: 1 }],
  ['/listing/clicks', 'ad-clicks', { site, user, ad: { id: 'es-paid-1', source_id: 1, position: 1 } }],
  ['/source/leads', 'leads', { site, user, ad: { id: 'es-paid-1', source_id: 1 } }],
  ['/source/lead-impressions', 'lead-impressions', { site, user, ads: [ads[0]] }],
  ['/notification/browser/permissions', 'browser-permissions', { site, user, event: 'allow' }],
  ['/notification/browser/statuses', 'browser-statuses', { site, user, event: 'subscribed_search' }],
  [
    '/notification/browser/events',
    'browser-events',
    { site, user, event: 'open', send_id: 's-1', service_worker_version: 15 },
  ],
  ['/notification/email/events', 'email-events', { site, user, event: 'click' }],
  ['/notification/email/open', 'email-opens', { site, user, alert_id: 'a-1', alert_type: 'daily', vv: 2 }],
  ['/internal/click', 'internal-clicks', { site, user, what: 'flat', where: 'Madrid', internal_section: 'footer' }],
  ['/source/adsense', 'adsense-clicks', { site, user, section: { id: 200, type_id: 0 } }],
];

describe('tracking service: POST /api/tracking/...', function () {
  this.timeout(30_000);
  let s: ClickoutApp;

  beforeEach(async () => {
    s = await clickoutApp({ trustProxy: 1 });
  });
  afterEach(() => s.close());

  const post = (path: string, body: unknown, type = JSONAPI) =>
    s.http
      .post(`/api/tracking${path}`)
      .set('Accept', JSONAPI)
      .set('Content-Type', type)
      .set('User-Agent', MOBILE_UA)
      .send(typeof body === 'string' ? body : JSON.stringify(body));

  it('stores the typed document of every path', async () => {
    for (const [path, type, attributes] of DOCUMENTS) {
      const res = await post(path, { data: { type, attributes } });
      expect(res.status, `${path}: ${res.text}`).to.equal(201);
      const body = JSON.parse(res.text) as Body;
      expect(body.data).to.have.length(1);
      expect(body.data[0].type).to.equal(type);
      const stored = await s.services.events.eventsOf(type);
      expect(stored, path).to.have.length(1);
      expect(stored[0]?.ip).to.equal('203.0.113.7');
      expect((stored[0]?.doc as Body).site).to.deep.equal(site);
    }
    const counts = await s.services.events.counts();
    expect(counts.events).to.equal(DOCUMENTS.length);
    // One impression row per ad shown.
    expect(counts.impressions).to.equal(2);
    const open = (await s.services.events.eventsOf('browser-events'))[0]?.doc as Body;
    expect(open).to.include({ event: 'open', send_id: 's-1', service_worker_version: 15 });
  });

  it('takes the flat bodies of the e-mail open and internal click calls', async () => {
    await post('/notification/email/open', {
      country_code: 'es',
      vertical_id: 1,
      alert_id: 'a-9',
      alert_type: 'daily',
      vv: 3,
      ip: '198.51.100.4',
      user_agent: MOBILE_UA,
    }).expect(201);
    await post('/internal/click', {
      country_code: 'es',
      vertical_id: 1,
      what: 'flat',
      where: 'Madrid',
      type: 1,
      ip: '198.51.100.5',
      user_agent: MOBILE_UA,
      vv: 3,
      origin: 2,
      internal_section: 'related',
    }).expect(201);
    const [open] = await s.services.events.eventsOf('email-opens');
    expect(open?.ip).to.equal('198.51.100.4');
    expect((open?.doc as Body).alert_id).to.equal('a-9');
    expect((await s.services.events.eventsOf('internal-clicks'))[0]?.ip).to.equal('198.51.100.5');
  });

  it('records an alert e-mail open from the GET pixel of the digest e-mails', async () => {
    const res = await s.http
      .get(
        '/api/tracking/notification/email/open?country_code=es&vertical_id=1&alert_id=a-1&alert_type=email&send_id=d-1',
      )
      .set('User-Agent', 'GoogleImageProxy')
      .expect(200);
    expect(res.headers['content-type']).to.equal('image/gif');
    expect(res.headers['cache-control']).to.contain('no-store');
    const [open] = await s.services.events.eventsOf('email-opens');
    expect(open?.ip).to.equal('127.0.0.1');
    expect(open?.doc).to.deep.include({
      alert_id: 'a-1',
      send_id: 'd-1',
      site: { country_code: 'es', vertical_id: 1 },
    });
    await s.http.get('/api/tracking/notification/email/open?country_code=zz').expect(400);
    const noAlert = await s.http.get('/api/tracking/notification/email/open?a=1').expect(200);
    expect(noAlert.headers['content-type']).to.equal('image/gif');
    expect(await s.services.events.eventsOf('email-opens')).to.have.length(1);
  });

  it('stores a batch of documents in one post, and sets the default sort', async () => {
    const docs = Array.from({ length: 15 }, (_, i) => ({
      type: 'ad_impressions',
      attributes: { site, user, search: { what: 'x' }, ads: [{ id: `ad-${i}`, source_id: 1, position: i + 1 }] },
    }));
    const res = await post('/listing/impressions', { data: docs }).expect(201);
    expect(JSON.parse(res.text).meta).to.deep.equal({ stored: 15, skipped: 0 });
    expect((await s.services.events.counts()).impressions).to.equal(15);
    const [first] = await s.services.events.eventsOf('ad_impressions');
    expect((first?.doc as Body).search.filters).to.deep.equal({ sort: 'relevance' });
  });

  describe('skips silently', () => {
    it('an empty body', async () => {
      for (const body of ['', '{}', '{"data":null}', '{"data":[]}']) {
        const res = await post('/page/views', body);
        expect(res.status, body).to.equal(204);
        expect(res.text).to.equal('');
      }
      await s.http.post('/api/tracking/page/views').expect(204);
      expect((await s.services.events.counts()).events).to.equal(0);
    });

    it('a document whose user ip is absent (sent empty)', async () => {
      for (const ip of ['', null]) {
        const res = await post('/page/views', {
          data: { type: 'page_views', attributes: { site, user: { ...user, ip } } },
        });
        expect(res.status).to.equal(204);
      }
      await post('/notification/email/open', { country_code: 'es', vertical_id: 1, ip: '' }).expect(204);
      expect((await s.services.events.counts()).events).to.equal(0);
    });
  });

  it("takes the request's ip (X-Forwarded-For behind the trusted proxy) when the body names none", async () => {
    const { ip: _ip, ...noIp } = user;
    await post('/page/views', { data: { type: 'page_views', attributes: { site, user: noIp } } })
      .set('X-Forwarded-For', '192.0.2.44')
      .expect(201);
    await post('/page/views', { data: { type: 'page_views', attributes: { site } } }).expect(201);
    const stored = await s.services.events.eventsOf('page_views');
    expect(stored.map((e) => e.ip)).to.deep.equal(['192.0.2.44', '127.0.0.1']);
  });

  it('accepts application/json and text/plain (sendBeacon), and type names with - or _', async () => {
    await post('/page/views', { data: { type: 'page-views', attributes: { site, user } } }, 'application/json').expect(
      201,
    );
    await post('/page/views', { data: { type: 'page_views', attributes: { site, user } } }, 'text/plain').expect(201);
    expect(await s.services.events.eventsOf('page_views')).to.have.length(2);
  });

  describe('errors with reason, errors[].error and errors[].status', () => {
    const expectError = async (res: { status: number; text: string }, status: number, pointer?: string) => {
      expect(res.status, res.text).to.equal(status);
      const body = JSON.parse(res.text) as Body;
      expect(body.reason).to.be.a('string').with.length.above(0);
      expect(body.errors[0].status).to.equal(String(status));
      expect(body.errors[0].error).to.be.a('string').with.length.above(0);
      if (pointer) expect(body.errors[0].source.pointer).to.equal(pointer);
      return body;
    };

    it('refuses an unknown document type, or the document of another path', async () => {
      await expectError(
        await post('/page/views', { data: { type: 'spam', attributes: { site, user } } }),
        400,
        '/data/type',
      );
      const body = await expectError(
        await post('/listing/impressions', { data: [{ type: 'page_views', attributes: { site, user } }] }),
        400,
        '/data/0/type',
      );
      expect(body.errors[0].code).to.equal('UNKNOWN_DOCUMENT_TYPE');
    });

    it('refuses attributes of the wrong type, naming them', async () => {
      await expectError(
        await post('/listing/impressions', { data: { type: 'ad_impressions', attributes: { site, user, ads: [] } } }),
        400,
        '/data/attributes/ads',
      );
      await expectError(
        await post('/page/views', { data: { type: 'page_views', attributes: { site: { country_code: 'zz' }, user } } }),
        400,
        '/data/attributes/site/country_code',
      );
      await expectError(
        await post('/page/views', {
          data: { type: 'page_views', attributes: { site, user: { ...user, ip: 'not-an-ip' } } },
        }),
        400,
        '/data/attributes/user/ip',
      );
      await expectError(
        await post('/notification/browser/permissions', {
          data: { type: 'browser-permissions', attributes: { site, user, event: 'maybe' } },
        }),
        400,
        '/data/attributes/event',
      );
      await expectError(await post('/page/views', { page: 'home' }), 400, '/data');
      expect((await s.services.events.counts()).events).to.equal(0);
    });

    it('answers malformed JSON with a 400, an unknown path with a 404, and another media type with a 415', async () => {
      await expectError(await post('/page/views', '{"data": ['), 400);
      await expectError(await post('/page/nothing', { data: { type: 'page_views' } }), 404);
      await expectError(await post('/page/views', 'a=1', 'application/x-www-form-urlencoded'), 415);
    });
  });
});
