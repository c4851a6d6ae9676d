import { createHash } from 'node:crypto';
import { expect } from 'chai';
import request from 'supertest';
import { startTestServer, type TestServer } from '../support/testServer';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const TAG_URL = 'http://127.0.0.1:4555/tag/gpt.js';

async function seedZebras(server: TestServer): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  await server.services.search.store.writeAds(
    ['one', 'two'].map((n, i) => ({
      id: `zebra-${n}`,
      country: 'uk',
      vertical: 'homes' as const,
      sourceId: 1,
      partnerAdId: `z-${n}`,
      url: `https://partner.test/listing/${n}`,
      title: `Zebra loft ${n} in London`,
      description: 'A bright zebra loft with a view over the park, close to the station.',
      date: now - 3600 * (i + 1),
      location: { city: 'London' },
      images: [],
      currency: 'GBP',
      price: { value: 1000 + i },
      typeId: 2,
      homes: { propertyType: 'flat' },
    })),
  );
}

const PAGES = ['/', '/search/zebra', '/ad/zebra-one'];

describe('ad slots and the ad tag', function () {
  this.timeout(30_000);

  describe('on a site with an ad network', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ adNetworkId: '1234', adTagUrl: TAG_URL });
      await seedZebras(server);
    });
    after(() => server.close());
    const get = (path: string) =>
      request(server.url).get(path).set('Host', `homes.uk.localhost:${server.port}`).set('User-Agent', IPHONE);

    it('loads the tag script in the head, async, under the request nonce, and allows its origin in the CSP', async () => {
      // A returning visitor's page carries a nonce; a first visit's names the tag's inline code by hash (pageCaching.test.ts).
      const res = await get('/search/zebra').set('Cookie', 'trawl_ab=666:A').expect(200);
      const csp = res.headers['content-security-policy'] as string;
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).to.be.a('string');
      const head = res.text.slice(0, res.text.indexOf('</head>'));
      expect(head).to.include(`<script async id="trawl-ad-tag" src="${TAG_URL}" nonce="${nonce}"></script>`);
      for (const directive of ['script-src', 'connect-src', 'img-src', 'frame-src']) {
        const value = csp.split(';').find((d) => d.trim().startsWith(`${directive} `)) ?? '';
        expect(value, directive).to.include('http://127.0.0.1:4555');
      }
      expect(res.text).not.to.match(/ style="/);
    });

    it('names the tag’s inline watcher by its hash on a first visit’s page, which carries no nonce', async () => {
      const res = await get('/search/zebra').expect(200);
      const csp = res.headers['content-security-policy'] as string;
      expect(csp).not.to.include("'nonce-");
      const head = res.text.slice(0, res.text.indexOf('</head>'));
      expect(head).to.include(`<script async id="trawl-ad-tag" src="${TAG_URL}"></script>`);
      const watcher = /<script>(window\.googletag=[\s\S]*?)<\/script>/.exec(head)?.[1];
      expect(watcher).to.be.a('string');
      const hash = `'sha256-${createHash('sha256').update(watcher!, 'utf8').digest('base64')}'`;
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src ')) ?? '';
      expect(scriptSrc).to.include(hash);
      expect(scriptSrc).to.include('http://127.0.0.1:4555');
    });

    it('renders the results page top and bottom slots with their space reserved by class', async () => {
      const res = await get('/search/zebra').expect(200);
      expect(res.text).to.include('class="ad-slot ad-slot--serp-top"');
      expect(res.text).to.include('id="ad-slot-serp-top"');
      expect(res.text).to.include('id="ad-slot-serp-bottom"');
      expect(res.text).to.match(/\.ad-slot--serp-top\{min-height:50px\}/);
      expect(res.text).to.match(/@media \(min-width:768px\)\{\.ad-slot--serp-top\{min-height:90px\}\}/);
    });

    it('renders a slot on the home and on the ad page', async () => {
      expect((await get('/').expect(200)).text).to.include('id="ad-slot-home-bottom"');
      expect((await get('/ad/zebra-one').expect(200)).text).to.include('id="ad-slot-adpage-bottom"');
    });

    it('serializes the network for the browser', async () => {
      const res = await get('/').expect(200);
      expect(res.text).to.include(
        '"network":{"networkId":"1234","tagUrl":"http://127.0.0.1:4555/tag/gpt.js","singleRequest":true}',
      );
    });
  });

  describe('on a site without an ad network (the default)', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer();
      await seedZebras(server);
    });
    after(() => server.close());
    const get = (path: string) =>
      request(server.url).get(path).set('Host', `homes.uk.localhost:${server.port}`).set('User-Agent', IPHONE);

    it('loads no tag script, allows no tag origin, and renders no slot on any page', async () => {
      for (const path of PAGES) {
        const res = await get(path).expect(200);
        expect(res.text, path).not.to.include('trawl-ad-tag');
        expect(res.text, path).not.to.include('googletag');
        expect(res.text, path).not.to.include('class="ad-slot');
        expect(res.headers['content-security-policy'], path).not.to.include('doubleclick');
      }
    });

    it('stays off with AD_NETWORK_ID=none', async () => {
      const off = await startTestServer({ adNetworkId: 'none', adTagUrl: TAG_URL });
      try {
        const res = await request(off.url).get('/homes').set('Host', `localhost:${off.port}`).expect(200);
        expect(res.text).not.to.include('trawl-ad-tag');
        expect(res.headers['content-security-policy']).not.to.include('4555');
      } finally {
        await off.close();
      }
    });
  });
});
