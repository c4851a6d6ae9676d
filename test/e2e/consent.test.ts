import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { launchBrowser, MOBILE } from '../support/browser';
import { startTestServer, type TestServer } from '../support/testServer';

describe('the cookie banner in Chromium', function () {
  this.timeout(60_000);
  let server: TestServer;
  let browser: Browser;
  before(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  const pageViews = async () => (await server.services.clickout.events.eventsOf('page_views')).length;

  it('tracks nothing before the answer, and tracks once the visitor agrees', async () => {
    const context = await browser.newContext(MOBILE);
    const page = await context.newPage();
    const origin = `http://homes.uk.localhost:${server.port}`;
    const before = await pageViews();
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
    const banner = page.getByRole('region', { name: 'Cookies' });
    await banner.waitFor();
    await page.waitForTimeout(500);
    expect(await pageViews()).to.equal(before);
    expect(
      await page.evaluate(() => (window.dataLayer ?? []).some((e) => (e as { status?: string }).status === 'pending')),
    ).to.equal(true);
    await banner.getByRole('button', { name: 'Agree', exact: true }).click();
    await banner.waitFor({ state: 'detached' });
    const cookies = Object.fromEntries((await context.cookies(origin)).map((c) => [c.name, c.value]));
    expect(cookies).to.include({ trawl_gdpr: 'granted', trawl_personalized_ads: '1' });
    for (let i = 0; i < 20 && (await pageViews()) === before; i++) await page.waitForTimeout(100);
    expect(await pageViews()).to.equal(before + 1);
    // The answer holds on the next page.
    await page.goto(`${origin}/search/house`);
    expect(await page.getByRole('region', { name: 'Cookies' }).count()).to.equal(0);
    await context.close();
  });

  it('keeps the footer within reach before the answer: scrolled to the end, the banner covers none of its links', async () => {
    // A window shorter than the page, so that the footer ends the scroll.
    const context = await browser.newContext({ ...MOBILE, viewport: { width: 390, height: 480 } });
    const page = await context.newPage();
    await page.goto(`http://homes.uk.localhost:${server.port}/search/flat`);
    await page.getByRole('region', { name: 'Cookies' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).to.be.greaterThan(480);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const covered = await page.evaluate(() =>
      [...document.querySelectorAll('footer a')]
        .filter((a) => {
          const r = a.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return !(hit && a.contains(hit));
        })
        .map((a) => a.textContent),
    );
    expect(covered).to.deep.equal([]);
    // Still at the bottom of the window while the page scrolls.
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = await page.getByRole('region', { name: 'Cookies' }).boundingBox();
    const viewport = page.viewportSize();
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).to.equal(viewport?.height);
    await context.close();
  });

  it('turns personalised ads off and tracks nothing when the visitor disagrees', async () => {
    const context = await browser.newContext(MOBILE);
    const page = await context.newPage();
    const origin = `http://homes.de.localhost:${server.port}`;
    const before = await pageViews();
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
    await page.getByRole('button', { name: 'Ablehnen' }).click();
    await page.getByRole('button', { name: 'Ablehnen' }).waitFor({ state: 'detached' });
    const cookies = Object.fromEntries((await context.cookies(origin)).map((c) => [c.name, c.value]));
    expect(cookies).to.include({ trawl_gdpr: 'denied', trawl_personalized_ads: '0' });
    await page.waitForTimeout(500);
    expect(await pageViews()).to.equal(before);
    await context.close();
  });
});
