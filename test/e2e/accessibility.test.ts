import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { axeViolations, describeViolations } from '../support/axe';
import { DESKTOP, launchBrowser, MOBILE } from '../support/browser';
import { startTestServer, type TestServer } from '../support/testServer';

describe('accessibility (axe, WCAG 2.2 AA) in Chromium', function () {
  this.timeout(120_000);
  let server: TestServer;
  let browser: Browser;
  let adId: string;

  before(async () => {
    server = await startTestServer({ seed: true });
    browser = await launchBrowser();
    const res = await fetch(`${server.url}/api/sites/uk/homes/search/m?countryCode=uk&what=house`);
    adId = ((await res.json()) as { data: Array<{ id: string }> }).data[0]!.id;
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  const screens: Array<[string, () => string]> = [
    ['the general home', () => `http://uk.localhost:${server.port}/`],
    ['a vertical home', () => `http://homes.uk.localhost:${server.port}/`],
    ['a results page', () => `http://homes.uk.localhost:${server.port}/search/house/in/london`],
    ['the no-results page', () => `http://homes.uk.localhost:${server.port}/search/zzqqxxyy`],
    ['an ad page', () => `http://homes.uk.localhost:${server.port}/ad/${adId}`],
    ['the SEO index', () => `http://cars.uk.localhost:${server.port}/index`],
    ['an SEO index by category', () => `http://jobs.uk.localhost:${server.port}/index/category/2`],
    ['the not-found page', () => `http://homes.uk.localhost:${server.port}/no/such/page`],
    ['a right-to-left site', () => `http://homes.sa.localhost:${server.port}/`],
  ];

  it('reflows text at 200% on a 360 px phone: nothing wider than the screen (WCAG 1.4.4, 1.4.10)', async () => {
    const context = await browser.newContext({ ...MOBILE, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    for (const url of [
      `http://homes.de.localhost:${server.port}/search/wohnung/in/berlin`,
      `http://homes.uk.localhost:${server.port}/search/house/in/london`,
      `http://homes.uk.localhost:${server.port}/ad/${adId}`,
    ]) {
      await page.goto(url);
      await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
      await page.evaluate(() => {
        document.documentElement.style.fontSize = '200%';
      });
      const wider = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('body *')]
          // 360, not innerWidth: a phone widens its layout viewport to content wider than the screen.
          .filter((el) => el.getBoundingClientRect().right > 361 && el.offsetParent !== null)
          .map((el) => `${el.tagName.toLowerCase()}.${el.className}`)
          .slice(0, 5),
      );
      expect(wider, url).to.deep.equal([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), url).to.be.at.most(360);
    }
    await context.close();
  });

  for (const [name, url] of screens) {
    for (const [device, options] of [
      ['mobile', MOBILE],
      ['desktop', DESKTOP],
    ] as const) {
      it(`finds no violation on ${name} (${device})`, async () => {
        const context = await browser.newContext(options);
        const page = await context.newPage();
        await page.goto(url());
        await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
        const violations = await axeViolations(page);
        await context.close();
        expect(violations, describeViolations(violations)).to.deep.equal([]);
      });
    }
  }
});
