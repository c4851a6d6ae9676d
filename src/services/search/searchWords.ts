import { lineageOf, regional, type CatalogueId, type RegionId } from '../../shared/i18n/regions';
import { REFERENCE_LISTS, type Lang } from './reference';
import { normalizePhrase, spaceWords, tokenize } from './text';

/**
 * The words the search service writes titles and descriptions with, in every site's language and
 * region, the words it leaves out of a search's terms, and the words a region's search takes as one.
 */

/** The plural noun of each vertical: "Homes in Madrid", "Cars in Bavaria". */
export const VERTICAL_NOUN: Readonly<Record<string, Readonly<Record<Lang, string>>>> = {
  homes: {
    en: 'Homes',
    es: 'Casas',
    it: 'Case',
    fr: 'Maisons',
    de: 'Immobilien',
    pt: 'Casas',
    nl: 'Woningen',
    ar: 'عقارات',
    cs: 'Nemovitosti',
    da: 'Boliger',
    hu: 'Ingatlanok',
    id: 'Properti',
    ja: '不動産',
    nb: 'Boliger',
    pl: 'Nieruchomości',
    ro: 'Imobiliare',
    ru: 'Недвижимость',
    sv: 'Bostäder',
    th: 'อสังหาริมทรัพย์',
    tr: 'Emlak İlanları',
    uk: 'Нерухомість',
    vi: 'Nhà đất',
    zh: '房屋',
  },
  cars: {
    en: 'Cars',
    es: 'Coches',
    it: 'Auto',
    fr: 'Voitures',
    de: 'Autos',
    pt: 'Carros',
    nl: "Auto's",
    ar: 'سيارات',
    cs: 'Auta',
    da: 'Biler',
    hu: 'Autók',
    id: 'Mobil',
    ja: '中古車',
    nb: 'Biler',
    pl: 'Samochody',
    ro: 'Mașini',
    ru: 'Автомобили',
    sv: 'Bilar',
    th: 'รถยนต์',
    tr: 'Otomobil İlanları',
    uk: 'Автомобілі',
    vi: 'Ô tô',
    zh: '二手車',
  },
  jobs: {
    en: 'Jobs',
    es: 'Empleos',
    it: 'Offerte di lavoro',
    fr: 'Emplois',
    de: 'Jobs',
    pt: 'Empregos',
    nl: 'Vacatures',
    ar: 'وظائف',
    cs: 'Nabídky práce',
    da: 'Job',
    hu: 'Állások',
    id: 'Lowongan kerja',
    ja: '求人',
    nb: 'Jobber',
    pl: 'Oferty pracy',
    ro: 'Locuri de muncă',
    ru: 'Вакансии',
    sv: 'Jobb',
    th: 'งาน',
    tr: 'İş İlanları',
    uk: 'Вакансії',
    vi: 'Việc làm',
    zh: '職缺',
  },
  products: {
    en: 'Products',
    es: 'Productos',
    it: 'Prodotti',
    fr: 'Produits',
    de: 'Produkte',
    pt: 'Produtos',
    nl: 'Producten',
    ar: 'منتجات',
    cs: 'Zboží',
    da: 'Produkter',
    hu: 'Termékek',
    id: 'Produk',
    ja: '商品',
    nb: 'Produkter',
    pl: 'Produkty',
    ro: 'Produse',
    ru: 'Товары',
    sv: 'Produkter',
    th: 'สินค้า',
    tr: 'Alışveriş İlanları',
    uk: 'Товари',
    vi: 'Sản phẩm',
    zh: '商品',
  },
};

/** The vertical nouns a region writes otherwise than its language's country (decision 080). */
const REGIONAL_VERTICAL_NOUNS: Readonly<Partial<Record<RegionId, Readonly<Record<string, string>>>>> = {
  'es-419': { cars: 'Autos' },
  'es-CO': { cars: 'Carros' },
  'es-VE': { cars: 'Carros' },
};

/**
 * The plural noun of a vertical in a catalogue, a language's or a region's (`catalogueOf`): "Coches en
 * Madrid", "Autos en Guadalajara", "Carros en Medellín". Words for titles and links only: a search's
 * words are the visitor's.
 */
export function verticalNoun(vertical: string, wording: CatalogueId): string {
  return (
    regional<string | undefined>(
      wording,
      (lang) => VERTICAL_NOUN[vertical]?.[lang],
      (region, base) => REGIONAL_VERTICAL_NOUNS[region]?.[vertical] ?? base,
    ) ?? vertical
  );
}

/**
 * Words of the ads that a region writes otherwise than its language's country, besides the labels and
 * nouns (`searchSynonyms`), as the index folds them: the demo ads' and the partners' usual words.
 */
const REGIONAL_SEARCH_WORDS: Readonly<Partial<Record<RegionId, readonly (readonly string[])[]>>> = {
  'pt-BR': [
    ['arrendar', 'alugar'],
    ['arrendamento', 'aluguel'],
    ['telemovel', 'celular'],
  ],
  'es-419': [
    ['movil', 'celular'],
    ['ascensor', 'elevador'],
  ],
  'en-US': [
    ['lift', 'elevator'],
    ['pushchair', 'stroller'],
    ['trainers', 'sneakers'],
  ],
};

/**
 * Words that mean something else as often as the thing (folded): never taken for another's synonym. In
 * Latin America a "piso" is a floor and a "departamento" an administrative division (Colombia's
 * "departamento de Antioquia"); "portátil", "independiente", "permanente" are adjectives; a "quinta" is
 * a fifth, a "cobertura" a cover, an "estudio" a study, "comercio" any trade.
 */
const AMBIGUOUS = new Set([
  'piso',
  'departamento',
  'portatil',
  'quinta',
  'independiente',
  'permanente',
  'cobertura',
  'estudio',
  'comercio',
]);

const synonymTables = new Map<CatalogueId, ReadonlyMap<string, readonly string[]>>();

/**
 * The words a search on a region's sites takes as one (decision 080): a value's or a vertical's name in
 * the region and in its language's country, where each is one word and none is `AMBIGUOUS` ("autos"
 * and "coches", "carros" too in Colombia, "apartment" and "flat", "gasoline" and "petrol"), and
 * `REGIONAL_SEARCH_WORDS`; and a car make written in another script, with its Latin name. So a visitor's word finds ads written with the other: partners write either,
 * and a store's demo ads keep the words they were written with. Folded, as `tokenize` gives them; none
 * on a language's own sites, where the region's word can mean something else.
 */
export function searchSynonyms(word: string, wording: CatalogueId): readonly string[] {
  let table = synonymTables.get(wording);
  if (!table) synonymTables.set(wording, (table = synonymTable(wording)));
  const same = table.get(word) ?? [];
  const make = makeInLatin(word);
  return make === undefined ? same : [...same, make];
}

/**
 * The car makes as the sites of other scripts write them, by the make's name as partners and makers
 * write it: a visitor of the Egyptian site types تويوتا, of the Russian one тойота, of the Taiwanese one
 * 豐田, and the ads say Toyota. Arabic, Russian, Ukrainian, Traditional Chinese, Thai and Japanese.
 */
const MAKES_IN_OTHER_SCRIPTS: Readonly<Record<string, readonly string[]>> = {
  toyota: ['تويوتا', 'тойота', '豐田', '丰田', 'โตโยต้า', 'トヨタ'],
  hyundai: ['هيونداي', 'хендай', 'хёндай', 'хундай', 'хюндай', '現代', 'ฮุนได', 'ヒュンダイ'],
  kia: ['كيا', 'киа', 'кіа', '起亞', 'เกีย', 'キア'],
  nissan: ['نيسان', 'ниссан', 'ніссан', '日產', '日産', 'นิสสัน'],
  honda: ['هوندا', 'хонда', '本田', 'ฮอนด้า', 'ホンダ'],
  mitsubishi: ['ميتسوبيشي', 'мицубиси', 'митсубиси', 'міцубісі', '三菱', 'มิตซูบิชิ'],
  mazda: ['مازدا', 'мазда', '馬自達', 'มาสด้า', 'マツダ'],
  suzuki: ['سوزوكي', 'сузуки', 'сузукі', '鈴木', 'ซูซูกิ', 'スズキ'],
  lexus: ['لكزس', 'лексус', '凌志', 'เล็กซัส', 'レクサス'],
  chevrolet: ['شيفروليه', 'شفروليه', 'шевроле', '雪佛蘭', 'เชฟโรเลต', 'シボレー'],
  ford: ['فورد', 'форд', '福特', 'ฟอร์ด', 'フォード'],
  bmw: ['бмв', '寶馬', 'บีเอ็มดับเบิลยู'],
  mercedes: ['مرسيدس', 'мерседес', '賓士', 'เมอร์เซเดส', 'เบนซ์', 'メルセデス'],
  audi: ['أودي', 'اودي', 'ауди', 'ауді', '奧迪', 'ออดี้', 'アウディ'],
  volkswagen: ['فولكس', 'фольксваген', '福斯', 'โฟล์คสวาเกน', 'フォルクスワーゲン'],
  renault: ['رينو', 'рено', '雷諾', 'เรโนลต์', 'ルノー'],
  peugeot: ['بيجو', 'пежо', '標緻', 'เปอโยต์', 'プジョー'],
  skoda: ['سكودا', 'шкода', '斯柯達'],
  lada: ['لادا', 'лада'],
  geely: ['جيلي', 'джили', 'джилі', '吉利'],
  chery: ['شيري', 'чери', 'чері', '奇瑞'],
  isuzu: ['ايسوزو', 'исузу', 'ісузу', '五十鈴', 'อีซูซุ', 'いすゞ'],
  subaru: ['سوبارو', 'субару', '速霸陸', 'ซูบารุ', 'スバル'],
  jeep: ['جيب', 'джип', '吉普', 'จี๊ป', 'ジープ'],
  porsche: ['بورش', 'порше', '保時捷', 'ปอร์เช่', 'ポルシェ'],
  volvo: ['فولفو', 'вольво', '富豪', 'วอลโว่', 'ボルボ'],
  opel: ['أوبل', 'اوبل', 'опель', '歐寶', 'オペル'],
  fiat: ['فيات', 'фиат', 'фіат', '飛雅特', 'フィアット'],
  citroen: ['ستروين', 'ситроен', 'сітроен', '雪鐵龍', 'シトロエン'],
  daihatsu: ['دايهاتسو', 'дайхатсу', '大發', 'ไดฮัทสุ', 'ダイハツ'],
};

/** Each make's names in other scripts, by its Latin name folded ("toyota": トヨタ, тойота…). */
export function makeNamesInOtherScripts(): readonly (readonly [string, readonly string[]])[] {
  return Object.entries(MAKES_IN_OTHER_SCRIPTS);
}

/** The makes by their other-script names as a search parts them: one word, or a run of words (Thai). */
let makeNames: { words: Map<string, string>; runs: Map<string, string>; longest: number } | undefined;

function makeNamesOf(): NonNullable<typeof makeNames> {
  if (!makeNames) {
    const words = new Map<string, string>();
    const runs = new Map<string, string>();
    let longest = 1;
    for (const [make, names] of Object.entries(MAKES_IN_OTHER_SCRIPTS)) {
      for (const name of names) {
        const parted = tokenize(spaceWords(name));
        if (parted.length === 1) words.set(parted[0] as string, make);
        else if (parted.length > 1) {
          runs.set(parted.join(' '), make);
          longest = Math.max(longest, parted.length);
        }
      }
    }
    makeNames = { words, runs, longest };
  }
  return makeNames;
}

/**
 * The makes whose name in another script begins with what a visitor has typed (folded): "トヨ" is
 * トヨタ, "تويو" تويوتا, each with the Latin name its ads are found by (the what suggestions).
 */
export function makesNamedFrom(typed: string): { name: string; make: string }[] {
  const prefix = normalizePhrase(typed);
  if (!prefix || /^[a-z0-9 ]+$/.test(prefix)) return [];
  const out: { name: string; make: string }[] = [];
  for (const [make, names] of Object.entries(MAKES_IN_OTHER_SCRIPTS)) {
    for (const name of names) if (normalizePhrase(name).startsWith(prefix)) out.push({ name, make });
  }
  return out;
}

/** The Latin name of the make a word of another script names (folded, as `tokenize` gives it), if any. */
function makeInLatin(word: string): string | undefined {
  return makeNamesOf().words.get(word);
}

/**
 * A search's words with each run of them that names a make in a script written without spaces as that
 * make's Latin name: Thai parts "โตโยต้า" into three words, which are "toyota" to the ads that write it
 * so. (A make named in one word keeps it, with the Latin name beside it: `searchSynonyms`.)
 */
export function withMakeNames(tokens: readonly string[]): string[] {
  const { runs, longest } = makeNamesOf();
  if (runs.size === 0) return [...tokens];
  const out: string[] = [];
  for (let i = 0; i < tokens.length;) {
    let taken = 0;
    for (let n = Math.min(longest, tokens.length - i); n >= 2 && taken === 0; n--) {
      const make = runs.get(tokens.slice(i, i + n).join(' '));
      if (make !== undefined) {
        out.push(make);
        taken = n;
      }
    }
    if (taken === 0) out.push(tokens[i++] as string);
    else i += taken;
  }
  return out;
}

function synonymTable(wording: CatalogueId): ReadonlyMap<string, readonly string[]> {
  const lineage = lineageOf(wording);
  const table = new Map<string, string[]>();
  if (lineage.length < 2) return table;
  const names = [
    ...Object.keys(VERTICAL_NOUN).map((vertical) => lineage.map((id) => verticalNoun(vertical, id))),
    ...REFERENCE_LISTS.flatMap((items) => items.map((item) => lineage.map((id) => item.labels[id]))),
    ...lineage.flatMap((id) => REGIONAL_SEARCH_WORDS[id as RegionId] ?? []),
  ];
  for (const words of names) {
    const folded = words.map((w) => tokenize(w));
    // A name of several words is no one word of a search ("Vaga de garagem").
    if (!folded.every((w) => w.length === 1)) continue;
    const group = [...new Set(folded.map((w) => w[0] as string))].filter((w) => !AMBIGUOUS.has(w));
    if (group.length < 2) continue;
    for (const word of group) {
      const others = table.get(word) ?? [];
      for (const other of group) if (other !== word && !others.includes(other)) others.push(other);
      table.set(word, others);
    }
  }
  return table;
}

/**
 * The noun after a count of ads, in the plural forms of each language (`Intl.PluralRules`; a form a
 * language lacks is its `other`): "1 ad", "3 ogłoszenia", "5 ogłoszeń", "11 إعلانًا".
 */
const ADS: Readonly<Record<Lang, Readonly<Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }>>> = {
  en: { one: 'ad', other: 'ads' },
  es: { one: 'anuncio', other: 'anuncios' },
  it: { one: 'annuncio', other: 'annunci' },
  fr: { one: 'annonce', other: 'annonces' },
  de: { one: 'Anzeige', other: 'Anzeigen' },
  pt: { one: 'anúncio', other: 'anúncios' },
  nl: { one: 'advertentie', other: 'advertenties' },
  ar: { zero: 'إعلان', one: 'إعلان', two: 'إعلانان', few: 'إعلانات', many: 'إعلانًا', other: 'إعلان' },
  cs: { one: 'inzerát', few: 'inzeráty', many: 'inzerátu', other: 'inzerátů' },
  da: { one: 'annonce', other: 'annoncer' },
  hu: { other: 'hirdetés' },
  id: { other: 'iklan' },
  ja: { other: '件' },
  nb: { one: 'annonse', other: 'annonser' },
  pl: { one: 'ogłoszenie', few: 'ogłoszenia', many: 'ogłoszeń', other: 'ogłoszenia' },
  ro: { one: 'anunț', few: 'anunțuri', other: 'de anunțuri' },
  ru: { one: 'объявление', few: 'объявления', many: 'объявлений', other: 'объявления' },
  sv: { one: 'annons', other: 'annonser' },
  th: { other: 'ประกาศ' },
  tr: { other: 'ilan' },
  uk: { one: 'оголошення', few: 'оголошення', many: 'оголошень', other: 'оголошення' },
  vi: { other: 'tin đăng' },
  zh: { other: '則廣告' },
};

/** Languages that write a count and its noun without a space ("1,234件"). */
const NO_SPACE = new Set<Lang>(['ja', 'zh']);

const formats = new Map<string, { plural: Intl.PluralRules; number: Intl.NumberFormat }>();

/** A count of ads in a locale's words: "1 ad", "1.234 anuncios", "22 ogłoszenia", "1,234件". */
export function adsCount(n: number, locale: string, lang: Lang): string {
  let format = formats.get(locale);
  if (!format) {
    format = { plural: new Intl.PluralRules(locale), number: new Intl.NumberFormat(locale) };
    formats.set(locale, format);
  }
  const forms = ADS[lang];
  const noun = forms[format.plural.select(n)] ?? forms.other;
  return `${format.number.format(n)}${NO_SPACE.has(lang) ? '' : ' '}${noun}`;
}

/**
 * Function words of the first seven languages, left out of every site's terms (a Spanish "para"
 * typed on the Italian site is no better a term), and each other language's own.
 */
const COMMON_STOP_WORDS = new Set(
  (
    'a an and at for in of on the to with ' +
    'con de del el en la las los para por un una y ' +
    'da di il in per con una ' +
    'au aux avec des du en et la le les pour un une ' +
    'das der die ein eine für im mit und zu ' +
    'com do dos em na no o os um uma ' +
    'een het met te van voor'
  ).split(' '),
);
const OWN_STOP_WORDS: Readonly<Partial<Record<Lang, ReadonlySet<string>>>> = Object.fromEntries(
  Object.entries({
    ar: 'في من إلى الى على عن مع و أو او ثم أن ان إن التي الذي هذا هذه ذلك بين عند حتى منذ لدى قد ما ب ل ك ف',
    cs: 'a i v ve z ze na do o od po za u k ke s se pro při pod nad před nebo ani ale že jak to co či',
    da: 'og i på af for med til en et den det de om at som fra ved hos mod eller uden men efter',
    hu: 'a az egy és s vagy is de meg hogy ha sem se illetve valamint vagyis azaz mellett között számára részére által ez ezt azt aki ami amely',
    id: 'di ke dari dan atau yang untuk dengan pada dalam oleh bagi serta tanpa antara ini itu sebuah para yg utk dgn',
    ja: 'の に で を は が と や へ も から まで より など または および',
    nb: 'og i på til for med av om fra en et ei den det de som at å eller hos mot etter mellom samt',
    pl: 'a i w we z ze na do o od po za przy dla pod nad przed u oraz lub albo czy że się jak to co ale',
    ro: 'a al ale cu cel cea cei cele care de din după dupa fără fara în in între intre la lângă langa o ori pe pentru prin sau și si spre un unei unui',
    ru: 'а в во для до же за и из или к ко как ли на над о об обо от по при про с со у что',
    sv: 'och i på av för med till en ett den det de om att som från vid hos mot eller utan men efter åt',
    th: 'ใน ที่ และ หรือ ของ กับ จาก โดย แต่ สำหรับ ซึ่ง เพื่อ แถว ย่าน ใกล้',
    tr: 've ile için bir de da ya veya yada ama fakat ancak gibi göre kadar bu şu o ki mi mı mu mü ne hem olan daha ise',
    uk: 'а або але в від для до ж же з за зі і із на над о об по при про та у чи що як',
    vi: 'và các trên theo hoặc hay này như vào giữa rất hơn cái chiếc ấy sẽ đang',
    zh: '的 之 在 於 和 與 及 或 跟 了 是 到 從 對 以 而 並',
  } as Record<string, string>).map(([lang, words]) => [lang, new Set(tokenize(words))]),
);

/** A word (folded, as `tokenize` gives it) left out of a search's terms on a site of this language. */
export function isStopWord(word: string, lang: Lang): boolean {
  return COMMON_STOP_WORDS.has(word) || OWN_STOP_WORDS[lang]?.has(word) === true;
}
