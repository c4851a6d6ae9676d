import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { collectProblems, launchBrowser, MOBILE } from '../support/browser';
import { startTestServer, type TestServer } from '../support/testServer';

describe('the apply form on a Japanese job ad, in the browser', function () {
  this.timeout(120_000);
  let server: TestServer;
  let browser: Browser;

  before(async () => {
    server = await startTestServer({ seed: true });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('says by the field that a phone is none before sending, and sends one typed in full-width digits', async () => {
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
});
