/**
 * The names a site's visitors know a place by, where the gazetteer's data gives another, most often
 * the English one (decision 077): by our country code (so the Belgian sites, `be` in French and `bc`
 * in Dutch, each have their own), the data name → the name in the site's language. The data name stays
 * a name of the place, so "Rome" still finds Roma on the Italian site, and a feed may write either.
 *
 * Written for the sites in a language of the Latin script, for the cities the data names in English
 * and for the regions; and for Japan's prefectures, whose cities take their names in kanji from the
 * data's other names (`japaneseName`). The sites in other scripts still show the data's Latin names:
 * their names in their own script come without a language in the bundled data (see the decision).
 */
export const LOCAL_NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  it: {
    Rome: 'Roma',
    Milan: 'Milano',
    Naples: 'Napoli',
    Turin: 'Torino',
    Genoa: 'Genova',
    Florence: 'Firenze',
    Venice: 'Venezia',
    Lombardy: 'Lombardia',
    Sicily: 'Sicilia',
    Piedmont: 'Piemonte',
    Apulia: 'Puglia',
    Tuscany: 'Toscana',
    Sardinia: 'Sardegna',
    'Friuli–Venezia Giulia': 'Friuli-Venezia Giulia',
    'Trentino-South Tyrol': 'Trentino-Alto Adige',
    'Aosta Valley': "Valle d'Aosta",
  },
  es: {
    Cadiz: 'Cádiz',
    'Gasteiz / Vitoria': 'Vitoria-Gasteiz',
    Catalonia: 'Cataluña',
    Andalusia: 'Andalucía',
    Léon: 'Castilla y León',
    'Canary Islands': 'Canarias',
    'Basque Country': 'País Vasco',
    'Castilla La Mancha': 'Castilla-La Mancha',
    Aragon: 'Aragón',
    'Balearic Islands': 'Islas Baleares',
  },
  pt: { Lisbon: 'Lisboa' },
  de: {
    Munich: 'München',
    'North Rhine-Westphalia': 'Nordrhein-Westfalen',
    Bavaria: 'Bayern',
    'Lower Saxony': 'Niedersachsen',
    Hesse: 'Hessen',
    Saxony: 'Sachsen',
    'Rhineland-Palatinate': 'Rheinland-Pfalz',
    'Saxony-Anhalt': 'Sachsen-Anhalt',
    Thuringia: 'Thüringen',
  },
  at: {
    Vienna: 'Wien',
    'Lower Austria': 'Niederösterreich',
    Styria: 'Steiermark',
    'Upper Austria': 'Oberösterreich',
    Tyrol: 'Tirol',
    Carinthia: 'Kärnten',
  },
  ch: {
    Genève: 'Genf',
    'Sankt Gallen': 'St. Gallen',
    // The cantons named as their capitals are "Kanton …", so a link to one never opens the other.
    Geneva: 'Kanton Genf',
    Lucerne: 'Kanton Luzern',
    'St. Gallen': 'Kanton St. Gallen',
    Vaud: 'Waadt',
    Valais: 'Wallis',
    Ticino: 'Tessin',
    'Basel-Land': 'Basel-Landschaft',
  },
  cz: {
    Prague: 'Praha',
    Pilsen: 'Plzeň',
    'Praha, Hlavní město': 'Hlavní město Praha',
    'Plzeň-jih': 'Plzeňský kraj',
    Zlín: 'Zlínský kraj',
  },
  nl: {
    'The Hague': 'Den Haag',
    'North Holland': 'Noord-Holland',
    'South Holland': 'Zuid-Holland',
    'North Brabant': 'Noord-Brabant',
  },
  be: {
    Brussels: 'Bruxelles',
    Antwerpen: 'Anvers',
    Gent: 'Gand',
    Brugge: 'Bruges',
    Leuven: 'Louvain',
    Mechelen: 'Malines',
    Kortrijk: 'Courtrai',
    Ostend: 'Ostende',
    Aalst: 'Alost',
    Ieper: 'Ypres',
    Roeselare: 'Roulers',
    Dendermonde: 'Termonde',
    'Sint-Truiden': 'Saint-Trond',
    Tienen: 'Tirlemont',
    Tongeren: 'Tongres',
    Lier: 'Lierre',
    Oudenaarde: 'Audenarde',
    Geraardsbergen: 'Grammont',
    Ronse: 'Renaix',
    Menen: 'Menin',
    Flanders: 'Flandre',
    Wallonia: 'Wallonie',
    'Brussels-Capital Region': 'Région de Bruxelles-Capitale',
  },
  bc: {
    Brussels: 'Brussel',
    Liège: 'Luik',
    Namur: 'Namen',
    Mons: 'Bergen',
    Ostend: 'Oostende',
    Tournai: 'Doornik',
    Mouscron: 'Moeskroen',
    "Braine-l'Alleud": 'Eigenbrakel',
    Wavre: 'Waver',
    Nivelles: 'Nijvel',
    Arlon: 'Aarlen',
    Soignies: 'Zinnik',
    Ath: 'Aat',
    Flanders: 'Vlaanderen',
    Wallonia: 'Wallonië',
    'Brussels-Capital Region': 'Brussels Hoofdstedelijk Gewest',
  },
  lu: {
    'Canton of Esch-sur-Alzette': 'Canton d’Esch-sur-Alzette',
    'Canton of Luxembourg': 'Canton de Luxembourg',
    'Canton of Capellen': 'Canton de Capellen',
    'Canton of Diekirch': 'Canton de Diekirch',
    'Canton of Mersch': 'Canton de Mersch',
    'Canton of Grevenmacher': 'Canton de Grevenmacher',
    'Canton of Remich': 'Canton de Remich',
    'Canton of Echternach': 'Canton d’Echternach',
    'Canton of Wiltz': 'Canton de Wiltz',
    'Canton of Redange': 'Canton de Redange',
    'Canton of Clervaux': 'Canton de Clervaux',
    'Canton of Vianden': 'Canton de Vianden',
  },
  ma: {
    Marrakesh: 'Marrakech',
    Tangier: 'Tanger',
    Sale: 'Salé',
    'El Jadid': 'El Jadida',
    Kenitra: 'Kénitra',
  },
  pl: {
    Warsaw: 'Warszawa',
    'Bielsko-Biala': 'Bielsko-Biała',
    'Masovian Voivodeship': 'Mazowieckie',
    'Silesian Voivodeship': 'Śląskie',
    'Lower Silesian Voivodeship': 'Dolnośląskie',
    'Lesser Poland Voivodeship': 'Małopolskie',
    'Greater Poland Voivodeship': 'Wielkopolskie',
    'Łódź Voivodeship': 'Łódzkie',
    'Pomeranian Voivodeship': 'Pomorskie',
    'Kuyavian-Pomeranian Voivodeship': 'Kujawsko-Pomorskie',
    'Podkarpackie Voivodeship': 'Podkarpackie',
    'West Pomeranian Voivodeship': 'Zachodniopomorskie',
    'Lublin Voivodeship': 'Lubelskie',
    'Warmian-Masurian Voivodeship': 'Warmińsko-Mazurskie',
    'Podlaskie Voivodeship': 'Podlaskie',
    'Lubusz Voivodeship': 'Lubuskie',
    'Świętokrzyskie Voivodeship': 'Świętokrzyskie',
    'Opole Voivodeship': 'Opolskie',
  },
  ro: {
    Bucharest: 'București',
    ...counties('Județul ', [
      ['Prahova County', 'Prahova'],
      ['Iași County', 'Iași'],
      ['Suceava County', 'Suceava'],
      ['Dolj County', 'Dolj'],
      ['Constanța County', 'Constanța'],
      ['Bacău County', 'Bacău'],
      ['Timiș County', 'Timiș'],
      ['Cluj County', 'Cluj'],
      ['Arges', 'Argeș'],
      ['Galați County', 'Galați'],
      ['Dâmbovița County', 'Dâmbovița'],
      ['Neamț County', 'Neamț'],
      ['Bihor County', 'Bihor'],
      ['Mureș County', 'Mureș'],
      ['Brașov County', 'Brașov'],
      ['Buzău County', 'Buzău'],
      ['Olt County', 'Olt'],
      ['Maramureș County', 'Maramureș'],
      ['Botoșani County', 'Botoșani'],
      ['Arad County', 'Arad'],
      ['Teleorman County', 'Teleorman'],
      ['Hunedoara County', 'Hunedoara'],
      ['Vaslui County', 'Vaslui'],
      ['Sibiu County', 'Sibiu'],
      ['Vâlcea County', 'Vâlcea'],
      ['Alba', 'Alba'],
      ['Vrancea County', 'Vrancea'],
      ['Braila', 'Brăila'],
      ['Satu Mare County', 'Satu Mare'],
      ['Gorj County', 'Gorj'],
      ['Giurgiu County', 'Giurgiu'],
      ['Ilfov County', 'Ilfov'],
      ['Ialomița County', 'Ialomița'],
      ['Caraș-Severin County', 'Caraș-Severin'],
      ['Harghita County', 'Harghita'],
      ['Bistrița-Năsăud County', 'Bistrița-Năsăud'],
      ['Mehedinți County', 'Mehedinți'],
      ['Călărași County', 'Călărași'],
      ['Tulcea County', 'Tulcea'],
      ['Sălaj County', 'Sălaj'],
      ['Covasna County', 'Covasna'],
    ]),
  },
  hu: {
    'Pest County': 'Pest vármegye',
    'Borsod-Abaúj-Zemplén County': 'Borsod-Abaúj-Zemplén vármegye',
    'Fejér County': 'Fejér vármegye',
    'Hajdú-Bihar County': 'Hajdú-Bihar vármegye',
    'Bács-Kiskun County': 'Bács-Kiskun vármegye',
    'Szabolcs-Szatmár-Bereg County': 'Szabolcs-Szatmár-Bereg vármegye',
    'Csongrád County': 'Csongrád-Csanád vármegye',
    'Jász-Nagykun-Szolnok County': 'Jász-Nagykun-Szolnok vármegye',
    'Győr-Moson-Sopron County': 'Győr-Moson-Sopron vármegye',
    'Békés County': 'Békés vármegye',
    'Heves County': 'Heves vármegye',
    'Baranya County': 'Baranya vármegye',
    'Veszprém County': 'Veszprém vármegye',
    'Somogy County': 'Somogy vármegye',
    'Tolna County': 'Tolna vármegye',
    'Zala County': 'Zala vármegye',
    'Vas County': 'Vas vármegye',
    'Nógrád County': 'Nógrád vármegye',
  },
  se: {
    'Stockholm County': 'Stockholms län',
    'Västra Götaland County': 'Västra Götalands län',
    'Skåne County': 'Skåne län',
    'Östergötland County': 'Östergötlands län',
    'Jönköping County': 'Jönköpings län',
    'Uppsala County': 'Uppsala län',
    'Västernorrland County': 'Västernorrlands län',
    'Örebro County': 'Örebro län',
    'Halland County': 'Hallands län',
    'Västmanland County': 'Västmanlands län',
    'Södermanland County': 'Södermanlands län',
    'Västerbotten County': 'Västerbottens län',
    'Dalarna County': 'Dalarnas län',
    'Gävleborg County': 'Gävleborgs län',
    'Värmland County': 'Värmlands län',
    'Norrbotten County': 'Norrbottens län',
    'Kalmar County': 'Kalmar län',
    'Kronoberg County': 'Kronobergs län',
    Blekinge: 'Blekinge län',
    'Gotland County': 'Gotlands län',
  },
  dk: {
    Copenhagen: 'København',
    'Capital Region of Denmark': 'Region Hovedstaden',
    'Central Denmark Region': 'Region Midtjylland',
    'Region of Southern Denmark': 'Region Syddanmark',
    'Region Zealand': 'Region Sjælland',
    'North Denmark Region': 'Region Nordjylland',
  },
  jp: {
    Tokyo: '東京都',
    'Kanagawa Prefecture': '神奈川県',
    'Ōsaka Prefecture': '大阪府',
    'Saitama Prefecture': '埼玉県',
    'Aichi Prefecture': '愛知県',
    'Hyōgo Prefecture': '兵庫県',
    'Hokkaidō Prefecture': '北海道',
    'Chiba Prefecture': '千葉県',
    'Fukuoka Prefecture': '福岡県',
    'Shizuoka Prefecture': '静岡県',
    'Hiroshima Prefecture': '広島県',
    'Kyōto Prefecture': '京都府',
    'Ibaraki Prefecture': '茨城県',
    'Niigata Prefecture': '新潟県',
    'Miyagi Prefecture': '宮城県',
    'Tochigi Prefecture': '栃木県',
    'Okayama Prefecture': '岡山県',
    'Nagano Prefecture': '長野県',
    'Gunma Prefecture': '群馬県',
    'Fukushima Prefecture': '福島県',
    'Gifu Prefecture': '岐阜県',
    'Mie Prefecture': '三重県',
    'Kagoshima Prefecture': '鹿児島県',
    'Kumamoto Prefecture': '熊本県',
    'Wakayama Prefecture': '和歌山県',
    'Nagasaki Prefecture': '長崎県',
    'Ōita Prefecture': '大分県',
    'Aomori Prefecture': '青森県',
    'Okinawa Prefecture': '沖縄県',
    'Nara Prefecture': '奈良県',
    'Yamagata Prefecture': '山形県',
    'Shiga Prefecture': '滋賀県',
    'Ehime Prefecture': '愛媛県',
    'Toyama Prefecture': '富山県',
    'Iwate Prefecture': '岩手県',
    'Ishikawa Prefecture': '石川県',
    'Yamaguchi Prefecture': '山口県',
    'Miyazaki Prefecture': '宮崎県',
    'Akita Prefecture': '秋田県',
    'Fukui Prefecture': '福井県',
    'Kagawa Prefecture': '香川県',
    'Kōchi Prefecture': '高知県',
    'Tokushima Prefecture': '徳島県',
    'Yamanashi Prefecture': '山梨県',
    'Saga Prefecture': '佐賀県',
    'Shimane Prefecture': '島根県',
    'Tottori Prefecture': '鳥取県',
  },
  tr: { Istanbul: 'İstanbul' },
  vn: {
    'Ho Chi Minh City': 'Thành phố Hồ Chí Minh',
    Hanoi: 'Hà Nội',
    'Da Nang': 'Đà Nẵng',
    Haiphong: 'Hải Phòng',
    // The municipalities (regions) of the two cities, which would otherwise share their names.
    'Hà Nội': 'Thành phố Hà Nội',
    'Hải Phòng': 'Thành phố Hải Phòng',
    'Đà Nẵng': 'Thành phố Đà Nẵng',
    'Qui Nhon': 'Quy Nhơn',
    'Sa Dec': 'Sa Đéc',
    'Dien Bien Phu': 'Điện Biên Phủ',
    'Cho Dok': 'Châu Đốc',
  },
  cr: {
    'San José Province': 'Provincia de San José',
    'Alajuela Province': 'Provincia de Alajuela',
    'Heredia Province': 'Provincia de Heredia',
    'Puntarenas Province': 'Provincia de Puntarenas',
    'Guanacaste Province': 'Provincia de Guanacaste',
    'Limón Province': 'Provincia de Limón',
  },
  pa: {
    'Panamá Province': 'Provincia de Panamá',
    'Panamá Oeste Province': 'Provincia de Panamá Oeste',
    'Chiriquí Province': 'Provincia de Chiriquí',
    'Colón Province': 'Provincia de Colón',
    'Coclé Province': 'Provincia de Coclé',
    'Veraguas Province': 'Provincia de Veraguas',
    'Herrera Province': 'Provincia de Herrera',
    'Bocas del Toro Province': 'Provincia de Bocas del Toro',
    'Los Santos Province': 'Provincia de Los Santos',
    'Darién Province': 'Provincia de Darién',
    'Ngöbe-Buglé Comarca': 'Comarca Ngäbe-Buglé',
    'Emberá-Wounaan Comarca': 'Comarca Emberá-Wounaan',
  },
  uy: Object.fromEntries(
    [
      'Montevideo',
      'Canelones',
      'Maldonado',
      'Salto',
      'Colonia',
      'Paysandú',
      'Rivera',
      'San José',
      'Cerro Largo',
      'Soriano',
      'Tacuarembó',
      'Artigas',
      'Rocha',
      'Lavalleja',
      'Durazno',
      'Florida',
      'Río Negro',
      'Treinta y Tres',
      'Flores',
    ].map((name) => [`${name} Department`, `Departamento de ${name}`]),
  ),
  ve: { 'Federal Dependencies of Venezuela': 'Dependencias Federales' },
  pe: { Huanuco: 'Huánuco' },
  ec: { 'Morona-Santiago': 'Morona Santiago' },
};

function counties(prefix: string, pairs: readonly (readonly [string, string])[]): Record<string, string> {
  return Object.fromEntries(pairs.map(([data, own]) => [data, `${prefix}${own}`]));
}

/** The characters of JIS X 0208's kanji (what Japanese text is written with; not simplified Chinese). */
let jisKanji: Set<number> | undefined;

function isJapaneseKanji(code: number): boolean {
  if (!jisKanji) {
    jisKanji = new Set();
    const shiftJis = new TextDecoder('shift_jis');
    // Shift JIS rows 16–84 (lead bytes 0x88–0x9F and 0xE0–0xEA): the two levels of kanji.
    for (let lead = 0x88; lead <= 0xea; lead++) {
      if (lead > 0x9f && lead < 0xe0) continue;
      for (let trail = 0x40; trail <= 0xfc; trail++) {
        if (trail === 0x7f) continue;
        const ch = shiftJis.decode(Uint8Array.of(lead, trail));
        if (ch.length === 1 && ch !== '\ufffd') jisKanji.add(ch.charCodeAt(0));
      }
    }
  }
  return jisKanji.has(code);
}

/**
 * A Japanese place's name in kanji among its other names, which hold the Chinese spellings too and no
 * language: one written only in Japanese kanji (and kana), with one kanji at least, so "横浜市" and not
 * the simplified "横滨市", nor the reading "よこはまし"; one that ends in 市 (a city) first, then 区, 町,
 * 村 or 都. Undefined when none is.
 */
export function japaneseName(names: readonly string[]): string | undefined {
  let best: string | undefined;
  let rank = 9;
  for (const name of names) {
    let kanji = 0;
    let japanese = true;
    for (let i = 0; i < name.length && japanese; i++) {
      const c = name.charCodeAt(i);
      if (c >= 0x3041 && c <= 0x30fc) continue; // kana, ー
      if (c === 0x3005 || isJapaneseKanji(c))
        kanji++; // 々
      else japanese = false;
    }
    if (!japanese || kanji === 0) continue;
    const at = '市区町村都'.indexOf(name.slice(-1));
    const r = at === -1 ? 5 : at;
    if (r < rank) {
      best = name;
      rank = r;
    }
  }
  return best;
}

/** A place's name in its site's own script, from the data's other names, for the countries it is known for. */
export const OWN_SCRIPT_NAME: Readonly<Record<string, (names: readonly string[]) => string | undefined>> = {
  jp: japaneseName,
};
