import { expect } from 'chai';
import request from 'supertest';
import { Gazetteer } from '../../../src/services/places/Gazetteer';
import type { AdInput } from '../../../src/services/search/types';
import { startTestServer, type TestServer } from '../../support/testServer';

describe('search: a car make written in the script of the site', function () {
  this.timeout(60_000);
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ seed: false });
  });
  after(() => server.close());

  let n = 0;
  const ad = (country: string, city: string, title: string, currency: string, make: string): AdInput => {
    const place = Gazetteer.shared().resolve(country, city)!.place;
    return {
      country,
      vertical: 'cars',
      sourceId: 1,
      partnerAdId: `p${n++}`,
      url: `https://partner.example/${n}`,
      title,
      description: title,
      date: Math.floor(Date.now() / 1000) - 600,
      location: { cityId: place.id, city: place.name, regionId: place.regionId },
      images: [],
      currency,
      price: { value: 500_000 },
      cars: { make, model: 'x' },
    };
  };
  const titles = async (country: string, what: string): Promise<string[]> => {
    const res = await request(server.url).get(
      `/api/sites/${country}/cars/search?countryCode=${country}&what=${encodeURIComponent(what)}&page[size]=100`,
    );
    return res.status === 404
      ? []
      : (res.body.data as { attributes: { title: string } }[]).map((a) => a.attributes.title);
  };

  it('finds ads that write it so, and by its Latin name those that write that, one word or several', async () => {
    await server.services.search.store.writeAds([
      ad('th', 'Bangkok', 'ขายรถ โตโยต้า วีออส 2015', 'THB', 'โตโยต้า'),
      ad('th', 'Bangkok', 'Mazda 2 สีแดง', 'THB', 'Mazda'),
      ad('jp', 'Tokyo', 'フォルクスワーゲン ゴルフ 2018年式', 'JPY', 'フォルクスワーゲン'),
      ad('jp', 'Tokyo', 'Toyota Prius 2017', 'JPY', 'Toyota'),
      ad('tw', 'Taipei', '保時捷 911 跑車 2019', 'TWD', '保時捷'),
      ad('ru', 'Moscow', 'Тойота Камри 2016', 'RUB', 'Toyota'),
      ad('ru', 'Moscow', 'Toyota Corolla 2014', 'RUB', 'Toyota'),
    ]);
    // Written in the site's script (the partner's make too), found as written: Thai, Japanese and
    // Chinese part these names into words.
    expect(await titles('th', 'โตโยต้า')).to.deep.equal(['ขายรถ โตโยต้า วีออส 2015']);
    expect(await titles('jp', 'フォルクスワーゲン')).to.deep.equal(['フォルクスワーゲン ゴルフ 2018年式']);
    expect(await titles('tw', '保時捷')).to.deep.equal(['保時捷 911 跑車 2019']);
    // Written in Latin only: found by the name in the site's script.
    expect(await titles('th', 'มาสด้า')).to.deep.equal(['Mazda 2 สีแดง']);
    expect(await titles('jp', 'トヨタ')).to.deep.equal(['Toyota Prius 2017']);
    // A make named in one word finds both.
    expect(await titles('ru', 'тойота')).to.have.members(['Тойота Камри 2016', 'Toyota Corolla 2014']);
  });
});
