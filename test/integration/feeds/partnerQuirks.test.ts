import { expect } from 'chai';
import type { ImportSummary } from '../../../src/services/feeds/FeedImporter';
import type { SiteKey, StoredAd } from '../../../src/services/search/types';
import { feedApp, type FeedApp } from './feedKit';

/**
 * Feeds as partners really write them, beyond the spec's own forms: each case was found by importing
 * such a file and reading what a visitor then saw.
 */
const ES_HOMES: SiteKey = { country: 'es', vertical: 'homes' };

const ad = (id: string, body: string) =>
  `<ad><id>${id}</id><url><![CDATA[https://portal.example/anuncio/${id}]]></url>` +
  `<title><![CDATA[Piso ${id} en Valencia]]></title><type>For Sale</type>` +
  `<content><![CDATA[Piso luminoso ${id} con terraza, ascensor y trastero, cerca del metro.]]></content>` +
  `<city>Valencia</city><date>2025-05-20</date>${body}</ad>`;
const feed = (...ads: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<trovit>\n${ads.join('\n')}\n</trovit>\n`;

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
});
