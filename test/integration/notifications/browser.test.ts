import { expect } from 'chai';
import request from 'supertest';
import { loadOpenApi } from '../../support/openapi';
import { JSONAPI, browserKeys, notificationApp, type NotificationApp } from './support';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const openApi = loadOpenApi('docs/api/notifications.openapi.yaml');

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc123';

function subscriptionBody(endpoint = ENDPOINT, keys = browserKeys()): Record<string, unknown> {
  return {
    data: {
      type: 'subscriptions',
      attributes: { endpoint, public_key: keys.publicKey, auth_token: keys.auth, cookie_id: 'cookie-1', device_id: 2 },
    },
  };
}

function searchBody(
  what = 'flat',
  where = 'London',
  site = { country_code: 'uk', vertical_id: 1 },
  filters: Record<string, unknown> = site.vertical_id === 1 ? { rooms_min: 2 } : {},
): Record<string, unknown> {
  return {
    data: {
      type: 'searches',
      attributes: {
        site,
        search: { query: { what, filters, vertical_properties: { where, deal_type_id: 1 } } },
        context: { section_id: 11, origin_id: 1 },
      },
    },
  };
}

describe('browser notifications service', () => {
  let n: NotificationApp;
  beforeEach(() => {
    n = notificationApp();
  });
  afterEach(() => n.close());

  const json = (req: request.Test, body: unknown) => req.set('Content-Type', JSONAPI).send(JSON.stringify(body));
  const parse = (res: request.Response): Body => JSON.parse(res.text) as Body;
  async function subscribe(endpoint = ENDPOINT): Promise<string> {
    const res = await json(request(n.app).post('/api/notifications/browser/subscription'), subscriptionBody(endpoint));
    expect(res.status, res.text).to.equal(201);
    return parse(res).data.id as string;
  }
  async function addSearch(
    id: string,
    what = 'flat',
    where = 'London',
    site?: { country_code: string; vertical_id: number },
  ) {
    return json(
      request(n.app).post(`/api/notifications/browser/subscription/${id}/searches`),
      searchBody(what, where, site),
    );
  }

  it('publishes the VAPID public key', async () => {
    const res = await request(n.app).get('/api/notifications/browser/vapid-public-key');
    expect(res.status).to.equal(200);
    openApi.check('/notifications/browser/vapid-public-key', 200, parse(res));
    const key = parse(res).data.attributes.public_key as string;
    expect(key).to.equal(n.services.vapidPublicKey);
    expect(Buffer.from(key, 'base64url')).to.have.length(65);
  });

  it('creates a subscription with an unguessable id; the same endpoint again is a 409 ending with ":<id>"', async () => {
    const id = await subscribe();
    expect(id).to.match(/^[0-9a-f]{32}$/);
    const again = await json(request(n.app).post('/api/notifications/browser/subscription'), subscriptionBody());
    expect(again.status).to.equal(409);
    const detail = parse(again).errors[0].detail as string;
    expect(detail.slice(detail.lastIndexOf(':') + 1)).to.equal(id);
  });

  it('gets a subscription, and answers 404 for an unknown one', async () => {
    const id = await subscribe();
    const res = await request(n.app).get(`/api/notifications/browser/subscription/${id}`);
    expect(res.status).to.equal(200);
    openApi.check('/notifications/browser/subscription/{subscriptionId}', 200, parse(res));
    expect(parse(res).data.attributes).to.deep.include({
      endpoint: ENDPOINT,
      cookie_id: 'cookie-1',
      device_id: 2,
      browser_id: 2,
    });
    const unknown = await request(n.app).get(`/api/notifications/browser/subscription/${'0'.repeat(32)}`);
    expect(unknown.status).to.equal(404);
    openApi.check('/notifications/browser/subscription/{subscriptionId}', 404, parse(unknown));
    expect((await request(n.app).get('/api/notifications/browser/subscription/nope')).status).to.equal(404);
  });

  it('updates the keys and endpoint of a subscription; an endpoint of another is a 409', async () => {
    const id = await subscribe();
    const otherId = await subscribe('https://updates.push.services.mozilla.com/wpush/v2/xyz');
    const keys = browserKeys();
    const res = await json(request(n.app).patch(`/api/notifications/browser/subscription/${id}`), {
      data: {
        type: 'subscriptions',
        attributes: { endpoint: `${ENDPOINT}-new`, public_key: keys.publicKey, auth_token: keys.auth },
      },
    });
    expect(res.status, res.text).to.equal(200);
    expect(parse(res).data.attributes.endpoint).to.equal(`${ENDPOINT}-new`);
    expect(parse(res).data.attributes.public_key).to.equal(keys.publicKey);
    const clash = await json(request(n.app).patch(`/api/notifications/browser/subscription/${id}`), {
      data: {
        type: 'subscriptions',
        attributes: { endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/xyz' },
      },
    });
    expect(clash.status).to.equal(409);
    expect(parse(clash).errors[0].detail).to.match(new RegExp(`:${otherId}$`));
  });

  it('refuses endpoints that are not a push service and keys that are not P-256 keys', async () => {
    const internal = await json(
      request(n.app).post('/api/notifications/browser/subscription'),
      subscriptionBody('https://10.0.0.5/admin'),
    );
    expect(internal.status).to.equal(400);
    expect(parse(internal).errors[0].source.pointer).to.equal('/data/attributes/endpoint');
    const body = subscriptionBody() as Body;
    body.data.attributes.public_key = 'abc';
    expect((await json(request(n.app).post('/api/notifications/browser/subscription'), body)).status).to.equal(400);
    const broken = await request(n.app)
      .post('/api/notifications/browser/subscription')
      .set('Content-Type', JSONAPI)
      .send('[');
    expect(broken.status).to.equal(400);
    // A site is a country and a vertical, or neither.
    const countryOnly = subscriptionBody() as Body;
    countryOnly.data.attributes.country_code = 'uk';
    const half = await json(request(n.app).post('/api/notifications/browser/subscription'), countryOnly);
    expect(half.status).to.equal(400);
    expect(parse(half).errors[0].source.pointer).to.equal('/data/attributes/vertical_id');
    const listed = subscriptionBody() as Body;
    listed.data.attributes.device_id = [2];
    const list = await json(request(n.app).post('/api/notifications/browser/subscription'), listed);
    expect(list.status).to.equal(400);
    expect(parse(list).errors[0].source.pointer).to.equal('/data/attributes/device_id');
  });

  it('adds searches (same search again is not new), changes one, lists by site', async () => {
    const id = await subscribe();
    const first = await addSearch(id);
    expect(first.status, first.text).to.equal(201);
    const searchId = parse(first).data.id as string;
    expect(parse(first).data.attributes.is_new_alert).to.equal(true);
    expect(parse(first).data.attributes.query).to.deep.equal({
      what: 'flat',
      filters: { rooms_min: 2 },
      vertical_properties: { where: 'London', deal_type_id: 1 },
    });
    const again = await addSearch(id, 'Flat', 'london');
    expect(again.status).to.equal(200);
    expect(parse(again).data.id).to.equal(searchId);
    expect(parse(again).data.attributes.is_new_alert).to.equal(false);
    expect((await addSearch(id, 'golf', 'Leeds', { country_code: 'uk', vertical_id: 2 })).status).to.equal(201);

    const changed = await json(
      request(n.app).patch(`/api/notifications/browser/subscription/${id}/searches/${searchId}`),
      {
        data: {
          type: 'searches',
          attributes: { search: { query: { what: 'house', vertical_properties: { where: 'York' } } } },
        },
      },
    );
    expect(changed.status, changed.text).to.equal(200);
    expect(parse(changed).data.attributes.query.what).to.equal('house');

    const homes = await request(n.app).get(
      `/api/notifications/browser/all_subscription/${id}?vertical_id=1&country_code=uk`,
    );
    expect(homes.status).to.equal(200);
    openApi.check('/notifications/browser/all_subscription/{subscriptionId}', 200, parse(homes));
    expect(parse(homes).data.map((s: Body) => s.id)).to.deep.equal([searchId]);
    const all = await request(n.app).get(`/api/notifications/browser/all_subscription/${id}`);
    expect(parse(all).data).to.have.length(2);
    expect((await request(n.app).get(`/api/notifications/browser/all_subscription/${'f'.repeat(32)}`)).status).to.equal(
      404,
    );
  });

  it('applies the validity rule and the jobs rule to browser searches', async () => {
    const id = await subscribe();
    expect((await addSearch(id, 'a', '')).status).to.equal(400);
    const jobs = await json(request(n.app).post(`/api/notifications/browser/subscription/${id}/searches`), {
      data: {
        type: 'searches',
        attributes: {
          site: { country_code: 'us', vertical_id: 4 },
          search: { query: { what: 'driver' } },
          context: { origin_id: 21 },
        },
      },
    });
    expect(jobs.status).to.equal(400);
    expect(parse(jobs).errors[0].code).to.equal('ALERT_NOT_OFFERED');
    // A search the search service would refuse (rooms are no cars filter) would never send.
    const cars = await json(
      request(n.app).post(`/api/notifications/browser/subscription/${id}/searches`),
      searchBody('golf', 'Leeds', { country_code: 'uk', vertical_id: 2 }, { rooms_min: 2 }),
    );
    expect(cars.status).to.equal(400);
    expect(parse(cars).errors[0].detail).to.match(/roomsMin\] is not a filter of the cars vertical/);
  });

  it('enables, disables and deletes a search with country_code, vertical_id and vv; disables all', async () => {
    const id = await subscribe();
    const searchId = parse(await addSearch(id)).data.id as string;
    await addSearch(id, 'house');
    const op = (operation: string, q = 'country_code=uk&vertical_id=1&vv=15') =>
      request(n.app).patch(
        `/api/notifications/browser/subscription/${id}/searches/${searchId}/operation/${operation}?${q}`,
      );
    expect(parse(await op('disabled')).data.attributes.notification.active).to.equal(false);
    expect(parse(await op('enabled')).data.attributes.notification.active).to.equal(true);
    expect((await op('weekly')).status).to.equal(400);
    expect((await op('disabled', 'country_code=es&vertical_id=1')).status).to.equal(404);
    const off = await request(n.app).patch(`/api/notifications/browser/disable_all_subscriptions/${id}`);
    expect(off.status).to.equal(200);
    expect(parse(off).meta.disabled).to.equal(2);
    expect(parse(await op('delete')).meta.deleted).to.equal(true);
    expect((await op('enabled')).status).to.equal(404);
    expect(parse(await request(n.app).get(`/api/notifications/browser/all_subscription/${id}`)).data).to.have.length(1);
  });

  it('rate-limits searches per subscription', async () => {
    const id = await subscribe();
    for (let i = 0; i < 20; i++) expect((await addSearch(id, `flat ${i}`)).status).to.equal(201);
    expect((await addSearch(id, 'flat 20')).status).to.equal(429);
  });

  describe('POST /v3/notifications/add/user', () => {
    it('registers a browser from a form body and answers the id after a colon', async () => {
      const keys = browserKeys();
      const form = {
        country: 'uk',
        verticalId: '1',
        endpoint: ENDPOINT,
        p256dh: keys.publicKey,
        auth: keys.auth,
        cookieId: 'c-9',
        deviceTypeId: '2',
        browser: '2',
        pageViewId: 'pv-1',
      };
      const res = await request(n.app).post('/api/v3/notifications/add/user').type('form').send(form);
      expect(res.status, res.text).to.equal(201);
      const message = res.body.message as string;
      const id = message.slice(message.lastIndexOf(':') + 1);
      expect(id).to.match(/^[0-9a-f]{32}$/);
      expect((await request(n.app).get(`/api/notifications/browser/subscription/${id}`)).status).to.equal(200);
      const again = await request(n.app).post('/api/v3/notifications/add/user').type('form').send(form);
      expect(again.status).to.equal(200);
      expect(again.body.message).to.match(new RegExp(`:${id}$`));
    });

    it('answers a 400 naming a missing or bad field', async () => {
      const res = await request(n.app)
        .post('/api/v3/notifications/add/user')
        .type('form')
        .send({ country: 'uk', verticalId: '1' });
      expect(res.status).to.equal(400);
      expect(parse(res).errors[0].source.parameter).to.equal('endpoint');
    });
  });
});
