import { expect } from 'chai';
import request from 'supertest';
import { SEEDING_MS, startTestServer, type TestServer } from '../support/testServer';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** The app's scripts of a page, in order, by chunk name (`/assets/page-serp.0123456789.js` -> `page-serp`). */
const scripts = (html: string): string[] =>
  [...html.matchAll(/<script(?: nonce="[^"]+")? src="\/assets\/([^"]+)\.[0-9a-f]{10}\.js" defer><\/script>/g)].map(
    (m) => m[1] ?? '',
  );
const preloads = (html: string): string[] =>
  [...html.matchAll(/<link rel="preload" as="script" href="\/assets\/([^"]+)\.[0-9a-f]{10}\.js"/g)].map(
    (m) => m[1] ?? '',
  );

describe('the scripts a page is sent with (code splitting)', function () {
  this.timeout(20_000);
  let server: TestServer;
  const get = (path: string, host = `homes.uk.localhost:${server.port}`) =>
    request(server.url).get(path).set('Host', host).set('User-Agent', DESKTOP);

  before(async function () {
    this.timeout(SEEDING_MS);
    server = await startTestServer({ seed: true });
  });
  after(() => server.close());

  it('sends a results page its own page chunk before the entry’s files, each preloaded, and no other page’s', async () => {
    const res = await get('/search/flat/in/london').expect(200);
    const list = scripts(res.text);
    expect(list[0]).to.equal('page-serp');
    expect(list.at(-1)).to.equal('main');
    expect(list).to.include('framework');
    expect(list.filter((s) => s.startsWith('page-'))).to.deep.equal(['page-serp']);
    expect(list.some((s) => s.startsWith('load-') || s.startsWith('dialog-') || s === 'saga-alerts')).to.equal(false);
    expect(preloads(res.text)).to.deep.equal(list);
  });

  it('renders the filters panel into a results page without sending its chunk (hydrated when it arrives)', async () => {
    const res = await get('/search/flat/in/london').expect(200);
    expect(res.text).to.match(/<details class="filters" id="filters">/);
    expect(res.text).to.include('name="price_max"');
    expect(scripts(res.text)).not.to.include('filters');
    expect(preloads(res.text)).not.to.include('filters');
    const none = await get('/search/no-such-words-anywhere').expect(404);
    expect(none.text).to.match(/<details class="filters" id="filters">/);
    expect(scripts(none.text)).not.to.include('filters');
  });

  it('sends the cookie banner’s chunk only where the banner asks', async () => {
    expect(scripts((await get('/').expect(200)).text)).to.include('banner-cookie');
    const us = await get('/', `homes.us.localhost:${server.port}`).expect(200);
    expect(scripts(us.text)).not.to.include('banner-cookie');
    expect(scripts(us.text)[0]).to.equal('page-home');
  });

  it('sends an error status the error page’s chunk', async () => {
    const res = await get('/ad/no-such-ad').expect(404);
    expect(scripts(res.text).filter((s) => s.startsWith('page-'))).to.deep.equal(['page-error']);
  });

  it('serves every chunk it names', async () => {
    const res = await get('/search/flat/in/london').expect(200);
    for (const src of res.text.matchAll(/<script(?: nonce="[^"]+")? src="([^"]+)"/g)) {
      await request(server.url)
        .get(src[1] ?? '')
        .expect(200);
    }
  });
});
