import { expect } from 'chai';
import request from 'supertest';
import { ActTokens } from '../../../src/services/notifications/tokens';
import { loadOpenApi } from '../../support/openapi';
import { JSONAPI, notificationApp, subscriptionBody, type NotificationApp } from './support';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const openApi = loadOpenApi('docs/api/notifications.openapi.yaml');

describe('e-mail notifications service', () => {
  let n: NotificationApp;
  beforeEach(() => {
    n = notificationApp();
  });
  afterEach(() => n.close());

  const create = (body: Record<string, unknown>, ip = '10.0.0.1') =>
    request(n.app)
      .post('/api/notifications/email/subscription')
      .set('Content-Type', JSONAPI)
      .set('X-Forwarded-For', ip)
      .send(JSON.stringify(body));
  const uct = (email: string) => n.services.userControlToken(email);
  const list = (email: string, token = uct(email)) =>
    request(n.app)
      .get(`/api/notifications/email/all_subscription/${encodeURIComponent(email)}`)
      .set('X-User-Control-Token', token);
  const operate = (email: string, id: string, op: string, token = uct(email)) =>
    request(n.app)
      .patch(`/api/notifications/email/subscription/${encodeURIComponent(email)}/searches/${id}/operation/${op}`)
      .set('X-User-Control-Token', token);

  describe('POST /notifications/email/subscription', () => {
    it('creates an alert from the issue example with the defaults and the spec response shape', async () => {
      const res = await create(subscriptionBody({ notification: {} }));
      expect(res.status, res.text).to.equal(201);
      expect(res.headers['content-type']).to.contain(JSONAPI);
      const data = (res.body as Body).data ?? JSON.parse(res.text).data;
      expect(data.type).to.equal('subscriptions');
      expect(data.id).to.match(/^[0-9a-f]{32}$/);
      expect(data.attributes.query).to.deep.equal({
        what: 'flat',
        filters: {},
        vertical_properties: { where: 'London', deal_type_id: 2 },
      });
      expect(data.attributes.site).to.deep.equal({ country_code: 'uk', vertical_id: 1 });
      expect(data.attributes.notification).to.deep.equal({ frequency: 'daily', active: true, suggested: false });
      expect(data.attributes.user.email).to.equal('a@example.org');
      expect(data.attributes.user.id).to.be.a('string');
      expect(data.attributes.user.creation_date).to.equal('2025-06-01T12:00:00.000Z');
      expect(data.attributes.is_new_alert).to.equal(true);
    });

    it('answers the existing alert with is_new_alert false for the same search of the same address', async () => {
      const first = JSON.parse((await create(subscriptionBody())).text).data;
      const again = await create(subscriptionBody({ email: 'A@Example.org', what: '  FLAT ', where: 'london' }));
      expect(again.status).to.equal(200);
      const data = JSON.parse(again.text).data;
      expect(data.id).to.equal(first.id);
      expect(data.attributes.is_new_alert).to.equal(false);
      const other = JSON.parse((await create(subscriptionBody({ what: 'house' }))).text).data;
      expect(other.id).to.not.equal(first.id);
      expect(other.attributes.is_new_alert).to.equal(true);
    });

    it('drops a min or max of 0 or below, as a search does, so such an alert is the same search as without it', async () => {
      const plain = JSON.parse((await create(subscriptionBody({ filters: { rooms_min: 2 } }))).text).data;
      const res = await create(subscriptionBody({ filters: { rooms_min: 2, price_min: -1, price_max: 0 } }));
      expect(res.status, res.text).to.equal(200);
      const data = JSON.parse(res.text).data;
      expect(data.id).to.equal(plain.id);
      expect(data.attributes.query.filters).to.deep.equal({ rooms_min: 2 });
    });

    it('applies the search-validity rule to what and where', async () => {
      const tooShort = await create(subscriptionBody({ what: 'a', where: '' }));
      expect(tooShort.status).to.equal(400);
      expect(JSON.parse(tooShort.text).errors[0].code).to.equal('INVALID_SEARCH');
      const tooLong = await create(subscriptionBody({ what: 'x'.repeat(101) }));
      expect(tooLong.status).to.equal(400);
      expect(JSON.parse(tooLong.text).errors[0].source.pointer).to.equal('/data/attributes/search/query/what');
      const markup = await create(subscriptionBody({ where: '<script>' }));
      expect(markup.status).to.equal(400);
      // Only a where is enough; so is a single character in Japanese.
      expect((await create(subscriptionBody({ what: '', where: 'Leeds' }))).status).to.equal(201);
      expect((await create(subscriptionBody({ country: 'jp', what: '家', where: '' }))).status).to.equal(201);
    });

    it('refuses a search the search service would refuse, so that no alert is saved that can never send', async () => {
      for (const [o, detail] of [
        [{ filters: { fooBar: '1' } }, /fooBar\] is not a filter of the homes vertical/],
        [{ dealType: 99999 }, /dealTypeId/],
        [{ dealType: 77 }, /unknown deal type/],
        [{ filters: { price_min: 'cheap' } }, /priceMin/],
      ] as const) {
        const res = await create(subscriptionBody(o));
        expect(res.status, JSON.stringify(o)).to.equal(400);
        const error = JSON.parse(res.text).errors[0];
        expect(error.code).to.equal('INVALID_SEARCH');
        expect(error.detail).to.match(detail);
        expect(error.source.pointer).to.equal('/data/attributes/search/query');
      }
      const kept = await create(
        subscriptionBody({ filters: { price_max: 900, rooms_min: 2, property_type: ['flat'] } }),
      );
      expect(kept.status, kept.text).to.equal(201);
      expect(JSON.parse(kept.text).data.attributes.query.filters).to.deep.include({ price_max: 900, rooms_min: 2 });
    });

    it('refuses jobs alerts from alert e-mail origins in es and us, and allows them elsewhere', async () => {
      for (const country of ['es', 'us']) {
        const res = await create(subscriptionBody({ country, vertical: 4, what: 'nurse', originId: 20 }));
        expect(res.status, country).to.equal(400);
        expect(JSON.parse(res.text).errors[0].code).to.equal('ALERT_NOT_OFFERED');
      }
      expect(
        (await create(subscriptionBody({ country: 'es', vertical: 4, what: 'nurse', originId: 1 }))).status,
      ).to.equal(201);
      expect(
        (await create(subscriptionBody({ country: 'uk', vertical: 4, what: 'nurse', originId: 20 }))).status,
      ).to.equal(201);
      expect(
        (await create(subscriptionBody({ country: 'es', vertical: 1, what: 'piso', originId: 20 }))).status,
      ).to.equal(201);
    });

    it('answers malformed input with a 400 naming the field, never a 500', async () => {
      const bad = await request(n.app)
        .post('/api/notifications/email/subscription')
        .set('Content-Type', JSONAPI)
        .send('{nope');
      expect(bad.status).to.equal(400);
      expect(JSON.parse(bad.text).errors[0].code).to.equal('MALFORMED_BODY');
      expect(JSON.parse(bad.text).errors[0].detail).to.equal('The request body is not valid JSON.');
      const nothing = await request(n.app)
        .post('/api/notifications/email/subscription')
        .set('Content-Type', JSONAPI)
        .send('null');
      expect(JSON.parse(nothing.text).errors[0].detail).to.equal('The request body must be a JSON object or array.');
      // A field left out is missing, whatever its type would have been.
      const noUser = subscriptionBody() as { data: { attributes: Record<string, unknown> } };
      delete noUser.data.attributes.user;
      const missing = JSON.parse((await create(noUser)).text).errors[0];
      expect(missing.source.pointer).to.equal('/data/attributes/user');
      expect(missing.detail).to.equal('/data/attributes/user: is required');
      const email = await create(subscriptionBody({ email: 'not-an-address' }));
      expect(email.status).to.equal(400);
      expect(JSON.parse(email.text).errors[0].source.pointer).to.equal('/data/attributes/user/email');
      const site = await create(subscriptionBody({ country: 'sg', vertical: 2 }));
      expect(site.status).to.equal(400);
      const frequency = await create(subscriptionBody({ notification: { frequency: 'hourly' } }));
      expect(frequency.status).to.equal(400);
      // A number is a number or a string of digits: not a list, a boolean or an empty string.
      for (const dealType of [[2], true, '', 'abc'] as unknown as number[]) {
        const res = await create(subscriptionBody({ dealType }));
        expect(res.status, JSON.stringify(dealType)).to.equal(400);
        const error = JSON.parse(res.text).errors[0];
        expect(error.source.pointer).to.equal('/data/attributes/search/query/vertical_properties/deal_type_id');
        expect(error.detail).not.to.match(/NaN/);
      }
      const vertical = await create(subscriptionBody({ vertical: [1] as unknown as number }));
      expect(vertical.status).to.equal(400);
      expect(JSON.parse(vertical.text).errors[0].source.pointer).to.equal('/data/attributes/site/vertical_id');
      expect((await create(subscriptionBody({ dealType: '2' as unknown as number }))).status).to.equal(201);
    });

    it('limits creations to 10 an hour per address and 30 an hour per client', async () => {
      for (let i = 0; i < 10; i++) expect((await create(subscriptionBody({ what: `flat ${i}` }))).status).to.equal(201);
      const limited = await create(subscriptionBody({ what: 'flat 10' }));
      expect(limited.status).to.equal(429);
      expect(limited.headers['retry-after']).to.match(/^\d+$/);
      expect(JSON.parse(limited.text).errors[0].code).to.equal('RATE_LIMITED');
      n.clock.now = new Date(n.clock.now.getTime() + 3_600_001);
      expect((await create(subscriptionBody({ what: 'flat 10' }))).status).to.equal(201);

      for (let i = 0; i < 30; i++)
        expect((await create(subscriptionBody({ email: `u${i}@example.org` }), '10.9.9.9')).status).to.equal(201);
      expect((await create(subscriptionBody({ email: 'u99@example.org' }), '10.9.9.9')).status).to.equal(429);
      expect((await create(subscriptionBody({ email: 'u99@example.org' }), '10.9.9.10')).status).to.equal(201);
    }).timeout(20_000);
  });

  describe('management with the user control token', () => {
    let alertId: string;
    const email = 'a@example.org';
    beforeEach(async () => {
      alertId = JSON.parse((await create(subscriptionBody())).text).data.id as string;
    });

    it('lists the alerts of an address with its newsletters', async () => {
      const res = await list(email);
      expect(res.status).to.equal(200);
      const body = JSON.parse(res.text);
      openApi.check('/notifications/email/all_subscription/{emailAddress}', 200, body);
      expect(body.data.map((a: Body) => a.id)).to.deep.equal([alertId]);
      expect(body.meta.user.email).to.equal(email);
      expect(body.meta.newsletters).to.deep.equal({
        terceros: { active: false, changed: false },
        partners: { active: false, changed: false },
      });
    });

    it('accepts the token as a Bearer token or a uct parameter too, and refuses a missing or wrong one', async () => {
      const bearer = await request(n.app)
        .get(`/api/notifications/email/all_subscription/${email}`)
        .set('Authorization', `Bearer ${uct(email)}`);
      expect(bearer.status).to.equal(200);
      expect(
        (await request(n.app).get(`/api/notifications/email/all_subscription/${email}?uct=${uct(email)}`)).status,
      ).to.equal(200);
      const missing = await request(n.app).get(`/api/notifications/email/all_subscription/${email}`);
      expect(missing.status).to.equal(401);
      // Given twice, the token is a malformed request, not a missing one.
      const twice = await request(n.app).get(
        `/api/notifications/email/all_subscription/${email}?uct=${uct(email)}&uct=${uct(email)}`,
      );
      expect(twice.status).to.equal(400);
      expect(JSON.parse(twice.text).errors[0].source.parameter).to.equal('uct');
      const wrong = await list(email, uct('b@example.org'));
      expect(wrong.status).to.equal(403);
      openApi.check('/notifications/email/all_subscription/{emailAddress}', 403, JSON.parse(wrong.text));
      expect(JSON.parse(wrong.text).errors[0].detail).to.match(/nothing was changed/);
    });

    it('switches an alert off, on, to weekly and back to daily, and never', async () => {
      const off = await operate(email, alertId, 'disabled');
      expect(off.status).to.equal(200);
      expect(JSON.parse(off.text).data.attributes.notification.active).to.equal(false);
      expect(JSON.parse(off.text).data.attributes.changed).to.equal(true);
      expect(JSON.parse((await operate(email, alertId, 'enabled')).text).data.attributes.notification.active).to.equal(
        true,
      );
      expect(
        JSON.parse((await operate(email, alertId, 'weekly')).text).data.attributes.notification.frequency,
      ).to.equal('weekly');
      expect(JSON.parse((await operate(email, alertId, 'daily')).text).data.attributes.notification.frequency).to.equal(
        'daily',
      );
      expect(JSON.parse((await operate(email, alertId, 'never')).text).data.attributes.notification.frequency).to.equal(
        'never',
      );
      expect((await operate(email, alertId, 'hourly')).status).to.equal(400);
    });

    it('changes nothing with a wrong token', async () => {
      for (const op of ['disabled', 'weekly', 'delete']) {
        const res = await operate(email, alertId, op, 'x'.repeat(43));
        expect(res.status).to.equal(403);
      }
      expect(
        (
          await request(n.app)
            .patch(`/api/notifications/email/disable_all_searches/${email}`)
            .set('X-User-Control-Token', 'nope')
        ).status,
      ).to.equal(403);
      const after = JSON.parse((await list(email)).text).data[0];
      expect(after.attributes.notification).to.deep.equal({ frequency: 'daily', active: true, suggested: false });
    });

    it("deletes one alert; another address's alert is a 404", async () => {
      const other = 'b@example.org';
      const otherId = JSON.parse((await create(subscriptionBody({ email: other }))).text).data.id as string;
      expect((await operate(email, otherId, 'delete')).status).to.equal(404);
      const del = await operate(email, alertId, 'delete');
      expect(del.status).to.equal(200);
      expect(JSON.parse(del.text).meta.deleted).to.equal(true);
      expect(JSON.parse((await list(email)).text).data).to.deep.equal([]);
      expect(JSON.parse((await list(other)).text).data).to.have.length(1);
      expect((await operate(email, alertId, 'enabled')).status).to.equal(404);
    });

    it('disables every alert of an address', async () => {
      await create(subscriptionBody({ what: 'house' }));
      const res = await request(n.app)
        .patch(`/api/notifications/email/disable_all_searches/${email}`)
        .set('X-User-Control-Token', uct(email));
      expect(res.status).to.equal(200);
      const body = JSON.parse(res.text);
      expect(body.meta.disabled).to.equal(2);
      expect(body.data.map((a: Body) => a.attributes.notification.active)).to.deep.equal([false, false]);
    });

    it('switches the terceros and partners newsletters', async () => {
      const path = (type: string, op: string) =>
        `/api/notifications/email/subscription/${email}/newsletterType/${type}/operation/${op}`;
      const on = await request(n.app).patch(path('terceros', 'enabled')).set('X-User-Control-Token', uct(email));
      expect(on.status).to.equal(200);
      expect(JSON.parse(on.text).meta.newsletters.terceros).to.deep.equal({ active: true, changed: true });
      await request(n.app).patch(path('partners', 'disabled')).set('X-User-Control-Token', uct(email));
      expect(JSON.parse((await list(email)).text).meta.newsletters).to.deep.equal({
        terceros: { active: true, changed: true },
        partners: { active: false, changed: true },
      });
      expect(
        (await request(n.app).patch(path('spam', 'enabled')).set('X-User-Control-Token', uct(email))).status,
      ).to.equal(400);
      expect(
        (await request(n.app).patch(path('partners', 'weekly')).set('X-User-Control-Token', uct(email))).status,
      ).to.equal(400);
      expect(
        (await request(n.app).patch(path('partners', 'enabled')).set('X-User-Control-Token', 'wrong')).status,
      ).to.equal(403);
    });
  });

  describe('POST /notifications/email/create_user', () => {
    const body = (email: string) => JSON.stringify({ data: { type: 'users', attributes: { email } } });

    it('creates a user and answers its token; a second time is a 409 with the spec message', async () => {
      const res = await request(n.app)
        .post('/api/notifications/email/create_user')
        .set('Content-Type', JSONAPI)
        .send(body('new@example.org'));
      expect(res.status).to.equal(201);
      const data = JSON.parse(res.text).data;
      expect(data.attributes.token).to.equal(uct('new@example.org'));
      expect(data.attributes.email).to.equal('new@example.org');
      const again = await request(n.app)
        .post('/api/notifications/email/create_user')
        .set('Content-Type', JSONAPI)
        .send(body('NEW@example.org'));
      expect(again.status).to.equal(409);
      expect(JSON.parse(again.text).errors[0].detail).to.equal('A user with this email address already exists.');
    });

    it('is a 409 for an address that already saved an alert', async () => {
      await create(subscriptionBody());
      const res = await request(n.app)
        .post('/api/notifications/email/create_user')
        .set('Content-Type', 'application/json')
        .send(body('a@example.org'));
      expect(res.status).to.equal(409);
    });
  });

  describe('GET /resolveAct and the unsubscribe links', () => {
    let alertId: string;
    let act: ActTokens;
    beforeEach(async () => {
      alertId = JSON.parse((await create(subscriptionBody())).text).data.id as string;
      act = ActTokens.fromDataDir(n.dataDir);
    });
    const nowS = () => Math.floor(n.clock.now.getTime() / 1000);

    it('turns an act token into search_id, email and uct', async () => {
      const token = act.issue(alertId, 'a@example.org', nowS());
      expect(token).to.not.contain('example');
      const res = await request(n.app).get(`/api/resolveAct?act=${token}&countrycode=uk&verticalid=1`);
      expect(res.status, res.text).to.equal(200);
      openApi.check('/resolveAct', 200, JSON.parse(res.text));
      expect(JSON.parse(res.text).data.attributes).to.deep.include({
        search_id: alertId,
        email: 'a@example.org',
        uct: uct('a@example.org'),
      });
    });

    it('refuses a forged, a tampered or an expired token', async () => {
      const token = act.issue(alertId, 'a@example.org', nowS());
      const tampered = `${token.slice(0, 30)}${token[30] === 'A' ? 'B' : 'A'}${token.slice(31)}`;
      expect((await request(n.app).get(`/api/resolveAct?act=${tampered}`)).status).to.equal(403);
      const forged = new ActTokens('another secret').issue(alertId, 'a@example.org', nowS());
      expect((await request(n.app).get(`/api/resolveAct?act=${forged}`)).status).to.equal(403);
      const old = act.issue(alertId, 'a@example.org', nowS() - 100 * 24 * 3600);
      const expired = await request(n.app).get(`/api/resolveAct?act=${old}`);
      expect(expired.status).to.equal(403);
      expect(JSON.parse(expired.text).errors[0].code).to.equal('ACT_TOKEN_EXPIRED');
      expect((await request(n.app).get('/api/resolveAct')).status).to.equal(400);
      expect((await request(n.app).get(`/api/resolveAct?act=${token}&countrycode=es`)).status).to.equal(400);
    });

    it('shows a confirmation on GET and unsubscribes on the RFC 8058 one-click POST', async () => {
      const token = act.issue(alertId, 'a@example.org', nowS());
      const page = await request(n.app).get(`/api/notifications/email/unsubscribe?act=${token}`);
      expect(page.status).to.equal(200);
      expect(page.text).to.contain('<form method="post">');
      expect(JSON.parse((await list('a@example.org')).text).data[0].attributes.notification.active).to.equal(true);
      const post = await request(n.app)
        .post(`/api/notifications/email/unsubscribe?act=${token}`)
        .type('form')
        .send('List-Unsubscribe=One-Click');
      expect(post.status).to.equal(200);
      expect(JSON.parse((await list('a@example.org')).text).data[0].attributes.notification.active).to.equal(false);
      const bad = await request(n.app)
        .post('/api/notifications/email/unsubscribe?act=nope')
        .type('form')
        .send('List-Unsubscribe=One-Click');
      expect(bad.status).to.equal(403);
    });
  });

  it('answers an unknown notification path with a JSON:API 404', async () => {
    const res = await request(n.app).get('/api/notifications/email/nothing');
    expect(res.status).to.equal(404);
    expect(res.headers['content-type']).to.contain(JSONAPI);
  });
});
