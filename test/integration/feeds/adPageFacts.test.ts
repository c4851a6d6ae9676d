import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import request from 'supertest';
import { FeedImporter } from '../../../src/services/feeds/FeedImporter';
import { Gazetteer } from '../../../src/services/places/Gazetteer';
import type { SqliteSearchStore } from '../../../src/services/search/SqliteSearchStore';
import type { SiteKey } from '../../../src/services/search/types';
import { startTestServer, type TestServer } from '../../support/testServer';
import { fixture } from './feedKit';

/** The facts of an ad page, as its `<dl class="facts">` lists them: label → value, in order. */
function factsOf(html: string): [string, string][] {
  const list = /<dl class="facts">([\s\S]*?)<\/dl>/.exec(html)?.[1] ?? '';
  return [...list.matchAll(/<dt>([^<]*)<\/dt><dd>([^<]*)<\/dd>/g)].map((m) => [
    m[1] as string,
    (m[2] as string).replace(/&nbsp;|\u00a0|\u202f/g, ' '),
  ]);
}

describe("an imported ad's facts on its page (AdPage's Facts)", function () {
  this.timeout(60_000);
  let server: TestServer;
  const imports: [string, SiteKey, number][] = [
    ['cars-uk.xml', { country: 'uk', vertical: 'cars' }, 801],
    ['jobs-uk.xml', { country: 'uk', vertical: 'jobs' }, 802],
    ['homes-es.xml', { country: 'es', vertical: 'homes' }, 803],
  ];
  before(async () => {
    server = await startTestServer();
    const store = server.services.search.store as SqliteSearchStore;
    const importFeed = (file: string, site: SiteKey, sourceId: number) =>
      new FeedImporter({ store, gazetteer: Gazetteer.shared(), site, sourceId, file }).run();
    for (const [file, site, sourceId] of imports) await importFeed(fixture(file), site, sourceId);
    // The same Golf on a German site, its power in kilowatts as the British feed gives it.
    const golf = fs
      .readFileSync(fixture('cars-uk.xml'), 'utf8')
      .replace(/<city>Chelsea<\/city>\s*<region>England<\/region>/, '<city>Berlin</city>');
    const german = path.join(server.dataDir, 'cars-de.xml');
    fs.writeFileSync(german, golf);
    await importFeed(german, { country: 'de', vertical: 'cars' }, 804);
  });
  after(async () => {
    await server?.close();
  });
  const page = async (sourceId: number, partnerId: string, host: string) => {
    const store = server.services.search.store as SqliteSearchStore;
    const [ad] = store.getAdsByPartnerSync(sourceId, [partnerId]);
    if (!ad) throw new Error(`no ad ${partnerId} of source ${sourceId}`);
    const res = await request(server.app).get(`/ad/${ad.id}`).set('Host', `${host}.localhost`).expect(200);
    return factsOf(res.text);
  };

  it("shows a car's engine, power, seats, CO₂ and warranty as its partner gave them", async () => {
    const facts = await page(801, 'C1', 'cars.uk');
    expect(facts).to.deep.include.members([
      ['Engine (cc)', '1,498'],
      // 110 kW, as the feed gives it, in horsepower.
      ['Power (hp)', '148'],
      ['Seats', '5'],
      ['CO₂ (g/km)', '123'],
      ['Warranty', 'Yes'],
      ['Mileage', '45,000 mi'],
    ]);
  });

  it('shows power in the horsepower of the site: PS in Germany, from the same 110 kW', async () => {
    const facts = await page(804, 'C1', 'cars.de');
    expect(facts).to.deep.include(['Leistung (PS)', '150']);
    expect(facts).to.deep.include(['Garantie', 'Ja']);
  });

  it('shows that a job can be done from home, as the filter names it', async () => {
    expect(await page(802, 'J1', 'jobs.uk')).to.deep.include(['Remote work', 'Yes']);
    // A job its feed says is not remote: no row (a "No" would also show where a feed said nothing).
    expect((await page(802, 'J2', 'jobs.uk')).map(([label]) => label)).to.not.include('Remote work');
  });

  it("shows a home's floor, parking, new build and furniture in the site's language, and only what it has", async () => {
    const flat = await page(803, 'H1', 'homes.es');
    expect(flat).to.deep.include.members([
      ['Planta', '4'],
      ['Garaje', 'Sí'],
      ['Obra nueva', 'Sí'],
    ]);
    expect(flat.map(([label]) => label)).to.not.include('Amueblado');
    expect(await page(803, 'H2', 'homes.es')).to.deep.include(['Amueblado', 'Sí']);
    // "No" in the feed: not listed, as a home whose feed says nothing of it.
    const house = (await page(803, 'H3', 'homes.es')).map(([label]) => label);
    for (const label of ['Amueblado', 'Garaje', 'Obra nueva']) expect(house, label).to.not.include(label);
    expect(house).to.include('Habitaciones');
  });
});
