import path from 'node:path';
import { expect } from 'chai';
import type { SiteKey, StoredAd } from '../../../src/services/search/types';
import { anotherRunWriting, feedApp, homesXml, type FeedApp } from './feedKit';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ES_HOMES: SiteKey = { country: 'es', vertical: 'homes' };
/** The `expiration_date` of the dated ads below: 12 hours after the tests' clock. */
const EXPIRES = Date.UTC(2025, 5, 2) / 1000;

describe('feed ads past their expiration_date, between imports', function () {
  this.timeout(30_000);
  let f: FeedApp;
  beforeEach(() => {
    f = feedApp();
  });
  afterEach(() => f.close());

  const flat =
    'Piso exterior de tres dormitorios y dos baños, cocina equipada, terraza de quince metros, ' +
    'ascensor y plaza de garaje incluida en el precio. Muy cerca del metro Goya.';

  async function importBoth(): Promise<{ x1: StoredAd; z1: StoredAd; y1: StoredAd; w1: StoredAd }> {
    await f.importFeed(
      f.writeFile(
        'a.xml',
        homesXml([
          { id: 'X1', content: flat, price: 450000, area: 98, rooms: 3, lat: 40.4251, lng: -3.6755 },
          { id: 'Z1', price: 320000, area: 80, rooms: 2 },
        ]),
      ),
      ES_HOMES,
      1,
    );
    // The second partner publishes the same flat as X1 and an attic, both until EXPIRES.
    const s = await f.importFeed(
      f.writeFile(
        'b.xml',
        homesXml([
          {
            id: 'Y1',
            title: 'Magnífico piso en Goya',
            content: `${flat} Llame ahora, Agencia Dos.`,
            price: 445000,
            area: 100,
            rooms: 3,
            lat: 40.4256,
            lng: -3.6751,
            expiration: '2025-06-02 00:00:00',
          },
          {
            id: 'W1',
            title: 'Buhardilla con vigas',
            price: 210000,
            area: 45,
            rooms: 1,
            expiration: '2025-06-02 00:00:00',
          },
        ]),
      ),
      ES_HOMES,
      2,
    );
    expect(s).to.include({ imported: 2, expired: 0, grouped: 1 });
    const byPartner = async (source: number, id: string) => (await f.store.getAdByPartner(source, id)) as StoredAd;
    return {
      x1: await byPartner(1, 'X1'),
      z1: await byPartner(1, 'Z1'),
      y1: await byPartner(2, 'Y1'),
      w1: await byPartner(2, 'W1'),
    };
  }

  it('serves a dated ad until its expiration time, then not in search, counts or related ads, and its page says expired', async () => {
    const { x1, z1, y1, w1 } = await importBoth();
    const madrid = async () => (await f.store.topValues(ES_HOMES, 'city', {}, 5))[0]?.count;

    // One second before: served everywhere.
    f.setNow(EXPIRES - 1);
    expect((await f.get('/api/sites/es/homes/search?what=buhardilla')).body.data.map((a: Body) => a.id)).to.deep.equal([
      w1.id,
    ]);
    expect(await f.store.countAds(ES_HOMES)).to.equal(4);
    // The link counts as the search lists: x1 and y1 are one ad published twice.
    expect(await madrid()).to.equal(3);
    const relatedBefore = (await f.get(`/api/sites/es/homes/ad/${z1.id}/related`)).body.data.map((a: Body) => a.id);
    expect(relatedBefore).to.include.members([w1.id, y1.id]);
    const pageBefore = await f.get(`/api/sites/es/homes/ad/${x1.id}`);
    expect(pageBefore.body.meta.duplicates).to.deep.equal([y1.id]);
    expect(pageBefore.body.data.attributes.totalSources).to.equal(2);
    expect((await f.get(`/api/sites/es/homes/ad/${w1.id}`)).body.meta.expired).to.equal(false);

    // At its expiration time, with no import and no sweep since: out of every read.
    f.setNow(EXPIRES);
    const search = await f.get('/api/sites/es/homes/search?what=buhardilla');
    expect(search.status).to.equal(404);
    const all = await f.get('/api/sites/es/homes/search');
    expect(all.body.data.map((a: Body) => a.id)).to.have.members([x1.id, z1.id]);
    expect(all.body.meta.totalCount).to.equal(2);
    expect(await f.store.countAds(ES_HOMES)).to.equal(2);
    expect(await madrid()).to.equal(2);
    const relatedAfter = (await f.get(`/api/sites/es/homes/ad/${z1.id}/related`)).body.data.map((a: Body) => a.id);
    expect(relatedAfter).to.deep.equal([x1.id]);
    expect(await f.store.duplicatesOf(x1)).to.deep.equal([]);
    const pageAfter = await f.get(`/api/sites/es/homes/ad/${x1.id}`);
    expect(pageAfter.body.meta.duplicates).to.deep.equal([]);
    expect(pageAfter.body.data.attributes.totalSources).to.equal(1);
    const expiredPage = await f.get(`/api/sites/es/homes/ad/${w1.id}`);
    expect(expiredPage.status).to.equal(200);
    expect(expiredPage.body.meta.expired).to.equal(true);
    expect((await f.store.getAd(y1.id))?.expired).to.equal(true);
    expect((await f.store.getAds([w1.id, z1.id])).map((a) => a.expired)).to.deep.equal([true, false]);
    // Nothing was written: the store's mark is unchanged, the time alone took them out.
    const marked = f.store.db.prepare('SELECT count(*) AS n FROM ads WHERE expired = 1').get() as { n: number };
    expect(marked.n).to.equal(0);
  });

  it('has the next import mark them expired and count them expired by date, not unchanged', async () => {
    const { x1 } = await importBoth();
    f.setNow(EXPIRES);
    const again = await f.importFeed(path.join(f.dataDir, 'b.xml'), ES_HOMES, 2, { now: () => EXPIRES });
    // Each record once: the two unchanged ads are past their date, so expired, not also unchanged.
    expect(again).to.include({
      records: 2,
      unchanged: 0,
      updated: 0,
      expiredByDate: 2,
      expired: 2,
      expiredOtherSources: 0,
    });
    const marked = f.store.db.prepare('SELECT count(*) AS n FROM ads WHERE expired = 1').get() as { n: number };
    expect(marked.n).to.equal(2);
    expect(await f.store.countAds(ES_HOMES)).to.equal(2);
    // Out of the duplicate index too, as the sweep takes them out: the group of X1 and Y1 is gone.
    expect(await f.store.duplicatesOf(x1)).to.deep.equal([]);
    const indexed = f.store.db.prepare('SELECT count(*) AS n FROM feed_dedup WHERE source_id = 2').get() as {
      n: number;
    };
    expect(indexed.n).to.equal(0);
  });

  it('takes an ad past its date out of the duplicates when its own grouping was still waiting', async () => {
    const dated = { content: flat, area: 98, rooms: 3, lat: 40.4251, lng: -3.6755 };
    await f.importFeed(
      f.writeFile('x.xml', homesXml([{ ...dated, id: 'X1', title: 'Piso en venta', price: 450000 }])),
      ES_HOMES,
      1,
    );
    // A run of source 1 is writing (its lock held): source 2's new ad waits to be grouped (decision 085).
    const other = anotherRunWriting(f.store, 1);
    const y = f.writeFile(
      'y.xml',
      homesXml([
        {
          ...dated,
          id: 'Y1',
          title: 'Magnífico piso en Goya',
          content: `${flat} Agencia Dos.`,
          price: 475000,
          expiration: '2025-06-02 00:00:00',
        },
      ]),
    );
    expect(await f.importFeed(y, ES_HOMES, 2)).to.include({ imported: 1, groupingLeftTo: 1 });
    // Listed again, unchanged, once its date has passed: written expired, and its waiting fingerprint gone.
    const again = await f.importFeed(y, ES_HOMES, 2, { now: () => EXPIRES + 10 });
    expect(again).to.include({ expiredByDate: 1, unchanged: 0 });
    expect(f.store.db.prepare('SELECT count(*) AS n FROM feed_dedup_new').get()).to.deep.equal({ n: 0 });
    other.end();
    // A third partner's copy of the flat joins the live one, not the expired one.
    f.setNow(EXPIRES + 100);
    const v = f.writeFile(
      'v.xml',
      homesXml([
        { ...dated, id: 'V1', title: 'Magnífico piso en Goya', content: `${flat} Agencia Tres.`, price: 462000 },
      ]),
    );
    expect(await f.importFeed(v, ES_HOMES, 3, { now: () => EXPIRES + 100 })).to.include({ grouped: 1 });
    const x1 = (await f.store.getAdByPartner(1, 'X1')) as StoredAd;
    const v1 = (await f.store.getAdByPartner(3, 'V1')) as StoredAd;
    expect(v1.duplicateGroup).to.be.a('number');
    expect((await f.store.duplicatesOf(x1)).map((a) => a.id)).to.deep.equal([v1.id]);
  });

  it('keeps the fingerprint of a changed ad, not the one still waiting from when it was new', async () => {
    await f.importFeed(f.writeFile('x.xml', homesXml([{ id: 'X1', price: 450000, area: 98, rooms: 3 }])), ES_HOMES, 1);
    const other = anotherRunWriting(f.store, 1);
    const y = (price: number) => f.writeFile('y.xml', homesXml([{ id: 'Y1', price, area: 80, rooms: 2 }]));
    expect(await f.importFeed(y(320000), ES_HOMES, 2)).to.include({ imported: 1, groupingLeftTo: 1 });
    expect(await f.importFeed(y(290000), ES_HOMES, 2)).to.include({ updated: 1 });
    other.end();
    // The next run indexes what waits: nothing of Y1's, whose fingerprint has its new price.
    await f.importFeed(f.writeFile('z.xml', homesXml([{ id: 'Z1', price: 100000 }])), ES_HOMES, 3);
    const prices = f.store.db.prepare('SELECT price FROM feed_dedup WHERE source_id = 2').all();
    expect(prices).to.deep.equal([{ price: 290000 }]);
  });

  it('counts an ad whose date comes during a run unchanged, and leaves it to the next run to mark', async () => {
    await importBoth();
    // The run starts before the ads' date and ends after it.
    let now = EXPIRES - 60;
    const during = await f.importFeed(path.join(f.dataDir, 'b.xml'), ES_HOMES, 2, {
      now: () => now,
      onProgress: (p) => {
        if (p.phase === 'grouping') now = EXPIRES + 60;
      },
    });
    expect(during).to.include({ records: 2, unchanged: 2, expiredByDate: 0, expired: 0, expiredOtherSources: 0 });
    // Out of every read all the same once their time has come (decision 045).
    f.setNow(EXPIRES + 60);
    expect((await f.get('/api/sites/es/homes/search?what=buhardilla')).status).to.equal(404);
    const next = await f.importFeed(path.join(f.dataDir, 'b.xml'), ES_HOMES, 2, { now: () => EXPIRES + 120 });
    expect(next).to.include({ records: 2, unchanged: 0, expiredByDate: 2, expired: 2 });
  });

  it("has another source's import expire them too, counted apart from its own", async () => {
    await importBoth();
    f.setNow(EXPIRES);
    const other = await f.importFeed(path.join(f.dataDir, 'a.xml'), ES_HOMES, 1, { now: () => EXPIRES });
    // Source 1's ads are all live; source 2's two ads past their date are swept, and said to be another's.
    expect(other).to.include({ unchanged: 2, expired: 0, expiredByDate: 0, expiredOtherSources: 2 });
    const marked = f.store.db.prepare('SELECT count(*) AS n FROM ads WHERE expired = 1').get() as { n: number };
    expect(marked.n).to.equal(2);
  });
});
