import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import type { AdInput } from '../../src/services/search/types';
import { createWorker } from '../../src/worker/createWorker';
import { browserKeys, parseMail, startSmtpSink, type SmtpSink } from '../integration/notifications/support';
import { axeViolations, describeViolations } from '../support/axe';
import { collectProblems, launchBrowser, MOBILE } from '../support/browser';
import { SEEDING_MS, startTestServer, type TestServer } from '../support/testServer';

type State = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The live redux state of the page: the store is found through the Provider
 * of the hydrated React tree (nothing in the app exposes it for tests).
 */
async function storeState(page: Page): Promise<State> {
  return page.evaluate(() => {
    const root = document.getElementById('root') as unknown as Record<string, unknown>;
    const key = Object.keys(root).find((k) => k.startsWith('__reactContainer$'));
    type Fiber = {
      child: Fiber | null;
      sibling: Fiber | null;
      stateNode?: { current?: Fiber };
      memoizedProps?: { store?: { getState(): unknown } };
    };
    // The container keeps the first root fiber; the tree on screen hangs off its FiberRoot's `current`.
    const first = root[key!] as Fiber;
    const queue: Fiber[] = [first.stateNode?.current ?? first];
    while (queue.length) {
      const fiber = queue.shift()!;
      if (fiber.memoizedProps?.store) return fiber.memoizedProps.store.getState() as Record<string, unknown>;
      if (fiber.child) queue.push(fiber.child);
      if (fiber.sibling) queue.push(fiber.sibling);
    }
    throw new Error('no redux Provider in the page');
  });
}

async function waitForState(page: Page, test: (s: State) => boolean, what: string): Promise<State> {
  const until = Date.now() + 10_000;
  for (;;) {
    const state = await storeState(page);
    if (test(state)) return state;
    if (Date.now() > until)
      throw new Error(`the store never showed ${what}: ${JSON.stringify(state.notifications ?? {})}`);
    await page.waitForTimeout(100);
  }
}

/**
 * No axe violation in what this feature puts on screen. Nodes of the
 * download-app banner (another feature, checked by test/e2e/accessibility)
 * are left out so this test speaks of alerts only.
 */
async function expectNoAxeViolations(page: Page): Promise<void> {
  const violations = (await axeViolations(page))
    .map((v) => ({ ...v, nodes: v.nodes.filter((n) => !n.target.some((t) => t.includes('.app-banner'))) }))
    .filter((v) => v.nodes.length > 0);
  expect(violations, describeViolations(violations)).to.deep.equal([]);
}

function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]+)"/g)].map((m) => (m[1] ?? '').replace(/&#38;|&amp;/g, '&'));
}

describe('alerts in Chromium', function () {
  this.timeout(120_000);
  let smtp: SmtpSink;
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;

  before(async function () {
    this.timeout(SEEDING_MS);
    smtp = await startSmtpSink();
    server = await startTestServer({ seed: true, smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    await smtp?.stop();
  });
  beforeEach(async () => {
    context = await browser.newContext(MOBILE);
  });
  afterEach(() => context.close());

  it('offers nothing more to allow once the browser has refused notifications', async () => {
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(`http://homes.uk.localhost:${server.port}/search/flat/in/london`);
    await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
    await page.getByRole('button', { name: 'Notify me here' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Allow notifications' }).click();
    // Headless Chromium refuses every permission prompt, as a browser set to block does.
    await dialog.getByText('Notifications are blocked in this browser.', { exact: false }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Allow notifications' }).count()).to.equal(0);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });
    expect(problems).to.deep.equal([]);
  });

  it('shows no "Notify me here" where notifications are blocked', async () => {
    await context.addInitScript("Object.defineProperty(Notification, 'permission', { get: () => 'denied' })");
    const page = await context.newPage();
    await page.goto(`http://homes.uk.localhost:${server.port}/search/flat/in/london`);
    await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
    await page.getByRole('button', { name: 'Create an alert' }).waitFor();
    expect(await page.getByRole('button', { name: 'Notify me here' }).isVisible()).to.equal(false);
  });

  it('creates an e-mail alert from a results page, mails its digest, and is managed from the e-mail: weekly, then cancelled', async () => {
    const origin = `http://homes.uk.localhost:${server.port}`;
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(`${origin}/search/flat/in/london`);
    await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);

    // The capture dialog is closed by default and opens from the button.
    expect(await page.getByRole('dialog').count()).to.equal(0);
    const save = page.getByRole('button', { name: 'Create an alert' });
    await save.click();
    const dialog = page.getByRole('dialog', { name: 'Get new ads by e-mail' });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    // Escape closes it and gives focus back to the button.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await save.evaluate((el) => el === document.activeElement)).to.equal(true);

    await save.click();
    await dialog.getByRole('button', { name: 'Create alert' }).click();
    await dialog.getByText('Please enter your e-mail address').waitFor();
    await dialog.getByText('Please accept the terms and conditions.').waitFor();
    expect((await storeState(page)).alerts.creation.formError).to.deep.equal({
      email: 'alerts.email.required',
      terms: 'alerts.email.termsRequired',
    });
    // The visitor is put on the first wrong field, which its error describes.
    const emailField = dialog.getByLabel('E-mail address');
    expect(await emailField.evaluate((el) => el === document.activeElement)).to.equal(true);
    expect(await emailField.getAttribute('aria-describedby')).to.be.a('string');
    await emailField.fill('reader@example.org');
    await dialog
      .getByLabel(
        'By creating the alert you agree to the terms and conditions and the privacy policy. You can unsubscribe at any time.',
      )
      .check();
    await dialog.getByRole('button', { name: 'Create alert' }).click();
    await dialog.getByText('Done! New ads for this search will come to your inbox.').waitFor();
    const created = await storeState(page);
    expect(created.alerts.creation).to.include({
      alreadyCreated: true,
      channel: 'email',
      isLoading: false,
      error: null,
    });
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await page.getByText('Alert created').waitFor();

    // A new ad matches; one worker round mails the digest to the SMTP sink.
    const now = Math.floor(Date.now() / 1000);
    const fresh: AdInput = {
      country: 'uk',
      vertical: 'homes',
      sourceId: 1,
      partnerAdId: `alerts-e2e-${now}`,
      url: 'https://partner.example/ads/alerts-e2e',
      title: 'Bright flat near the park',
      description: 'Bright flat near the park, close to shops.',
      date: now + 2,
      location: { cityId: 2643743, regionId: 90026079, city: 'London', region: 'England' },
      images: ['https://img.example/alerts-e2e.jpg'],
      currency: 'GBP',
      price: { value: 1450 },
      typeId: 2,
    } as AdInput;
    await server.services.search.store.writeAds([fresh]);
    const worker = createWorker({
      dataDir: server.dataDir,
      mailer: server.services.mailer,
      searchBaseUrl: (country, vertical) => `${server.url}/api/sites/${country}/${vertical}`,
      publicBaseUrl: (country, vertical) => `http://${vertical}.${country}.localhost:${server.port}`,
      now: () => new Date((now + 60) * 1000),
    });
    try {
      const report = await worker.runOnce({ treatAllDue: true });
      expect(report.digestsQueued, JSON.stringify(report)).to.equal(1);
      await server.services.mailer.flush();
    } finally {
      await worker.close();
    }
    expect(smtp.messages).to.have.length(1);
    expect(smtp.messages[0]!.to).to.deep.equal(['reader@example.org']);
    const mail = parseMail(smtp.messages[0]!.raw);
    expect(mail.html).to.include('Bright flat near the park');
    const manage = hrefs(mail.html).find((h) => h.startsWith(`${origin}/notifications?act=`));
    expect(manage, 'a manage link in the digest').to.be.a('string');

    // The manage link, server-rendered with the alert.
    await page.goto(manage!);
    await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
    await page.getByText('Alerts sent to reader@example.org').waitFor();
    let state = await storeState(page);
    expect(state.notifications.emailStatus).to.equal('loaded');
    expect(state.notifications.emailAlerts).to.have.length(1);
    const alertId: string = state.notifications.emailAlerts[0].id;
    // The place as the page named it, not as its URL wrote it ("london").
    expect(state.notifications.emailAlerts[0]).to.include({
      what: 'flat',
      where: 'London',
      frequency: 'daily',
      active: true,
    });
    await page.getByText('flat in London').first().waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).to.include('noindex');
    await expectNoAxeViolations(page);

    // Weekly.
    await page.getByLabel('Frequency').selectOption('weekly');
    await page.getByRole('status').getByText('Alert updated').waitFor();
    state = await waitForState(page, (s) => s.notifications.emailAlerts[0]?.frequency === 'weekly', 'weekly');
    expect(state.notifications.snackbar).to.include({ kind: 'success', message: 'alerts.updated' });
    const uct = server.services.notifications.userControlToken('reader@example.org');
    const listed = await request(server.url)
      .get('/api/notifications/email/all_subscription/reader@example.org')
      .set('X-User-Control-Token', uct)
      .expect(200);
    expect(JSON.parse(listed.text).data[0].attributes.notification.frequency).to.equal('weekly');

    // Cancel: the confirmation modal, keyboard-closable, then confirmed.
    const cancel = page.getByRole('button', { name: 'Cancel alert' });
    await cancel.click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this alert?' });
    await confirm.waitFor();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await confirm.evaluate((el) => el.contains(document.activeElement))).to.equal(true);
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    expect(await cancel.evaluate((el) => el === document.activeElement)).to.equal(true);
    expect((await storeState(page)).notifications.emailAlerts).to.have.length(1);

    await cancel.click();
    await confirm.getByRole('button', { name: 'Yes, cancel' }).click();
    await page.getByRole('status').getByText('Alert deactivated').waitFor();
    state = await waitForState(page, (s) => s.notifications.emailAlerts.length === 0, 'no alert left');
    expect(state.notifications.snackbar).to.include({ kind: 'success', message: 'alerts.deactivated' });
    expect(server.services.notifications.store.emailAlert(alertId)).to.equal(undefined);
    await page.getByText('You have no alerts.').waitFor();

    // The manager cookie now lets this browser come back without the link.
    await page.goto(`${origin}/notifications`);
    await page.getByText('Alerts sent to reader@example.org').waitFor();
    expect((await storeState(page)).notifications.user.email).to.equal('reader@example.org');
    expect(problems).to.deep.equal([]);
  });

  it('rolls a failed change back with an error snackbar', async () => {
    const origin = `http://homes.uk.localhost:${server.port}`;
    const email = 'rollback@example.org';
    const res = await request(server.url)
      .post('/api/notifications/email/subscription')
      .set('Content-Type', 'application/vnd.api+json')
      .send(
        JSON.stringify({
          data: {
            type: 'subscriptions',
            attributes: {
              site: { country_code: 'uk', vertical_id: 1 },
              user: { email },
              search: {
                query: { what: 'cottage', filters: {}, vertical_properties: { where: 'York', deal_type_id: 1 } },
              },
              context: { section_id: 197, origin_id: 1, device_type: 2, total_results: 3 },
            },
          },
        }),
      )
      .expect(201);
    expect(JSON.parse(res.text).data.id).to.be.a('string');
    const uct = server.services.notifications.userControlToken(email);
    const page = await context.newPage();
    await page.goto(`${origin}/notifications?email=${encodeURIComponent(email)}&userControlToken=${uct}`);
    await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
    await page.route('**/api/notifications/email/subscription/**', (route) => route.fulfill({ status: 503, body: '' }));
    await page.getByRole('button', { name: 'Turn off' }).click();
    await page.getByRole('status').getByText('An error has occurred.').waitFor();
    const state = await storeState(page);
    expect(state.notifications.emailAlerts[0].active).to.equal(true);
    expect(state.notifications.snackbar).to.include({ kind: 'error' });
    await page.getByRole('button', { name: 'Turn off' }).waitFor();
  });

  it('lists this browser’s alerts in the web push area, turns one off and deletes it after confirmation', async () => {
    const origin = `http://homes.uk.localhost:${server.port}`;
    // A subscription as the browser's own would be (the push service endpoint is a loopback stand-in).
    const keys = browserKeys();
    const sub = await request(server.url)
      .post('/api/notifications/browser/subscription')
      .set('Content-Type', 'application/vnd.api+json')
      .send(
        JSON.stringify({
          data: {
            type: 'subscriptions',
            attributes: {
              endpoint: `http://127.0.0.1:9/push/${Date.now()}`,
              public_key: keys.publicKey,
              auth_token: keys.auth,
              country_code: 'uk',
              vertical_id: 1,
            },
          },
        }),
      );
    expect(sub.status, sub.text).to.equal(201);
    const subscriptionId = JSON.parse(sub.text).data.id as string;
    await request(server.url)
      .post(`/api/notifications/browser/subscription/${subscriptionId}/searches`)
      .set('Content-Type', 'application/vnd.api+json')
      .send(
        JSON.stringify({
          data: {
            type: 'searches',
            attributes: {
              site: { country_code: 'uk', vertical_id: 1 },
              search: {
                query: { what: 'loft', filters: {}, vertical_properties: { where: 'Leeds', deal_type_id: 2 } },
              },
              context: { section_id: 199, origin_id: 1, device_type: 2, total_results: 5 },
            },
          },
        }),
      )
      .expect(201);

    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(`${origin}/`);
    await page.evaluate((id) => localStorage.setItem('trawl_push_subscription', id), subscriptionId);
    await page.goto(`${origin}/notifications/push`);
    await page.waitForFunction(() => window.__TRAWL_HYDRATED__ === true);
    await page.getByRole('heading', { name: 'loft in Leeds' }).waitFor();
    expect((await storeState(page)).notifications).to.include({ subscriptionId, pushStatus: 'loaded' });
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Turn off' }).click();
    await page.getByRole('status').getByText('Alert deactivated').waitFor();
    await waitForState(page, (s) => s.notifications.searches[0]?.active === false, 'the search off');

    await page.getByRole('button', { name: 'Cancel alert' }).click();
    await page.getByRole('dialog', { name: 'Cancel this alert?' }).getByRole('button', { name: 'Yes, cancel' }).click();
    await waitForState(page, (s) => s.notifications.searches.length === 0, 'no search left');
    const left = await request(server.url)
      .get(`/api/notifications/browser/all_subscription/${subscriptionId}`)
      .expect(200);
    expect(JSON.parse(left.text).data).to.deep.equal([]);

    // Settings: axe-clean, and it can turn every browser alert off.
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'How you get alerts' }).waitFor();
    await expectNoAxeViolations(page);
    expect(problems).to.deep.equal([]);
  });
});
