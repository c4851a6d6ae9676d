import { expect } from 'chai';
import request from 'supertest';
import { seedDemoData } from '../../src/services/demo/seedDemoData';
import { Gazetteer } from '../../src/services/places/Gazetteer';
import type { AdInput, SiteKey } from '../../src/services/search/types';
import { stateOf } from '../support/pageState';
import { startTestServer, type TestServer } from '../support/testServer';
import { textOf } from '../support/pageText';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON:API bodies are read loosely in tests
type Body = Record<string, any>;

const SITES: SiteKey[] = [
  { country: 'mx', vertical: 'homes' },
  { country: 'mx', vertical: 'cars' },
  { country: 'co', vertical: 'homes' },
  { country: 'co', vertical: 'cars' },
  { country: 'es', vertical: 'homes' },
  { country: 'es', vertical: 'cars' },
  { country: 'br', vertical: 'homes' },
  { country: 'br', vertical: 'cars' },
  { country: 'br', vertical: 'products' },
  { country: 'pt', vertical: 'homes' },
  { country: 'us', vertical: 'homes' },
  { country: 'us', vertical: 'cars' },
  { country: 'ch', vertical: 'homes' },
  { country: 'ch', vertical: 'cars' },
];

/**
 * Decision 080 beyond the catalogues: what the search service writes (facets, filters' values, titles,
 * SEO links), the demo ads and the search words of a regional site, read through its pages and its API.
 */
describe("a regional site's search words and demo ads (decision 080)", function () {
  this.timeout(60_000);
  let server: TestServer;
  const page = (path: string, host: string) => request(server.url).get(path).set('Host', `${host}:${server.port}`);
  const api = async (path: string): Promise<Body> => {
    const res = await request(server.url).get(`/api/sites/${path}`);
    expect(res.status, `${path}: ${res.text.slice(0, 200)}`).to.equal(200);
    return JSON.parse(res.text) as Body;
  };
  /** Every label of a search's facets and of its keyword's lists. */
  const labelsOf = (body: Body): string[] => {
    const facets = Object.values(body.meta.facets as Record<string, { label: string }[]>).flat();
    const hierarchy = body.meta.keyword?.hierarchy ?? {};
    const lists = ['fuel', 'propertyType', 'subcategory'].flatMap((k) => (hierarchy[k] ?? []) as { label: string }[]);
    return [...facets, ...lists].map((item) => item.label);
  };
  /** The texts of a site's demo ads (title and description), as the API gives them. */
  const adTexts = async (site: string): Promise<string> =>
    (
      (await api(`${site}/search?countryCode=${site.split('/')[0]}&page[size]=100`)).data as {
        attributes: { title: string; description: string };
      }[]
    )
      .map((ad) => `${ad.attributes.title}\n${ad.attributes.description}`)
      .join('\n');

  before(async () => {
    server = await startTestServer();
    await seedDemoData({
      store: server.services.search.store,
      gazetteer: Gazetteer.shared(),
      now: Math.floor(Date.now() / 1000),
      sites: SITES,
      perSite: 120,
    });
  });
  after(() => server.close());

  describe('titles and SEO links', () => {
    it("titles the Mexican and Colombian car searches with their word for cars, and Spain's with its own", async () => {
      const mx = (await page('/search/in/guadalajara', 'cars.mx.localhost').expect(200)).text;
      expect(mx).to.include('<title>Autos en Guadalajara | Trawl</title>');
      expect(textOf(mx)).to.not.match(/\bCoches\b/);
      const co = (await page('/search/in/medellin', 'cars.co.localhost').expect(200)).text;
      expect(co).to.match(/<title>Carros en Medellín \| Trawl<\/title>/);
      const es = (await page('/search/in/madrid', 'cars.es.localhost').expect(200)).text;
      expect(es).to.include('<title>Coches en Madrid | Trawl</title>');
      // The search service's own title and description, and its SEO links, say so too.
      const search = await api('mx/cars/search?countryCode=mx');
      expect(search.meta.title).to.equal('Autos en México');
      expect(search.meta.description).to.match(/^Autos en México: /);
      const links = (await api('mx/cars/seoLinks?countryCode=mx')).data as { attributes: { label: string } }[];
      const cities = links.map((l) => l.attributes.label).filter((label) => / en /.test(label));
      expect(cities).to.have.length.above(0);
      for (const label of cities) expect(label).to.match(/^Autos en /);
      // A search's suggestions of nearby places name the vertical as the titles do.
      const suggestions = (await api('mx/cars/suggestions?countryCode=mx&where=Guadalajara')).data as {
        attributes: { prefix: string };
      }[];
      expect(suggestions).to.have.length.above(0);
      for (const { attributes } of suggestions) expect(attributes.prefix).to.equal('Autos en');
    });

    it("names the Mexican homes' SEO links with Latin America's words", async () => {
      const links = ((await api('mx/homes/seoLinks?countryCode=mx')).data as { attributes: { label: string } }[]).map(
        (l) => l.attributes.label,
      );
      expect(links).to.include('Departamento');
      expect(links.join(' | ')).to.not.match(/\b(Piso|Chalet|Ático|Garaje|Parking)\b/);
      const es = ((await api('es/homes/seoLinks?countryCode=es')).data as { attributes: { label: string } }[]).map(
        (l) => l.attributes.label,
      );
      expect(es).to.include('Piso');
    });
  });

  describe('filters and facets', () => {
    it('labels the Mexican homes facets, filters and ad facts "Departamento", never "Piso"', async () => {
      const body = await api('mx/homes/search?countryCode=mx&retrieveKeyword=1');
      const labels = labelsOf(body);
      expect(labels).to.include('Departamento');
      expect(labels).to.include('Estacionamiento');
      expect(labels.join(' | ')).to.not.match(/\b(Piso|Chalet|Ático|Garaje|Parking|Nave)\b/);
      const facts = (body.data as { attributes: { vertical_properties: Record<string, unknown> } }[]).map(
        (ad) => ad.attributes.vertical_properties.propertyTypeLabel,
      );
      expect(facts).to.include('Departamento');
      expect(facts).to.not.include('Piso');
      // The results page: its filters panel and the catalogue it reads them from.
      const res = await page('/search', 'homes.mx.localhost').expect(200);
      expect(textOf(res.text)).to.include('Departamento');
      expect(textOf(res.text)).to.not.match(/\bPisos?\b/);
      const catalogue = stateOf(res.text).intl.catalogue as string;
      const messages = (await request(server.url).get(catalogue).expect(200)).body as Record<string, unknown>;
      expect(messages['ref.propertyType.flat']).to.deep.equal([{ type: 0, value: 'Departamento' }]);
      // Spain's are as before; Colombia's flats are apartamentos.
      expect(labelsOf(await api('es/homes/search?countryCode=es'))).to.include('Piso');
      expect(labelsOf(await api('co/homes/search?countryCode=co'))).to.include('Apartamento');
    });

    it('lists the Brazilian homes values in words consistent with "Banheiros", and Portugal\'s as before', async () => {
      const labels = labelsOf(await api('br/homes/search?countryCode=br&retrieveKeyword=1'));
      expect(labels).to.include.members(['Casa', 'Para alugar']);
      expect(labels.join(' | ')).to.not.match(/Moradia|arrendar|Arrendamento|Vivenda|Armazém|\bpartilhado|Trespasse/);
      const res = textOf((await page('/search', 'homes.br.localhost').expect(200)).text);
      expect(res).to.include('Banheiros');
      expect(res).to.not.match(/Moradia|arrendar|casas? de banho/i);
      const pt = labelsOf(await api('pt/homes/search?countryCode=pt'));
      expect(pt).to.include.members(['Moradia', 'Para arrendar']);
    });

    it("labels the US car facets in American English, and the Brazilian ones in Brazil's", async () => {
      const us = labelsOf(await api('us/cars/search?countryCode=us&retrieveKeyword=1')).join(' | ');
      expect(us).to.include('Gasoline');
      expect(us).to.match(/\bSedan\b/);
      expect(us).to.not.match(/\b(Petrol|Saloon|Estate)\b/);
      const br = labelsOf(await api('br/cars/search?countryCode=br&retrieveKeyword=1')).join(' | ');
      expect(br).to.include('Diesel');
      expect(br).to.not.match(/Gasóleo|Carrinha|Citadino|Descapotável/);
      const homes = labelsOf(await api('us/homes/search?countryCode=us')).join(' | ');
      expect(homes).to.include('Apartment');
      expect(homes).to.not.match(/\bFlat\b/);
    });
  });

  describe('demo ads', () => {
    it('writes the Brazilian demo ads as Brazil does', async () => {
      const texts = await adTexts('br/homes');
      expect(texts).to.match(/banheiros?/);
      expect(texts).to.not.match(/casas? de banho|Contacte|Moradia|arrendar/i);
      const cars = await adTexts('br/cars');
      expect(cars).to.include('câmbio');
      expect(cars).to.not.match(/\bcaixa\b|cinzento|gasóleo/i);
      const products = await adTexts('br/products');
      expect(products).to.not.match(/Telemóve|Levantamento|\bbebé(?!\p{L})/u);
      // The SEO index names its categories as the filters do.
      const index = await request(server.url).get('/api/keywords/products?country_code=br').expect(200);
      const categories = (JSON.parse(index.text).meta.categories as { name: string }[]).map((c) => c.name);
      expect(categories).to.include('Celulares');
      expect(categories.join(' | ')).to.not.match(/Telemóveis|desporto|Eletrónica/);
      // An ad's page reads the same.
      const { data } = await api('br/homes/search?countryCode=br&page[size]=1');
      const ad = textOf(
        (await page(`/ad/${(data as { id: string }[])[0]!.id}`, 'homes.br.localhost').expect(200)).text,
      );
      expect(ad).to.match(/banheiro/);
      expect(ad).to.not.match(/casas? de banho/i);
    });

    it('titles the Mexican demo homes "Departamento en venta", where Spain\'s are "Piso en venta"', async () => {
      const mx = await adTexts('mx/homes');
      expect(mx).to.match(/^Departamento en (venta|alquiler) en /m);
      expect(mx).to.not.match(/\bPiso\b|Contacta con|Chalet/);
      expect(await adTexts('es/homes')).to.match(/^Piso en (venta|alquiler) en /m);
    });

    it('writes the US demo ads in American English, and the Swiss ones without ß', async () => {
      const us = [await adTexts('us/homes'), await adTexts('us/cars')].join('\n');
      expect(us).to.match(/\btransmission\b/);
      expect(us).to.not.match(/gearbox|\blift\b|Pushchair|\bgrey\b|petrol|\bflat\b/i);
      const ch = [await adTexts('ch/homes'), await adTexts('ch/cars')].join('\n');
      expect(ch).to.not.match(/[ßẞ]/);
      expect(ch).to.match(/weiss|Lift/);
      const page200 = (await page('/search', 'cars.ch.localhost').expect(200)).text;
      expect(page200).to.not.match(/[ßẞ]/);
    });
  });

  describe('search words', () => {
    /** The titles a search of the site finds. */
    const found = async (site: string, what: string): Promise<string[]> => {
      const res = await request(server.url).get(
        `/api/sites/${site}/search?countryCode=${site.split('/')[0]}&what=${encodeURIComponent(what)}&page[size]=100`,
      );
      if (res.status === 404) return [];
      expect(res.status, res.text.slice(0, 200)).to.equal(200);
      return (JSON.parse(res.text).data as { attributes: { title: string } }[]).map((a) => a.attributes.title);
    };

    it("finds a region's ads by its own word and by its language's country's word", async () => {
      const city = Gazetteer.shared().resolve('mx', 'Guadalajara')!.place;
      const ad = (country: string, title: string, extra: Partial<AdInput> = {}): AdInput => ({
        country,
        vertical: 'homes',
        sourceId: 1,
        partnerAdId: title,
        url: `https://partner.example/${encodeURIComponent(title)}`,
        title,
        description: title,
        date: Math.floor(Date.now() / 1000) - 600,
        location: { cityId: city.id, city: city.name },
        images: [],
        currency: 'MXN',
        price: { value: 2_000_000 },
        typeId: 1,
        ...extra,
      });
      // A Mexican "piso" is a floor: a search for a "departamento" finds flats, not every house of two
      // floors; and Spain's "coches" finds Mexico's "autos".
      await server.services.search.store.writeAds([ad('mx', 'Casa de dos pisos con jardín')]);
      const byRegion = await found('mx/homes', 'departamento');
      expect(byRegion).to.not.include('Casa de dos pisos con jardín');
      expect(byRegion.some((t) => t.startsWith('Departamento'))).to.equal(true);
      // In Spain a "departamento" is no flat.
      expect((await found('es/homes', 'departamento')).some((t) => t.startsWith('Piso'))).to.equal(false);
      // The United States: a flat is an apartment.
      await server.services.search.store.writeAds([
        ad('us', 'Bright flat near the park', { location: {}, currency: 'USD' }),
      ]);
      const apartments = await found('us/homes', 'apartment');
      expect(apartments).to.include('Bright flat near the park');
      expect(apartments.some((t) => t.startsWith('Apartment'))).to.equal(true);
    });
  });
});
