import { expect } from 'chai';
import { countryByCode } from '../../../config/countries';
import { foldedWords } from '../../../src/services/feeds/foldedWords';
import { indexText } from '../../../src/services/search/indexText';
import { langOf } from '../../../src/services/search/reference';
import { isStopWord } from '../../../src/services/search/searchWords';
import { adWriteOf, tagToken } from '../../../src/services/search/SqliteSearchStore';
import { tokenize } from '../../../src/services/search/text';
import type { AdInput } from '../../../src/services/search/types';
import { seededRandom } from '../../../src/shared/seededRandom';
import { fixtureAndGeneratedAds } from '../../support/feedAds';

/**
 * `adWriteOf` builds the full-text, title-word and keyword parts of an ad's write without
 * intermediate arrays, regular expressions or repeated slugs (decision 046); these are the
 * functions it replaced, which every store written before was written with.
 */
function before(ad: AdInput, words: (text: string) => string[]) {
  // Since 26 November, without the site language's function words ("piso con" is "piso terraza").
  const lang = langOf(countryByCode(ad.country)?.locale ?? 'en');
  const defaultKeywords = (titleTokens: readonly string[]): string[] => {
    const ws = titleTokens.filter((w) => w.length > 2 && !/^\d+$/.test(w) && !isStopWord(w, lang));
    return ws.length > 0 ? [ws.slice(0, 2).join(' ')] : [];
  };
  const bodyText = (): string => {
    const l = ad.location;
    return [
      ad.description,
      l.cityArea,
      l.city,
      l.region,
      ad.cars?.make,
      ad.cars?.model,
      ad.jobs?.company,
      ad.homes?.propertyType,
      ...(ad.amenities ?? []),
    ]
      .filter(Boolean)
      .join(' \n ');
  };
  const tagsText = (): string => {
    const tags = [tagToken('source', ad.sourceId)];
    const l = ad.location;
    if (l.regionId !== undefined) tags.push(tagToken('region', l.regionId));
    if (l.cityId !== undefined) tags.push(tagToken('city', l.cityId));
    if (l.cityAreaId !== undefined) tags.push(tagToken('cityArea', l.cityAreaId));
    const typeId = ad.products?.categoryId ?? ad.typeId;
    if (typeId !== undefined) tags.push(tagToken('typeId', typeId));
    // Since 29 November, the other categories a thing is listed in.
    for (const other of ad.products?.otherCategoryIds ?? []) tags.push(tagToken('typeId', other));
    tags.push(tagToken('photos', ad.images.length > 0));
    const p = ad.price;
    tags.push(tagToken('decreasePrice', p?.oldValue !== undefined && p.oldValue > p.value));
    const h = ad.homes;
    if (h) {
      if (h.propertyType) tags.push(tagToken('propertyType', h.propertyType));
      if (h.parking !== undefined) tags.push(tagToken('parking', h.parking));
      if (h.newBuilding !== undefined) tags.push(tagToken('newBuild', h.newBuilding));
    }
    const c = ad.cars;
    if (c) {
      tags.push(tagToken('make', c.make), tagToken('model', c.model));
      if (c.type) tags.push(tagToken('carType', c.type));
      if (c.fuel) tags.push(tagToken('fuel', c.fuel));
      if (c.transmission) tags.push(tagToken('transmission', c.transmission));
    }
    const j = ad.jobs;
    if (j) {
      tags.push(tagToken('category', j.category));
      if (j.company) tags.push(tagToken('company', j.company));
      if (j.jobType) tags.push(tagToken('jobType', j.jobType));
      if (j.workingHours) tags.push(tagToken('workingHours', j.workingHours));
      if (j.telecommute !== undefined) tags.push(tagToken('telecommute', j.telecommute));
    }
    return tags.join(' ');
  };
  const tokens = words(ad.title);
  const keywords: { norm: string; label: string }[] = [];
  for (const phrase of ad.keywords ?? defaultKeywords(tokens)) {
    const norm = words(phrase).join(' ');
    if (norm) keywords.push({ norm, label: phrase.trim() });
  }
  const distinct = [...new Set(tokens)];
  return {
    tw: distinct.join(' '),
    // The title and body as the text index takes them since decision 075.
    fts: [indexText(ad.title, words), indexText(bodyText(), words), tagsText()],
    terms: distinct.filter((t) => t.length >= 2 && !/^\d+$/.test(t)),
    keywords,
  };
}

/** The document as it was made before (without the keywords; the id last, or where the ad had one). */
function docBefore(ad: AdInput, id: string): string {
  const { keywords: _, ...rest } = ad;
  return JSON.stringify({ ...rest, id });
}

function expectSame(ad: AdInput): void {
  expect(adWriteOf(ad, 'id', false).doc).to.equal(docBefore(ad, 'id'));
  const withId: AdInput = { id: 'an old id', ...ad };
  expect(adWriteOf(withId, 'id', false).doc).to.equal(docBefore(withId, 'id'));
  for (const words of [tokenize, foldedWords]) {
    const w = adWriteOf(ad, 'id', false, { words });
    const b = before(ad, words);
    expect(w.columns[7], ad.title).to.equal(b.tw);
    expect(w.fts, ad.title).to.deep.equal(b.fts);
    expect(w.terms, ad.title).to.deep.equal(b.terms);
    expect(w.keywords, ad.title).to.deep.equal(b.keywords);
  }
}

describe('adWriteOf: the document and the index parts of a write as before', function () {
  // Thousands of ads each, ~6 s on a quiet 2-core machine: room for a busy one.
  this.timeout(60_000);
  it('gives the fixtures and the generated feed the document, title words, full text and keywords of before', async () => {
    let n = 0;
    for (const { ad } of await fixtureAndGeneratedAds(500)) {
      expectSame(ad);
      n++;
    }
    expect(n).to.be.greaterThan(500);
  });

  it('gives random ads of every vertical the document, title words, full text and keywords of before', () => {
    const random = seededRandom(46);
    const pool = [
      'Piso',
      'piso',
      'PISO',
      'ático',
      '3',
      '120',
      'm2',
      'a',
      'de',
      'Ford',
      'Fiesta',
      'Ñandú',
      '日本',
      'x-y',
      '',
    ];
    const pick = (): string => pool[Math.floor(random() * pool.length)] as string;
    const phrase = (): string =>
      Array.from({ length: Math.floor(random() * 40) }, pick).join(random() < 0.5 ? ' ' : '  ');
    const maybe = (): string | undefined => (random() < 0.3 ? undefined : phrase());
    for (let i = 0; i < 3000; i++) {
      const ad: AdInput = {
        country: 'es',
        vertical: 'homes',
        sourceId: 1 + (i % 5),
        partnerAdId: `P${i}`,
        url: 'https://example.com/ad',
        title: phrase(),
        description: phrase(),
        date: 1_800_000_000,
        location: {
          ...(random() < 0.7 ? { city: pick(), cityId: 10 + (i % 7) } : {}),
          ...(random() < 0.5 ? { region: pick(), regionId: i % 3 } : {}),
          ...(random() < 0.3 ? { cityArea: pick(), cityAreaId: 100 + (i % 4) } : {}),
        },
        images: random() < 0.5 ? [] : ['https://example.com/1.jpg'],
        currency: 'EUR',
        ...(random() < 0.8 ? { price: { value: 1000 + i, ...(random() < 0.3 ? { oldValue: 2000 + i } : {}) } } : {}),
        ...(random() < 0.3 ? { keywords: [phrase(), pick()] } : {}),
        ...(random() < 0.3 ? { amenities: [pick(), pick(), phrase()] } : {}),
      };
      const kind = i % 4;
      if (kind === 0) ad.homes = { propertyType: phrase(), ...(random() < 0.5 ? { parking: random() < 0.5 } : {}) };
      if (kind === 1)
        ad.cars = { make: pick(), model: phrase(), ...(random() < 0.5 ? { fuel: pick() } : {}) } as AdInput['cars'];
      if (kind === 2)
        ad.jobs = {
          category: 1 + (i % 9),
          company: maybe(),
          ...(random() < 0.5 ? { jobType: pick() } : {}),
        } as AdInput['jobs'];
      if (kind === 3) ad.products = { categoryId: 101 + (i % 12) } as AdInput['products'];
      expectSame(ad);
    }
  });
});
