import { expect } from 'chai';
import request from 'supertest';
import { startTestServer, type TestServer } from '../support/testServer';
import { stateOf } from '../support/pageState';
import { assignOption } from '../../src/shared/domain/visitor';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

const cookiesOf = (res: request.Response): string[] =>
  (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];

describe('consent, experiments and traffic origin', function () {
  this.timeout(20_000);
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());
  const page = (host: string, path = '/', ua = IPHONE) =>
    request(server.url).get(path).set('Host', `${host}:${server.port}`).set('User-Agent', ua);

  it('shows the cookie banner where the country needs consent and no answer was given', async () => {
    const res = await page('homes.uk.localhost').expect(200);
    expect(res.text).to.include('class="cookie-banner"');
    expect(res.text).to.include('>Agree<');
    expect(res.text).to.include('>Disagree<');
    expect(res.text).to.include('href="https://about.trawl.com/uk/cookies"');
    expect(stateOf(res.text).consent).to.deep.include({ required: true, status: 'pending', personalizedAds: true });
  });

  it('shows no banner where the country needs no consent', async () => {
    const res = await page('homes.us.localhost').expect(200);
    expect(res.text).not.to.include('class="cookie-banner"');
    expect(stateOf(res.text).consent).to.deep.include({ required: false });
  });

  it('remembers the answer: no banner, and personalised ads off after a no', async () => {
    const res = await page('homes.de.localhost')
      .set('Cookie', 'trawl_gdpr=denied; trawl_personalized_ads=0')
      .expect(200);
    expect(res.text).not.to.include('class="cookie-banner"');
    expect(stateOf(res.text).consent).to.deep.include({ status: 'denied', personalizedAds: false });
  });

  it('assigns the A/B test in its cookie and keeps it', async () => {
    // A visitor the server knows (its installation id); a first visit is assigned in the browser (e2e/firstVisit).
    const iid = '0b0c1f5e-6a8b-4c8e-9a55-1234567890ab';
    const first = await page('homes.uk.localhost', '/', DESKTOP).set('Cookie', `trawl_iid=${iid}`).expect(200);
    expect(stateOf(first.text).tracking.abTest.option).to.equal(assignOption(666, ['A', 'B'], iid, 'uk', 'desktop'));
    const cookie = cookiesOf(first).find((c) => c.startsWith('trawl_ab='));
    expect(cookie).to.match(/^trawl_ab=666%3A[AB];/);
    const option = decodeURIComponent(/trawl_ab=([^;]+)/.exec(cookie!)![1]!).split(':')[1];
    const again = await page('homes.uk.localhost', '/', DESKTOP).set('Cookie', `trawl_ab=666:${option}`).expect(200);
    expect(cookiesOf(again).some((c) => c.startsWith('trawl_ab='))).to.equal(false);
    expect(stateOf(again.text).tracking.abTest).to.deep.equal({ id: 666, option, platform: 'desktop' });
  });

  it('forces option B of test 666 on mobile in fr and in', async () => {
    for (const country of ['fr', 'in']) {
      const res = await page(`homes.${country}.localhost`).set('Cookie', 'trawl_ab=666:A').expect(200);
      expect(stateOf(res.text).tracking.abTest).to.deep.equal({ id: 666, option: 'B', platform: 'mobile' });
    }
  });

  it('reads the traffic origin from the query, keeps it a day, and sends it with searches', async () => {
    // A returning visitor; on a first visit the browser keeps it (e2e/firstVisit).
    const res = await page('homes.uk.localhost', '/search/house?origin=3')
      .set('Cookie', 'trawl_ab=666:A')
      .expect((r) => expect([200, 404]).to.include(r.status));
    expect(cookiesOf(res).find((c) => c.startsWith('trawl_origin='))).to.match(/^trawl_origin=3; Max-Age=86400;/);
    expect(stateOf(res.text).tracking.origin).to.equal(3);
    const later = await page('homes.uk.localhost', '/').set('Cookie', 'trawl_origin=3').expect(200);
    expect(stateOf(later.text).tracking.origin).to.equal(3);
  });
});
