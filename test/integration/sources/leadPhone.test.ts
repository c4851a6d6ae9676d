import { expect } from 'chai';
import { JSONAPI, MOBILE_UA, clickoutApp, type ClickoutApp } from '../clickout/clickoutApp';

/** The apply form's lead for es-paid-1 (src/shared/api/sourcesApi.ts), with this phone. */
function leadWith(phone: string) {
  return {
    data: {
      type: 'leads',
      attributes: {
        ad: { title: 'Flat', url: 'https://partner1.example/ads/es-paid-1' },
        sourceAd: { id: 'p-es-paid-1', url: '', email: null, sourceId: 1 },
        country: 'es',
        vertical: 'homes',
        user: { name: 'Ana', email: 'ana@example.org', phone, message: 'Is it still free?' },
        adId: 'es-paid-1',
      },
    },
  };
}

describe('POST /api/sources/lead/{adId}: the phone numbers people write', function () {
  this.timeout(30_000);
  let s: ClickoutApp;

  beforeEach(async () => {
    s = await clickoutApp();
  });
  afterEach(() => s.close());

  const send = (phone: string) =>
    s.http
      .post('/api/sources/lead/es-paid-1')
      .set('Content-Type', JSONAPI)
      .set('User-Agent', MOBILE_UA)
      .send(JSON.stringify(leadWith(phone)));

  it('takes full-width digits, a slash and an extension, and forwards them in ASCII', async () => {
    const cases: [string, string][] = [
      ['０９０-１２３４-５６７８', '090-1234-5678'],
      ['０９０－１２３４－５６７８', '090-1234-5678'],
      ['0171/1234567', '0171/1234567'],
      ['(555) 123-4567 ext. 12', '(555) 123-4567 ext. 12'],
      ['+1 555 123 4567 x12', '+1 555 123 4567 x12'],
    ];
    for (const [phone, forwarded] of cases) {
      const res = await send(phone);
      expect(res.status, `${phone}: ${res.text}`).to.equal(201);
      expect(s.mailer.sent.at(-1)?.text, phone).to.contain(`Phone: ${forwarded}\n`);
    }
    expect((await s.services.events.counts()).leads).to.equal(cases.length);
  });

  it('still refuses what is no phone number, naming the field', async () => {
    for (const phone of ['call me', '12345', '0171-CALL-NOW']) {
      const res = await send(phone);
      expect(res.status, `${phone}: ${res.text}`).to.equal(400);
      const error = JSON.parse(res.text).errors[0] as { source: { pointer: string }; detail: string };
      expect(error.source.pointer).to.equal('/data/attributes/user/phone');
      expect(error.detail).to.match(/phone must be a phone number/);
    }
    expect(s.mailer.sent).to.have.length(0);
  });
});
