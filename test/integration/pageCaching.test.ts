import { createHash } from 'node:crypto';
import { expect } from 'chai';
import request from 'supertest';
import { SEEDING_MS, startTestServer, type TestServer } from '../support/testServer';
import { stateOf } from '../support/pageState';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const SHARED = 'public, max-age=0, s-maxage=60, stale-while-revalidate=30';
const HEADER = 'X-Device-Class';

const cookiesOf = (res: request.Response): string[] =>
  (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const directive = (csp: string, name: string): string[] =>
  (csp.split(';').find((d) => d.trim().startsWith(`${name} `)) ?? '').trim().split(/\s+/).slice(1);
/** The inline scripts (no src) and styles of a page, as the browser hashes them. */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
const inlineStyles = (html: string) => [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');

describe('pages a CDN may keep (decision 062)', function () {
  this.timeout(30_000);
  let server: TestServer;
  let adPath = '';
  before(async function () {
    this.timeout(SEEDING_MS);
    server = await startTestServer({ seed: true, deviceHeader: HEADER });
    const homes = (await (await fetch(`${server.url}/api/sites/uk/homes/search/m?countryCode=uk`)).json()) as {
      data: Array<{ id: string }>;
    };
    adPath = `/ad/${homes.data[0]!.id}`;
  });
  after(() => server.close());

  const page = (path: string, options: { ua?: string; device?: string; cookie?: string; host?: string } = {}) => {
    let req = request(server.url)
      .get(path)
      .set('Host', `${options.host ?? 'homes.uk.localhost'}:${server.port}`)
      .set('User-Agent', options.ua ?? IPHONE);
    if (options.device) req = req.set(HEADER, options.device);
    if (options.cookie) req = req.set('Cookie', options.cookie);
    return req;
  };

  describe('a first visit (no Trawl cookie)', () => {
    it('gets a results page a shared cache may keep: no Set-Cookie, nothing of the visitor in it', async () => {
      const res = await page('/search/house', { device: 'mobile' }).expect(200);
      expect(res.headers['set-cookie']).to.equal(undefined);
      expect(res.headers['cache-control']).to.equal(SHARED);
      expect(res.headers.vary).to.match(/Accept-Encoding/);
      expect(res.headers.vary).to.match(/Cookie/);
      expect(res.headers.vary).to.match(/X-Device-Class/i);
      const state = stateOf(res.text);
      expect(state.app.installationId).to.equal('');
      expect(state.app.isBot).to.equal(false);
      expect(state.app.device).to.equal('mobile');
      expect(state.tracking).to.deep.include({ pageViewId: '', abTest: null, origin: 0 });
      expect(res.text).not.to.include('nonce');
      expect(res.text).not.to.include('iPhone OS');
      expect(res.text).not.to.include('127.0.0.1');
    });

    it('hands the browser the cookies its load would have set: the last search', async () => {
      const res = await page('/search/house/in/london', { device: 'mobile' }).expect(200);
      const neutral = /window\.__TRAWL_NEUTRAL__=(.*?);window\.__TRAWL_STATE__=/.exec(res.text)?.[1];
      const { cookies } = JSON.parse(neutral!) as { cookies: [string, string, number][] };
      expect(cookies).to.deep.equal([['trawl_last_search', JSON.stringify({ what: 'house', where: 'london' }), 1800]]);
    });

    it('names each inline script and style by its hash in the CSP, and no nonce', async () => {
      for (const path of ['/', '/search/house', adPath]) {
        const res = await page(path, { device: 'desktop', ua: DESKTOP }).expect(200);
        const csp = res.headers['content-security-policy'] ?? '';
        expect(csp).not.to.include("'nonce-");
        const scripts = inlineScripts(res.text);
        expect(scripts.length).to.be.greaterThan(0);
        expect(directive(csp, 'script-src')).to.include.members(scripts.map(sha));
        expect(directive(csp, 'script-src')).to.include("'self'");
        const styles = inlineStyles(res.text);
        expect(styles).to.have.length(1);
        expect(directive(csp, 'style-src')).to.deep.equal(["'self'", sha(styles[0]!)]);
      }
    });

    it('names the JSON-LD of an ad page by its hash', async () => {
      const res = await page(adPath, { device: 'mobile' }).expect(200);
      const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(res.text)?.[1];
      expect(jsonLd).to.be.a('string');
      expect(directive(res.headers['content-security-policy'] ?? '', 'script-src')).to.include(sha(jsonLd!));
    });

    it('renders the device class the CDN names, whatever the user agent says', async () => {
      const mobile = await page(adPath, { device: 'mobile', ua: DESKTOP }).expect(200);
      expect(mobile.text).to.include('class="ad-page"');
      expect(mobile.text).not.to.include('ad-page--columns');
      expect(mobile.headers['cache-control']).to.equal(SHARED);
      const desktop = await page(adPath, { device: 'desktop', ua: IPHONE }).expect(200);
      expect(desktop.text).to.include('class="ad-page ad-page--columns"');
      expect(stateOf(desktop.text).app.device).to.equal('desktop');
    });

    it('is not shared without the trusted device header: the page then follows the user agent', async () => {
      const res = await page('/search/house').expect(200);
      expect(res.headers['set-cookie']).to.equal(undefined);
      expect(res.headers['cache-control']).to.equal('private, no-cache');
      const bogus = await page('/search/house', { device: 'phablet' }).expect(200);
      expect(bogus.headers['cache-control']).to.equal('private, no-cache');
    });

    it('gives a bot the very page a person gets, and no cookie', async () => {
      const person = await page('/search/house', { device: 'mobile' }).expect(200);
      const bot = await page('/search/house', { device: 'mobile', ua: GOOGLEBOT }).expect(200);
      expect(bot.headers['set-cookie']).to.equal(undefined);
      expect(bot.headers['cache-control']).to.equal(SHARED);
      expect(stateOf(bot.text).banners).to.deep.equal(stateOf(person.text).banners);
      expect(bot.text.includes('class="app-banner')).to.equal(person.text.includes('class="app-banner'));
      expect(stateOf(bot.text).app).to.deep.equal(stateOf(person.text).app);
    });

    it('keeps the origin of the URL in the page and leaves the cookie to the browser', async () => {
      const res = await page('/search/house?origin=3', { device: 'mobile' }).expect(200);
      expect(res.headers['set-cookie']).to.equal(undefined);
      expect(stateOf(res.text).tracking.origin).to.equal(3);
      expect(res.headers['cache-control']).to.equal(SHARED);
    });

    it('gives a no-results page no shared lifetime', async () => {
      const res = await page('/search/qwxzvbnmplk', { device: 'mobile' }).expect(404);
      expect(res.headers['set-cookie']).to.equal(undefined);
      expect(res.headers['cache-control']).to.equal('private, no-cache');
    });

    it('never shares a page whose view the server records: an alert e-mail landing counts every open', async () => {
      const opens = async () => (await server.services.clickout.events.eventsOf('email-opens')).length;
      const before = await opens();
      for (let i = 0; i < 2; i++) {
        const res = await page('/search/house?from=alert&alert_id=12', {
          device: 'mobile',
          host: 'homes.us.localhost',
        }).expect(200);
        expect(res.headers['cache-control']).to.equal('private, no-cache');
        expect(res.headers['set-cookie']).to.equal(undefined);
      }
      expect(await opens()).to.equal(before + 2);
    });

    it('keeps the per-visitor click-out without JavaScript: its id in a cookie and on the billed click', async () => {
      const results = await page('/search/house', { device: 'mobile' }).expect(200);
      const href = /href="(\/out\/[^"]+)"/.exec(results.text)?.[1]?.replace(/&amp;/g, '&');
      expect(href).to.be.a('string');
      const res = await page(href!, { device: 'mobile' }).expect(302);
      const iid = /^trawl_iid=([0-9a-f-]{36});/.exec(cookiesOf(res).find((c) => c.startsWith('trawl_iid=')) ?? '')?.[1];
      expect(iid).to.be.a('string');
      expect(res.headers['cache-control']).to.equal('private, no-cache');
    });
  });

  describe('a visitor with Trawl cookies', () => {
    it('gets today’s private page: their own ids, cookies, and a fresh nonce', async () => {
      const iid = '0b0c1f5e-6a8b-4c8e-9a55-1234567890ab';
      const res = await page('/search/house?origin=5', { device: 'mobile', cookie: `trawl_iid=${iid}` }).expect(200);
      expect(res.headers['cache-control']).to.equal('private, no-cache');
      expect(res.headers.vary ?? '').not.to.match(/Cookie/);
      const state = stateOf(res.text);
      expect(state.app.installationId).to.equal(iid);
      expect(state.tracking.pageViewId).to.match(/^[0-9a-f-]{36}$/);
      expect(state.tracking.abTest).to.include({ id: 666, platform: 'mobile' });
      const cookies = cookiesOf(res);
      expect(cookies.some((c) => c.startsWith('trawl_ab=666%3A'))).to.equal(true);
      expect(cookies.some((c) => c.startsWith('trawl_origin=5;'))).to.equal(true);
      expect(cookies.some((c) => c.startsWith('trawl_last_search='))).to.equal(true);
      const nonce = /'nonce-([^']+)'/.exec(res.headers['content-security-policy'] ?? '')?.[1];
      expect(nonce).to.be.a('string');
      expect(res.text).to.include(`<style nonce="${nonce}">`);
      expect(res.text).not.to.include('__TRAWL_NEUTRAL__');
    });

    it('is never given the shared page, whichever Trawl cookie it is', async () => {
      const res = await page('/', { device: 'mobile', cookie: 'trawl_gdpr=granted' }).expect(200);
      expect(res.headers['cache-control']).to.equal('private, no-cache');
      expect(cookiesOf(res).some((c) => c.startsWith('trawl_iid='))).to.equal(true);
    });
  });

  describe('errors', () => {
    let broken: TestServer;
    before(async () => {
      broken = await startTestServer({
        deviceHeader: HEADER,
        searchBaseUrl: 'http://127.0.0.1:9/{country}/{vertical}',
      });
    });
    after(() => broken.close());

    it('never lets a shared cache keep a failed page', async () => {
      const res = await request(broken.url)
        .get('/search/house')
        .set('Host', `homes.uk.localhost:${broken.port}`)
        .set('User-Agent', IPHONE)
        .set(HEADER, 'mobile');
      expect(res.status).to.be.at.least(500);
      expect(res.headers['cache-control']).not.to.include('public');
    });
  });
});
