import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { collectProblems, launchBrowser, MOBILE, waitForLoaded } from '../support/browser';
import { SEEDING_MS, startTestServer, type TestServer } from '../support/testServer';

/** The reviewer's phone: 360 × 740. */
const PHONE = { ...MOBILE, viewport: { width: 360, height: 740 } };

/**
 * What lies over the results page and its forms on a phone: the partner-sites loader, the
 * first-visit popup, the place suggestions, the filters panel (with the no-results page's
 * link to it). One seeded server and one browser for the file.
 */
describe('overlays of the search pages on a phone, in Chromium', function () {
  this.timeout(120_000);
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  before(async function () {
    this.timeout(SEEDING_MS);
    server = await startTestServer({ seed: true });
    browser = await launchBrowser();
  });
  after(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.close();
  });

  async function phone(): Promise<{ page: Page; problems: string[] }> {
    const context = await browser.newContext(PHONE);
    contexts.push(context);
    const page = await context.newPage();
    return { page, problems: collectProblems(page) };
  }

  async function open(page: Page, url: string): Promise<void> {
    await page.goto(url);
    await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
  }

  it('hides the partner-sites loader soon after the results came, and never takes a tap meant for the form', async () => {
    const { page, problems } = await phone();
    // Local storage is slow to come (its code arrives late, as on a slow phone): the loader must not wait for it.
    await page.route(/\/localforage\.[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.continue();
    });
    const origin = `http://homes.es.localhost:${server.port}`;
    await open(page, `${origin}/`);
    await page.locator('input[name="what"]').fill('piso');
    await page.locator('input[name="where"]').fill('Sevilla');
    await page.locator('input[name="where"]').press('Enter');
    const loader = page.locator('.sources-loader');
    // Shown, it lies over none of the form and lets a tap through to what is under it. Measured in the
    // frame it is first seen in: with fast results it is gone 700 ms later, before a second call.
    const seen = await page.waitForFunction(
      () => {
        const shown = document.querySelector('.sources-loader');
        const form = document.querySelector('form[role="search"]');
        if (!shown || !form) return null;
        const box = shown.getBoundingClientRect();
        const area = form.getBoundingClientRect();
        const overlaps =
          box.left < area.right && area.left < box.right && box.top < area.bottom && area.top < box.bottom;
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return { text: shown.textContent ?? '', overlaps, takesTaps: hit?.closest('.sources-loader') != null };
      },
      undefined,
      { polling: 'raf' },
    );
    const through = (await seen.jsonValue()) as { text: string; overlaps: boolean; takesTaps: boolean };
    expect(through.text).to.match(/Buscando en \d+ webs/);
    expect({ overlaps: through.overlaps, takesTaps: through.takesTaps }).to.deep.equal({
      overlaps: false,
      takesTaps: false,
    });
    await page.waitForURL(`${origin}/search/piso/in/sevilla`);
    await waitForLoaded(page);
    const loadedAt = Date.now();
    // Page load + 700 ms; 6 s is only the cap for a search that does not answer.
    await loader.waitFor({ state: 'detached', timeout: 3_000 });
    expect(Date.now() - loadedAt).to.be.below(3_000);
    expect(problems).to.deep.equal([]);
  });

  it('closes the first-visit popup with Back, staying on the results page, and leaves no dead history entry', async () => {
    const { page, problems } = await phone();
    const origin = `http://homes.es.localhost:${server.port}`;
    await open(page, `${origin}/search/piso/in/madrid`);
    await page.getByLabel('Ordenar por').selectOption('price');
    await page.waitForURL(/sort=price/);
    await waitForLoaded(page);
    await page.getByRole('link', { name: 'Siguiente' }).click();
    await page.waitForURL(/page=2/);
    await waitForLoaded(page);
    const pageTwo = page.url();
    const titles = page.locator('ol[aria-label="Resultados"] .ad-card__title a');
    expect(await titles.count()).to.be.greaterThan(1);

    const first = titles.last();
    await first.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).to.be.greaterThan(300);
    const dialog = page.getByRole('dialog', { name: (await first.textContent()) ?? '' });
    await first.click();
    await dialog.waitFor();
    expect(await page.evaluate(() => document.body.classList.contains('alert-modal-open'))).to.equal(true);
    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    // Back closed the popup, as a phone's Back closes a dialog: the results page stays, and scrolls again.
    expect(page.url()).to.equal(pageTwo);
    expect(await page.evaluate(() => document.body.classList.contains('alert-modal-open'))).to.equal(false);
    await waitForLoaded(page);
    expect(await page.evaluate(() => window.scrollY)).to.be.closeTo(scrolled, 2);

    // Closed by its own button, it takes its history entry with it: the next Back leaves page 2.
    const second = titles.first();
    const other = page.getByRole('dialog', { name: (await second.textContent()) ?? '' });
    await second.click();
    await other.waitFor();
    await other.locator('.modal__actions').getByRole('button', { name: 'Cerrar', exact: true }).click();
    await other.waitFor({ state: 'detached' });
    expect(page.url()).to.equal(pageTwo);
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('page') && url.searchParams.get('sort') === 'price');
    await waitForLoaded(page);
    expect(await page.getByRole('dialog').count()).to.equal(0);
    expect(await page.evaluate(() => document.body.classList.contains('alert-modal-open'))).to.equal(false);
    expect(problems).to.deep.equal([]);
  });

  it('opens the filters from the no-results page after a search made in the page', async () => {
    const { page, problems } = await phone();
    const origin = `http://homes.es.localhost:${server.port}`;
    await open(page, `${origin}/search/piso/in/madrid`);
    await page.locator('input[name="what"]').fill('zzqxv wibble');
    await page.locator('input[name="where"]').fill('');
    await page.locator('input[name="what"]').press('Enter');
    await page.waitForURL(/zzqxv/);
    await waitForLoaded(page);
    const link = page.getByRole('link', { name: 'Cambiar los filtros', exact: true });
    await link.click();
    await page.getByRole('group', { name: 'Filtros' }).waitFor();
    expect(await page.locator('details#filters').evaluate((d) => (d as HTMLDetailsElement).open)).to.equal(true);
    // It stays open: nothing reloads the page under it.
    await page.waitForTimeout(300);
    expect(await page.getByRole('group', { name: 'Filtros' }).isVisible()).to.equal(true);
    // A page without results is a 404: its load says so in the console.
    expect(problems.filter((p) => !p.includes('status of 404'))).to.deep.equal([]);
  });

  it('searches when Search is tapped after the place suggestions opened over it', async () => {
    const { page, problems } = await phone();
    const origin = `http://homes.uk.localhost:${server.port}`;
    await open(page, `${origin}/`);
    const button = page.getByRole('button', { name: 'Search', exact: true });
    const box = (await button.boundingBox())!;
    const where = page.getByPlaceholder('Where');
    await where.pressSequentially('Leeds', { delay: 20 });
    await page
      .getByRole('option', { name: /^Leeds, England/ })
      .first()
      .waitFor();
    const entries = await page.evaluate(() => history.length);
    // The visitor taps where the button was when they started typing.
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForURL(/\/search\/in\/leeds$/, { timeout: 5_000 });
    await waitForLoaded(page);
    // One search, not two.
    expect(await page.evaluate(() => history.length)).to.equal(entries + 1);
    expect(await page.getByPlaceholder('Where').inputValue()).to.match(/^Leeds/);
    expect(problems).to.deep.equal([]);
  });

  it('closes the suggestions on the first Escape and keeps what the visitor typed', async () => {
    const { page, problems } = await phone();
    await open(page, `http://homes.uk.localhost:${server.port}/`);
    const what = page.getByPlaceholder('Search');
    await what.pressSequentially('fla', { delay: 20 });
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    expect(await what.inputValue()).to.equal('fla');
    expect(await what.getAttribute('aria-expanded')).to.equal('false');
    expect(problems).to.deep.equal([]);
  });

  it('counts a price range as one filter and clears every filter from the panel', async () => {
    const { page, problems } = await phone();
    const origin = `http://homes.uk.localhost:${server.port}`;
    await open(page, `${origin}/search/flat/in/london?sort=price&price_min=100&price_max=900000&parking=true`);
    const summary = page.locator('summary', { hasText: 'Filters' });
    expect((await summary.locator('.filters__label').first().textContent())?.trim()).to.equal('Filters (2)');
    await summary.click();
    const panel = page.getByRole('group', { name: 'Filters' });
    await panel.waitFor();
    await panel.getByRole('link', { name: 'Clear filters' }).click();
    await page.waitForURL(`${origin}/search/flat/in/london?sort=price`);
    await waitForLoaded(page);
    await panel.waitFor({ state: 'hidden' });
    expect((await summary.locator('.filters__label').first().textContent())?.trim()).to.equal('Filters');
    expect(await page.evaluate(() => document.body.style.overflow)).to.equal('');
    expect(problems).to.deep.equal([]);
  });

  it("names a chosen value in the site's language on a page with no results", async () => {
    const { page, problems } = await phone();
    await open(page, `http://cars.it.localhost:${server.port}/search/zzqxv?fuel=lpg&transmission=manual`);
    await page.locator('.no-results').waitFor();
    const chosen = (name: string) =>
      page.locator(`select[name="${name}"]`).evaluate((s) => (s as HTMLSelectElement).selectedOptions[0]?.text);
    expect(await chosen('fuel')).to.equal('GPL');
    expect(await chosen('transmission')).to.equal('Manuale');
    // A page without results is a 404: its load says so in the console.
    expect(problems.filter((p) => !p.includes('status of 404'))).to.deep.equal([]);
  });
});
