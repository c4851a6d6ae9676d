/**
 * The languages with a complete catalogue: every configured site's (config/countries.ts). Any other
 * locale falls back to English (product-spec §5).
 */
export const LANGUAGES = [
  'en',
  'es',
  'it',
  'fr',
  'de',
  'pt',
  'nl',
  'ar',
  'cs',
  'da',
  'hu',
  'id',
  'ja',
  'nb',
  'pl',
  'ro',
  'ru',
  'sv',
  'th',
  'tr',
  'uk',
  'vi',
  'zh',
] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * A locale's language among `LANGUAGES` (`pl-PL` → `pl`), English when it has no catalogue. The
 * catalogue a locale reads, its region's wording included (`pt-BR`), is `catalogueOf`'s (regions.ts).
 */
export function languageOf(locale: string): Language {
  const language = locale.split('-')[0]?.toLowerCase() ?? 'en';
  return (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'en';
}

/**
 * A feature's own messages in every language, typed against its English
 * block, so a missing translation is a type error. Features keep their
 * messages beside each other here (src/shared/i18n/features/), and
 * messages.ts merges them into each language's catalogue.
 */
export type FeatureCatalogue<T extends Record<string, string>> = { readonly en: T } & {
  readonly [L in Exclude<Language, 'en'>]: Record<keyof T, string>;
};

export function featureCatalogue<const T extends Record<string, string>>(
  catalogue: FeatureCatalogue<T>,
): FeatureCatalogue<T> {
  return catalogue;
}
