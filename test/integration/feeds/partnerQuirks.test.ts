import fs from 'node:fs';
import { expect } from 'chai';
import type { ImportSummary } from '../../../src/services/feeds/FeedImporter';
import type { SiteKey, StoredAd } from '../../../src/services/search/types';
import { feedApp, NOW_S, trovitXml, type FeedApp } from './feedKit';

/**
 * Feeds as partners really write them, beyond the spec's own forms: each case was found by importing
 * such a file and reading what a visitor then saw.
 */
const ES_HOMES: SiteKey = { country: 'es', vertical: 'homes' };
const ES_CARS: SiteKey = { country: 'es', vertical: 'cars' };
const ES_JOBS: SiteKey = { country: 'es', vertical: 'jobs' };
const UK_CARS: SiteKey = { country: 'uk', vertical: 'cars' };
const UK_JOBS: SiteKey = { country: 'uk', vertical: 'jobs' };
const IT_PRODUCTS: SiteKey = { country: 'it', vertical: 'products' };
const MX_HOMES: SiteKey = { country: 'mx', vertical: 'homes' };
const SA_HOMES: SiteKey = { country: 'sa', vertical: 'homes' };
const DE_CARS: SiteKey = { country: 'de', vertical: 'cars' };
const JP_HOMES: SiteKey = { country: 'jp', vertical: 'homes' };
const UK_HOMES: SiteKey = { country: 'uk', vertical: 'homes' };
const IN_HOMES: SiteKey = { country: 'in', vertical: 'homes' };
const AR_CARS: SiteKey = { country: 'ar', vertical: 'cars' };
const JP_CARS: SiteKey = { country: 'jp', vertical: 'cars' };
const JP_JOBS: SiteKey = { country: 'jp', vertical: 'jobs' };

/** An ad of any vertical: its id, then its elements as written. */
const record = (id: string, elements: string) =>
  `<ad><id>${id}</id><url>https://portal.example/anuncio/${id}</url>` +
  `<content>Anuncio ${id} con todos los detalles que un visitante quiere leer antes de llamar.</content>` +
  `<date>2025-05-20</date>${elements}</ad>`;

const ad = (id: string, body: string) =>
  `<ad><id>${id}</id><url><![CDATA[https://portal.example/anuncio/${id}]]></url>` +
  `<title><![CDATA[Piso ${id} en Valencia]]></title><type>For Sale</type>` +
  `<content><![CDATA[Piso luminoso ${id} con terraza, ascensor y trastero, cerca del metro.]]></content>` +
  `<city>Valencia</city><date>2025-05-20</date>${body}</ad>`;
const feed = (...ads: string[]) => trovitXml(ads);

/**
 * A homes record titled "Ático en Cádiz " and `symbols` in one byte per letter (Windows-1252), as a record
 * pasted from an older system into a UTF-8 file.
 */
const windows1252Record = (id: string, symbols: number[]) =>
  Buffer.concat(
    ad(id, '')
      .split(`Piso ${id} en Valencia`)
      .flatMap((part, i) =>
        i === 0
          ? [Buffer.from(part, 'latin1')]
          : [
              Buffer.from([0xc1]),
              Buffer.from('tico en C', 'latin1'),
              Buffer.from([0xe1]),
              Buffer.from('diz ', 'latin1'),
              Buffer.from(symbols),
              Buffer.from(part, 'latin1'),
            ],
      ),
  );

/** A homes record as a JSON line, with `extra` members. */
const jsonLine = (id: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id,
    url: `https://portal.example/anuncio/${id}`,
    title: `Casa ${id} en Ronda`,
    type: 'For Sale',
    content: 'Casa encalada con patio andaluz, tres dormitorios y vistas a la serranía.',
    ...extra,
  });

describe('feed import: feeds as partners really write them', function () {
  this.timeout(30_000);
  let f: FeedApp;
  beforeEach(() => {
    f = feedApp();
  });
  afterEach(() => f.close());

  const run = (xml: string, site = ES_HOMES, source = 31): Promise<ImportSummary> =>
    f.importFeed(f.writeFile(`feed-${Date.now()}-${Math.random()}.xml`, xml), site, source);
  const stored = async (partnerId: string, source = 31): Promise<StoredAd> => {
    const found = await f.store.getAdByPartner(source, partnerId);
    expect(found, partnerId).to.not.equal(undefined);
    return found as StoredAd;
  };

  it("never takes the ad's id, link or price from inside another element (an agency's, a parking space's)", async () => {
    const agency = '<agency><id>77</id><name>Inmobiliaria Sol</name><url>https://www.inmosol.es/</url></agency>';
    const summary = await run(
      feed(
        `<ad>${agency}<id>M1</id><url>https://portal.example/anuncio/M1</url>` +
          '<title>Piso M1 en Valencia</title><type>For Sale</type>' +
          '<content>Piso luminoso con terraza, ascensor y trastero, cerca del metro.</content>' +
          '<city>Valencia</city><date>2025-05-20</date>' +
          '<extras><parking><price>15000</price></parking></extras><price>185000</price></ad>',
        ad('M2', `${agency}<price>210000</price>`),
      ),
    );
    expect(summary).to.include({ imported: 2, rejected: 0 });
    const m1 = await stored('M1');
    expect(m1.url).to.match(/^https:\/\/portal\.example\/anuncio\/M1/);
    expect(m1.price).to.deep.equal({ value: 185000 });
    // What the nested elements said is kept among the ad's attributes, under their parent's name.
    expect(m1.feedAttributes).to.deep.include({
      agency_id: '77',
      agency_url: 'https://www.inmosol.es/',
      parking_price: '15000',
    });
    expect((await stored('M2')).price).to.deep.equal({ value: 210000 });
    // A price inside an element that only wraps prices is the ad's; an empty element of the ad's own
    // does not wipe what a nested one said.
    await run(
      feed(
        ad('M3', '<pricing><price>199000</price></pricing>').replace(
          '<city>Valencia</city>',
          '<location><city>Valencia</city></location><city></city>',
        ),
      ),
    );
    const m3 = await stored('M3');
    expect(m3.price).to.deep.equal({ value: 199000 });
    expect(m3.location.city).to.equal('Valencia');
  });

  it('reads the pictures however a partner lists them: as text, as an attribute, or as flat URLs in <pictures>', async () => {
    await run(
      feed(
        ad(
          'P1',
          '<pictures><picture>https://img.example/1a.jpg</picture><picture>https://img.example/1b.jpg</picture></pictures>',
        ),
        ad(
          'P2',
          '<pictures><picture url="https://img.example/2a.jpg"/><picture url="https://img.example/2b.jpg" featured="1"/></pictures>',
        ),
        ad(
          'P3',
          '<pictures><picture_url>https://img.example/3a.jpg</picture_url><picture_url>https://img.example/3b.jpg</picture_url></pictures>',
        ),
        ad(
          'P4',
          '<pictures><picture featured="true"><picture_url>https://img.example/4a.jpg</picture_url><picture_title>Salón</picture_title></picture></pictures>',
        ),
      ),
    );
    expect((await stored('P1')).images).to.deep.equal(['https://img.example/1a.jpg', 'https://img.example/1b.jpg']);
    expect((await stored('P2')).images).to.deep.equal(['https://img.example/2b.jpg', 'https://img.example/2a.jpg']);
    expect((await stored('P3')).images).to.deep.equal(['https://img.example/3a.jpg', 'https://img.example/3b.jpg']);
    expect((await stored('P4')).images).to.deep.equal(['https://img.example/4a.jpg']);
  });

  it('reads numbers as the site writes them: "250.000 €" and "1.200" on sites that group thousands with dots', async () => {
    const summary = await run(
      feed(
        ad('N1', '<price>250.000 €</price><plot_area unit="meters">1.200</plot_area><floor_area>120</floor_area>'),
        ad('N2', '<price>€ 1.250.000</price><floor_area>85.5</floor_area>'),
      ),
    );
    expect(summary).to.include({ imported: 2, rejected: 0 });
    expect(summary.warnings).to.deep.equal([]);
    const n1 = await stored('N1');
    expect(n1.price).to.deep.equal({ value: 250000 });
    expect(n1.homes).to.deep.include({ plotArea: 1200, floorArea: 120 });
    const n2 = await stored('N2');
    expect(n2.price).to.deep.equal({ value: 1250000 });
    expect(n2.homes?.floorArea).to.equal(85.5);
    // An Italian shop's "1.200" is 1,200 euros, not 1.20.
    await run(
      feed(record('T1', '<title>Divano</title><category>Furniture</category><price>1.200</price>')),
      IT_PRODUCTS,
      32,
    );
    expect((await stored('T1', 32)).price).to.deep.equal({ value: 1200 });
  });

  it('reads a dash for the cents ("15.990,- €") and Japanese prices in ten thousands ("4,980万円")', async () => {
    const car = (id: string, price: string) =>
      record(id, `<title>VW Golf ${id}</title><make>Volkswagen</make><model>Golf</model><price>${price}</price>`);
    await run(feed(car('D1', '15.990,- €'), car('D2', '€ 15.990,-'), car('D3', '15.990,–')), DE_CARS, 38);
    for (const id of ['D1', 'D2', 'D3']) expect((await stored(id, 38)).price, id).to.deep.equal({ value: 15990 });
    const summary = await run(
      feed(
        record('J1', '<title>大阪のマンション</title><type>For Sale</type><city>Osaka</city><price>4,980万円</price>'),
        record('J2', '<title>大阪の一戸建て</title><type>For Sale</type><city>Osaka</city><price>1億2,000万円</price>'),
      ),
      JP_HOMES,
      39,
    );
    expect(summary.warnings, JSON.stringify(summary.warnings)).to.have.length(0);
    expect((await stored('J1', 39)).price).to.deep.equal({ value: 49_800_000 });
    expect((await stored('J2', 39)).price).to.deep.equal({ value: 120_000_000 });
  });

  it('places an ad in a Tokyo ward however the partner names it, and a Tokyo search finds it', async () => {
    const home = (id: string, place: string) =>
      record(id, `<title>マンション ${id}</title><type>For Sale</type>${place}<price>5000万円</price>`);
    const summary = await run(
      feed(
        home('T1', '<city>Shibuya</city><region>Tokyo</region>'),
        home('T2', '<city>渋谷区</city><region>東京都</region>'),
        home('T3', '<city>新宿区</city>'),
        home('T4', '<city>Setagaya-ku</city><region>Tokyo Prefecture</region>'),
      ),
      JP_HOMES,
      41,
    );
    expect(summary.warnings, JSON.stringify(summary.warnings)).to.have.length(0);
    const t1 = await stored('T1', 41);
    expect(t1.location).to.deep.include({ cityArea: '渋谷区', city: '東京都', region: '東京都' });
    expect((await stored('T2', 41)).location.cityAreaId).to.equal(t1.location.cityAreaId);
    expect((await stored('T3', 41)).location).to.deep.include({ cityArea: '新宿区', city: '東京都' });
    expect((await stored('T4', 41)).location).to.deep.include({ cityArea: '世田谷区', city: '東京都' });
    const found = async (where: string): Promise<string[]> => {
      const body = (await f.get(`/api/sites/jp/homes/search?where=${encodeURIComponent(where)}`)).body as {
        data?: { id: string }[];
      };
      return (body.data ?? []).map((a) => a.id).sort();
    };
    const all = await Promise.all(['T1', 'T2', 'T3', 'T4'].map(async (id) => (await stored(id, 41)).id));
    expect(await found('東京都')).to.deep.equal([...all].sort());
    expect(await found('Tokyo')).to.deep.equal([...all].sort());
    expect(await found('渋谷区')).to.deep.equal([all[0], all[1]].sort());
    expect(await found('shibuya')).to.deep.equal([all[0], all[1]].sort());
  });

  it('shows a weekly or daily rent as weekly, and filters and sorts it by the month among the others', async () => {
    const flat = (id: string, price: string) =>
      record(
        id,
        `<title>Flat ${id}</title><type>For Rent</type><city>London</city><floor_area>50</floor_area>${price}`,
      );
    await run(
      feed(
        flat('W1', '<price period="weekly">400</price>'),
        flat('W2', '<price period="daily">50</price>'),
        flat('W3', '<price>1500</price>'),
      ),
      UK_HOMES,
      40,
    );
    expect((await stored('W1', 40)).price).to.deep.equal({ value: 400, isWeekly: true });
    expect((await stored('W2', 40)).price).to.deep.equal({ value: 350, isWeekly: true });
    const search = async (query: string): Promise<{ partner: string; price: Record<string, unknown> }[]> => {
      const body = (await f.get(`/api/sites/uk/homes/search?dealTypeId=2&${query}`)).body as {
        data: { id: string; attributes: { vertical_properties: { price: Record<string, unknown> } } }[];
      };
      const partners = new Map<string, string>();
      for (const id of ['W1', 'W2', 'W3']) partners.set((await stored(id, 40)).id, id);
      return (body.data ?? []).map((a) => ({
        partner: partners.get(a.id) ?? a.id,
        price: a.attributes.vertical_properties.price,
      }));
    };
    // £400 a week is ~£1,733 a month, £50 a day ~£1,517: both dearer than £1,500 a month.
    const bySort = await search('sort=price_desc');
    expect(bySort.map((a) => a.partner)).to.deep.equal(['W1', 'W2', 'W3']);
    expect(bySort[0]!.price).to.deep.include({ value: 400, valueFormatted: '£400 per week', isWeekly: true });
    expect(bySort[2]!.price).to.deep.include({ valueFormatted: '£1,500', isWeekly: false });
    expect((await search('filters[priceMax]=1000')).map((a) => a.partner)).to.deep.equal([]);
    expect((await search('filters[priceMin]=1600')).map((a) => a.partner)).to.deep.equal(['W1']);
  });

  it('reads a mileage whatever its thousands or unit: "120.000", "85.000 km", "45,000 miles"', async () => {
    await run(
      feed(
        record(
          'C1',
          '<title>Seat Ibiza</title><make>Seat</make><model>Ibiza</model><price>9.500 €</price><mileage>120.000</mileage>',
        ),
        record(
          'C2',
          '<title>Seat Leon</title><make>Seat</make><model>Leon</model><price>12500</price><mileage unit="km">85.000 km</mileage>',
        ),
        record(
          'C3',
          '<title>Seat Arona</title><make>Seat</make><model>Arona</model><price>15000</price><mileage>45000 miles</mileage>',
        ),
      ),
      ES_CARS,
      33,
    );
    expect((await stored('C1', 33)).cars?.mileage).to.equal(120000);
    expect((await stored('C1', 33)).price).to.deep.equal({ value: 9500 });
    expect((await stored('C2', 33)).cars?.mileage).to.equal(85000);
    expect((await stored('C3', 33)).cars?.mileage).to.equal(72420);
    await run(
      feed(
        record(
          'U1',
          '<title>Ford Focus</title><make>Ford</make><model>Focus</model><price>7000</price><mileage>45,000 miles</mileage>',
        ),
      ),
      UK_CARS,
      34,
    );
    expect((await stored('U1', 34)).cars?.mileage).to.equal(72420);
    // In thousands, or in a spreadsheet's exponent: never the figure before the "k" or the "e".
    await run(
      feed(
        record(
          'U2',
          '<title>Ford Fiesta</title><make>Ford</make><model>Fiesta</model><price>7.5E+03</price><mileage>45k</mileage>',
        ),
        record(
          'U3',
          '<title>Ford Kuga</title><make>Ford</make><model>Kuga</model><price>£12k</price><mileage>45K miles</mileage>',
        ),
      ),
      UK_CARS,
      35,
    );
    expect((await stored('U2', 35)).cars?.mileage).to.equal(72420);
    expect((await stored('U2', 35)).price).to.deep.equal({ value: 7500 });
    expect((await stored('U3', 35)).cars?.mileage).to.equal(72420);
    expect((await stored('U3', 35)).price).to.deep.equal({ value: 12000 });
    // Found by a visitor's mileage filter as what it is.
    const low = await f.get('/api/sites/es/cars/search?filters[mileageMax]=100000');
    const ids = low.body.data.map((a: { id: string }) => a.id);
    expect(ids).to.include((await stored('C2', 33)).id);
    expect(ids).to.not.include((await stored('C1', 33)).id);
  });

  it("reads cars as partners write them: River Plate petrol, a mileage with more said after it, a lease's instalment, the title's model", async () => {
    const car = (id: string, elements: string) => record(id, `<title>Coche ${id}</title>${elements}`);
    await run(
      feed(
        car('N1', '<make>Fiat</make><model>Cronos</model><fuel>Nafta</fuel><price>$ 9.500.000</price>'),
        car('N2', '<make>Fiat</make><model>Cronos</model><fuel>Nafta/GNC</fuel><price>$ 8.900.000</price>'),
      ),
      AR_CARS,
      41,
    );
    for (const id of ['N1', 'N2']) expect((await stored(id, 41)).cars?.fuel, id).to.equal('petrol');
    await run(
      feed(
        car(
          'E1',
          '<make>Seat</make><model>Ibiza</model><price>15.990 € IVA 21% incluido</price><mileage>120.000 km (1 propietario)</mileage>',
        ),
        car('E2', '<make>Seat</make><model>Leon</model><price>Desde 349 €/mes</price>'),
        record('E3', '<title>Peugeot 3008 1.6 HDi 2008</title><price>9000</price>'),
        car('E4', '<make>VW</make><model>Golf GTI</model><price>21000</price><car_type>Van</car_type>'),
      ),
      ES_CARS,
      42,
    );
    const e1 = await stored('E1', 42);
    expect(e1.cars?.mileage).to.equal(120_000);
    expect(e1.price).to.deep.equal({ value: 15_990 });
    // An instalment is no price: kept with the partner's words, and no price filter finds the car at 349 €.
    const e2 = await stored('E2', 42);
    expect(e2.price).to.equal(undefined);
    expect(e2.feedAttributes?.price).to.equal('Desde 349 €/mes');
    expect((await stored('E3', 42)).cars).to.deep.include({ make: 'Peugeot', model: '3008' });
    const e4 = await stored('E4', 42);
    expect(e4.cars).to.deep.include({ make: 'Volkswagen', model: 'Golf', type: 'van' });
    expect(e4.feedAttributes?.model).to.equal('Golf GTI');
    const golf = (await f.get('/api/sites/es/cars/search?filters[model]=golf')).body as { data: { id: string }[] };
    expect(golf.data.map((a) => a.id)).to.deep.equal([e4.id]);
    const cheap = (await f.get('/api/sites/es/cars/search?filters[priceMax]=1000')).body as { data?: unknown[] };
    expect(cheap.data ?? []).to.deep.equal([]);
    // A make written in its own script is the make a visitor filters by.
    await run(feed(car('T1', '<make>トヨタ</make><model>カローラ</model><price>198万円</price>')), JP_CARS, 43);
    expect((await stored('T1', 43)).cars?.make).to.equal('Toyota');
    const toyota = (await f.get('/api/sites/jp/cars/search?filters[make]=toyota')).body as { data: { id: string }[] };
    expect(toyota.data.map((a) => a.id)).to.deep.equal([(await stored('T1', 43)).id]);
  });

  it('reads jobs as partners write them: a sector by its phrase, months of experience, Japanese pay by its kind', async () => {
    const job = (id: string, elements: string) =>
      record(id, `<title>Puesto ${id}</title><company>Empresa</company>${elements}`);
    await run(
      feed(
        job('S1', '<category>Atención sociosanitaria</category><experience>6 meses</experience>'),
        job('S2', '<category>Medio ambiente y recursos naturales</category><experience>Sin experiencia</experience>'),
        job(
          'S3',
          '<category>Atención al cliente</category><experience>Al menos 2 años</experience>' +
            '<contract>Full-time</contract><telecommute>Teletrabajo</telecommute>',
        ),
      ),
      ES_JOBS,
      44,
    );
    expect((await stored('S1', 44)).jobs).to.deep.include({ category: 6, experience: 0 });
    expect((await stored('S2', 44)).jobs).to.deep.include({ category: 0, experience: 0 });
    expect((await stored('S2', 44)).feedAttributes?.category).to.equal('Medio ambiente y recursos naturales');
    expect((await stored('S3', 44)).jobs).to.deep.include({
      category: 3,
      experience: 2,
      workingHours: 'full-time',
      telecommute: true,
    });
    await run(
      feed(
        job('J1', '<category>IT</category><salary>月給25万円</salary>'),
        job('J2', '<category>IT</category><salary>時給1,200円</salary>'),
      ),
      JP_JOBS,
      45,
    );
    expect((await stored('J1', 45)).jobs?.salary).to.equal(3_000_000);
    expect((await stored('J2', 45)).jobs?.salary).to.equal(2_496_000);
    const low = (await f.get('/api/sites/jp/jobs/search?filters[salaryMax]=1000')).body as { data?: unknown[] };
    expect(low.data ?? []).to.deep.equal([]);
    const found = (await f.get('/api/sites/jp/jobs/search?filters[salaryMin]=2000000')).body as {
      data: { id: string }[];
    };
    expect(found.data.map((a) => a.id)).to.have.members([(await stored('J1', 45)).id, (await stored('J2', 45)).id]);
  });

  it('reads a half bathroom written as one character ("1½"), not as one bathroom', async () => {
    const summary = await run(feed(ad('H1', '<price>250000</price><bathrooms>1½</bathrooms>')));
    expect(summary).to.include({ imported: 1, rejected: 0 });
    expect((await stored('H1')).homes).to.deep.include({ bathrooms: 1.5 });
  });

  it('never takes an area in a unit it cannot read for square metres, and reads "sq.ft."', async () => {
    const summary = await run(
      feed(
        ad('A1', '<floor_area unit="sq.ft.">1000</floor_area>'),
        ad('A2', '<floor_area unit="yd2">100</floor_area>'),
      ),
    );
    expect((await stored('A1')).homes?.floorArea).to.equal(92.9);
    await run(
      feed(
        ad('A3', '<floor_area>85 mq</floor_area>'),
        ad('A4', '<floor_area unit="metros cuadrados">70</floor_area>'),
        ad('A5', '<floor_area>85.500</floor_area>'),
      ),
    );
    expect((await stored('A3')).homes?.floorArea).to.equal(85);
    expect((await stored('A4')).homes?.floorArea).to.equal(70);
    // Three decimals where dots group thousands: the reading that is a flat's area.
    expect((await stored('A5')).homes?.floorArea).to.equal(85.5);
    const a2 = await stored('A2');
    expect(a2.homes?.floorArea).to.equal(undefined);
    expect(a2.feedAttributes).to.deep.include({ floor_area: '100' });
    expect(summary.warnings.map((w) => w.reason)).to.include('unknown unit "yd2"');
  });

  it('reads an area whose figure ends in 2 as square metres, not as a unit "2"', async () => {
    const summary = await run(
      feed(
        ad('B1', '<floor_area>72</floor_area>'),
        ad('B2', '<floor_area>32</floor_area>'),
        ad('B3', '<floor_area>72 m2</floor_area>'),
        ad('B4', '<floor_area>102m2</floor_area>'),
        ad('B5', '<floor_area>90</floor_area><plot_area>1.2 ha</plot_area>'),
      ),
    );
    expect(summary).to.include({ imported: 5, rejected: 0 });
    expect(summary.warnings).to.deep.equal([]);
    expect((await stored('B1')).homes?.floorArea).to.equal(72);
    expect((await stored('B2')).homes?.floorArea).to.equal(32);
    expect((await stored('B3')).homes?.floorArea).to.equal(72);
    expect((await stored('B4')).homes?.floorArea).to.equal(102);
    expect((await stored('B5')).homes?.plotArea).to.equal(12000);
  });

  it('reads coordinates with a decimal comma, and keeps those it does not use with why', async () => {
    const summary = await run(
      feed(
        ad('C1', '<latitude>39,478</latitude><longitude>-0,376</longitude>'),
        ad('C2', '<latitude>39,4697</latitude><longitude>-0,3774</longitude>'),
        // Madrid's, for a flat in Valencia; 0, 0 for none; a latitude alone; off the Earth.
        ad('C3', '<latitude>40.4165</latitude><longitude>-3.70256</longitude>'),
        ad('C4', '<latitude>0</latitude><longitude>0</longitude>'),
        ad('C5', '<latitude>39.47</latitude>'),
        ad('C6', '<latitude>39478</latitude><longitude>-376</longitude>'),
      ),
    );
    expect(summary).to.include({ imported: 6, rejected: 0 });
    expect((await stored('C1')).location).to.include({ latitude: 39.478, longitude: -0.376 });
    expect((await stored('C2')).location).to.include({ latitude: 39.4697, longitude: -0.3774 });
    const c3 = await stored('C3');
    expect(c3.location.latitude).to.be.closeTo(39.47, 0.1);
    expect(c3.feedAttributes).to.deep.include({ latitude: '40.4165', longitude: '-3.70256' });
    expect((await stored('C4')).feedAttributes).to.deep.include({ latitude: '0', longitude: '0' });
    expect((await stored('C5')).feedAttributes).to.deep.include({ latitude: '39.47' });
    expect((await stored('C6')).feedAttributes).to.deep.include({ latitude: '39478', longitude: '-376' });
    const reasons = summary.warnings.map((w) => `${w.field}: ${w.reason} (${w.count})`);
    expect(reasons).to.include.members([
      "latitude: more than 150 km from the ad's city (1)",
      "longitude: more than 150 km from the ad's city (1)",
      'latitude: 0, 0 is no place (1)',
      'longitude: 0, 0 is no place (1)',
      'latitude: a latitude without a longitude (1)',
      'latitude: 39478 is out of range -90–90 (1)',
      'longitude: -376 is out of range -180–180 (1)',
    ]);
  });

  it('reads a bare "&" right before a tag ("M&S</company>") as the character it is, not as a broken file', async () => {
    const summary = await run(
      feed(
        record('AM1', '<title>Dependiente M&S</title><company>M&S</company><category>Retail</category>'),
        record('AM2', '<title>Ingeniero de R&D</title><company>AT&T</company>'),
        // In CDATA a "&" is a character already: left as it is.
        record('AM3', '<title><![CDATA[Técnico B&Q<1>]]></title><company>B&Q.</company>'),
      ),
      UK_JOBS,
    );
    expect(summary).to.include({ imported: 3, rejected: 0 });
    const am1 = await stored('AM1');
    expect([am1.title, am1.jobs?.company]).to.deep.equal(['Dependiente M&S', 'M&S']);
    expect((await stored('AM2')).jobs?.company).to.equal('AT&T');
    const am3 = await stored('AM3');
    expect([am3.title, am3.jobs?.company]).to.deep.equal(['Técnico B&Q<1>', 'B&Q.']);
  });

  it("maps a deal type written in the partner's language, and what is dealt in", async () => {
    const types: [string, string, number][] = [
      ['fr', 'Appartement à louer', 2],
      ['fr', 'Maison à vendre', 1],
      ['de', 'Wohnung mieten', 2],
      ['de', 'Garage zu vermieten', 6],
      ['it', 'Affittasi', 2],
      ['it', 'Terreno edificabile in vendita', 10],
      ['br', 'Apartamento para alugar', 2],
      ['uk', 'To Let', 2],
      ['uk', 'Flatshare', 5],
      ['ru', 'Квартира в аренду', 2],
      ['ru', 'Продажа квартиры', 1],
      ['jp', '賃貸マンション', 2],
      ['sa', 'فيلا للبيع', 1],
      ['mx', 'Renta vacacional', 3],
      ['mx', 'Bodega en renta', 14],
      ['mx', 'Local en renta', 12],
      ['es', 'Casa con garaje en venta', 1],
      ['es', 'Casa de vacaciones en venta', 1],
    ];
    let source = 40;
    for (const [country, type, id] of types) {
      const summary = await run(
        feed(record(`T${source}`, `<title>Anuncio ${source}</title><type>${type}</type>`)),
        {
          country,
          vertical: 'homes',
        } as SiteKey,
        source,
      );
      expect(summary.rejected, `${country} "${type}"`).to.equal(0);
      expect((await stored(`T${source}`, source)).typeId, `${country} "${type}"`).to.equal(id);
      source++;
    }
  });

  it('reads "1.200 m2" as 1,200 where dots group thousands (Portugal too), a weekly rent in its text, and "1K"', async () => {
    const home = (id: string, elements: string) => record(id, `<title>Piso ${id}</title>${elements}`);
    const areas = (country: string, source: number) =>
      run(
        feed(
          home(`M${source}`, '<type>For Sale</type><floor_area>1.200 m2</floor_area><plot_area>2.500 m2</plot_area>'),
        ),
        { country, vertical: 'homes' } as SiteKey,
        source,
      );
    for (const [country, source] of [
      ['es', 60],
      ['pt', 61],
      ['it', 62],
    ] as const) {
      const summary = await areas(country, source);
      expect(summary.warnings, country).to.deep.equal([]);
      expect((await stored(`M${source}`, source)).homes, country).to.deep.include({ floorArea: 1200, plotArea: 2500 });
    }
    await run(
      feed(
        home('W1', '<type>For Rent</type><price>£400 per week</price>'),
        home('W2', '<type>For Rent</type><price>£1,500 pcm</price>'),
        home('W3', '<type>For Sale</type><price>£250,000 (year 2005)</price>'),
      ),
      UK_HOMES,
      63,
    );
    expect((await stored('W1', 63)).price).to.deep.equal({ value: 400, isWeekly: true });
    expect((await stored('W2', 63)).price).to.deep.equal({ value: 1500 });
    expect((await stored('W3', 63)).price).to.deep.equal({ value: 250000 });
    const jp = await run(
      feed(
        home('K1', '<type>For Rent</type><rooms>1K</rooms>'),
        home('K2', '<type>For Rent</type><rooms>2LDK</rooms>'),
      ),
      JP_HOMES,
      64,
    );
    expect(jp.warnings).to.deep.equal([]);
    expect((await stored('K1', 64)).homes?.rooms).to.equal(1);
    expect((await stored('K2', 64)).homes?.rooms).to.equal(2);
  });

  it('tells the partner of the entities left as written, which visitors would see', async () => {
    const doctype = '<!DOCTYPE trovit [<!ENTITY agency "Fincas Ribera"><!ENTITY logo SYSTEM "https://x.example/l">]>';
    const xml = feed(
      ad('E1', '').replace('<title><![CDATA[Piso E1', '<title>&agency; &logo;<![CDATA[ Piso E1'),
      ad('E2', '').replace('<title><![CDATA[Piso E2', '<title>&nope;<![CDATA[ Piso E2'),
      ad('E3', '').replace('terraza,', 'terraza &caf; &eacute;,'),
      ad('E4', '').replace('<title><![CDATA[Piso E4', '<title>&agency;<![CDATA[ Piso E4'),
      // Any other field shown to visitors: told too; a defined entity, XML's and HTML's are not.
      ad(
        'E5',
        '<agency>&agency;</agency><contact_name>Ana &who;</contact_name><orientation>Sur &amp; este</orientation>',
      ),
      ad('E6', '<contact_name>Luis &who;</contact_name><condition><![CDATA[Reformado &eacute;]]></condition>'),
    ).replace('<trovit>', `${doctype}\n<trovit>`);
    const summary = await run(xml);
    expect(summary).to.include({ imported: 6, rejected: 0 });
    expect((await stored('E5')).feedAttributes).to.deep.include({ contact_name: 'Ana &who;' });
    expect((await stored('E1')).title).to.equal('Fincas Ribera &logo; Piso E1 en Valencia');
    expect((await stored('E4')).title).to.equal('Fincas Ribera Piso E4 en Valencia');
    expect(summary.warnings).to.deep.equal([
      { field: 'title', reason: 'unknown entity "&logo;" left as written', count: 2, firstLine: 4 },
      { field: 'contact_name', reason: 'unknown entity "&who;" left as written', count: 2, firstLine: 8 },
      { field: 'content', reason: 'unknown entity "&caf;" left as written', count: 1, firstLine: 6 },
    ]);
  });

  it('reads a salary as a yearly figure: its lower bound, its thousands, its "k", and its period', async () => {
    const job = (id: string, salary: string) =>
      record(
        id,
        `<title>Puesto ${id}</title><company>Empresa</company><category>Finance</category><salary>${salary}</salary>`,
      );
    await run(feed(job('J1', '30.000 - 40.000 € brutos/año'), job('J2', '1.200 € al mes')), ES_JOBS, 35);
    expect((await stored('J1', 35)).jobs?.salary).to.equal(30000);
    expect((await stored('J2', 35)).jobs?.salary).to.equal(14400);
    await run(feed(job('K1', '£30k - £40k'), job('K2', '£12.50 per hour'), job('K3', '£450 per week')), UK_JOBS, 36);
    expect((await stored('K1', 36)).jobs?.salary).to.equal(30000);
    expect((await stored('K2', 36)).jobs?.salary).to.equal(26000);
    expect((await stored('K3', 36)).jobs?.salary).to.equal(23400);
    // A period said of something else is not the salary's ("37.5 hours per week", "3 days a week").
    await run(
      feed(
        job('L1', '£24,000 (37.5 hours per week)'),
        job('L2', '£35,000 pro rata, 3 days a week'),
        job('L3', '$18 an hour'),
      ),
      UK_JOBS,
      36,
    );
    expect((await stored('L1', 36)).jobs?.salary).to.equal(24000);
    expect((await stored('L2', 36)).jobs?.salary).to.equal(35000);
    // Dollars on a British site: 37,440 a year in them, filtered as pounds (0.85 / 1.08 a dollar).
    expect(await stored('L3', 36)).to.deep.include({ currency: 'USD', price: { value: 37440 } });
    expect((await stored('L3', 36)).jobs?.salary).to.equal(Math.round((37440 / 1.08) * 0.85));
  });

  it('reads a price in millions or lakhs, after "Fr." or "Rs.", and a salary of 14 payments, as partners mean them', async () => {
    await run(
      feed(
        ad('M1', '<price>1,5 millones €</price>'),
        ad('M2', "<price>Fr. 1'250'000.–</price>"),
        ad('M3', '<price>250.000 €</price>'),
      ),
    );
    expect((await stored('M1')).price?.value).to.equal(1_500_000);
    expect((await stored('M2')).price?.value).to.equal(1_250_000);
    // The dearest first: a million and a half is no 1.5 €, and "Fr." no 0.15.
    const found = (await f.get('/api/sites/es/homes/search?what=valencia&dealTypeId=1&filters[priceMin]=1000000'))
      .body as { data: { id: string }[] };
    expect(found.data.map((a) => a.id)).to.have.members([(await stored('M1')).id, (await stored('M2')).id]);
    await run(feed(ad('R1', '<price>₹45 Lakh</price>'), ad('R2', '<price>Rs. 1.2 Cr</price>')), IN_HOMES, 37);
    expect((await stored('R1', 37)).price?.value).to.equal(4_500_000);
    expect((await stored('R2', 37)).price?.value).to.equal(12_000_000);
    const job = (id: string, salary: string) =>
      record(
        id,
        `<title>Puesto ${id}</title><company>Empresa</company><category>Finance</category><salary>${salary}</salary>`,
      );
    await run(feed(job('P1', '14 pagas de 1.500 €'), job('P2', '1.500 € brutos x 14 pagas')), ES_JOBS, 38);
    for (const id of ['P1', 'P2']) expect((await stored(id, 38)).jobs, id).to.deep.include({ salary: 21_000 });
    expect((await stored('P1', 38)).jobs?.salaryText).to.equal('14 pagas de 1.500 €');
  });

  it("reads a range's period after its upper figure, and an hour's short forms", async () => {
    const job = (id: string, salary: string) =>
      record(
        id,
        `<title>Puesto ${id}</title><company>Empresa</company><category>Finance</category><salary>${salary}</salary>`,
      );
    const yearly = async (site: SiteKey, source: number, salaries: Record<string, string>) => {
      const summary = await run(feed(...Object.entries(salaries).map(([id, text]) => job(id, text))), site, source);
      expect(summary).to.include({ rejected: 0 });
      const out: Record<string, number | undefined> = {};
      for (const id of Object.keys(salaries)) out[id] = (await stored(id, source)).jobs?.salary;
      return out;
    };
    expect(
      await yearly(UK_JOBS, 36, {
        R1: '£1,800 - £2,000 per month',
        R2: '£10 - £12 hourly',
        R3: '£500-£600 weekly',
        R4: '£11.44/hr',
        R5: '£11.44 p/h',
        R6: '£2,000 pm',
        R7: '£25k to £30k per annum',
      }),
    ).to.deep.equal({ R1: 21600, R2: 20800, R3: 26000, R4: 23795, R5: 23795, R6: 24000, R7: 25000 });
    expect(
      await yearly(ES_JOBS, 35, {
        S1: '1.200 - 1.500 €/mes',
        S2: '12 - 14 €/hora',
        S3: '10 €/h',
        S4: '30.000 - 40.000 € brutos/año, 40 h semanales',
      }),
    ).to.deep.equal({ S1: 14400, S2: 24960, S3: 20800, S4: 30000 });
  });

  it("reads a car's year written with its month or day, and a power in kW by the unit after its figure", async () => {
    const car = (id: string, elements: string) =>
      record(id, `<title>Volkswagen Golf ${id}</title><make>Volkswagen</make><model>Golf</model>${elements}`);
    const summary = await run(
      feed(
        car('Y1', '<year>03/2019</year><power>81 kW</power>'),
        car('Y2', '<year>12.2018</year><power>81 kW (110 PS)</power>'),
        car('Y3', '<year>01/03/2019</year><power>150 PS</power>'),
        car('Y4', '<year>2017</year><power unit="kW">81</power>'),
      ),
      DE_CARS,
      37,
    );
    expect(summary).to.include({ imported: 4, rejected: 0 });
    const facts = async (id: string) => {
      const cars = (await stored(id, 37)).cars;
      return [cars?.year, cars?.power];
    };
    expect(await facts('Y1')).to.deep.equal([2019, 110]);
    expect(await facts('Y2')).to.deep.equal([2018, 110]);
    expect(await facts('Y3')).to.deep.equal([2019, 150]);
    expect(await facts('Y4')).to.deep.equal([2017, 110]);
    expect(summary.warnings).to.deep.equal([]);
  });

  it("keeps a shipping cost given without a price among the ad's attributes, as it says", async () => {
    const summary = await run(
      feed(record('P1', '<title>Bicicleta infantil</title><category>Kids</category><shipping_cost>5</shipping_cost>')),
      IT_PRODUCTS,
      38,
    );
    expect(summary.warnings.map((w) => `${w.field}: ${w.reason}`)).to.include('shipping_cost: without a price');
    expect((await stored('P1', 38)).feedAttributes).to.deep.include({ shipping_cost: '5' });
  });

  it("indexes a yearly rent by the month, and takes a price's currency from its text", async () => {
    const flat = (id: string, price: string) =>
      record(id, `<title>Apartment ${id}</title><type>For Rent</type><city>Riyadh</city>${price}`);
    await run(feed(flat('Y1', '<price period="yearly" currency="SAR">45,000</price>')), SA_HOMES, 37);
    const y1 = await stored('Y1', 37);
    expect(y1.price).to.deep.equal({ value: 3750 });
    expect(y1.feedAttributes).to.deep.include({ price_period: 'yearly', price: '45,000' });
    await run(
      feed(record('X1', '<title>Casa X1</title><type>Venta</type><city>Guadalajara</city><price>US$ 450,000</price>')),
      MX_HOMES,
      38,
    );
    await run(
      feed(record('R1', '<title>Casa R1</title><type>Venta</type><city>Córdoba</city><price>AR$ 50.000.000</price>')),
      { country: 'ar', vertical: 'homes' },
      44,
    );
    expect((await stored('R1', 44)).currency).to.equal('ARS');
    const x1 = await stored('X1', 38);
    expect(x1.currency).to.equal('USD');
    expect(x1.price).to.deep.equal({ value: 450000 });
    // Among pesos, its dollars count as the pesos they are worth: ~8.75 million, above 5 million pesos.
    await run(
      feed(
        record('X1', '<title>Casa X1</title><type>Venta</type><city>Guadalajara</city><price>US$ 450,000</price>'),
        record('X2', '<title>Casa X2</title><type>Venta</type><city>Guadalajara</city><price>5,000,000</price>'),
      ),
      MX_HOMES,
      38,
    );
    const sorted = await f.get('/api/sites/mx/homes/search?sort=price_desc');
    expect(sorted.body.data.map((a: { attributes: { title: string } }) => a.attributes.title)).to.deep.equal([
      'Casa X1',
      'Casa X2',
    ]);
    const dear = await f.get('/api/sites/mx/homes/search?filters[priceMin]=6000000');
    expect(dear.body.data.map((a: { attributes: { title: string } }) => a.attributes.title)).to.deep.equal(['Casa X1']);
    expect(dear.body.data[0].attributes.vertical_properties.price).to.deep.include({ currency: 'USD' });
    // The partner now writes the same house in pesos: a new price, not a drop from 450,000 to 8.5 million
    // or a rise; its history starts again, and the price-drop filter does not find it.
    await run(
      feed(
        record('X1', '<title>Casa X1</title><type>Venta</type><city>Guadalajara</city><price>8,500,000</price>'),
        record('X2', '<title>Casa X2</title><type>Venta</type><city>Guadalajara</city><price>5,000,000</price>'),
      ),
      MX_HOMES,
      38,
    );
    const pesos = await stored('X1', 38);
    expect(pesos.currency).to.equal('MXN');
    expect(pesos.price).to.deep.equal({ value: 8500000 });
    await run(
      feed(
        record('X1', '<title>Casa X1</title><type>Venta</type><city>Guadalajara</city><price>US$ 420,000</price>'),
        record('X2', '<title>Casa X2</title><type>Venta</type><city>Guadalajara</city><price>5,000,000</price>'),
      ),
      MX_HOMES,
      38,
    );
    expect((await stored('X1', 38)).price).to.deep.equal({ value: 420000 });
    const drops = await f.get('/api/sites/mx/homes/search?filters[decreasePrice]=true');
    expect(drops.body.errors?.[0]?.code).to.equal('NO_RESULTS');
  });

  it('maps the values partners write in their languages: feminine forms, phrases, Mexican and Turkish deal words', async () => {
    const car = (id: string, extra: string) =>
      record(id, `<title>Toyota ${id}</title><make>Toyota</make><model>Corolla</model><price>15000</price>${extra}`);
    const summary = await run(
      feed(
        car('V1', '<transmission>Automática</transmission><fuel>Híbrida</fuel>'),
        car('V2', '<fuel>Hybrid (Petrol/Electric)</fuel>'),
        car('V3', '<fuel>Gas natural</fuel>'),
      ),
      ES_CARS,
      39,
    );
    expect((await stored('V1', 39)).cars).to.deep.include({ transmission: 'automatic', fuel: 'hybrid' });
    expect((await stored('V2', 39)).cars?.fuel).to.equal('hybrid');
    await run(
      feed(
        car('V4', '<fuel>Petrol Hybrid</fuel><transmission>Manual/Automatic</transmission>'),
        car('V5', '<fuel>Benzina/GPL</fuel>'),
      ),
      ES_CARS,
      39,
    );
    expect((await stored('V4', 39)).cars?.fuel).to.equal('hybrid');
    // Words that disagree map onto nothing, and are kept.
    expect((await stored('V4', 39)).cars?.transmission).to.equal(undefined);
    expect((await stored('V5', 39)).cars?.fuel).to.equal('lpg');
    // Natural gas is no fuel of ours: kept as written, not taken for petrol.
    const v3 = await stored('V3', 39);
    expect(v3.cars?.fuel).to.equal(undefined);
    expect(v3.feedAttributes).to.deep.include({ fuel: 'Gas natural' });
    expect(summary.rejected).to.equal(0);
    await run(
      feed(record('W1', '<title>Camarero</title><company>Hotel</company><category>Hostelería y turismo</category>')),
      ES_JOBS,
      40,
    );
    expect((await stored('W1', 40)).jobs?.category).to.equal(7);
    await run(
      feed(
        record(
          'D1',
          '<title>Departamento en renta</title><type>Renta</type><property_type>Departamento</property_type><city>Guadalajara</city><price>15000</price>',
        ),
      ),
      MX_HOMES,
      41,
    );
    const d1 = await stored('D1', 41);
    expect(d1.typeId).to.equal(2);
    expect(d1.homes?.propertyType).to.equal('flat');
    // A region's own words (decision 080): Brazil's "Para alugar" and "Kitnet", America's "Sedan".
    await run(
      feed(
        record(
          'B1',
          '<title>Kitnet mobiliada</title><type>Para alugar</type><property_type>Kitnet</property_type><city>Curitiba</city><price>1500</price>',
        ),
      ),
      { country: 'br', vertical: 'homes' },
      45,
    );
    const b1 = await stored('B1', 45);
    expect(b1.typeId).to.equal(2);
    expect(b1.homes?.propertyType).to.equal('studio');
    await run(
      feed(
        record(
          'U1',
          '<title>Honda Accord</title><make>Honda</make><model>Accord</model><car_type>Sedan</car_type><price>9000</price>',
        ),
      ),
      { country: 'us', vertical: 'cars' },
      46,
    );
    expect((await stored('U1', 46)).cars?.type).to.equal('saloon');
  });

  it('shows no label for a category the site does not list, rather than "0"', async () => {
    await run(
      feed(record('Z1', '<title>Puesto raro</title><company>Empresa</company><category>Zzyzx</category>')),
      ES_JOBS,
      42,
    );
    const z1 = await stored('Z1', 42);
    expect(z1.jobs?.category).to.equal(0);
    const page = await f.get(`/api/sites/es/jobs/ad/${z1.id}`);
    expect(page.body.data.attributes.vertical_properties.categoryLabel).to.equal(null);
  });

  it('keeps an ad through the last day of a date-only expiration_date, and never dates an ad in the future', async () => {
    const today = new Date(NOW_S * 1000).toISOString().slice(0, 10);
    const soon = new Date((NOW_S + 3 * 3600) * 1000).toISOString().slice(0, 19);
    const summary = await run(
      feed(
        ad('E1', `<expiration_date>${today}</expiration_date>`),
        ad('E2', '').replace('<date>2025-05-20</date>', `<date>${soon}</date>`),
      ),
    );
    expect(summary).to.include({ imported: 2, expiredByDate: 0 });
    const e1 = await stored('E1');
    expect(e1.expired).to.equal(false);
    expect(e1.expiresAt).to.equal(Date.parse(`${today}T00:00:00Z`) / 1000 + 86400);
    // A time three hours ahead (a partner's local time read as UTC) is the import's time.
    expect((await stored('E2')).date).to.equal(NOW_S);
  });

  it('replaces a lone surrogate (&#xD800;) rather than storing text no JSON reader takes', async () => {
    await run(feed(ad('S1', '').replace('Piso S1 en Valencia', 'Piso &#xD800; S1')));
    const s1 = await stored('S1');
    expect(s1.title).to.equal('Piso \ufffd S1');
    const res = await f.get('/api/sites/es/homes/search?what=piso');
    expect(JSON.stringify(res.body)).to.not.match(/\\ud800/i);
    // A character written as its two halves stays that character.
    await run(feed(ad('S2', '').replace('Piso S2 en Valencia', 'Piso &#55357;&#56832; S2')));
    expect((await stored('S2')).title).to.equal('Piso 😀 S2');
  });

  it('reads a record written in Windows-1252 inside a UTF-8 file, past the first megabyte it samples', async () => {
    const many = Array.from({ length: 3600 }, (_, i) => ad(`B${i}`, '<floor_area>90</floor_area>'));
    const utf8 = Buffer.from(
      feed(...many, ad('Ñ1', '').replace('Piso Ñ1 en Valencia', 'Ático en Cádiz')).replace(/<\/trovit>\n$/, ''),
    );
    expect(utf8.length).to.be.greaterThan(1_100_000);
    const latin = windows1252Record('L1', [0x80, 0x92]);
    const file = f.writeFile('mixed.xml', '');
    fs.writeFileSync(file, Buffer.concat([utf8, latin, Buffer.from('\n</trovit>\n')]));
    const summary = await f.importFeed(file, ES_HOMES, 31);
    expect(summary.rejected).to.equal(0);
    expect((await stored('Ñ1')).title).to.equal('Ático en Cádiz');
    expect((await stored('L1')).title).to.equal('Ático en Cádiz €’');
  });

  it('reads a Windows-1252 record inside a UTF-8 file within the megabyte it samples: the other records stay UTF-8', async () => {
    const utf8 = (id: string, title: string) => Buffer.from(ad(id, '').replace(`Piso ${id} en Valencia`, title));
    const pasted = windows1252Record('L1', [0x80]);
    const [head, tail] = feed('<!--records-->').split('<!--records-->') as [string, string];
    for (const [name, declaration, note] of [
      [
        'declares-utf8.xml',
        'UTF-8',
        'read as UTF-8, with the bytes that are no part of a UTF-8 character (records from an older system) read as Windows-1252',
      ],
      [
        'declares-latin1.xml',
        'ISO-8859-1',
        'read as UTF-8: the file declares ISO-8859-1 but is written in UTF-8, with the bytes that are no part of a UTF-8 character read as Windows-1252',
      ],
    ] as const) {
      const source = name === 'declares-utf8.xml' ? 31 : 33;
      const file = f.writeFile(name, '');
      fs.writeFileSync(
        file,
        Buffer.concat([
          Buffer.from(head.replace('encoding="UTF-8"', `encoding="${declaration}"`)),
          utf8('U1', 'Ático en Cádiz, año 2020'),
          pasted,
          utf8('U2', 'Piso señorial junto al río'),
          Buffer.from(tail),
        ]),
      );
      const summary = await f.importFeed(file, ES_HOMES, source);
      expect(summary, name).to.include({ imported: 3, rejected: 0, encoding: note });
      expect((await stored('U1', source)).title, name).to.equal('Ático en Cádiz, año 2020');
      expect((await stored('U2', source)).title, name).to.equal('Piso señorial junto al río');
      expect((await stored('L1', source)).title, name).to.equal('Ático en Cádiz €');
    }
    // A Windows-1252 file where a capital and a symbol chance to make a UTF-8 character ("Ñ·" is "ѷ") stays
    // Windows-1252: its other letters are not UTF-8.
    const file = f.writeFile('latin.xml', '');
    const title = 'ÁTICO EN CÁDIZ, AÑO·2020';
    fs.writeFileSync(file, Buffer.from(feed(ad('W1', '').replace('Piso W1 en Valencia', title)), 'latin1'));
    const latin = await f.importFeed(file, ES_HOMES, 32);
    expect(latin.encoding).to.equal('read as Windows-1252: the file declares UTF-8 but is not UTF-8');
    expect((await stored('W1', 32)).title).to.equal(title);
  });

  it('reads a value its element gives in a child (<value>, <amount>) or an attribute, with the unit beside it', async () => {
    const summary = await run(
      feed(
        ad('V1', '<price><value>320000</value><currency>EUR</currency></price>').replace(
          '<city>',
          '<floor_area>\n  <unit>sqft</unit>\n  <value>1,937</value>\n</floor_area><city>',
        ),
        ad('V2', '<price value="900" currency="EUR" period="monthly"/>').replace('For Sale', 'For Rent'),
        ad('V3', '<price currency="EUR"><amount>185000</amount></price>'),
        // An agency's currency, without a value beside it, is one of the agency's fields, as before.
        ad('V4', '<agency><name>Sol</name><currency>EUR</currency></agency><price>199000</price>'),
      ),
    );
    expect(summary).to.include({ imported: 4, rejected: 0 });
    const v1 = await stored('V1');
    expect(v1.price).to.deep.equal({ value: 320000 });
    // 1,937 square feet, as the unit beside the value says.
    expect(v1.homes?.floorArea).to.equal(179.95);
    expect(v1.feedAttributes).to.equal(undefined);
    expect((await stored('V2')).price).to.deep.equal({ value: 900 });
    expect((await stored('V2')).feedAttributes).to.equal(undefined);
    expect((await stored('V3')).price).to.deep.equal({ value: 185000 });
    const v4 = await stored('V4');
    expect(v4.price).to.deep.equal({ value: 199000 });
    expect(v4.feedAttributes).to.deep.equal({ name: 'Sol', currency: 'EUR' });
  });

  it('reads the postcode by the names partners give it: postCode, zip_code', async () => {
    const summary = await run(
      feed(ad('Z1', '<postCode>46001</postCode><price>150000</price>'), ad('Z2', '<zip_code>46002</zip_code>')),
    );
    expect(summary).to.include({ imported: 2, rejected: 0 });
    for (const [id, postcode] of [
      ['Z1', '46001'],
      ['Z2', '46002'],
    ]) {
      const z = await stored(id as string);
      expect(z.location.postalCode, id).to.equal(postcode);
      expect(z.feedAttributes, id).to.equal(undefined);
    }
  });

  it('reads a product in two <category> elements as in both, found by a filter of either', async () => {
    const summary = await run(
      feed(
        record(
          'C1',
          '<title>Seggiolino auto</title><category>Kids</category><category>Car Parts and Accessories</category>' +
            '<price>89</price><city>Milano</city>',
        ),
      ),
      IT_PRODUCTS,
    );
    expect(summary).to.include({ imported: 1, rejected: 0 });
    const c1 = await stored('C1');
    expect(c1.products).to.deep.equal({ categoryId: 107, otherCategoryIds: [112] });
    for (const category of [107, 112]) {
      const res = await f.get(`/api/sites/it/products/search?categoryId=${category}`);
      expect(res.body.data.map((a: { id: string }) => a.id)).to.deep.equal([c1.id]);
    }
  });

  it('names a keyword of the SEO index by the words of its title, never by a function word ("piso con")', async () => {
    await run(feed(ad('K1', '').replace('Piso K1 en Valencia', 'Piso con terraza en Valencia')));
    const res = await f.get('/api/keywords/homes?country_code=es');
    const names = res.body.data.map((k: { attributes: { name?: string; keyword?: string } }) => k.attributes);
    expect(JSON.stringify(names)).to.include('piso terraza');
    expect(JSON.stringify(names)).to.not.include('piso con');
  });

  it('reads JSON lines whose objects group fields, give a price as an amount, or wrap their pictures', async () => {
    const file = f.writeFile(
      'grouped.jsonl',
      [
        jsonLine('G1', {
          location: { city: 'Ronda', region: 'Andalucía' },
          price: { amount: 180000, currency: 'EUR' },
        }),
        jsonLine('G2', { agency: { id: 'AG9', url: 'https://agency.example/' }, price: 195000 }),
        // `<pictures><picture>` as an XML-to-JSON export writes them: a list, or one picture.
        jsonLine('G3', {
          pictures: {
            picture: [
              { picture_url: 'https://img.example/g3a.jpg' },
              { picture_url: 'https://img.example/g3b.jpg', featured: 'true' },
            ],
          },
        }),
        jsonLine('G4', { pictures: { Picture: { picture_url: 'https://img.example/g4.jpg' } } }),
      ].join('\n') + '\n',
    );
    const summary = await f.importFeed(file, ES_HOMES, 31);
    expect(summary).to.include({ imported: 4, rejected: 0 });
    expect((await stored('G3')).images).to.deep.equal(['https://img.example/g3b.jpg', 'https://img.example/g3a.jpg']);
    expect((await stored('G4')).images).to.deep.equal(['https://img.example/g4.jpg']);
    const g1 = await stored('G1');
    expect(g1.location.city).to.equal('Ronda');
    expect(g1.price).to.deep.equal({ value: 180000 });
    const g2 = await stored('G2');
    expect(g2.url).to.match(/anuncio\/G2/);
    expect(g2.feedAttributes).to.deep.include({ agency_id: 'AG9' });
  });

  it('rejects a JSON line that is JSON but no object as a record, even the last; keeps a field named "__error"', async () => {
    const file = f.writeFile(
      'odd.jsonl',
      [jsonLine('J1', { __error: 'none' }), '[1, 2]', jsonLine('J2'), '42'].join('\n') + '\n',
    );
    const summary = await f.importFeed(file, ES_HOMES, 31);
    expect(summary).to.include({ records: 4, imported: 2, rejected: 2 });
    expect(summary.rejections.map((r) => [r.line, r.reason])).to.deep.equal([
      [2, 'not a JSON object'],
      [4, 'not a JSON object'],
    ]);
    expect((await stored('J1')).feedAttributes).to.deep.include({ __error: 'none' });
    // A last line that is not JSON at all is a record cut short: the file is malformed, nothing changes.
    const cut = f.writeFile('cut.jsonl', [jsonLine('J3'), jsonLine('J4').slice(0, 40)].join('\n'));
    const error = await f.importFeed(cut, ES_HOMES, 31).then(
      () => undefined,
      (err: Error) => err.message,
    );
    expect(error).to.match(/truncated/);
    expect(await f.store.getAdByPartner(31, 'J3')).to.equal(undefined);
  });

  it('reads a record whose object members nest thousands deep, as an XML element of that depth', async () => {
    // Valid JSON that JSON.parse reads: its flattening once overflowed the call stack and failed the run.
    const depth = 10_000;
    const deep = `${'{"a":'.repeat(depth)}{"city":"Ronda"}${'}'.repeat(depth)}`;
    const line = (id: string, extra = '') =>
      `{"id":"${id}","url":"https://portal.example/anuncio/${id}","title":"Casa ${id} en Ronda","type":"For Sale",` +
      `"content":"Casa encalada con patio andaluz, tres dormitorios y vistas a la serranía.","city":"Ronda",` +
      `"price":180000${extra}}`;
    const file = f.writeFile('deep.jsonl', [line('D1'), line('D2', `,"agency":${deep}`), line('D3')].join('\n') + '\n');
    const summary = await f.importFeed(file, ES_HOMES, 32);
    expect(summary).to.include({ imported: 3, rejected: 0 });
    expect((await stored('D2', 32)).location.city).to.equal('Ronda');
  });

  it("never groups two flats of one agency's template at different addresses, and still groups one flat", async () => {
    const text =
      'Piso reformado de tres dormitorios y dos baños, cocina equipada, terraza, ascensor y trastero. ' +
      'Muy luminoso, orientación sur, cerca de colegios y del metro. Gastos de comunidad incluidos.';
    const flat = (id: string, address: string, price: number) =>
      `<ad><id>${id}</id><url>https://portal.example/anuncio/${id}</url><title>Piso reformado en Valencia</title>` +
      `<type>For Sale</type><content>${text}</content><price>${price}</price><city>Valencia</city>` +
      `<address>${address}</address><floor_area>90</floor_area><rooms>3</rooms><bathrooms>2</bathrooms>` +
      '<date>2025-05-20</date></ad>';
    await run(
      feed(flat('T1', 'calle Sueca 12, 2º', 250000), flat('T2', 'Calle Literato Azorín 7, 1º', 230000)),
      ES_HOMES,
      51,
    );
    await run(
      feed(flat('O1', 'calle Cádiz 40, 5º', 252000), flat('O2', 'C/ Literato Azorín, 7', 231000)),
      ES_HOMES,
      52,
    );
    // Another street, other numbers: two flats, whatever their texts.
    expect((await stored('O1', 52)).duplicateGroup).to.equal(undefined);
    // The same flat written two ways (one partner leaves out the floor): grouped.
    const t2 = await stored('T2', 51);
    expect(t2.duplicateGroup).to.be.a('number');
    expect((await stored('O2', 52)).duplicateGroup).to.equal(t2.duplicateGroup);
  });

  it('stops with a clear error, changing nothing, when a feed wraps its ads in another element', async () => {
    const wrapped = feed(ad('W1', ''), ad('W2', ''))
      .replace('<trovit>\n', '<trovit>\n<ads>\n')
      .replace('</trovit>', '</ads>\n</trovit>');
    let error: Error | undefined;
    try {
      await run(wrapped, ES_HOMES, 53);
    } catch (err) {
      error = err as Error;
    }
    expect(error?.name).to.equal('MalformedFeedError');
    expect(error?.message).to.equal(
      'No <ad> straight under <trovit>: the ads are inside <ads>; write each <ad> directly in <trovit> (line 4)',
    );
    expect(await f.store.source(53)).to.equal(undefined);
    // The line its first <ad starts on, also when the tag takes several lines.
    let again: Error | undefined;
    try {
      await run(wrapped.replace('<ad>', '<ad\n  type="x"\n>'), ES_HOMES, 53);
    } catch (err) {
      again = err as Error;
    }
    expect(again?.message).to.match(/\(line 4\)$/);
  });

  it('counts warnings apart when only their ranges differ, and says what they are', async () => {
    const summary = await run(
      feed(
        ad('R1', '<price>250</price>'),
        ad('R2', '<price>300</price>'),
        ad('R3', '<price>1.2</price>').replace('<type>For Sale</type>', '<type>For Rent</type>'),
      ),
    );
    const prices = summary.warnings.filter((w) => w.field === 'price').map((w) => [w.reason, w.count]);
    expect(prices).to.deep.equal([
      ['250 is out of range 10000–100000000 EUR', 2],
      ['1.2 is out of range 100–50000 EUR', 1],
    ]);
  });

  it("never files a city named like a region under that region: a partner's Washington is not the state", async () => {
    await run(
      feed(
        record(
          'DC1',
          '<title>Condo in Washington</title><type>For Sale</type><city>Washington</city><price>450000</price>',
        ),
      ),
      { country: 'us', vertical: 'homes' },
      45,
    );
    const dc = await stored('DC1', 45);
    expect(dc.location.region).to.not.equal('Washington');
    expect(dc.location.city).to.match(/^Washington/);
  });
});
