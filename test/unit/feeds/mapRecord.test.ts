import { expect } from 'chai';
import type { RawRecord } from '../../../src/services/feeds/feedRecords';
import { GazetteerPlaces } from '../../../src/services/feeds/gazetteerPlaces';
import { experienceYears, mapRecord, yearlySalary } from '../../../src/services/feeds/mapRecord';
import { PlaceResolver } from '../../../src/services/feeds/placeResolver';
import { Gazetteer } from '../../../src/services/places/Gazetteer';

function record(extra: [string, string][]): RawRecord {
  const fields = new Map<string, { text: string; attrs: Record<string, string> }>();
  const base: [string, string][] = [
    ['id', 'A1'],
    ['url', 'https://example.com/a1'],
    ['title', 'Piso con terraza'],
    ['content', 'Un piso luminoso con terraza y vistas, cerca del metro.'],
    ['type', 'For Sale'],
    ['price', '250000'],
    ['city', 'Madrid'],
  ];
  for (const [name, text] of [...base, ...extra]) fields.set(name, { text, attrs: {} });
  return { line: 1, fields, pictures: [] };
}

/** What an import of a source of that site maps its records with. */
function contextOf(country: string, vertical: 'homes' | 'jobs' = 'homes') {
  return {
    site: { country, vertical },
    sourceId: 1,
    now: 1_800_000_000,
    places: new PlaceResolver(new GazetteerPlaces(Gazetteer.shared(), country)),
  };
}

describe('mapRecord: what it keeps in feedAttributes', () => {
  const ctx = contextOf('es');

  it('keeps at most 60 values the mapping does not read, the first ones in the record', () => {
    const extra: [string, string][] = Array.from({ length: 80 }, (_, i) => [`extra_${i}`, `value ${i}`]);
    const result = mapRecord(record(extra), ctx);
    expect(result.ok).to.equal(true);
    const attributes = result.ok ? (result.ad.feedAttributes ?? {}) : {};
    expect(Object.keys(attributes)).to.deep.equal(extra.slice(0, 60).map(([name]) => name));
    expect(attributes.extra_59).to.equal('value 59');
  });

  it('keeps nothing under the names of Object.prototype, and none when every value is read', () => {
    const result = mapRecord(
      record([
        ['__proto__', 'x'],
        ['constructor', 'y'],
        ['agency', 'Fincas Sol'],
      ]),
      ctx,
    );
    expect(result.ok && result.ad.feedAttributes).to.deep.equal({ agency: 'Fincas Sol' });
    const plain = mapRecord(record([]), ctx);
    expect(plain.ok && plain.ad.feedAttributes).to.equal(undefined);
  });
});

describe('mapRecord: the currency a price names', () => {
  const priced = (country: string, price: string) => {
    const ctx = contextOf(country);
    const result = mapRecord(record([['price', price]]), ctx);
    if (!result.ok) throw new Error(result.reason);
    return [result.ad.currency, result.ad.price?.value];
  };

  it('takes a bare "$" for dollars where the site writes its money otherwise, else for its own', () => {
    expect(priced('es', '$450,000')).to.deep.equal(['USD', 450000]);
    expect(priced('pe', '$ 180,000')).to.deep.equal(['USD', 180000]);
    expect(priced('mx', '$4,500,000')).to.deep.equal(['MXN', 4500000]);
    expect(priced('au', '$850,000')).to.deep.equal(['AUD', 850000]);
    expect(priced('es', '450.000 €')).to.deep.equal(['EUR', 450000]);
  });

  it('keeps and warns of a currency attribute it cannot price in, and reads the text or the site instead', () => {
    const ctx = contextOf('es');
    const withCurrency = (text: string, currency: string) => {
      const r = record([['price', text]]);
      (r.fields.get('price') as { attrs: Record<string, string> }).attrs = { currency };
      const result = mapRecord(r, ctx);
      if (!result.ok) throw new Error(result.reason);
      return result;
    };
    const unknown = withCurrency('250000', 'XYZ');
    expect([unknown.ad.currency, unknown.ad.price?.value]).to.deep.equal(['EUR', 250000]);
    expect(unknown.ad.feedAttributes).to.deep.include({ price_currency: 'XYZ' });
    expect(unknown.warnings).to.deep.include({
      field: 'price',
      reason: 'unknown currency "XYZ": read in the one its text names, or the site\'s',
    });
    // The text's own currency, when it names one.
    expect(withCurrency('US$ 300,000', 'dollars').ad.currency).to.equal('USD');
    // A known code in any case, as before.
    expect(withCurrency('250000', 'gbp').ad.currency).to.equal('GBP');
  });
});

describe("mapRecord: a job's salary, as a figure and as written", () => {
  const jobAd = (country: string, salary: [string, string][], salaryAttrs: Record<string, string> = {}) => {
    const r = record([['category', 'IT'], ...salary]);
    r.fields.delete('price');
    r.fields.delete('type');
    const field = r.fields.get('salary');
    if (field) field.attrs = salaryAttrs;
    const ctx = contextOf(country, 'jobs');
    const result = mapRecord(r, ctx);
    if (!result.ok) throw new Error(result.reason);
    return result.ad;
  };
  const job = (country: string, salary: [string, string][]) => jobAd(country, salary).jobs;

  it('reads a Swiss figure with its apostrophes, and shows one whole figure the site’s way', () => {
    expect(job('ch', [['salary', "CHF 85'000"]])).to.deep.include({ salary: 85000 });
    expect(job('ch', [['salary', "CHF 85'000"]])).to.not.have.property('salaryText');
  });

  it('reads a salary in the currency it names, and gives the filters its figure in the site’s', () => {
    // $60,000 on a British site: the ad is priced in dollars, filtered as ~£47,000 (0.85 / 1.08 pounds a dollar).
    const dollars = jobAd('uk', [['salary', '$60,000']]);
    expect(dollars).to.deep.include({ currency: 'USD', price: { value: 60000 } });
    expect(dollars.jobs).to.deep.include({ salary: Math.round((60000 / 1.08) * 0.85) });
    expect(dollars.jobs).to.not.have.property('salaryText');
    // A range in dollars stays as written, its lower bound in pounds for the filters.
    const range = jobAd('uk', [['salary', 'USD 50,000 - 70,000 per year']]);
    expect(range).to.deep.include({ currency: 'USD', price: { value: 50000 } });
    expect(range.jobs).to.deep.include({
      salary: Math.round((50000 / 1.08) * 0.85),
      salaryText: 'USD 50,000 - 70,000 per year',
    });
    // The salary's currency attribute, over the site's.
    const euros = jobAd('uk', [['salary', '45000']], { currency: 'eur' });
    expect(euros).to.deep.include({ currency: 'EUR', price: { value: 45000 } });
    expect(euros.jobs).to.deep.include({ salary: Math.round(45000 * 0.85) });
    // Other dollars by the letters before their sign: Australian, Canadian, New Zealand, Hong Kong, Singapore, Taiwan, Mexican.
    for (const [written, currency] of [
      ['A$90,000', 'AUD'],
      ['AU$90,000', 'AUD'],
      ['C$90,000', 'CAD'],
      ['CA$90,000', 'CAD'],
      ['NZ$90,000', 'NZD'],
      ['HK$90,000', 'HKD'],
      ['S$90,000', 'SGD'],
      ['NT$90,000', 'TWD'],
      ['MX$90,000', 'MXN'],
      ['US$90,000', 'USD'],
    ]) {
      expect(jobAd('uk', [['salary', written as string]]), written).to.deep.include({
        currency,
        price: { value: 90000 },
      });
    }
    expect(jobAd('uk', [['salary', 'A$90,000']]).jobs).to.deep.include({ salary: Math.round((90000 / 1.65) * 0.85) });
    // Pounds on a British site: as it is.
    expect(jobAd('uk', [['salary', '£45,000']])).to.deep.include({ currency: 'GBP', price: { value: 45000 } });
    expect(job('uk', [['salary', '£45,000']])).to.deep.include({ salary: 45000 });
  });

  it('reads payments in a year, lakhs and a range scaled by its upper figure’s word, and shows the words', () => {
    // Spain pays 14 a year: either way round, the year is 21,000 €, and the words are the ad page's.
    for (const written of ['14 pagas de 1.500 €', '1.500 € brutos x 14 pagas']) {
      expect(job('es', [['salary', written]]), written).to.deep.include({ salary: 21000, salaryText: written });
    }
    expect(job('it', [['salary', '€ 2.000 x 14 mensilità']])).to.deep.include({ salary: 28000 });
    expect(job('in', [['salary', '₹8-12 LPA']])).to.deep.include({ salary: 800_000, salaryText: '₹8-12 LPA' });
    expect(job('in', [['salary', '₹12,00,000 per annum']])).to.deep.include({ salary: 1_200_000 });
  });

  it('reads a pay’s period before its figure, in Japanese and in words, and periods of more languages', () => {
    const cases: [string, boolean, number][] = [
      ['月給25万円', false, 3_000_000],
      ['年収400万円～600万円', false, 4_000_000],
      ['日給1万円', false, 2_600_000],
      ['時給1,200円', false, 2_496_000],
      ['Aylık 20.000 TL', true, 240_000],
      ['Salario mensual: 1.500 €', true, 18_000],
      ['R$ 3.000 mensal', true, 36_000],
      ['1.400 € netti mensili', true, 16_800],
      ['ab 3.000 € mtl.', true, 36_000],
      ['5 000 - 7 000 zł / mies.', false, 60_000],
      ['$8,000 quincenales', false, 192_000],
      ['£35,000 pro rata, 3 days a week', false, 35_000],
      // A period said of something else, a whole lower figure, a yearly figure's payments, a bracket's pay.
      ['Monthly bonus + £24,000', false, 24_000],
      ['Paid monthly £30,000', false, 30_000],
      ['Day shift £24,000', false, 24_000],
      ['Monthly salary £2,000', false, 24_000],
      ['Hourly rate £12.50', false, 26_000],
      ['£25,000 - 30k', false, 25_000],
      ['₹8,00,000 - 12 Lakh', false, 800_000],
      ['30.000 € brutos anuales x 14 pagas', true, 30_000],
      ['時給1200円～1500円 (月収20万円以上)', false, 2_496_000],
    ];
    for (const [text, dots, yearly] of cases) expect(yearlySalary(text, dots), text).to.equal(yearly);
  });

  it('reads years of experience by the word after the figure, months as whole years, none as 0', () => {
    const cases: [string, number][] = [
      ['6 meses', 0],
      ['18 months', 1],
      ['Sin experiencia', 0],
      ['No experience required', 0],
      ['Level 3 NVQ and 2 years experience', 2],
      ['5+ years', 5],
      ['3', 3],
      ['3-5 years', 3],
      ['3 to 5 years', 3],
      ['Entre 2 y 4 años', 2],
    ];
    for (const [text, years] of cases) expect(experienceYears(text), text).to.equal(years);
  });

  it('keeps as written a figure with pennies, or not the feed’s own number', () => {
    expect(job('uk', [['salary', '£12.50']])?.salaryText).to.equal('£12.50');
    expect(
      job('uk', [
        ['salary', '£40,000'],
        ['salary_numeric', '42000'],
      ]),
    ).to.deep.include({ salary: 42000, salaryText: '£40,000' });
  });
});

describe('mapRecord: a price written with the word that scales it', () => {
  const priced = (country: string, price: string) => {
    const result = mapRecord(record([['price', price]]), contextOf(country));
    if (!result.ok) throw new Error(result.reason);
    return result.ad.price?.value;
  };

  it('reads millions, lakhs and crores, and a figure after an abbreviated currency, as the partner meant them', () => {
    expect(priced('es', '1,5 millones €')).to.equal(1_500_000);
    expect(priced('es', '250.000 €')).to.equal(250_000);
    expect(priced('in', '₹45 Lakh')).to.equal(4_500_000);
    expect(priced('in', '1.2 Cr')).to.equal(12_000_000);
    expect(priced('in', 'Rs. 45,00,000')).to.equal(4_500_000);
    expect(priced('ch', "Fr. 1'250'000.–")).to.equal(1_250_000);
  });
});

describe('mapRecord: long fields', () => {
  it('keeps a styled list of requirements whole before it is made plain (its markup is most of its characters)', () => {
    const items = Array.from(
      { length: 80 },
      (_, i) => `<li style="margin:0 0 4px 0;color:#333">Requisito ${i + 1}</li>`,
    );
    const raw = `<ul style="padding-left:16px">${items.join('')}</ul>`;
    expect(raw.length).to.be.above(4000);
    const result = mapRecord(
      record([
        ['requirements', raw],
        ['category', 'Administración'],
      ]),
      contextOf('es', 'jobs'),
    );
    expect(result.ok, JSON.stringify(result)).to.equal(true);
    const requirements = result.ok ? (result.ad.jobs?.requirements ?? '') : '';
    expect(requirements).to.contain('Requisito 80');
    expect(requirements).to.not.contain('<');
  });
});
