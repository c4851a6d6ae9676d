import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { expect } from 'chai';
import { COUNTRIES } from '../../config/countries';
import { compiledMessagesFor } from '../../src/shared/i18n/compiledMessages';
import { messagesFor, type MessageId, type Messages } from '../../src/shared/i18n/messages';
import { catalogueOf, REGIONS, type RegionId } from '../../src/shared/i18n/regions';

/** The arguments a message takes, in its branches too. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if ('value' in el && el.type !== TYPE.literal) into.add(String(el.value));
    if ('options' in el) for (const option of Object.values(el.options)) argumentsOf(option.value, into);
    if ('children' in el) argumentsOf(el.children, into);
  }
  return into;
}

/**
 * The messages a visitor reads in a catalogue, without the reference values' labels: those are the
 * search service's (its facets name the same values), still written per language.
 */
const interfaceMessages = (messages: Messages): [string, string][] =>
  Object.entries(messages).filter(([id]) => !id.startsWith('ref.'));

/** Words only Portugal writes, each with the word Brazil writes instead. */
const EUROPEAN_PORTUGUESE = [
  /connosco/i, // conosco
  /\bregist[oa]s?\b/i, // registro, cadastro
  /ecrã/i, // tela
  /telemóve(l|is)/i, // celular
  /\bcontact(o|os|ar|e|ámos)\b/i, // contato, entrar em contato
  /utilizador/i, // usuário
  /\bfacto\b/i, // fato
  /\bsecç(ão|ões)\b/i, // seção
  /autocarro/i, // ônibus
  /\bcomboio/i, // trem
  /\bequipa\b/i, // equipe
  /ficheiro/i, // arquivo
  /separador/i, // aba
  /definições/i, // configurações
  /\bgerir\b/i, // gerenciar
  /subscrição/i, // inscrição, assinatura
  /\bguard(ar|e|ou|á-la|a-la)\b/i, // salvar
  /ligação/i, // link, conexão
  /casas? de banho/i, // banheiro
  /carroçaria/i, // carroceria
  /\bcaixa\b(?! de entrada)/i, // câmbio (a gearbox); "caixa de entrada" is an inbox
  /\bintroduza\b/i, // digite
  /\blhe\b/i, // você
  /\bpara si\b/i, // para você
  /\b(da|a) app\b/i, // o app
  /\ba (carregar|enviar|pesquisar|mostrar|levá)/i, // the gerund: carregando, enviando…
  /[«»]/, // “…”
];

/** Words only Spain writes (or its vosotros), where Latin America writes otherwise. */
const SPAIN_ONLY_SPANISH = [
  /\bcoches?\b/i, // auto, carro
  /ordenador/i, // computadora
  /\bmóvil(es)?\b/i, // celular
  /\bpisos?\b/i, // departamento, apartamento
  /\bwebs?\b/i, // sitios
  /\bintroduc(e|ir)\b/i, // ingresa
  /\bajustes\b/i, // configuración
  /caducad[oa]/i, // expiró, venció
  /\bañad(ir|e|e una)\b/i, // agregar
  /\b\w+(?:ad|ed|id)(?:me|nos|lo|la)\b/i, // vosotros imperatives: "Enviadme"
  /\b\w+(?:áis|éis)\b/i, // vosotros: "queréis"
  /\bvuestr[oa]s?\b/i,
  /\bgaraje\b/i, // estacionamiento
  /[«»]/, // “…”
];

/** British wording the United States writes otherwise. */
const BRITISH_ENGLISH = [
  /colour/i,
  /favourite/i,
  /postcode/i,
  /\bcentre/i,
  /\be-mail/i,
  /gearbox/i,
  /\bflat\b/i,
  /new build/i,
  /jobseeker/i,
  /organis/i,
  /licence/i,
];

const offending = (messages: [string, string][], words: RegExp[]): string[] =>
  messages.flatMap(([id, text]) => words.filter((w) => w.test(text)).map((w) => `${id} ${w}: ${text}`));

describe('regional wording', () => {
  it('gives each site the catalogue of its region, or of its language where the region writes as it does', () => {
    const cases: [string, string][] = [
      ['pt-BR', 'pt-BR'],
      ['pt-PT', 'pt'],
      ['de-CH', 'de-CH'],
      ['de-AT', 'de'],
      ['de-DE', 'de'],
      ['es-ES', 'es'],
      ['es-MX', 'es-419'],
      ['es-AR', 'es-419'],
      ['es-CO', 'es-CO'],
      ['es-VE', 'es-VE'],
      ['es-419', 'es-419'],
      ['en-US', 'en-US'],
      ['en-GB', 'en'],
      ['en-IE', 'en'],
      ['zh-Hant-TW', 'zh'],
      ['fr-BE', 'fr'],
      // A language without a catalogue reads English, whatever its region.
      ['fi-FI', 'en'],
      ['fi-US', 'en'],
    ];
    for (const [locale, catalogue] of cases) expect(catalogueOf(locale), locale).to.equal(catalogue);
    for (const country of COUNTRIES) {
      expect(messagesFor(country.locale)['footer.careers'], country.code).to.be.a('string').and.not.equal('');
    }
  });

  it('writes each regional message as valid ICU with the arguments of the English one', () => {
    const en = messagesFor('en');
    for (const [id, region] of Object.entries(REGIONS) as [RegionId, (typeof REGIONS)[RegionId]][]) {
      const messages = messagesFor(id);
      expect(Object.keys(messages), id).to.have.members(Object.keys(en));
      for (const [key, text] of Object.entries(region.messages) as [MessageId, string][]) {
        const given = argumentsOf(parse(en[key]));
        if (given.has('inCountry')) given.add('country');
        for (const arg of argumentsOf(parse(text))) expect(given, `${id} ${key}: ${text}`).to.include(arg);
        expect(messages[key], `${id} ${key}`).to.equal(text);
      }
      // Pre-parsed, as the browser gets them, the region's words are there too.
      expect(compiledMessagesFor(id)['footer.careers']).to.deep.equal(parse(messages['footer.careers']));
    }
  });

  it("writes Brazil's site in Brazilian Portuguese, and Portugal's as before", () => {
    const br = messagesFor('pt-BR');
    expect(offending(interfaceMessages(br), EUROPEAN_PORTUGUESE)).to.deep.equal([]);
    expect(br['footer.careers']).to.equal('Trabalhe conosco');
    expect(br['noResults.searched']).to.equal('“{text}”');
    expect(br['alerts.userExists']).to.include('usuário');
    const pt = messagesFor('pt-PT');
    expect(pt['footer.careers']).to.equal('Trabalhe connosco');
    expect(pt['facts.bathrooms']).to.equal('Casas de banho');
  });

  it("writes the Latin-American sites in Latin America's Spanish, and Spain's as before", () => {
    for (const country of COUNTRIES.filter((c) => c.locale.startsWith('es-') && c.locale !== 'es-ES')) {
      const messages = messagesFor(country.locale);
      expect(offending(interfaceMessages(messages), SPAIN_ONLY_SPANISH), country.locale).to.deep.equal([]);
    }
    expect(messagesFor('es-MX')['vertical.cars']).to.equal('Autos');
    expect(messagesFor('es-CO')['vertical.cars']).to.equal('Carros');
    expect(messagesFor('es-CO')['alerts.email.newsletter']).to.equal('Envíenme también el boletín de Trawl');
    const es = messagesFor('es-ES');
    expect(es['vertical.cars']).to.equal('Coches');
    expect(es['alerts.email.newsletter']).to.equal('Enviadme también el boletín de Trawl');
  });

  it('writes no ß on the Swiss site, reference labels included, and keeps it in Germany and Austria', () => {
    const ch = Object.entries(messagesFor('de-CH')).filter(([, text]) => /[ßẞ]/.test(text));
    expect(ch).to.deep.equal([]);
    expect(messagesFor('de-CH')['filters.close']).to.equal('Filter schliessen');
    expect(messagesFor('de-DE')['filters.close']).to.equal('Filter schließen');
    expect(messagesFor('de-AT')['filters.close']).to.equal('Filter schließen');
  });

  it("writes the United States' site in American English, and Britain's as before", () => {
    const us = messagesFor('en-US');
    expect(offending(interfaceMessages(us), BRITISH_ENGLISH)).to.deep.equal([]);
    expect(us['facts.color']).to.equal('Color');
    expect(us['nm.nav.email']).to.equal('Email alerts');
    const gb = messagesFor('en-GB');
    expect(gb['facts.color']).to.equal('Colour');
    expect(gb['filters.transmission']).to.equal('Gearbox');
    // One spelling in a dialog: "Get new ads by e-mail" over "E-mail address", not "Email address".
    const email = Object.entries(gb).filter(([, text]) => /\bemail\b/i.test(text.replace(/\{email\}/g, '')));
    expect(email).to.deep.equal([]);
    expect(us['alerts.email.label']).to.equal('Email address');
    // Every other English-speaking site reads Britain's catalogue, as before.
    expect(messagesFor('en-IE')).to.equal(gb);
  });
});
