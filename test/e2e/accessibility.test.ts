import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { axeViolations, describeViolations } from '../support/axe';
import { DESKTOP, launchBrowser, MOBILE } from '../support/browser';
import { SEEDING_MS, startTestServer, type TestServer } from '../support/testServer';

describe('accessibility (axe, WCAG 2.2 AA) in Chromium', function () {
  this.timeout(120_000);
  let server: TestServer;
  let browser: Browser;
  let adId: string;

  before(async function () {
    this.timeout(SEEDING_MS);
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
      // Long words (German compounds) are hyphenated in the page's language where the browser can,
      // rather than only broken anywhere.
      const unhyphenated = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('h1, .ad-card__title, .ad-page__description')]
          .filter((el) => getComputedStyle(el).hyphens !== 'auto' || !el.closest('[lang]')?.getAttribute('lang'))
          .map((el) => el.className || el.tagName),
      );
      expect(unhyphenated, url).to.deep.equal([]);
    }
    await context.close();
  });

  it('keeps the skip link out of sight until it has focus, at 100% and 200% text on a 360 px phone', async () => {
    const context = await browser.newContext({ ...MOBILE, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    for (const size of ['100%', '200%']) {
      await page.goto(`http://homes.uk.localhost:${server.port}/search/flat`);
      await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
      await page.evaluate((s) => {
        document.documentElement.style.fontSize = s;
      }, size);
      const link = page.locator('a.skip-link');
      // Above the top of the page: no white box over the header, however tall the text makes it.
      const hidden = (await link.boundingBox()) as NonNullable<Awaited<ReturnType<typeof link.boundingBox>>>;
      expect(hidden.y + hidden.height, `${size}: bottom before focus`).to.be.at.most(0);
      await link.focus();
      const shown = (await link.boundingBox()) as NonNullable<Awaited<ReturnType<typeof link.boundingBox>>>;
      expect(shown.y, `${size}: top with focus`).to.be.at.least(0);
      expect(shown.x + shown.width, `${size}: right with focus`).to.be.at.most(360);
      // On top of the header, not under it.
      const onTop = await link.evaluate(
        (a, [x, y]) => a.contains(document.elementFromPoint(x as number, y as number)),
        [shown.x + shown.width / 2, shown.y + shown.height / 2],
      );
      expect(onTop, `${size}: visible with focus`).to.equal(true);
    }
    await context.close();
  });

  it("lays out the first-visit popup's similar ads readably, one column, above the push banner", async () => {
    for (const [options, width, height] of [
      [MOBILE, 360, 740],
      [DESKTOP, 700, 800],
      [DESKTOP, 1280, 900],
    ] as const) {
      const context = await browser.newContext({ ...options, viewport: { width, height } });
      const page = await context.newPage();
      await page.goto(`http://homes.uk.localhost:${server.port}/search/flat`);
      await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
      const agree = page.getByRole('button', { name: 'Agree', exact: true });
      if (await agree.isVisible()) await agree.click();
      await page.locator('ol[aria-label="Results"] .ad-card__title a').first().click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('.ad-list--popup li').first().waitFor();
      // The push banner comes a few seconds after the results: it must not cover the popup.
      await page.locator('.push-banner').waitFor();
      const cards = await dialog.locator('.ad-list--popup .ad-card').evaluateAll((list) =>
        list.map((card) => {
          const box = card.getBoundingClientRect();
          const title = card.querySelector('.ad-card__title')!.getBoundingClientRect();
          const media = card.querySelector('.ad-card__media')!.getBoundingClientRect();
          return { left: Math.round(box.left), title: title.width, media: media.width };
        }),
      );
      const at = `${width}x${height}`;
      expect(cards.length, at).to.be.at.least(1);
      expect(new Set(cards.map((c) => c.left)).size, `${at}: one column`).to.equal(1);
      for (const card of cards) {
        expect(card.title, `${at}: title width`).to.be.above(120);
        expect(card.media, `${at}: picture width`).to.be.at.most(160);
      }
      // Scrolled to its end, the popup's last card is on screen and nothing lies over it.
      const covered = await dialog.evaluate((node) => {
        node.scrollTop = node.scrollHeight;
        const last = [...node.querySelectorAll('.ad-list--popup .ad-card')].pop()!.getBoundingClientRect();
        const y = last.bottom - 4;
        if (y > innerHeight) return 'below the screen';
        return [last.left + 4, last.left + last.width / 2, last.right - 4]
          .map((x) => document.elementFromPoint(x, y))
          .filter((el) => !node.contains(el))
          .map((el) => el?.className ?? 'nothing');
      });
      expect(covered, `${at}: last similar ad`).to.deep.equal([]);
      await context.close();
    }
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
