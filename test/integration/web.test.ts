import { createHash } from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';
import { expect } from 'chai';
import request from 'supertest';
import { SEEDING_MS, startTestServer, type TestServer } from '../support/testServer';
import type { ListingAd } from '../../src/shared/domain/ad';
import { Gazetteer } from '../../src/services/places/Gazetteer';
import { stateOf } from '../support/pageState';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe('the web role', function () {
  this.timeout(20_000);
  let server: TestServer;
  const get = (path: string, host?: string) => {
    const req = request(server.url).get(path).set('User-Agent', IPHONE);
    return host ? req.set('Host', host) : req;
  };

  /** A GET with no decompression on the way: the bytes and headers as sent. */
  const raw = (path: string, acceptEncoding: string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${server.url}${path}`, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    });

  before(async function () {
    this.timeout(SEEDING_MS);
    server = await startTestServer({ seed: true });
  });
  after(() => server.close());

  describe('sites', () => {
    it('serves the default country general home at / on localhost', async () => {
      const res = await get('/', `localhost:${server.port}`).expect(200);
      expect(res.text).to.include('<html lang="en-GB" dir="ltr" data-vertical="general" data-base="">');
      expect(res.text).to.include('Everything classified in the United Kingdom');
      for (const v of ['homes', 'cars', 'jobs', 'products']) expect(res.text).to.include(`href="/${v}"`);
    });

    it("searches from the country's home in the vertical its form names", async () => {
      const home = await get('/', `localhost:${server.port}`).expect(200);
      expect(home.text).to.include('<form class="search-form" role="search" action="/q" method="get">');
      expect(home.text).to.include('<select name="vertical">');
      const first = await get(
        '/q?page=1&isUserSearch=1&type=0&what=Golf&where=Leeds&vertical=cars',
        `localhost:${server.port}`,
      ).expect(302);
      expect(first.headers.location).to.equal('/cars/q?page=1&isUserSearch=1&type=0&what=Golf&where=Leeds');
      const second = await get(first.headers.location as string, `localhost:${server.port}`).expect(302);
      expect(second.headers.location).to.equal('/cars/search/golf/in/leeds');
      // No vertical named (or one the country lacks): its first.
      const plain = await get('/q?what=flat&vertical=boats', 'www.trawl.co.cr').expect(302);
      expect(plain.headers.location).to.equal('/homes/q?what=flat');
    });

    it('serves a vertical of the default country under its path prefix', async () => {
      const res = await get('/homes', `localhost:${server.port}`).expect(200);
      expect(res.text).to.include('<title>Homes in the United Kingdom | Trawl</title>');
      expect(res.text).to.include('data-vertical="homes"');
      expect(res.text).to.include(`<link rel="canonical" href="http://localhost:${server.port}/homes">`);
      expect(res.text).to.include('action="/homes/q"');
    });

    it("names a place filter's page by its filter in its canonical: its own page, not the country's or a namesake's", async () => {
      const host = `jobs.us.localhost:${server.port}`;
      const home = await get('/', host).expect(200);
      const link = /href="(\/search\?city=(\d+))"[^>]*>Jobs in ([^<]+)</.exec(home.text);
      expect(link, 'a place link on the jobs home page').to.not.equal(null);
      const page = await get(link![1]!, host).expect(200);
      expect(page.text).to.include(`<h1>Jobs in ${link![3]}<`);
      expect(page.text).to.include(`<link rel="canonical" href="http://${host}/search?city=${link![2]}">`);
      // A homes site's region link too: "Madrid" the region is not Madrid the city, whose page /in/madrid is.
      const es = `homes.es.localhost:${server.port}`;
      const region = /href="(\/search\?region=(\d+))"/.exec((await get('/', es).expect(200)).text);
      expect(region, 'a region link on the homes home page').to.not.equal(null);
      const regionPage = await get(region![1]!, es).expect(200);
      expect(regionPage.text).to.include(`<link rel="canonical" href="http://${es}/search?region=${region![2]}">`);
      // One page for one place however the filter is written: by the place's id.
      const uk = `homes.uk.localhost:${server.port}`;
      const canonicals = new Set<string | undefined>();
      for (const query of ['?city=London', '?city=LONDON', '?city=londn', '?region=England&city=london']) {
        const text = (await get(`/search${query}`, uk).expect(200)).text;
        canonicals.add(/<link rel="canonical" href="([^"]+)">/.exec(text)?.[1]);
      }
      expect([...canonicals]).to.have.length(1);
      expect([...canonicals][0]).to.match(new RegExp(`^http://${uk}/search\\?city=\\d+$`));
    });

    it("moves a jobs search's place, which has no where on a jobs site, to that place's filter page", async () => {
      const host = `jobs.us.localhost:${server.port}`;
      const houston = /href="\/search\?city=(\d+)"[^>]*>Jobs in Houston</.exec((await get('/', host).expect(200)).text);
      expect(houston, "Houston's link on the jobs home page").to.not.equal(null);
      const city = houston![1];
      // A where in the URL (a homes site's link form, an old link) is never a jobs page: moved for good,
      // with the URL's other filters and sort.
      const path = await get('/search/nurse/in/houston?sort=date', host).expect(301);
      expect(path.headers.location).to.equal(`/search/nurse?sort=date&city=${city}`);
      const paged = await get('/search/in/houston?page=2', host).expect(301);
      expect(paged.headers.location).to.equal(`/search?city=${city}&page=2`);
      expect((await get('/search/in/illinois', host).expect(301)).headers.location).to.match(/^\/search\?region=\d+$/);
      // A place that is no place of the country leaves the search without it; a place filter given wins.
      expect((await get('/search/nurse/in/xyzzy', host).expect(301)).headers.location).to.equal('/search/nurse');
      const both = await get('/search/nurse/in/houston?city=Chicago', host).expect(301);
      expect(both.headers.location).to.equal('/search/nurse?city=Chicago');
      // A place filter that names no place is the URL's own error, never a move to itself.
      await get('/search/nurse?city=xyzzy', host).expect(400);
      await get('/search?city=xyzzy', host).expect(400);
      // A where written with its region, as the gazetteer's labels are, is that place.
      expect((await get('/search/nurse/in/houston%2C%20texas', host).expect(301)).headers.location).to.equal(
        `/search/nurse?city=${city}`,
      );
      // A place typed in the only box, alone or after the what, as a homes site's what moves to its where.
      expect((await get('/search/nurse%20houston', host).expect(302)).headers.location).to.equal(
        `/search/nurse?city=${city}`,
      );
      expect((await get('/search/houston', host).expect(302)).headers.location).to.equal(`/search?city=${city}`);
      // Typed with its region, as the site's labels write it: Houston, not all of Texas.
      expect((await get('/search/nurse%20in%20Houston%2C%20Texas', host).expect(302)).headers.location).to.equal(
        `/search/nurse?city=${city}`,
      );
      const form = await get('/q?what=nurse&where=Houston', host).expect(302);
      expect((await get(form.headers.location as string, host).expect(301)).headers.location).to.equal(
        `/search/nurse?city=${city}`,
      );
      const page = await get(`/search/nurse?city=${city}`, host).expect(200);
      expect(page.text).to.include('<title>Nurse in Houston | Trawl</title>');
      // A paid landing page stays where it is, and names the place's page as its canonical.
      for (const landing of ['/landing/nurse-houston', '/search/nurse/in/houston?sem=1']) {
        const res = await get(landing, host);
        expect(res.status, landing).to.equal(200);
        expect(res.text, landing).to.include(`<link rel="canonical" href="http://${host}/search/nurse?city=${city}">`);
      }
      // A place page with no results names its place in the filters panel, not by its id.
      const chicago = (await get('/search/nurse/in/chicago', host).expect(301)).headers.location as string;
      const none = await get(chicago, host).expect(404);
      const chicagoId = /city=(\d+)/.exec(chicago)![1];
      expect(none.text).to.include(`<option value="${chicagoId}" selected="">Chicago</option>`);
    });

    it('serves jobs.es.localhost in Spanish, in euros, with no where field', async () => {
      const res = await get('/', `jobs.es.localhost:${server.port}`).expect(200);
      expect(res.text).to.include('<html lang="es-ES"');
      expect(res.text).to.include('Empleo en España');
      // A search without a place is titled with the country's name in the site's language too.
      const results = await get('/search/enfermero', `jobs.es.localhost:${server.port}`).expect(200);
      expect(results.text).to.match(/<h1[^>]*>[^<]*Enfermero en España/);
      expect(res.text).to.include('placeholder="Buscar"');
      expect(res.text).not.to.include('name="where"');
      const state = stateOf(res.text);
      expect(state.app.site).to.include({ country: 'es', target: 'jobs', currency: 'EUR', locale: 'es-ES' });
    });

    it('renders an Arabic-language site right to left', async () => {
      const res = await get('/', `homes.sa.localhost:${server.port}`).expect(200);
      expect(res.text).to.include('<html lang="ar-SA" dir="rtl"');
    });

    it("names an Arabic site's places in Arabic, joined by the Arabic comma, and finds them by their old links", async () => {
      const res = await get('/search/in/riyadh', `homes.sa.localhost:${server.port}`).expect(200);
      const label = (/class="serp__location">(.*?)<\/span>/.exec(res.text)?.[1] ?? '').replace(/<!-- -->/g, '');
      expect(label.replace(/^\s*·\s*/, '')).to.equal('الرياض، منطقة الرياض');
      // The form's where says the place as the site names it, not the old link's "riyadh", and the old
      // link names the page of that name as its canonical: one page, not two.
      expect(/<input[^>]*name="where"[^>]*value="([^"]*)"/.exec(res.text)?.[1]).to.equal('الرياض');
      const canonical = /<link rel="canonical" href="([^"]+)">/.exec(res.text)?.[1] ?? '';
      expect(decodeURI(canonical)).to.equal(`http://homes.sa.localhost:${server.port}/search/in/الرياض`);
      const own = await get(encodeURI('/search/in/الرياض'), `homes.sa.localhost:${server.port}`).expect(200);
      expect(/<link rel="canonical" href="([^"]+)">/.exec(own.text)?.[1]).to.equal(canonical);
      // A where with its region keeps it: the name alone could be another place's.
      const qualified = await get('/search/in/newport,-wales', `homes.uk.localhost:${server.port}`);
      const kept = /<link rel="canonical" href="([^"]+)">/.exec(qualified.text)?.[1] ?? '';
      expect(decodeURIComponent(kept)).to.match(/\/search\/in\/newport,-wales$/);
      // So does the form's where (and an alert saved from the page): "Newport" alone is another town.
      expect(/<input[^>]*name="where"[^>]*value="([^"]*)"/.exec(qualified.text)?.[1]).to.equal('newport, wales');
      const meta = [...res.text.matchAll(/class="ad-card__meta"><span>(.*?)<\/span>/g)].map((m) => m[1]);
      expect(meta.length).to.be.greaterThan(0);
      for (const place of meta) expect(place).to.match(/^[\u0600-\u06ff ]+$/);
      expect(meta.some((place) => place?.includes('، '))).to.equal(true);
    });

    it("finds a car make typed in the site's script as the ads' Latin name finds it", async () => {
      const total = async (country: string, what: string) => {
        const res = await fetch(`${server.url}/api/sites/${country}/cars/search?what=${encodeURIComponent(what)}`);
        const body = (await res.json()) as { meta?: { totalCount?: number } };
        return res.status === 200 ? (body.meta?.totalCount ?? 0) : 0;
      };
      for (const [country, make, written] of [
        ['eg', 'toyota', 'تويوتا'],
        ['ru', 'toyota', 'Тойота'],
        ['ua', 'toyota', 'тойота'],
        ['tw', 'toyota', '豐田'],
        ['th', 'toyota', 'โตโยต้า'],
        ['ru', 'volkswagen', 'фольксваген'],
      ] as const) {
        const latin = await total(country, make);
        expect(latin, `${country} ${make}`).to.be.greaterThan(0);
        expect(await total(country, written), `${country} ${written}`).to.equal(latin);
      }
    });

    it('renders a non-Latin site with its country name in its language', async () => {
      const res = await get('/', `homes.jp.localhost:${server.port}`).expect(200);
      expect(res.text).to.include('<html lang="ja-JP"');
      expect(res.text).to.include('日本');
    });

    it("serves each site's interface in its own language, its titles in its word order", async () => {
      const pl = await get('/', `homes.pl.localhost:${server.port}`).expect(200);
      expect(pl.text).to.include('<html lang="pl-PL"');
      expect(pl.text).to.include('<title>Nieruchomości w Polsce | Trawl</title>');
      expect(pl.text).to.include('placeholder="Szukaj"');
      // A place's name is not declined after a preposition: the title puts a dash before it.
      const krakow = await get('/search/in/krakow', `homes.pl.localhost:${server.port}`).expect(200);
      expect(krakow.text).to.match(/<title>Nieruchomości – Kraków/);
      // The place typed without its accents is shown as it is written.
      expect(krakow.text).to.match(/<input[^>]*name="where"[^>]*value="Kraków"/);
      expect(krakow.text).to.include('Mieszkanie');
      const sa = await get('/', `homes.sa.localhost:${server.port}`).expect(200);
      expect(sa.text).to.include('<html lang="ar-SA" dir="rtl"');
      expect(sa.text).to.include('<title>عقارات في السعودية | Trawl</title>');
      const jp = await get('/search/in/osaka', `homes.jp.localhost:${server.port}`).expect(200);
      expect(jp.text).to.match(/<title>[^<]*の不動産/);
      // A word of a Japanese title is found though the title writes no space around it.
      const flats = await get(`/search/${encodeURIComponent('マンション')}`, `homes.jp.localhost:${server.port}`);
      expect(flats.status).to.equal(200);
      expect(flats.text).to.match(/<title>日本のマンション/);
      expect(flats.text).to.match(/ad-card__title[^>]*><a[^>]*>[^<]*マンション/);
      // The demo ads are written in the site's language too.
      type Doc = { data: Array<{ attributes: { title: string; description?: string } }> };
      const ads = (await (
        await fetch(`${server.url}/api/sites/pl/homes/search?countryCode=pl&page[size]=50`)
      ).json()) as Doc;
      expect(ads.data.length).to.be.above(20);
      for (const { attributes } of ads.data) {
        expect(attributes.title, attributes.title).to.match(/ – /);
        expect(attributes.title, attributes.title).not.to.match(/\b(for|in)\b/);
      }
      expect(ads.data.some((ad) => /na sprzedaż|do wynajęcia/.test(ad.attributes.title))).to.equal(true);
      // A searched text quoted as the language quotes.
      const none = await get('/search/zzzqqq', `homes.pl.localhost:${server.port}`).expect(404);
      expect(none.text).to.include('<p class="no-results__searched">„zzzqqq”</p>');
      const noneJa = await get('/search/zzzqqq', `homes.jp.localhost:${server.port}`).expect(404);
      expect(noneJa.text).to.include('<p class="no-results__searched">「zzzqqq」</p>');
      // A partner's text keeps its own direction on a right-to-left site.
      const saJobs = (await (
        await fetch(`${server.url}/api/sites/sa/jobs/search?countryCode=sa&page[size]=1`)
      ).json()) as { data: Array<{ id: string }> };
      const saAd = await get(`/ad/${saJobs.data[0]!.id}`, `jobs.sa.localhost:${server.port}`).expect(200);
      expect(saAd.text).to.include('<h1 dir="auto">');
      expect(saAd.text).to.include('<p class="ad-page__description" dir="auto">');
      const tr = await get('/', `homes.tr.localhost:${server.port}`).expect(200);
      expect(tr.text).to.include('<title>Türkiye&#39;de Emlak İlanları | Trawl</title>');
    });

    it('serves a shared host split by path prefix', async () => {
      const res = await get('/cars/', 'www.trawl.co.cr').expect(200);
      expect(res.text).to.include('data-vertical="cars"');
      expect(res.text).to.include('Autos en Costa Rica');
      expect(res.text).to.include('action="/cars/q"');
    });

    it('answers an unknown host with a clear 404 page', async () => {
      const res = await get('/', 'shop.example.com').expect(404);
      expect(res.text).to.include('No Trawl site here');
      expect(res.text).to.include('noindex, nofollow, noarchive');
    });

    it('answers a vertical the country lacks with the same 404', async () => {
      const res = await get('/', `cars.sg.localhost:${server.port}`).expect(404);
      expect(res.text).to.include('No Trawl site here');
    });
  });

  describe('pages and statuses', () => {
    it('serves a visitor whose cookies hold JSON ("j:…") where strings belong, and sets them afresh', async () => {
      for (const value of ['j:{"a":1}', 'j:5', 'j:[1]', 'j:true']) {
        for (const path of ['/', '/search/flat', '/no-such-page']) {
          const res = await get(path, `homes.uk.localhost:${server.port}`).set(
            'Cookie',
            `trawl_ab=${value}; trawl_iid=${value}; trawl_origin=${value}; trawl_last_search=${value}`,
          );
          expect(res.status, `${path} ${value}`).to.be.oneOf([200, 404]);
          expect(res.text).not.to.include('An error has occurred');
        }
      }
    });

    it('renders the not-found page with its texts, a search box and noindex', async () => {
      const res = await get('/homes/no/such/page', `localhost:${server.port}`).expect(404);
      expect(res.text).to.include('Page not found');
      expect(res.text).to.include('Sorry we can&#x27;t find that page! It might be an old link or maybe it was moved.');
      expect(res.text).to.include('<meta name="robots" content="noindex, nofollow, noarchive">');
      expect(res.text).to.include('role="search"');
      expect(res.text).not.to.include('rel="canonical"');
    });

    it('renders the server error page with a link home when a service fails', async () => {
      const broken = await startTestServer({ searchBaseUrl: 'http://127.0.0.1:9/{country}/{vertical}' });
      try {
        // A service that does not answer at all makes the page unavailable for now: a 503, which a CDN may serve stale.
        const res = await request(broken.url).get('/homes/ad/abc').set('User-Agent', IPHONE).expect(503);
        expect(res.text).to.include('An error has occurred');
        expect(res.text).to.include('Go to the homepage');
        expect(res.text).to.include('noindex, nofollow, noarchive');
      } finally {
        await broken.close();
      }
    });

    it("titles a car search with the make and model as their makers write them, whatever the visitor's case", async () => {
      const res = await get('/search/bmw-x5', `cars.de.localhost:${server.port}`);
      expect(res.text).to.match(/<title>BMW X5 in Deutschland/);
      expect(res.text).to.match(/<h1[^>]*>BMW X5 in Deutschland<\/h1>/);
    });

    it("sorts a jobs site's results by salary in its own words, and a homes site's by price", async () => {
      const jobs = await get('/search/enfermero', `jobs.es.localhost:${server.port}`);
      expect(jobs.text).to.include('<option value="price_desc">Salario más alto</option>');
      expect(jobs.text).to.include('<option value="price">Salario más bajo</option>');
      const homes = await get('/search/piso', `homes.es.localhost:${server.port}`);
      expect(homes.text).to.include('<option value="price_desc">Precio más alto</option>');
    });

    it('says "in" a country as its language does, and counts a no-results suggestion as the page it opens', async () => {
      const titles: [string, string, RegExp][] = [
        ['jobs.fr.localhost', '/search/infirmier', /<title>Infirmier en France/],
        ['homes.it.localhost', '/search/appartamento', /<title>Appartamento in Italia/],
        ['homes.br.localhost', '/search/apartamento', /<title>Apartamento no Brasil/],
        ['homes.uk.localhost', '/search/flat', /<title>Flat in the United Kingdom/],
        ['homes.ma.localhost', '/', /<title>Immobilier au Maroc \| Trawl/],
      ];
      for (const [host, path, title] of titles) {
        const res = await get(path, `${host}:${server.port}`);
        expect(res.text, `${host}${path}`).to.match(title);
      }
      const api = `${server.url}/api/sites/es/homes`;
      const suggestions = (await (await fetch(`${api}/suggestions?countryCode=es&what=zzzzqqq`)).json()) as {
        data: { attributes: { prefix: string; name: string; total: number; url: string } }[];
      };
      const country = suggestions.data.find((s) => s.attributes.name === 'España');
      expect(country?.attributes.prefix).to.equal('Casas en');
      const opened = (await (await fetch(`${api}/search${country?.attributes.url}&countryCode=es`)).json()) as {
        meta: { totalCount: number };
      };
      expect(opened.meta.totalCount).to.equal(country?.attributes.total);
      // A suggestion names the what as the page's title does: a make as its maker writes it.
      const cars = (await (
        await fetch(`${server.url}/api/sites/de/cars/suggestions?countryCode=de&what=bmw&filters[priceMin]=900000`)
      ).json()) as { data: { attributes: { prefix: string; name: string } }[] };
      expect(cars.data.map((s) => `${s.attributes.prefix} ${s.attributes.name}`)).to.include('BMW in Deutschland');
    });

    it('names each place of the location label once (the city of Madrid in the region named Madrid)', async () => {
      const res = await get('/search/piso/in/madrid', `homes.es.localhost:${server.port}`);
      const label = (/class="serp__location">(.*?)<\/span>/.exec(res.text)?.[1] ?? '').replace(/<!-- -->/g, '');
      const names = label.replace(/^\s*·\s*/, '').split(', ');
      expect(names[0]).to.equal('Madrid');
      expect(new Set(names).size).to.equal(names.length);
    });

    it('sends the search form to the canonical, readable results URL', async () => {
      const res = await get(
        '/homes/q?page=1&isUserSearch=1&type=2&what=Garden+Flat&where=London',
        `localhost:${server.port}`,
      ).expect(302);
      expect(res.headers.location).to.equal('/homes/search/garden-flat/in/london?type_id=2');
      // A pasted page of text searches its first words, within what a search takes, and finds a page.
      const pasted = `garden flat ${'with a view '.repeat(250)}`;
      const long = await get(`/homes/q?what=${encodeURIComponent(pasted)}`, `localhost:${server.port}`).expect(302);
      const path = decodeURIComponent(long.headers.location as string);
      expect(path).to.match(/^\/homes\/search\/garden-flat-with-a-view-/);
      expect(path.length).to.be.below(250);
      expect((await get(long.headers.location as string, `localhost:${server.port}`)).status).to.be.oneOf([200, 404]);
    });

    it("moves a search whose what ends with a place to that place's results URL", async () => {
      const host = `localhost:${server.port}`;
      const typed = await get('/homes/q?what=flat+london', host).expect(302);
      expect(typed.headers.location).to.equal('/homes/search/flat-london');
      const moved = await get(typed.headers.location as string, host).expect(302);
      expect(moved.headers.location).to.equal('/homes/search/flat/in/london');
      const page = await get(moved.headers.location as string, host).expect(200);
      expect(page.text).to.include('<h1>Flat in London</h1>');
      expect(page.text).to.match(/name="where"[^>]*value="London"/);
      // A what with no place in it stays as it is.
      await get('/homes/search/garden-flat', host).expect(200);
    });

    it('seeds demo ads a visitor reads as written: titles without a doubled word, one colour per car, labelled conditions', async () => {
      type Doc = { data: Array<{ id: string; attributes: { title: string; description?: string } }> };
      const homes = (await (
        await fetch(`${server.url}/api/sites/uk/homes/search?countryCode=uk&page[size]=100`)
      ).json()) as Doc;
      for (const { attributes } of homes.data)
        expect(attributes.title, attributes.title).not.to.match(/^(\p{L}+) \1\b/iu);
      let labelled = 0;
      for (const { id } of homes.data.slice(0, 30)) {
        const ad = (await (await fetch(`${server.url}/api/sites/uk/homes/ad/${id}?countryCode=uk`)).json()) as {
          data: { attributes: { vertical_properties: { condition?: string; conditionLabel?: string | null } } };
        };
        const vp = ad.data.attributes.vertical_properties;
        if (!vp.condition) continue;
        expect(vp.conditionLabel).to.be.oneOf(['New', 'Good condition', 'To renovate']);
        labelled++;
      }
      expect(labelled).to.be.above(0);
      const cars = (await (
        await fetch(`${server.url}/api/sites/uk/cars/search?countryCode=uk&page[size]=20`)
      ).json()) as Doc;
      for (const { id } of cars.data) {
        const ad = (await (await fetch(`${server.url}/api/sites/uk/cars/ad/${id}?countryCode=uk`)).json()) as {
          data: { attributes: { description: string; vertical_properties: { color: string } } };
        };
        expect(ad.data.attributes.description.toLowerCase()).to.include(
          ad.data.attributes.vertical_properties.color.toLowerCase(),
        );
      }
      // An Arab site's titles name an area and its city with the Arabic comma, as its place lines do.
      const egHomes = (await (
        await fetch(`${server.url}/api/sites/eg/homes/search?countryCode=eg&page[size]=100`)
      ).json()) as Doc;
      const titles = egHomes.data.map((a) => a.attributes.title);
      expect(titles.some((t) => t.includes('، '))).to.equal(true);
      for (const title of titles) expect(title).not.to.include(', ');
    });

    it("serves a demo partner's ad page with a policy that lets its own style apply", async () => {
      const ads = (await (await fetch(`${server.url}/api/sites/uk/homes/search/m?countryCode=uk`)).json()) as {
        data: Array<{ attributes: { url?: string } }>;
      };
      const path = ads.data.find((a) => a.attributes.url?.startsWith('/partner/'))!.attributes.url!;
      const res = await get(path, `localhost:${server.port}`).expect(200);
      const style = /<style>([^<]*)<\/style>/.exec(res.text)![1]!;
      const hash = createHash('sha256').update(style).digest('base64');
      expect(res.headers['content-security-policy']).to.include(`style-src 'sha256-${hash}'`);
      expect(res.headers['content-security-policy']).not.to.include('nonce-');
      expect(res.text).to.include('<link rel="icon" href="data:,">');
    });

    it('shows the same search nearby when a place has few results', async () => {
      const now = Math.floor(Date.now() / 1000);
      const cityId = (name: string) => Gazetteer.shared().resolve('uk', name)!.place.id;
      await server.services.search.store.writeAds(
        ['Leeds', 'York', 'York', 'Bradford'].map((city, i) => ({
          id: `quokka-${i}`,
          country: 'uk',
          vertical: 'homes' as const,
          sourceId: 1,
          partnerAdId: `quokka-${i}`,
          url: `https://partner.test/listing/quokka-${i}`,
          title: `Quokka loft ${i} in ${city}`,
          description: 'A loft.',
          date: now - 60 * (i + 1),
          location: { city, cityId: cityId(city) },
          images: [],
          currency: 'GBP',
          price: { value: 900 + i },
          typeId: 2,
          homes: { propertyType: 'loft' },
        })),
      );
      const res = await get('/homes/search/quokka/in/leeds', `localhost:${server.port}`).expect(200);
      const nearby = /<h2>Nearby<\/h2>(.*?)<\/ol>/s.exec(res.text)?.[1] ?? '';
      for (const i of [1, 2, 3]) expect(nearby).to.include(`Quokka loft ${i} in`);
      expect(nearby).not.to.include('Quokka loft 0');
      expect(nearby).to.include('section=206');
    });

    it('shows related ads beside an ad whose title is longer than a search takes', async () => {
      const title = `Spacious flat in London with a garden ${'and a very long partner description of every room '.repeat(6)}`;
      expect(title.length).to.be.greaterThan(200);
      await server.services.search.store.writeAds([
        {
          id: 'long-title-flat',
          country: 'uk',
          vertical: 'homes',
          sourceId: 1,
          partnerAdId: 'long-title-flat',
          url: 'https://partner.test/listing/long',
          title,
          description: 'A flat with a garden.',
          date: Math.floor(Date.now() / 1000) - 60,
          location: { city: 'London' },
          images: [],
          currency: 'GBP',
          price: { value: 1500 },
          typeId: 2,
          homes: { propertyType: 'flat' },
        },
      ]);
      const res = await get('/homes/ad/long-title-flat', `localhost:${server.port}`).expect(200);
      expect(res.text).to.match(/<ol class="ad-list ad-list--related">\s*<li/);
      expect(res.text).not.to.include('name="robots"');
      expect(res.text).to.include('<link rel="canonical"');
      // Once expired, the page leaves search engines' index, and they may still follow its related ads.
      await server.services.search.store.expireAds(['long-title-flat']);
      const expired = await get('/homes/ad/long-title-flat', `localhost:${server.port}`).expect(200);
      expect(expired.text).to.include('<meta name="robots" content="noindex, follow">');
      expect(expired.text).not.to.include('<link rel="canonical"');
      expect(expired.text).to.match(/<ol class="ad-list ad-list--related">\s*<li/);
    });

    it('gives a shared ad page its picture, and structured data pictures at absolute addresses', async () => {
      const results = (await (await fetch(`${server.url}/api/sites/uk/homes/search/m?countryCode=uk`)).json()) as {
        data: Array<{ id: string; attributes: { vertical_properties: { images: string[] } } }>;
      };
      const ad = results.data.find((a) => a.attributes.vertical_properties.images.length > 0)!;
      const host = `homes.uk.localhost:${server.port}`;
      const page = (await get(`/ad/${ad.id}`, host).expect(200)).text;
      const image = /<meta property="og:image" content="([^"]+)">/.exec(page)?.[1];
      expect(image).to.match(new RegExp(`^http://${host}/media/`));
      const jsonLd = JSON.parse(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(page)![1]!) as {
        image: string[];
      };
      expect(jsonLd.image.length).to.be.above(0);
      for (const src of jsonLd.image) expect(src).to.match(/^https?:\/\//);
    });

    it('marks a lowered price as a drop, but not a lowered salary', async () => {
      type Found = {
        data: Array<{
          id: string;
          attributes: { vertical_properties: { price: { oldValue: number | null; value: number } | null } };
        }>;
      };
      const lowered = async (vertical: string) =>
        (
          (await (
            await fetch(
              `${server.url}/api/sites/uk/${vertical}/search${vertical === 'homes' ? '/m' : ''}?countryCode=uk&filters[decreasePrice]=true`,
            )
          ).json()) as Found
        ).data.find(
          (a) =>
            (a.attributes.vertical_properties.price?.oldValue ?? 0) >
            (a.attributes.vertical_properties.price?.value ?? 0),
        );
      const card = (html: string, id: string) =>
        html.slice(html.indexOf(`data-ad-id="${id}"`)).split('</article>')[0] ?? '';
      const job = await lowered('jobs');
      expect(job, 'a job whose salary was lowered').to.not.equal(undefined);
      const jobs = (await get('/search?decrease_price=true', `jobs.uk.localhost:${server.port}`).expect(200)).text;
      expect(card(jobs, job!.id)).to.include('ad-card__price').and.not.include('badge--drop').and.not.include('<del');
      const jobPage = (await get(`/ad/${job!.id}`, `jobs.uk.localhost:${server.port}`).expect(200)).text;
      expect(/<p class="ad-page__price">.*?<\/p>/.exec(jobPage)?.[0]).to.not.include('<del');
      const home = await lowered('homes');
      const homes = (await get('/search?decrease_price=true', `homes.uk.localhost:${server.port}`).expect(200)).text;
      expect(card(homes, home!.id)).to.include('badge--drop').and.include('<del');
    });

    it("shows an ad's copies on other partners' sites apart from the ads like it, each with its partner", async () => {
      const results = (await (
        await fetch(`${server.url}/api/sites/it/homes/search?countryCode=it&page[size]=100`)
      ).json()) as { data: Array<{ id: string; attributes: { totalSources: number; source: { name: string } } }> };
      const grouped = results.data.find((a) => a.attributes.totalSources > 1);
      expect(grouped, 'an ad several partners publish').to.not.equal(undefined);
      const page = await get(`/ad/${grouped!.id}`, `homes.it.localhost:${server.port}`).expect(200);
      const duplicates = /<section aria-labelledby="duplicates-title">([\s\S]*?)<\/section>/.exec(page.text)?.[1];
      expect(duplicates, 'the duplicates section').to.be.a('string');
      expect(duplicates).to.include('Lo stesso annuncio su altri siti');
      const copies = [...duplicates!.matchAll(/data-ad-id="([^"]+)"/g)].map((m) => m[1]);
      expect(copies.length).to.be.above(0);
      // Not again among the similar ads.
      const similar = /<section aria-labelledby="related-title">([\s\S]*?)<\/section>/.exec(page.text)?.[1] ?? '';
      for (const id of copies) expect(similar).to.not.include(`data-ad-id="${id}"`);
    });

    it('sends a click-out without JavaScript to the partner, from a path-prefixed site too, and an unknown ad to its ad page', async () => {
      const ads = (await (await fetch(`${server.url}/api/sites/uk/homes/search/m?countryCode=uk`)).json()) as {
        data: Array<{ id: string; attributes: { url?: string } }>;
      };
      // A demo partner's ad (its stored URL is a page of ours), whatever other tests wrote.
      const id = ads.data.find((a) => a.attributes.url?.startsWith('/partner/'))!.id;
      for (const [path, host] of [
        [`/homes/out/${id}`, `localhost:${server.port}`],
        [`/out/${id}`, `homes.uk.localhost:${server.port}`],
      ] as const) {
        const res = await get(path, host).expect(302);
        const location = new URL(res.headers.location as string);
        expect(location.pathname, path).to.match(/^\/partner\/\d+\/ads\//);
        expect(res.headers['cache-control']).to.equal('private, no-cache');
      }
      // A HEAD (a link checker) records nothing: it is sent to the ad's page.
      const before = (await server.services.clickout.events.counts()).clickouts;
      const head = await request(server.url)
        .head(`/homes/out/${id}`)
        .set('Host', `localhost:${server.port}`)
        .expect(302);
      expect(head.headers.location).to.equal(`/homes/ad/${id}`);
      expect((await server.services.clickout.events.counts()).clickouts).to.equal(before);
      const unknown = await get('/homes/out/no-such-ad', `localhost:${server.port}`).expect(302);
      expect(unknown.headers.location).to.equal('/homes/ad/no-such-ad');
    });

    it("reads spec §2's older query names of a search: what_d, seoWhere, type and sug", async () => {
      const host = `localhost:${server.port}`;
      const canonicalAndCards = async (url: string) => {
        const text = (await get(url, host).expect(200)).text;
        return {
          canonical: /<link rel="canonical" href="([^"]+)">/.exec(text)?.[1],
          cards: (text.match(/class="ad-card__title"[^>]*>[\s\S]*?<\/a>/g) ?? []).join('|'),
        };
      };
      const legacy = await canonicalAndCards('/homes/search?what_d=house&seoWhere=London&type=2&sug=1');
      const current = await canonicalAndCards('/homes/search/house/in/london?type_id=2');
      expect(legacy.canonical).to.equal(`http://${host}/homes/search/house/in/london?type_id=2`);
      expect(legacy.cards).to.equal(current.cards);
      expect(legacy.cards).not.to.equal('');
      // The path's own words win over an older name; the form's target reads them too.
      expect((await canonicalAndCards('/homes/search/flat?what_d=house')).canonical).to.equal(
        `http://${host}/homes/search/flat`,
      );
      const res = await get('/homes/q?page=1&isUserSearch=1&what_d=Garden+Flat&seoWhere=London', host).expect(302);
      expect(res.headers.location).to.equal('/homes/search/garden-flat/in/london');
    });

    it('renders a results page with the searched words in title, canonical, form and ad cards', async () => {
      const res = await get('/homes/search/house/in/london', `localhost:${server.port}`).expect(200);
      expect(res.text).to.match(/<title>[^<]*London[^<]*\| Trawl<\/title>/i);
      expect(res.text).to.include(
        `<link rel="canonical" href="http://localhost:${server.port}/homes/search/house/in/london">`,
      );
      expect(res.text).to.include('value="house"');
      const cards = res.text.match(/class="ad-card[ "]/g) ?? [];
      expect(cards.length).to.be.greaterThan(0);
      expect(res.text).to.include('href="/homes/ad/');
      // The canonical names the page shown: none for the first, whatever the URL wrote.
      const canonicalOf = async (query: string) =>
        /<link rel="canonical" href="([^"]+)">/.exec(
          (await get(`/homes/search/house${query}`, `localhost:${server.port}`).expect(200)).text,
        )?.[1];
      const first = `http://localhost:${server.port}/homes/search/house`;
      for (const query of ['?page=0', '?page=-1', '?page=1', '?page=abc'])
        expect(await canonicalOf(query), query).to.equal(first);
      expect(await canonicalOf('?page=2.5')).to.equal(`${first}?page=2`);
      // Each page's title is its own: a later one names its number.
      const titleOf = async (query: string) =>
        /<title>([^<]+)<\/title>/.exec(
          (await get(`/homes/search/house${query}`, `localhost:${server.port}`)).text,
        )?.[1];
      const one = await titleOf('');
      expect(await titleOf('?page=2')).to.equal(one?.replace(' | Trawl', ' – Page 2 | Trawl'));
      // French writes a space before a colon.
      const fr = (await get('/search/appartement/in/paris', `homes.fr.localhost:${server.port}`)).text;
      expect(fr).to.match(/<meta name="description" content="[^"]+\u00a0: \d/);
    });

    it('keeps of each ad in the results page state only what its card shows and its click needs', async () => {
      const res = await get('/homes/search/house', `localhost:${server.port}`).expect(200);
      const { organic } = stateOf(res.text).search.results as { organic: ListingAd[] };
      expect(organic.length).to.be.above(0);
      for (const ad of organic) {
        expect(res.text).to.include(`data-ad-id="${ad.id}"`);
        expect(ad.attributes).to.include.keys('title', 'date', 'section_id', 'position', 'totalSources');
        expect(ad.attributes).not.to.have.any.keys('description', 'url', 'attributes');
        expect(ad.attributes.vertical_properties).to.have.keys('images', 'price');
        expect(ad.attributes.vertical_properties.images.length).to.be.at.most(1);
        expect(ad.attributes.source.ad).to.deep.equal({ hasAdpageForm: ad.attributes.source.ad.hasAdpageForm });
      }
    });

    it('says which word it searched when it corrected the one typed, and names that search as canonical', async () => {
      const res = await get('/homes/search/flatt/in/london', `localhost:${server.port}`).expect(200);
      expect(res.text).to.match(/Showing results for(<!-- -->)? <strong>flat<\/strong>/);
      expect(res.text).to.include(
        `<link rel="canonical" href="http://localhost:${server.port}/homes/search/flat/in/london">`,
      );
      const typed = await get('/homes/search/flat/in/london', `localhost:${server.port}`).expect(200);
      expect(typed.text).not.to.include('Showing results for');
    });

    it('renders no results as a 404 with the searched text, two tips and the filters link', async () => {
      const res = await get('/homes/search/zzqqxxyy', `localhost:${server.port}`).expect(404);
      expect(res.text).to.include('Your search did not match any result');
      expect(res.text).to.include('zzqqxxyy');
      expect((res.text.match(/<li>[^<]+<\/li>/g) ?? []).length).to.be.at.least(2);
      // The link counts the active filters when there are some: not "(0 active)".
      expect(res.text).to.match(/#filters">Change the filters<\/a>/);
      expect(res.text).to.include('noindex, nofollow, noarchive');
      const filtered = await get('/homes/search/zzqqxxyy?rooms_min=3', `localhost:${server.port}`).expect(404);
      expect(filtered.text).to.include('Change the filters (1 active)');
      const one = await get('/search/zzqqxxyy?rooms_min=3', `homes.es.localhost:${server.port}`).expect(404);
      expect(one.text).to.include('Cambiar los filtros (1 activo)');
      // The place the service found is named as the site names it, not as the URL lower-cases it.
      const placed = await get('/search/zzqqxxyy/in/saint-petersburg', `homes.ru.localhost:${server.port}`).expect(404);
      expect(/<input[^>]*name="where"[^>]*value="([^"]*)"/.exec(placed.text)?.[1]).to.equal('Санкт-Петербург');
      expect(placed.text).to.include('zzqqxxyy, Санкт-Петербург');
    });

    it('answers a page past the last with the not-found page, title included', async () => {
      const res = await get('/homes/search/house?page=5000', `localhost:${server.port}`).expect(404);
      expect(res.text).to.include('<title>Page not found | Trawl</title>');
      expect(res.text).to.include('Page not found');
      expect(res.text).not.to.include('Your search did not match any result');
    });

    it('answers a malformed search parameter with a page, not a 500', async () => {
      const res = await get('/homes/search/house?price_max=abc&sort=bogus&page=-3', `localhost:${server.port}`);
      expect(res.status).to.be.oneOf([200, 400, 404]);
      expect(res.text).to.include('</html>');
    });

    it('answers a method a service path does not take with a 405 and Allow, an unknown path with a 404, a body of another type with a 415', async () => {
      const host = `localhost:${server.port}`;
      const calls: [string, string, string][] = [
        ['DELETE', '/api/sites/uk/homes/search', 'GET, HEAD'],
        ['POST', '/api/sites/uk/homes/ad/abc', 'GET, HEAD'],
        ['PUT', '/api/notifications/email/subscription', 'POST'],
        ['GET', '/api/clickout/clicks', 'POST'],
        ['GET', '/api/tracking/listing/clicks', 'POST'],
        ['DELETE', '/api/notifications/browser/subscription/abc', 'GET, HEAD, PATCH'],
      ];
      for (const [method, path, allow] of calls) {
        const res = await request(server.url)[method.toLowerCase() as 'get'](path).set('Host', host);
        expect(res.status, `${method} ${path}`).to.equal(405);
        expect(res.headers.allow, path).to.equal(allow);
        const error = JSON.parse(res.text).errors[0];
        expect(error.code).to.equal('METHOD_NOT_ALLOWED');
        expect(error.title).to.equal('Method Not Allowed');
        // No cache keeps a service's error.
        expect(res.headers['cache-control'], path).to.equal('no-store');
      }
      for (const path of ['/api/nothing/here', '/api/sites/uk/homes/nothing', '/api/tracking/nothing']) {
        const res = await request(server.url).delete(path).set('Host', host);
        expect(res.status, path).to.equal(404);
        expect(res.headers.allow, path).to.equal(undefined);
      }
      for (const path of ['/api/notifications/email/subscription', '/api/v3/notifications/add/user']) {
        const res = await request(server.url)
          .post(path)
          .set('Host', host)
          .set('Content-Type', 'text/plain')
          .send('email=a@b.example');
        expect(res.status, path).to.equal(415);
        expect(JSON.parse(res.text).errors[0].code).to.equal('UNSUPPORTED_MEDIA_TYPE');
      }
      const tooLarge = await request(server.url)
        .post('/api/notifications/email/subscription')
        .set('Host', host)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ data: 'x'.repeat(40_000) }));
      expect(tooLarge.status).to.equal(413);
      expect(JSON.parse(tooLarge.text).errors[0].title).to.equal('Payload Too Large');
    });

    it("answers a path whose percent-encoding does not decode with a 400 in every service, with the site's page for pages, and an unreadable body with a 4xx", async () => {
      const api = [
        '/api/sites/%ZZ/homes/search',
        '/api/sites/uk/homes/ad/%ZZ',
        '/api/keywords/%ZZ',
        '/api/sources/lead/%ZZ',
        '/api/notifications/email/all_subscription/%ZZ',
        '/api/notifications/browser/subscription/%ZZ/searches',
        '/api/notifications/email/subscription/%ZZ/searches/1/operation/enable',
      ];
      for (const path of api) {
        const res = await request(server.url).get(path).set('Host', `localhost:${server.port}`);
        expect(res.status, path).to.equal(400);
        expect(JSON.parse(res.text).errors[0].code, path).to.equal('MALFORMED_PATH');
      }
      // A body the services cannot read is the client's error too.
      const latin9 = await request(server.url)
        .post('/api/clickout/clicks')
        .set('Host', `localhost:${server.port}`)
        .set('Content-Type', 'application/json; charset=latin9')
        .send('{}');
      expect(latin9.status).to.equal(415);
      expect(JSON.parse(latin9.text).errors[0].code).to.equal('UNSUPPORTED_MEDIA_TYPE');
      const notGzip = await request(server.url)
        .post('/api/clickout/clicks')
        .set('Host', `localhost:${server.port}`)
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'gzip')
        .send('not gzip');
      expect(notGzip.status).to.equal(400);
      const home = await get('/homes', `localhost:${server.port}`).expect(200);
      const asset = /\/assets\/[^"]+\.js/.exec(home.text)?.[0] as string;
      const pastTheEnd = await get(asset, `localhost:${server.port}`)
        .set('Accept-Encoding', 'br, gzip')
        .set('Range', 'bytes=99999999-');
      expect(pastTheEnd.status).to.equal(416);
      expect(pastTheEnd.headers['content-encoding']).to.equal(undefined);
      expect(pastTheEnd.headers['content-range']).to.match(/^bytes \*\/\d+$/);
      expect(pastTheEnd.text).to.equal('Range Not Satisfiable');
      // A page's link cut inside a letter ("%E0%A4") or mistyped is the site's page, in its language:
      // what does not decode is read as written, so it finds nothing.
      const page = await get('/homes/ad/%ZZ', `localhost:${server.port}`).expect(404);
      expect(page.text).to.include('<html lang="en-GB"');
      const cut = await get('/search/%E0%A4', `jobs.de.localhost:${server.port}`).expect(404);
      expect(cut.headers['content-type']).to.match(/^text\/html/);
      expect(cut.text).to.include('Ihre Suche ergab keine Treffer');
    });

    it('renders the SEO index, and answers an empty index with a 404', async () => {
      const index = await get('/index', `cars.uk.localhost:${server.port}`).expect(200);
      expect(index.text).to.include('class="keywords"');
      expect(index.text).to.include('href="/search/');
      await get('/top-searches', `products.uk.localhost:${server.port}`).expect(200);
      const empty = await get('/index/category/999', `jobs.uk.localhost:${server.port}`).expect(404);
      expect(empty.text).to.include('Page not found');
      // Category 0 is "All": the index of every category, whose address is /index.
      const all = await get('/index/category/0', `products.uk.localhost:${server.port}`).expect(200);
      expect(all.text).to.include(`<link rel="canonical" href="http://products.uk.localhost:${server.port}/index">`);
      await get('/index/category/phones', `products.uk.localhost:${server.port}`).expect(404);
      await get('/index/letter/ab', `cars.uk.localhost:${server.port}`).expect(404);
      // Each index page has a title of its own.
      expect(index.text).to.include('<title>Top searches: Cars | Trawl</title>');
      const letter = /href="\/index\/letter\/([a-z0-9])"/.exec(index.text)?.[1];
      expect(letter, 'a letter link on the cars index').to.be.a('string');
      const byLetter = await get(`/index/letter/${letter}`, `cars.uk.localhost:${server.port}`).expect(200);
      expect(byLetter.text).to.include(`<title>Top searches: Cars, letter ${letter?.toUpperCase()} | Trawl</title>`);
      const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
      const category = /href="\/index\/category\/(\d+)"[^>]*>([^<]+)</.exec(all.text);
      expect(category, 'a category link on the products index').not.to.equal(null);
      const one = await get(`/index/category/${category?.[1]}`, `products.uk.localhost:${server.port}`).expect(200);
      expect(titleOf(one.text)).to.equal(`Top searches: Products, ${category?.[2]} | Trawl`);
      // An unreadable page is page 1 (product-spec §5), whose address is /index.
      const negative = await get('/index/page/-1', `cars.uk.localhost:${server.port}`).expect(200);
      expect(negative.text).to.include(`<link rel="canonical" href="http://cars.uk.localhost:${server.port}/index">`);
      // The letters of a site in another script open their index as Latin ones do.
      for (const host of ['jobs.ru', 'homes.jp', 'homes.sa']) {
        const html = (await get('/index', `${host}.localhost:${server.port}`).expect(200)).text;
        const links = [...html.matchAll(/href="(\/index(?:\/letter\/|\?letter=)[^"]+)"/g)].map((m) =>
          (m[1] as string).replace(/&amp;/g, '&'),
        );
        const script = links.find((l) => /[^\p{ASCII}]/u.test(decodeURIComponent(l)));
        expect(script, `a letter of ${host}'s own script`).to.be.a('string');
        const page = await get(script as string, `${host}.localhost:${server.port}`);
        expect(page.status, `${host} ${decodeURIComponent(script as string)}`).to.equal(200);
        expect(page.text).to.include('class="keywords"');
      }
    });

    it('narrows the homes index by deal and property type, and knows no other index', async () => {
      const host = `homes.uk.localhost:${server.port}`;
      const linksOf = (html: string) =>
        [...html.matchAll(/<a href="(\/search[^"]*)"[^>]*>([^<]+)</g)].map((m) => m.slice(1));
      const rent = await get('/index/home/2/flat', host).expect(200);
      expect(rent.text).to.include(`<link rel="canonical" href="http://${host}/index/home/2/flat">`);
      const places = linksOf(rent.text).filter(([, label]) => / in /.test(label as string));
      expect(places.length).to.be.greaterThan(3);
      for (const [href, label] of places) {
        expect(label).to.match(/^Flat in /);
        expect(href).to.include('type_id=2').and.include('property_type=flat');
      }
      const sale = linksOf((await get('/index/home/1', host).expect(200)).text);
      expect(sale.find(([, label]) => /^For sale in /.test(label as string))?.[0]).to.include('type_id=1');
      for (const unknown of ['/index/bogus', '/index/home/99', '/index/home/x', '/index/home/2/castle']) {
        const res = await get(unknown, host);
        expect(res.status, unknown).to.equal(404);
        expect(res.text).to.include('noindex');
      }
    });

    it('lets a visitor narrow the jobs and products indexes to a category, and back to all', async () => {
      const host = `jobs.uk.localhost:${server.port}`;
      const all = (await get('/index', host).expect(200)).text;
      const nav = /<nav aria-label="By category">([\s\S]*?)<\/nav>/.exec(all)?.[1] ?? '';
      expect(nav).to.include('<span aria-current="page">All categories</span>');
      const links = [...nav.matchAll(/href="(\/index\/category\/(\d+))"[^>]*>([^<]+)</g)];
      expect(links.length).to.be.greaterThan(1);
      const [, path, , name] = links[0] as RegExpMatchArray;
      const narrowed = (await get(path as string, host).expect(200)).text;
      expect(narrowed).to.include(`<span aria-current="page">${name}</span>`);
      expect(narrowed).to.match(/href="\/index"[^>]*>All categories<\/a>/);
      expect(narrowed).to.include(`<link rel="canonical" href="http://${host}${path}">`);
      // Products' top searches pick a category on the products index; homes has none to pick.
      const top = (await get('/top-searches', `products.uk.localhost:${server.port}`).expect(200)).text;
      expect(top).to.match(/href="\/index\/category\/\d+"/);
      expect((await get('/index', `homes.uk.localhost:${server.port}`).expect(200)).text).not.to.include('By category');
      // The sitemap lists each category's index.
      const sitemap = (await get('/sitemap.xml', host).expect(200)).text;
      expect(sitemap).to.include(`http://${host}${path}</loc>`);
    });

    it("lists in the sitemap and the index only pages that answer 200 with ads: no redirect, no 'no results'", async () => {
      const host = `homes.uk.localhost:${server.port}`;
      const sitemap = (await get('/sitemap.xml', host).expect(200)).text;
      const searches = [...sitemap.matchAll(/<loc>http:\/\/[^/]+(\/search[^<]*)<\/loc>/g)].map((m) =>
        (m[1] as string).replace(/&amp;/g, '&'),
      );
      expect(searches.length).to.be.above(20);
      for (const path of searches) expect((await get(path, host)).status, path).to.equal(200);
      // The index's keyword links are the same searches' pages.
      const index = (await get('/index', host).expect(200)).text;
      const keywordLinks = [...index.matchAll(/<li><a href="(\/search[^"]*)"/g)].map((m) => m[1] as string);
      expect(keywordLinks.some((href) => href.includes('/in/'))).to.equal(true);
      for (const path of keywordLinks) expect((await get(path, host)).status, path).to.equal(200);
    });

    it('answers methods other than GET and HEAD with 405, Allow and no caching', async () => {
      const res = await request(server.url).post('/homes/').set('Host', `localhost:${server.port}`).expect(405);
      expect(res.headers.allow).to.equal('GET, HEAD');
      expect(res.headers['cache-control']).to.equal('no-cache');
    });

    it('uses the desktop variant on desktop and mobile elsewhere', async () => {
      const mobile = await get('/homes', `localhost:${server.port}`).expect(200);
      expect(stateOf(mobile.text).app.device).to.equal('mobile');
      const desktop = await request(server.url).get('/homes').set('User-Agent', DESKTOP).expect(200);
      expect(stateOf(desktop.text).app.device).to.equal('desktop');
    });
  });

  describe('safety', () => {
    it('puts a fresh CSP nonce on every inline script and style of a returning visitor’s page', async () => {
      // A first visit's page names its inline code by hash instead (pageCaching.test.ts).
      const first = await get('/homes').set('Cookie', 'trawl_ab=666:A').expect(200);
      const second = await get('/homes').set('Cookie', 'trawl_ab=666:A').expect(200);
      const nonce = /'nonce-([^']+)'/.exec(first.headers['content-security-policy'] ?? '')?.[1];
      expect(nonce).to.be.a('string');
      expect(first.headers['content-security-policy']).to.include("script-src 'self' 'nonce-");
      const scripts = first.text.match(/<script[^>]*>/g) ?? [];
      expect(scripts.length).to.be.greaterThan(0);
      for (const tag of scripts) expect(tag).to.include(`nonce="${nonce}"`);
      expect(first.text).to.include(`<style nonce="${nonce}">`);
      expect(second.headers['content-security-policy']).not.to.include(nonce);
    });

    it('escapes what it serializes, so a search cannot close the state script', async () => {
      const attack = encodeURIComponent('</script><script>alert(1)</script>\u2028');
      const res = await get(`/homes/search/house?where=${attack}`);
      expect(res.status).to.be.oneOf([200, 404]);
      const scripts = res.text.match(/<script/g) ?? [];
      const expected = 1 + (stateOf(res.text).app ? (res.text.match(/ src="/g) ?? []).length : 0);
      expect(scripts.length).to.equal(expected);
      expect(res.text).not.to.include('<script>alert(1)');
      const state = /window\.__TRAWL_STATE__=(.*?)<\/script>/.exec(res.text)?.[1] ?? '';
      expect(state).not.to.include('\u2028');
      expect(state).to.include('\\u003c/script');
    });

    it("lets any Trawl site's pages call the services from another origin, and no one else's", async () => {
      const site = 'https://homes.trawl.co.uk';
      const preflight = await request(server.url)
        .options('/api/notifications/browser/subscription/x/searches/y/operation/disabled')
        .set('Origin', site)
        .set('Access-Control-Request-Method', 'PATCH')
        .set('Access-Control-Request-Headers', 'content-type, x-user-control-token')
        .expect(204);
      expect(preflight.headers['access-control-allow-origin']).to.equal(site);
      expect(preflight.headers['access-control-allow-methods']).to.include('PATCH');
      expect(preflight.headers['access-control-allow-headers']).to.include('X-User-Control-Token');
      expect(preflight.headers['access-control-allow-headers']).to.include('Authorization');
      // Only the methods some service answers.
      expect(preflight.headers['access-control-allow-methods']).not.to.match(/PUT|DELETE/);
      expect(preflight.headers['access-control-allow-credentials']).to.equal(undefined);
      const search = await request(server.url)
        .get('/api/sites/uk/homes/search?countryCode=uk')
        .set('Origin', site)
        .expect(200);
      expect(search.headers['access-control-allow-origin']).to.equal(site);
      expect(search.headers.vary).to.match(/Origin/);
      const stranger = await request(server.url)
        .get('/api/sites/uk/homes/search?countryCode=uk')
        .set('Origin', 'https://evil.example');
      expect(stranger.headers['access-control-allow-origin']).to.equal(undefined);
      // Answers without CORS headers vary by Origin too, or a CDN would give them to a site's page.
      expect(stranger.headers.vary).to.match(/Origin/);
      const noOrigin = await request(server.url).get('/api/sites/uk/homes/search?countryCode=uk').expect(200);
      expect(noOrigin.headers.vary).to.match(/Origin/);
      const strangerPreflight = await request(server.url)
        .options('/api/clickout/clicks')
        .set('Origin', 'https://evil.example')
        .set('Access-Control-Request-Method', 'POST');
      expect(strangerPreflight.headers['access-control-allow-origin']).to.equal(undefined);
    });

    it('answers a Host header that is not a host name with a 400, so no page, sitemap or robots.txt reflects it', async () => {
      for (const host of [`localhost:${server.port}/evil`, `evil.example@localhost`, `localhost:abc`, 'a b']) {
        for (const path of ['/homes', '/robots.txt', '/sitemap.xml', '/api/sites/uk/homes/search?countryCode=uk']) {
          const res = await request(server.url).get(path).set('Host', host);
          expect(res.status, `${host} ${path}`).to.equal(400);
          expect(res.text).not.to.include('evil');
        }
      }
      const good = await get('/homes', `localhost:${server.port}`).expect(200);
      expect(good.text).to.include(`<link rel="canonical" href="http://localhost:${server.port}/homes"`);
    });

    it('sends security headers', async () => {
      const res = await get('/homes').expect(200);
      expect(res.headers['x-content-type-options']).to.equal('nosniff');
      expect(res.headers['strict-transport-security']).to.include('max-age=');
      expect(res.headers['x-powered-by']).to.equal(undefined);
    });
  });

  describe('cookies', () => {
    it('leaves a new visitor’s installation id to the browser, and keeps an existing one', async () => {
      // A first visit's page is the same for everyone: the browser makes the id (src/client/firstVisit.ts, e2e/firstVisit).
      const first = await get('/homes').expect(200);
      expect(first.headers['set-cookie']).to.equal(undefined);
      expect(stateOf(first.text).app.installationId).to.equal('');
      // A visitor with another Trawl cookie but no id still gets one from the server, as before.
      const other = await get('/homes').set('Cookie', 'trawl_ab=666:A').expect(200);
      const cookie = (other.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('trawl_iid='));
      expect(cookie).to.match(/^trawl_iid=[0-9a-f-]{36}; Max-Age=63072000; Path=\/;.*SameSite=Lax/);
      const id = /trawl_iid=([^;]+)/.exec(cookie!)?.[1];
      const again = await get('/homes').set('Cookie', `trawl_iid=${id}`).expect(200);
      const cookies = (again.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
      expect(cookies.some((c) => c.startsWith('trawl_iid='))).to.equal(false);
      expect(stateOf(again.text).app.installationId).to.equal(id);
    });

    it('gives bots no cookie', async () => {
      // A first visit: the neutral page, the same as a person's (the browser tells the bot apart).
      const res = await request(server.url).get('/homes').set('User-Agent', 'Googlebot/2.1').expect(200);
      expect(res.headers['set-cookie']).to.equal(undefined);
      expect(stateOf(res.text).app.isBot).to.equal(false);
      // A bot that sends a Trawl cookie gets the per-visitor page, and still no installation id.
      const kept = await request(server.url)
        .get('/homes')
        .set('User-Agent', 'Googlebot/2.1')
        .set('Cookie', 'trawl_ab=666:A')
        .expect(200);
      expect(kept.headers['set-cookie']).to.equal(undefined);
      expect(stateOf(kept.text).app.isBot).to.equal(true);
    });
  });

  describe('device variants', () => {
    it('renders the desktop variant of the ad page on desktop and the mobile one elsewhere', async () => {
      const homes = (await (await fetch(`${server.url}/api/sites/uk/homes/search/m?countryCode=uk`)).json()) as {
        data: Array<{ id: string }>;
      };
      const path = `/ad/${homes.data[0]!.id}`;
      const desktop = await request(server.url)
        .get(path)
        .set('Host', `homes.uk.localhost:${server.port}`)
        .set('User-Agent', DESKTOP)
        .expect(200);
      expect(desktop.text).to.include('class="ad-page ad-page--columns"');
      const mobile = await get(path, `homes.uk.localhost:${server.port}`).expect(200);
      expect(mobile.text).to.include('class="ad-page"');
      expect(mobile.text).not.to.include('ad-page--columns');
    });

    it("names a car's year as its year of manufacture and a home's as the year it was built", async () => {
      const firstWithYear = async (country: string, vertical: string): Promise<string> => {
        const body = (await (
          await fetch(`${server.url}/api/sites/${country}/${vertical}/search?countryCode=${country}&page[size]=40`)
        ).json()) as { data: Array<{ id: string; attributes: { vertical_properties: { year?: number } } }> };
        for (const { id } of body.data) {
          const ad = (await (
            await fetch(`${server.url}/api/sites/${country}/${vertical}/ad/${id}?countryCode=${country}`)
          ).json()) as { data: { attributes: { vertical_properties: { year?: number } } } };
          if (ad.data.attributes.vertical_properties.year) return id;
        }
        throw new Error(`no ${vertical} ad with a year in ${country}`);
      };
      const car = await get(`/ad/${await firstWithYear('jp', 'cars')}`, `cars.jp.localhost:${server.port}`).expect(200);
      expect(car.text).to.include('<dt>年式</dt>').and.not.include('築年');
      const home = await get(`/ad/${await firstWithYear('jp', 'homes')}`, `homes.jp.localhost:${server.port}`);
      expect(home.text).to.include('<dt>築年</dt>').and.not.include('年式');
      // A French filter's "any" agrees with every field's gender (Région, Ville, Catégorie).
      const filters = await get('/search/velo', `products.fr.localhost:${server.port}`).expect(200);
      expect(filters.text).to.include('>Indifférent</option>').and.not.include('>Tous</option>');
    });

    it("writes a car's mileage with its unit, in the site's language", async () => {
      for (const [country, locale] of [
        ['de', 'de-DE'],
        ['pl', 'pl-PL'],
      ]) {
        const cars = (await (
          await fetch(`${server.url}/api/sites/${country}/cars/search?countryCode=${country}&page[size]=30`)
        ).json()) as { data: Array<{ id: string }> };
        let shown = 0;
        for (const { id } of cars.data) {
          const ad = (await (
            await fetch(`${server.url}/api/sites/${country}/cars/ad/${id}?countryCode=${country}`)
          ).json()) as {
            data: { attributes: { vertical_properties: { mileage?: number } } };
          };
          const mileage = ad.data.attributes.vertical_properties.mileage;
          if (!mileage) continue;
          const page = await get(`/ad/${id}`, `cars.${country}.localhost:${server.port}`).expect(200);
          const km = new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilometer', unitDisplay: 'short' })
            .format(mileage)
            .replace(/\u00a0/g, '&nbsp;');
          const shownAs = page.text.match(/<dd>([^<]*km)<\/dd>/)?.[1]?.replace(/\u00a0/g, '&nbsp;');
          expect(shownAs, `${country} ${id}`).to.equal(km);
          shown++;
          break;
        }
        expect(shown, country).to.equal(1);
      }
    });

    it("writes a job's salary in its currency, as the header does, in the site's language", async () => {
      const text = (html: string) => html.replace(/&nbsp;|\u00a0|\u202f/g, ' ');
      for (const [country, locale, label] of [
        ['de', 'de-DE', 'Gehalt'],
        ['jp', 'ja-JP', '給与'],
        ['us', 'en-US', 'Salary'],
      ] as const) {
        const jobs = (await (
          await fetch(`${server.url}/api/sites/${country}/jobs/search?countryCode=${country}&page[size]=30`)
        ).json()) as { data: Array<{ id: string }> };
        let shown = 0;
        for (const { id } of jobs.data) {
          const ad = (await (
            await fetch(`${server.url}/api/sites/${country}/jobs/ad/${id}?countryCode=${country}`)
          ).json()) as {
            data: { attributes: { vertical_properties: { salary?: number; price: { currency: string } | null } } };
          };
          const { salary, price } = ad.data.attributes.vertical_properties;
          if (!salary || !price) continue;
          const page = await get(`/ad/${id}`, `jobs.${country}.localhost:${server.port}`).expect(200);
          const money = new Intl.NumberFormat(locale, {
            style: 'currency',
            currency: price.currency,
            maximumFractionDigits: 0,
          }).format(salary);
          const shownAs = page.text.match(new RegExp(`<dt>${label}</dt><dd>([^<]*)</dd>`))?.[1];
          expect(text(shownAs ?? ''), `${country} ${id}`).to.equal(text(money));
          // As the header writes the ad's price, a salary's own.
          const header = page.text.match(/<p class="ad-page__price"><strong>([^<]*)<\/strong>/)?.[1];
          expect(text(shownAs ?? ''), `${country} ${id} header`).to.equal(text(header ?? ''));
          shown++;
          break;
        }
        expect(shown, country).to.equal(1);
      }
    });

    it('measures in miles and square feet on the American and British sites, in their pages and filters', async () => {
      const mi = (km: number) => Math.round(km / 1.609344);
      for (const country of ['us', 'uk']) {
        const host = `cars.${country}.localhost:${server.port}`;
        const api = async (query: string) =>
          (await (
            await fetch(`${server.url}/api/sites/${country}/cars/search?countryCode=${country}&${query}`)
          ).json()) as { data: Array<{ id: string }>; meta: { totalCount: number } };
        let shown = 0;
        for (const { id } of (await api('page[size]=30')).data) {
          const ad = (await (
            await fetch(`${server.url}/api/sites/${country}/cars/ad/${id}?countryCode=${country}`)
          ).json()) as { data: { attributes: { vertical_properties: { mileage?: number } } } };
          const km = ad.data.attributes.vertical_properties.mileage;
          if (!km) continue;
          const page = await get(`/ad/${id}`, host).expect(200);
          expect(page.text, `${country} ${id}`).to.include(`<dd>${new Intl.NumberFormat('en').format(mi(km))} mi</dd>`);
          expect(page.text).not.to.match(/<dd>[^<]*km<\/dd>/);
          shown++;
          break;
        }
        expect(shown, country).to.equal(1);
        // A results URL's mileage is in miles: the search asks for its kilometres.
        const results = await get('/search?mileage_max=30000', host).expect(200);
        const { meta } = stateOf(results.text).search as { meta: { totalCount: number } };
        expect(meta.totalCount, country).to.equal((await api('filters[mileageMax]=48281')).meta.totalCount);
        expect(meta.totalCount, country).to.be.above((await api('filters[mileageMax]=30000')).meta.totalCount);
      }
      const homes = await get('/search?area_min=1000', `homes.us.localhost:${server.port}`).expect(200);
      expect(homes.text).to.include('<legend>Area (sq ft)</legend>');
      expect(homes.text).to.include('Lowest price per sq ft');
      const apiHomes = (await (
        await fetch(`${server.url}/api/sites/us/homes/search/m?countryCode=us&filters[areaMin]=92.86`)
      ).json()) as { meta: { totalCount: number } };
      expect((stateOf(homes.text).search as { meta: { totalCount: number } }).meta.totalCount).to.equal(
        apiHomes.meta.totalCount,
      );
      // A no-results page's suggestion keeps the filters as the site writes them: square feet, not the
      // service's square metres read again as feet.
      const none = await get('/search/qqzxvw?area_min=1000', `homes.us.localhost:${server.port}`).expect(404);
      const suggested = [...none.text.matchAll(/<a href="([^"]*area_min[^"]*)"/g)].map((m) => m[1]);
      expect(suggested, 'a suggestion with the area filter').to.not.deep.equal([]);
      for (const href of suggested) expect(href).to.include('area_min=1000').and.not.include('area_min=92');
      // Every other site measures in kilometres and square metres.
      const ie = await get('/search', `homes.ie.localhost:${server.port}`).expect(200);
      expect(ie.text).to.include('<legend>Area (m²)</legend>');
      expect(ie.text).to.include('Lowest price per m²');
    });

    it('asks for the viewport width, and takes a tablet narrower than a phone (600 px) for a phone', async () => {
      const IPAD =
        'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
      const page = (width?: string) => {
        const req = request(server.url).get('/homes').set('Host', `localhost:${server.port}`).set('User-Agent', IPAD);
        return (width ? req.set('Sec-CH-Viewport-Width', width) : req).expect(200);
      };
      const first = await page();
      expect(first.headers['accept-ch']).to.include('Sec-CH-Viewport-Width');
      expect(stateOf(first.text).app.device).to.equal('tablet');
      expect(stateOf((await page('820')).text).app.device).to.equal('tablet');
      expect(stateOf((await page('540')).text).app.device).to.equal('mobile');
      expect(stateOf((await page('wide')).text).app.device).to.equal('tablet');
    });
  });

  describe('search engines', () => {
    it('lists the SEO index and results pages of a site in its sitemap', async () => {
      const res = await get('/sitemap.xml', `homes.uk.localhost:${server.port}`).expect(200);
      expect(res.headers['content-type']).to.include('application/xml');
      const urls = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(urls).to.include(`http://homes.uk.localhost:${server.port}/`);
      expect(urls).to.include(`http://homes.uk.localhost:${server.port}/index`);
      expect(urls.filter((u) => u?.includes('/search/')).length).to.be.greaterThan(10);
      for (const u of urls.slice(0, 5)) {
        const path = new URL(u!).pathname;
        await get(path, `homes.uk.localhost:${server.port}`).expect(200);
      }
    });

    it('points crawlers at the sitemap and away from forms and click-outs', async () => {
      const res = await get('/robots.txt', `homes.uk.localhost:${server.port}`).expect(200);
      expect(res.text).to.include('Disallow: /q');
      expect(res.text).to.include('Disallow: /out/');
      expect(res.text).to.include(`Sitemap: http://homes.uk.localhost:${server.port}/sitemap.xml`);
      const shared = await get('/robots.txt', 'www.trawl.co.cr').expect(200);
      expect(shared.text).to.include('Disallow: /homes/q');
      expect(shared.text).to.include('Sitemap: http://www.trawl.co.cr/jobs/sitemap.xml');
    });

    it('describes job ads as a JobPosting and other ads as a Product with an Offer', async () => {
      const jobs = (await (await fetch(`${server.url}/api/sites/uk/jobs/search?countryCode=uk`)).json()) as {
        data: Array<{ id: string }>;
      };
      const job = await get(`/ad/${jobs.data[0]!.id}`, `jobs.uk.localhost:${server.port}`).expect(200);
      const jobLd = JSON.parse(
        /<script type="application\/ld\+json"(?: nonce="[^"]+")?>(.*?)<\/script>/.exec(job.text)![1]!,
      );
      expect(jobLd).to.include({ '@type': 'JobPosting' });
      expect(jobLd.hiringOrganization['@type']).to.equal('Organization');
      const homes = (await (await fetch(`${server.url}/api/sites/uk/homes/search/m?countryCode=uk`)).json()) as {
        data: Array<{ id: string }>;
      };
      const home = await get(`/ad/${homes.data[0]!.id}`, `homes.uk.localhost:${server.port}`).expect(200);
      const homeLd = JSON.parse(
        /<script type="application\/ld\+json"(?: nonce="[^"]+")?>(.*?)<\/script>/.exec(home.text)![1]!,
      );
      expect(homeLd).to.include({ '@type': 'Product' });
      expect(homeLd.offers).to.include({ '@type': 'Offer', priceCurrency: 'GBP' });
    });
  });

  describe('PWA and operations', () => {
    it('serves a web app manifest per site', async () => {
      const res = await get('/homes/manifest.webmanifest', `localhost:${server.port}`).expect(200);
      expect(res.headers['content-type']).to.include('application/manifest+json');
      const manifest = JSON.parse(res.text) as Record<string, unknown>;
      expect(manifest).to.include({
        start_url: '/homes/?origin=4',
        scope: '/homes/',
        display: 'standalone',
        lang: 'en-GB',
      });
      expect(manifest.icons).to.have.length.greaterThan(1);
    });

    it('serves the icons the manifest names', async () => {
      const res = await get('/icons/icon-192.png').expect(200);
      expect(res.headers['content-type']).to.equal('image/png');
    });

    it('serves the service worker from the root, never cached', async () => {
      const res = await get('/sw.js').expect(200);
      expect(res.headers['cache-control']).to.equal('no-cache');
      expect(res.headers['service-worker-allowed']).to.equal('/');
      expect(res.text).to.include('precache');
    });

    it('serves hashed assets with a year-long immutable cache', async () => {
      const home = await get('/homes').expect(200);
      const src = /<script(?: nonce="[^"]+")? src="([^"]+)"/.exec(home.text)?.[1];
      expect(src).to.match(/^\/assets\/.+\.[0-9a-f]{10}\.js$/);
      const asset = await get(src!).expect(200);
      expect(asset.headers['cache-control']).to.equal('public, max-age=31536000, immutable');
      await get('/assets/missing.0123456789.js').expect(404);
    });

    it('serves the build-time brotli and gzip copies of assets, never compressing them per request', async () => {
      const home = await get('/homes').expect(200);
      const src = /<script(?: nonce="[^"]+")? src="([^"]+)"/.exec(home.text)?.[1] ?? '';
      const plain = await raw(src, 'identity');
      expect(plain.headers['content-encoding']).to.equal(undefined);
      for (const [encoding, inflate] of [
        ['br', zlib.brotliDecompressSync],
        ['gzip', zlib.gunzipSync],
      ] as const) {
        const res = await raw(src, `${encoding}, deflate`);
        expect(res.headers['content-encoding']).to.equal(encoding);
        expect(res.headers['content-type']).to.match(/javascript/);
        expect(res.headers.vary).to.match(/Accept-Encoding/i);
        expect(res.headers['cache-control']).to.equal('public, max-age=31536000, immutable');
        expect(inflate(res.body).equals(plain.body)).to.equal(true);
      }
    });

    it('serves each language its message catalogue as JSON cached a year, and pages name it instead of carrying it', async () => {
      const page = await get('/', `jobs.es.localhost:${server.port}`).expect(200);
      const state = stateOf(page.text);
      expect(state.intl).to.have.keys('locale', 'catalogue');
      expect(state.intl.locale).to.equal('es-ES');
      const url = state.intl.catalogue as string;
      expect(url).to.match(/^\/i18n\/es\.[0-9a-f]{10}\.json$/);
      // Preloaded ahead of the scripts, in the mode the client's fetch uses.
      const preload = page.text.indexOf(`<link rel="preload" as="fetch" crossorigin href="${url}">`);
      expect(preload).to.be.above(0);
      expect(preload).to.be.below(page.text.indexOf('/assets/'));
      const res = await raw(url, 'br');
      expect(res.headers['content-type']).to.match(/^application\/json/);
      expect(res.headers['cache-control']).to.equal('public, max-age=31536000, immutable');
      const messages = JSON.parse(zlib.brotliDecompressSync(res.body).toString('utf8')) as Record<string, unknown>;
      expect(messages['notFound.title']).to.deep.equal([{ type: 0, value: 'Página no encontrada' }]);
      // An old deployment's hash still gets words, but uncached; a language no site speaks is not found.
      const stale = await raw('/i18n/es.0000000000.json', 'identity');
      expect(stale.status).to.equal(200);
      expect(stale.headers['cache-control']).to.equal('public, max-age=0, must-revalidate');
      expect((await raw('/i18n/xx.0000000000.json', 'identity')).status).to.equal(404);
      expect((await raw('/i18n/es.0000000000.js', 'identity')).status).to.equal(404);
    });

    it('compresses pages', async () => {
      const res = await get('/homes').set('Accept-Encoding', 'gzip').expect(200);
      expect(res.headers['content-encoding']).to.equal('gzip');
    });

    it("exposes Prometheus metrics with the web role's service calls counted", async () => {
      await get('/homes/search/house', `localhost:${server.port}`);
      const res = await get('/metrics').expect(200);
      expect(res.text).to.match(/trawl_service_calls_total\{[^}]*name="search"[^}]*\} [1-9]/);
      expect(res.text).to.include('trawl_service_call_duration_seconds_bucket');
      expect(res.text).to.include('process_cpu');
    });

    it('reports health and readiness', async () => {
      await get('/healthz').expect(200, { status: 'ok' });
      await get('/readyz').expect(200, { status: 'ready' });
    });
  });
});
