import path from 'node:path';
import { expect } from 'chai';
import { runCli } from '../../support/cli';
import {
  JSONAPI,
  MOBILE_UA,
  DESKTOP_UA,
  BOT_UA,
  clickBody,
  clickoutApp,
  type ClickoutApp,
} from '../clickout/clickoutApp';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const CLI = path.resolve('src/services/report/cli.ts');

/** Runs the report CLI as `npm run report` does (tsx), on a data dir. */
const report = (dataDir: string, ...args: string[]) => runCli(CLI, dataDir, args);

describe('report: npm run report and GET /api/report', function () {
  this.timeout(60_000);
  let s: ClickoutApp;

  const click = (adId: string, cookie: string, ua = MOBILE_UA) =>
    s.http
      .post('/api/clickout/clicks')
      .set('Content-Type', JSONAPI)
      .set('User-Agent', ua)
      .send(JSON.stringify(clickBody(adId, { cookie })))
      .expect(201);

  before(async () => {
    s = await clickoutApp();
    // Day 1 (2025-06-01): source 1: 3 billed (2 mobile 0.12, 1 desktop 0.20), 1 double, 1 bot; source 2: 1 unbilled.
    await click('es-paid-1', 'a');
    await click('es-paid-1', 'a');
    await click('es-paid-2', 'a');
    await click('es-paid-1', 'b', DESKTOP_UA);
    await click('es-paid-1', 'c', BOT_UA);
    await click('es-free-1', 'a');
    await s.http
      .post('/api/tracking/listing/impressions')
      .set('Content-Type', JSONAPI)
      .send(
        JSON.stringify({
          data: {
            type: 'ad_impressions',
            attributes: {
              site: { country_code: 'es', vertical_id: 1 },
              user: { ip: '203.0.113.1', cookie_id: 'a' },
              ads: [
                ...Array.from({ length: 8 }, (_, i) => ({ id: `es-paid-${i}`, source_id: 1, position: i + 1 })),
                { id: 'es-free-1', source_id: 2, position: 9 },
                { id: 'es-free-2', source_id: 2, position: 10 },
              ],
            },
          },
        }),
      )
      .expect(201);
    await s.http
      .post('/api/sources/lead/es-paid-1')
      .set('Content-Type', JSONAPI)
      .send(
        JSON.stringify({
          data: {
            type: 'leads',
            attributes: { country: 'es', vertical: 1, user: { name: 'Bo', email: 'bo@example.org', message: 'Hi' } },
          },
        }),
      )
      .expect(201);
    // Day 2 (2025-06-02): source 3 (uk cars): 1 billed mobile 0.30.
    s.clock.advance(24 * 3600_000);
    await s.http
      .post('/api/clickout/clicks')
      .set('Content-Type', JSONAPI)
      .set('User-Agent', MOBILE_UA)
      .send(JSON.stringify(clickBody('uk-car-1', { site: ['uk', 'cars'] })))
      .expect(201);
  });
  after(() => s.close());

  it('prints totals and one row per source and day with --json', async () => {
    const { stdout, code, stderr } = await report(s.dataDir, '--json');
    expect(code, stderr).to.equal(0);
    const out = JSON.parse(stdout) as Body;
    expect(out.totals).to.deep.equal({ clickouts: 7, billableClicks: 4, revenue: 0.74, impressions: 10, leads: 1 });
    expect(out.rows).to.deep.equal([
      {
        day: '2025-06-01',
        sourceId: 1,
        sourceName: 'Casas Uno',
        country: 'es',
        vertical: 'homes',
        currency: 'EUR',
        clickouts: 5,
        billableClicks: 3,
        revenue: 0.44,
        impressions: 8,
        ctr: 0.625,
        leads: 1,
      },
      {
        day: '2025-06-01',
        sourceId: 2,
        sourceName: 'Barato Pisos',
        country: 'es',
        vertical: 'homes',
        currency: 'EUR',
        clickouts: 1,
        billableClicks: 0,
        revenue: 0,
        impressions: 2,
        ctr: 0.5,
        leads: 0,
      },
      {
        day: '2025-06-02',
        sourceId: 3,
        sourceName: 'Motors UK',
        country: 'uk',
        vertical: 'cars',
        currency: 'GBP',
        clickouts: 1,
        billableClicks: 1,
        revenue: 0.3,
        impressions: 0,
        ctr: null,
        leads: 0,
      },
    ]);
  });

  it('limits the days with --from and --to, and prints a table without --json', async () => {
    const one = JSON.parse(
      (await report(s.dataDir, '--json', '--from', '2025-06-02', '--to', '2025-06-02')).stdout,
    ) as Body;
    expect(one.totals).to.deep.equal({ clickouts: 1, billableClicks: 1, revenue: 0.3, impressions: 0, leads: 0 });
    const { stdout } = await report(s.dataDir);
    expect(stdout).to.match(/day\s+source\s+site\s+click-outs\s+billable\s+revenue\s+impressions\s+CTR\s+leads/);
    expect(stdout).to.match(/2025-06-01\s+Casas Uno \(1\)\s+es\/homes\s+5\s+3\s+0\.44 EUR\s+8\s+62\.50%\s+1/);
    expect(stdout).to.match(/total\s+7\s+4\s+0\.74\s+10\s+70\.00%\s+1/);
  });

  it('refuses a bad option with exit code 2, and reports nothing on an empty data dir', async () => {
    expect((await report(s.dataDir, '--from', '1 June')).code).to.equal(2);
    expect((await report(s.dataDir, '--nope')).code).to.equal(2);
    const empty = JSON.parse((await report(path.join(s.dataDir, 'nothing-here'), '--json')).stdout) as Body;
    expect(empty).to.deep.equal({
      totals: { clickouts: 0, billableClicks: 0, revenue: 0, impressions: 0, leads: 0 },
      rows: [],
    });
  });

  it('serves the report page to the token only', async () => {
    const none = await s.http.get('/api/report');
    expect(none.status).to.equal(401);
    expect(none.headers['www-authenticate']).to.contain('Bearer');
    expect((await s.http.get('/api/report?token=wrong')).status).to.equal(403);
    expect((await s.http.get(`/api/report?token=${s.reportToken}x`)).status).to.equal(403);
    const page = await s.http.get(`/api/report?token=${s.reportToken}`).expect(200);
    expect(page.headers['content-type']).to.contain('text/html');
    expect(page.headers['cache-control']).to.equal('no-store');
    expect(page.text).to.contain('<td>Casas Uno (1)</td>');
    expect(page.text).to.contain('<td class="n">0.74</td>');
    const bearer = await s.http
      .get('/api/report?from=2025-06-02')
      .set('Authorization', `Bearer ${s.reportToken}`)
      .expect(200);
    expect(bearer.text).to.contain('Motors UK').and.not.contain('Casas Uno');
    expect((await s.http.get(`/api/report?token=${s.reportToken}&from=yesterday`)).status).to.equal(400);
  });
});
