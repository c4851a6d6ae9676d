import { de } from './locales/de';
import { en, type MessageId, type Messages } from './locales/en';
import { es } from './locales/es';
import { fr } from './locales/fr';
import { it } from './locales/it';
import { nl } from './locales/nl';
import { pt } from './locales/pt';

export type { MessageId, Messages };

const CATALOGUES: Readonly<Record<string, Messages>> = { en, es, it, fr, de, pt, nl };

/** The catalogue for a locale by its language, English when there is none (product-spec §5). */
export function messagesFor(locale: string): Messages {
  const language = locale.split('-')[0]?.toLowerCase() ?? 'en';
  return CATALOGUES[language] ?? en;
}

export const FALLBACK_LOCALE = 'en';
