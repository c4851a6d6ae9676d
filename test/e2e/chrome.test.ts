import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations, describeViolations } from '../support/axe';
import { collectProblems, DESKTOP, launchBrowser, MOBILE, waitForLoaded } from '../support/browser';
import { startTestServer, type TestServer } from '../support/testServer';
import { BANNER_DELAY_MS } from '../../src/sagas/alertsSaga';

const COOKIE_BANNER = 'Cookies';

const GPT_STAND_IN = fs.readFileSync(path.resolve('test/fixtures/adtag/gpt.js'), 'utf8');

interface AdCall {
  type: string;
  id?: string;
  ids?: string[];
  nonPersonalizedAds?: boolean;
}

const adCalls = (page: Page): Promise<AdCall[]> =>
  page.evaluate(() => (window as unknown as { __adCalls?: AdCall[] }).__adCalls ?? []);

/** Waits until the recorded calls satisfy `test`, and returns them. */
async function waitForCalls(page: Page, test: (calls: AdCall[]) => boolean, what: string): Promise<AdCall[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const calls = await adCalls(page);
    if (test(calls)) return calls;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(calls)}`);
    await page.waitForTimeout(50);
  }
}

const has = (calls: AdCall[], type: string, id: string) =>
  calls.some((c) => c.type === type && (c.id === id || c.ids?.includes(id)));

const hydrated = (page: Page) => page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
const loaded = (page: Page) => waitForLoaded(page);

describe('the page chrome in Chromium', function () {
  this.timeout(120_000);
  let server: TestServer;
  let browser: Browser;
  let tag: http.Server;
  let tagFails = false;
  const tagHits: string[] = [];
  let origin = '';

  before(async () => {
    tag = http.createServer((req, res) => {
      tagHits.push(req.url ?? '');
      if (tagFails) res.writeHead(500, { 'Content-Type': 'text/plain' }).end('down');
      else res.writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'no-store' }).end(GPT_STAND_IN);
    });
    await new Promise<void>((resolve) => tag.listen(0, '127.0.0.1', resolve));
    const tagPort = (tag.address() as AddressInfo).port;
    server = await startTestServer({ adNetworkId: '1234', adTagUrl: `http://127.0.0.1:${tagPort}/tag/gpt.js` });
    const now = Math.floor(Date.now() / 1000);
    await server.services.search.store.writeAds(
      ['one', 'two', 'three'].map((n, i) => ({
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
        price: { value: 1000 + i * 100 },
        typeId: 2,
        homes: { propertyType: 'flat' },
      })),
    );
    origin = `http://homes.uk.localhost:${server.port}`;
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    tag?.close();
  });

  /** A context whose visitor already answered the cookie banner (granted unless told). */
  async function answeredContext(options: object, answer: 'granted' | 'denied' = 'granted'): Promise<BrowserContext> {
    const context = await browser.newContext(options);
    await context.addCookies([{ name: 'trawl_gdpr', value: answer, domain: 'homes.uk.localhost', path: '/' }]);
    return context;
  }

  describe('ad slots', () => {
    it('defines and displays the slots after the first load, refreshes them on client navigation and destroys them on leaving', async () => {
      tagFails = false;
      const context = await answeredContext(DESKTOP);
      const page = await context.newPage();
      const problems = collectProblems(page);
      await page.goto(`${origin}/search/zebra`);
      await hydrated(page);
      let calls = await waitForCalls(
        page,
        (c) => has(c, 'display', 'ad-slot-serp-top') && has(c, 'display', 'ad-slot-serp-bottom'),
        'the results slots displayed',
      );
      expect(calls.filter((c) => c.type === 'define').map((c) => c.id)).to.have.members([
        'ad-slot-serp-top',
        'ad-slot-serp-bottom',
      ]);
      expect(
        calls.some((c) => c.type === 'singleRequest'),
        'single-request mode',
      ).to.equal(true);
      expect(calls.find((c) => c.type === 'privacy')?.nonPersonalizedAds, 'consent granted').to.equal(false);
      expect(calls.some((c) => c.type === 'refresh')).to.equal(false);
      expect(await page.locator('#ad-slot-serp-top').getAttribute('data-ad-filled')).to.equal('1');

      // A client navigation on the same page: the slots stay and are refreshed, not defined again.
      await page.getByLabel('Sort by').selectOption('price');
      await page.waitForURL(/sort=price/);
      await loaded(page);
      calls = await waitForCalls(page, (c) => c.some((x) => x.type === 'refresh'), 'a refresh');
      const refresh = calls.find((c) => c.type === 'refresh');
      expect(refresh?.ids).to.have.members(['ad-slot-serp-top', 'ad-slot-serp-bottom']);
      expect(calls.filter((c) => c.type === 'define')).to.have.length(2);

      // Leaving the results: their slots are destroyed, the home's defined and displayed.
      await page.getByRole('link', { name: 'Trawl home' }).click();
      await page.waitForURL(`${origin}/`);
      calls = await waitForCalls(page, (c) => has(c, 'display', 'ad-slot-home-bottom'), 'the home slot displayed');
      const destroy = calls.filter((c) => c.type === 'destroy').flatMap((c) => c.ids ?? []);
      expect(destroy).to.have.members(['ad-slot-serp-top', 'ad-slot-serp-bottom']);
      expect(calls.filter((c) => c.type === 'refresh')).to.have.length(1);
      expect(problems).to.deep.equal([]);
      await context.close();
    });

    it('asks for non-personalised ads until the visitor answers, and after they disagree', async () => {
      tagFails = false;
      const context = await browser.newContext(DESKTOP);
      const page = await context.newPage();
      await page.goto(`${origin}/search/zebra`);
      await hydrated(page);
      let calls = await waitForCalls(page, (c) => has(c, 'display', 'ad-slot-serp-top'), 'the slots displayed');
      expect(calls.find((c) => c.type === 'privacy')?.nonPersonalizedAds, 'before the answer').to.equal(true);
      await page.getByRole('button', { name: 'Disagree', exact: true }).click();
      await page.waitForTimeout(300);
      calls = await adCalls(page);
      expect(calls.filter((c) => c.type === 'privacy').every((c) => c.nonPersonalizedAds === true)).to.equal(true);
      expect(await page.evaluate(() => document.cookie)).to.include('trawl_gdpr=denied');

      // Reloaded, the denied answer keeps ads non-personalised.
      await page.reload();
      await hydrated(page);
      calls = await waitForCalls(page, (c) => c.some((x) => x.type === 'privacy'), 'the privacy setting');
      expect(calls.find((c) => c.type === 'privacy')?.nonPersonalizedAds).to.equal(true);
      await context.close();
    });

    it('switches to personalised ads and refreshes the slots when the visitor agrees', async () => {
      tagFails = false;
      const context = await browser.newContext(DESKTOP);
      const page = await context.newPage();
      await page.goto(`${origin}/search/zebra`);
      await hydrated(page);
      await waitForCalls(page, (c) => has(c, 'display', 'ad-slot-serp-bottom'), 'the slots displayed');
      await page.getByRole('button', { name: 'Agree', exact: true }).click();
      const calls = await waitForCalls(page, (c) => c.some((x) => x.type === 'refresh'), 'a refresh after the answer');
      const privacy = calls.filter((c) => c.type === 'privacy').map((c) => c.nonPersonalizedAds);
      expect(privacy).to.deep.equal([true, false]);
      expect(calls.find((c) => c.type === 'refresh')?.ids).to.have.members(['ad-slot-serp-top', 'ad-slot-serp-bottom']);
      await context.close();
    });

    it('keeps the page working when the tag fails to load', async () => {
      tagFails = true;
      const hitsBefore = tagHits.length;
      const context = await answeredContext(DESKTOP);
      const page = await context.newPage();
      const problems = collectProblems(page);
      await page.goto(`${origin}/search/zebra`);
      await hydrated(page);
      expect(tagHits.length).to.be.greaterThan(hitsBefore);
      const failed = await page.evaluate(
        () =>
          (window as unknown as { __TRAWL_AD_TAG__?: Promise<void> }).__TRAWL_AD_TAG__?.then(
            () => 'loaded',
            (e: Error) => e.message,
          ) ?? 'none',
      );
      expect(failed).to.equal('The ad tag failed to load');
      expect(await adCalls(page)).to.deep.equal([]);
      // Still a working page: a client navigation loads the next results.
      await page.getByLabel('Sort by').selectOption('price');
      await page.waitForURL(/sort=price/);
      await loaded(page);
      const cards = await page.locator('ol[aria-label="Results"] .ad-card').count();
      expect(cards, await page.locator('main').innerText()).to.equal(3);
      expect(problems.filter((p) => !/Failed to load resource/.test(p))).to.deep.equal([]);
      tagFails = false;
      await context.close();
    });
  });

  describe('the feedback dialog', () => {
    it('sends the answer with the keyboard only, thanks the visitor, and passes axe while open', async () => {
      tagFails = false;
      const context = await answeredContext(MOBILE);
      const page = await context.newPage();
      const problems = collectProblems(page);
      await page.goto(`${origin}/`);
      // A second page view: the installation id cookie is now known to work (the user id exists).
      await page.goto(`${origin}/`);
      await hydrated(page);
      const before = server.services.feedback.store.count();
      await page.getByRole('button', { name: 'Give feedback' }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'How useful is Trawl for you?' });
      await dialog.waitFor();
      const violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).to.deep.equal([]);

      // Focus is on the first rating; Space picks it, arrows move along the scale.
      await page.keyboard.press('Space');
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
      expect(await dialog.getByRole('radio', { name: '4 out of 5' }).isChecked()).to.equal(true);
      await page.keyboard.press('Tab');
      await page.keyboard.type('Found my flat in a week');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await dialog.getByRole('status').filter({ hasText: 'Thank you for your feedback!' }).waitFor();

      const deadline = Date.now() + 5000;
      while (server.services.feedback.store.count() === before && Date.now() < deadline) await page.waitForTimeout(50);
      const [stored] = server.services.feedback.store.list(1);
      expect(stored).to.include({ campaignId: 'trawl-usefulness-1', countryCode: 'uk', verticalId: 1, browserId: 2 });
      expect(stored?.answers).to.deep.equal([{ questionId: 1, rating: 4, answer: 'Found my flat in a week' }]);
      const cookies = await context.cookies();
      expect(stored?.userId).to.equal(cookies.find((c) => c.name === 'trawl_iid')?.value);

      // Escape closes, focus goes back to the control.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.textContent)).to.equal('Give feedback');
      expect(problems).to.deep.equal([]);
      await context.close();
    });
  });

  describe('the download-app banner', () => {
    it('shows on a phone, dismisses, and stays dismissed', async () => {
      const context = await answeredContext(MOBILE);
      const page = await context.newPage();
      await page.goto(`${origin}/`);
      await hydrated(page);
      const banner = page.getByRole('region', { name: 'Trawl app' });
      expect(await banner.isVisible()).to.equal(true);
      // Its text whole, not cut by the store links beside it.
      const cut = await banner
        .locator('p')
        .evaluate((el) => [el.scrollWidth - el.clientWidth, el.scrollHeight - el.clientHeight]);
      expect(cut).to.deep.equal([0, 0]);
      await banner.getByRole('button', { name: 'Close the app banner' }).click();
      await banner.waitFor({ state: 'detached' });
      expect((await context.cookies()).find((c) => c.name === 'trawl_app_banner')?.value).to.equal('1');
      await page.reload();
      await hydrated(page);
      expect(await page.getByRole('region', { name: 'Trawl app' }).count()).to.equal(0);
      await context.close();
    });

    it('shares the bottom of a phone screen one banner at a time: the cookie question, the push banner, then the app', async () => {
      const context = await browser.newContext(MOBILE);
      const page = await context.newPage();
      const problems = collectProblems(page);
      await page.goto(`${origin}/search/zebra`);
      await hydrated(page);
      const cookie = page.getByRole('region', { name: COOKIE_BANNER });
      const push = page.getByRole('region', { name: 'Notifications' });
      const app = page.getByRole('region', { name: 'Trawl app' });
      expect(await cookie.isVisible()).to.equal(true);
      expect(await app.count()).to.equal(0);
      // The push banner's time comes while consent is still asked: it waits for the answer.
      await page.waitForTimeout(BANNER_DELAY_MS + 500);
      expect(await push.count()).to.equal(0);
      await cookie.getByRole('button', { name: 'Agree', exact: true }).click();
      await push.waitFor();
      expect(await app.count()).to.equal(0);
      await push.getByRole('button', { name: 'Not now' }).click();
      await app.waitFor();
      expect(await push.count()).to.equal(0);
      expect(problems).to.deep.equal([]);
      await context.close();
    });

    it('is absent on an alert landing, and on a desktop', async () => {
      const phone = await answeredContext(MOBILE);
      const page = await phone.newPage();
      await page.goto(`${origin}/search/zebra?alertLanding=1`);
      await hydrated(page);
      expect(await page.getByRole('region', { name: 'Trawl app' }).count()).to.equal(0);
      await phone.close();
      const desktop = await answeredContext(DESKTOP);
      const other = await desktop.newPage();
      await other.goto(`${origin}/`);
      await hydrated(other);
      expect(await other.getByRole('region', { name: 'Trawl app' }).count()).to.equal(0);
      await desktop.close();
    });
  });
});
