import { expect } from 'chai';
import request from 'supertest';
import { NOW, adsOf, getChecked, openApi, priceOf, searchApp, type Body, type SearchApp } from './searchApp';

describe('search service: search calls', function () {
  this.timeout(30_000);
  let s: SearchApp;

  before(async () => {
    s = await searchApp([
      { country: 'uk', vertical: 'homes' },
      { country: 'uk', vertical: 'cars' },
      { country: 'uk', vertical: 'jobs' },
      { country: 'uk', vertical: 'products' },
      { country: 'es', vertical: 'homes' },
      { country: 'es', vertical: 'cars' },
    ]);
  });
  after(() => s.close());

  const get = (url: string, template: string, status = 200): Promise<Body> => getChecked(s.app, url, template, status);
  const search = (query: string, site = 'uk/homes', status = 200) =>
    get(`/api/sites/${site}/search?${query}`, '/sites/{country}/{vertical}/search', status);
  const total = async (query: string, site = 'uk/homes') => (await search(query, site)).meta.totalCount as number;

  describe('results', () => {
    it('answers /search/m with filtered, sorted, paginated ads of the site', async () => {
      const body = await get(
        '/api/sites/uk/homes/search/m?countryCode=uk&what=flat&sort=price&page[organic][size]=5&page[premium][size]=3',
        '/sites/{country}/{vertical}/search/m',
      );
      const ads = adsOf(body);
      expect(ads).to.have.length(5);
      for (const ad of ads) {
        expect(ad.attributes.section_type_id).to.equal(1);
        expect((ad.attributes as Body).site).to.deep.equal({ countryCode: 'uk', vertical: 'homes' });
        expect(`${ad.attributes.title} ${ad.attributes.descriptionOriginal}`.toLowerCase()).to.match(/flat/);
      }
      const prices = ads.map(priceOf);
      expect(prices).to.deep.equal([...prices].sort((a, b) => a - b));
      expect(body.meta.premium).to.have.length.of.at.most(3).and.length.of.at.least(1);
      for (const ad of body.meta.premium as Body[]) {
        expect(ad.attributes.section_type_id).to.equal(2);
        expect(ad.attributes.premium).to.equal(true);
      }
      expect(body.meta.totalCount).to.be.greaterThan(5);
      expect(body.meta.totalPremiumCount).to.be.greaterThan(0);
      expect(body.meta.keyword.what).to.equal('flat');
    });

    it('takes page[size] as the organic size and defaults to 20 organic and 8 premium', async () => {
      expect(adsOf(await search('page[size]=7'))).to.have.length(7);
      const body = await search('');
      expect(adsOf(body)).to.have.length(20);
      expect(body.meta.pageSizes).to.deep.equal({ organic: 20, premium: 8 });
      expect(await search('page[premium][size]=0').then((b) => b.meta.premium)).to.deep.equal([]);
    });

    it('pages through results with links, positions and a 404 past the last page', async () => {
      const one = await search('page[size]=5');
      const two = await search('page[size]=5&page[number]=2');
      const ids1 = adsOf(one).map((a) => a.id);
      const ids2 = adsOf(two).map((a) => a.id);
      expect(ids1.filter((id) => ids2.includes(id))).to.deep.equal([]);
      expect(adsOf(two).map((a) => a.attributes.position)).to.deep.equal([6, 7, 8, 9, 10]);
      expect(one.meta.pagination.previous).to.equal(null);
      expect(one.meta.pagination.next).to.contain('page[number]=2');
      expect(two.meta.pagination.previous).to.contain('page[number]=1');
      expect(two.meta.pagination.self).to.match(/^\/api\/sites\/uk\/homes\/search\?/);
      const maxPage = one.meta.pagination.maxPage as number;
      expect(maxPage).to.equal(Math.ceil(one.meta.totalCount / 5));
      const last = await search(`page[size]=5&page[number]=${maxPage}`);
      expect(last.meta.pagination.next).to.equal(null);
      const past = await search(`page[size]=5&page[number]=${maxPage + 1}`, 'uk/homes', 404);
      expect(past.errors[0].code).to.equal('PAGE_NOT_FOUND');
    });

    it('sorts by every sort key of the spec', async () => {
      const dates = (b: Body) => adsOf(b).map((a) => Date.parse(String(a.attributes.date)));
      const ppm = (b: Body) => adsOf(b).map((a) => a.attributes.vertical_properties.priceMeter as number);
      const asc = (xs: number[]) => expect(xs).to.deep.equal([...xs].sort((a, b) => a - b));
      const desc = (xs: number[]) => expect(xs).to.deep.equal([...xs].sort((a, b) => b - a));
      asc(adsOf(await search('sort=price')).map(priceOf));
      desc(adsOf(await search('sort=price_desc')).map(priceOf));
      desc(dates(await search('sort=source_date')));
      asc(dates(await search('sort=source_date_asc')));
      asc(ppm(await search('sort=price_per_meters')));
      desc(ppm(await search('sort=price_per_meters_desc')));
      const relevance = await search('what=flat%20garden&sort=relevance');
      expect(adsOf(relevance).length).to.be.greaterThan(0);
      expect((await search('sort=')).meta.sort).to.equal('relevance');
    });

    it('matches accent- and case-insensitively (Málaga, malaga, MALAGA)', async () => {
      const accented = await search('where=M%C3%A1laga', 'es/homes');
      const plain = await search('where=malaga', 'es/homes');
      const upper = await search('what=MALAGA', 'es/homes');
      expect(accented.meta.totalCount).to.be.greaterThan(0);
      expect(plain.meta.totalCount).to.equal(accented.meta.totalCount);
      expect(upper.meta.totalCount).to.equal(accented.meta.totalCount);
      expect(plain.meta.keyword.where).to.equal('Málaga');
      expect(plain.meta.keyword.redirectWhere).to.equal(null);
      for (const ad of adsOf(plain)) expect((ad.attributes.location as Body).city).to.equal('Málaga');
      expect(await total('what=piso%20malaga', 'es/homes')).to.equal(
        await total('what=PISO%20M%C3%A1laga', 'es/homes'),
      );
    });

    it('places a where in the gazetteer: geoInfo, breadcrumb, distance, corrected spelling', async () => {
      const body = await search('what=flat&where=London');
      const k = body.meta.keyword;
      expect(k.city).to.deep.equal({ id: 2643743, name: 'London' });
      expect(k.geoInfo[0]).to.deep.equal({ id: 2643743, name: 'London', visible: true });
      expect(k.breadcrumb.map((b: Body) => b.name)).to.deep.equal(['United Kingdom', 'England', 'London']);
      expect(body.meta.filters.auto).to.deep.equal({ city: 2643743 });
      for (const ad of adsOf(body)) {
        expect((ad.attributes.location as Body).city).to.equal('London');
        expect(ad.attributes.distanceFromWhere).to.be.a('number').and.below(30);
      }
      const misspelt = await search('what=flat&where=Lodnon');
      expect(misspelt.meta.keyword.redirectWhere).to.equal('London, England');
      expect(misspelt.meta.totalCount).to.equal(body.meta.totalCount);
    });

    it('never corrects a county to another place: "Kent" is searched as its word, not the village of Kenn', async () => {
      const kent = await search('what=flat&where=Kent', 'uk/homes', 404);
      expect(kent.errors[0].code).to.equal('NO_RESULTS');
      expect(kent.meta.keyword).to.deep.include({ where: 'Kent', redirectWhere: null, city: null, region: null });
      // Elsewhere a name partners write for a region is that region.
      expect((await search('where=Catalunya', 'es/homes')).meta.keyword.region.name).to.equal('Cataluña');
    });

    it('takes a place that ends the what as the search place, and says so (redirectWhat, redirectWhere)', async () => {
      const typed = await search('what=flat%20london');
      const split = await search('what=flat&where=London');
      expect(typed.meta.keyword.redirectWhat).to.equal('flat');
      expect(typed.meta.keyword.redirectWhere).to.equal('London');
      expect(typed.meta.keyword.what).to.equal('flat');
      expect(typed.meta.keyword.where).to.equal('London');
      expect(typed.meta.title).to.equal('Flat in London');
      expect(typed.meta.totalCount).to.equal(split.meta.totalCount).and.be.greaterThan(0);
      for (const ad of adsOf(typed)) expect((ad.attributes.location as Body).city).to.equal('London');
      // A place with its region, as the site's labels write it, is that place (not the region alone).
      const labelled = await search('what=flat%20in%20London%2C%20England');
      expect([labelled.meta.keyword.redirectWhat, labelled.meta.keyword.redirectWhere]).to.deep.equal([
        'flat',
        'London',
      ]);
      // The preposition goes with the place; the place is named in any case and accent.
      const spanish = await search('what=piso%20en%20M%C3%81LAGA', 'es/homes');
      expect([spanish.meta.keyword.redirectWhat, spanish.meta.keyword.redirectWhere]).to.deep.equal(['piso', 'Málaga']);
      // Not a place: no words left besides it, a place given already, a misspelt or small one.
      for (const [query, status] of [
        ['what=london', 200],
        ['what=in%20london', 200],
        ['what=flat%20lodnon', 404],
        // Street (Somerset) has fewer people than a place in a what needs.
        ['what=flat%20street', 404],
      ] as const) {
        const body = await search(query, 'uk/homes', status);
        expect(body.meta.keyword.redirectWhat, query).to.equal(null);
        expect(body.meta.keyword.redirectWhere, query).to.equal(null);
      }
      // A car named after a place is the car (SEAT León; León is a city of 134,000 people).
      expect((await search('what=piso%20leon', 'es/homes', 404)).meta.keyword.redirectWhere).to.equal('León');
      const car = await search('what=seat%20leon', 'es/cars', 404);
      expect([car.meta.keyword.redirectWhere, car.meta.keyword.where]).to.deep.equal([null, '']);
      const given = await search('what=flat%20london&where=Manchester', 'uk/homes', 404);
      expect([given.meta.keyword.what, given.meta.keyword.where]).to.deep.equal(['flat london', 'Manchester']);
      expect(given.meta.keyword.redirectWhere).to.equal(null);
    });

    it('keeps the words of a where that is no known place when it corrects the what', async () => {
      // "flta" is corrected to "flat"; "qwzx" is no place, so its word is searched with it, as with "flat".
      const right = await search('what=flat');
      expect((await search('what=flta')).meta.totalCount)
        .to.equal(right.meta.totalCount)
        .and.be.greaterThan(0);
      expect((await search('what=flat&where=qwzx', 'uk/homes', 404)).errors[0].code).to.equal('NO_RESULTS');
      const misspelt = await search('what=flta&where=qwzx', 'uk/homes', 404);
      expect(misspelt.errors[0].code).to.equal('NO_RESULTS');
    });

    it('corrects a misspelt what (redirectWhat) and suggests one (didYouMeanWhat)', async () => {
      const body = await search('what=flta');
      expect(body.meta.keyword.redirectWhat).to.equal('flat');
      // The page is titled by the words it searched, not the typo.
      expect(body.meta.title).to.equal('Flat in the United Kingdom');
      expect(body.meta.totalCount).to.equal(await total('what=flat'));
      const partly = await search('what=flat%20londn', 'uk/homes', 404);
      expect(partly.meta.keyword.didYouMeanWhat).to.equal('flat london');
    });

    it('gives facets, title, description and the keyword hierarchy', async () => {
      const body = await search('what=flat&where=London');
      const facets = body.meta.facets;
      expect(facets).to.include.keys('region', 'city', 'cityArea', 'dealType', 'propertyType', 'rooms', 'price');
      const typeCount = (facets.dealType as Body[]).reduce((n, f) => n + (f.count as number), 0);
      expect(typeCount).to.equal(body.meta.totalCount);
      expect(body.meta.title).to.equal('Flat in London');
      // A property type's link from the home page or the index has no words: titled by its type.
      expect((await search('where=London&filters[propertyType]=flat')).meta.title).to.equal('Flat in London');
      expect((await search('filters[propertyType]=flat', 'es/homes')).meta.title).to.equal('Piso en España');
      expect((await search('where=London&filters[propertyType]=flat,house')).meta.title).to.equal('Homes in London');
      // A product category's page is titled by its category.
      const electronics = await search('categoryId=103', 'uk/products');
      expect(electronics.meta.title).to.equal('Electronics in the United Kingdom');
      expect(body.meta.description).to.contain('ads');
      expect(body.meta.keyword.hierarchy.propertyType.map((p: Body) => p.value)).to.include('flat');
      // A make and model the demo data has, as a visitor would type them.
      const car = adsOf(await search('', 'uk/cars'))[0]!.attributes.vertical_properties as Body;
      const cars = await search(`what=${encodeURIComponent(`${car.make} ${car.model}`.toLowerCase())}`, 'uk/cars');
      expect(cars.meta.keyword.make).to.equal(car.make);
      expect(cars.meta.keyword.model).to.equal(car.model);
      expect(cars.meta.facets).to.include.keys('make', 'model', 'fuel', 'transmission', 'carType');
    });
  });

  describe('filters', () => {
    const every = async (query: string, site: string, check: (ad: ReturnType<typeof adsOf>[number]) => boolean) => {
      const body = await search(`${query}&page[size]=50`, site);
      const ads = adsOf(body);
      expect(ads.length, query).to.be.greaterThan(0);
      for (const ad of ads) expect(check(ad), `${query}: ${ad.attributes.title}`).to.equal(true);
      return body;
    };
    const vp = (ad: ReturnType<typeof adsOf>[number]) => ad.attributes.vertical_properties as Body;

    it('honours every homes filter', async () => {
      await every(
        'filters[priceMin]=200000&filters[priceMax]=600000',
        'uk/homes',
        (a) => priceOf(a) >= 200000 && priceOf(a) <= 600000,
      );
      await every(
        'filters[areaMin]=100&filters[areaMax]=150',
        'uk/homes',
        (a) => vp(a).floorArea >= 100 && vp(a).floorArea <= 150,
      );
      await every('filters[roomsMin]=3&filters[roomsMax]=4', 'uk/homes', (a) => vp(a).rooms >= 3 && vp(a).rooms <= 4);
      await every('filters[bathroomsMin]=2', 'uk/homes', (a) => vp(a).bathrooms >= 2);
      await every('filters[propertyType]=house,villa', 'uk/homes', (a) =>
        ['house', 'villa'].includes(vp(a).propertyType),
      );
      await every('filters[parking]=true', 'uk/homes', (a) => vp(a).parking === true);
      await every('filters[parking]=false', 'uk/homes', (a) => vp(a).parking === false);
      await every('filters[newBuild]=true', 'uk/homes', (a) => vp(a).newBuilding === true);
      await every('dealTypeId=2', 'uk/homes', (a) => vp(a).typeId === 2);
      await every('filters[photos]=true', 'uk/homes', (a) => vp(a).totalImages > 0);
      await every('filters[decreasePrice]=true', 'uk/homes', (a) => vp(a).price.oldValue > vp(a).price.value);
      await every('filters[city]=2643743', 'uk/homes', (a) => (a.attributes.location as Body).city === 'London');
      await every('filters[city]=London', 'uk/homes', (a) => (a.attributes.location as Body).city === 'London');
      await every('filters[region]=Scotland', 'uk/homes', (a) => (a.attributes.location as Body).region === 'Scotland');
      const areas = await search('filters[city]=London&page[size]=50');
      const area = (areas.meta.facets.cityArea as Body[])[0];
      expect(area, 'a London area facet').to.not.equal(undefined);
      await every(
        `filters[cityArea]=${area?.value}`,
        'uk/homes',
        (a) => (a.attributes.location as Body).cityArea === area?.label,
      );
      await every(
        `filters[geoId]=${area?.value}`,
        'uk/homes',
        (a) => (a.attributes.location as Body).cityArea === area?.label,
      );
      await every('filters[latMin]=51&filters[latMax]=52&filters[longMin]=-1&filters[longMax]=1', 'uk/homes', (a) => {
        const l = a.attributes.location as Body;
        return l.latitude >= 51 && l.latitude <= 52 && l.longitude >= -1 && l.longitude <= 1;
      });
      const since = Math.floor(NOW.getTime() / 1000) - 10 * 86400;
      await every(
        `filters[dateFrom]=${since}`,
        'uk/homes',
        (a) => Date.parse(String(a.attributes.date)) / 1000 >= since,
      );
      await every('filters[dateFrom]=2025-05-25', 'uk/homes', (a) => String(a.attributes.date) >= '2025-05-25');
    });

    it('ignores a min or max of 0 or below', async () => {
      const all = await total('');
      expect(await total('filters[priceMin]=0&filters[roomsMax]=-1&filters[areaMin]=0')).to.equal(all);
      expect((await search('filters[priceMin]=0')).meta.filters.user).to.deep.equal({});
    });

    it('honours every cars filter', async () => {
      await every('filters[make]=ford', 'uk/cars', (a) => vp(a).make === 'Ford');
      await every('filters[make]=Mercedes-Benz', 'uk/cars', (a) => vp(a).make === 'Mercedes-Benz');
      await every('filters[model]=golf,polo', 'uk/cars', (a) => ['Golf', 'Polo'].includes(vp(a).model));
      await every('filters[carType]=suv', 'uk/cars', (a) => vp(a).type === 'suv');
      await every('filters[transmission]=automatic', 'uk/cars', (a) => vp(a).transmission === 'automatic');
      await every('filters[fuel]=diesel,hybrid', 'uk/cars', (a) => ['diesel', 'hybrid'].includes(vp(a).fuel));
      await every(
        'filters[yearMin]=2018&filters[yearMax]=2022',
        'uk/cars',
        (a) => vp(a).year >= 2018 && vp(a).year <= 2022,
      );
      await every(
        'filters[mileageMax]=60000&filters[mileageMin]=1000',
        'uk/cars',
        (a) => vp(a).mileage <= 60000 && vp(a).mileage >= 1000,
      );
      await every('filters[doorsMin]=5', 'uk/cars', (a) => vp(a).doors >= 5);
      await every('filters[price]=5000-15000', 'uk/cars', (a) => priceOf(a) >= 5000 && priceOf(a) <= 15000);
      await every('filters[priceMax]=9000', 'uk/cars', (a) => priceOf(a) <= 9000);
    });

    it('honours every jobs filter and takes no where', async () => {
      await every(
        'filters[salaryMin]=40000&filters[salaryMax]=70000',
        'uk/jobs',
        (a) => vp(a).salary >= 40000 && vp(a).salary <= 70000,
      );
      await every('filters[category]=8', 'uk/jobs', (a) => vp(a).category === 8);
      await every('filters[company]=Amazon,DHL', 'uk/jobs', (a) => ['Amazon', 'DHL'].includes(vp(a).company));
      await every('filters[jobType]=permanent', 'uk/jobs', (a) => vp(a).jobType === 'permanent');
      await every('filters[workingHours]=part-time', 'uk/jobs', (a) => vp(a).workingHours === 'part-time');
      await every('filters[experienceMin]=3', 'uk/jobs', (a) => vp(a).experience >= 3);
      await every('filters[telecommute]=true', 'uk/jobs', (a) => vp(a).telecommute === true);
      const near = await every('filters[city]=London&filters[distance]=40', 'uk/jobs', (a) => {
        const l = a.attributes.location as Body;
        return Math.abs(l.latitude - 51.5) < 0.6 && Math.abs(l.longitude + 0.12) < 1;
      });
      expect(near.meta.totalCount).to.be.at.least(await total('filters[city]=London', 'uk/jobs'));
      expect(await total('where=London', 'uk/jobs')).to.equal(await total('', 'uk/jobs'));
    });

    it('honours the products filters and category', async () => {
      await every('categoryId=103', 'uk/products', (a) => vp(a).categoryId === 103);
      await every('dealTypeId=105', 'uk/products', (a) => vp(a).categoryId === 105);
      await every(
        'filters[priceMin]=50&filters[priceMax]=300',
        'uk/products',
        (a) => priceOf(a) >= 50 && priceOf(a) <= 300,
      );
      expect(await total('categoryId=0', 'uk/products')).to.equal(await total('', 'uk/products'));
    });
  });

  describe('modes', () => {
    it('answers retention with ads since boostAdsSince (section 6), and requires it', async () => {
      const since = Math.floor(NOW.getTime() / 1000) - 7 * 86400;
      const body = await get(
        `/api/sites/uk/homes/retention?boostAdsSince=${since}`,
        '/sites/{country}/{vertical}/retention',
      );
      for (const ad of adsOf(body)) {
        expect(Date.parse(String(ad.attributes.date)) / 1000).to.be.at.least(since);
        expect(ad.attributes.section_id).to.equal(6);
      }
      const missing = await get('/api/sites/uk/homes/retention', '/sites/{country}/{vertical}/retention', 400);
      expect(missing.errors[0].source.parameter).to.equal('boostAdsSince');
    });

    it('answers landing with premium ads first (section 97)', async () => {
      const body = await get(
        '/api/sites/uk/homes/landing?what=flat&page[premium][size]=4',
        '/sites/{country}/{vertical}/landing',
      );
      const types = adsOf(body).map((a) => a.attributes.section_type_id);
      expect(types.slice(0, 4)).to.deep.equal([2, 2, 2, 2]);
      expect(types.slice(4).every((t) => t === 1)).to.equal(true);
      expect(adsOf(body).every((a) => a.attributes.section_id === 97)).to.equal(true);
      const past = await get(
        `/api/sites/uk/homes/landing?what=flat&page[number]=${body.meta.pagination.maxPage + 1}`,
        '/sites/{country}/{vertical}/landing',
        404,
      );
      expect(past.errors[0].code).to.equal('PAGE_NOT_FOUND');
    });

    it('puts the sources of userCampaignIds first in the premium section', async () => {
      const sources = await s.service.store.sources({ country: 'uk', vertical: 'homes' });
      const second = sources.filter((x) => x.campaigns.some((c) => c.active))[1];
      const campaign = second?.campaigns[0]?.id;
      const body = await search(`userCampaignIds=${campaign}&page[premium][size]=2`);
      expect((body.meta.premium as Body[])[0]?.attributes.source.id).to.equal(second?.id);
    });

    it('adds alternative and similar-content ads when results are few', async () => {
      let body: Body | undefined;
      for (const what of ['penthouse', 'loft', 'duplex', 'cottage']) {
        for (const where of ['Leeds', 'Sheffield', 'Bristol', 'Manchester', 'Liverpool', 'Glasgow', 'Edinburgh']) {
          const res = await request(s.app).get(`/api/sites/uk/homes/search?what=${what}&where=${where}`);
          if (res.status === 200 && JSON.parse(res.text).meta.totalCount < 10) body ??= JSON.parse(res.text) as Body;
        }
      }
      if (!body) throw new Error('no search with few results in the fixture');
      openApi.check('/sites/{country}/{vertical}/search', 200, body);
      const extra = [...body.meta.alternativeAds, ...body.meta.similarContentAds] as Body[];
      expect(extra.length).to.be.greaterThan(0);
      for (const ad of body.meta.alternativeAds as Body[]) expect(ad.attributes.isAlternativeAd).to.equal(true);
      for (const ad of body.meta.similarContentAds as Body[]) expect(ad.attributes.isSimilarContentAd).to.equal(true);
    });
  });

  describe('errors', () => {
    it('answers zero results with a 404 NO_RESULTS and at most 3 suggestions', async () => {
      const body = await search('what=flat&where=Leeds&filters[priceMin]=90000000', 'uk/homes', 404);
      expect(body.errors).to.deep.equal([
        { status: '404', code: 'NO_RESULTS', title: 'Not Found', detail: 'No results for this query' },
      ]);
      expect(body.meta.keyword.where).to.equal('Leeds');
      const sug = await get(
        '/api/sites/uk/homes/suggestions?what=flat&where=Leeds&filters[priceMin]=90000000',
        '/sites/{country}/{vertical}/suggestions',
      );
      expect(sug.data).to.have.length.within(1, 3);
      // Each reads "<prefix> <name> (<total>)": the filters left out keep "in" before the place, and the
      // what is named as the page's title names it ("Flat in Leeds").
      const withoutFilters = (sug.data as Body[]).find((i) => i.attributes.prefix === 'Flat in');
      expect(withoutFilters?.attributes.name).to.equal('Leeds');
      // A search of the whole country names it as the site's language says "in" it.
      const country = await get(
        '/api/sites/uk/homes/suggestions?what=zzqqxx',
        '/sites/{country}/{vertical}/suggestions',
      );
      const everything = (country.data as Body[]).find((i) => i.attributes.prefix === 'Homes in the');
      expect(everything?.attributes.name).to.equal('United Kingdom');
      const nearby = await get(
        '/api/sites/uk/homes/suggestions?what=penthouse&where=Leeds',
        '/sites/{country}/{vertical}/suggestions',
      );
      expect(nearby.data).to.have.length.within(1, 3);
      for (const item of nearby.data as Body[]) {
        expect(item.attributes.total).to.be.greaterThan(0);
        const follow = await search(new URLSearchParams(item.attributes.url.slice(1)).toString());
        // The count said is the count found: a duplicate group once, as the results page counts.
        expect(follow.meta.totalCount, item.attributes.url).to.equal(item.attributes.total);
      }
      expect((nearby.data as Body[]).some((i) => i.attributes.kind === 1)).to.equal(true);
    });

    it('answers bad parameters with a 400 naming the parameter', async () => {
      const cases: [string, string, string][] = [
        ['page[number]=abc', 'page[number]', 'uk/homes'],
        ['page[number]=0', 'page[number]', 'uk/homes'],
        ['page[organic][size]=1000', 'page[organic][size]', 'uk/homes'],
        ['sort=bogus', 'sort', 'uk/homes'],
        ['filters[priceMin]=x', 'filters[priceMin]', 'uk/homes'],
        ['filters[make]=ford', 'filters[make]', 'uk/homes'],
        ['filters[propertyType]=castle', 'filters[propertyType]', 'uk/homes'],
        ['filters[parking]=maybe', 'filters[parking]', 'uk/homes'],
        ['filters[city]=Atlantis', 'filters[city]', 'uk/homes'],
        ['filters[latMin]=95', 'filters[latMin]', 'uk/homes'],
        ['filters[dateFrom]=yesterday', 'filters[dateFrom]', 'uk/homes'],
        ['dealTypeId=99', 'dealTypeId', 'uk/homes'],
        ['countryCode=es', 'countryCode', 'uk/homes'],
        ['device=fridge', 'device', 'uk/homes'],
        ['retrieveKeyword=perhaps', 'retrieveKeyword', 'uk/homes'],
        ['userCampaignIds=a,b', 'userCampaignIds', 'uk/homes'],
        ['filters[fuel]=steam', 'filters[fuel]', 'uk/cars'],
        ['filters[category]=99', 'filters[category]', 'uk/jobs'],
        ['categoryId=999', 'categoryId', 'uk/products'],
        ['what=a&what=b', 'what', 'uk/homes'],
        // Not a filter, though every object has one by that name.
        ['filters[constructor]=1', 'filters[constructor]', 'uk/homes'],
        // Numbers past what a number holds are no price, not Infinity.
        [`filters[priceMax]=${'9'.repeat(400)}`, 'filters[priceMax]', 'uk/homes'],
        [`filters[roomsMin]=${'9'.repeat(20)}`, 'filters[roomsMin]', 'uk/homes'],
        [`userCampaignIds=${'9'.repeat(40)}`, 'userCampaignIds', 'uk/homes'],
      ];
      for (const [query, parameter, site] of cases) {
        const body = await search(query, site, 400);
        expect(body.errors[0].source.parameter, query).to.equal(parameter);
        expect(body.errors[0].status).to.equal('400');
      }
      // A parameter given twice says so, whatever its type.
      const repeated: [string, string][] = [
        ['what=a&what=b', 'what'],
        ['page[number]=1&page[number]=2', 'page[number]'],
        ['filters[priceMax]=1&filters[priceMax]=3', 'filters[priceMax]'],
      ];
      for (const [query, parameter] of repeated) {
        const body = await search(query, 'uk/homes', 400);
        expect(body.errors[0].detail, query).to.equal(`${parameter} takes one value`);
      }
      // A number past the page limit says the limit, however many digits it has.
      for (const page of ['10001', '99999999999999999999']) {
        const body = await search(`page[number]=${page}`, 'uk/homes', 400);
        expect(body.errors[0].detail, page).to.match(/must be at most 10000/);
      }
    });

    it('answers an unknown site, or a vertical the country lacks, with a 404', async () => {
      for (const path of [
        '/api/sites/xx/homes/search',
        '/api/sites/sg/cars/search',
        '/api/sites/fr/boats/search',
        '/api/sites/UK/homes/search',
      ]) {
        const res = await request(s.app).get(path);
        expect(res.status, path).to.equal(404);
        expect(res.body.errors?.[0]?.code ?? JSON.parse(res.text).errors[0].code).to.equal('SITE_NOT_FOUND');
      }
      const res = await request(s.app).get('/api/sites/uk/homes/nowhere');
      expect(res.status).to.equal(404);
    });

    it('leaves the keyword object out when retrieveKeyword=false', async () => {
      expect((await search('retrieveKeyword=false')).meta).to.not.have.property('keyword');
    });
  });
});
