import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { collectProblems, launchBrowser, MOBILE } from '../support/browser';
import { startTestServer, type TestServer } from '../support/testServer';

const HEADER = 'X-Device-Class';

interface CachedPage {
  status: number;
  headers: Record<string, string>;
  body: string;
}

declare global {
  interface Window {
    __cspViolations?: string[];
    /** Where each element on screen is: tag, class and box, in document order. */
    __geometry?: () => string[];
    /** The geometry once the page is parsed, before its scripts (and so hydration) run. */
    __geometryBeforeScripts?: string[];
  }
}

/** A page as a CDN would fetch it: the site's host, the device header, no cookie; body and headers as sent. */
function fetchAsCdn(
  server: TestServer,
  path: string,
  device: string,
  host = 'homes.uk.localhost',
): Promise<CachedPage> {
  return new Promise<CachedPage>((resolve, reject) => {
    const headers = { Host: `${host}:${server.port}`, 'User-Agent': MOBILE.userAgent, [HEADER]: device };
    http
      .get(`${server.url}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: Object.fromEntries(
              ['content-type', 'content-security-policy', 'cache-control', 'set-cookie'].map((h) => [
                h,
                String(res.headers[h] ?? ''),
              ]),
            ),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      })
      .on('error', reject);
  });
}

/** Records CSP violations from the very start of every page of the context. */
async function watchCsp(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__cspViolations!.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
}

/**
 * A first visit served from a shared cache (decision 062): the results page
 * is fetched once as a CDN would (no cookie, its device header), and that
 * very copy, body and headers, is what every browser below gets.
 */
describe('a first visit from a cached visitor-neutral page in Chromium', function () {
  this.timeout(120_000);
  let server: TestServer;
  let browser: Browser;
  let partner: http.Server;
  let partnerPort = 0;
  let cached: CachedPage;
  let resultsUrl = '';

  before(async () => {
    partner = http.createServer((_req, res) => {
      res
        .writeHead(200, { 'Content-Type': 'text/html' })
        .end('<!doctype html><title>Partner</title><h1>Partner ad</h1>');
    });
    await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
    partnerPort = (partner.address() as AddressInfo).port;
    server = await startTestServer({ deviceHeader: HEADER });
    const store = server.services.search.store;
    await store.putSources([
      {
        id: 901,
        name: 'Cached Lettings',
        image: '/media/logo/901.svg',
        country: 'uk',
        vertical: 'homes',
        contactEmail: 'lettings@partner.test',
        contactPhone: '',
        hasAdpageForm: false,
        campaigns: [{ id: 9011, cpcMobile: 0.25, cpcDesktop: 0.4, active: true }],
      },
    ]);
    const now = Math.floor(Date.now() / 1000);
    await store.writeAds(
      ['one', 'two'].map((n, i) => ({
        id: `quokka-${n}`,
        country: 'uk',
        vertical: 'homes' as const,
        sourceId: 901,
        partnerAdId: `q-${n}`,
        url: `http://127.0.0.1:${partnerPort}/listing/${n}`,
        title: `Quokka cottage ${n} in Leeds`,
        description: 'A quiet quokka cottage with a garden, close to the station and the park.',
        date: now - 3600 * (i + 1),
        location: { city: 'Leeds' },
        images: [],
        currency: 'GBP',
        price: { value: 900 + i },
        typeId: 2,
        homes: { propertyType: 'house' },
      })),
    );
    resultsUrl = `http://homes.uk.localhost:${server.port}/search/quokka?origin=3`;
    cached = await fetchAsCdn(server, '/search/quokka?origin=3', 'mobile');
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    partner?.close();
  });

  /** A new browser whose request for the results page is answered with the cached copy. */
  async function visitor(body = cached.body): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
    const context = await browser.newContext(MOBILE);
    await context.route(resultsUrl, (route) =>
      route.fulfill({
        status: cached.status,
        headers: {
          'content-type': cached.headers['content-type']!,
          'content-security-policy': cached.headers['content-security-policy']!,
        },
        body,
      }),
    );
    await context.addInitScript(() => {
      window.__geometry = () =>
        [...document.querySelectorAll('#root *')].flatMap((el) => {
          const r = el.getBoundingClientRect();
          if (r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth) return [];
          const box = [r.x, r.y, r.width, r.height].map((n) => Math.round(n)).join(',');
          return [`${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''} ${box}`];
        });
      // Deferred scripts run once the document is parsed, right after it turns interactive.
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') window.__geometryBeforeScripts = window.__geometry!();
      });
    });
    await watchCsp(context);
    const page = await context.newPage();
    return { context, page, problems: collectProblems(page) };
  }

  const cookiesOf = async (context: BrowserContext) =>
    Object.fromEntries((await context.cookies(resultsUrl)).map((c) => [c.name, decodeURIComponent(c.value)]));
  const pageViewsOf = async (iid: string) =>
    (await server.services.clickout.events.eventsOf('page_views')).filter((e) => JSON.stringify(e.doc).includes(iid));

  it('is the shareable page: public, no cookie, no nonce', () => {
    expect(cached.status).to.equal(200);
    expect(cached.headers['set-cookie']).to.equal('');
    expect(cached.headers['cache-control']).to.equal('public, max-age=0, s-maxage=60, stale-while-revalidate=30');
    expect(cached.headers['content-security-policy']).to.include("'sha256-");
    expect(cached.headers['content-security-policy']).not.to.include("'nonce-");
    expect(cached.body).to.include('Quokka cottage');
  });

  it('hydrates cleanly, makes the visitor’s cookies in the browser, tracks one page view and bills the click-out', async () => {
    const { context, page, problems } = await visitor();
    await page.goto(resultsUrl, { referer: 'https://www.example.org/' });
    await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);

    // The ids made before hydration move nothing on screen: every box is where the parsed page had it (what
    // only a browser can do, as the push-alert button, comes beside them). Boxes, not the browser's
    // layout-shift score, which depends on which frames a slow machine happened to paint.
    const parsed = await page.evaluate(() => window.__geometryBeforeScripts);
    expect(parsed).to.have.length.above(20);
    expect(await page.evaluate(() => window.__geometry!())).to.include.members(parsed!);
    const cookies = await cookiesOf(context);
    expect(cookies.trawl_iid).to.match(/^[0-9a-f-]{36}$/);
    expect(cookies.trawl_ab).to.match(/^666:[AB]$/);
    expect(cookies.trawl_origin).to.equal('3');
    expect(JSON.parse(cookies.trawl_last_search!)).to.deep.include({ what: 'quokka' });
    const iid = cookies.trawl_iid!;

    // The UK asks first: the page view goes out once the visitor agrees, with the browser's ids.
    const banner = page.getByRole('region', { name: 'Cookies' });
    await banner.getByRole('button', { name: 'Agree', exact: true }).click();
    await banner.waitFor({ state: 'detached' });
    for (let i = 0; i < 30 && (await pageViewsOf(iid)).length === 0; i++) await page.waitForTimeout(100);
    const views = await pageViewsOf(iid);
    expect(views).to.have.length(1);
    expect(JSON.stringify(views[0]!.doc)).to.match(/"page_view_id":"[0-9a-f-]{36}"/);
    expect(JSON.stringify(views[0]!.doc)).to.include('"origin_id":3');
    expect(JSON.stringify(views[0]!.doc)).to.include('"page_type":2');

    const before = await server.services.clickout.events.counts();
    const title = page.locator('ol[aria-label="Results"] .ad-card__title a').first();
    const name = (await title.textContent()) ?? '';
    const clickRequest = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/clickout'));
    await title.click();
    await page
      .getByRole('dialog', { name })
      .getByRole('button', { name: /See the ad on Cached Lettings/ })
      .click();
    const click = JSON.parse((await clickRequest).postData() ?? '{}') as {
      data?: { attributes?: { user?: { cookie_id?: string } } };
    };
    expect(click.data?.attributes?.user?.cookie_id).to.equal(iid);
    await page.waitForURL(new RegExp(`^http://127\\.0\\.0\\.1:${partnerPort}/listing/`));
    const after = await server.services.clickout.events.counts();
    expect(after.clickouts).to.equal(before.clickouts + 1);
    expect(after.billed).to.equal(before.billed + 1);
    // Still one page view for that visitor: the server rendered none, the browser sent one.
    expect(await pageViewsOf(iid)).to.have.length(1);
    // The click on the listed ad is tracked too: one that leads out of the site (type 3), from section 1.
    const adClicks = (await server.services.clickout.events.eventsOf('ad-clicks')).filter((e) =>
      JSON.stringify(e.doc).includes(iid),
    );
    expect(adClicks).to.have.length(1);
    expect(adClicks[0]!.doc as object).to.deep.include({ click_type_id: 3, section: { id: 1, type_id: 1 } });

    await page.goBack();
    await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
    expect(await page.evaluate(() => window.__cspViolations)).to.deep.equal([]);
    expect(
      await page.evaluate(() =>
        (window.dataLayer ?? []).some((e) => (e as { event?: string }).event === 'hydrationError'),
      ),
    ).to.equal(false);
    expect(problems.filter((p) => !p.includes('favicon'))).to.deep.equal([]);
    await context.close();
  });

  it('gives the next visitor of the same copy ids of their own', async () => {
    const first = await visitor();
    await first.page.goto(resultsUrl);
    await first.page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
    const second = await visitor();
    await second.page.goto(resultsUrl);
    await second.page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
    const a = await cookiesOf(first.context);
    const b = await cookiesOf(second.context);
    expect(a.trawl_iid).to.match(/^[0-9a-f-]{36}$/);
    expect(b.trawl_iid).to.match(/^[0-9a-f-]{36}$/);
    expect(a.trawl_iid).not.to.equal(b.trawl_iid);
    for (const { page, problems } of [first, second]) {
      expect(await page.evaluate(() => window.__cspViolations)).to.deep.equal([]);
      expect(problems.filter((p) => !p.includes('favicon'))).to.deep.equal([]);
    }
    await first.context.close();
    await second.context.close();
  });

  it('runs no inline script whose hash the cached CSP does not name', async () => {
    const tampered = cached.body.replace('window.__TRAWL_STATE__=', 'window.__TRAWL_STATE__= ');
    const { context, page } = await visitor(tampered);
    await page.goto(resultsUrl);
    await page.waitForFunction(() => (window.__cspViolations ?? []).length > 0);
    expect((await page.evaluate(() => window.__cspViolations))![0]).to.match(/^script-src/);
    expect(await page.evaluate(() => window.__TRAWL_HYDRATED__)).to.equal(undefined);
    await context.close();
  });
});

/**
 * A minimal CDN on loopback in front of the origin, configured as decision
 * 062 tells ops: it sets the device header, bypasses the cache for a request
 * with a Trawl cookie, keys on host and URL (one device class here), and
 * keeps what says `s-maxage`.
 */
function miniCdn(origin: TestServer, device: string) {
  const cache = new Map<string, { status: number; headers: http.IncomingHttpHeaders; body: Buffer }>();
  const stats = { hits: 0, misses: 0 };
  const server = http.createServer((req, res) => {
    const key = `${req.headers.host ?? ''}${req.url ?? ''}`;
    const bypass = /(^|;\s*)trawl_/.test(req.headers.cookie ?? '');
    const hit = bypass ? undefined : cache.get(key);
    if (hit) {
      stats.hits++;
      res.writeHead(hit.status, hit.headers).end(hit.body);
      return;
    }
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: origin.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, [HEADER.toLowerCase()]: device, 'accept-encoding': 'identity' },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          const shared = /s-maxage=\d+/.test(String(answer.headers['cache-control'] ?? ''));
          if (!bypass && shared && !answer.headers['set-cookie'] && req.method === 'GET') {
            stats.misses++;
            cache.set(key, { status: answer.statusCode ?? 200, headers: answer.headers, body });
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers).end(body);
        });
      },
    );
    req.pipe(upstream);
  });
  return { server, stats };
}

describe('first visits through a CDN that keeps pages, with the ad tag, in Chromium', function () {
  this.timeout(60_000);
  let server: TestServer;
  let browser: Browser;
  let tag: http.Server;
  let cdn: ReturnType<typeof miniCdn>;
  let cdnPort = 0;

  before(async () => {
    const standIn = fs.readFileSync(path.resolve('test/fixtures/adtag/gpt.js'), 'utf8');
    tag = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'no-store' }).end(standIn);
    });
    await new Promise<void>((resolve) => tag.listen(0, '127.0.0.1', resolve));
    const tagUrl = `http://127.0.0.1:${(tag.address() as AddressInfo).port}/tag/gpt.js`;
    server = await startTestServer({ deviceHeader: HEADER, adNetworkId: '1234', adTagUrl: tagUrl });
    const now = Math.floor(Date.now() / 1000);
    await server.services.search.store.writeAds(
      ['one', 'two'].map((n, i) => ({
        id: `wombat-${n}`,
        country: 'us',
        vertical: 'homes' as const,
        sourceId: 1,
        partnerAdId: `w-${n}`,
        url: `https://partner.test/listing/${n}`,
        title: `Wombat bungalow ${n} in Austin`,
        description: 'A roomy wombat bungalow with a porch, close to the river and the park.',
        date: now - 3600 * (i + 1),
        location: { city: 'Austin' },
        images: [],
        currency: 'USD',
        price: { value: 1500 + i },
        typeId: 2,
        homes: { propertyType: 'house' },
      })),
    );
    cdn = miniCdn(server, 'mobile');
    await new Promise<void>((resolve) => cdn.server.listen(0, '127.0.0.1', resolve));
    cdnPort = (cdn.server.address() as AddressInfo).port;
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    cdn?.server.close();
    await server?.close();
    tag?.close();
  });

  it('serves the second visitor the first one’s copy, whose hashes let the tag’s inline watcher run', async () => {
    const url = `http://homes.us.localhost:${cdnPort}/`;
    const iids: string[] = [];
    for (const n of [1, 2]) {
      const context = await browser.newContext(MOBILE);
      await watchCsp(context);
      const page = await context.newPage();
      const problems = collectProblems(page);
      await page.goto(url);
      await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
      // The watcher made the promise and the tag's load resolved it.
      expect(
        await page.evaluate(() =>
          (window as unknown as { __TRAWL_AD_TAG__: Promise<unknown> }).__TRAWL_AD_TAG__.then(() => 'loaded'),
        ),
        `visitor ${n}`,
      ).to.equal('loaded');
      expect(await page.evaluate(() => window.__cspViolations)).to.deep.equal([]);
      expect(problems.filter((p) => !p.includes('favicon'))).to.deep.equal([]);
      iids.push((await context.cookies(url)).find((c) => c.name === 'trawl_iid')?.value ?? '');
      // A reload carries the cookies the first load made: the CDN passes it to the origin.
      if (n === 2) {
        const hits = cdn.stats.hits;
        await page.reload();
        await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
        expect(cdn.stats.hits).to.equal(hits);
      }
      await context.close();
    }
    expect(cdn.stats).to.deep.include({ misses: 1, hits: 1 });
    expect(iids[0]).to.match(/^[0-9a-f-]{36}$/);
    expect(iids[1]).to.match(/^[0-9a-f-]{36}$/);
    expect(iids[0]).not.to.equal(iids[1]);
  });
});
