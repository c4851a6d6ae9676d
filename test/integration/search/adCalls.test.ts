import { expect } from 'chai';
import request from 'supertest';
import { Gazetteer } from '../../../src/services/places/Gazetteer';
import { adsOf, getChecked, searchApp, type Body, type SearchApp } from './searchApp';

describe('search service: ad, related, autocomplete, SEO links, keywords, partner pages', function () {
  this.timeout(30_000);
  let s: SearchApp;

  before(async () => {
    s = await searchApp([
      { country: 'uk', vertical: 'homes' },
      { country: 'uk', vertical: 'cars' },
      { country: 'uk', vertical: 'jobs' },
      { country: 'es', vertical: 'homes' },
      { country: 'it', vertical: 'products' },
      { country: 'jp', vertical: 'cars' },
      { country: 'ru', vertical: 'cars' },
    ]);
  });
  after(() => s.close());

  const get = (url: string, template: string, status = 200): Promise<Body> => getChecked(s.app, url, template, status);

  describe('/ad/{id}', () => {
    it('answers one ad with its partner url, source and campaign', async () => {
      const list = await get('/api/sites/uk/homes/search?page[premium][size]=1', '/sites/{country}/{vertical}/search');
      const premium = (list.meta.premium as Body[])[0];
      const body = await get(
        `/api/sites/uk/homes/ad/${premium?.id}?countryCode=uk&device=desktop`,
        '/sites/{country}/{vertical}/ad/{id}',
      );
      const a = body.data.attributes;
      expect(body.data.id).to.equal(premium?.id);
      expect(a.url).to.match(/^\/partner\/\d+\/ads\/\w+$/);
      expect(a.premium).to.equal(true);
      expect(a.section_type_id).to.equal(2);
      expect(a.source.ad.campaignIds).to.have.length(1);
      expect(a.source.ad.cpcDesktop).to.be.greaterThan(0);
      const stored = await s.service.store.getAd(String(premium?.id));
      expect(stored?.url).to.equal(a.url);
      expect(stored?.source?.campaigns[0]?.active).to.equal(true);
      expect(stored?.country).to.equal('uk');
    });

    it("shows an ad's places by the names the site gives them today, not those written with it", async () => {
      // An ad written before decision 077 keeps "Rome" and "Lazio" in its stored location; the Italian
      // site calls the city Roma. Searching and reading the ad both show the gazetteer's names.
      const fresh = await searchApp([]);
      try {
        const rome = Gazetteer.shared().resolve('it', 'Roma')!.place;
        await fresh.service.store.writeAds([
          {
            country: 'it',
            vertical: 'products',
            sourceId: 1,
            partnerAdId: 'old',
            url: '/partner/1/ads/old',
            title: 'Divano IKEA',
            description: 'Divano usato.',
            date: 1_700_000_000,
            location: { cityId: rome.id, city: 'Rome', regionId: rome.regionId, region: 'Lazio' },
            images: [],
            currency: 'EUR',
          },
        ]);
        const list = (await request(fresh.app).get('/api/sites/it/products/search?what=divano')).body as Body;
        const found = (list.data as unknown as Body['data'][])[0]!;
        expect(found.attributes.location.city).to.equal('Roma');
        const ad = (await request(fresh.app).get(`/api/sites/it/products/ad/${found.id}`)).body as Body;
        expect(ad.data.attributes.location).to.deep.include({ city: 'Roma', region: 'Lazio' });
        expect(ad.data.attributes.location.cityInfo.name).to.equal('Roma');
      } finally {
        fresh.close();
      }
    });

    it('answers an unknown ad, or an ad of another site, with a 404', async () => {
      await get('/api/sites/uk/homes/ad/nope', '/sites/{country}/{vertical}/ad/{id}', 404);
      const cars = await get('/api/sites/uk/cars/search', '/sites/{country}/{vertical}/search');
      await get(`/api/sites/uk/homes/ad/${adsOf(cars)[0]?.id}`, '/sites/{country}/{vertical}/ad/{id}', 404);
      await get('/api/sites/uk/homes/ad/x?countryCode=fr', '/sites/{country}/{vertical}/ad/{id}', 400);
    });

    it('checks the caller fields of an ad call as a search call does (clientId, originId, redirect)', async () => {
      const homes = await get('/api/sites/uk/homes/search', '/sites/{country}/{vertical}/search');
      const id = adsOf(homes)[0]?.id;
      await get(
        `/api/sites/uk/homes/ad/${id}?countryCode=uk&clientId=pwa-mobile&originId=2&redirect[pageViewId]=pv-1`,
        '/sites/{country}/{vertical}/ad/{id}',
      );
      const bad = await get(`/api/sites/uk/homes/ad/${id}?originId=abc`, '/sites/{country}/{vertical}/ad/{id}', 400);
      expect(bad.errors[0].source.parameter).to.equal('originId');
    });

    it('flags an expired ad and leaves it out of search', async () => {
      const list = await get('/api/sites/uk/jobs/search?page[size]=1', '/sites/{country}/{vertical}/search');
      const ad = adsOf(list)[0];
      const before = list.meta.totalCount as number;
      await s.service.store.expireAds([String(ad?.id)]);
      const body = await get(`/api/sites/uk/jobs/ad/${ad?.id}`, '/sites/{country}/{vertical}/ad/{id}');
      expect(body.meta.expired).to.equal(true);
      expect(body.data.attributes.section_id).to.equal(5);
      expect((await s.service.store.getAd(String(ad?.id)))?.expired).to.equal(true);
      const after = await get('/api/sites/uk/jobs/search?page[size]=1', '/sites/{country}/{vertical}/search');
      expect(after.meta.totalCount).to.equal(before - 1);
    });
  });

  describe('/ad/{id}/related', () => {
    it('answers 6 ads, the duplicates of the ad first (149 mobile, 157 desktop), then similar ones (190)', async () => {
      const row =
        s.service.store instanceof Object
          ? ((s.service.store as unknown as { db: { prepare(sql: string): { get(): unknown } } }).db
              .prepare(
                "SELECT id FROM ads WHERE dup IS NOT NULL AND site = (SELECT site FROM ads WHERE id IS NOT NULL AND partner_id LIKE 'ukh%' LIMIT 1) AND expired = 0 LIMIT 1",
              )
              .get() as { id: string })
          : undefined;
      const id = row?.id;
      const body = await get(
        `/api/sites/uk/homes/ad/${id}/related?what=flat&where=London`,
        '/sites/{country}/{vertical}/ad/{id}/related',
      );
      const ads = adsOf(body);
      expect(ads).to.have.length(6);
      expect(ads[0]?.attributes.section_id).to.equal(149);
      expect(ads.slice(1).every((a) => a.attributes.section_id === 190)).to.equal(true);
      expect(ads.map((a) => a.id)).to.not.include(id);
      const desktop = await get(
        `/api/sites/uk/homes/ad/${id}/related?device=desktop`,
        '/sites/{country}/{vertical}/ad/{id}/related',
      );
      expect(adsOf(desktop)[0]?.attributes.section_id).to.equal(157);
    });

    it('answers 404 when nothing is related', async () => {
      const lonely = await searchApp([]);
      try {
        await lonely.service.store.writeAds([
          {
            country: 'uk',
            vertical: 'homes',
            sourceId: 1,
            partnerAdId: 'only',
            url: '/partner/1/ads/only',
            title: 'Flat for rent in Leeds',
            description: 'The only ad.',
            date: 1_700_000_000,
            location: {},
            images: [],
            currency: 'GBP',
            homes: { propertyType: 'flat' },
          },
        ]);
        const ad = (await request(lonely.app).get('/api/sites/uk/homes/search')).body as Body;
        const id =
          JSON.parse(JSON.stringify(ad)).data?.[0]?.id ??
          JSON.parse((await request(lonely.app).get('/api/sites/uk/homes/search')).text).data[0].id;
        const res = await request(lonely.app).get(`/api/sites/uk/homes/ad/${id}/related`);
        expect(res.status).to.equal(404);
        expect(JSON.parse(res.text).errors[0].code).to.equal('NO_RESULTS');
      } finally {
        lonely.close();
      }
    });
  });

  describe('/autocomplete/{field}', () => {
    it('completes places by accent-insensitive prefix, biggest first', async () => {
      const body = await get(
        '/api/sites/uk/homes/autocomplete/where?term=lon&countryCode=uk',
        '/sites/{country}/{vertical}/autocomplete/{field}',
      );
      expect(body.data[0].attributes).to.include({ label: 'London, England', value: 'London', geoId: 2643743 });
      const es = await get(
        '/api/sites/es/homes/autocomplete/where?term=M%C3%81LAG',
        '/sites/{country}/{vertical}/autocomplete/{field}',
      );
      expect(es.data[0].attributes.value).to.equal('Málaga');
      const plain = await get(
        '/api/sites/es/homes/autocomplete/where?term=malag',
        '/sites/{country}/{vertical}/autocomplete/{field}',
      );
      expect(plain.data[0].attributes.value).to.equal('Málaga');
    });

    it('completes keywords from ad titles and from what visitors searched', async () => {
      const body = await get(
        '/api/sites/uk/cars/autocomplete/what?term=vol',
        '/sites/{country}/{vertical}/autocomplete/{field}',
      );
      expect(body.data.map((i: Body) => i.attributes.value)).to.include('Volkswagen');
      for (let i = 0; i < 3; i++) await request(s.app).get('/api/sites/uk/cars/search?what=volvo%20xc60');
      const after = await get(
        '/api/sites/uk/cars/autocomplete/what?term=vol',
        '/sites/{country}/{vertical}/autocomplete/{field}',
      );
      expect(after.data[0].attributes).to.include({ value: 'Volvo XC60', searches: 3 });
      // A word of the language is no search of its own ("for" of "Flat for rent").
      const fo = await get(
        '/api/sites/uk/homes/autocomplete/what?term=fo',
        '/sites/{country}/{vertical}/autocomplete/{field}',
        200,
      );
      expect(fo.data.map((i: Body) => i.attributes.value)).to.not.include('for');
    });

    it("completes a make typed in the site's own script, whose ads write it in Latin letters", async () => {
      const what = async (country: string, term: string): Promise<{ value: string; ads: number }[]> =>
        (
          await get(
            `/api/sites/${country}/cars/autocomplete/what?term=${encodeURIComponent(term)}`,
            '/sites/{country}/{vertical}/autocomplete/{field}',
          )
        ).data.map((i: Body) => i.attributes as { value: string; ads: number });
      const toyota = (await what('jp', 'トヨ')).find((i) => i.value === 'トヨタ');
      expect(toyota, 'トヨタ').to.not.equal(undefined);
      // The ads that write it, which the search it opens finds (a duplicate group counted once there).
      const found = await get(
        `/api/sites/jp/cars/search?what=${encodeURIComponent('トヨタ')}`,
        '/sites/{country}/{vertical}/search',
      );
      expect(found.meta.totalCount).to.be.greaterThan(0).and.at.most(toyota!.ads);
      // Written as a make is, in a script with capitals.
      expect((await what('ru', 'той')).map((i) => i.value)).to.include('Тойота');
      // Latin letters are completed from the titles, as before: no other script's name for them.
      expect((await what('uk', 'toy')).map((i) => i.value)).to.not.include('トヨタ');
    });

    it('suggests first the places the site names by what was typed, then those of other languages', async () => {
      const where = async (country: string, term: string) =>
        (
          await get(
            `/api/sites/${country}/homes/autocomplete/where?term=${encodeURIComponent(term)}`,
            '/sites/{country}/{vertical}/autocomplete/{field}',
          )
        ).data.map((i: Body) => i.attributes.label as string);
      // Not Sunderland (Korean "sandeolraendeu"), Southampton or Zaragoza (Latin "Salduba") first.
      for (const label of (await where('uk', 'sa')).slice(0, 5)) expect(label).to.match(/^Sa/);
      expect((await where('es', 'sal'))[0]).to.match(/^Salamanca/);
      // Other languages' names still find a place when none of the site's does.
      expect(await where('it', 'rome')).to.satisfy((labels: string[]) => labels.some((l) => l.startsWith('Roma')));
    });

    it('answers a missing term or an unknown field with a 400 naming it', async () => {
      const noTerm = await get(
        '/api/sites/uk/homes/autocomplete/where',
        '/sites/{country}/{vertical}/autocomplete/{field}',
        400,
      );
      expect(noTerm.errors[0].source.parameter).to.equal('term');
      const field = await get(
        '/api/sites/uk/homes/autocomplete/colour?term=r',
        '/sites/{country}/{vertical}/autocomplete/{field}',
        400,
      );
      expect(field.errors[0].source.parameter).to.equal('field');
    });
  });

  describe('/seoLinks', () => {
    it('lists homes links by city, region and property type, narrowed by dealType and propertyType', async () => {
      const body = await get(
        '/api/sites/uk/homes/seoLinks?countryCode=uk&homePageCategory=home',
        '/sites/{country}/{vertical}/seoLinks',
      );
      const groups = new Set((body.data as Body[]).map((d) => d.attributes.group));
      expect([...groups]).to.include.members(['cities', 'regions', 'propertyTypes']);
      expect(body.data[0].attributes.label).to.equal('Homes in London');
      // Each place link's count is what its search finds: an ad several partners publish counts once,
      // and a region's link finds the region, also one named as a city (the region León; Wales, a village too).
      for (const country of ['uk', 'es']) {
        const links = await get(
          `/api/sites/${country}/homes/seoLinks?countryCode=${country}`,
          '/sites/{country}/{vertical}/seoLinks',
        );
        const places = (links.data as Body[]).filter((d) => d.attributes.group !== 'propertyTypes');
        expect(places.filter((d) => d.attributes.group === 'regions')).to.have.length.above(2);
        for (const link of places) {
          const q = link.attributes.query as { where?: string; filters?: Record<string, number> };
          const asked = q.where
            ? `where=${encodeURIComponent(q.where)}`
            : Object.entries(q.filters!)
                .map(([k, v]) => `filters[${k}]=${v}`)
                .join('&');
          const found = await get(
            `/api/sites/${country}/homes/search?countryCode=${country}&${asked}`,
            '/sites/{country}/{vertical}/search',
          );
          expect(found.meta.totalCount, link.attributes.label).to.equal(link.attributes.total);
        }
      }
      const rent = await get(
        '/api/sites/uk/homes/seoLinks?countryCode=uk&dealType=2&propertyType=flat',
        '/sites/{country}/{vertical}/seoLinks',
      );
      expect(rent.data[0].attributes.label).to.match(/^Flat in /);
      expect(rent.data[0].attributes.total).to.be.below(body.data[0].attributes.total);
      await get('/api/sites/uk/homes/seoLinks?propertyType=castle', '/sites/{country}/{vertical}/seoLinks', 400);
      // An unknown deal type is refused as a search refuses it, not answered with no links.
      const deal = await get('/api/sites/uk/homes/seoLinks?dealType=999', '/sites/{country}/{vertical}/seoLinks', 400);
      expect(deal.errors[0].source.parameter).to.equal('dealType');
    });

    it('lists cars makes and jobs categories with countryCode only', async () => {
      const cars = await get('/api/sites/uk/cars/seoLinks?countryCode=uk', '/sites/{country}/{vertical}/seoLinks');
      expect((cars.data as Body[]).some((d) => d.attributes.group === 'makes')).to.equal(true);
      const jobs = await get('/api/sites/uk/jobs/seoLinks?countryCode=uk', '/sites/{country}/{vertical}/seoLinks');
      expect((jobs.data as Body[]).some((d) => d.attributes.group === 'categories')).to.equal(true);
      // Jobs searches take no where: a place's link filters by the place, and finds its jobs only.
      const city = (jobs.data as Body[]).find((d) => d.attributes.group === 'cities')!;
      expect(city.attributes.query).to.have.keys(['filters']);
      const id = city.attributes.query.filters.city as number;
      expect(city.attributes.url).to.equal(`/search?city=${id}`);
      const all = await get('/api/sites/uk/jobs/search?countryCode=uk', '/sites/{country}/{vertical}/search');
      const there = await get(
        `/api/sites/uk/jobs/search?countryCode=uk&filters[city]=${id}`,
        '/sites/{country}/{vertical}/search',
      );
      expect(there.meta.totalCount).to.be.above(0);
      expect(there.meta.totalCount).to.be.below(all.meta.totalCount);
    });
  });

  describe('/keywords/{vertical}', () => {
    it('lists a site keywords alphabetically, by first letter and category, 50 a page', async () => {
      const body = await get('/api/keywords/homes?country_code=uk', '/keywords/{vertical}');
      const words = (body.data as Body[]).map((d) => d.id as string);
      expect(words).to.deep.equal([...words].sort());
      expect(body.meta.letters).to.include('f');
      const f = await get('/api/keywords/homes?country_code=uk&first_letter=F', '/keywords/{vertical}');
      expect((f.data as Body[]).every((d) => String(d.id).startsWith('f'))).to.equal(true);
      const products = await get('/api/keywords/products?country_code=it&category_id=103', '/keywords/{vertical}');
      expect((products.data as Body[]).every((d) => d.attributes.categoryId === 103)).to.equal(true);
      expect(products.data[0].attributes.keyword).to.match(/Portatile|Televisore/);
    });

    it("links each keyword to the search it names, which has ads: 'Cottage Bexley' is a cottage in Bexley", async () => {
      const first = await get('/api/keywords/homes?country_code=uk', '/keywords/{vertical}');
      let placed = 0;
      for (let page = 1; page <= first.meta.maxPage; page++) {
        const doc =
          page === 1 ? first : await get(`/api/keywords/homes?country_code=uk&page=${page}`, '/keywords/{vertical}');
        for (const { attributes: k } of doc.data as Body[]) {
          const seo = (text: string) => encodeURIComponent(text.toLowerCase().replace(/-/g, '_').replace(/\s+/g, '-'));
          if (k.where) {
            placed++;
            expect(`${k.what} ${k.where}`.toLowerCase(), k.keyword).to.equal(k.keyword.toLowerCase());
            expect(k.url, k.keyword).to.equal(`/${seo(k.what)}/in/${seo(k.where)}`);
          } else expect(k.what, k.keyword).to.equal(k.keyword);
          // Its search finds ads: an index link never leads to "no results" (an expired ad is not counted).
          const query = `what=${encodeURIComponent(k.what)}${k.where ? `&where=${encodeURIComponent(k.where)}` : ''}`;
          const found = await get(
            `/api/sites/uk/homes/search?countryCode=uk&${query}`,
            '/sites/{country}/{vertical}/search',
          );
          expect(found.meta.totalCount, k.keyword).to.be.above(0);
        }
      }
      expect(placed).to.be.above(0);
    });

    it("names the categories a site's index has, in its language, for jobs and products", async () => {
      const jobs = await get('/api/keywords/jobs?country_code=uk', '/keywords/{vertical}');
      const categories = jobs.meta.categories as { id: number; name: string }[];
      expect(categories.length).to.be.greaterThan(1);
      expect(categories.map((c) => c.id)).to.deep.equal([...categories.map((c) => c.id)].sort((a, b) => a - b));
      // Each one narrows the index to keywords of its own.
      const first = categories[0] as { id: number; name: string };
      const narrowed = await get(`/api/keywords/jobs?country_code=uk&category_id=${first.id}`, '/keywords/{vertical}');
      expect((narrowed.data as Body[]).every((d) => d.attributes.categoryId === first.id)).to.equal(true);
      const products = await get('/api/keywords/products?country_code=it', '/keywords/{vertical}');
      expect(products.meta.categories).to.deep.include({ id: 103, name: 'Elettronica' });
      // Category 0 is "All": the whole index.
      const all = await get('/api/keywords/products?country_code=it&category_id=0', '/keywords/{vertical}');
      expect(all.data).to.deep.equal(products.data);
      expect((await get('/api/keywords/homes?country_code=uk', '/keywords/{vertical}')).meta.categories).to.deep.equal(
        [],
      );
    });

    it('answers an empty index with a 404, bad parameters with a 400', async () => {
      const empty = await get('/api/keywords/homes?country_code=uk&page=999', '/keywords/{vertical}', 404);
      expect(empty.errors[0].code).to.equal('NO_RESULTS');
      const products = await get('/api/keywords/products?country_code=it&category_id=1', '/keywords/{vertical}', 404);
      expect(products.errors[0].code).to.equal('KEYWORD_NOT_FOUND');
      expect((await get('/api/keywords/homes', '/keywords/{vertical}', 400)).errors[0].source.parameter).to.equal(
        'country_code',
      );
      expect(
        (await get('/api/keywords/homes?country_code=uk&page=x', '/keywords/{vertical}', 400)).errors[0].source
          .parameter,
      ).to.equal('page');
      await get('/api/keywords/products?country_code=pt', '/keywords/{vertical}', 404);
    });
  });

  describe('partner pages and pictures', () => {
    it('serves the partner page a click-out lands on, and generated pictures and logos', async () => {
      const list = await get(
        '/api/sites/es/homes/search?filters[photos]=true&page[size]=1',
        '/sites/{country}/{vertical}/search',
      );
      const ad = adsOf(list)[0];
      const page = await request(s.app).get(String(ad?.attributes.url));
      expect(page.status).to.equal(200);
      expect(page.headers['content-type']).to.contain('text/html');
      expect(page.text).to.contain(String(ad?.attributes.title).replace(/&/g, '&amp;'));
      const picture = await request(s.app).get(String((ad?.attributes.vertical_properties.images as string[])[0]));
      expect(picture.status).to.equal(200);
      expect(picture.headers['content-type']).to.contain('image/svg+xml');
      const logo = await request(s.app).get(String((ad?.attributes.source as Body).image));
      expect(logo.status).to.equal(200);
      expect((await request(s.app).get('/partner/1/ads/none')).status).to.equal(404);
      expect((await request(s.app).get('/media/picture/homes/<x>.svg')).status).to.equal(404);
    });
  });
});
