import type { Language } from './featureCatalogue';

/**
 * "<what> in <place>" in each language, for a place named as the gazetteer writes it: names are not
 * inflected, so languages that would decline a place after "in" (pl, cs, ru, uk, hu ...) use the form
 * their classifieds sites use in titles ("Mieszkania – Kraków"), and some put the place first (ja).
 * Used by the search service's titles and links and by the alerts' names in mails.
 */
const IN_PLACE: Readonly<Record<Language, string>> = {
  en: '{what} in {place}',
  es: '{what} en {place}',
  it: '{what} a {place}',
  fr: '{what} à {place}',
  de: '{what} in {place}',
  pt: '{what} em {place}',
  nl: '{what} in {place}',
  ar: '{what} في {place}',
  cs: '{what} – {place}',
  da: '{what} i {place}',
  hu: '{what} – {place}',
  id: '{what} di {place}',
  ja: '{place}の{what}',
  nb: '{what} i {place}',
  pl: '{what} – {place}',
  ro: '{what} în {place}',
  ru: '{what} — {place}',
  sv: '{what} i {place}',
  th: '{what} ใน {place}',
  tr: '{place} {what}',
  uk: '{what} — {place}',
  vi: '{what} tại {place}',
  zh: '{place}的{what}',
};

/** "<what> in <country>", with the language's phrase for "in <country>" (config/countries.ts, `inCountry`). */
const IN_COUNTRY: Readonly<Record<Language, string>> = {
  en: '{what} {inCountry}',
  es: '{what} {inCountry}',
  it: '{what} {inCountry}',
  fr: '{what} {inCountry}',
  de: '{what} {inCountry}',
  pt: '{what} {inCountry}',
  nl: '{what} {inCountry}',
  ar: '{what} {inCountry}',
  cs: '{what} {inCountry}',
  da: '{what} {inCountry}',
  hu: '{what} {inCountry}',
  id: '{what} {inCountry}',
  ja: '{inCountry}{what}',
  nb: '{what} {inCountry}',
  pl: '{what} {inCountry}',
  ro: '{what} {inCountry}',
  ru: '{what} {inCountry}',
  sv: '{what} {inCountry}',
  th: '{what} {inCountry}',
  tr: '{inCountry} {what}',
  uk: '{what} {inCountry}',
  vi: '{what} {inCountry}',
  zh: '{inCountry}的{what}',
};

/** The pattern with its words in (in one pass: a visitor's "{place}" or "$&" stays as typed). */
function substitute(pattern: string, what: string, place: string): string {
  return pattern.replace(/\{(what|place|inCountry)\}/g, (_, name: string) => (name === 'what' ? what : place));
}

function fill(pattern: string, what: string, place: string): string {
  return substitute(pattern, what, place).trim();
}

/** A letter of the Thai script. */
const THAI = /[\u0e01-\u0e5b]/;

/**
 * Thai writes no space between words: "คอนโดขายในเชียงใหม่"; a space only sets a word of another
 * script apart ("iPhone ในกรุงเทพมหานคร").
 */
function thaiInPlace(what: string, place: string): string {
  const before = THAI.test(what.slice(-1)) ? '' : ' ';
  const after = THAI.test(place.charAt(0)) ? '' : ' ';
  return `${what.trim()}${before}ใน${after}${place.trim()}`.trim();
}

/** "Flats in Madrid", "Mieszkania – Kraków", "東京の住宅", "Immobilien im Kanton Zürich". */
export function inPlace(language: Language, what: string, place: string): string {
  if (language === 'th') return thaiInPlace(what, place);
  // A Swiss canton takes its article: "im Kanton Genf", as "in der Schweiz" does.
  if (language === 'de' && place.startsWith('Kanton ')) return fill('{what} im {place}', what, place);
  return fill(IN_PLACE[language], what, place);
}

/** "Flats in Spain", "Mieszkania w Polsce": `inCountry` is the phrase for "in <country>". */
export function inCountryPhrase(language: Language, what: string, inCountry: string): string {
  return fill(IN_COUNTRY[language], what, inCountry);
}

/** The words around the phrase for "in <country>" in `inCountryPhrase`, as `inPlaceParts`. */
export function inCountryPhraseParts(language: Language, what: string): { prefix: string; suffix: string } {
  return parts(IN_COUNTRY[language].replace('{inCountry}', '{place}'), what);
}

/**
 * The words around a place in "<what> in <place>", for a list of places that each complete them
 * (a suggestion shows `prefix`, the place in bold, then `suffix`), as `inPlace` writes them: "im Kanton
 * Zürich", and Thai's "คอนโดใน" with no space before ใน.
 */
export function inPlaceParts(language: Language, what: string, place = ''): { prefix: string; suffix: string } {
  if (language === 'th') return { prefix: `${what.trim()}${THAI.test(what.slice(-1)) ? '' : ' '}ใน`, suffix: '' };
  if (language === 'de' && place.startsWith('Kanton ')) return parts('{what} im {place}', what);
  return parts(IN_PLACE[language], what);
}

function parts(pattern: string, what: string): { prefix: string; suffix: string } {
  const [before = '', after = ''] = pattern.split('{place}');
  return { prefix: fill(before, what, ''), suffix: substitute(after, what, '').trimEnd() };
}
