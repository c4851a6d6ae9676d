import { expect } from 'chai';
import request from 'supertest';
import { startTestServer, type TestServer } from '../support/testServer';
import { stateOf } from '../support/pageState';
import { textOf } from '../support/pageText';

describe("a regional site's wording (decision 080)", function () {
  this.timeout(20_000);
  let server: TestServer;
  const get = (path: string, host: string) => request(server.url).get(path).set('Host', `${host}:${server.port}`);

  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it("writes the Brazilian site's footer as Brazil does, and Portugal's as Portugal does", async () => {
    const br = textOf((await get('/', 'homes.br.localhost').expect(200)).text);
    expect(br).to.include('Trabalhe conosco');
    expect(br).to.include('(abre em uma nova aba)');
    expect(br).to.not.match(/connosco|separador/);
    const pt = textOf((await get('/', 'homes.pt.localhost').expect(200)).text);
    expect(pt).to.include('Trabalhe connosco');
    expect(pt).to.include('(abre num novo separador)');
  });

  it('names the regional catalogue in the page and serves it with the overlay, beside the language its region shares', async () => {
    const catalogueOf = async (host: string, path = '/') => {
      const url = stateOf((await get(path, host).expect(200)).text).intl.catalogue as string;
      const res = await request(server.url).get(url).expect(200);
      expect(res.headers['cache-control']).to.equal('public, max-age=31536000, immutable');
      return { url, messages: res.body as Record<string, unknown> };
    };
    const br = await catalogueOf('homes.br.localhost');
    expect(br.url).to.match(/^\/i18n\/pt-BR\.[0-9a-f]{10}\.json$/);
    expect(br.messages['footer.careers']).to.deep.equal([{ type: 0, value: 'Trabalhe conosco' }]);
    const pt = await catalogueOf('homes.pt.localhost');
    expect(pt.url).to.match(/^\/i18n\/pt\.[0-9a-f]{10}\.json$/);
    expect(pt.messages['footer.careers']).to.deep.equal([{ type: 0, value: 'Trabalhe connosco' }]);
    // The Latin-American sites share one catalogue, unless their own differs; the British-English sites share theirs.
    const mx = await catalogueOf('cars.mx.localhost');
    expect(mx.url).to.match(/^\/i18n\/es-419\.[0-9a-f]{10}\.json$/);
    expect((await catalogueOf('cars.ar.localhost')).url).to.equal(mx.url);
    expect((await catalogueOf('www.trawl.com.uy', '/cars')).url).to.equal(mx.url);
    expect((await catalogueOf('cars.co.localhost')).url).to.match(/^\/i18n\/es-CO\./);
    expect((await catalogueOf('cars.ie.localhost')).url).to.equal((await catalogueOf('cars.uk.localhost')).url);
    expect((await catalogueOf('cars.us.localhost')).url).to.match(/^\/i18n\/en-US\./);
    // A stale hash still gets today's words; a catalogue no site reads is not found.
    const stale = await request(server.url).get('/i18n/pt-BR.0000000000.json').expect(200);
    expect(stale.headers['cache-control']).to.equal('public, max-age=0, must-revalidate');
    await request(server.url).get('/i18n/pt-AO.0000000000.json').expect(404);
    await request(server.url).get('/i18n/en-GB.0000000000.json').expect(404);
  });

  it('writes no ß anywhere on the Swiss site, where the German site keeps it', async () => {
    for (const host of ['homes.ch.localhost', 'cars.ch.localhost', 'jobs.ch.localhost']) {
      expect((await get('/', host).expect(200)).text, host).to.not.match(/[ßẞ]/);
      // A search without results: the page with the filters panel and every hint.
      const search = await get('/search/zzzz', host).expect(404);
      expect(search.text, host).to.not.match(/[ßẞ]/);
      expect(textOf(search.text), host).to.include('Filter schliessen');
    }
    expect(textOf((await get('/search/zzzz', 'homes.de.localhost').expect(404)).text)).to.include('Filter schließen');
  });

  it("titles the Latin-American car sites with their own word for cars, and Spain's with its own", async () => {
    expect((await get('/', 'cars.mx.localhost').expect(200)).text).to.include('<title>Autos en México | Trawl</title>');
    expect((await get('/', 'cars.ar.localhost').expect(200)).text).to.include(
      '<title>Autos en Argentina | Trawl</title>',
    );
    expect((await get('/', 'cars.co.localhost').expect(200)).text).to.include(
      '<title>Carros en Colombia | Trawl</title>',
    );
    expect((await get('/', 'cars.es.localhost').expect(200)).text).to.include(
      '<title>Coches en España | Trawl</title>',
    );
    // A chosen filter shows its field, ads or none.
    const mx = textOf((await get('/search/zzzz?transmission=manual', 'cars.mx.localhost').expect(404)).text);
    expect(mx).to.include('Transmisión');
    expect(mx).to.include('Kilometraje');
    expect(mx).to.include('“zzzz”');
    const es = textOf((await get('/search/zzzz?transmission=manual', 'cars.es.localhost').expect(404)).text);
    expect(es).to.include('Cambio');
    expect(es).to.include('«zzzz»');
  });

  it("labels the United States' filters in American English, and Britain's in British", async () => {
    // A chosen filter shows its field, ads or none.
    const filters = '?transmission=manual&car_type=suv';
    const us = textOf((await get(`/search/zzzz${filters}`, 'cars.us.localhost').expect(404)).text);
    expect(us).to.include('Transmission');
    expect(us).to.include('Body style');
    expect(us).to.not.include('Gearbox');
    const uk = textOf((await get(`/search/zzzz${filters}`, 'cars.uk.localhost').expect(404)).text);
    expect(uk).to.include('Gearbox');
  });
});
