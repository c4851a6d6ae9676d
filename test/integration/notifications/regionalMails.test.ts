import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import express from 'express';
import request from 'supertest';
import { createMailer } from '../../../src/services/mail/createMailer';
import type { Mailer } from '../../../src/services/mail/Mailer';
import { createNotificationServices } from '../../../src/services/notifications/createNotificationServices';
import { Gazetteer } from '../../../src/services/places/Gazetteer';
import { createSearchService } from '../../../src/services/search/createSearchService';
import type { AdInput } from '../../../src/services/search/types';
import { createWorker, type Worker } from '../../../src/worker/createWorker';
import {
  JSONAPI,
  parseMail,
  startSmtpSink,
  subscriptionBody,
  tempDir,
  type ParsedMail,
  type SmtpSink,
} from './support';

/** Monday 2 June 2025, 06:00 UTC. */
const T0 = new Date('2025-06-02T06:00:00Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

/** Texts of a mail or a page as read: entities and tags gone. */
const textOf = (html: string): string =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/\s+/g, ' ');

/**
 * The alert mails and the unsubscribe page of a regional site (decision 080): the Brazilian alert's
 * read as Brazil writes, Portugal's as before; the United States' write "email".
 */
describe("a regional site's alert mails (decision 080)", function () {
  this.timeout(30_000);
  let app: express.Express;
  let server: http.Server;
  let smtp: SmtpSink;
  let mailer: Mailer;
  let worker: Worker;
  let close: () => void;
  const clock = { now: T0 };

  before(async () => {
    const now = () => clock.now;
    const searchDir = tempDir();
    const dataDir = tempDir();
    const search = createSearchService({ dataDir: searchDir, now });
    smtp = await startSmtpSink();
    mailer = createMailer({ dataDir, smtpUrl: `smtp://127.0.0.1:${smtp.port}`, now });
    const notifications = createNotificationServices({ dataDir, mailer, now });
    app = express();
    app.use('/api/sites', search.sitesRouter);
    app.use('/api', notifications.apiRouter);
    server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    worker = createWorker({
      dataDir,
      mailer,
      now,
      searchBaseUrl: (country, vertical) => `${base}/api/sites/${country}/${vertical}`,
      publicBaseUrl: (country, vertical) => `http://${vertical}.${country}.localhost:3000`,
    });
    // An alert per site, then an ad each matches.
    const alerts: [string, string, string][] = [
      ['br@example.org', 'br', 'São Paulo'],
      ['pt@example.org', 'pt', 'Lisboa'],
      ['us@example.org', 'us', 'Chicago'],
    ];
    const ads: AdInput[] = [];
    for (const [email, country, where] of alerts) {
      const res = await request(app)
        .post('/api/notifications/email/subscription')
        .set('Content-Type', JSONAPI)
        .send(JSON.stringify(subscriptionBody({ email, country, what: 'loft', where, dealType: 1 })));
      expect(res.status, res.text).to.equal(201);
      const city = Gazetteer.shared().resolve(country, where)!.place;
      ads.push({
        country,
        vertical: 'homes',
        sourceId: 1,
        partnerAdId: `loft-${country}`,
        url: `https://partner.example/loft-${country}`,
        title: `Loft ${where}`,
        description: `Loft ${where}`,
        date: Math.floor(minutes(5).getTime() / 1000),
        location: { cityId: city.id, regionId: city.regionId, city: city.name },
        images: [],
        currency: country === 'br' ? 'BRL' : country === 'us' ? 'USD' : 'EUR',
        price: { value: 500_000 },
        typeId: 1,
      });
    }
    await search.store.writeAds(ads);
    clock.now = minutes(30);
    expect((await worker.runOnce({ treatAllDue: true })).digestsQueued).to.equal(3);
    await mailer.flush();
    close = () => {
      notifications.close();
      search.close();
      fs.rmSync(searchDir, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  });
  after(async () => {
    await worker.close();
    mailer.close();
    close();
    await smtp.stop();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const mailTo = (email: string): ParsedMail => {
    const received = smtp.messages.find((m) => m.to.includes(email));
    expect(received, email).to.not.equal(undefined);
    return parseMail(received!.raw);
  };
  /** The unsubscribe page of a mail, and the page after a click on its button. */
  const unsubscribe = async (mail: ParsedMail): Promise<{ confirm: string; done: string }> => {
    const link = new URL((mail.headers.get('list-unsubscribe') ?? '').slice(1, -1));
    const path = `${link.pathname}${link.search}`;
    const confirm = await request(app).get(path).expect(200);
    const done = await request(app)
      .post(path)
      .set('Accept', 'text/html')
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    return { confirm: textOf(confirm.text), done: textOf(done.text) };
  };

  it("writes the Brazilian alert mail and its unsubscribe page as Brazil does, and Portugal's as before", async () => {
    const mail = mailTo('br@example.org');
    for (const text of [textOf(mail.html), mail.text]) {
      expect(text).to.include('Gerenciar seus alertas');
      expect(text).to.include('Você recebe este e-mail porque salvou um alerta em homes.br.localhost:3000.');
      expect(text).to.include('Novos anúncios para seu alerta "loft em São Paulo":');
      expect(text).to.not.match(/\bGerir\b|guardou|\bo seu\b|subscrição/);
    }
    const br = await unsubscribe(mail);
    expect(br.confirm).to.include('Cancelar inscrição');
    expect(br.confirm).to.not.include('subscrição');
    expect(br.done).to.include('Você não vai mais receber e-mails do alerta "loft em São Paulo".');

    const portugal = mailTo('pt@example.org');
    expect(portugal.text).to.include('Gerir os seus alertas');
    expect(portugal.text).to.include('Recebe este e-mail porque guardou um alerta em homes.pt.localhost:3000.');
    const pt = await unsubscribe(portugal);
    expect(pt.confirm).to.include('Cancelar subscrição');
    expect(pt.done).to.include('Já não vai receber e-mails do alerta "loft em Lisboa".');
  });

  it("writes the US alert mail's email as one word", async () => {
    const mail = mailTo('us@example.org');
    expect(mail.text).to.include('You receive this email because you saved an alert on homes.us.localhost:3000.');
    expect(mail.text).to.not.match(/e-mail/);
    const { done } = await unsubscribe(mail);
    expect(done).to.include('You will no longer receive emails for the alert "loft in Chicago".');
  });
});
