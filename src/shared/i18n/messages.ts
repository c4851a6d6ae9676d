import { de } from './locales/de';
import { en } from './locales/en';
import { es } from './locales/es';
import { fr } from './locales/fr';
import { it } from './locales/it';
import { nl } from './locales/nl';
import { pt } from './locales/pt';
import type { Language } from './featureCatalogue';
import { FEATURES } from './features';

type Core = typeof en;
type FeatureMessages = (typeof FEATURES)[number]['en'];
type UnionToIntersection<U> = (U extends unknown ? (k: U) => void : never) extends (k: infer I) => void ? I : never;

/** Every message id: the core catalogue's and each feature's. */
export type MessageId = keyof Core | keyof UnionToIntersection<FeatureMessages>;
export type Messages = Record<MessageId, string>;

const CORE: Readonly<Record<Language, Record<keyof Core, string>>> = { en, es, it, fr, de, pt, nl };

const CATALOGUES = new Map<string, Messages>();

/** The catalogue for a locale by its language, English when there is none (product-spec §5). */
export function messagesFor(locale: string): Messages {
  const requested = (locale.split('-')[0]?.toLowerCase() ?? 'en') as Language;
  const language: Language = requested in CORE ? requested : 'en';
  let messages = CATALOGUES.get(language);
  if (!messages) {
    messages = Object.assign({}, CORE[language], ...FEATURES.map((f) => f[language])) as Messages;
    CATALOGUES.set(language, messages);
  }
  return messages;
}

export const FALLBACK_LOCALE = 'en';
