import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { Browser, Locator } from 'playwright-core';
import { collectProblems, DESKTOP, launchBrowser, MOBILE } from '../support/browser';
import { startTestServer, type TestServer } from '../support/testServer';

/** A 1×1 PNG, as a partner's picture. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

describe('clicking out to a partner in Chromium', function () {
  this.timeout(90_000);
  let server: TestServer;
  let browser: Browser;
  let partner: http.Server;
  let partnerPort = 0;
  const partnerHits: string[] = [];

  before(async () => {
    partner = http.createServer((req, res) => {
      partnerHits.push(req.url ?? '');
      if (req.url?.startsWith('/pictures/gone')) {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found');
        return;
      }
      if (req.url?.startsWith('/pictures/')) {
        res.writeHead(200, { 'Content-Type': 'image/png' }).end(PIXEL);
        return;
      }
      res
        .writeHead(200, { 'Content-Type': 'text/html' })
        .end('<!doctype html><title>Partner</title><h1>Partner ad</h1>');
    });
    await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
    partnerPort = (partner.address() as AddressInfo).port;
    server = await startTestServer();
    const store = server.services.search.store;
    await store.putSources([
      {
        id: 900,
        name: 'Loopback Lettings',
        image: '/media/logo/900.svg',
        country: 'uk',
        vertical: 'homes',
        contactEmail: 'lettings@partner.test',
        contactPhone: '',
        hasAdpageForm: false,
        campaigns: [{ id: 9001, cpcMobile: 0.25, cpcDesktop: 0.4, active: true }],
      },
    ]);
    const now = Math.floor(Date.now() / 1000);
    await store.writeAds(
      ['one', 'two', 'three'].map((n, i) => ({
        id: `zebra-${n}`,
        country: 'uk',
        vertical: 'homes' as const,
        sourceId: 900,
        partnerAdId: `z-${n}`,
        url: `http://127.0.0.1:${partnerPort}/listing/${n}`,
        title: `Zebra loft ${n} in London`,
        description: 'A bright zebra loft with a view over the park, close to the station.',
        date: now - 3600 * (i + 1),
        location: { city: 'London' },
        images: [`http://127.0.0.1:${partnerPort}/pictures/${n}.png`],
        currency: 'GBP',
        price: { value: 1000 + i },
        typeId: 2,
        homes: { propertyType: 'flat' },
      })),
    );
    // Pictures a partner's host no longer gives: an ad's only one, and the first of another's three
    // (on a site of their own: the other tests' pages show no failed load).
    await store.putSources([
      {
        id: 901,
        name: 'Loopback Lettings Ireland',
        image: '/media/logo/901.svg',
        country: 'ie',
        vertical: 'homes',
        contactEmail: 'lettings@partner.test',
        contactPhone: '',
        hasAdpageForm: false,
        campaigns: [],
      },
    ]);
    const picture = (name: string) => `http://127.0.0.1:${partnerPort}/pictures/${name}.png`;
    await store.writeAds(
      [
        { n: 'gone', images: [picture('gone-1')] },
        { n: 'some', images: [picture('gone-2'), picture('kept-1'), picture('kept-2')] },
      ].map(({ n, images }, i) => ({
        id: `okapi-${n}`,
        country: 'ie',
        vertical: 'homes' as const,
        sourceId: 901,
        partnerAdId: `o-${n}`,
        url: `http://127.0.0.1:${partnerPort}/listing/okapi-${n}`,
        title: `Okapi flat ${n} in Dublin`,
        description: 'An okapi flat by the park.',
        date: now - 600 * (i + 1),
        location: { city: 'Dublin' },
        images,
        currency: 'EUR',
        price: { value: 1500 + i },
        typeId: 2,
        homes: { propertyType: 'flat' },
      })),
    );
    await store.writeAds([
      {
        id: 'quagga-long',
        country: 'uk',
        vertical: 'homes' as const,
        sourceId: 900,
        partnerAdId: 'q-long',
        url: `http://127.0.0.1:${partnerPort}/listing/quagga`,
        title: 'Quagga house in London',
        description: Array.from(
          { length: 40 },
          (_, i) => `Room ${i + 1} of the quagga house is bright and quiet.`,
        ).join('\n'),
        date: now - 60,
        location: { city: 'London' },
        images: [],
        currency: 'GBP',
        price: { value: 2500 },
        typeId: 2,
        homes: { propertyType: 'house', rooms: 4, bathrooms: 2, floorArea: 140 },
      },
    ]);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    partner?.close();
  });

  it("shows the partner's pictures, from the partner's host", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(`http://homes.uk.localhost:${server.port}/search/zebra`);
    await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
    const pictures = page.locator('ol[aria-label="Results"] .ad-card img');
    expect(await pictures.count()).to.equal(3);
    for (const img of await pictures.all()) {
      await img.scrollIntoViewIfNeeded();
      await page.waitForFunction((el) => (el as HTMLImageElement).complete, await img.elementHandle());
      expect(await img.getAttribute('src')).to.match(new RegExp(`^http://127\\.0\\.0\\.1:${partnerPort}/pictures/`));
      expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).to.equal(1);
    }
    expect(problems.filter((p) => /Content Security Policy/.test(p))).to.deep.equal([]);
    await context.close();
  });

  it("shows a card's placeholder, and leaves a picture out of the ad page, where the partner's host will not give it", async () => {
    for (const device of [MOBILE, DESKTOP]) {
      const context = await browser.newContext(device);
      const page = await context.newPage();
      await page.goto(`http://homes.ie.localhost:${server.port}/search/okapi`);
      await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
      const card = (n: string) => page.locator('ol[aria-label="Results"] .ad-card', { hasText: `Okapi flat ${n}` });
      // Each card's first picture is gone: the placeholder of an ad without one, not a broken picture.
      for (const n of ['gone', 'some']) {
        await card(n).scrollIntoViewIfNeeded();
        await card(n).locator('.ad-card__no-image').waitFor();
        expect(await card(n).locator('img').count(), n).to.equal(0);
      }

      await page.goto(`http://homes.ie.localhost:${server.port}/ad/okapi-some`);
      await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
      const gallery = page.getByRole('list', { name: 'Pictures' });
      await page.waitForFunction(() => document.querySelectorAll('.gallery img').length === 2);
      const shown = gallery.locator('img');
      expect(await shown.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src))).to.deep.equal([
        `http://127.0.0.1:${partnerPort}/pictures/kept-1.png`,
        `http://127.0.0.1:${partnerPort}/pictures/kept-2.png`,
      ]);
      // The first one shown is the large one, named by the ad's title.
      expect(await shown.first().getAttribute('alt')).to.equal('Okapi flat some in Dublin');
      for (const img of await shown.all()) {
        await img.scrollIntoViewIfNeeded();
        await page.waitForFunction((el) => (el as HTMLImageElement).complete, await img.elementHandle());
        expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).to.equal(1);
      }

      // An ad whose only picture is gone: no gallery at all.
      await page.goto(`http://homes.ie.localhost:${server.port}/ad/okapi-gone`);
      await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
      await page.waitForFunction(() => document.querySelector('.gallery') === null);
      expect(await page.locator('h1').textContent()).to.equal('Okapi flat gone in Dublin');
      await context.close();
    }
  });

  it('opens the popup on a first visit, records the click and lands on the stored partner URL', async () => {
    const context = await browser.newContext(MOBILE);
    const page = await context.newPage();
    const problems = collectProblems(page);
    const results = `http://homes.uk.localhost:${server.port}/search/zebra`;
    await page.goto(results);
    await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
    const before = (await server.services.clickout.events.counts()).clickouts;

    const firstTitle = page.locator('ol[aria-label="Results"] .ad-card__title a').first();
    const title = (await firstTitle.textContent()) ?? '';
    await firstTitle.click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).to.equal('hidden');
    // On a phone its buttons fill their rows: side by side, or the long "See the ad on …" above "Close".
    const rows = await dialog.locator('.modal__actions').evaluate((actions) => {
      const widths = new Map<number, number[]>();
      for (const b of actions.querySelectorAll('.button')) {
        const r = b.getBoundingClientRect();
        widths.set(Math.round(r.top), [...(widths.get(Math.round(r.top)) ?? []), r.width]);
      }
      const gap = parseFloat(getComputedStyle(actions).columnGap);
      const width = actions.getBoundingClientRect().width;
      return [...widths.values()].map((w) => Math.round(w.reduce((a, b) => a + b + gap, -gap) - width));
    });
    expect(rows).to.deep.equal([0, 0]);
    await dialog.getByRole('button', { name: /See the ad on Loopback Lettings/ }).click();
    await page.waitForURL(new RegExp(`^http://127\\.0\\.0\\.1:${partnerPort}/listing/`));
    expect(await page.locator('h1').textContent()).to.equal('Partner ad');
    expect(partnerHits.some((h) => h.startsWith('/listing/'))).to.equal(true);
    const after = await server.services.clickout.events.counts();
    expect(after.clickouts).to.equal(before + 1);
    expect(after.billed).to.be.at.least(1);

    // A second visit to the same ad goes straight out, without the popup.
    await page.goto(results);
    await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
    await page.locator('ol[aria-label="Results"] .ad-card__title a', { hasText: title }).click();
    await page.waitForURL(new RegExp(`^http://127\\.0\\.0\\.1:${partnerPort}/listing/`));
    expect((await server.services.clickout.events.counts()).clickouts).to.equal(before + 2);
    expect(problems.filter((p) => !p.includes('favicon'))).to.deep.equal([]);
    await context.close();
  });

  it("keeps the ad page's way out at the foot of a phone's screen while the visitor reads, and records its click", async () => {
    const context = await browser.newContext(MOBILE);
    const page = await context.newPage();
    await page.goto(`http://homes.uk.localhost:${server.port}/ad/quagga-long`);
    await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
    const banner = page.getByRole('button', { name: 'Agree', exact: true });
    if (await banner.isVisible()) await banner.click();
    // Once the cookie banner is answered, the download-app banner takes the foot of a phone's screen.
    await page.locator('.app-banner').waitFor();
    const out = page.getByRole('link', { name: 'See the ad on Loopback Lettings' });
    const height = (page.viewportSize() as { height: number }).height;
    // In the screen, and the link itself under its centre: not hidden by the app banner.
    const inView = async () => {
      const box = await out.boundingBox();
      if (box === null || box.y < 0 || box.y + box.height > height) return false;
      return out.evaluate(
        (link, [x, y]) => link.contains(document.elementFromPoint(x as number, y as number)),
        [box.x + box.width / 2, box.y + box.height / 2],
      );
    };
    // The description alone is taller than the screen: the link is in reach from the first screen on.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).to.be.above(height * 2);
    expect(await inView(), 'first screen').to.equal(true);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 3));
    expect(await inView(), 'a third down').to.equal(true);
    const before = (await server.services.clickout.events.counts()).clickouts;
    await out.click();
    await page.waitForURL(`http://127.0.0.1:${partnerPort}/listing/quagga`);
    expect((await server.services.clickout.events.counts()).clickouts).to.equal(before + 1);
    await context.close();
  });

  it('stacks the desktop ad page in a narrow window, price and way out first, nothing overlapping', async () => {
    const context = await browser.newContext({ ...DESKTOP, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`http://homes.uk.localhost:${server.port}/ad/quagga-long`);
    const box = async (selector: string) =>
      (await page.locator(selector).boundingBox()) as NonNullable<Awaited<ReturnType<Locator['boundingBox']>>>;
    const aside = await box('.ad-page__aside');
    const main = await box('.ad-page__main');
    expect(aside.y + aside.height, 'the aside ends before the main column').to.be.at.most(main.y);
    expect(aside.x).to.be.at.least(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.equal(360);
    await context.close();
  });

  it('records the click and redirects to the stored URL without JavaScript', async () => {
    const context = await browser.newContext({ ...MOBILE, javaScriptEnabled: false });
    const page = await context.newPage();
    const before = (await server.services.clickout.events.counts()).clickouts;
    await page.goto(`http://homes.uk.localhost:${server.port}/search/zebra`);
    await page.locator('ol[aria-label="Results"] .ad-card__title a').first().click();
    await page.waitForURL(new RegExp(`^http://127\\.0\\.0\\.1:${partnerPort}/listing/`));
    expect((await server.services.clickout.events.counts()).clickouts).to.equal(before + 1);
    await context.close();
  });
});
