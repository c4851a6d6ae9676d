import {
  CAR_MAKES,
  CAR_TYPES,
  DEAL_TYPES,
  FUELS,
  JOB_CATEGORIES,
  JOB_TYPES,
  LANGS,
  PRODUCT_CATEGORIES,
  PROPERTY_TYPES,
  TRANSMISSIONS,
  WORKING_HOURS,
  type RefItem,
} from '../search/reference';
import { makeNamesInOtherScripts } from '../search/searchWords';
import { enumKey } from './values';

/**
 * Partner values of enumerated feed fields → the ids and slugs of the
 * product spec (search/reference.ts). Every lookup folds case, accents and
 * punctuation (`For_Rent`, `FOR RENT`, `for-rent` are one key), knows the
 * Trovit names, our own labels in every language we write, and common
 * synonyms. Unknown values return undefined: the mapper keeps them in the
 * ad's `feedAttributes`.
 */

function table<V>(entries: readonly (readonly [string, V])[]): Map<string, V> {
  return new Map(entries.map(([k, v]) => [enumKey(k), v]));
}

/**
 * A value by its whole key, else by the words of a phrase the table knows, as written or in the masculine
 * ("Automática" is automático, "Híbrida" híbrido, "Comercial y ventas" comercial, "Mild Hybrid" hybrid):
 * the one value its known words name, or what `combined` makes of several ("Petrol Hybrid" is a hybrid);
 * none when they disagree and nothing combines them ("Manual/Automatic").
 */
function lookup<V>(
  map: ReadonlyMap<string, V>,
  value: string,
  notInPhrases?: ReadonlySet<string>,
  combined?: (values: ReadonlySet<V>) => V | undefined,
): V | undefined {
  const key = enumKey(value);
  const whole = map.get(key);
  if (whole !== undefined || (!key.includes(' ') && !key.endsWith('a'))) return whole;
  const found = new Set<V>();
  for (const word of key.split(' ')) {
    if (notInPhrases?.has(word)) continue;
    const v = map.get(word) ?? (word.endsWith('a') ? map.get(`${word.slice(0, -1)}o`) : undefined);
    if (v !== undefined) found.add(v);
  }
  if (found.size === 1) return found.values().next().value;
  return found.size > 1 ? combined?.(found) : undefined;
}

function withLabels<V extends string | number>(items: readonly RefItem<V>[], extra: readonly (readonly [string, V])[]) {
  const map = table(extra);
  // Each language's labels first, in the languages' order (English's "Van" is a van, before German's
  // word for an MPV), then the slugs, then each region's ("Para alugar", "Departamento", "Sedan"): a
  // region's word that is another value's in a language keeps the language's meaning.
  for (const lang of LANGS) {
    for (const item of items) {
      const key = enumKey(item.labels[lang]);
      if (!map.has(key)) map.set(key, item.value);
    }
  }
  for (const item of items) {
    const slug = enumKey(String(item.value));
    if (!map.has(slug)) map.set(slug, item.value);
  }
  for (const item of items) {
    for (const label of Object.values(item.labels)) {
      const key = enumKey(label);
      if (!map.has(key)) map.set(key, item.value);
    }
  }
  return map;
}

/** Trovit homes `type` → spec property type id (our `typeId`, the deal type). */
const HOME_TYPES = withLabels(DEAL_TYPES, [
  ['For Sale', 1],
  ['For Rent', 2],
  ['Rentals', 3],
  ['Country House Rentals', 4],
  ['Roommate', 5],
  ['Parking For Rent', 6],
  ['Parking For Sale', 7],
  ['Office For Rent', 8],
  ['Office For Sale', 9],
  ['Land For Sale', 10],
  ['Transfer Local', 11],
  ['For Rent Local', 12],
  ['For Sale Local', 13],
  ['Warehouse For Rent', 14],
  ['Warehouse For Sale', 15],
  ['Overseas', 16],
  ['Short Term Rentals', 17],
  ['Unlisted Foreclosure', 18],
  // The older official schema.
  ['Venta', 1],
  ['Alquiler', 2],
  // Siblings seen in real feeds.
  ['Renta', 2],
  ['Arriendo', 2],
  ['Sale', 1],
  ['Rent', 2],
  ['Buy', 1],
  ['Vente', 1],
  ['Location', 2],
  ['Vendita', 1],
  ['Affitto', 2],
  ['Kauf', 1],
  ['Miete', 2],
  ['Holiday Rentals', 3],
  ['Vacation Rentals', 3],
  ['Alquiler Vacacional', 3],
  ['Room For Rent', 5],
  ['Shared', 5],
  ['Traspaso', 11],
  ['Temporary Rentals', 17],
]);

export function homeTypeId(value: string): number | undefined {
  const key = enumKey(value);
  const known = HOME_TYPES.get(key);
  if (known !== undefined) return known;
  if (/^\d+$/.test(key) && Number(key) >= 1 && Number(key) <= 18) return Number(key);
  // Last resort: the deal named by a word ("Piso en alquiler", "Flat for sale", "Kiralık Daire",
  // "Appartement à louer", "賃貸マンション"), and what is dealt in when no dwelling is named with it.
  const words = key.replace(/ı/g, 'i');
  const rent = RENT_WORDS.test(words) || RENT_SCRIPTS.test(words);
  const sale = !rent && (SALE_WORDS.test(words) || SALE_SCRIPTS.test(words));
  // A holiday or short let (not a holiday home for sale).
  if (!sale && HOLIDAY_WORDS.test(words)) return 3;
  if (!sale && SHORT_LET_WORDS.test(words)) return 17;
  if (!DWELLING_WORDS.test(words)) {
    for (const [kind, rentId, saleId] of DEALT_IN) {
      if (!kind.test(words)) continue;
      if (rent && rentId !== undefined) return rentId;
      if (sale && saleId !== undefined) return saleId;
      // A kind only ever let or only ever sold is its deal when none is named ("Flatshare", "Terreno").
      if (!rent && !sale) return rentId === undefined ? saleId : saleId === undefined ? rentId : undefined;
    }
  }
  return rent ? 2 : sale ? 1 : undefined;
}

/** Words of a deal type (folded by `enumKey`) that say it is let, in the sites' languages (Latin letters). */
const RENT_WORDS =
  /\b(rent|rental|rentals|to let|let|letting|lettings|lease|alquiler|alquila|renta|arriendo|arrienda|arrendamiento|location|louer|loue|affitto|affittasi|affitta|miete|mieten|vermieten|vermietung|arrendamento|arrenda|arrendase|aluguel|aluguer|alugar|aluga|locacao|najem|wynajem|wynajecia|pronajem|kiralik|huur|uthyres|leje|leie|inchiriere|kiado)\b/;
/** The same in other scripts (no word boundaries there): Russian, Japanese, Arabic. */
const RENT_SCRIPTS = /аренд|сда[её]т|сдам|賃貸|ايجار|إيجار/;
const SALE_WORDS =
  /\b(sale|buy|venta|vende|vendo|vente|vendre|vendita|vendesi|verkauf|verkaufen|kauf|kaufen|venda|vendese|sprzedaz|sprzedam|prodej|satilik|koop|salg|salu|vanzare|elado)\b/;
const SALE_SCRIPTS = /прода|売|للبيع|بيع/;
const HOLIDAY_WORDS = /\b(holiday|vacation|vacacional|vacaciones|vacances|vacanze|ferien|ferienwohnung|temporada)\b/;
const SHORT_LET_WORDS = /\b(short let|short term|temporario|temporaria|temporal|corta estancia|temporary)\b/;
/** A dwelling named: the deal is a home's, whatever else the text says ("Casa con garaje en venta"). */
const DWELLING_WORDS =
  /\b(casa|piso|apartamento|apartment|flat|house|maison|appartement|wohnung|haus|villa|chalet|departamento|daire|home|vivienda|appartamento|moradia|mieszkanie|dom)\b|квартир|マンション|アパート|شقة|فيلا/;
/** What is dealt in, when no dwelling is named: its deal types when let and when sold. */
const DEALT_IN: readonly [RegExp, number | undefined, number | undefined][] = [
  [/\b(room|rooms|habitacion|flatshare|flat share|colocation|wg|zimmer|stanza|quarto|pokoj)\b/, 5, undefined],
  [/\b(parking|garage|garaje|cochera|box|posto auto|stellplatz|estacionamento|vaga)\b/, 6, 7],
  [/\b(office|offices|oficina|bureau|bureaux|ufficio|buro|escritorio|sala comercial)\b/, 8, 9],
  [/\b(warehouse|bodega|nave|industrial|magazzino|capannone|lager|halle|entrepot|galpao|armazem)\b/, 14, 15],
  [/\b(local|locales|shop|retail|negozio|ladenlokal|ladenflache|commerce|loja|comercial)\b/, 12, 13],
  [/\b(land|plot|terreno|terrain|grundstuck|solar|lote|parcela|dzialka|edificabile)\b/, undefined, 10],
];

/** Deal types whose price is a rent (the plausible price range differs). */
export const RENT_TYPES: ReadonlySet<number> = new Set([2, 3, 4, 5, 6, 8, 12, 14, 17]);

/** The kind of dwelling a deal type implies when `property_type` says nothing we know. */
export const KIND_OF_TYPE: Readonly<Record<number, string>> = {
  5: 'room',
  6: 'garage',
  7: 'garage',
  8: 'office',
  9: 'office',
  10: 'land',
  11: 'shop',
  12: 'shop',
  13: 'shop',
  14: 'warehouse',
  15: 'warehouse',
};

const PROPERTY_KINDS = withLabels(PROPERTY_TYPES, [
  ['apartment', 'flat'],
  ['apartamento', 'flat'],
  ['departamento', 'flat'],
  ['depto', 'flat'],
  ['appartamento', 'flat'],
  ['piso', 'flat'],
  ['condo', 'flat'],
  ['condominium', 'flat'],
  ['wohnung', 'flat'],
  ['bungalow', 'house'],
  ['townhouse', 'house'],
  ['terraced house', 'house'],
  ['semi detached house', 'house'],
  ['detached house', 'house'],
  ['adosado', 'house'],
  ['casa adosada', 'house'],
  ['chalet adosado', 'house'],
  ['unifamiliar', 'house'],
  ['maison', 'house'],
  ['moradia', 'house'],
  ['chalet', 'villa'],
  ['chalet independiente', 'villa'],
  ['finca', 'cottage'],
  ['casa rustica', 'cottage'],
  ['casa de campo', 'cottage'],
  ['farmhouse', 'cottage'],
  ['atico', 'penthouse'],
  ['attic', 'penthouse'],
  ['estudio', 'studio'],
  ['monolocale', 'studio'],
  ['bedsit', 'studio'],
  ['habitacion', 'room'],
  ['garaje', 'garage'],
  ['parking', 'garage'],
  ['plaza de garaje', 'garage'],
  ['oficina', 'office'],
  ['local', 'shop'],
  ['local comercial', 'shop'],
  ['commercial', 'shop'],
  ['retail', 'shop'],
  ['solar', 'land'],
  ['plot', 'land'],
  ['terreno', 'land'],
  ['nave', 'warehouse'],
  ['nave industrial', 'warehouse'],
  ['industrial', 'warehouse'],
]);

export function propertyKind(value: string): string | undefined {
  return lookup(PROPERTY_KINDS, value);
}

const PRODUCT_CATEGORY_IDS = withLabels(PRODUCT_CATEGORIES, [
  ['Furniture', 101],
  ['Sports Equipment', 102],
  ['Electronics and Technology', 103],
  ['Electronics & Technology', 103],
  ['Pets', 104],
  ['Phones', 105],
  ['Musical Instruments', 106],
  ['Kids', 107],
  ['Photography', 108],
  ['Art and Collectables', 109],
  ['Art & Collectables', 109],
  ['Art and Collectibles', 109],
  ['Fashion', 110],
  ['Health and Beauty', 111],
  ['Health & Beauty', 111],
  ['Car Parts and Accessories', 112],
  ['Car Parts & Accessories', 112],
  ['Sport', 102],
  ['Sports', 102],
  ['Electronics', 103],
  ['Technology', 103],
  ['Mobile Phones', 105],
  ['Children', 107],
  ['Clothing', 110],
  ['Car Parts', 112],
  // As partners name them in their languages.
  ['Arredamento', 101],
  ['Deportes', 102],
  ['Informatica', 103],
  ['Elettronica', 103],
  ['Electronica', 103],
  ['Animali', 104],
  ['Mascotas', 104],
  ['Telefonia', 105],
  ['Moviles', 105],
  ['Smartphones', 105],
  ['Toys', 107],
  ['Juguetes', 107],
  ['Giocattoli', 107],
  ['Abbigliamento', 110],
  ['Ropa', 110],
  ['Moda', 110],
  ['Belleza', 111],
  ['Bellezza', 111],
  ['Recambios', 112],
  ['Ricambi', 112],
]);

/** Product categories, comma-separated in the feed: the ids found, in order, and the values that did not map. */
export function productCategoryIds(value: string): { ids: number[]; unknown: string[] } {
  const ids: number[] = [];
  const unknown: string[] = [];
  // Commas separate categories, but "Art, Collectables" style names are rare; try the whole value first.
  const whole = PRODUCT_CATEGORY_IDS.get(enumKey(value));
  const parts = whole !== undefined ? [value] : value.split(/[,;|]/);
  for (const part of parts) {
    const t = part.trim();
    if (!t) continue;
    const key = enumKey(t);
    const id = PRODUCT_CATEGORY_IDS.get(key) ?? (/^1(0[1-9]|1[0-2])$/.test(key) ? Number(key) : undefined);
    if (id === undefined) unknown.push(t);
    else if (!ids.includes(id)) ids.push(id);
  }
  return { ids, unknown };
}

const FUEL_VALUES = withLabels(FUELS, [
  ['gasoline', 'petrol'],
  ['gas', 'petrol'],
  ['gasolina', 'petrol'],
  ['benzina', 'petrol'],
  ['essence', 'petrol'],
  ['benzin', 'petrol'],
  ['unleaded', 'petrol'],
  // River Plate Spanish: "Nafta" is petrol (Czech's word for diesel, which `fuelOf` reads on Czech sites).
  ['nafta', 'petrol'],
  ['nafta gnc', 'petrol'],
  ['gasoil', 'diesel'],
  ['gasolio', 'diesel'],
  ['olej napedowy', 'diesel'],
  // Brazil's flex cars run on petrol or ethanol: petrol's filters.
  ['flex', 'petrol'],
  ['etanol', 'petrol'],
  ['gasoleo', 'diesel'],
  ['gazole', 'diesel'],
  ['hibrido', 'hybrid'],
  ['hybride', 'hybrid'],
  ['ibrido', 'hybrid'],
  ['plug in hybrid', 'hybrid'],
  ['electrico', 'electric'],
  ['eletrico', 'electric'],
  ['electrique', 'electric'],
  ['elettrico', 'electric'],
  ['elektrisch', 'electric'],
  ['ev', 'electric'],
  ['glp', 'lpg'],
  ['gpl', 'lpg'],
  ['autogas', 'lpg'],
]);
/** "Gas" alone is petrol (American), but "Gas natural" is natural gas, which no fuel of ours is. */
const GAS = new Set(['gas']);
/** Fuels named together: a hybrid ("Petrol Hybrid", "Petrol/Electric"), or a car that runs on LPG too ("Benzina/GPL"). */
function fuels(found: ReadonlySet<string>): string | undefined {
  if (found.has('hybrid') || (found.has('electric') && found.size === 2)) return 'hybrid';
  if (found.has('lpg') && found.size === 2) return 'lpg';
  return undefined;
}
/** Words whose fuel depends on the site's language: Czech and Slovak "nafta" is diesel. */
const FUEL_IN_LANGUAGE: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map([
  ['cs', table([['nafta', 'diesel']])],
  ['sk', table([['nafta', 'diesel']])],
]);
export const fuelOf = (value: string, lang = 'en') =>
  FUEL_IN_LANGUAGE.get(lang)?.get(enumKey(value)) ?? lookup(FUEL_VALUES, value, GAS, fuels);

const TRANSMISSION_VALUES = withLabels(TRANSMISSIONS, [
  ['manuel', 'manual'],
  ['manuale', 'manual'],
  ['mechanical', 'manual'],
  ['stick', 'manual'],
  ['automatico', 'automatic'],
  ['automatique', 'automatic'],
  ['automatik', 'automatic'],
  ['auto', 'automatic'],
  ['semi automatic', 'automatic'],
  ['cvt', 'automatic'],
  ['a t', 'automatic'],
  ['m t', 'manual'],
  ['amt', 'automatic'],
  ['automatizada', 'automatic'],
  ['automatizado', 'automatic'],
  ['オートマ', 'automatic'],
  ['マニュアル', 'manual'],
]);
export const transmissionOf = (value: string) => lookup(TRANSMISSION_VALUES, value);

const CAR_TYPE_VALUES = withLabels(CAR_TYPES, [
  ['sedan', 'saloon'],
  ['berlina', 'saloon'],
  ['compact', 'hatchback'],
  ['compacto', 'hatchback'],
  ['small car', 'hatchback'],
  ['station wagon', 'estate'],
  ['familiar', 'estate'],
  ['wagon', 'estate'],
  ['kombi', 'estate'],
  ['4x4', 'suv'],
  ['off road', 'suv'],
  ['todoterreno', 'suv'],
  ['crossover', 'suv'],
  ['cabrio', 'convertible'],
  ['cabriolet', 'convertible'],
  ['descapotable', 'convertible'],
  ['minivan', 'mpv'],
  ['monovolumen', 'mpv'],
  ['furgoneta', 'van'],
  ['pick up', 'pickup'],
  ['pick', 'pickup'],
  ['mini van', 'mpv'],
  ['coupe', 'coupe'],
]);
/** "4x4" beside a body says it is driven on four wheels ("Pick-up 4x4"), not that it is an SUV. */
const DRIVE_WORDS = new Set(['4x4', '4wd', 'awd']);
/** Words whose body depends on the site's language: German sites' "Van" (and "Van / Kleinbus") is an MPV. */
const CAR_TYPE_IN_LANGUAGE: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map([
  [
    'de',
    table([
      ['van', 'mpv'],
      ['van kleinbus', 'mpv'],
      ['kleinbus', 'mpv'],
    ]),
  ],
]);
export const carTypeOf = (value: string, lang = 'en') =>
  CAR_TYPE_IN_LANGUAGE.get(lang)?.get(enumKey(value)) ?? lookup(CAR_TYPE_VALUES, value, DRIVE_WORDS);

/**
 * Makes that partners list beyond the search reference's (`CAR_MAKES`, the site's own make list): under
 * one spelling whatever a partner's ("LAND ROVER", "Land-Rover"), with the models a title may name.
 */
const MORE_MAKES: readonly { name: string; models: readonly string[] }[] = [
  { name: 'Alfa Romeo', models: ['Giulia', 'Giulietta', 'Stelvio', 'MiTo', 'Tonale'] },
  { name: 'Land Rover', models: ['Range Rover', 'Discovery', 'Defender', 'Freelander'] },
  { name: 'Mini', models: ['Cooper', 'Countryman', 'Clubman'] },
  { name: 'Cupra', models: ['Formentor', 'Born', 'Leon', 'Ateca'] },
  { name: 'DS', models: ['DS 3', 'DS 4', 'DS 7'] },
  { name: 'Jeep', models: ['Renegade', 'Compass', 'Wrangler', 'Grand Cherokee', 'Cherokee'] },
  { name: 'Porsche', models: ['911', 'Cayenne', 'Macan', 'Panamera', 'Taycan'] },
  { name: 'Lexus', models: ['NX', 'RX', 'UX', 'IS', 'CT'] },
  { name: 'Mitsubishi', models: ['ASX', 'Outlander', 'Eclipse Cross', 'Space Star', 'L200'] },
  { name: 'Subaru', models: ['Impreza', 'Forester', 'Outback', 'XV'] },
  { name: 'Chevrolet', models: ['Spark', 'Aveo', 'Cruze', 'Captiva', 'Camaro'] },
  { name: 'Jaguar', models: ['XE', 'XF', 'F-Pace', 'E-Pace'] },
  { name: 'Smart', models: ['Fortwo', 'Forfour'] },
  { name: 'Lancia', models: ['Ypsilon', 'Delta'] },
  { name: 'MG', models: ['ZS', 'MG4', 'HS'] },
  { name: 'BYD', models: ['Atto 3', 'Dolphin', 'Seal'] },
  { name: 'Abarth', models: ['595', '695'] },
  { name: 'Alpine', models: ['A110'] },
  { name: 'Lada', models: ['Niva', 'Vesta', 'Granta'] },
  { name: 'Isuzu', models: ['D-Max'] },
  { name: 'Daihatsu', models: ['Terios', 'Sirion'] },
  { name: 'SsangYong', models: ['Tivoli', 'Korando', 'Rexton'] },
  { name: 'Geely', models: [] },
  { name: 'Chery', models: [] },
  { name: 'Infiniti', models: [] },
  { name: 'Dodge', models: [] },
  { name: 'Chrysler', models: [] },
  { name: 'Cadillac', models: [] },
  { name: 'Maserati', models: [] },
  { name: 'Ferrari', models: [] },
  { name: 'Lamborghini', models: [] },
  { name: 'Bentley', models: [] },
  { name: 'Aston Martin', models: [] },
  { name: 'Rolls-Royce', models: [] },
  { name: 'Polestar', models: [] },
  { name: 'Iveco', models: ['Daily'] },
  { name: 'Saab', models: [] },
  { name: 'Tata', models: [] },
  { name: 'Mahindra', models: [] },
  { name: 'Maruti Suzuki', models: ['Swift', 'Baleno', 'Alto', 'Dzire'] },
];

const MAKES = new Map<string, { name: string; models: Map<string, string> }>();
for (const make of [...CAR_MAKES, ...MORE_MAKES]) {
  MAKES.set(enumKey(make.name), { name: make.name, models: new Map(make.models.map((m) => [enumKey(m), m])) });
}
for (const [alias, name] of [
  ['vw', 'Volkswagen'],
  ['mercedes', 'Mercedes-Benz'],
  ['mercedes benz', 'Mercedes-Benz'],
  ['citroen', 'Citroën'],
  ['skoda', 'Skoda'],
  ['landrover', 'Land Rover'],
  ['alfa', 'Alfa Romeo'],
  ['ds automobiles', 'DS'],
  ['maruti', 'Maruti Suzuki'],
] as const) {
  const known = MAKES.get(enumKey(name));
  if (known) MAKES.set(alias, known);
}
// Their names in other scripts ("トヨタ", "тойота", "تويوتا"): the ad is the Latin make's, as a search of either finds it.
for (const [latin, names] of makeNamesInOtherScripts()) {
  const known = MAKES.get(latin);
  if (known) for (const name of names) if (!MAKES.has(enumKey(name))) MAKES.set(enumKey(name), known);
}

/**
 * A car make (and model) under its canonical spelling; the partner's spelling when unknown. A model
 * the partner writes as a known one and more ("Golf GTI") is the known one (`modelWritten` keeps the
 * partner's); without a model, the known model the title names first ("Peugeot 3008 1.6 HDi 2008" is a 3008).
 */
export function carMakeModel(make: string | undefined, model: string | undefined, title: string) {
  let known = make ? MAKES.get(enumKey(make)) : undefined;
  if (!make) {
    // Partners without a `make` usually start the title with it.
    const words = enumKey(title).split(' ');
    for (const n of [2, 1]) {
      const key = words.slice(0, n).join(' ');
      // Not a word a title starts with for other reasons ("Mini excavadora", "Smart TV").
      known = TITLE_WORDS.has(key) ? undefined : MAKES.get(key);
      if (known) break;
    }
  }
  const makeName = known?.name ?? make?.trim() ?? '';
  let modelName = model?.trim() ?? '';
  let modelWritten: string | undefined;
  if (known) {
    if (modelName) {
      const key = enumKey(modelName);
      // A known model and its trim ("Golf GTI", "Golf 1.6 TDI"), not another model of that name ("Yaris Cross").
      const trim = TRIM.test(modelName.trim().split(/\s+/).slice(1).join(' '));
      const base = known.models.get(key) ?? (trim ? firstModelIn(known.models, key, true) : undefined);
      if (base !== undefined && base !== modelName) modelWritten = modelName;
      modelName = base ?? modelName;
    } else modelName = firstModelIn(known.models, enumKey(title), false) ?? '';
  }
  return { make: makeName, model: modelName, makeKnown: known !== undefined, modelWritten };
}

/** Makes that are words a title starts with for other reasons. */
const TITLE_WORDS = new Set(['mini', 'smart', 'ds', 'mg', 'tata', 'alpine', 'jeep']);

/** A trim after a model's name: words of capitals or with a figure ("GTI", "1.6 TDI", "AMG", "HDi 110"). */
const TRIM = /^(?:(?:[A-Z][A-Za-z]{0,3}|\S*\d\S*)(?:\s+|$))+$/;

/**
 * The known model a folded text names first (the longest at one place: "Grand Cherokee" before
 * "Cherokee"); with `atStart`, only one the text starts with ("golf gti" is a Golf).
 */
function firstModelIn(models: ReadonlyMap<string, string>, text: string, atStart: boolean): string | undefined {
  const t = ` ${text} `;
  let best: { at: number; length: number; name: string } | undefined;
  for (const [key, name] of models) {
    const at = t.indexOf(` ${key} `);
    if (at === -1 || (atStart && at !== 0)) continue;
    if (!best || at < best.at || (at === best.at && key.length > best.length)) best = { at, length: key.length, name };
  }
  return best?.name;
}

const JOB_CATEGORY_IDS = withLabels(JOB_CATEGORIES, [
  ['finance', 1],
  ['accounting', 1],
  ['banking', 1],
  ['admin', 2],
  ['office', 2],
  ['secretarial', 2],
  ['customer support', 3],
  ['call center', 3],
  ['teaching', 4],
  ['training', 4],
  ['engineering', 5],
  ['health', 6],
  ['medical', 6],
  ['nursing', 6],
  ['hotel', 7],
  ['restaurant', 7],
  ['catering', 7],
  ['tourism', 7],
  ['information technology', 8],
  ['software', 8],
  ['technology', 8],
  ['tecnologia', 8],
  ['transport', 9],
  ['transport and logistics', 9],
  ['warehouse', 9],
  ['advertising', 10],
  ['shop', 11],
  ['commercial', 12],
  ['comercial', 12],
  ['sales and marketing', 12],
  ['building', 13],
  ['hr', 14],
  ['rrhh', 14],
  // The words of the sectors partners name in their languages (a first known word decides).
  ['finanzas', 1],
  ['contabilidad', 1],
  ['banca', 1],
  ['administracion', 2],
  // Not "atención" alone ("Atención sociosanitaria" is care), nor "recursos" ("recursos naturales").
  ['atencion al cliente', 3],
  ['sociosanitaria', 6],
  ['sociosanitario', 6],
  ['paciente', 6],
  ['educacion', 4],
  ['docencia', 4],
  ['formacion', 4],
  ['ingenieria', 5],
  ['sanidad', 6],
  ['salud', 6],
  ['enfermeria', 6],
  ['medicina', 6],
  ['sanita', 6],
  ['hosteleria', 7],
  ['hospitality', 7],
  ['turismo', 7],
  ['restauracion', 7],
  ['informatica', 8],
  ['telecomunicaciones', 8],
  ['logistica', 9],
  ['transporte', 9],
  ['marketing', 10],
  ['comunicacion', 10],
  ['ventas', 12],
  ['vendite', 12],
  ['construccion', 13],
  ['recursos humanos', 14],
  ['humanos', 14],
]);
/** "Health & Safety" is a trade of its own, not healthcare: kept as written. */
const HEALTH_AND_SAFETY = /\bhealth (and )?safety\b/;
export const jobCategoryOf = (value: string) =>
  HEALTH_AND_SAFETY.test(enumKey(value)) ? undefined : lookup(JOB_CATEGORY_IDS, value);

const JOB_TYPE_VALUES = withLabels(JOB_TYPES, [
  ['full time permanent', 'permanent'],
  ['indefinite', 'permanent'],
  ['contrato indefinido', 'permanent'],
  ['fixed term', 'temporary'],
  ['temp', 'temporary'],
  ['contrato temporal', 'temporary'],
  ['obra y servicio', 'contract'],
  ['contractor', 'contract'],
  ['practicas', 'internship'],
  ['becario', 'internship'],
  ['intern', 'internship'],
  ['autonomo', 'freelance'],
  ['festanstellung', 'permanent'],
  ['clt', 'permanent'],
  ['interim', 'temporary'],
  ['apprenticeship', 'internship'],
  ['aprendiz', 'internship'],
  ['ausbildung', 'internship'],
  ['self employed', 'freelance'],
]);
/** "Contract" in a phrase says what the words beside it are ("Permanent Contract"), not a contractor's job. */
const CONTRACT_WORDS = new Set(['contract', 'contrato', 'contratto', 'contrat', 'vertrag']);
export const jobTypeOf = (value: string) => lookup(JOB_TYPE_VALUES, value, CONTRACT_WORDS);

const WORKING_HOURS_VALUES = withLabels(WORKING_HOURS, [
  ['full time', 'full-time'],
  ['fulltime', 'full-time'],
  ['tiempo completo', 'full-time'],
  ['part time', 'part-time'],
  ['parttime', 'part-time'],
  ['tiempo parcial', 'part-time'],
  ['jornada parcial', 'part-time'],
  ['shift work', 'shifts'],
  ['rotating shifts', 'shifts'],
]);
export const workingHoursOf = (value: string) => WORKING_HOURS_VALUES.get(enumKey(value));
