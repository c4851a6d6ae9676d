/** The languages with a complete catalogue; every other locale falls back to English. */
export const LANGUAGES = ['en', 'es', 'it', 'fr', 'de', 'pt', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];

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
