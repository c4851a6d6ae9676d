import { expect } from 'chai';
import {
  decodeEntities,
  parseAmount,
  parseArea,
  parseCoordinate,
  parseBoolean,
  parseCount,
  parseDate,
  parseKilometres,
  parseLitresPer100Km,
  parseNumber,
  parseUrl,
  throughUrlParser,
  plainTextByPatterns,
  simpleHtmlText,
  toPlainText,
} from '../../../src/services/feeds/values';
import { fuelConsumptionOf } from '../../../src/shared/domain/units';
import {
  carMakeModel,
  carTypeOf,
  fuelOf,
  homeTypeId,
  jobCategoryOf,
  jobTypeOf,
  productCategoryIds,
  transmissionOf,
} from '../../../src/services/feeds/vocabulary';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readFeed } from '../../../src/services/feeds/feedRecords';
import { syntheticAd } from '../../../src/services/feeds/syntheticFeed';
import { seededRandom } from '../../../src/shared/seededRandom';

const iso = (s: number | undefined) => (s === undefined ? undefined : new Date(s * 1000).toISOString().slice(0, 19));

/** Every field's text of the feed fixtures, as read and trimmed (a malformed fixture: its records before the fault). */
async function fixtureFieldTexts(): Promise<string[]> {
  const texts: string[] = [];
  const dir = path.join(__dirname, '../../fixtures/feeds');
  for (const file of fs.readdirSync(dir).filter((f) => /\.(xml|jsonl)$/.test(f))) {
    try {
      for await (const records of readFeed(path.join(dir, file), file.endsWith('.xml') ? 'xml' : 'jsonl'))
        for (const r of records) for (const f of r.fields.values()) texts.push(f.text, f.text.trim());
    } catch {
      // A malformed fixture: its records before the fault are enough.
    }
  }
  return texts;
}

describe('feed values: the forms partners write', () => {
  it('reads the four date forms, optionally with a time', () => {
    expect(iso(parseDate('15/05/2025'))).to.equal('2025-05-15T00:00:00');
    expect(iso(parseDate('15-05-2025 10:20:30'))).to.equal('2025-05-15T10:20:30');
    expect(iso(parseDate('2025/05/15'))).to.equal('2025-05-15T00:00:00');
    expect(iso(parseDate('2025-05-15 23:59:59'))).to.equal('2025-05-15T23:59:59');
    expect(iso(parseDate('2025-05-15T08:00:00+02:00'))).to.equal('2025-05-15T06:00:00');
    for (const bad of ['31/02/2025', '2025-13-01', 'yesterday', '15/05/25', ''])
      expect(parseDate(bad), bad).to.equal(undefined);
  });

  it('reads booleans true/yes/si/1 and false/no/0 in any case', () => {
    for (const t of ['true', 'YES', 'Si', 'sí', '1', ' True ']) expect(parseBoolean(t), t).to.equal(true);
    for (const f of ['false', 'No', 'NO', '0']) expect(parseBoolean(f), f).to.equal(false);
    expect(parseBoolean('maybe')).to.equal(undefined);
  });

  it('reads numbers with a dot, and the thousands separators feeds bend the rule with', () => {
    expect(parseNumber('1234.5')).to.equal(1234.5);
    expect(parseNumber('1.200.000')).to.equal(1200000);
    expect(parseNumber('1,200,000')).to.equal(1200000);
    expect(parseNumber('1.200,50')).to.equal(1200.5);
    expect(parseNumber('250 000 €')).to.equal(250000);
    // A spreadsheet's exponent, and thousands written with a k; not a unit that starts with one.
    expect(parseNumber('1e6')).to.equal(1000000);
    expect(parseNumber('1.25E+06')).to.equal(1250000);
    expect(parseNumber('2,5E+03')).to.equal(2500);
    expect(parseNumber('£1e6')).to.equal(1000000);
    expect(parseNumber('250k')).to.equal(250000);
    expect(parseNumber('1,5k €')).to.equal(1500);
    expect(parseNumber('1.1k')).to.equal(1100);
    expect(parseNumber('45K miles')).to.equal(45000);
    expect(parseNumber('45 km')).to.equal(45);
    expect(parseNumber('4 kW')).to.equal(4);
    expect(parseNumber('300 kr')).to.equal(300);
    expect(parseNumber('250 000 Kč')).to.equal(250000);
    expect(parseNumber('5e étage')).to.equal(5);
    expect(parseKilometres('45k', undefined, true, true)).to.equal(Math.round(45000 * 1.609344));
    expect(parseKilometres('45K miles', undefined)).to.equal(Math.round(45000 * 1.609344));
    expect(parseKilometres('4.5E+04', undefined)).to.equal(45000);
    expect(parseNumber('€ 1200')).to.equal(1200);
    expect(parseNumber('12,5')).to.equal(12.5);
    expect(parseNumber('n/a')).to.equal(undefined);
  });

  it('reads a plain figure (digits, a sign, a decimal point) as the long way reads it with blanks around', () => {
    // Plain figures take a short way (no regular expressions); blanks send the same figure the long way.
    const figures = ['2817', '-8.72699', '+5', '007', '1.5', '0.25', '-0', '250.000', '1.200', '99999999999999999999'];
    // Past a double's range: the long way says no number of a signed one (the short way's Infinity is not taken).
    figures.push(`-${'9'.repeat(309)}`, `+1${'0'.repeat(309)}`, `-${'9'.repeat(400)}.5`, '9'.repeat(400));
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 300; i++) {
      const whole = String(next() % 10 ** (1 + (next() % 9)));
      const sign = ['', '-', '+'][next() % 3] as string;
      figures.push(
        next() % 2 ? `${sign}${whole}` : `${sign}${whole}.${String(next() % 100_000).padStart(next() % 6, '0')}`,
      );
    }
    for (const f of figures) {
      const long = ` ${f} `;
      expect(parseNumber(f), f).to.equal(parseNumber(long));
      expect(parseNumber(f, true), f).to.equal(parseNumber(long, true));
      expect(parseCoordinate(f), f).to.equal(parseCoordinate(long));
      expect(parseCount(f), f).to.deep.equal(parseCount(long));
    }
    expect(parseNumber('-8.72699')).to.equal(-8.72699);
    expect(parseNumber('250.000', true)).to.equal(250_000);
    expect(parseNumber('1.200')).to.equal(1.2);
    expect(parseCount('2.5')).to.deep.equal({ value: 2.5, range: false });
    // Not plain: the long way alone.
    expect(parseNumber('.5')).to.equal(0.5);
    expect(parseNumber('5.')).to.equal(5);
    expect(parseNumber('-')).to.equal(undefined);
    expect(parseNumber('')).to.equal(undefined);
  });

  it('reads a dash for the cents as none, and Japanese ten thousands (万) and hundred millions (億)', () => {
    for (const text of ['15.990,- €', '15.990,-', '€ 15.990,-', '15.990,–', '15.990,--']) {
      expect(parseNumber(text, true), text).to.equal(15990);
      expect(parseNumber(text), text).to.equal(15990);
    }
    expect(parseNumber("CHF 15'990.-")).to.equal(15990);
    expect(parseNumber('-5')).to.equal(-5);
    expect(parseNumber('4,980万円')).to.equal(49_800_000);
    expect(parseNumber('1億2,000万円')).to.equal(120_000_000);
    expect(parseNumber('2億円')).to.equal(200_000_000);
    expect(parseNumber('3.5万km')).to.equal(35_000);
    expect(parseNumber('万円')).to.equal(undefined);
    // A currency or a word before the figure, thousands (千), a range's lower bound.
    for (const text of ['¥4,980万', '￥4,980万円', 'JPY 4,980万', '価格4,980万円', '4980 万円'])
      expect(parseNumber(text), text).to.equal(49_800_000);
    expect(parseNumber('約1億円')).to.equal(100_000_000);
    expect(parseNumber('约1.2万元')).to.equal(12_000);
    expect(parseNumber('月給25万円～40万円')).to.equal(250_000);
    expect(parseNumber('5万3千円')).to.equal(53_000);
    expect(parseNumber('8千円')).to.equal(8_000);
    expect(parseNumber('1億2,000万5千円')).to.equal(120_005_000);
  });

  it('reads a figure whose thousands are dotted with more said after it, and thousands of kilometres', () => {
    expect(parseNumber('120.000 km (1 propietario)', true)).to.equal(120_000);
    expect(parseNumber('15.990 € IVA 21% incluido', true)).to.equal(15_990);
    expect(parseNumber('12.500 € (2 años de garantía)', true)).to.equal(12_500);
    expect(parseNumber('2.000,50 €', true)).to.equal(2000.5);
    expect(parseKilometres('85.000 km, 2 Vorbesitzer', undefined)).to.equal(85_000);
    expect(parseKilometres('85 Tkm', undefined)).to.equal(85_000);
    // After a word with its dot, too ("ca.", "Km."), where dots group thousands.
    expect(parseNumber('ca. 250.000 €', true)).to.equal(250_000);
    expect(parseKilometres('Km. 120.000', undefined)).to.equal(120_000);
  });

  it("maps cars' words by the site's language and the title's first model, and a sector by its phrase", () => {
    expect([fuelOf('Nafta'), fuelOf('Nafta/GNC'), fuelOf('Nafta', 'cs'), fuelOf('Gasolio')]).to.deep.equal([
      'petrol',
      'petrol',
      'diesel',
      'diesel',
    ]);
    expect([transmissionOf('A/T'), transmissionOf('M/T'), transmissionOf('オートマ')]).to.deep.equal([
      'automatic',
      'manual',
      'automatic',
    ]);
    expect([carTypeOf('Van'), carTypeOf('Monovolumen'), carTypeOf('Van', 'de'), carTypeOf('Mini Van')]).to.deep.equal([
      'van',
      'mpv',
      'mpv',
      'mpv',
    ]);
    expect(carTypeOf('Pick-up 4x4')).to.equal('pickup');
    // A trim is the model's; another model of that name is not ("Yaris Cross", "Discovery Sport").
    expect(carMakeModel('Toyota', 'Yaris Cross', '')).to.deep.include({ model: 'Yaris Cross' });
    expect(carMakeModel(undefined, undefined, 'Mini excavadora Kubota')).to.deep.include({ make: '' });
    expect(carMakeModel(undefined, undefined, 'Peugeot 3008 1.6 HDi 2008')).to.deep.include({ model: '3008' });
    expect(carMakeModel('Fiat', undefined, 'Fiat Doblo Cargo 500 kg')).to.deep.include({ model: 'Doblo' });
    expect(carMakeModel('VW', 'Golf GTI', '')).to.deep.include({
      make: 'Volkswagen',
      model: 'Golf',
      modelWritten: 'Golf GTI',
    });
    expect(carMakeModel('LAND ROVER', '', 'Land Rover Range Rover Sport')).to.deep.include({
      make: 'Land Rover',
      model: 'Range Rover',
      makeKnown: true,
    });
    expect(carMakeModel('тойота', 'Camry', '')).to.deep.include({ make: 'Toyota' });
    expect(jobCategoryOf('Atención sociosanitaria')).to.equal(6);
    expect(jobCategoryOf('Atención al cliente')).to.equal(3);
    expect(jobCategoryOf('Medio ambiente y recursos naturales')).to.equal(undefined);
    expect(jobCategoryOf('Recursos humanos')).to.equal(14);
    expect(jobCategoryOf('Health & Safety')).to.equal(undefined);
    // Phrases read by their words: "Contract" says what the word beside it is.
    expect([
      jobTypeOf('Permanent Contract'),
      jobTypeOf('Temporary Contract'),
      jobTypeOf('Festanstellung'),
    ]).to.deep.equal(['permanent', 'temporary', 'permanent']);
    expect(carTypeOf('SUV / 4x4')).to.equal('suv');
    expect(productCategoryIds('Arredamento, Giocattoli')).to.deep.equal({ ids: [101, 107], unknown: [] });
    expect([parseBoolean('Tak'), parseBoolean('Evet'), parseBoolean('Sì'), parseBoolean('Nej')]).to.deep.equal([
      true,
      true,
      true,
      false,
    ]);
  });

  it('reads a word before the figure with its abbreviating dot, and the words that scale an amount of money', () => {
    // "Fr." and "Rs." are words: their dot is no decimal point (it read 0.15 and nothing).
    expect(parseNumber("Fr. 1'500.–")).to.equal(1500);
    expect(parseNumber('Rs. 45,00,000')).to.equal(4_500_000);
    expect(parseNumber('US$1,500')).to.equal(1500);
    expect(parseNumber('.5')).to.equal(0.5);
    expect(parseNumber('€.5')).to.equal(0.5);
    const amounts: [string, number][] = [
      ['₹45 Lakh', 4_500_000],
      ['₹ 85 lacs', 8_500_000],
      ['1.2 Cr', 12_000_000],
      ['1,5 millones €', 1_500_000],
      ['€1.2 million', 1_200_000],
      ['1,2 Mio. €', 1_200_000],
      ['2 mln zł', 2_000_000],
      ['45 mil €', 45_000],
      ['45 bin TL', 45_000],
      ['3,5 tỷ', 3_500_000_000],
      ['1,2 mia. kr', 1_200_000_000],
      ['45k', 45_000],
      ['350000 EUR', 350_000],
      ['1 200 000 Kč', 1_200_000],
    ];
    for (const [text, value] of amounts) {
      expect(parseAmount(text), text).to.equal(value);
      expect(parseAmount(text, true), text).to.equal(value);
    }
    // Only money is scaled: a Swedish car's "12 000 mil" is in Nordic miles, read as written.
    expect(parseNumber('12 000 mil')).to.equal(12_000);
    expect(parseArea('45 mil', undefined)).to.deep.equal({ unit: 'mil' });
  });

  it('reads rooms in steps of 0.5 and ranges (the lower bound)', () => {
    expect(parseCount('2.5')).to.deep.equal({ value: 2.5, range: false });
    expect(parseCount('1½')).to.deep.equal({ value: 1.5, range: false });
    expect(parseCount('2 ½')).to.deep.equal({ value: 2.5, range: false });
    expect(parseCount('1½-2½')).to.deep.equal({ value: 1.5, range: true });
    expect(parseCount('2-3')).to.deep.equal({ value: 2, range: true });
    expect(parseCount('3 to 4')).to.deep.equal({ value: 3, range: true });
    expect(parseCount('5+')).to.deep.equal({ value: 5, range: false });
  });

  it('converts areas to square metres', () => {
    expect(parseArea('1000', 'feet')).to.equal(92.9);
    expect(parseArea('2', 'acres')).to.equal(8093.71);
    expect(parseArea('1.5', 'hectares')).to.equal(15000);
    expect(parseArea('95', 'meters')).to.equal(95);
    expect(parseArea('95 m2', undefined)).to.equal(95);
    expect(parseArea('1000 sqft', undefined)).to.equal(92.9);
    // A figure's last 2 is the figure's, not a unit.
    expect(parseArea('72', undefined)).to.equal(72);
    expect(parseArea('72 m2', undefined)).to.equal(72);
    expect(parseArea('102m2', undefined)).to.equal(102);
    expect(parseArea('1.2 ha', undefined)).to.equal(12000);
    expect(parseArea('12 yd2', undefined)).to.deep.equal({ unit: 'yd2' });
  });

  it('reads a coordinate with a decimal comma, whatever its decimals', () => {
    expect(parseCoordinate('40,452')).to.equal(40.452);
    expect(parseCoordinate(' -3,691 ')).to.equal(-3.691);
    expect(parseCoordinate('40,4165')).to.equal(40.4165);
    expect(parseCoordinate('40.452')).to.equal(40.452);
    expect(parseCoordinate('north')).to.equal(undefined);
  });

  it("reads a fuel consumption into litres per 100 km: the unit written, else the site's", () => {
    const uk = { country: 'uk', fuel: 'mpg' } as const;
    const us = { country: 'us', fuel: 'mpg' } as const;
    const japan = { country: 'jp', fuel: 'kml' } as const;
    const spain = { country: 'es', fuel: 'l100km' } as const;
    // Litres per 100 km, the format's unit, on a metric site; a decimal comma where dots group thousands.
    expect(parseLitresPer100Km('5,4', undefined, undefined)).to.equal(5.4);
    expect(parseLitresPer100Km('12', undefined, undefined)).to.equal(12);
    // A unit said: miles per (imperial) gallon, kilometres per litre, litres per 100 km or per Nordic mil.
    expect(parseLitresPer100Km('52 mpg', undefined, undefined)).to.equal(5.432);
    expect(parseLitresPer100Km('18', 'km/l', undefined)).to.equal(5.556);
    expect(parseLitresPer100Km('18 km/L', undefined, undefined)).to.equal(5.556);
    expect(parseLitresPer100Km('20 km por litro', undefined, undefined)).to.equal(5);
    expect(parseLitresPer100Km('0,5 l/mil', undefined, undefined)).to.equal(5);
    expect(parseLitresPer100Km('45', 'l/100km', uk)).to.equal(45);
    expect(parseLitresPer100Km('12 l/100 km', undefined, uk)).to.equal(12);
    // The unit before the figure, words after it, and the gallon named: the hundred is never the figure.
    expect(parseLitresPer100Km('l/100km: 5.4', undefined, undefined)).to.equal(5.4);
    expect(parseLitresPer100Km('11.5 l/100 km (combined)', undefined, undefined)).to.equal(11.5);
    expect(parseLitresPer100Km('6,2 (mixto)', undefined, undefined)).to.equal(6.2);
    expect(parseLitresPer100Km('52 mpg (UK)', undefined, us)).to.equal(5.432);
    expect(parseLitresPer100Km('31 US mpg', undefined, uk)).to.equal(7.588);
    expect(parseLitresPer100Km('31 miles/gallon', undefined, us)).to.equal(7.588);
    // Words before the figure, a label with digits, a range, and two units: the first figure read with its own.
    expect(parseLitresPer100Km('Verbrauch kombiniert 5,4 l/100 km', undefined, undefined)).to.equal(5.4);
    expect(parseLitresPer100Km('5.4 l (combined)', undefined, undefined)).to.equal(5.4);
    expect(parseLitresPer100Km('JC08モード 18.0km/L', undefined, undefined)).to.equal(5.556);
    expect(parseLitresPer100Km('10・15モード 20.0km/L', undefined, undefined)).to.equal(5);
    expect(parseLitresPer100Km('4,5 - 5,2 l/100 km', undefined, undefined)).to.equal(4.5);
    expect(parseLitresPer100Km('8.5 l/100km (33 mpg)', undefined, uk)).to.equal(8.5);
    expect(parseLitresPer100Km('52 mpg (UK) / 43 mpg (US)', undefined, us)).to.equal(5.432);
    expect(parseLitresPer100Km('6,1 л/100 км', undefined, undefined)).to.equal(6.1);
    expect(parseLitresPer100Km('18.0km/ℓ', undefined, undefined)).to.equal(5.556);
    // On a site that reads miles per gallon, a figure of 10 or more is its gallons' mpg; under 10, litres.
    expect(parseLitresPer100Km('45', undefined, uk)).to.equal(6.277);
    expect(parseLitresPer100Km('31', undefined, us)).to.equal(7.588);
    expect(parseLitresPer100Km('5.4', undefined, uk)).to.equal(5.4);
    // On a site that reads kilometres per litre (decision 099), the same: 18 is a Japanese dealer's km/l.
    expect(parseLitresPer100Km('18', undefined, japan)).to.equal(5.556);
    expect(parseLitresPer100Km('JC08モード 18.0', undefined, japan)).to.equal(5.556);
    expect(parseLitresPer100Km('6.5', undefined, japan)).to.equal(6.5);
    expect(parseLitresPer100Km('12 l/100 km', undefined, japan)).to.equal(12);
    expect(parseLitresPer100Km('31 mpg', undefined, japan)).to.equal(9.112);
    expect(parseLitresPer100Km('18', undefined, spain)).to.equal(18);
    // A unit it cannot read is said, never taken for litres.
    expect(parseLitresPer100Km('15 kWh/100km', undefined, undefined)).to.deep.equal({ unit: 'kWh/100km' });
    expect(parseLitresPer100Km('7', 'gal/100mi', us)).to.deep.equal({ unit: 'gal/100mi' });
    // An electric car burns none; what is no number is none.
    expect(parseLitresPer100Km('0', undefined, uk)).to.equal(0);
    expect(parseLitresPer100Km('n/a', undefined, uk)).to.equal(undefined);
  });

  it('keeps a miles-per-gallon figure through litres per 100 km and back, for any car', () => {
    for (const country of ['uk', 'us']) {
      for (let mpg = 10; mpg <= 400; mpg++) {
        const litres = parseLitresPer100Km(String(mpg), undefined, { country, fuel: 'mpg' }) as number;
        expect(fuelConsumptionOf(litres, 'imperial', country), `${mpg} mpg in ${country}`).to.equal(mpg);
      }
    }
  });

  it('keeps a kilometres-per-litre figure to a tenth through litres per 100 km and back (decision 099)', () => {
    for (const country of ['jp', 'br', 'in']) {
      for (let tenths = 30; tenths <= 600; tenths++) {
        const written = (tenths / 10).toFixed(1);
        const litres = parseLitresPer100Km(`${written} km/l`, undefined, { country, fuel: 'kml' }) as number;
        expect(fuelConsumptionOf(litres, 'metric', country).toFixed(1), `${written} km/l in ${country}`).to.equal(
          written,
        );
      }
    }
    // Litres per 100 km elsewhere, as stored.
    expect(fuelConsumptionOf(5.4, 'metric', 'de')).to.equal(5.4);
  });

  it('turns HTML into plain text, never markup', () => {
    expect(toPlainText('<p>Hola&nbsp;<b>mundo</b></p><p>Adiós</p>')).to.equal('Hola mundo\n\nAdiós');
    expect(toPlainText('a &amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt; b', false)).to.equal('a b');
    expect(toPlainText('Precio &lt; 500 &euro; &#8211; caf&eacute;', false)).to.equal('Precio < 500 € – café');
    expect(toPlainText('<img src=x onerror=alert(1)>texto<style>p{}</style>', false)).to.equal('texto');
  });

  it('accepts only absolute http(s) URLs', () => {
    expect(parseUrl('https://a.example/x?a=1&amp;b=2')).to.equal('https://a.example/x?a=1&b=2');
    expect(parseUrl('//a.example/x')).to.equal('https://a.example/x');
    for (const bad of ['javascript:alert(1)', '/relative', 'ftp://a.example/x', 'http://nodot']) {
      expect(parseUrl(bad), bad).to.equal(undefined);
    }
  });

  it('gives what the URL parser gives to URLs it passes through as they are, and to every other', function () {
    // ~3 s of random URLs on a quiet machine; more on a busy one.
    this.timeout(30_000);
    // parseUrl before its fast path (decision 047): every URL through `new URL`.
    const before = (text: string): string | undefined => {
      const t = decodeEntities(text.trim());
      return throughUrlParser(t.startsWith('//') ? `https:${t}` : t);
    };
    const schemes = ['https://', 'http://', 'HTTP://', 'hTtps://', '//', 'https:/', 'ftp://'];
    const hosts = [
      'example.com',
      'EXAMPLE.com',
      'a-b.c-d.es',
      'img.x9.co',
      '1.2.3.4',
      'a.1',
      'a.0x1f',
      'xn--nxasmq6b.com',
      'a--b.com',
      'a..b',
      'a.b.',
      '.a.b',
      'localhost',
      'nodot',
      'ex_ample.com',
      'a-.b',
      'ä.com',
      'user@a.com',
      'a.com:80',
      'a.com:8080',
      'a.com:',
    ];
    const paths = [
      '',
      '/',
      '/a/b',
      '/S1/1.jpg',
      '/a/./b',
      '/a/../b',
      '/.',
      '/..',
      '/a/.',
      '/%2e/b',
      '/.%2E/b',
      '/.hidden',
      '/a b',
      "/a'b",
      '/a"b',
      '/a<b',
      '/a`b',
      '/a{b}',
      '/a|b',
      '/ä',
      '/%41',
      '/%zz',
      '/%4',
      '/a\\b',
      '/a\tb',
      '//a',
      '/a;b=c',
      "/!$&'()*+,;=:@~-_.",
    ];
    const queries = [
      '',
      '?',
      '?a=b',
      '?a=b&c=d',
      "?a='b'",
      '?a b',
      '?a=%20',
      '?a=%zz',
      '?a=/./b',
      '?a?b',
      '?a="b"',
      '?a=<b>',
      '?a=`b`',
      '?a={b}',
    ];
    const fragments = ['', '#', '#x', "#a'b", '#a b', '#a`b'];
    let n = 0;
    for (const scheme of schemes)
      for (const host of hosts)
        for (const p of paths)
          for (const q of queries)
            for (const f of fragments) {
              const url = `${scheme}${host}${p}${q}${f}`;
              expect(parseUrl(url), url).to.equal(before(url));
              n++;
            }
    expect(n).to.be.greaterThan(100_000);
  });

  it('maps every Trovit homes type (and the old Venta / Alquiler) onto the spec property type ids', () => {
    const types = [
      ['For Sale', 1],
      ['For Rent', 2],
      ['Rentals', 3],
      ['Country House Rentals', 4],
      ['Roommate', 5],
      ['Parking For Rent', 6],
      ['Parking For Sale', 7],
      ['Office For Rent', 8],
      ['Office For Sale', 9],
      ['Land For Sale', 10],
      ['Transfer Local', 11],
      ['For Rent Local', 12],
      ['For Sale Local', 13],
      ['Warehouse For Rent', 14],
      ['Warehouse For Sale', 15],
      ['Overseas', 16],
      ['Short Term Rentals', 17],
      ['Unlisted Foreclosure', 18],
      ['Venta', 1],
      ['Alquiler', 2],
      ['for_rent', 2],
      ['PARKING FOR SALE', 7],
    ] as const;
    for (const [text, id] of types) expect(homeTypeId(text), text).to.equal(id);
    expect(homeTypeId('Castle swap')).to.equal(undefined);
  });

  it('maps the Trovit product categories onto the spec ids 101–112', () => {
    const names = [
      'Furniture',
      'Sports Equipment',
      'Electronics and Technology',
      'Pets',
      'Phones',
      'Musical Instruments',
      'Kids',
      'Photography',
      'Art and Collectables',
      'Fashion',
      'Health and Beauty',
      'Car Parts and Accessories',
    ];
    names.forEach((name, i) => expect(productCategoryIds(name).ids, name).to.deep.equal([101 + i]));
    expect(productCategoryIds('pets, PHONES, Garden')).to.deep.equal({ ids: [104, 105], unknown: ['Garden'] });
  });

  it('gives the same plain text and numbers as the forms of decision 040 (before the speed-ups of 044)', () => {
    // The line clean-up and the number parser as they were: the faster forms must agree on any text.
    const linesBefore = (text: string) =>
      text
        .split('\n')
        .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
        .join('\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim();
    const numberBefore = (text: string): number | undefined => {
      let t = text
        .trim()
        .replace(/[\s\u00a0\u202f']/g, '')
        // Since then, a dot right after a word before the figure is the word's ("Fr. 1'500.–"), not a decimal point.
        .replace(/^(?:\p{L}+\.?|[^\d+\-.,\p{L}])+/u, '');
      const m = /^[+-]?[\d.,]*\d/.exec(t);
      if (!m) return undefined;
      t = m[0];
      const dots = t.split('.').length - 1;
      const commas = t.split(',').length - 1;
      if (dots > 0 && commas > 0) {
        if (t.lastIndexOf(',') > t.lastIndexOf('.')) t = t.replace(/\./g, '').replace(',', '.');
        else t = t.replace(/,/g, '');
      } else if (commas > 0) {
        t = commas > 1 || /^[+-]?\d{1,3},\d{3}$/.test(t) ? t.replace(/,/g, '') : t.replace(',', '.');
      } else if (dots > 1) {
        t = t.replace(/\./g, '');
      }
      const n = Number(t);
      return Number.isFinite(n) ? n : undefined;
    };
    let seed = 11;
    const random = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    const blanks = '   \t\n\n\u00a0\u2028\u2029\u3000\u200a\u000bab';
    const numeric = "0123456789.,+- \u00a0'e€m2";
    for (let n = 0; n < 20_000; n++) {
      let text = '';
      let digits = '';
      const length = Math.floor(random() * 30);
      for (let i = 0; i < length; i++) {
        text += blanks[Math.floor(random() * blanks.length)];
        digits += numeric[Math.floor(random() * numeric.length)];
      }
      // (Without what other passes of toPlainText take out: tags, entities, CR, control characters, `,` and `.`.)
      // eslint-disable-next-line no-control-regex
      const cleaned = text.replace(/[<&\r,.\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b\ufeff]/g, 'x');
      expect(toPlainText(cleaned), JSON.stringify(cleaned)).to.equal(linesBefore(cleaned));
      expect(toPlainText(cleaned, false), JSON.stringify(cleaned)).to.equal(cleaned.replace(/\s+/g, ' ').trim());
      // Since then, the first figure's exponent (digits right after an "e") scales it: "3,4e6" is 3.4 million.
      const figure = numberBefore(digits);
      const exponent = /^[^\d]*?[+-]?[\d.,]*\d[eE]([+-]?\d+)/.exec(digits)?.[1];
      const scaled = figure === undefined || exponent === undefined ? figure : Number(`${figure}e${exponent}`);
      expect(parseNumber(digits), JSON.stringify(digits)).to.equal(Number.isFinite(scaled) ? scaled : undefined);
    }
  });

  it('gives plain text back unchanged exactly when the passes of patterns would (real and random text)', async () => {
    const texts = await fixtureFieldTexts();
    // The generated feed of the benchmark, in a fresh temp dir.
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-plain-'));
    try {
      const file = path.join(tmp, 'feed.xml');
      const ads: string[] = [];
      for (let i = 0; i < 300; i++) ads.push(syntheticAd(i, { count: 300 }) ?? '');
      fs.writeFileSync(file, `<trovit>${ads.join('')}</trovit>`);
      for await (const records of readFeed(file, 'xml'))
        for (const r of records) for (const f of r.fields.values()) texts.push(f.text, f.text.trim());
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
    const random = seededRandom(4);
    const pool = 'ab Z9,.;-  \t\n\r<>&;#x41p/\u00a0\u200b\ufeff\u2028\u3000\u007f\u0001áñ日😀\ud800';
    for (let i = 0; i < 20_000; i++) {
      let t = '';
      const n = Math.floor(random() * 12);
      for (let j = 0; j < n; j++) t += pool[Math.floor(random() * pool.length)];
      texts.push(t, `Piso ${t} centro`);
    }
    expect(texts.length).to.be.greaterThan(40_000);
    for (const t of texts)
      for (const multiline of [true, false])
        expect(toPlainText(t, multiline), JSON.stringify(t)).to.equal(plainTextByPatterns(t, multiline));
  });

  it('gives text whose only markup is tags what the passes of patterns give, in one pass', async () => {
    const texts = await fixtureFieldTexts();
    for (let i = 0; i < 300; i++) {
      const content = /<content><!\[CDATA\[(.*?)\]\]><\/content>/s.exec(syntheticAd(i, { count: 300 }) ?? '');
      texts.push(content?.[1] as string);
    }
    // Tags, blanks, punctuation and characters the one pass reads, then what it leaves to the patterns.
    const reads = [
      ...['<p>', '</p>', '<P>', '</P >', '<br>', '<br/>', '<BR />', '<b>', '</b>', '<strong>', '<em>', '<span>'],
      ...['<p class="x">', "<div id='a>b'>", '<h1>', '</h6>', '<h7>', '<pre>', '<p_x>', '<p-x>', '<li>', '<ul>'],
      ...['<table>', '<hr>', '<section>', '<a href="?a=1&amp;b=2">', '<img src="x\ty">', '<p\n>', '<scripts>'],
      ...[' ', ' ', ' ', '  ', '\n', '\n', '\n\n\n', ',', '.', ' ,', ' .', 'Piso', 'centro', 'á', '日本', '😀'],
      ...['\u0085', '\ud800', '-', ';', 'x', '/', '>'],
    ];
    const refused = [
      ...['<script>', '</script>', '<STYLE>', '</style>', '<noscript>', '<!-- c -->', '<!x>', '<1>', '< p>', '</ p>'],
      ...['<', '&amp;', '&', '\t', '\u00a0', '\r', '\u200b', '\ufeff', '\u2028', '\u3000', '\u007f', '\u0001'],
    ];
    const pool = [...reads, ...refused];
    const random = seededRandom(47);
    for (let i = 0; i < 60_000; i++) {
      let t = '';
      const n = Math.floor(random() * 16);
      // Half of them only of what the one pass reads.
      const from = random() < 0.5 ? pool.length : reads.length;
      for (let j = 0; j < n; j++) t += pool[Math.floor(random() * from)];
      texts.push(t);
    }
    let onePass = 0;
    for (const t of texts) {
      const fast = simpleHtmlText(t);
      const patterns = plainTextByPatterns(t, true);
      if (fast !== undefined) {
        onePass++;
        expect(fast, JSON.stringify(t)).to.equal(patterns);
      }
      expect(toPlainText(t, true), JSON.stringify(t)).to.equal(patterns);
      expect(toPlainText(t, false), JSON.stringify(t)).to.equal(plainTextByPatterns(t, false));
    }
    // Every generated description is read in one pass, and so is a good part of the random texts.
    for (let i = 0; i < 300; i++) expect(simpleHtmlText(texts[texts.length - 60_300 + i] as string)).to.be.a('string');
    expect(onePass).to.be.greaterThan(20_000);
  });

  it('decodes entities as the pattern alone does, with or without an `&`', () => {
    const byPattern = (text: string): string =>
      text.replace(/&(#\d{1,7}|#[xX][\da-fA-F]{1,6}|[a-zA-Z][a-zA-Z\d]{1,10});?/g, (e) => decodeEntities(`${e}`));
    const random = seededRandom(49);
    const pool = ['&', 'amp;', '#38;', '#x26;', 'eacute;', 'nbsp', 'a', ' ', ';', '#', 'x', '1', 'https://a.es/?b=1'];
    let decoded = 0;
    for (let i = 0; i < 20_000; i++) {
      let t = '';
      for (let j = Math.floor(random() * 10); j > 0; j--) t += pool[Math.floor(random() * pool.length)];
      const d = decodeEntities(t);
      expect(d, JSON.stringify(t)).to.equal(byPattern(t));
      if (!t.includes('&')) expect(d).to.equal(t);
      else if (d !== t) decoded++;
    }
    expect(decoded).to.be.greaterThan(1000);
  });
});

describe('toPlainText: text of any length in a time that grows with it', () => {
  // Each took seconds to minutes before (a pattern read a long run again from each of its characters).
  it('keeps the text of long runs of blanks, and of script and comment openings that never close', () => {
    expect(toPlainText(`Piso.${' '.repeat(200_000)}x`, false)).to.equal('Piso. x');
    expect(toPlainText(`Piso${' '.repeat(200_000)}, x`)).to.equal('Piso, x');
    expect(toPlainText(`a ${'<script '.repeat(50_000)}b`).startsWith('a')).to.equal(true);
    expect(toPlainText(`a ${'x<!--'.repeat(50_000)}b`).startsWith('a x')).to.equal(true);
    // A script or comment that does close still goes, with what it holds.
    expect(toPlainText('Piso <script>alert(1)</script >luminoso<!-- nota --> con terraza')).to.equal(
      'Piso luminoso con terraza',
    );
    // Whichever opens first goes first: a "<!--" in a script is the script's, a script in a comment the comment's.
    expect(toPlainText('<script>var a = "<!--";</script><p>Piso en venta, 3 dormitorios</p><!-- fin -->')).to.equal(
      'Piso en venta, 3 dormitorios',
    );
    expect(toPlainText('<!-- <script> -->visible text</script> more')).to.equal('visible text more');
    // An end tag with a line break before its ">"; letters whose lower case is longer (Turkish İ).
    expect(toPlainText('a<script>x</script\n>b')).to.equal('a b');
    expect(toPlainText('İİİİ<script>x</script>rest of the ad')).to.equal('İİİİ rest of the ad');
  });
});
