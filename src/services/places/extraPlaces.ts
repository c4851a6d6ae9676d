/**
 * Places the data packages lack that partners' feeds name every day: Tokyo's 23 special wards (特別区),
 * which GeoNames keeps as divisions, not as populated places, so a feed's "Shibuya" or "渋谷区" named no
 * place and its ads were found by no Tokyo search. Each is an area of the city of Tokyo (`extraAreaOf`),
 * named in Japanese, found by its romaji, with and without 区 or "-ku" (`extraAreaOf`). Ids are ours, below the range of
 * countries and regions (`COUNTRY_ID_BASE`) and far above GeoNames' own; populations of the 2020 census,
 * coordinates of the ward offices.
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

/** The extra places of each country (our codes). */
export const EXTRA_PLACES: Readonly<Record<string, readonly ExtraPlace[]>> = {
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
  const i = cityId - TOKYO_WARD_ID_BASE;
  return i >= 0 && i < TOKYO_WARDS.length ? 'Tokyo' : undefined;
}
