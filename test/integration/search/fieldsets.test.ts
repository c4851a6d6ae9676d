import { expect } from 'chai';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fs from 'node:fs';
import request from 'supertest';
import YAML from 'yaml';
import { JSONAPI_MEDIA_TYPE } from '../../../src/services/jsonapi';
import { LISTING_AD_FIELDS, PAGE_KEYWORD_FIELDS, listingAd, type ListingAd } from '../../../src/shared/domain/ad';
import { getChecked, searchApp, type Body, type SearchApp } from './searchApp';

/** Checks a body against a named schema of docs/api/search.openapi.yaml. */
function schemaCheck(name: string): (body: unknown) => void {
  const doc = YAML.parse(fs.readFileSync('docs/api/search.openapi.yaml', 'utf8'), { merge: true, maxAliasCount: -1 });
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: 'openapi.json' } as object);
  const validate = ajv.compile({ $ref: `openapi.json#/components/schemas/${name}` });
  return (body) => {
    if (!validate(body)) throw new Error(`not a ${name}: ${ajv.errorsText(validate.errors)}`);
  };
}

describe('search service: sparse fieldsets (fields[ads], fields[keyword])', function () {
  this.timeout(30_000);
  let s: SearchApp;
  const sparseDocument = schemaCheck('SparseSearchDocument');

  before(async () => {
    s = await searchApp([
      { country: 'uk', vertical: 'homes' },
      { country: 'uk', vertical: 'cars' },
    ]);
  });
  after(() => s.close());

  const raw = async (url: string, status: number): Promise<Body> => {
    const res = await request(s.app).get(url);
    expect(res.status, `${url}: ${res.text.slice(0, 300)}`).to.equal(status);
    expect(res.headers['content-type']).to.contain(JSONAPI_MEDIA_TYPE);
    return JSON.parse(res.text) as Body;
  };
  const base = '/api/sites/uk/homes/search/m?what=flat&page[premium][size]=3';

  it('answers only the members of each ad that fields[ads] names, organic and premium', async () => {
    const body = await raw(`${base}&fields[ads]=title,location.city,source.ad.hasAdpageForm`, 200);
    sparseDocument(body);
    const ads = [...(body.data as Body[]), ...(body.meta.premium as Body[])];
    expect(ads.length).to.be.greaterThan(3);
    for (const ad of ads) {
      expect(Object.keys(ad)).to.deep.equal(['type', 'id', 'attributes']);
      expect(Object.keys(ad.attributes)).to.deep.equal(['title', 'location', 'source']);
      expect(Object.keys(ad.attributes.location)).to.deep.equal(['city']);
      expect(ad.attributes.source).to.deep.equal({ ad: { hasAdpageForm: ad.attributes.source.ad.hasAdpageForm } });
      expect(ad.attributes.source.ad.hasAdpageForm).to.be.a('boolean');
    }
  });

  it('answers the same values as the whole ad for the members named', async () => {
    const whole = await getChecked(s.app, base, '/sites/{country}/{vertical}/search/m');
    const sparse = await raw(`${base}&fields[ads]=${LISTING_AD_FIELDS}`, 200);
    sparseDocument(sparse);
    const cards = (doc: Body) => [...(doc.data as ListingAd[]), ...(doc.meta.premium as ListingAd[])].map(listingAd);
    expect(cards(sparse)).to.deep.equal(cards(whole));
    expect(cards(sparse).length).to.be.greaterThan(0);
    const first = sparse.data[0] as Body;
    expect(first.attributes).to.not.have.property('description');
    expect(first.attributes.vertical_properties).to.have.keys(['images', 'price']);
  });

  it('takes a vertical member of vertical_properties, and a whole object member', async () => {
    const body = await raw(
      '/api/sites/uk/cars/search?fields[ads]=vertical_properties.make,vertical_properties.fuelLabel,site',
      200,
    );
    for (const ad of body.data as Body[]) {
      expect(ad.attributes.site).to.deep.equal({ countryCode: 'uk', vertical: 'cars' });
      expect(ad.attributes.vertical_properties.make).to.be.a('string');
      expect(Object.keys(ad.attributes.vertical_properties)).to.satisfy((keys: string[]) =>
        keys.every((k) => k === 'make' || k === 'fuelLabel'),
      );
    }
  });

  it('keeps only type and id for an empty fields[ads]', async () => {
    const body = await raw(`${base}&fields[ads]=`, 200);
    expect((body.data as Body[]).length).to.be.greaterThan(0);
    for (const ad of body.data as Body[]) expect(ad.attributes).to.deep.equal({});
  });

  it('answers only the keyword members fields[keyword] names', async () => {
    const whole = await getChecked(s.app, `${base}&where=London`, '/sites/{country}/{vertical}/search/m');
    const body = await raw(`${base}&where=London&fields[keyword]=${PAGE_KEYWORD_FIELDS}`, 200);
    sparseDocument(body);
    expect(Object.keys(body.meta.keyword)).to.deep.equal([
      'redirectWhat',
      'redirectWhere',
      'what',
      'where',
      'didYouMeanWhat',
      'geoInfo',
    ]);
    for (const name of PAGE_KEYWORD_FIELDS.split(',')) {
      expect(body.meta.keyword[name], name).to.deep.equal(whole.meta.keyword[name]);
    }
    expect(body.meta.keyword.geoInfo.length).to.be.greaterThan(0);
    expect(whole.meta.keyword).to.have.property('similarKeywords');
  });

  it('keeps the fieldsets in the pagination links', async () => {
    const body = await raw(`${base}&page[size]=5&fields[ads]=title`, 200);
    expect(body.meta.pagination.next).to.contain('fields[ads]=title');
  });

  it('answers an unknown member or type with a 400 naming the parameter', async () => {
    const cases: [string, string, RegExp][] = [
      ['fields[ads]=title,colour', 'fields[ads]', /"colour"/],
      ['fields[ads]=location.planet', 'fields[ads]', /"location\.planet"/],
      ['fields[ads]=title.length', 'fields[ads]', /"title\.length"/],
      ['fields[ads]=constructor', 'fields[ads]', /"constructor"/],
      ['fields[keyword]=what,weather', 'fields[keyword]', /"weather"/],
      ['fields[users]=name', 'fields[users]', /ads and keyword/],
      ['fields[ads][]=title', 'fields[ads]', /./],
      ['fields=title', 'fields', /./],
    ];
    for (const [query, parameter, detail] of cases) {
      const body = await raw(`/api/sites/uk/homes/search?${query}`, 400);
      expect(body.errors[0].status, query).to.equal('400');
      expect(body.errors[0].code, query).to.equal('INVALID_PARAMETER');
      expect(body.errors[0].source.parameter, query).to.equal(parameter);
      expect(body.errors[0].detail, query).to.match(detail);
    }
  });

  it('gives the in-process caller the same sparse document and the same 400', async () => {
    const query = `what=flat&page[premium][size]=3&fields[ads]=${LISTING_AD_FIELDS}`;
    const inProcess = await s.service.call('/uk/homes/search/m', '/api/sites/uk/homes/search/m', query);
    const overHttp = await raw(`/api/sites/uk/homes/search/m?${query}`, 200);
    expect(inProcess?.status).to.equal(200);
    expect(JSON.parse(JSON.stringify(inProcess?.document))).to.deep.equal(overHttp);
    const bad = await s.service.call('/uk/homes/search/m', '/api/sites/uk/homes/search/m', 'fields[ads]=colour');
    expect(bad?.status).to.equal(400);
    expect((bad?.document as Body).errors[0].source.parameter).to.equal('fields[ads]');
  });
});

describe('search service: every member of a whole ad is one fields[ads] may name', function () {
  this.timeout(60_000);
  let s: SearchApp;
  before(async () => {
    s = await searchApp([
      { country: 'uk', vertical: 'homes' },
      { country: 'uk', vertical: 'cars' },
      { country: 'uk', vertical: 'jobs' },
      { country: 'uk', vertical: 'products' },
    ]);
  });
  after(() => s.close());

  it('names each member, and each member of an object member, that whole ads of every vertical carry', async () => {
    const members = new Set<string>();
    for (const vertical of ['homes', 'cars', 'jobs', 'products']) {
      const res = await request(s.app).get(`/api/sites/uk/${vertical}/search?page[organic][size]=50`);
      expect(res.status, res.text.slice(0, 300)).to.equal(200);
      const ads = JSON.parse(res.text).data as Body[];
      expect(ads.length, vertical).to.be.greaterThan(0);
      for (const ad of ads) {
        for (const [name, value] of Object.entries(ad.attributes as Record<string, unknown>)) {
          members.add(name);
          if (value && typeof value === 'object' && !Array.isArray(value))
            for (const inner of Object.keys(value)) members.add(`${name}.${inner}`);
        }
      }
    }
    expect(members.size).to.be.greaterThan(40);
    // In lists within the parameter's 200 characters.
    const lists: string[] = [];
    for (const name of members) {
      const last = lists.length - 1;
      if (last >= 0 && `${lists[last]},${name}`.length <= 200) lists[last] += `,${name}`;
      else lists.push(name);
    }
    for (const list of lists) {
      const res = await request(s.app).get(`/api/sites/uk/homes/search?fields[ads]=${encodeURIComponent(list)}`);
      expect(res.status, res.text.slice(0, 500)).to.equal(200);
    }
  });
});
