import { expect } from 'chai';
import request from 'supertest';
import { ActTokens } from '../../src/services/notifications/tokens';
import { messagesFor } from '../../src/shared/i18n/messages';
import { SEEDING_MS, startTestServer, type TestServer } from '../support/testServer';
import { stateOf } from '../support/pageState';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const JSONAPI = 'application/vnd.api+json';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('notifications manager pages (web role)', function () {
  this.timeout(30_000);
  let server: TestServer;
  let alertId: string;
  const email = 'manager@example.org';
  const host = () => `homes.uk.localhost:${server.port}`;
  const get = (path: string, h = host()) => request(server.url).get(path).set('User-Agent', IPHONE).set('Host', h);

  /** Saves a uk homes alert of "flat" for an address; its id. */
  const subscribe = async (address: string, where: string, dealType: number, filters: Record<string, unknown>) => {
    const res = await request(server.url)
      .post('/api/notifications/email/subscription')
      .set('Content-Type', JSONAPI)
      .send(
        JSON.stringify({
          data: {
            type: 'subscriptions',
            attributes: {
              site: { country_code: 'uk', vertical_id: 1 },
              user: { email: address },
              search: {
                query: { what: 'flat', filters, vertical_properties: { where, deal_type_id: dealType } },
              },
              notification: { frequency: 'daily', active: true, suggested: false },
              context: { section_id: 10, origin_id: 1, device_type: 2, total_results: 10 },
            },
          },
        }),
      );
    expect(res.status, res.text).to.equal(201);
    return (JSON.parse(res.text) as Doc).data.id as string;
  };

  before(async function () {
    this.timeout(SEEDING_MS);
    server = await startTestServer({ seed: true });
    alertId = await subscribe(email, 'London', 2, {});
  });
  after(() => server.close());

  const actFor = (id: string, address: string, ttl?: number) =>
    ActTokens.fromDataDir(server.dataDir).issue(id, address, Math.floor(Date.now() / 1000), ttl);

  it('server-renders the address and its alerts from the act link of an e-mail, noindex', async () => {
    const res = await get(`/notifications?act=${actFor(alertId, email)}`).expect(200);
    expect(res.text).to.include('<meta name="robots" content="noindex');
    expect(res.text).to.include('Alerts sent to manager@example.org');
    expect(res.text).to.include('flat in London');
    expect(res.text).to.include(`data-alert-id="${alertId}"`);
    const state = stateOf(res.text);
    expect(state.notifications.emailStatus).to.equal('loaded');
    expect(state.notifications.user.email).to.equal(email);
    expect(state.notifications.linkedAlertId).to.equal(alertId);
    expect(state.notifications.emailAlerts).to.have.length(1);
    // The head (and so any link built from it) carries no credentials.
    expect(state.page.head.canonical).to.equal(`http://${host()}/notifications`);
  });

  it('tells alerts of the same words apart by their vertical, deal type and filters', async () => {
    const address = 'lists@example.org';
    const rent = await subscribe(address, 'Dublin', 2, { rooms_min: 2, price_min: 500, price_max: 900 });
    const res = await get(`/notifications?act=${actFor(rent, address)}`).expect(200);
    const details = [...res.text.matchAll(/<p class="nm-alert__details">([^<]*)<\/p>/g)].map((m) => m[1]);
    const en = messagesFor('en-GB') as Record<string, string>;
    expect(details).to.deep.equal([`Homes · ${en['ref.dealType.2']} · Filters (2)`]);
  });

  it('answers a forged or expired act link with a clear page, not an error', async () => {
    const forged = `${actFor(alertId, email).slice(0, -4)}AAAA`;
    const bad = await get(`/notifications?act=${forged}`).expect(200);
    expect(bad.text).to.include('This link is not valid.');
    expect(bad.text).to.include('<meta name="robots" content="noindex');
    expect(stateOf(bad.text).notifications.user).to.equal(null);

    const expired = await get(`/notifications?act=${actFor(alertId, email, -10)}`).expect(200);
    expect(expired.text).to.include('This link has expired.');

    const garbage = await get('/notifications?act=not-a-token').expect(200);
    expect(garbage.text).to.include('This link is not valid.');
  });

  it('loads the list from the address and token of a deletion link, with the confirmation open', async () => {
    const uct = server.services.notifications.userControlToken(email);
    const res = await get(
      `/notifications?notificationId=${alertId}&email=${encodeURIComponent(email)}&userControlToken=${uct}`,
    ).expect(200);
    expect(res.text).to.include('role="dialog"');
    expect(res.text).to.include('Cancel this alert?');
    expect(stateOf(res.text).notifications.pendingDeletion).to.include({ kind: 'email', notificationId: alertId });
  });

  it('says a wrong token is not a valid link', async () => {
    const res = await get(
      `/notifications?email=${encodeURIComponent(email)}&userControlToken=${'x'.repeat(43)}`,
    ).expect(200);
    expect(res.text).to.include('This link is not valid.');
  });

  it('renders the manager without credentials as a page that loads in the browser', async () => {
    const res = await get('/notifications').expect(200);
    expect(res.text).to.include('<title>E-mail alerts | Trawl</title>');
    expect(stateOf(res.text).notifications.emailStatus).to.equal('idle');
  });

  it('renders the web push and settings areas, noindex, in the site language', async () => {
    const push = await get('/notifications/push').expect(200);
    expect(push.text).to.include('<title>Browser alerts | Trawl</title>');
    expect(push.text).to.include('<meta name="robots" content="noindex');
    const settings = await get('/notifications/settings', `homes.es.localhost:${server.port}`).expect(200);
    expect(settings.text).to.include('Ajustes de notificaciones | Trawl');
    expect(settings.text).to.include('Las alertas por correo llegan una vez al día');
  });

  it('lists a browser subscription from the URL on the server', async () => {
    const res = await get('/notifications/push?subscription=0123456789abcdef0123456789abcdef').expect(200);
    expect(stateOf(res.text).notifications.isExpired).to.equal(true);
    expect(res.text).to.include('subscription has expired');
  });

  it('offers an alert on a results page, and not for jobs from alert e-mails in es and us', async () => {
    const button = /<button[^>]*class="[^"]*alert-creation__save/;
    const ok = await get('/search/flat/in/london').expect(200);
    expect(ok.text).to.match(button);
    expect(ok.text).to.include('>Create an alert</button>');
    const jobsEs = await get('/search/camarero?origin=20', `jobs.es.localhost:${server.port}`).expect(200);
    expect(jobsEs.text).not.to.match(button);
    const jobsEsDirect = await get('/search/camarero?origin=1', `jobs.es.localhost:${server.port}`).expect(200);
    expect(jobsEsDirect.text).to.match(button);
    const jobsUk = await get('/search/nurse?origin=20', `jobs.uk.localhost:${server.port}`).expect(200);
    expect(jobsUk.text).to.match(button);
  });
});
