import { expect } from 'chai';
import {
  addressNumbers,
  fingerprintOf,
  isSameAd,
  priceWindow,
  similarity,
  sketchOf,
} from '../../../src/services/feeds/dedup';
import type { AdInput } from '../../../src/services/search/types';
import { seededRandom } from '../../../src/shared/seededRandom';

/**
 * The duplicate rule measured on a labelled set of our own: pairs of homes
 * ads that are the same flat published by two partners (rewritten titles,
 * a partner's sign-off added, sentences reordered or cut, prices rounded,
 * areas measured differently, coordinates jittered or missing) and pairs that
 * are different flats chosen to look alike (same city, deal, rooms and a
 * price within 5 %, some from the same agency template). Thresholds: recall
 * ≥ 0.9, precision ≥ 0.97 (a false merge hides an ad; a miss shows it twice).
 */

const FEATURES = [
  'terraza amplia',
  'ascensor',
  'plaza de garaje',
  'trastero',
  'calefacción central de gas natural',
  'aire acondicionado por conductos',
  'piscina comunitaria',
  'cocina equipada con electrodomésticos',
  'armarios empotrados en todas las habitaciones',
  'suelos de parquet',
  'orientación sur',
  'portero físico',
  'zona infantil',
  'vistas despejadas a la sierra',
  'carpintería exterior de aluminio',
  'doble acristalamiento',
  'videoportero',
  'cerca de colegios y del centro de salud',
];
const STREETS = ['Goya', 'Serrano', 'Alcalá', 'Princesa', 'Bravo Murillo', 'Arturo Soria', 'López de Hoyos'];
const TEMPLATE =
  'Inmobiliaria Sol le ofrece este inmueble en exclusiva. Consulte condiciones de financiación. Visitas de lunes a sábado.';

interface Flat {
  ad: AdInput;
  coords: boolean;
}

function flat(r: () => number, i: number, opts: { city?: number; rooms?: number; price?: number } = {}): Flat {
  const pick = <T>(items: readonly T[]) => items[Math.floor(r() * items.length)] as T;
  const rooms = opts.rooms ?? 1 + Math.floor(r() * 4);
  const area = 40 + rooms * 18 + Math.floor(r() * 25);
  const price = opts.price ?? Math.round((area * (3000 + r() * 3000)) / 1000) * 1000;
  const features = new Set<string>();
  while (features.size < 5) features.add(pick(FEATURES));
  const street = `calle ${pick(STREETS)} ${1 + Math.floor(r() * 150)}`;
  const floor = 1 + Math.floor(r() * 9);
  const sentences = [
    `Piso de ${area} metros en la ${street}, planta ${floor}, con ${rooms} dormitorios y ${Math.max(1, rooms - 1)} baños.`,
    `Cuenta con ${[...features].join(', ')}.`,
    r() < 0.5 ? TEMPLATE : `Edificio de ${1950 + Math.floor(r() * 70)} con fachada rehabilitada.`,
  ];
  const city = opts.city ?? 3117735;
  return {
    coords: r() < 0.6,
    ad: {
      country: 'es',
      vertical: 'homes',
      sourceId: 1,
      partnerAdId: `F${i}`,
      url: `https://a.example/${i}`,
      title: `Piso en venta en ${street}`,
      description: sentences.join(' '),
      date: 0,
      location: { cityId: city, latitude: 40.42 + r() * 0.05, longitude: -3.7 + r() * 0.05 },
      images: [],
      currency: 'EUR',
      typeId: 1,
      price: { value: price },
      homes: { propertyType: 'flat', rooms, bathrooms: Math.max(1, rooms - 1), floorArea: area },
    },
  };
}

/** The same flat as another partner writes it. */
function republish(r: () => number, f: Flat): Flat {
  const a = f.ad;
  const sentences = a.description.split(/(?<=\.) /);
  let text: string[] = [...sentences];
  const roll = r();
  if (roll < 0.3) text = [sentences[1] as string, sentences[0] as string, ...sentences.slice(2)];
  else if (roll < 0.5) text = sentences.slice(0, 2);
  if (r() < 0.5) text.push('Llame ya a Pisos Dos, su portal de confianza.');
  const title = r() < 0.5 ? `Magnífico piso de ${a.homes?.rooms} dormitorios` : a.title.toUpperCase();
  const price = Math.round(((a.price?.value ?? 0) * (0.97 + r() * 0.06)) / 1000) * 1000;
  const area = r() < 0.3 ? undefined : Math.round((a.homes?.floorArea ?? 0) * (0.95 + r() * 0.08));
  const coords = f.coords && r() < 0.6;
  return {
    coords,
    ad: {
      ...a,
      sourceId: 2,
      title,
      description: text.join(' '),
      price: { value: price },
      homes: {
        ...(a.homes as NonNullable<AdInput['homes']>),
        ...(area ? { floorArea: area } : { floorArea: undefined }),
      },
      location: {
        ...a.location,
        latitude: (a.location.latitude ?? 0) + (r() - 0.5) * 0.002,
        longitude: (a.location.longitude ?? 0) + (r() - 0.5) * 0.002,
      },
    },
  };
}

/** What the importer does: blocking (block + price window), then the rule. */
function matched(a: Flat, b: Flat): boolean {
  const fa = fingerprintOf(a.ad, a.coords);
  const fb = fingerprintOf(b.ad, b.coords);
  if (!fa || !fb || fa.block !== fb.block || fa.price === null || fb.price === null) return false;
  const [lo, hi] = priceWindow(fa.price);
  if (fb.price < lo || fb.price > hi) return false;
  return isSameAd(fa, fb);
}

describe('duplicate ads across partners (the matching rule on a labelled set)', () => {
  const r = seededRandom(2025);
  const pairs: { a: Flat; b: Flat; same: boolean }[] = [];
  for (let i = 0; i < 300; i++) {
    const a = flat(r, i);
    pairs.push({ a, b: republish(r, a), same: true });
  }
  for (let i = 0; i < 300; i++) {
    const a = flat(r, 1000 + i);
    // A different flat that looks alike: same city, deal and rooms, price within 4 %.
    const b = flat(r, 2000 + i, {
      rooms: a.ad.homes?.rooms,
      price: Math.round(((a.ad.price?.value ?? 0) * (0.96 + r() * 0.08)) / 1000) * 1000,
    });
    b.ad.sourceId = 2;
    pairs.push({ a, b, same: false });
  }

  it('finds at least 90 % of the grouped pairs with at least 97 % precision', () => {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (const p of pairs) {
      const m = matched(p.a, p.b);
      if (m && p.same) tp++;
      else if (m && !p.same) fp++;
      else if (!m && p.same) fn++;
    }
    const recall = tp / (tp + fn);
    const precision = tp / Math.max(1, tp + fp);
    console.log(
      `      labelled set: ${pairs.length} pairs, recall ${recall.toFixed(3)} (${tp}/${tp + fn}), ` +
        `precision ${precision.toFixed(3)} (${fp} false merges)`,
    );
    expect(recall).to.be.at.least(0.9);
    expect(precision).to.be.at.least(0.97);
  });

  it('never groups ads of other cities or deals, nor ads without a city or a price', () => {
    const a = flat(seededRandom(1), 1);
    const b = republish(seededRandom(2), a);
    expect(matched(a, b)).to.equal(true);
    expect(matched(a, { ...b, ad: { ...b.ad, location: { ...b.ad.location, cityId: 3128760 } } })).to.equal(false);
    expect(matched(a, { ...b, ad: { ...b.ad, typeId: 2 } })).to.equal(false);
    expect(fingerprintOf({ ...a.ad, location: {} }, false)).to.equal(undefined);
    expect(fingerprintOf({ ...a.ad, price: undefined }, false)).to.equal(undefined);
  });

  it('estimates word overlap from bottom-k sketches', () => {
    const text = 'uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince';
    expect(similarity(sketchOf(text), sketchOf(text))).to.equal(1);
    expect(similarity(sketchOf(text), sketchOf('perro gato caballo vaca oveja cerdo'))).to.equal(0);
    const half = similarity(sketchOf(text), sketchOf('uno dos tres cuatro cinco seis siete ocho'));
    expect(half).to.be.within(0.4, 0.65);
  });

  it("reads an address's house, floor and flat numbers, not its postcode", () => {
    expect(addressNumbers('calle Sueca 12, 2º')).to.equal('2 12');
    expect(addressNumbers('Calle Sueca, 46006 Valencia')).to.equal(null);
    expect(addressNumbers('Keizersgracht 123, 1015 CJ Amsterdam')).to.equal('123');
    expect(addressNumbers(undefined)).to.equal(null);
  });
});
