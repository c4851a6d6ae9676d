import { expect } from 'chai';
import request from 'supertest';
import { COUNTRIES } from '../../../config/countries';
import { messagesFor } from '../../../src/services/notifications/messages';
import { ActTokens } from '../../../src/services/notifications/tokens';
import { JSONAPI, notificationApp, subscriptionBody, type NotificationApp } from './support';

/** Texts of a page as read: entities and tags gone. */
const textOf = (html: string): string =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/\s+/g, ' ');

/**
 * The unsubscribe page of a link that no longer leads to an alert (a bad token, an alert deleted
 * since) speaks the language of the site whose host it was opened on, and looks like that site.
 */
describe("the unsubscribe page of a dead link, in its site's language", () => {
  let n: NotificationApp;
  beforeEach(() => {
    n = notificationApp();
  });
  afterEach(() => n.close());

  const unsubscribePage = (host: string, act: string) =>
    request(n.app)
      .get(`/api/notifications/email/unsubscribe?act=${encodeURIComponent(act)}`)
      .set('Host', host);

  /** A new alert of an address, and the act token of its mails' unsubscribe link. */
  const alertWithLink = async (email: string, country: string, what: string, where: string) => {
    const created = await request(n.app)
      .post('/api/notifications/email/subscription')
      .set('Content-Type', JSONAPI)
      .send(JSON.stringify(subscriptionBody({ email, country, what, where })));
    expect(created.status, created.text).to.equal(201);
    const alertId = JSON.parse(created.text).data.id as string;
    const act = ActTokens.fromDataDir(n.dataDir).issue(alertId, email, Math.floor(n.clock.now.getTime() / 1000));
    return { alertId, act };
  };

  it('answers a bad token on a German host in German, with the German site look', async () => {
    const res = await unsubscribePage('jobs.de.localhost:3000', 'garbage');
    expect(res.status).to.equal(403);
    expect(res.text).to.contain('<html lang="de-DE" dir="ltr">');
    const text = textOf(res.text);
    expect(text).to.include('Abbestellen');
    expect(text).to.include('Dieser Link ist nicht mehr gültig. Öffnen Sie die Verwaltung aus einer neueren E-Mail.');
    expect(text).to.include('Trawl Jobs Deutschland');
    expect(res.text).to.contain('#2e7d32'); // the jobs accent
    expect(text).to.not.include('This link is not valid');
  });

  it('answers a bad token on every country host in that site language', async () => {
    for (const country of COUNTRIES) {
      const res = await unsubscribePage(`${country.code}.localhost`, 'garbage');
      expect(res.status, country.code).to.equal(403);
      expect(res.text, country.code).to.contain(`<html lang="${country.locale}"`);
      expect(textOf(res.text), country.code).to.include(messagesFor(country.locale).linkInvalid);
    }
    expect(textOf((await unsubscribePage('jobs.jp.localhost', 'garbage')).text)).to.include(
      'このリンクは無効になりました。',
    );
    expect(textOf((await unsubscribePage('jobs.br.localhost', 'garbage')).text)).to.include(
      'Este link não é mais válido.',
    );
    // A host that names no site: English, as before.
    expect(textOf((await unsubscribePage('127.0.0.1', 'garbage')).text)).to.include('This link is not valid any more.');
  });

  it('says that a deleted alert no longer exists, never naming an empty alert', async () => {
    const email = 'd@example.org';
    const { alertId, act } = await alertWithLink(email, 'de', 'Wohnung', 'Berlin');
    const path = `/api/notifications/email/unsubscribe?act=${encodeURIComponent(act)}`;

    const live = await request(n.app).get(path).set('Host', 'homes.de.localhost');
    expect(live.status).to.equal(200);
    expect(textOf(live.text)).to.include('Keine E-Mails mehr für den Suchauftrag „Wohnung in Berlin“ erhalten?');

    const deleted = await request(n.app)
      .patch(`/api/notifications/email/subscription/${encodeURIComponent(email)}/searches/${alertId}/operation/delete`)
      .set('X-User-Control-Token', n.services.userControlToken(email));
    expect(deleted.status, deleted.text).to.equal(200);

    // The alert is gone, so the host alone says the language: English where it names no site.
    const expected: [string, string, string][] = [
      ['homes.de.localhost', 'de-DE', 'Dieser Suchauftrag existiert nicht mehr. Es gibt nichts abzubestellen.'],
      ['127.0.0.1', 'en-GB', 'This alert no longer exists, so there is nothing to unsubscribe from.'],
    ];
    for (const [host, lang, sentence] of expected) {
      const page = await request(n.app).get(path).set('Host', host);
      expect(page.status, host).to.equal(404);
      expect(page.text, host).to.contain(`<html lang="${lang}"`);
      const text = textOf(page.text);
      expect(text, host).to.include(sentence);
      expect(text, host).to.not.match(/„“|""/);
      expect(page.text, host).to.not.contain('<form');
    }
    const post = await request(n.app)
      .post(path)
      .set('Host', 'homes.de.localhost')
      .set('Accept', 'text/html')
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(post.status).to.equal(200);
    expect(textOf(post.text)).to.include('Dieser Suchauftrag existiert nicht mehr.');
    expect(textOf(post.text)).to.not.match(/„“|""/);
  });

  it("leads home to the alert's vertical, under its path prefix on a shared host", async () => {
    const { act } = await alertWithLink('cr@example.org', 'cr', 'casa', 'San José');
    const page = await unsubscribePage('cr.localhost', act);
    expect(page.status).to.equal(200);
    expect(page.text).to.match(/<a href="\/homes" aria-label="[^"]+"[^>]*>Trawl Casas Costa Rica<\/a>/);
    // On a host of its own, the vertical's home is the host's.
    expect((await unsubscribePage('jobs.de.localhost', 'garbage')).text).to.contain('<a href="/" ');
  });

  it('has the deleted-alert text in every language, in its own words', () => {
    const english = messagesFor('en-GB').alertGone;
    for (const country of COUNTRIES) {
      const text = messagesFor(country.locale).alertGone;
      expect(text, country.locale).to.be.a('string').and.not.equal('');
      if (!country.locale.startsWith('en')) expect(text, country.locale).to.not.equal(english);
    }
  });
});
