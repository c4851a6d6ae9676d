/**
 * Places the data packages lack that partners' feeds name every day: Tokyo's 23 special wards (特別区),
 * which GeoNames keeps as divisions, not as populated places, so a feed's "Shibuya" or "渋谷区" named no
 * place and its ads were found by no Tokyo search; and the barrios of Buenos Aires it lacks (Palermo,
 * Recoleta, Caballito…: an Argentine feed's <city>Palermo</city><region>Capital Federal</region> named no
 * place). Each is an area of its city (`extraAreaOf`); a ward is named in Japanese, found by its romaji,
 * with and without 区 or "-ku". Ids are ours, below the range of countries and regions
 * (`COUNTRY_ID_BASE`) and far above GeoNames' own. Tokyo's: populations of the 2020 census, coordinates
 * of the ward offices; Buenos Aires': populations of the 2010 census, rounded, coordinates of the
 * barrio's middle, to ~1 km.
 */
export interface ExtraPlace {
  cityId: number;
  /** The name the data would have given it (romaji), which `AREAS_OF` files under its city. */
  name: string;
  /** Its other names: the Japanese first, then as partners write it in Latin letters. */
  names: readonly string[];
  population: number;
  lat: number;
  lng: number;
}

const TOKYO_WARD_ID_BASE = 70_000_000;

const TOKYO_WARDS: readonly [string, string, number, number, number][] = [
  ['Chiyoda', '千代田区', 66_680, 35.694, 139.7536],
  ['Chūō', '中央区', 169_179, 35.6706, 139.772],
  ['Minato', '港区', 260_486, 35.6581, 139.7516],
  ['Shinjuku', '新宿区', 349_385, 35.6938, 139.7034],
  ['Bunkyō', '文京区', 240_069, 35.7081, 139.7522],
  ['Taitō', '台東区', 211_444, 35.7126, 139.78],
  ['Sumida', '墨田区', 272_085, 35.7107, 139.8015],
  ['Kōtō', '江東区', 524_310, 35.673, 139.817],
  ['Shinagawa', '品川区', 422_488, 35.6092, 139.7302],
  ['Meguro', '目黒区', 288_088, 35.6414, 139.6982],
  ['Ōta', '大田区', 748_081, 35.5613, 139.716],
  ['Setagaya', '世田谷区', 943_664, 35.6464, 139.6532],
  ['Shibuya', '渋谷区', 243_883, 35.664, 139.6982],
  ['Nakano', '中野区', 344_880, 35.7074, 139.6638],
  ['Suginami', '杉並区', 591_108, 35.6995, 139.6364],
  ['Toshima', '豊島区', 301_599, 35.7262, 139.7163],
  ['Kita', '北区', 355_213, 35.7528, 139.7336],
  ['Arakawa', '荒川区', 217_475, 35.7361, 139.7834],
  ['Itabashi', '板橋区', 584_483, 35.7512, 139.7093],
  ['Nerima', '練馬区', 752_608, 35.7356, 139.6517],
  ['Adachi', '足立区', 695_043, 35.775, 139.8044],
  ['Katsushika', '葛飾区', 453_093, 35.7434, 139.8472],
  ['Edogawa', '江戸川区', 697_932, 35.7068, 139.8683],
];

/** A romaji name as it is also written: without its long vowels' macrons ("Chuo", "Ota", "Koto"). */
const plain = (name: string): string => name.normalize('NFD').replace(/\p{M}/gu, '');

const BUENOS_AIRES_BARRIO_ID_BASE = 70_001_000;

/** Barrios of Buenos Aires GeoNames lacks: name, people, latitude, longitude. */
const BUENOS_AIRES_BARRIOS: readonly [string, number, number, number][] = [
  ['Palermo', 226_000, -34.588, -58.43],
  ['Caballito', 176_000, -34.619, -58.443],
  ['Flores', 162_000, -34.629, -58.463],
  ['Recoleta', 158_000, -34.588, -58.398],
  ['Almagro', 132_000, -34.608, -58.422],
  ['Villa Urquiza', 86_000, -34.573, -58.489],
  ['Villa Crespo', 84_000, -34.599, -58.438],
  ['Villa Devoto', 67_000, -34.603, -58.514],
  ['Mataderos', 64_000, -34.659, -58.503],
  ['Parque Chacabuco', 56_000, -34.635, -58.437],
  ['Villa del Parque', 56_000, -34.605, -58.491],
  ['Núñez', 52_000, -34.545, -58.464],
  ['Saavedra', 52_000, -34.555, -58.485],
  ['Parque Avellaneda', 51_000, -34.645, -58.478],
  ['San Cristóbal', 49_000, -34.624, -58.402],
  ['La Boca', 46_000, -34.635, -58.363],
  ['Villa Soldati', 46_000, -34.665, -58.442],
  ['Liniers', 44_000, -34.643, -58.52],
  ['Constitución', 44_000, -34.627, -58.384],
  ['Nueva Pompeya', 40_000, -34.651, -58.418],
  ['Monserrat', 39_000, -34.613, -58.381],
  ['Floresta', 38_000, -34.63, -58.483],
  ['Parque Patricios', 38_000, -34.637, -58.401],
  ['Villa Pueyrredón', 38_000, -34.58, -58.503],
  ['Vélez Sarsfield', 35_000, -34.632, -58.493],
  ['Villa General Mitre', 34_000, -34.609, -58.468],
  ['Monte Castro', 33_000, -34.62, -58.508],
  ['Villa Luro', 32_000, -34.638, -58.503],
  ['San Nicolás', 29_000, -34.604, -58.381],
  ['Chacarita', 26_000, -34.587, -58.454],
  ['San Telmo', 20_000, -34.621, -58.371],
  ['Paternal', 20_000, -34.598, -58.47],
  ['Coghlan', 18_000, -34.56, -58.475],
  ['Parque Chas', 17_000, -34.585, -58.479],
  ['Villa Real', 14_000, -34.618, -58.526],
  ['Villa Riachuelo', 14_000, -34.687, -58.47],
  ['Versalles', 13_500, -34.629, -58.521],
  ['Agronomía', 13_000, -34.593, -58.491],
  ['Puerto Madero', 7_000, -34.612, -58.362],
];

/** Other names of a barrio, as partners write them. */
const BARRIO_NAMES: Readonly<Record<string, readonly string[]>> = {
  Monserrat: ['Montserrat'],
  'La Boca': ['Boca'],
  Paternal: ['La Paternal'],
  'Villa General Mitre': ['Villa Gral. Mitre'],
};

/** The extra places of each country (our codes). */
export const EXTRA_PLACES: Readonly<Record<string, readonly ExtraPlace[]>> = {
  ar: BUENOS_AIRES_BARRIOS.map(([name, population, lat, lng], i) => ({
    cityId: BUENOS_AIRES_BARRIO_ID_BASE + i,
    name,
    names: BARRIO_NAMES[name] ?? [],
    population,
    lat,
    lng,
  })),
  jp: TOKYO_WARDS.map(([name, kanji, population, lat, lng], i) => ({
    cityId: TOKYO_WARD_ID_BASE + i,
    name,
    names: [
      kanji,
      // 渋谷, 世田谷 as people write them; not 港 or 北, a harbour and the north.
      ...(kanji.length > 2 ? [kanji.slice(0, -1)] : []),
      ...(plain(name) !== name ? [plain(name)] : []),
      ...new Set([name, plain(name)].flatMap((n) => [`${n}-ku`, `${n} Ward`, `${n} City`])),
    ],
    population,
    lat,
    lng,
  })),
};

/**
 * The city an extra place is an area of, by the data's name of that city (as `AREAS_OF`), by the place's
 * id: never by its name, which a place of the data may share (GeoNames has a Minato in Wakayama).
 */
export function extraAreaOf(cityId: number): string | undefined {
  const ward = cityId - TOKYO_WARD_ID_BASE;
  if (ward >= 0 && ward < TOKYO_WARDS.length) return 'Tokyo';
  const barrio = cityId - BUENOS_AIRES_BARRIO_ID_BASE;
  return barrio >= 0 && barrio < BUENOS_AIRES_BARRIOS.length ? 'Buenos Aires' : undefined;
}
