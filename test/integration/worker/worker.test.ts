import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import express from 'express';
import request from 'supertest';
import { createMailer } from '../../../src/services/mail/createMailer';
import type { Mailer } from '../../../src/services/mail/Mailer';
import {
  createNotificationServices,
  type NotificationServices,
} from '../../../src/services/notifications/createNotificationServices';
import { createSearchService, type SearchService } from '../../../src/services/search/createSearchService';
import type { AdInput } from '../../../src/services/search/types';
import { createWorker, type Worker } from '../../../src/worker/createWorker';
import {
  JSONAPI,
  browserKeys,
  checkVapid,
  decryptPush,
  parseMail,
  startPushService,
  startSmtpSink,
  subscriptionBody,
  tempDir,
  type BrowserKeys,
  type PushServiceStub,
  type SmtpSink,
} from '../notifications/support';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Monday 2 June 2025, 06:00 UTC. */
const T0 = new Date('2025-06-02T06:00:00Z');
const LONDON = { cityId: 2643743, regionId: 90026079, city: 'London', region: 'England' };
const PUBLIC = (country: string, vertical: string) => `http://${vertical}.${country}.localhost:3000`;

let adSeq = 0;
function ad(title: string, at: Date, o: Partial<AdInput> = {}): AdInput {
  adSeq++;
  return {
    country: 'uk',
    vertical: 'homes',
    sourceId: 1,
    partnerAdId: `p-${adSeq}`,
    url: `https://partner.example/ads/${adSeq}`,
    title,
    description: `${title}, close to shops and transport.`,
    date: Math.floor(at.getTime() / 1000),
    location: LONDON,
    images: [`https://img.example/${adSeq}.jpg`],
    currency: 'GBP',
    price: { value: 1000 + adSeq },
    typeId: 2,
    ...o,
  };
}

const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

interface Rig {
  clock: { now: Date };
  search: SearchService;
  notifications: NotificationServices;
  mailer: Mailer;
  worker: Worker;
  app: express.Express;
  smtp: SmtpSink;
  close(): Promise<void>;
}

/** Search and notification services on loopback HTTP, a real SMTP server, and the worker between them. */
async function rig(smtpOptions: { stopAfter?: number } = {}): Promise<Rig> {
  const clock = { now: T0 };
  const now = () => clock.now;
  const searchDir = tempDir();
  const dataDir = tempDir();
  const search = createSearchService({ dataDir: searchDir, now });
  const smtp = await startSmtpSink(smtpOptions);
  const mailer = createMailer({ dataDir, smtpUrl: `smtp://127.0.0.1:${smtp.port}`, now });
  const notifications = createNotificationServices({ dataDir, mailer, now });
  const app = express();
  app.use('/api/sites', search.sitesRouter);
  app.use('/api', notifications.apiRouter);
  const server: http.Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const worker = createWorker({
    dataDir,
    mailer,
    now,
    searchBaseUrl: (country, vertical) => `${base}/api/sites/${country}/${vertical}`,
    publicBaseUrl: PUBLIC,
  });
  return {
    clock,
    search,
    notifications,
    mailer,
    worker,
    app,
    smtp,
    async close() {
      await worker.close();
      mailer.close();
      notifications.close();
      search.close();
      await smtp.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(searchDir, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function createEmailAlert(r: Rig, o: Parameters<typeof subscriptionBody>[0] = {}): Promise<string> {
  const res = await request(r.app)
    .post('/api/notifications/email/subscription')
    .set('Content-Type', JSONAPI)
    .send(JSON.stringify(subscriptionBody(o)));
  expect(res.status, res.text).to.equal(201);
  return (JSON.parse(res.text) as Body).data.id as string;
}

function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]+)"/g)].map((m) => (m[1] ?? '').replace(/&#38;/g, '&'));
}

describe('alert worker', function () {
  this.timeout(30_000);

  describe('e-mail digests', () => {
    let r: Rig;
    beforeEach(async () => {
      r = await rig();
    });
    afterEach(() => r.close());

    it('mails the new matches of an alert to a real SMTP server, once', async () => {
      await r.search.store.writeAds([
        ad('Old flat before the alert', minutes(-60)),
        ad('Another old flat', minutes(-30)),
      ]);
      const alertId = await createEmailAlert(r);
      const fresh = Array.from({ length: 12 }, (_, i) => ad(`Bright flat number ${i + 1}`, minutes(10 + i)));
      await r.search.store.writeAds([
        ...fresh,
        ad('Detached house with garden', minutes(15)),
        ad('Flat in Leeds', minutes(16), { location: { city: 'Leeds' } }),
      ]);
      r.clock.now = minutes(60);

      const report = await r.worker.runOnce({ treatAllDue: true });
      expect(report.digestsQueued).to.equal(1);
      await r.mailer.flush();
      expect(r.smtp.messages).to.have.length(1);
      const received = r.smtp.messages[0]!;
      expect(received.to).to.deep.equal(['a@example.org']);
      const mail = parseMail(received.raw);

      expect(mail.headers.get('subject')).to.equal('12 new ads for flat in London');
      const listUnsubscribe = mail.headers.get('list-unsubscribe') ?? '';
      expect(listUnsubscribe).to.match(
        /^<http:\/\/homes\.uk\.localhost:3000\/api\/notifications\/email\/unsubscribe\?act=[A-Za-z0-9_-]+>$/,
      );
      expect(mail.headers.get('list-unsubscribe-post')).to.equal('List-Unsubscribe=One-Click');

      // Newest first, at most 10, with picture, title, price and place; nothing from before the alert or off the search.
      const titles = [...mail.html.matchAll(/>(Bright flat number \d+)</g)].map((m) => m[1]);
      expect(titles).to.deep.equal(
        fresh
          .slice(2)
          .reverse()
          .map((a) => a.title),
      );
      expect(mail.html).to.not.contain('Old flat');
      expect(mail.html).to.not.contain('Detached house');
      expect(mail.html).to.not.contain('Leeds');
      const newest = fresh[11]!;
      expect(mail.html).to.contain(`src="${newest.images[0]}"`);
      expect(mail.html).to.contain(
        new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 }).format(
          newest.price!.value,
        ),
      );
      expect(mail.html).to.contain('London, England');
      expect(mail.text).to.contain('Bright flat number 12');
      expect(mail.text).to.contain('£');

      const links = hrefs(mail.html);
      const all = links.find((l) => l.includes('/search/'));
      expect(all).to.match(/^http:\/\/homes\.uk\.localhost:3000\/search\/flat\/in\/london\?/);
      expect(new URL(all!).searchParams.get('from')).to.equal('alert');
      expect(new URL(all!).searchParams.get('type_id')).to.equal('2');
      // Every link of the digest into the site is an alert landing (spec §4).
      for (const link of links.filter((l) => l.includes('/search/') || l.includes('/ad/')))
        expect(new URL(link).searchParams.get('alertLanding'), link).to.equal('1');
      const manage = links.find((l) => l.includes('/notifications?act='));
      expect(manage).to.match(/^http:\/\/homes\.uk\.localhost:3000\/notifications\?act=/);
      expect(links).to.include(listUnsubscribe.slice(1, -1));
      expect(links.filter((l) => l.includes('/ad/'))).to.have.length(10);

      const pixel = /<img src="([^"]+\/api\/tracking\/notification\/email\/open[^"]+)"/
        .exec(mail.html)?.[1]
        ?.replace(/&#38;/g, '&');
      expect(pixel).to.be.a('string');
      const p = new URL(pixel!);
      expect(p.origin).to.equal('http://homes.uk.localhost:3000');
      expect(Object.fromEntries(p.searchParams)).to.deep.include({
        country_code: 'uk',
        vertical_id: '1',
        alert_id: alertId,
        alert_type: 'email',
      });

      // The manage link's act token resolves to the alert, the address and its user control token.
      const act = new URL(manage!).searchParams.get('act');
      const resolved = await request(r.app).get(`/api/resolveAct?act=${act}&countrycode=uk&verticalid=1`);
      expect(JSON.parse(resolved.text).data.attributes).to.deep.include({
        search_id: alertId,
        email: 'a@example.org',
        uct: r.notifications.userControlToken('a@example.org'),
      });

      // Running again sends nothing twice.
      r.clock.now = minutes(90);
      expect((await r.worker.runOnce({ treatAllDue: true })).digestsQueued).to.equal(0);
      await r.mailer.flush();
      expect(r.smtp.messages).to.have.length(1);

      // A newer match makes a new digest with only that ad.
      await r.search.store.writeAds([ad('Penthouse flat with terrace', minutes(95))]);
      r.clock.now = minutes(120);
      expect((await r.worker.runOnce({ treatAllDue: true })).digestsQueued).to.equal(1);
      await r.mailer.flush();
      expect(r.smtp.messages).to.have.length(2);
      const second = parseMail(r.smtp.messages[1]!.raw);
      expect(second.headers.get('subject')).to.equal('1 new ad for flat in London');
      expect(second.html).to.contain('Penthouse flat with terrace');
      expect(second.html).to.not.contain('Bright flat number');

      // RFC 8058 one-click: POST to the List-Unsubscribe URL disables the alert; then nothing more arrives.
      const u = new URL(listUnsubscribe.slice(1, -1));
      const post = await request(r.app)
        .post(`${u.pathname}${u.search}`)
        .type('form')
        .send('List-Unsubscribe=One-Click');
      expect(post.status).to.equal(200);
      await r.search.store.writeAds([ad('Studio flat', minutes(130))]);
      r.clock.now = minutes(150);
      expect((await r.worker.runOnce({ treatAllDue: true })).emailAlertsChecked).to.equal(0);
      await r.mailer.flush();
      expect(r.smtp.messages).to.have.length(2);
    });

    it('sends no e-mail when nothing new matched, and writes in the site language', async () => {
      await createEmailAlert(r, { what: 'nothing like this', where: '' });
      await createEmailAlert(r, { email: 'b@example.org', country: 'es', what: 'piso', where: 'Madrid' });
      await r.search.store.writeAds([
        ad('Piso luminoso', minutes(5), {
          country: 'es',
          location: { cityId: 3117735, regionId: 90005015, city: 'Madrid' },
          currency: 'EUR',
          price: { value: 1250 },
        }),
      ]);
      r.clock.now = minutes(30);
      const report = await r.worker.runOnce({ treatAllDue: true });
      expect(report.emailAlertsChecked).to.equal(2);
      expect(report.digestsQueued).to.equal(1);
      await r.mailer.flush();
      expect(r.smtp.messages).to.have.length(1);
      const mail = parseMail(r.smtp.messages[0]!.raw);
      expect(r.smtp.messages[0]!.to).to.deep.equal(['b@example.org']);
      expect(mail.headers.get('subject')).to.equal('1 anuncio nuevo para piso en Madrid');
      expect(mail.html).to.contain('Ver todos los resultados');
      expect(mail.html).to.contain(
        new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(1250),
      );
    });

    it('runs daily alerts at the digest hour and weekly alerts on their weekday only', async () => {
      const daily = await createEmailAlert(r, { what: 'flat' });
      await createEmailAlert(r, { email: 'w@example.org', notification: { frequency: 'weekly' } });
      await r.search.store.writeAds([ad('Garden flat', minutes(10))]);
      r.clock.now = minutes(30); // 06:30 Monday: before the 07:00 slot
      expect((await r.worker.runOnce()).emailAlertsChecked).to.equal(0);
      r.clock.now = minutes(61); // 07:01 Monday: both due
      const report = await r.worker.runOnce();
      expect(report.emailAlertsChecked).to.equal(2);
      expect(report.digestsQueued).to.equal(2);
      await r.search.store.writeAds([ad('Canal flat', minutes(120))]);
      r.clock.now = new Date('2025-06-03T07:05:00Z'); // Tuesday: only the daily one
      const tuesday = await r.worker.runOnce();
      expect(tuesday.emailAlertsChecked).to.equal(1);
      expect(tuesday.digestsQueued).to.equal(1);
      expect(daily).to.be.a('string');
    });
  });

  it('loses nothing and sends nothing twice when the SMTP server stops in the middle of a round', async () => {
    const r = await rig({ stopAfter: 2 });
    try {
      const emails = ['one', 'two', 'three', 'four', 'five'].map((n) => `${n}@example.org`);
      for (const email of emails) await createEmailAlert(r, { email });
      await r.search.store.writeAds([ad('Riverside flat', minutes(5)), ad('Loft flat', minutes(6))]);
      r.clock.now = minutes(30);
      const report = await r.worker.runOnce({ treatAllDue: true });
      expect(report.digestsQueued).to.equal(5);
      await r.mailer.flush(); // the server is gone: nothing more goes out
      expect(r.smtp.messages).to.have.length(2);
      expect((await r.worker.runOnce({ treatAllDue: true })).digestsQueued).to.equal(0);

      await r.smtp.restart();
      expect(await r.mailer.flush()).to.equal(3);
      expect(await r.mailer.flush()).to.equal(0);
      expect((await r.worker.runOnce({ treatAllDue: true })).digestsQueued).to.equal(0);
      await r.mailer.flush();
      const recipients = r.smtp.messages.map((m) => m.to[0]).sort();
      expect(recipients).to.deep.equal([...emails].sort());
      const ids = r.smtp.messages.map((m) => parseMail(m.raw).headers.get('message-id'));
      expect(new Set(ids).size).to.equal(5);
    } finally {
      await r.close();
    }
  });

  describe('web push', () => {
    let r: Rig;
    let push: PushServiceStub;
    beforeEach(async () => {
      r = await rig();
      push = await startPushService();
    });
    afterEach(async () => {
      await push.close();
      await r.close();
    });

    async function browserAlert(
      name: string,
      keys: BrowserKeys,
    ): Promise<{ subscriptionId: string; searchId: string }> {
      const sub = await request(r.app)
        .post('/api/notifications/browser/subscription')
        .set('Content-Type', JSONAPI)
        .send(
          JSON.stringify({
            data: {
              type: 'subscriptions',
              attributes: {
                endpoint: push.endpoint(name),
                public_key: keys.publicKey,
                auth_token: keys.auth,
                cookie_id: 'c',
                device_id: 2,
              },
            },
          }),
        );
      expect(sub.status, sub.text).to.equal(201);
      const subscriptionId = JSON.parse(sub.text).data.id as string;
      const search = await request(r.app)
        .post(`/api/notifications/browser/subscription/${subscriptionId}/searches`)
        .set('Content-Type', JSONAPI)
        .send(
          JSON.stringify({
            data: {
              type: 'searches',
              attributes: {
                site: { country_code: 'uk', vertical_id: 1 },
                search: { query: { what: 'flat', vertical_properties: { where: 'London', deal_type_id: 2 } } },
              },
            },
          }),
        );
      expect(search.status, search.text).to.equal(201);
      return { subscriptionId, searchId: JSON.parse(search.text).data.id as string };
    }

    it('sends an encrypted push the browser decrypts, and drops the subscription on 410', async () => {
      const keys = browserKeys();
      const { subscriptionId, searchId } = await browserAlert('a', keys);
      await r.search.store.writeAds([
        ad('Sunny flat', minutes(5)),
        ad('Quiet flat', minutes(6)),
        ad('Big flat', minutes(7)),
      ]);
      r.clock.now = minutes(20);
      const report = await r.worker.runOnce({ treatAllDue: true });
      expect(report.pushesSent).to.equal(1);
      expect(push.requests).to.have.length(1);
      const req = push.requests[0]!;
      expect(req.path).to.equal('/push/a');
      expect(req.headers['content-encoding']).to.equal('aes128gcm');
      expect(Number(req.headers.ttl)).to.be.greaterThan(0);
      const vapid = checkVapid(String(req.headers.authorization), push.origin);
      expect(vapid.publicKey).to.equal(r.notifications.vapidPublicKey);
      expect(String(vapid.claims.sub)).to.match(/^mailto:|^https:/);

      const payload = JSON.parse(decryptPush(req.body, keys)) as Body;
      expect(payload.title).to.equal('3 new ads for flat in London');
      expect(payload.body).to.contain('Big flat');
      expect(payload.send_id).to.match(/^[0-9a-f]{32}$/);
      expect(payload.alert_id).to.equal(searchId);
      const url = new URL(payload.url as string);
      expect(url.origin).to.equal('http://homes.uk.localhost:3000');
      expect(url.pathname).to.equal('/search/flat/in/london');
      expect(url.searchParams.get('from')).to.equal('alert');
      expect(url.searchParams.get('alertLanding')).to.equal('1');
      expect(url.searchParams.get('origin')).to.equal('23');
      expect(url.searchParams.get('send_id')).to.equal(payload.send_id);

      // Nothing new: nothing sent.
      r.clock.now = minutes(40);
      await r.worker.runOnce({ treatAllDue: true });
      expect(push.requests).to.have.length(1);

      // The push service says the subscription is gone: it goes.
      await r.search.store.writeAds([ad('Corner flat', minutes(45))]);
      push.answers.push(410);
      r.clock.now = minutes(60);
      const gone = await r.worker.runOnce({ treatAllDue: true });
      expect(gone.subscriptionsRemoved).to.equal(1);
      expect(push.requests).to.have.length(2);
      expect((await request(r.app).get(`/api/notifications/browser/subscription/${subscriptionId}`)).status).to.equal(
        404,
      );
      await r.search.store.writeAds([ad('Garden flat', minutes(65))]);
      r.clock.now = minutes(80);
      await r.worker.runOnce({ treatAllDue: true });
      expect(push.requests).to.have.length(2);
    });

    it('retries other failures with backoff, recording attempts', async () => {
      const keys = browserKeys();
      await browserAlert('b', keys);
      await r.search.store.writeAds([ad('Tall flat', minutes(5))]);
      push.answers.push(503);
      r.clock.now = minutes(20);
      const first = await r.worker.runOnce({ treatAllDue: true });
      expect(first.pushesRetrying).to.equal(1);
      const row = r.notifications.store.db.prepare('SELECT * FROM push_deliveries').get() as Body;
      expect(row).to.deep.include({ status: 'pending', attempts: 1, next_attempt_at: minutes(21).getTime() });
      expect(row.last_error).to.contain('503');
      await r.worker.runOnce({ treatAllDue: true });
      expect(push.requests).to.have.length(1);
      r.clock.now = minutes(22);
      const second = await r.worker.runOnce({ treatAllDue: true });
      expect(second.pushesSent).to.equal(1);
      expect(push.requests).to.have.length(2);
      expect(JSON.parse(decryptPush(push.requests[1]!.body, keys)).title).to.equal('1 new ad for flat in London');
      expect(r.notifications.store.db.prepare('SELECT status, attempts FROM push_deliveries').get()).to.deep.equal({
        status: 'sent',
        attempts: 2,
      });
    });
  });
});
