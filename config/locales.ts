/**
 * What a locale writes, as pure functions of the locale: kept apart from the table of countries
 * (config/countries.ts re-exports them), so a page's script that needs them does not carry the table.
 */

/** Right-to-left scripts among the sites' languages. */
export function isRtlLocale(locale: string): boolean {
  return /^(ar|he|fa|ur)(-|$)/i.test(locale);
}

/**
 * What separates the parts of a place ("Chelsea, London"): Arabic writes its own comma ("القاهرة،
 * محافظة القاهرة") and Japanese its 読点 with no space ("名古屋市、愛知県"); the other sites' languages
 * write the Latin one.
 */
export function placeSeparator(locale: string): string {
  return /^ar(-|$)/i.test(locale) ? '، ' : /^ja(-|$)/i.test(locale) ? '、' : ', ';
}
