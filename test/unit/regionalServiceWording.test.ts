import { expect } from 'chai';
import { COUNTRIES } from '../../config/countries';
import { demoWords, type DemoWords } from '../../src/services/demo/wording';
import { messagesFor as alertMessagesFor } from '../../src/services/notifications/messages';
import * as reference from '../../src/services/search/reference';
import { searchSynonyms, verticalNoun } from '../../src/services/search/searchWords';
import { messagesFor } from '../../src/shared/i18n/messages';
import { catalogueOf, lineageOf, REGION_IDS, regional, spelled, type CatalogueId } from '../../src/shared/i18n/regions';

const LISTS = [
  reference.DEAL_TYPES,
  reference.PROPERTY_TYPES,
  reference.PRODUCT_CATEGORIES,
  reference.CAR_TYPES,
  reference.FUELS,
  reference.CONDITIONS,
  reference.TRANSMISSIONS,
  reference.JOB_CATEGORIES,
  reference.JOB_TYPES,
  reference.WORKING_HOURS,
] as readonly (readonly reference.RefItem<string | number>[])[];

/** Every sentence a site's demo ads are written with, with stand-in values, once per choice. */
function demoTexts(words: DemoWords): string[] {
  const sentences = [true, false].flatMap((flag) => [
    words.sentences.home({
      prop: 'P',
      area: 80,
      units: 'metric',
      rooms: 2,
      baths: 1,
      city: 'C',
      features: 'F',
      source: 'S',
    }),
    words.sentences.car({
      make: 'M',
      model: 'X',
      year: 2020,
      km: '45,000',
      units: 'metric',
      fuel: 'f',
      gearbox: 'g',
      doors: 5,
      color: 'c',
      city: 'C',
    }),
    words.sentences.job({
      company: 'Co',
      title: 't',
      city: 'C',
      type: 'ty',
      hours: 'h',
      years: 3,
      salary: '45,000',
      remote: flag,
    }),
    words.sentences.product({ noun: 'N', brand: 'B', used: flag, city: 'C' }),
  ]);
  return [
    ...Object.values(words.jobTitles).flat(),
    ...Object.values(words.productNouns).flat(),
    ...words.homeFeatures,
    ...words.colors,
    ...sentences,
  ];
}

/** What a visitor of a catalogue reads from the search service, the demo ads and the alert mails. */
function serviceTexts(id: CatalogueId, locale: string): [string, string][] {
  const alerts = alertMessagesFor(locale);
  return [
    ...LISTS.flatMap((items) => items.map((item): [string, string] => [`label ${item.value}`, item.labels[id]])),
    ...['homes', 'cars', 'jobs', 'products'].map((v): [string, string] => [`noun ${v}`, verticalNoun(v, id)]),
    ...demoTexts(demoWords(id)).map((text): [string, string] => ['demo', text]),
    ...Object.entries(alerts).map(([key, text]): [string, string] => [`alert ${key}`, text]),
  ];
}

const offending = (texts: [string, string][], words: RegExp[]): string[] =>
  texts.flatMap(([where, text]) => words.filter((w) => w.test(text)).map((w) => `${where} ${w}: ${text}`));

/** Portugal's words, where Brazil writes otherwise. */
const EUROPEAN_PORTUGUESE = [
  /casas? de banho/i, // banheiro
  /\bcontact(o|os|ar|e)\b/i, // contato, entre em contato
  /telemóve(l|is)/i, // celular
  /\bcaixa\b/i, // câmbio
  /cinzent[oa]/i, // cinza
  /levantamento/i, // retirada
  /\bgerir\b/i, // gerenciar
  /subscrição/i, // inscrição
  /\bguard(ar|e|ou)\b/i, // salvar
  /arrend(ar|amento)/i, // alugar, aluguel
  /moradia|vivenda/i, // casa, sobrado
  /gasóleo/i, // diesel
  /carrinha|citadino|descapotável|monovolume\b/i, // perua, hatch, conversível, minivan
  /desporto|eletrónic|\bbebé(?!\p{L})|(?<!\p{L})câmara(?!\p{L})|portátil|\bjantes\b/iu,
  /\bpartilhad[oa]/i, // compartilhado
  /armazém|trespasse|estrangeiro/i, // galpão, ponto, exterior
  /tempo inteiro|apoio ao cliente|contabilista|empregado de mesa|arrecadação|teletrabalho/i,
  /\bo seu\b|\blhe\b|\bpara si\b/i, // você, seu
  /[«»]/,
];

/** Spain's words, where Latin America writes otherwise. */
const SPAIN_ONLY_SPANISH = [
  /\bcoches?\b/i, // autos, carros
  /\bmóvil(es)?\b|ordenador|portátil/i, // celular, laptop
  /\bpisos?\b/i, // departamento, apartamento
  /\bgaraje|\bparking\b|\bchalet\b|(?<!\p{L})ático|\bnave\b|trastero/iu,
  /camarero|mozo de almacén|\bdependiente|teleoperador/i, // mesero, auxiliar de bodega, vendedor
  /\bbaca\b|carrito|cinta de correr|\bobjetivo\b|secador de pelo/i,
  /contacta con|recogida|libro de revisiones|vistas al mar|ascensor/i,
  /berlina|furgoneta|monovolumen|descapotable/i, // sedán, van, minivan, convertible
  /indefinido|prácticas|autónomo|jornada completa|media jornada|sanidad|hostelería|reformar/i,
  /[«»]/,
];

/** Britain's words, where the United States writes otherwise. */
const BRITISH_ENGLISH = [
  /colour|\bgrey\b|centre|organis|licence/i,
  /\bflat\b|\bshop\b|holiday|collectables/i, // apartment, retail space, vacation, collectibles
  /petrol|saloon|\bestate\b|gearbox/i, // gasoline, sedan, station wagon, transmission
  /\blift\b|pushchair|\bcot\b|trainers|car roof box|\bgarden\b|public transport\b/i,
  /full service history|pick-up in|arrange a viewing/i,
  /e-mail/i,
];

describe('regional wording of the search service, the demo ads and the alert mails (decision 080)', () => {
  it('builds a region on its base, spelled its way, with its own words on top: the one rule of the catalogues', () => {
    expect(lineageOf('es-CO')).to.deep.equal(['es', 'es-419', 'es-CO']);
    expect(lineageOf('pt')).to.deep.equal(['pt']);
    const own = (region: string, base: string) => (region === 'es-419' ? `${base}+419` : `${base}+${region}`);
    expect(regional('es-CO', (language) => `«${language}»`, own)).to.equal('“es”+419+es-CO');
    expect(regional('de', (language) => `${language}ß`, own)).to.equal('deß');
    // A spelling reaches every text of a value, what a function writes too.
    const swiss = spelled({ a: ['weiß'], f: (x: string) => `${x}ß`, n: 3 }, (t) => t.replace(/ß/g, 'ss'));
    expect(swiss.a).to.deep.equal(['weiss']);
    expect(swiss.f('Gru')).to.equal('Gruss');
    expect(swiss.n).to.equal(3);
  });

  it("writes Brazil's labels, nouns, demo ads and alert mails in Brazilian Portuguese, and Portugal's as before", () => {
    expect(offending(serviceTexts('pt-BR', 'pt-BR'), EUROPEAN_PORTUGUESE)).to.deep.equal([]);
    // The list finds Portugal's words where they belong.
    expect(offending(serviceTexts('pt', 'pt-PT'), EUROPEAN_PORTUGUESE)).to.have.length.above(20);
    expect(reference.labelOf(reference.PROPERTY_TYPES, 'house', 'pt-BR')).to.equal('Casa');
    expect(reference.labelOf(reference.PROPERTY_TYPES, 'house', 'pt')).to.equal('Moradia');
    expect(alertMessagesFor('pt-BR').manage).to.equal('Gerenciar seus alertas');
    expect(alertMessagesFor('pt-PT').manage).to.equal('Gerir os seus alertas');
    expect(demoWords('pt').colors).to.include('cinzento');
  });

  it("writes Latin America's in its Spanish, Colombia's and Venezuela's with carros, and Spain's as before", () => {
    for (const country of COUNTRIES.filter((c) => c.locale.startsWith('es-') && c.locale !== 'es-ES')) {
      const id = catalogueOf(country.locale);
      expect(offending(serviceTexts(id, country.locale), SPAIN_ONLY_SPANISH), country.locale).to.deep.equal([]);
    }
    expect(offending(serviceTexts('es', 'es-ES'), SPAIN_ONLY_SPANISH)).to.have.length.above(20);
    expect(verticalNoun('cars', 'es-419')).to.equal('Autos');
    expect(verticalNoun('cars', 'es-CO')).to.equal('Carros');
    expect(verticalNoun('cars', 'es-VE')).to.equal('Carros');
    expect(verticalNoun('cars', 'es')).to.equal('Coches');
    expect(reference.labelOf(reference.PROPERTY_TYPES, 'flat', 'es-419')).to.equal('Departamento');
    expect(reference.labelOf(reference.PROPERTY_TYPES, 'flat', 'es-CO')).to.equal('Apartamento');
    expect(reference.labelOf(reference.PROPERTY_TYPES, 'flat', 'es')).to.equal('Piso');
  });

  it("writes the United States' in American English, and Britain's as before", () => {
    expect(offending(serviceTexts('en-US', 'en-US'), BRITISH_ENGLISH)).to.deep.equal([]);
    expect(offending(serviceTexts('en', 'en-GB'), BRITISH_ENGLISH)).to.have.length.above(15);
    expect(reference.labelOf(reference.FUELS, 'petrol', 'en-US')).to.equal('Gasoline');
    expect(reference.labelOf(reference.FUELS, 'petrol', 'en')).to.equal('Petrol');
    expect(
      demoWords('en-US').sentences.job({
        company: 'Co',
        title: 'electrician',
        city: 'Austin',
        type: 'permanent',
        hours: 'full time',
        years: 2,
        salary: '50,000',
        remote: false,
      }),
    ).to.match(/^Co is hiring an electrician in Austin\./);
  });

  it('writes no ß in Switzerland, and keeps it in Germany', () => {
    const ch = serviceTexts('de-CH', 'de-CH').filter(([, text]) => /[ßẞ]/.test(text));
    expect(ch).to.deep.equal([]);
    expect(demoWords('de-CH').colors).to.include('weiss');
    expect(demoWords('de').colors).to.include('weiß');
  });

  it("gives every region's demo products as many nouns as its language, so each keeps its brands", () => {
    for (const region of REGION_IDS) {
      const language = lineageOf(region)[0] as CatalogueId;
      const base = demoWords(language);
      const words = demoWords(region);
      for (const [category, nouns] of Object.entries(words.productNouns)) {
        const brands = reference.PRODUCT_CATEGORIES.some((c) => String(c.value) === category);
        expect(brands, category).to.equal(true);
        expect(nouns.length, `${region} ${category}`).to.be.at.least(base.productNouns[Number(category)]!.length);
      }
      expect(Object.keys(words.jobTitles), region).to.have.length(14);
      expect(words.homeFeatures, region).to.have.length(base.homeFeatures.length);
    }
  });

  it("takes a region's word and its language's country's as one in a search on the region's sites only", () => {
    // Not the words that mean something else there: a Latin-American "piso" is a floor, a Colombian
    // "departamento" a province, a "portátil" speaker no laptop.
    expect(searchSynonyms('departamento', 'es-419')).to.deep.equal([]);
    expect(searchSynonyms('piso', 'es-CO')).to.deep.equal([]);
    expect(searchSynonyms('notebook', 'pt-BR')).to.deep.equal([]);
    expect(searchSynonyms('coches', 'es-CO')).to.include.members(['autos', 'carros']);
    expect(searchSynonyms('apartment', 'en-US')).to.include('flat');
    expect(searchSynonyms('gasoline', 'en-US')).to.include('petrol');
    expect(searchSynonyms('alugar', 'pt-BR')).to.include('arrendar');
    // A name of several words is none ("Vaga de garagem"); a language's own sites have none.
    expect(searchSynonyms('vaga', 'pt-BR')).to.deep.equal([]);
    expect(searchSynonyms('piso', 'es')).to.deep.equal([]);
    expect(searchSynonyms('flat', 'en')).to.deep.equal([]);
  });

  it("gives the catalogue's filter values the search service's regional labels", () => {
    for (const region of REGION_IDS) {
      const messages = messagesFor(region) as Record<string, string>;
      expect(messages['ref.propertyType.flat'], region).to.equal(
        reference.labelOf(reference.PROPERTY_TYPES, 'flat', region),
      );
    }
    expect((messagesFor('es-MX') as Record<string, string>)['ref.dealType.6']).to.equal('Estacionamiento en alquiler');
  });
});
