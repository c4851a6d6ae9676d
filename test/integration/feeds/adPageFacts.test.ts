import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import express from 'express';
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
    /** A feed's text written beside the store and imported into that site, as that source. */
    const importText = async (name: string, text: string, site: SiteKey, sourceId: number) => {
      const file = path.join(server.dataDir, name);
      fs.writeFileSync(file, text);
      await importFeed(file, site, sourceId);
    };
    /** The Golf in another city, its fuel consumption written another way if given. */
    const golfIn = (city: string, consumption?: string) => {
      const moved = golf.replace('<city>Berlin</city>', `<city>${city}</city>`);
      return consumption === undefined
        ? moved
        : moved.replace(/<fuel_consumption>[^<]*/, `<fuel_consumption>${consumption}`);
    };
    await importText('cars-de.xml', golf, { country: 'de', vertical: 'cars' }, 804);
    // And on the American site, its fuel economy in miles per US gallon as an American dealer writes it.
    await importText('cars-us.xml', golfIn('Boston', '31'), { country: 'us', vertical: 'cars' }, 805);
    // And where visitors read kilometres per litre (decision 099): a Japanese dealer's figure written
    // without its unit, a Brazilian one's with it, a Mexican feed's in the format's litres.
    await importText('cars-jp.xml', golfIn('Osaka', '18.5'), { country: 'jp', vertical: 'cars' }, 808);
    await importText('cars-br.xml', golfIn('Curitiba', '12,5 km/l'), { country: 'br', vertical: 'cars' }, 809);
    await importText('cars-mx.xml', golfIn('Guadalajara'), { country: 'mx', vertical: 'cars' }, 810);
    // A German job whose salary is one figure, written the partner's way.
    const jobs = fs.readFileSync(fixture('jobs-uk.xml'), 'utf8');
    const job = jobs
      .replace('£45,000 - £55,000 per year', '€52.000')
      .replace('<city>Leeds</city>', '<city>Berlin</city>');
    await importText('jobs-de.xml', job, { country: 'de', vertical: 'jobs' }, 806);
    // Spanish homes whose partner says more of them: a rental by its owner with an option to buy and the
    // way it faces, a bank's flat for sale, and a foreclosure whose type already says it.
    const homes = fs.readFileSync(fixture('homes-es.xml'), 'utf8');
    await importText(
      'homes-es-2.xml',
      homes
        .replace(
          '<by_owner>0</by_owner>',
          '<by_owner>1</by_owner><is_rent_to_own>yes</is_rent_to_own><orientation>Sur-este</orientation>',
        )
        .replace('<agency><![CDATA[Inmobiliaria Serrano]]></agency>', '<foreclosure>true</foreclosure>')
        .replace('<TYPE>ALQUILER</TYPE>', '<TYPE>Unlisted foreclosure</TYPE><FORECLOSURE>1</FORECLOSURE>')
        .replace('<PRICE Period="Monthly">1500</PRICE>', '<PRICE>150000</PRICE>'),
      { country: 'es', vertical: 'homes' },
      811,
    );
    // British jobs paid in dollars, and with a salary longer than a price's line.
    await importText(
      'jobs-uk-2.xml',
      jobs
        .replace('<id>J1</id>', '<id>J1</id><expiration_date>31/12/2099</expiration_date>')
        .replace('£45,000 - £55,000 per year', '$60,000')
        .replace('£2,000 per month', '£30,000 - £40,000 per annum plus car allowance and benefits'),
      { country: 'uk', vertical: 'jobs' },
      807,
    );
  });
  after(async () => {
    await server?.close();
  });
  const html = async (sourceId: number, partnerId: string, host: string) => {
    const store = server.services.search.store as SqliteSearchStore;
    const [ad] = store.getAdsByPartnerSync(sourceId, [partnerId]);
    if (!ad) throw new Error(`no ad ${partnerId} of source ${sourceId}`);
    const res = await request(server.app).get(`/ad/${ad.id}`).set('Host', `${host}.localhost`).expect(200);
    return res.text;
  };
  const page = async (sourceId: number, partnerId: string, host: string) =>
    factsOf(await html(sourceId, partnerId, host));
  /** The page's schema.org data. */
  const linkedData = async (sourceId: number, partnerId: string, host: string) => {
    const text = await html(sourceId, partnerId, host);
    const json = /<script type="application\/ld\+json"(?: nonce="[^"]+")?>(.*?)<\/script>/.exec(text)?.[1];
    return JSON.parse(json ?? 'null') as Record<string, unknown>;
  };

  it("shows a car's engine, power, seats, CO₂, fuel economy and warranty as its partner gave them", async () => {
    const facts = await page(801, 'C1', 'cars.uk');
    expect(facts).to.deep.include.members([
      ['Engine (cc)', '1,498'],
      // 110 kW, as the feed gives it, in horsepower.
      ['Power (hp)', '148'],
      ['Seats', '5'],
      ['CO₂ (g/km)', '123'],
      ['Warranty', 'Yes'],
      ['Mileage', '45,000 mi'],
      // 5.4 l/100 km, as the feed gives it, in miles per imperial gallon.
      ['Fuel economy (mpg)', '52'],
    ]);
  });

  it("shows a car's fuel consumption in the site's measure: l/100 km in Germany, US mpg in America", async () => {
    expect(await page(804, 'C1', 'cars.de')).to.deep.include(['Verbrauch (l/100 km)', '5,4']);
    // 31 mpg, stored as 7.588 l/100 km, read back as the dealer wrote it.
    expect(await page(805, 'C1', 'cars.us')).to.deep.include(['Fuel economy (mpg)', '31']);
  });

  it("shows a car's fuel economy in kilometres per litre where its visitors read it so: Japan, Brazil (decision 099)", async () => {
    expect(await page(808, 'C1', 'cars.jp')).to.deep.include(['燃費（km/L）', '18.5']);
    expect(await page(809, 'C1', 'cars.br')).to.deep.include(['Consumo (km/l)', '12,5']);
    // The British feed's 5.4 (under 10: the format's litres per 100 km) as a Mexican reads it.
    expect(await page(810, 'C1', 'cars.mx')).to.deep.include(['Rendimiento (km/l)', '18.5']);
  });

  it("shows a job's salary as its partner wrote it when it says more than a figure, and its studies", async () => {
    const j1 = await page(802, 'J1', 'jobs.uk');
    expect(j1).to.deep.include.members([
      ['Salary', '£45,000 - £55,000 per year'],
      ['Education', 'Degree in Computer Science'],
    ]);
    // A monthly salary is not shown as the yearly figure the import compares it by (£24,000).
    expect(await page(802, 'J2', 'jobs.uk')).to.deep.include(['Salary', '£2,000 per month']);
    // One figure in the site's currency: written as the site writes money.
    expect(await page(806, 'J1', 'jobs.de')).to.deep.include.members([
      ['Gehalt', '52.000 €'],
      ['Abschluss', 'Degree in Computer Science'],
    ]);
    // In another currency ("$60,000" on a British site), in it: never pounds.
    expect(await page(807, 'J1', 'jobs.uk')).to.deep.include(['Salary', 'US$60,000']);
  });

  it("filters a job paid in another currency by its salary in the site's", async () => {
    // $60,000 is ~£47,200 (0.85 / 1.08 pounds a dollar): above £45,000, not £50,000 nor £47,500.
    const api = express().use('/api/sites', server.services.search.sitesRouter);
    const found = async (salaryMin: number): Promise<string[]> => {
      const res = await request(api).get(`/api/sites/uk/jobs/search?filters[salaryMin]=${salaryMin}&page[size]=50`);
      // No job at all: a 404 that says so.
      if (res.status === 404) return [];
      expect(res.status).to.equal(200);
      return (res.body as { data: { id: string }[] }).data.map((a) => a.id);
    };
    const id = (await (server.services.search.store as SqliteSearchStore).getAdByPartner(807, 'J1'))?.id;
    expect(id).to.be.a('string');
    expect(await found(45000)).to.include(id);
    expect(await found(47000)).to.include(id);
    expect(await found(47500)).to.not.include(id);
    expect(await found(50000)).to.not.include(id);
  });

  it("heads a job's page with its salary as written, cut to a price's line", async () => {
    const headline = async (partnerId: string) =>
      /<p class="ad-page__price"><strong>([^<]*)<\/strong>/.exec(await html(807, partnerId, 'jobs.uk'))?.[1];
    expect(await headline('J1')).to.equal('US$60,000');
    expect(await headline('J2')).to.equal('£30,000 - £40,000 per annum plus car…');
    expect(await page(807, 'J2', 'jobs.uk')).to.deep.include([
      'Salary',
      '£30,000 - £40,000 per annum plus car allowance and benefits',
    ]);
  });

  it('describes an imported job to job search engines: its yearly pay, hours, contract and remote work', async () => {
    const j1 = await linkedData(802, 'J1', 'jobs.uk');
    expect(j1).to.deep.include({
      '@type': 'JobPosting',
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'GBP',
        value: { '@type': 'QuantitativeValue', minValue: 45000, unitText: 'YEAR' },
      },
      // Full time and permanent: schema.org has a type for the hours only.
      employmentType: ['FULL_TIME'],
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'Country', name: 'GB' },
    });
    // Part time on a fixed term, £2,000 a month, not remote.
    const j2 = await linkedData(802, 'J2', 'jobs.uk');
    expect(j2.employmentType).to.deep.equal(['PART_TIME', 'TEMPORARY']);
    expect(j2.baseSalary).to.deep.nested.include({ 'value.minValue': 24000 });
    // One figure is the salary itself.
    expect((await linkedData(806, 'J1', 'jobs.de')).baseSalary).to.deep.include({
      currency: 'EUR',
      value: { '@type': 'QuantitativeValue', value: 52000, unitText: 'YEAR' },
    });
    expect(j2).to.not.have.any.keys('jobLocationType', 'applicantLocationRequirements', 'validThrough');
    // A job with a closing date says when it closes: the end of its last day. Its pay in its currency.
    const dollars = await linkedData(807, 'J1', 'jobs.uk');
    expect(dollars.validThrough).to.equal('2100-01-01T00:00:00.000Z');
    expect(dollars.baseSalary).to.deep.include({
      currency: 'USD',
      value: { '@type': 'QuantitativeValue', value: 60000, unitText: 'YEAR' },
    });
  });

  it('describes an imported car as a schema.org Car, in the units of the site', async () => {
    const uk = await linkedData(801, 'C1', 'cars.uk');
    expect(uk).to.deep.include({
      '@type': 'Car',
      brand: { '@type': 'Brand', name: 'Volkswagen' },
      model: 'Golf',
      vehicleModelDate: '2021',
      mileageFromOdometer: { '@type': 'QuantitativeValue', value: 45000, unitCode: 'SMI' },
      fuelType: 'Petrol',
      numberOfDoors: 5,
      vehicleSeatingCapacity: 5,
      vehicleEngine: {
        '@type': 'EngineSpecification',
        engineDisplacement: { '@type': 'QuantitativeValue', value: 1498, unitCode: 'CMQ' },
        enginePower: { '@type': 'QuantitativeValue', value: 148, unitCode: 'BHP' },
      },
    });
    expect(uk.offers).to.deep.include({ '@type': 'Offer', price: 18995, priceCurrency: 'GBP' });
    // Kilometres (the German copy's 45000 has no unit: the site's) and metric horsepower on the German site.
    const de = await linkedData(804, 'C1', 'cars.de');
    expect(de.mileageFromOdometer).to.deep.include({ value: 45000, unitCode: 'KMT' });
    expect(de.vehicleEngine).to.deep.nested.include({ 'enginePower.value': 150, 'enginePower.unitCode': 'HJ' });
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

  it("shows the way a home faces, that its owner lists it, a rent to own and a bank's home", async () => {
    const rental = await page(811, 'H2', 'homes.es');
    expect(rental).to.deep.include.members([
      // The partner's words, begun as a fact begins.
      ['Orientación', 'Sur-este'],
      ['Particular', 'Sí'],
      ['Alquiler con opción a compra', 'Sí'],
    ]);
    expect(await page(811, 'H1', 'homes.es')).to.deep.include(['Procedente de banco', 'Sí']);
    // A foreclosure by its type: the type says it, once.
    const foreclosure = await page(811, 'H3', 'homes.es');
    expect(foreclosure).to.deep.include(['Tipo', 'Embargo no publicado']);
    expect(foreclosure.map(([label]) => label)).to.not.include('Procedente de banco');
    // The first feed's homes say none of it: no rows.
    const plain = (await page(803, 'H2', 'homes.es')).map(([label]) => label);
    for (const label of ['Orientación', 'Particular', 'Alquiler con opción a compra'])
      expect(plain, label).to.not.include(label);
  });

  it("shows a car's gears, in the site's language", async () => {
    expect(await page(801, 'C1', 'cars.uk')).to.deep.include(['Gears', '7']);
    expect(await page(804, 'C1', 'cars.de')).to.deep.include(['Gänge', '7']);
  });
});
