import { ar } from './locales/ar';
import { cs } from './locales/cs';
import { da } from './locales/da';
import { de } from './locales/de';
import { en } from './locales/en';
import { es } from './locales/es';
import { fr } from './locales/fr';
import { hu } from './locales/hu';
import { id } from './locales/id';
import { it } from './locales/it';
import { ja } from './locales/ja';
import { nb } from './locales/nb';
import { nl } from './locales/nl';
import { pl } from './locales/pl';
import { pt } from './locales/pt';
import { ro } from './locales/ro';
import { ru } from './locales/ru';
import { sv } from './locales/sv';
import { th } from './locales/th';
import { tr } from './locales/tr';
import { uk } from './locales/uk';
import { vi } from './locales/vi';
import { zh } from './locales/zh';
import {
  CAR_TYPES,
  DEAL_TYPES,
  FUELS,
  JOB_CATEGORIES,
  JOB_TYPES,
  PRODUCT_CATEGORIES,
  PROPERTY_TYPES,
  TRANSMISSIONS,
  WORKING_HOURS,
  type RefItem,
} from '../../services/search/reference';
import { type Language } from './featureCatalogue';
import { FEATURES } from './features';
import { referenceMessageId, type ReferenceList } from './referenceIds';
import { catalogueOf, regional, REGIONS, type CatalogueId } from './regions';

type Core = typeof en;
type FeatureMessages = (typeof FEATURES)[number]['en'];
type UnionToIntersection<U> = (U extends unknown ? (k: U) => void : never) extends (k: infer I) => void ? I : never;

/** Every message id: the core catalogue's and each feature's. */
export type MessageId = keyof Core | keyof UnionToIntersection<FeatureMessages>;
export type Messages = Record<MessageId, string>;

const CORE: Readonly<Record<Language, Record<keyof Core, string>>> = {
  en,
  es,
  it,
  fr,
  de,
  pt,
  nl,
  ar,
  cs,
  da,
  hu,
  id,
  ja,
  nb,
  pl,
  ro,
  ru,
  sv,
  th,
  tr,
  uk,
  vi,
  zh,
};

/** The reference lists the filters panel offers values of (their labels are the search service's). */
const REFERENCE_LISTS: Readonly<Record<ReferenceList, readonly RefItem<string | number>[]>> = {
  dealType: DEAL_TYPES,
  propertyType: PROPERTY_TYPES,
  carType: CAR_TYPES,
  fuel: FUELS,
  transmission: TRANSMISSIONS,
  jobCategory: JOB_CATEGORIES,
  jobType: JOB_TYPES,
  workingHours: WORKING_HOURS,
  productCategory: PRODUCT_CATEGORIES,
};

/** A label as an ICU message that says it as written (an apostrophe or a brace is no syntax). */
const literal = (text: string): string => text.replace(/'/g, "''").replace(/[{}]/g, (brace) => `'${brace}'`);

/** The reference values' labels in a catalogue, as `ref.<list>.<value>` messages (referenceIds.ts). */
function referenceMessages(id: CatalogueId): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [list, items] of Object.entries(REFERENCE_LISTS) as [ReferenceList, RefItem<string | number>[]][]) {
    for (const item of items) out[referenceMessageId(list, item.value)] = literal(item.labels[id]);
  }
  return out;
}

const CATALOGUES = new Map<CatalogueId, Messages>();

/**
 * A language's messages as written, or a region's: its base's, spelled its way, with its own on top
 * (`regional`); and the reference values' labels, the search service's for the same catalogue.
 */
function buildCatalogue(id: CatalogueId): Messages {
  const written = regional(
    id,
    (language) => Object.assign({}, CORE[language], ...FEATURES.map((f) => f[language])) as Messages,
    (region, base) => ({ ...base, ...REGIONS[region].messages }),
  );
  return { ...written, ...referenceMessages(id) };
}

/** A catalogue by its id, built once per process. */
function catalogue(id: CatalogueId): Messages {
  let messages = CATALOGUES.get(id);
  if (!messages) CATALOGUES.set(id, (messages = buildCatalogue(id)));
  return messages;
}

/**
 * The catalogue for a locale: its language's, with its region's wording on top where the region has
 * its own (decision 080: pt-BR, es-419, de-CH, en-US); English when the language has none
 * (product-spec §5).
 */
export function messagesFor(locale: string): Messages {
  return catalogue(catalogueOf(locale));
}

export const FALLBACK_LOCALE = 'en';
