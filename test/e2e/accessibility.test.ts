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
