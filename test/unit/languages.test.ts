import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { expect } from 'chai';
import { createIntl } from 'react-intl';
import { COUNTRIES, countryByCode, inCountry } from '../../config/countries';
import { LANGUAGES, languageOf } from '../../src/shared/i18n/featureCatalogue';
import { inCountryPhrase, inPlace, inPlaceParts } from '../../src/shared/i18n/inPlace';
import { messagesFor, type MessageId } from '../../src/shared/i18n/messages';
import { catalogueOf } from '../../src/shared/i18n/regions';
import { messagesFor as alertMessagesFor, searchLabel } from '../../src/services/notifications/messages';
import { generateDemoSite } from '../../src/services/demo/generateDemoData';
import { demoWords, PRODUCT_BRANDS } from '../../src/services/demo/wording';
import { Gazetteer } from '../../src/services/places/Gazetteer';
import { WORDING_BY_LANGUAGE } from '../../src/services/demo/wordingByLanguage';
import { fuelOf, homeTypeId } from '../../src/services/feeds/vocabulary';
import * as reference from '../../src/services/search/reference';
import { adsCount, isStopWord, VERTICAL_NOUN } from '../../src/services/search/searchWords';

/** The arguments a message takes, in its branches too. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if ('value' in el && el.type !== TYPE.literal) into.add(String(el.value));
    if ('options' in el) for (const option of Object.values(el.options)) argumentsOf(option.value, into);
    if ('children' in el) argumentsOf(el.children, into);
  }
  return into;
}

const refLists = Object.entries(reference as Record<string, unknown>).filter(
  (entry): entry is [string, reference.RefItem<string | number>[]] =>
    Array.isArray(entry[1]) && (entry[1][0] as { labels?: unknown } | undefined)?.labels !== undefined,
);

describe("every site's language", () => {
  it('has a catalogue for each configured country: no site falls back to English', () => {
    for (const country of COUNTRIES) {
      const language = country.locale.split('-')[0] as string;
      expect(languageOf(country.locale), `${country.code} ${country.locale}`).to.equal(language);
      expect(LANGUAGES).to.include(language);
    }
    expect(languageOf('fi-FI')).to.equal('en');
    expect(messagesFor('fi-FI')['search.submit']).to.equal('Search');
  });

  it('writes each message in its own words, with the arguments of the English one', () => {
    const en = messagesFor('en');
    const ids = Object.keys(en) as MessageId[];
    for (const language of LANGUAGES) {
      const messages = messagesFor(language);
      expect(Object.keys(messages), language).to.have.members(ids);
      let same = 0;
      for (const id of ids) {
        const text = messages[id];
        expect(text.trim(), `${language} ${id}`).to.not.equal('');
        // Every argument is one the message is given (a language may leave one out: "{country}" for "{inCountry}").
        const given = argumentsOf(parse(en[id]));
        if (given.has('inCountry')) given.add('country');
        // Or say "in <place>" as its titles do ("Alles im Kanton Zürich"): an alert label gives both.
        if (id === 'nm.labelEverything') given.add('inWhere');
        for (const arg of argumentsOf(parse(text))) expect(given, `${language} ${id}: ${text}`).to.include(arg);
        if (text === en[id]) same++;
      }
      // Brand names, "{title} | Trawl" and a few loan words read the same; a copied catalogue does not.
      if (language !== 'en') expect(same / ids.length, language).to.be.below(0.15);
    }
  });

  it("labels every reference value in every language, mostly in the language's own words", () => {
    for (const language of LANGUAGES) {
      let same = 0;
      let all = 0;
      for (const [name, items] of refLists) {
        for (const item of items) {
          const label = item.labels[language];
          expect(label, `${language} ${name} ${item.value}`).to.be.a('string').and.not.equal('');
          all++;
          if (label === item.labels.en) same++;
        }
      }
      // Loan words ("SUV", "Loft", "Freelance") are a few; a copied list is all of them.
      if (language !== 'en') expect(same / all, language).to.be.below(0.35);
    }
    expect(reference.labelOf(reference.DEAL_TYPES, 1, 'pl')).to.equal('Na sprzedaż');
    // A partner's feed in the language maps onto the same values.
    expect(homeTypeId('Na sprzedaż')).to.equal(1);
    expect(homeTypeId('NA SPRZEDAŻ')).to.equal(1);
    expect(fuelOf(reference.labelOf(reference.FUELS, 'diesel', 'tr'))).to.equal('diesel');
  });

  it('titles a search with its place as the language puts it, leaving what a visitor typed as typed', () => {
    expect(inPlace('es', 'Pisos', 'Madrid')).to.equal('Pisos en Madrid');
    expect(inPlace('it', 'Case', 'Roma')).to.equal('Case a Roma');
    for (const language of LANGUAGES) {
      const title = inPlace(language, 'W$&{place}', 'P');
      expect(title, language).to.include('W$&{place}');
      expect(title, language).to.include('P');
      const { prefix, suffix } = inPlaceParts(language, 'W$&{place}');
      expect(`${prefix} P${suffix}`.replace(/\s+/g, ''), language).to.equal(title.replace(/\s+/g, ''));
      expect(VERTICAL_NOUN.homes?.[language], language).to.be.a('string').and.not.equal('');
      expect(adsCount(7, language, language), language).to.match(/^7\s?\S/);
    }
    const pl = countryByCode('pl');
    expect(inCountry(pl!, 'pl-PL')).to.not.match(/^in /);
    expect(inCountryPhrase('pl', 'Mieszkania', inCountry(pl!, 'pl-PL'))).to.match(/^Mieszkania \S+ Polsce$/);
    expect(inCountry(countryByCode('uk')!, 'en-GB')).to.equal('in the United Kingdom');
    expect(inCountry(countryByCode('es')!, 'es-ES')).to.equal('en España');
  });

  it('counts ads in the plural form of the number', () => {
    expect(adsCount(1, 'en-GB', 'en')).to.equal('1 ad');
    expect(adsCount(1234, 'en-GB', 'en')).to.equal('1,234 ads');
    expect(adsCount(22, 'pl-PL', 'pl')).to.equal('22 ogłoszenia');
    expect(adsCount(25, 'pl-PL', 'pl')).to.equal('25 ogłoszeń');
    expect(adsCount(21, 'ru-RU', 'ru')).to.equal('21 объявление');
    expect(adsCount(20, 'ro-RO', 'ro')).to.equal('20 de anunțuri');
    expect(adsCount(1234, 'ja-JP', 'ja')).to.equal('1,234件');
  });

  it("leaves a language's own function words out of a search, on its sites only", () => {
    expect(isStopWord('the', 'pl')).to.equal(true);
    expect(isStopWord('och', 'sv')).to.equal(true);
    expect(isStopWord('och', 'es')).to.equal(false);
    expect(isStopWord('mieszkanie', 'pl')).to.equal(false);
  });

  it("writes alert mails in the site's language, and in English for a language without a catalogue", () => {
    expect(alertMessagesFor('sv-SE').seeAll).to.not.equal(alertMessagesFor('en-GB').seeAll);
    expect(alertMessagesFor('fi-FI').seeAll).to.equal('See all results');
    expect(searchLabel('fr-FR', 'golf', 'Lyon')).to.equal('golf à Lyon');
    expect(searchLabel('pl-PL', 'dom', 'Kraków')).to.equal(inPlace('pl', 'dom', 'Kraków'));
  });

  it("writes the demo ads of every language from templates that take the ad's values", () => {
    const allowed: Record<string, string[]> = {
      homeTitle: ['prop', 'deal', 'dealLabel'],
      home: ['prop', 'area', 'rooms', 'baths', 'city', 'features', 'source'],
      car: ['year', 'make', 'model', 'km', 'fuel', 'gearbox', 'doors', 'color', 'city'],
      job: ['company', 'title', 'city', 'type', 'hours', 'years', 'salary', 'remote'],
      product: ['noun', 'nounInText', 'brand', 'city', 'used'],
    };
    const values = { prop: 'P', deal: 'd', dealLabel: 'D', area: 80, baths: 2, city: 'C', features: 'F', source: 'S' };
    for (const [language, wording] of Object.entries(WORDING_BY_LANGUAGE)) {
      for (const [id, template] of Object.entries(wording.templates)) {
        for (const arg of argumentsOf(parse(template))) expect(allowed[id], `${language} ${id}`).to.include(arg);
      }
      const intl = createIntl({
        locale: language,
        messages: wording.templates,
        onError: (err) => {
          throw err;
        },
      });
      for (const rooms of [0, 1, 2, 5, 22])
        expect(intl.formatMessage({ id: 'home' }, { ...values, rooms })).to.include('C');
      const words = demoWords(language as reference.Lang);
      expect(words.homeTitle({ prop: 'P', deal: 'd', dealLabel: 'D' }, 'Place'), language).to.include('Place');
      // Numbers as the language writes them ("45 000", "45.000").
      const job = words.sentences.job({
        company: 'Co',
        title: 't',
        city: 'C',
        type: 'ty',
        hours: 'h',
        years: 3,
        salary: '45,000',
        remote: true,
      });
      expect(job, language).to.include(new Intl.NumberFormat(language).format(45_000));
      expect(Object.keys(words.jobTitles), language).to.have.length(14);
    }
    expect(demoWords('tr').homeTitle({ prop: 'Daire', deal: 'satılık', dealLabel: 'Satılık' }, 'Ankara')).to.equal(
      'Ankara Satılık Daire',
    );
    expect(demoWords('es').homeTitle({ prop: 'Piso', deal: 'en venta', dealLabel: 'En venta' }, 'Madrid')).to.equal(
      'Piso en venta en Madrid',
    );
    // One room is one room, in the languages written as functions too.
    const home = {
      prop: 'Flat',
      area: 48,
      units: 'metric' as const,
      rooms: 1,
      baths: 1,
      city: 'Leeds',
      features: 'lift',
      source: 'S',
    };
    expect(demoWords('en').sentences.home(home)).to.include('Flat of 48 m² with 1 bedroom and 1 bathroom in');
    // A British or American site measures in square feet and miles (decision 082).
    expect(demoWords('en').sentences.home({ ...home, area: 520, units: 'imperial' })).to.include('Flat of 520 sq ft');
    expect(demoWords('en-US').sentences.home({ ...home, area: 1076, units: 'imperial' })).to.include('of 1,076 sq ft');
    // No experience asked is said so; one year is one.
    const job = {
      company: 'C',
      title: 'nurse',
      city: 'Leeds',
      type: 'internship',
      hours: 'part time',
      salary: '1',
      remote: false,
    };
    expect(demoWords('en').sentences.job({ ...job, years: 0 })).to.include('No experience required.');
    expect(demoWords('en').sentences.job({ ...job, years: 1 })).to.include('At least 1 year of experience.');
    expect(demoWords('de').sentences.job({ ...job, years: 1 })).to.include('Mindestens 1 Jahr Berufserfahrung.');
    expect(demoWords('es').sentences.home(home)).to.include('con 1 habitación y 1 baño en');
    expect(demoWords('de').sentences.home({ ...home, rooms: 3 })).to.include('3 Zimmern und 1 Bad in');
    // A label inside a sentence is in lower case, but its abbreviations stay in capitals.
    expect(demoWords('cs').lower('Dohoda (DPP, DPČ)')).to.equal('dohoda (DPP, DPČ)');
    expect(demoWords('pl').lower('Benzyna + LPG')).to.equal('benzyna + LPG');
    expect(demoWords('tr').lower('Tam Zamanlı')).to.equal('tam zamanlı');
    // A noun after the brand reads in lower case; a Latin place name is set apart from Thai text.
    const product = { noun: 'Akvaryum', brand: 'Ferplast', city: 'İzmir', used: true };
    expect(demoWords('tr').sentences.product(product)).to.match(/^Ferplast akvaryum, /);
    expect(demoWords('th').sentences.product({ ...product, city: 'Lampang' })).to.match(/ที่ Lampang$/);
  });

  it("writes a demo job's salary as the site's language groups digits, and its words as the language writes them", () => {
    const jobs = (country: string) =>
      generateDemoSite({ country, vertical: 'jobs' }, Gazetteer.shared(), { now: 1_790_000_000, count: 40 }).ads;
    for (const ad of jobs('de')) {
      expect(ad.description).to.match(/Gehalt \d{1,3}(?:\.\d{3})+ pro Jahr/);
      // A German job title is a noun: capitalised inside the sentence too ("sucht Elektriker").
      expect(ad.description).to.match(/ sucht \p{Lu}/u);
      expect(ad.description).not.to.include('Mindestens 1 Jahre');
    }
    for (const ad of jobs('fr')) expect(ad.description).to.match(/Salaire \d{1,3}(?:\u202f\d{3})+ par an/);
    for (const ad of jobs('uk')) {
      expect(ad.description).to.match(/Salary £?\d{1,3}(?:,\d{3})+ a year/);
      expect(ad.description).not.to.match(/At least [01] years/);
      // The contract starts its sentence: "Internship, part time."
      expect(ad.description).to.match(/\. \p{Lu}[^.]*, [^.]*\. (?:At least|No experience)/u);
    }
  });

  it("writes a demo car's mileage in its description as the site's ad page writes it", () => {
    for (const [country, locale] of [
      ['de', 'de-DE'],
      ['sa', 'ar-SA'],
      ['uk', 'en-GB'],
    ] as const) {
      const { ads } = generateDemoSite({ country, vertical: 'cars' }, Gazetteer.shared(), {
        now: 1_790_000_000,
        count: 20,
      });
      for (const ad of ads) {
        const km = ad.cars?.mileage ?? 0;
        const shown = country === 'uk' ? Math.round(km / 1.609344) : km;
        const written = new Intl.NumberFormat(locale, { numberingSystem: 'latn' }).format(shown);
        expect(ad.description, `${country}: ${written}`).to.include(written);
      }
    }
  });

  it('pairs each demo product with a brand that makes it, in every language', () => {
    const sites = COUNTRIES.filter((c) => (c.verticals as readonly string[]).includes('products')).map((c) => c.code);
    let checked = 0;
    for (const country of sites) {
      // The site's words: its language's, or its region's (decision 080: Brazil's "Celular").
      const nouns = demoWords(catalogueOf(countryByCode(country)?.locale ?? 'en')).productNouns;
      const demo = generateDemoSite({ country, vertical: 'products' }, Gazetteer.shared(), { now: 1_790_000_000 });
      for (const ad of demo.ads) {
        const category = ad.products?.categoryId ?? 0;
        const listed = nouns[category] ?? [];
        const index = listed.reduce((best, noun, i) => {
          const longer = best < 0 || noun.length > (listed[best] as string).length;
          return ad.title.startsWith(`${noun} `) && longer ? i : best;
        }, -1);
        expect(index, `${country} ${ad.title}`).to.be.at.least(0);
        const brands = PRODUCT_BRANDS[category] ?? [];
        const brand = ad.title.slice((listed[index] as string).length + 1);
        expect(brands[index] ?? brands[0], `${country} ${ad.title}`).to.include(brand);
        checked++;
      }
    }
    expect(checked).to.be.greaterThan(1000);
  });
});
