import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { collectProblems, DESKTOP, launchBrowser, MOBILE, waitForLoaded } from '../support/browser';
import { SEEDING_MS, startTestServer, type TestServer } from '../support/testServer';

const loaded = (page: Page) => waitForLoaded(page);

/** Prices of the organic results, in page order. */
async function organicPrices(page: Page): Promise<number[]> {
  const texts = await page.locator('ol[aria-label="Results"] .ad-card__price strong').allTextContents();
  return texts.map((t) => Number(t.replace(/[^0-9]/g, '')));
}

/**
 * Holds the filters panel's chunk (decision 061) when the page asks for it, until `release`: the panel
 * stays the server's HTML, without its code, as on a slow network.
 */
async function holdFiltersChunk(
  page: Page,
): Promise<{ askedFor: Promise<void>; asked: () => number; release: () => void }> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  let onAsked: () => void = () => undefined;
  const askedFor = new Promise<void>((resolve) => (onAsked = resolve));
  await page.route(/\/assets\/filters\.[0-9a-f]{10}\.js$/, async (route) => {
    asked++;
    onAsked();
    await held;
    await route.continue();
  });
  return { askedFor, asked: () => asked, release };
}

for (const [device, options] of [
  ['mobile', MOBILE],
  ['desktop', DESKTOP],
] as const) {
  describe(`a visitor's journey on ${device}`, function () {
    this.timeout(120_000);
    let server: TestServer;
    let browser: Browser;

    before(async function () {
      this.timeout(SEEDING_MS);
      server = await startTestServer({ seed: true });
      browser = await launchBrowser();
    });
    after(async () => {
      await browser?.close();
      await server?.close();
    });

    it('searches from home with autocomplete, filters, sorts, pages, opens an ad and comes back', async () => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      const problems = collectProblems(page);
      const origin = `http://homes.uk.localhost:${server.port}`;
      const scripts: string[] = [];
      page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(r.url())));
      // The search and ad calls the browser makes itself: the client they name is the device's (service-calls spec §7).
      const serviceCalls: URL[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (/^\/api\/sites\/uk\/homes\/(search|ad)\//.test(url.pathname)) serviceCalls.push(url);
      });
      const callReports: { name: string; outcome: string }[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/metrics/query')
          callReports.push(...(JSON.parse(r.postData() ?? '[]') as { name: string; outcome: string }[]));
      });
      await page.goto(`${origin}/`);
      await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
      await page.getByRole('button', { name: 'Agree', exact: true }).click();
      // The home page fetches the results and index pages' code while idle (spec §2).
      for (
        let i = 0;
        i < 50 && !['page-serp', 'load-search', 'page-seo'].every((c) => scripts.some((u) => u.includes(c)));
        i++
      )
        await page.waitForTimeout(100);
      for (const chunk of ['page-serp', 'load-search', 'page-seo', 'load-seo'])
        expect(
          scripts.some((u) => u.includes(`/${chunk}.`)),
          chunk,
        ).to.equal(true);

      // Autocomplete of where, by keyboard.
      await page.getByPlaceholder('Search').fill('house');
      const where = page.getByPlaceholder('Where');
      await where.pressSequentially('lond', { delay: 30 });
      const option = page.getByRole('option', { name: /London/ }).first();
      await option.waitFor();
      await where.press('ArrowDown');
      await where.press('Enter');
      expect(await where.inputValue()).to.equal('London');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL(`${origin}/search/house/in/london`);
      await page.locator('ol[aria-label="Results"] .ad-card').first().waitFor();
      // The results page's form shows the place as it is written, not as the URL lower-cases it.
      expect(await page.getByPlaceholder('Where').inputValue()).to.equal('London');

      // Filters: opening covers the page on a phone (scrolling locked) and opens in the page on a
      // desktop (which still scrolls to its lower fields); applying closes and filters.
      await page.locator('summary', { hasText: 'Filters' }).click();
      await page.getByRole('group', { name: 'Filters' }).waitFor();
      if (device === 'mobile') {
        await page.waitForFunction(() => document.body.style.overflow === 'hidden');
      } else {
        expect(await page.evaluate(() => document.body.style.overflow)).to.equal('');
        await page.mouse.move(640, 450);
        await page.mouse.wheel(0, 1500);
        await page.waitForFunction(() => window.scrollY > 0);
      }
      await page.locator('input[name="price_max"]').fill('500000');
      await page.getByRole('button', { name: 'Show results' }).click();
      await page.waitForURL(/price_max=500000/);
      await loaded(page);
      await page.locator('summary', { hasText: 'Filters (1)' }).waitFor();
      expect(await page.evaluate(() => document.body.style.overflow)).to.equal('');
      for (const price of await organicPrices(page)) expect(price).to.be.at.most(500_000);

      // Sort by price, lowest first.
      await page.getByLabel('Sort by').selectOption('price');
      await page.waitForURL(/sort=price/);
      await loaded(page);
      const prices = await organicPrices(page);
      expect(prices.length).to.be.greaterThan(1);
      expect(prices).to.deep.equal([...prices].sort((a, b) => a - b));

      // Page through a broader search.
      await page.goto(`${origin}/search/house`);
      await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
      const firstPageTitle = await page.locator('ol[aria-label="Results"] .ad-card__title').first().textContent();
      await page.getByRole('link', { name: 'Next' }).click();
      await page.waitForURL(/page=2/);
      await loaded(page);
      expect(await page.locator('ol[aria-label="Results"] .ad-card__title').first().textContent()).not.to.equal(
        firstPageTitle,
      );

      // Open an ad and come back.
      // An ad whose source takes contact through our form opens our ad page (others click out).
      // The last such ad on the page: Back must return to it, not to the top of the results.
      const toAdPage = page.locator('ol[aria-label="Results"] .ad-card__title a[href*="/ad/"]').last();
      await toAdPage.scrollIntoViewIfNeeded();
      const scrolled = await page.evaluate(() => window.scrollY);
      expect(scrolled).to.be.greaterThan(500);
      const title = await toAdPage.textContent();
      await toAdPage.click();
      // A first visit to an ad opens the intermediate popup with related ads (spec §4).
      await page
        .getByRole('dialog', { name: title ?? '' })
        .getByRole('button', { name: 'See the ad', exact: true })
        .click();
      await page.waitForURL(/\/ad\//);
      await page.locator('h1', { hasText: title ?? '' }).waitFor();
      // The document's title follows the page's render (`documentHead`), a moment later on a slow machine.
      await page
        .waitForFunction((t) => document.title === t, `${title} | Trawl`, { timeout: 5_000 })
        .catch(() => undefined);
      expect(await page.title()).to.equal(`${title} | Trawl`);
      const adCalls = serviceCalls.filter((url) => url.pathname.includes('/ad/')).map((url) => url.pathname);
      expect(adCalls.some((p) => !p.endsWith('/related')) && adCalls.some((p) => p.endsWith('/related'))).to.equal(
        true,
      );
      for (const url of serviceCalls)
        expect([url.searchParams.get('device'), url.searchParams.get('clientId')], url.href).to.deep.equal([
          device,
          device === 'desktop' ? 'pwa-desktop' : 'pwa-mobile',
        ]);
      await page.goBack();
      await page.waitForURL(/page=2/);
      await loaded(page);
      expect(await page.locator('.paginator [aria-current="page"]').textContent()).to.equal('2');
      expect(await page.evaluate(() => window.scrollY)).to.be.closeTo(scrolled, 2);
      // Forward to the ad starts at its top; Back again returns to the same place.
      await page.goForward();
      await page.locator('h1', { hasText: title ?? '' }).waitFor();
      expect(await page.evaluate(() => window.scrollY)).to.equal(0);
      await page.goBack();
      await page.waitForURL(/page=2/);
      await loaded(page);
      expect(await page.evaluate(() => window.scrollY)).to.be.closeTo(scrolled, 2);
      // The browser's own service calls reach the metrics service, batched, at the latest as the page is left.
      await Promise.all([
        page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/metrics/query')),
        page.evaluate(() => window.dispatchEvent(new Event('pagehide'))),
      ]);
      const searches = callReports.filter((c) => c.name === 'search');
      expect(searches.length, JSON.stringify(callReports)).to.be.greaterThan(0);
      expect(searches.every((c) => c.outcome === 'ok')).to.equal(true);
      expect(problems).to.deep.equal([]);
      await context.close();
    });

    it("shows an ad without a photo with its vertical's icon on the grey block, in a photo's box", async () => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      const problems = collectProblems(page);
      // About one demo ad in ten has no photo: the first results page with one.
      const placeholder = page.locator('ol[aria-label="Results"] .ad-card__no-image').first();
      for (let n = 1; n <= 5; n++) {
        await page.goto(`http://homes.uk.localhost:${server.port}/search/house?page=${n}`);
        await page.locator('ol[aria-label="Results"] .ad-card').first().waitFor();
        if ((await placeholder.count()) > 0) break;
      }
      expect(await placeholder.count(), 'a card without a photo').to.equal(1);
      expect(await placeholder.getAttribute('aria-hidden')).to.equal('true');
      const look = await placeholder.evaluate((el) => {
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        const media = el.closest('.ad-card__media')!.getBoundingClientRect();
        const photo = document.querySelector('ol[aria-label="Results"] .ad-card__media img')!.getBoundingClientRect();
        return {
          image: style.backgroundImage,
          position: style.backgroundPosition,
          color: style.backgroundColor,
          mediaColor: getComputedStyle(el.closest('.ad-card__media')!).backgroundColor,
          box: [box.width, box.height],
          media: [media.width, media.height],
          photo: [photo.width, photo.height],
        };
      });
      // An inline SVG (no request), the house of a homes site, centred on the grey block.
      expect(look.image).to.match(/^url\("data:image\/svg\+xml,/);
      expect(look.image).to.include("d='M12 3 2 11.5");
      expect(look.position).to.equal('50% 50%');
      expect(look.mediaColor).to.equal('rgb(229, 231, 235)');
      // The same box as a card's photo: nothing moves when pictures are missing.
      expect(look.box).to.deep.equal(look.media);
      expect(look.media).to.deep.equal(look.photo);
      expect(problems).to.deep.equal([]);
      await context.close();
    });

    it("lands on a place's results when the place is typed after the what", async () => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      const problems = collectProblems(page);
      const origin = `http://homes.uk.localhost:${server.port}`;
      await page.goto(`${origin}/`);
      await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
      await page.getByPlaceholder('Search').fill('flat london');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL(`${origin}/search/flat/in/london`);
      await page.locator('ol[aria-label="Results"] .ad-card').first().waitFor();
      expect(await page.locator('h1').textContent()).to.equal('Flat in London');
      expect(await page.getByPlaceholder('Search').inputValue()).to.equal('flat');
      expect(await page.getByPlaceholder('Where').inputValue()).to.equal('London');
      expect(problems).to.deep.equal([]);
      await context.close();
    });

    it('says the results are loading while they are on their way, never a count that is not theirs', async () => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      const problems = collectProblems(page);
      const origin = `http://homes.uk.localhost:${server.port}`;
      // A slow network: each search call of the browser arrives 600 ms late.
      await page.route('**/api/sites/*/*/search/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 600));
        await route.continue();
      });
      await page.goto(`${origin}/`);
      await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
      // Every count the results page shows from now on (the home page has none).
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { countsSeen: string[] }).countsSeen = seen;
        new MutationObserver(() => {
          const count = document.querySelector('.serp__count')?.textContent;
          if (count && seen[seen.length - 1] !== count) seen.push(count);
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      const countsSeen = () =>
        page.evaluate(() => (window as unknown as { countsSeen: string[] }).countsSeen.splice(0));
      const resultsShown = async () => {
        await page.locator('ol[aria-label="Results"] .ad-card').first().waitFor();
        await page.waitForFunction(() => document.querySelector('main')?.getAttribute('aria-busy') !== 'true');
      };
      await page.getByPlaceholder('Search').fill('house');
      await page.getByRole('button', { name: 'Search' }).click();
      await resultsShown();
      const first = await countsSeen();
      expect(first).to.have.length(2);
      expect(first[0]).to.equal('Loading…');
      expect(first[1]).to.match(/^[1-9][\d,]* ads?$/);
      // Back home, then Forward: the results page loads again, and says so until its count is there.
      await page.goBack();
      await page.locator('.serp__count').waitFor({ state: 'detached' });
      await page.waitForFunction(() => document.querySelector('main')?.getAttribute('aria-busy') !== 'true');
      await countsSeen();
      await page.goForward();
      await resultsShown();
      expect(await countsSeen()).to.deep.equal(['Loading…', first[1]]);
      expect(problems).to.deep.equal([]);
      await context.close();
    });

    it("contacts an ad's advertiser: an address that is not one is said by the form, before anything is sent", async () => {
      type Found = { data: { id: string; attributes: { source: { ad: { hasAdpageForm: boolean } } } }[] };
      const found = (await (
        await fetch(`${server.url}/api/sites/uk/homes/search?countryCode=uk&page[size]=100`)
      ).json()) as Found;
      const withForm = found.data.find((ad) => ad.attributes.source.ad.hasAdpageForm);
      expect(withForm, 'a demo ad whose source takes messages').not.to.equal(undefined);
      const context = await browser.newContext(options);
      const page = await context.newPage();
      const problems = collectProblems(page);
      const leads: string[] = [];
      page.on('request', (r) => r.url().includes('/api/sources/lead/') && leads.push(r.url()));
      await page.goto(`http://homes.uk.localhost:${server.port}/ad/${withForm?.id}`);
      await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
      const form = page.getByRole('form', { name: 'Contact the advertiser' });
      await form.getByLabel('Name').fill('Ana');
      await form.getByLabel('E-mail').fill('ana-at-example');
      await form.getByLabel('Message').fill('Is it still available?');
      await form.getByRole('button', { name: 'Send' }).click();
      await form.getByText('Please enter a valid e-mail address.').waitFor();
      expect(leads).to.deep.equal([]);
      await form.getByLabel('E-mail').fill('ana@example.org');
      await form.getByRole('button', { name: 'Send' }).click();
      await page.getByText('Your message was sent to the advertiser.').waitFor();
      expect(leads).to.have.length(1);
      expect(problems).to.deep.equal([]);
      await context.close();
    });

    it('closes the filters panel without applying it, by its own control or Escape, and fits the screen', async () => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      const problems = collectProblems(page);
      const url = `http://homes.uk.localhost:${server.port}/search/flat/in/london`;
      await page.goto(url);
      await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
      await page.getByRole('button', { name: 'Agree', exact: true }).click();
      const panel = page.getByRole('group', { name: 'Filters' });
      const open = page.locator('summary', { hasText: 'Filters' });
      const close = page.locator('summary', { hasText: 'Close filters' });

      await open.click();
      await panel.waitFor();
      if (device === 'mobile') {
        // Covering the page, the panel keeps Tab to itself and its close control, and hides the page from readers.
        // (Once its effect has run: on a busy machine the panel shows a moment before.)
        await page.waitForFunction(
          () => document.querySelector('ol[aria-label="Results"]')?.closest('[inert]') != null,
        );
        const stops = await page.evaluate(
          () => document.querySelectorAll('#filters summary, #filters input, #filters select, #filters button').length,
        );
        for (let i = 0; i < stops + 3; i++) {
          await page.keyboard.press('Tab');
          expect(
            await page.evaluate(() => document.activeElement?.closest('#filters') != null),
            `Tab ${i + 1}`,
          ).to.equal(true);
        }
        expect(
          await page.evaluate(() => document.querySelector('ol[aria-label="Results"]')?.closest('[inert]') != null),
        ).to.equal(true);
      }
      // No field runs past the panel's edge.
      const overflow = await panel.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow).to.be.at.most(0);
      await page.locator('input[name="price_max"]').fill('1000');
      await close.click();
      await panel.waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => document.querySelectorAll('[inert]').length)).to.equal(0);
      expect(page.url()).to.equal(url);
      expect(await page.evaluate(() => document.body.style.overflow)).to.equal('');

      await open.click();
      await panel.waitFor();
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });
      expect(page.url()).to.equal(url);
      expect(await page.evaluate(() => document.body.style.overflow)).to.equal('');
      // Opening is an interaction event in the data layer (spec §4).
      const events = await page.evaluate(() =>
        ((window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? []).map((e) => e.event),
      );
      expect(events.filter((e) => e === 'filtersOpened')).to.have.length(2);
      expect(problems).to.deep.equal([]);
      await context.close();
    });

    it('hydrates the filters panel when its code arrives; until then it opens and applies as plain HTML', async () => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      const problems = collectProblems(page);
      // The panel's chunk is not among the page's scripts: it is asked for once the page hydrates. Held here.
      const chunk = await holdFiltersChunk(page);
      const url = `http://homes.uk.localhost:${server.port}/search/flat/in/london`;
      // Not until "load": on a busy machine the held chunk is asked for before the page's load event,
      // which then waits for it.
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
      await page.getByRole('button', { name: 'Agree', exact: true }).click();
      // Asked for once hydrated, in a later task than hydration's (on a busy machine, after the click).
      await chunk.askedFor;
      expect(chunk.asked()).to.equal(1);
      // Hydrated once React has attached its fiber to the panel's element.
      const hydrated = () => {
        const details = document.getElementById('filters');
        return !!details && Object.keys(details).some((key) => key.startsWith('__reactFiber$'));
      };
      expect(await page.evaluate(hydrated)).to.equal(false);
      const panel = page.getByRole('group', { name: 'Filters' });
      await page.locator('summary', { hasText: 'Filters' }).click();
      await panel.waitFor();
      await page.locator('input[name="price_max"]').fill('300000');
      await page.getByRole('button', { name: 'Show results' }).click();
      // A page load (the GET form), not a navigation in the app.
      await page.waitForURL(/price_max=300000/);
      await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
      const prices = await organicPrices(page);
      expect(prices.length).to.be.greaterThan(0);
      expect(Math.max(...prices)).to.be.at.most(300000);
      chunk.release();
      // Hydrated: Escape, the app's, closes it, and the opening is counted.
      await page.waitForFunction(hydrated);
      await page.locator('summary', { hasText: 'Filters' }).click();
      await panel.waitFor();
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });
      const events = await page.evaluate(() =>
        ((window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? []).map((e) => e.event),
      );
      expect(events.filter((e) => e === 'filtersOpened')).to.have.length(1);
      expect(problems).to.deep.equal([]);
      await context.close();
    });

    it('takes over a filters panel opened before its code arrived, covering the page as one opened after', async () => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      const problems = collectProblems(page);
      const chunk = await holdFiltersChunk(page);
      await page.goto(`http://homes.uk.localhost:${server.port}/search/flat/in/london`, {
        waitUntil: 'domcontentloaded',
      });
      await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
      await page.getByRole('button', { name: 'Agree', exact: true }).click();
      await chunk.askedFor;
      // Opened as plain HTML (a visitor's tap before the panel's code is in), then its code arrives.
      const panel = page.getByRole('group', { name: 'Filters' });
      await page.locator('summary', { hasText: 'Filters' }).click();
      await panel.waitFor();
      chunk.release();
      await page.waitForFunction(() =>
        Object.keys(document.getElementById('filters') ?? {}).some((key) => key.startsWith('__reactFiber$')),
      );
      // The app knows it is open: on a phone the page behind is inert and does not scroll, as when opened now.
      if (device === 'mobile') {
        await page.waitForFunction(
          () =>
            document.querySelector('ol[aria-label="Results"]')?.closest('[inert]') != null &&
            document.body.style.overflow === 'hidden',
          undefined,
          { timeout: 10_000 },
        );
      }
      const opened = await page.evaluate(
        () =>
          ((window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? []).filter(
            (e) => e.event === 'filtersOpened',
          ).length,
      );
      expect(opened, 'the opening counted').to.equal(1);
      // Its own control closes it, and the page is the page again.
      await page.locator('summary', { hasText: 'Close filters' }).click();
      await panel.waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => document.querySelector('[inert]') === null)).to.equal(true);
      expect(problems).to.deep.equal([]);
      await context.close();
    });
  });
}
