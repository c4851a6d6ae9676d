import { expect } from 'chai';
import { JSONAPI, MOBILE_UA, clickoutApp, type ClickoutApp } from '../clickout/clickoutApp';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function leadBody(over: { user?: Body; attributes?: Body } = {}) {
  return {
    data: {
      type: 'leads',
      attributes: {
        ad: { title: 'Flat es-paid-1', url: 'https://partner1.example/ads/es-paid-1' },
        sourceAd: {
          id: 'p-es-paid-1',
          url: 'https://partner1.example/ads/es-paid-1',
          email: 'x@partner.example',
          sourceId: 1,
        },
        country: 'es',
        vertical: 'homes',
        user: {
          name: 'Ana García',
          email: 'ana@example.org',
          phone: '+34 612 345 678',
          message: 'Is it still available? <script>alert("x")</script> & <b>thanks</b>',
          ...over.user,
        },
        ...over.attributes,
      },
    },
  };
}

describe('sources service', function () {
  this.timeout(30_000);
  let s: ClickoutApp;

  beforeEach(async () => {
    s = await clickoutApp();
  });
  afterEach(() => s.close());

  describe('GET /api/sources/topPlayers', () => {
    it("answers the site's sources (name, image), paid first, cached a day", async () => {
      const res = await s.http.get('/api/sources/topPlayers?countryCode=es&verticalId=1').expect(200);
      expect(res.headers['content-type']).to.contain(JSONAPI);
      expect(res.headers['cache-control']).to.equal('public, max-age=86400');
      const body = JSON.parse(res.text) as Body;
      expect(body.data.map((d: Body) => d.attributes.name)).to.deep.equal(['Casas Uno', 'Barato Pisos', 'Zeta Homes']);
      expect(body.data[0]).to.deep.equal({
        type: 'sources',
        id: '1',
        attributes: { name: 'Casas Uno', image: '/media/logo/1.svg' },
      });
      expect(res.text).not.to.contain('contact');
      const uk = JSON.parse((await s.http.get('/api/sources/topPlayers?countryCode=UK&verticalId=2').expect(200)).text);
      expect(uk.data.map((d: Body) => d.id)).to.deep.equal(['3']);
    });

    it('answers 400 naming the parameter when one is missing or bad', async () => {
      const cases: [string, string][] = [
        ['', 'countryCode'],
        ['countryCode=es', 'verticalId'],
        ['verticalId=1', 'countryCode'],
        ['countryCode=es&verticalId=homes', 'verticalId'],
        ['countryCode=zz&verticalId=1', 'countryCode'],
        ['countryCode=es&verticalId=3', 'verticalId'],
        ['countryCode=sg&verticalId=2', 'verticalId'],
      ];
      for (const [query, parameter] of cases) {
        const res = await s.http.get(`/api/sources/topPlayers?${query}`);
        expect(res.status, query).to.equal(400);
        expect(JSON.parse(res.text).errors[0].source.parameter, query).to.equal(parameter);
      }
    });
  });

  describe('POST /api/sources/lead/{adId}', () => {
    const send = (adId: string, body: unknown, type = JSONAPI) =>
      s.http
        .post(`/api/sources/lead/${encodeURIComponent(adId)}`)
        .set('Content-Type', type)
        .set('User-Agent', MOBILE_UA)
        .send(JSON.stringify(body));

    it("stores the lead and forwards it to the source's stored contact address, the message escaped", async () => {
      const res = await send('es-paid-1', leadBody());
      expect(res.status, res.text).to.equal(201);
      const body = JSON.parse(res.text) as Body;
      expect(body.data.type).to.equal('leads');
      expect(body.data.id).to.match(/^[0-9a-f-]{36}$/);
      expect(body.data.attributes).to.include({ ad_id: 'es-paid-1', source_id: 1, forwarded: true });
      expect((await s.services.events.counts()).leads).to.equal(1);

      expect(s.mailer.sent).to.have.length(1);
      const mail = s.mailer.sent[0]!;
      // The stored contact address, never the one in the body.
      expect(mail.to).to.equal('contact1@partner.example');
      expect(mail.kind).to.equal('lead');
      expect(mail.headers).to.deep.equal({ 'Reply-To': 'ana@example.org' });
      expect(mail.subject).to.equal('New contact about your ad: Flat es-paid-1 <b>bright</b>');
      expect(mail.text)
        .to.contain('Ana García')
        .and.contain('+34 612 345 678')
        .and.contain('<script>alert("x")</script>');
      expect(mail.html).not.to.contain('<script>');
      expect(mail.html).not.to.contain('<b>');
      expect(mail.html).to.contain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#60;b&#62;thanks');
      expect(mail.html).to.contain(body.data.id);
    });

    it("takes the web client's shape (src/shared/api/sourcesApi.ts): empty and null descriptive fields", async () => {
      const res = await send('es-paid-1', {
        data: {
          type: 'leads',
          attributes: {
            title: 'Flat',
            url: 'https://partner1.example/ads/es-paid-1',
            sourceAd: { id: 'p-es-paid-1', url: '', email: null, sourceId: 1 },
            country: 'es',
            vertical: 'homes',
            user: { name: 'Bo', email: 'bo@example.org', message: '' },
            adId: 'es-paid-1',
          },
        },
      });
      expect(res.status, res.text).to.equal(201);
      expect(s.mailer.sent[0]?.text).to.contain('Message:\n-');
    });

    it('validates every field with a 400 naming it', async () => {
      const cases: [Body, string][] = [
        [leadBody({ user: { name: '' } }), '/data/attributes/user/name'],
        [leadBody({ user: { name: 'x'.repeat(101) } }), '/data/attributes/user/name'],
        [leadBody({ user: { name: 'Ana\r\nBcc: all@example.org' } }), '/data/attributes/user/name'],
        [leadBody({ user: { email: 'not-an-email' } }), '/data/attributes/user/email'],
        [leadBody({ user: { email: 'a@b.example\r\nBcc: x@y.example' } }), '/data/attributes/user/email'],
        [leadBody({ user: { phone: 'call me' } }), '/data/attributes/user/phone'],
        [leadBody({ user: { message: 'x'.repeat(5001) } }), '/data/attributes/user/message'],
        [leadBody({ attributes: { country: undefined } }), '/data/attributes/country'],
        [leadBody({ attributes: { country: 'zz' } }), '/data/attributes/country'],
        [leadBody({ attributes: { vertical: 'boats' } }), '/data/attributes/vertical'],
        [leadBody({ attributes: { ad: { url: 'javascript:alert(1)' } } }), '/data/attributes/ad/url'],
        [leadBody({ attributes: { sourceAd: { email: 'nope' } } }), '/data/attributes/sourceAd/email'],
        [leadBody({ attributes: { user: undefined } }), '/data/attributes/user'],
        [{ data: { type: 'clicks', attributes: {} } }, '/data/type'],
      ];
      for (const [body, pointer] of cases) {
        const res = await send('es-paid-1', body);
        expect(res.status, `${pointer}: ${res.text}`).to.equal(400);
        const error = JSON.parse(res.text).errors[0] as Body;
        expect(error.source.pointer, res.text).to.equal(pointer);
        expect(error.detail).to.be.a('string').with.length.above(0);
      }
      // A vertical given but of no kind is not "required".
      const fraction = await send('es-paid-1', leadBody({ attributes: { vertical: 1.5 } }));
      expect(JSON.parse(fraction.text).errors[0].detail).to.match(/vertical must be a vertical name or id/);
      const missing = await send('es-paid-1', leadBody({ attributes: { vertical: undefined } }));
      expect(JSON.parse(missing.text).errors[0].detail).to.match(/vertical is required/);
      const badId = await send('es-paid-1?x=https://evil.example', leadBody());
      expect(badId.status).to.equal(400);
      expect(s.mailer.sent).to.have.length(0);
      expect((await s.services.events.counts()).leads).to.equal(0);
    });

    it('answers 404 for an unknown ad, 410 for an expired one, 409 for a source without form or another site', async () => {
      const expectError = async (adId: string, status: number, code: string, body: Body = leadBody()) => {
        const res = await send(adId, body);
        expect(res.status, res.text).to.equal(status);
        expect(JSON.parse(res.text).errors[0].code).to.equal(code);
      };
      await expectError('no-such-ad', 404, 'AD_NOT_FOUND');
      await expectError('es-expired-1', 410, 'AD_EXPIRED');
      await expectError('es-free-1', 409, 'NO_CONTACT_FORM', leadBody({ attributes: { sourceAd: { sourceId: 2 } } }));
      await expectError('uk-car-1', 409, 'SITE_MISMATCH');
      await expectError('es-paid-2', 409, 'SOURCE_MISMATCH', leadBody({ attributes: { sourceAd: { sourceId: 4 } } }));
      expect(s.mailer.sent).to.have.length(0);
    });

    it('keeps the lead when the mail transport fails', async () => {
      s.mailer.failNext = true;
      const res = await send('es-paid-1', leadBody()).expect(201);
      expect(JSON.parse(res.text).data.attributes.forwarded).to.equal(false);
      expect((await s.services.events.counts()).leads).to.equal(1);
    });
  });
});
