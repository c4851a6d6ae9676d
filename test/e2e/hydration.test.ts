import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { PROJECT_ROOT } from '../../src/server/clientAssets';
import { collectProblems, DESKTOP, launchBrowser, MOBILE, waitForLoaded } from '../support/browser';
import { SEEDING_MS, startTestServer, type TestServer } from '../support/testServer';

describe('the app in Chromium', function () {
  this.timeout(60_000);
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

  it('hydrates without a warning and then navigates in the page, running the load saga', async () => {
    const context = await browser.newContext(MOBILE);
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(`http://homes.uk.localhost:${server.port}/`);
    await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    // A vertical home shows one premium ad, asked for once the page is up (section 208).
    const featured = page.getByRole('region', { name: 'Featured ad' });
    await featured.locator('.ad-card').waitFor();
    expect(await featured.locator('.ad-card').count()).to.equal(1);

    await page.getByPlaceholder('Search').fill('house');
    await page.getByPlaceholder('Where').fill('London');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL('**/search/house/in/london');
    await page.locator('main[data-loaded="/search/house/in/london"]').waitFor();
    const heading = await page.locator('h1').textContent();
    expect(heading).to.match(/London/i);
    expect(await page.title()).to.equal(`${heading} | Trawl`);
    expect(await page.locator('.ad-card').count()).to.be.greaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).to.equal(
      true,
    );

    await page.goBack();
    await page.waitForURL(`http://homes.uk.localhost:${server.port}/`);
    await page.locator('h1', { hasText: 'Homes in the United Kingdom' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).to.equal(
      true,
    );
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('tells search engines of each page shown in the app what the server says of it: canonical or noindex', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const origin = `http://homes.uk.localhost:${server.port}`;
    const head = () =>
      page.evaluate(() => ({
        canonical: document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? null,
        ogUrl: document.querySelector<HTMLMetaElement>('meta[property="og:url"]')?.content ?? null,
        robots: document.querySelector<HTMLMetaElement>('meta[name="robots"]')?.content ?? null,
        jsonLd: document.querySelectorAll('script[type="application/ld+json"]').length,
      }));
    await page.goto(`${origin}/search/house/in/london`);
    await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
    expect(await head()).to.deep.include({ canonical: `${origin}/search/house/in/london`, robots: null });
    // A search without results: no canonical, kept out of the index, as the server writes it.
    await page.getByPlaceholder('Search').fill('qqzxvw');
    await page.getByPlaceholder('Where').fill('');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator('main[data-loaded="/search/qqzxvw"]').waitFor();
    expect(await head()).to.deep.include({ canonical: null, ogUrl: null, robots: 'noindex, nofollow, noarchive' });
    // Back to a page with results: its canonical again, and no robots directive.
    await page.goBack();
    await page.locator('main[data-loaded="/search/house/in/london"]').waitFor();
    expect(await head()).to.deep.include({
      canonical: `${origin}/search/house/in/london`,
      ogUrl: `${origin}/search/house/in/london`,
      robots: null,
      jsonLd: 0,
    });
    // An ad's page has its JSON-LD; the home page reached from it has none.
    const ads = (await (await fetch(`${server.url}/api/sites/uk/homes/search/m?countryCode=uk`)).json()) as {
      data: Array<{ id: string }>;
    };
    await page.goto(`${origin}/ad/${ads.data[0]!.id}`);
    await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
    expect((await head()).jsonLd).to.equal(1);
    await page.locator('.header__logo').click();
    await page.locator('main[data-loaded="/"]').waitFor();
    expect(await head()).to.deep.include({ canonical: `${origin}/`, jsonLd: 0, robots: null });
    await context.close();
  });

  it('does nothing when the text already shown is submitted again', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(`http://homes.uk.localhost:${server.port}/search/house/in/london`);
    await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
    const before = await page.evaluate(() => history.length);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForTimeout(300);
    expect(page.url()).to.equal(`http://homes.uk.localhost:${server.port}/search/house/in/london`);
    expect(await page.evaluate(() => history.length)).to.equal(before);
    await context.close();
  });

  it("keeps a search too short for the country's rule from being sent, with and without JavaScript", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const home = `http://homes.uk.localhost:${server.port}/`;
    await page.goto(home);
    await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
    const what = page.getByPlaceholder('Search');
    await what.fill('a');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForTimeout(300);
    expect(page.url()).to.equal(home);
    expect(await what.evaluate((input: HTMLInputElement) => input.validationMessage)).to.equal(
      'Type at least 2 letters or digits.',
    );
    // Typing on clears the message, and the search goes.
    await what.fill('flat');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL('**/search/flat');
    // Where a character is a word, one is enough.
    await page.goto(`http://homes.jp.localhost:${server.port}/`);
    await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
    await page.locator('input[name="what"]').fill('家');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/\/search\/%E5%AE%B6$/);
    await context.close();

    const plain = await browser.newContext({ ...MOBILE, javaScriptEnabled: false });
    const noScript = await plain.newPage();
    await noScript.goto(`http://localhost:${server.port}/jobs`);
    await noScript.getByPlaceholder('Search').fill('!');
    await noScript.getByRole('button', { name: 'Search' }).click();
    await noScript.waitForTimeout(300);
    expect(noScript.url()).to.equal(`http://localhost:${server.port}/jobs`);
    expect(
      await noScript.getByPlaceholder('Search').evaluate((input: HTMLInputElement) => input.validity.patternMismatch),
    ).to.equal(true);
    await plain.close();
  });

  it('works as plain forms and links with JavaScript off', async () => {
    const context = await browser.newContext({ ...MOBILE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`http://localhost:${server.port}/jobs`);
    await page.getByPlaceholder('Search').fill('nurse');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL('**/jobs/search/nurse');
    expect(await page.locator('.ad-card').count()).to.be.greaterThan(0);
    await context.close();
  });

  it('takes its words from the language catalogue it preloads, and without them stays the server page', async () => {
    const context = await browser.newContext(MOBILE);
    const page = await context.newPage();
    const catalogues: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/i18n/')) catalogues.push(r.url());
    });
    await page.goto(`http://jobs.es.localhost:${server.port}/`);
    await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
    // One request, the preload's, answers the client's fetch too.
    expect(catalogues).to.have.length(1);
    expect(catalogues[0]).to.match(/\/i18n\/es\.[0-9a-f]{10}\.json$/);
    // A client-side page shows Spanish words, which came only from the catalogue.
    await page.getByPlaceholder('Buscar').fill('enfermero');
    await page.getByRole('button', { name: 'Buscar' }).click();
    // The results page's own load, not the home page's attribute still in place when the click lands.
    await page.locator('main[data-loaded="/search/enfermero"]').waitFor();
    expect(await page.locator('h1').textContent()).to.match(/enfermero/i);
    expect(await page.locator('body').textContent()).not.to.match(/serp\.|search\.|ad\.badge/);

    const failing = await browser.newContext(MOBILE);
    const broken = await failing.newPage();
    await broken.route('**/i18n/**', (route) => route.abort());
    const reports: string[] = [];
    broken.on('request', (r) => {
      if (r.url().endsWith('/api/metrics/error') && r.method() === 'POST') reports.push(r.postData() ?? '');
    });
    await broken.goto(`http://jobs.es.localhost:${server.port}/`);
    // The failure is reported; the page is not hydrated but whole, and its form works.
    await broken.waitForRequest((r) => r.url().endsWith('/api/metrics/error'));
    expect(reports.join()).to.include('browser.');
    expect(await broken.evaluate(() => window.__TRAWL_HYDRATED__)).to.equal(undefined);
    expect(await broken.locator('h1').textContent()).to.include('Empleo');
    await broken.getByPlaceholder('Buscar').fill('enfermera');
    await broken.getByRole('button', { name: 'Buscar' }).click();
    await broken.waitForURL('**/search/enfermera');
    expect(await broken.locator('.ad-card').count()).to.be.greaterThan(0);
    await context.close();
    await failing.close();
  });

  it('loads a page moved to offline once the connection is back, without saying in between that something failed', async () => {
    const context = await browser.newContext(MOBILE);
    const page = await context.newPage();
    await page.goto(`http://jobs.de.localhost:${server.port}/search`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      while (!navigator.serviceWorker.controller) await new Promise((r) => setTimeout(r, 50));
    });
    await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
    await context.setOffline(true);
    await page.getByRole('link', { name: 'Weiter' }).first().click();
    await page.getByRole('heading', { name: 'Sie sind offline' }).waitFor();
    const next = page.url();

    // The server error page for even a moment would be a failure the visitor never had; a session
    // entry outlives the reload, so the check sees the page until the new document replaces it.
    await page.evaluate(() => {
      new MutationObserver(() => {
        if (document.body.textContent?.includes('Ein Fehler ist aufgetreten')) sessionStorage.setItem('failed', '1');
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    const reload = page.waitForRequest((r) => r.isNavigationRequest() && r.url() === next);
    const reloaded = page.waitForEvent('domcontentloaded');
    await context.setOffline(false);
    await reload;
    await reloaded;
    await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
    await waitForLoaded(page);
    expect(page.url()).to.equal(next);
    expect(await page.locator('.ad-card').count()).to.be.greaterThan(0);
    expect(await page.evaluate(() => sessionStorage.getItem('failed'))).to.equal(null);
    await context.close();
  });

  it("says by the field of a job ad's apply form that a phone is none before sending, and sends one typed in full-width digits", async () => {
    type Found = { data: { id: string; attributes: { source: { ad: { hasAdpageForm: boolean } } } }[] };
    const found = (await (
      await fetch(`${server.url}/api/sites/jp/jobs/search?countryCode=jp&page[size]=100`)
    ).json()) as Found;
    const withForm = found.data.find((ad) => ad.attributes.source.ad.hasAdpageForm);
    expect(withForm, 'a demo job ad whose source takes messages').not.to.equal(undefined);
    const context = await browser.newContext({ ...MOBILE, locale: 'ja-JP' });
    const page = await context.newPage();
    const problems = collectProblems(page);
    const leads: string[] = [];
    page.on('request', (r) => r.url().includes('/api/sources/lead/') && leads.push(r.postData() ?? ''));
    await page.goto(`http://jobs.jp.localhost:${server.port}/ad/${withForm?.id}`);
    await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
    const form = page.getByRole('form', { name: '掲載者へのお問い合わせ' });
    await form.getByLabel('お名前').fill('山田');
    await form.getByLabel('メールアドレス').fill('yamada@example.jp');
    await form.getByLabel('メッセージ').fill('まだ募集していますか？');
    const phone = form.getByLabel('電話番号（任意）');
    await phone.fill('電話してください');
    await form.getByRole('button', { name: '送信', exact: true }).click();
    await form.getByText('正しい電話番号を入力するか、空欄のままにしてください。').waitFor();
    expect(await phone.getAttribute('aria-invalid')).to.equal('true');
    expect(leads).to.deep.equal([]);
    await phone.fill('０９０－１２３４－５６７８');
    await form.getByRole('button', { name: '送信', exact: true }).click();
    await page.getByText('メッセージを掲載者に送信しました。').waitFor();
    expect(leads).to.have.length(1);
    expect(leads[0]).to.contain('０９０－１２３４－５６７８');
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('keeps the pages a visitor read for when the connection goes, and says it is offline for the others', async () => {
    const context = await browser.newContext(MOBILE);
    const page = await context.newPage();
    const origin = `http://homes.uk.localhost:${server.port}`;
    await page.goto(`${origin}/search/flat`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      while (!navigator.serviceWorker.controller) await new Promise((r) => setTimeout(r, 50));
    });
    // Read once through the service worker, which keeps a copy.
    await page.reload();
    await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
    const title = await page.locator('h1').textContent();
    await context.setOffline(true);

    // A page moved to in the app cannot load: the visitor is told why, not that something failed.
    await page.getByRole('link', { name: 'Next' }).first().click();
    await page.getByRole('heading', { name: "You're offline" }).waitFor();
    expect(await page.getByText('An error has occurred').count()).to.equal(0);

    // A page read before comes back as it was.
    await page.goto(`${origin}/search/flat`);
    expect(await page.locator('h1').textContent()).to.equal(title);
    expect(await page.locator('ol[aria-label="Results"] .ad-card').count()).to.be.greaterThan(0);

    // A page never read: the offline page, which loads the page once the connection is back.
    await page.goto(`${origin}/ad/never-read`);
    await page.getByRole('heading', { name: "You're offline" }).waitFor();
    await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
    await context.setOffline(false);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await context.close();
  });

  it('registers the service worker and removes the legacy cookie-banner cookies', async () => {
    const context = await browser.newContext(MOBILE);
    const origin = `http://homes.uk.localhost:${server.port}`;
    await context.addCookies([
      { name: 'cookie_banner', value: '1', url: origin },
      { name: 'cookies_accepted', value: '1', url: origin },
    ]);
    const page = await context.newPage();
    await page.goto(`${origin}/`);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).to.equal(`${origin}/`);
    const names = (await context.cookies(origin)).map((c) => c.name);
    expect(names).not.to.include('cookie_banner');
    expect(names).not.to.include('cookies_accepted');
    expect(names).to.include('trawl_iid');
    await context.close();
  });

  it('tells the analytics data layer when the service worker fails to register', async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-client-'));
    fs.cpSync(path.join(PROJECT_ROOT, 'dist', 'client'), clientDir, { recursive: true });
    fs.rmSync(path.join(clientDir, 'sw.js'));
    const noWorker = await startTestServer({ clientDir });
    const context = await browser.newContext(MOBILE);
    try {
      const page = await context.newPage();
      await page.goto(`http://homes.uk.localhost:${noWorker.port}/`);
      await page.waitForFunction(() =>
        (window.dataLayer ?? []).some((e) => (e as { event?: string }).event === 'serviceWorkerRegistrationFailed'),
      );
    } finally {
      await context.close();
      await noWorker.close();
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  });
});
