/**
 * The country-dependent rule a search text passes before it is submitted (product-spec §5):
 * empty (every ad of the site), or with at least a minimum of letters or digits, 2 in most
 * languages and 1 in those written without spaces, where one character is a word.
 */

/** Languages written without spaces: one letter or digit is a search there. */
export const SINGLE_CHARACTER_LANGS: ReadonlySet<string> = new Set(['ja', 'zh', 'ko', 'th']);

const SIGNIFICANT = /[\p{L}\p{N}]/gu;

/** The letters or digits a search text needs on a site of `locale`. */
export function searchTextMin(locale: string): number {
  return SINGLE_CHARACTER_LANGS.has(locale.split('-')[0]?.toLowerCase() ?? 'en') ? 1 : 2;
}

/** Letters and digits in `text`. */
export function significantChars(text: string): number {
  return (text.match(SIGNIFICANT) ?? []).length;
}

/** Whether `text` may be searched on a site of `locale`. */
export function isSearchText(locale: string, text: string): boolean {
  return text.trim() === '' || significantChars(text) >= searchTextMin(locale);
}

/**
 * The same rule as an input's `pattern`, which the browser checks before the form is sent,
 * with or without JavaScript (it is matched whole, with the `v` flag; an empty value passes).
 */
export function searchTextPattern(locale: string): string {
  return `\\s*|(?:[^\\p{L}\\p{N}]*[\\p{L}\\p{N}]){${searchTextMin(locale)}}.*`;
}
