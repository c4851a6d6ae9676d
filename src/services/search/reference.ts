/**
 * Reference data of product-spec §3 ("Reference data") and the enumerations
 * the filters take, with their labels in every site's language (seven written
 * here, the others in `referenceLabels.ts`) and region (what a region writes
 * otherwise in `regionalLabels.ts`, decision 080). Filter values are the `value`
 * slugs/ids below.
 */

import { LANGUAGES, languageOf, type Language } from '../../shared/i18n/featureCatalogue';
import { REGION_IDS, regional, type CatalogueId } from '../../shared/i18n/regions';
import { REFERENCE_LABELS } from './referenceLabels';
import { REGIONAL_LABELS } from './regionalLabels';

export type Lang = Language;
type OtherLang = Exclude<Lang, WrittenLang>;
export const LANGS: readonly Lang[] = LANGUAGES;

/** The language of a locale among those we write, English otherwise. */
export const langOf = languageOf;

/** A value's label in every catalogue: each language's, and each region's (`catalogueOf` picks a site's). */
export type Labels = Readonly<Record<CatalogueId, string>>;
/** The languages whose labels are written beside each value below; the others' are in `referenceLabels.ts`. */
export type WrittenLang = 'en' | 'es' | 'it' | 'fr' | 'de' | 'pt' | 'nl';

export interface RefItem<V extends string | number = string> {
  readonly value: V;
  readonly labels: Labels;
}

function l(
  en: string,
  es: string,
  it: string,
  fr: string,
  de: string,
  pt: string,
  nl: string,
): Record<WrittenLang, string> {
  return { en, es, it, fr, de, pt, nl };
}

/**
 * A list's items with their labels in every language, those written here and those of
 * `REFERENCE_LABELS`, and in every region: its base's, spelled its way, or its own of `REGIONAL_LABELS`.
 */
function translated<V extends string | number>(
  list: keyof (typeof REFERENCE_LABELS)[OtherLang],
  items: readonly { value: V; labels: Record<WrittenLang, string> }[],
): RefItem<V>[] {
  return items.map(({ value, labels }) => {
    const all = { ...labels } as Record<CatalogueId, string>;
    for (const lang of LANGUAGES) {
      if (!(lang in all)) all[lang] = REFERENCE_LABELS[lang as OtherLang][list][String(value)] ?? labels.en;
    }
    for (const region of REGION_IDS) {
      all[region] = regional(
        region,
        (lang) => all[lang],
        (id, base) => REGIONAL_LABELS[id]?.[list]?.[String(value)] ?? base,
      );
    }
    return { value, labels: all };
  });
}

/** Homes "property type ids" of the spec: the deal (sale, rent ...), our `typeId` / `dealTypeId`. */
export const DEAL_TYPES: readonly RefItem<number>[] = translated('DEAL_TYPES', [
  { value: 1, labels: l('For sale', 'En venta', 'In vendita', 'À vendre', 'Zu verkaufen', 'À venda', 'Te koop') },
  {
    value: 2,
    labels: l('For rent', 'En alquiler', 'In affitto', 'À louer', 'Zu vermieten', 'Para arrendar', 'Te huur'),
  },
  {
    value: 3,
    labels: l(
      'Holiday rent',
      'Alquiler vacacional',
      'Affitto vacanze',
      'Location de vacances',
      'Ferienwohnung',
      'Arrendamento de férias',
      'Vakantieverhuur',
    ),
  },
  {
    value: 4,
    labels: l(
      'Rural rent',
      'Alquiler rural',
      'Affitto rurale',
      'Gîte rural',
      'Landhaus zur Miete',
      'Turismo rural',
      'Landelijke huur',
    ),
  },
  {
    value: 5,
    labels: l(
      'Shared flat',
      'Piso compartido',
      'Stanza in affitto',
      'Colocation',
      'WG-Zimmer',
      'Quarto partilhado',
      'Kamer te huur',
    ),
  },
  {
    value: 6,
    labels: l(
      'Parking for rent',
      'Parking en alquiler',
      'Posto auto in affitto',
      'Parking à louer',
      'Stellplatz zu vermieten',
      'Garagem para arrendar',
      'Parkeerplaats te huur',
    ),
  },
  {
    value: 7,
    labels: l(
      'Parking for sale',
      'Parking en venta',
      'Posto auto in vendita',
      'Parking à vendre',
      'Stellplatz zu verkaufen',
      'Garagem à venda',
      'Parkeerplaats te koop',
    ),
  },
  {
    value: 8,
    labels: l(
      'Office for rent',
      'Oficina en alquiler',
      'Ufficio in affitto',
      'Bureau à louer',
      'Büro zu vermieten',
      'Escritório para arrendar',
      'Kantoor te huur',
    ),
  },
  {
    value: 9,
    labels: l(
      'Office for sale',
      'Oficina en venta',
      'Ufficio in vendita',
      'Bureau à vendre',
      'Büro zu verkaufen',
      'Escritório à venda',
      'Kantoor te koop',
    ),
  },
  {
    value: 10,
    labels: l(
      'Land for sale',
      'Terreno en venta',
      'Terreno in vendita',
      'Terrain à vendre',
      'Grundstück zu verkaufen',
      'Terreno à venda',
      'Grond te koop',
    ),
  },
  {
    value: 11,
    labels: l(
      'Business transfer',
      'Traspaso de local',
      'Cessione attività',
      'Cession de bail',
      'Ladenübernahme',
      'Trespasse',
      'Overname zaak',
    ),
  },
  {
    value: 12,
    labels: l(
      'Shop for rent',
      'Local en alquiler',
      'Negozio in affitto',
      'Local commercial à louer',
      'Laden zu vermieten',
      'Loja para arrendar',
      'Winkel te huur',
    ),
  },
  {
    value: 13,
    labels: l(
      'Shop for sale',
      'Local en venta',
      'Negozio in vendita',
      'Local commercial à vendre',
      'Laden zu verkaufen',
      'Loja à venda',
      'Winkel te koop',
    ),
  },
  {
    value: 14,
    labels: l(
      'Industrial unit for rent',
      'Nave industrial en alquiler',
      'Capannone in affitto',
      'Local industriel à louer',
      'Halle zu vermieten',
      'Armazém para arrendar',
      'Bedrijfshal te huur',
    ),
  },
  {
    value: 15,
    labels: l(
      'Industrial unit for sale',
      'Nave industrial en venta',
      'Capannone in vendita',
      'Local industriel à vendre',
      'Halle zu verkaufen',
      'Armazém à venda',
      'Bedrijfshal te koop',
    ),
  },
  {
    value: 16,
    labels: l(
      'Overseas sale',
      'Venta en el extranjero',
      "Vendita all'estero",
      "Vente à l'étranger",
      'Verkauf im Ausland',
      'Venda no estrangeiro',
      'Te koop in het buitenland',
    ),
  },
  {
    value: 17,
    labels: l(
      'Temporary rent',
      'Alquiler temporal',
      'Affitto temporaneo',
      'Location temporaire',
      'Zwischenmiete',
      'Arrendamento temporário',
      'Tijdelijke huur',
    ),
  },
  {
    value: 18,
    labels: l(
      'Unlisted foreclosure',
      'Embargo no publicado',
      'Asta non pubblicata',
      'Saisie non publiée',
      'Zwangsversteigerung',
      'Penhora não publicada',
      'Executieveiling',
    ),
  },
]);

/** Homes `propertyType` filter: the kind of dwelling. */
export const PROPERTY_TYPES: readonly RefItem[] = translated('PROPERTY_TYPES', [
  { value: 'flat', labels: l('Flat', 'Piso', 'Appartamento', 'Appartement', 'Wohnung', 'Apartamento', 'Appartement') },
  { value: 'house', labels: l('House', 'Casa', 'Casa', 'Maison', 'Haus', 'Moradia', 'Huis') },
  { value: 'studio', labels: l('Studio', 'Estudio', 'Monolocale', 'Studio', 'Studio', 'Estúdio', 'Studio') },
  { value: 'penthouse', labels: l('Penthouse', 'Ático', 'Attico', 'Penthouse', 'Penthouse', 'Penthouse', 'Penthouse') },
  { value: 'duplex', labels: l('Duplex', 'Dúplex', 'Duplex', 'Duplex', 'Maisonette', 'Duplex', 'Maisonnette') },
  { value: 'villa', labels: l('Villa', 'Chalet', 'Villa', 'Villa', 'Villa', 'Vivenda', 'Villa') },
  {
    value: 'cottage',
    labels: l('Cottage', 'Casa rural', 'Casale', 'Longère', 'Landhaus', 'Casa de campo', 'Boerderij'),
  },
  { value: 'loft', labels: l('Loft', 'Loft', 'Loft', 'Loft', 'Loft', 'Loft', 'Loft') },
  { value: 'room', labels: l('Room', 'Habitación', 'Stanza', 'Chambre', 'Zimmer', 'Quarto', 'Kamer') },
  { value: 'garage', labels: l('Garage', 'Garaje', 'Garage', 'Garage', 'Garage', 'Garagem', 'Garage') },
  { value: 'office', labels: l('Office', 'Oficina', 'Ufficio', 'Bureau', 'Büro', 'Escritório', 'Kantoor') },
  { value: 'shop', labels: l('Shop', 'Local', 'Negozio', 'Local commercial', 'Ladenlokal', 'Loja', 'Winkelpand') },
  { value: 'land', labels: l('Land', 'Terreno', 'Terreno', 'Terrain', 'Grundstück', 'Terreno', 'Bouwgrond') },
  { value: 'warehouse', labels: l('Warehouse', 'Nave', 'Capannone', 'Entrepôt', 'Lagerhalle', 'Armazém', 'Loods') },
]);

/** Spec product category ids. */
export const PRODUCT_CATEGORIES: readonly RefItem<number>[] = translated('PRODUCT_CATEGORIES', [
  { value: 101, labels: l('Furniture', 'Muebles', 'Mobili', 'Meubles', 'Möbel', 'Móveis', 'Meubels') },
  {
    value: 102,
    labels: l(
      'Sports equipment',
      'Material deportivo',
      'Articoli sportivi',
      'Articles de sport',
      'Sportartikel',
      'Artigos de desporto',
      'Sportartikelen',
    ),
  },
  {
    value: 103,
    labels: l('Electronics', 'Electrónica', 'Elettronica', 'Électronique', 'Elektronik', 'Eletrónica', 'Elektronica'),
  },
  { value: 104, labels: l('Pets', 'Mascotas', 'Animali', 'Animaux', 'Haustiere', 'Animais', 'Huisdieren') },
  { value: 105, labels: l('Phones', 'Teléfonos', 'Telefoni', 'Téléphones', 'Handys', 'Telemóveis', 'Telefoons') },
  {
    value: 106,
    labels: l(
      'Musical instruments',
      'Instrumentos musicales',
      'Strumenti musicali',
      'Instruments de musique',
      'Musikinstrumente',
      'Instrumentos musicais',
      'Muziekinstrumenten',
    ),
  },
  { value: 107, labels: l('Kids', 'Niños', 'Bambini', 'Enfants', 'Kinder', 'Criança', 'Kinderen') },
  {
    value: 108,
    labels: l('Photography', 'Fotografía', 'Fotografia', 'Photographie', 'Fotografie', 'Fotografia', 'Fotografie'),
  },
  {
    value: 109,
    labels: l(
      'Collectables',
      'Coleccionismo',
      'Collezionismo',
      'Collection',
      'Sammlerstücke',
      'Colecionismo',
      'Verzamelobjecten',
    ),
  },
  { value: 110, labels: l('Fashion', 'Moda', 'Moda', 'Mode', 'Mode', 'Moda', 'Mode') },
  {
    value: 111,
    labels: l(
      'Health and beauty',
      'Salud y belleza',
      'Salute e bellezza',
      'Santé et beauté',
      'Gesundheit und Schönheit',
      'Saúde e beleza',
      'Gezondheid en schoonheid',
    ),
  },
  {
    value: 112,
    labels: l(
      'Parts and accessories',
      'Recambios y accesorios',
      'Ricambi e accessori',
      'Pièces et accessoires',
      'Ersatzteile und Zubehör',
      'Peças e acessórios',
      'Onderdelen en accessoires',
    ),
  },
]);

export const CAR_TYPES: readonly RefItem[] = translated('CAR_TYPES', [
  {
    value: 'hatchback',
    labels: l('Hatchback', 'Compacto', 'Berlina compatta', 'Citadine', 'Kleinwagen', 'Citadino', 'Hatchback'),
  },
  { value: 'saloon', labels: l('Saloon', 'Berlina', 'Berlina', 'Berline', 'Limousine', 'Berlina', 'Sedan') },
  { value: 'estate', labels: l('Estate', 'Familiar', 'Station wagon', 'Break', 'Kombi', 'Carrinha', 'Stationwagen') },
  { value: 'suv', labels: l('SUV', 'SUV', 'SUV', 'SUV', 'SUV', 'SUV', 'SUV') },
  { value: 'coupe', labels: l('Coupé', 'Coupé', 'Coupé', 'Coupé', 'Coupé', 'Coupé', 'Coupé') },
  {
    value: 'convertible',
    labels: l('Convertible', 'Descapotable', 'Cabriolet', 'Cabriolet', 'Cabrio', 'Descapotável', 'Cabriolet'),
  },
  { value: 'mpv', labels: l('MPV', 'Monovolumen', 'Monovolume', 'Monospace', 'Van', 'Monovolume', 'MPV') },
  { value: 'van', labels: l('Van', 'Furgoneta', 'Furgone', 'Utilitaire', 'Transporter', 'Furgão', 'Bestelwagen') },
  { value: 'pickup', labels: l('Pick-up', 'Pick-up', 'Pick-up', 'Pick-up', 'Pick-up', 'Pick-up', 'Pick-up') },
]);

export const FUELS: readonly RefItem[] = translated('FUELS', [
  { value: 'petrol', labels: l('Petrol', 'Gasolina', 'Benzina', 'Essence', 'Benzin', 'Gasolina', 'Benzine') },
  { value: 'diesel', labels: l('Diesel', 'Diésel', 'Diesel', 'Diesel', 'Diesel', 'Gasóleo', 'Diesel') },
  { value: 'hybrid', labels: l('Hybrid', 'Híbrido', 'Ibrida', 'Hybride', 'Hybrid', 'Híbrido', 'Hybride') },
  {
    value: 'electric',
    labels: l('Electric', 'Eléctrico', 'Elettrica', 'Électrique', 'Elektro', 'Elétrico', 'Elektrisch'),
  },
  { value: 'lpg', labels: l('LPG', 'GLP', 'GPL', 'GPL', 'Autogas', 'GPL', 'LPG') },
]);

/** A home's condition, as feeds write it (lower-cased); another value is shown as written. */
export const CONDITIONS: readonly RefItem[] = translated('CONDITIONS', [
  { value: 'new', labels: l('New', 'A estrenar', 'Nuovo', 'Neuf', 'Neubau', 'Novo', 'Nieuw') },
  {
    value: 'good',
    labels: l('Good condition', 'Buen estado', 'Buono stato', 'Bon état', 'Guter Zustand', 'Bom estado', 'Goede staat'),
  },
  {
    value: 'to-renovate',
    labels: l(
      'To renovate',
      'A reformar',
      'Da ristrutturare',
      'À rénover',
      'Renovierungsbedürftig',
      'Para remodelar',
      'Op te knappen',
    ),
  },
]);

export const TRANSMISSIONS: readonly RefItem[] = translated('TRANSMISSIONS', [
  {
    value: 'manual',
    labels: l('Manual', 'Manual', 'Manuale', 'Manuelle', 'Schaltgetriebe', 'Manual', 'Handgeschakeld'),
  },
  {
    value: 'automatic',
    labels: l('Automatic', 'Automático', 'Automatico', 'Automatique', 'Automatik', 'Automático', 'Automaat'),
  },
]);

export const JOB_CATEGORIES: readonly RefItem<number>[] = translated('JOB_CATEGORIES', [
  {
    value: 1,
    labels: l(
      'Accounting and finance',
      'Contabilidad y finanzas',
      'Contabilità e finanza',
      'Comptabilité et finance',
      'Finanzen',
      'Contabilidade e finanças',
      'Financiën',
    ),
  },
  {
    value: 2,
    labels: l(
      'Administration',
      'Administración',
      'Amministrazione',
      'Administration',
      'Verwaltung',
      'Administração',
      'Administratie',
    ),
  },
  {
    value: 3,
    labels: l(
      'Customer service',
      'Atención al cliente',
      'Assistenza clienti',
      'Service client',
      'Kundenservice',
      'Apoio ao cliente',
      'Klantenservice',
    ),
  },
  { value: 4, labels: l('Education', 'Educación', 'Istruzione', 'Enseignement', 'Bildung', 'Educação', 'Onderwijs') },
  {
    value: 5,
    labels: l('Engineering', 'Ingeniería', 'Ingegneria', 'Ingénierie', 'Ingenieurwesen', 'Engenharia', 'Techniek'),
  },
  { value: 6, labels: l('Healthcare', 'Sanidad', 'Sanità', 'Santé', 'Gesundheitswesen', 'Saúde', 'Zorg') },
  {
    value: 7,
    labels: l(
      'Hospitality',
      'Hostelería',
      'Ristorazione',
      'Hôtellerie-restauration',
      'Gastronomie',
      'Hotelaria',
      'Horeca',
    ),
  },
  { value: 8, labels: l('IT', 'Informática', 'Informatica', 'Informatique', 'IT', 'Informática', 'ICT') },
  { value: 9, labels: l('Logistics', 'Logística', 'Logistica', 'Logistique', 'Logistik', 'Logística', 'Logistiek') },
  { value: 10, labels: l('Marketing', 'Marketing', 'Marketing', 'Marketing', 'Marketing', 'Marketing', 'Marketing') },
  { value: 11, labels: l('Retail', 'Comercio', 'Commercio', 'Commerce', 'Einzelhandel', 'Comércio', 'Detailhandel') },
  { value: 12, labels: l('Sales', 'Ventas', 'Vendite', 'Vente', 'Vertrieb', 'Vendas', 'Verkoop') },
  { value: 13, labels: l('Construction', 'Construcción', 'Edilizia', 'BTP', 'Bauwesen', 'Construção', 'Bouw') },
  {
    value: 14,
    labels: l(
      'Human resources',
      'Recursos humanos',
      'Risorse umane',
      'Ressources humaines',
      'Personalwesen',
      'Recursos humanos',
      'HR',
    ),
  },
]);

export const JOB_TYPES: readonly RefItem[] = translated('JOB_TYPES', [
  {
    value: 'permanent',
    labels: l('Permanent', 'Indefinido', 'Tempo indeterminato', 'CDI', 'Unbefristet', 'Efetivo', 'Vast'),
  },
  {
    value: 'temporary',
    labels: l('Temporary', 'Temporal', 'Tempo determinato', 'CDD', 'Befristet', 'Temporário', 'Tijdelijk'),
  },
  {
    value: 'contract',
    labels: l('Contract', 'Por obra', 'A progetto', 'Mission', 'Projektvertrag', 'Prestação de serviços', 'Project'),
  },
  { value: 'internship', labels: l('Internship', 'Prácticas', 'Stage', 'Stage', 'Praktikum', 'Estágio', 'Stage') },
  {
    value: 'freelance',
    labels: l('Freelance', 'Autónomo', 'Freelance', 'Freelance', 'Freiberuflich', 'Freelancer', 'Freelance'),
  },
]);

export const WORKING_HOURS: readonly RefItem[] = translated('WORKING_HOURS', [
  {
    value: 'full-time',
    labels: l('Full time', 'Jornada completa', 'Tempo pieno', 'Temps plein', 'Vollzeit', 'Tempo inteiro', 'Voltijd'),
  },
  {
    value: 'part-time',
    labels: l('Part time', 'Media jornada', 'Part-time', 'Temps partiel', 'Teilzeit', 'Part-time', 'Deeltijd'),
  },
  {
    value: 'shifts',
    labels: l('Shifts', 'Turnos', 'Turni', 'Horaires postés', 'Schichtarbeit', 'Turnos', 'Ploegendienst'),
  },
]);

/** Every list of values above, with its labels in every catalogue. */
export const REFERENCE_LISTS: readonly (readonly RefItem<string | number>[])[] = [
  DEAL_TYPES,
  PROPERTY_TYPES,
  PRODUCT_CATEGORIES,
  CAR_TYPES,
  FUELS,
  CONDITIONS,
  TRANSMISSIONS,
  JOB_CATEGORIES,
  JOB_TYPES,
  WORKING_HOURS,
];

/** A value's label in a catalogue (a language's or a region's, `catalogueOf`), the value itself when not listed. */
export function labelOf<V extends string | number>(
  items: readonly RefItem<V>[],
  value: V,
  wording: CatalogueId,
): string {
  return items.find((i) => i.value === value)?.labels[wording] ?? String(value);
}

/** Real makes and models for the cars vertical (demo data and what-detection). */
export const CAR_MAKES: readonly { name: string; models: readonly string[] }[] = [
  { name: 'Volkswagen', models: ['Golf', 'Polo', 'Passat', 'Tiguan', 'T-Roc', 'ID.3'] },
  { name: 'Ford', models: ['Fiesta', 'Focus', 'Kuga', 'Puma', 'Mondeo', 'Ranger'] },
  { name: 'Toyota', models: ['Yaris', 'Corolla', 'RAV4', 'C-HR', 'Aygo', 'Hilux'] },
  { name: 'Renault', models: ['Clio', 'Megane', 'Captur', 'Kadjar', 'Twingo', 'Scenic'] },
  { name: 'Peugeot', models: ['208', '308', '2008', '3008', '5008', 'Partner'] },
  { name: 'BMW', models: ['1 Series', '3 Series', '5 Series', 'X1', 'X3', 'X5'] },
  { name: 'Mercedes-Benz', models: ['A-Class', 'C-Class', 'E-Class', 'GLA', 'GLC', 'Sprinter'] },
  { name: 'Audi', models: ['A1', 'A3', 'A4', 'A6', 'Q3', 'Q5'] },
  { name: 'SEAT', models: ['Ibiza', 'Leon', 'Arona', 'Ateca', 'Tarraco'] },
  { name: 'Fiat', models: ['500', 'Panda', 'Tipo', 'Punto', 'Doblo'] },
  { name: 'Opel', models: ['Corsa', 'Astra', 'Mokka', 'Insignia', 'Zafira'] },
  { name: 'Nissan', models: ['Micra', 'Juke', 'Qashqai', 'X-Trail', 'Leaf'] },
  { name: 'Honda', models: ['Jazz', 'Civic', 'CR-V', 'HR-V'] },
  { name: 'Hyundai', models: ['i10', 'i20', 'i30', 'Tucson', 'Kona'] },
  { name: 'Kia', models: ['Picanto', 'Rio', 'Ceed', 'Sportage', 'Niro'] },
  { name: 'Skoda', models: ['Fabia', 'Octavia', 'Superb', 'Kodiaq', 'Karoq'] },
  { name: 'Citroën', models: ['C1', 'C3', 'C4', 'C5 Aircross', 'Berlingo'] },
  { name: 'Dacia', models: ['Sandero', 'Duster', 'Logan', 'Jogger'] },
  { name: 'Volvo', models: ['XC40', 'XC60', 'XC90', 'V60', 'S60'] },
  { name: 'Mazda', models: ['Mazda2', 'Mazda3', 'CX-3', 'CX-5', 'MX-5'] },
  { name: 'Tesla', models: ['Model 3', 'Model Y', 'Model S', 'Model X'] },
  { name: 'Suzuki', models: ['Swift', 'Vitara', 'Ignis', 'Jimny'] },
];
