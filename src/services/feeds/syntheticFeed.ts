import fs from 'node:fs';
import { once } from 'node:events';
import { seededRandom } from '../../shared/seededRandom';

/**
 * A generated Trovit homes feed (Spanish partner), streamed to disk: for the
 * import benchmark and the crash test. Deterministic for a seed. `revision`
 * 2 is the partner's next day: every 10th ad gone, every 7th ad 5 % cheaper.
 */

export interface SyntheticFeedOptions {
  count: number;
  seed?: number;
  revision?: 1 | 2;
  /** Prefix of partner ids (two partners can publish the same generated flats). */
  idPrefix?: string;
  /** Flats in the first this many cities only (default all 12): one city's crowded blocks. */
  cities?: number;
}

const CITIES = [
  ['Madrid', 'Madrid', 40.4165, -3.70256],
  ['Barcelona', 'Catalonia', 41.38879, 2.15899],
  ['Valencia', 'Valencia', 39.46975, -0.37739],
  ['Sevilla', 'Andalusia', 37.38283, -5.97317],
  ['Zaragoza', 'Aragon', 41.65606, -0.87734],
  ['Málaga', 'Andalusia', 36.72016, -4.42034],
  ['Murcia', 'Murcia', 37.98704, -1.13004],
  ['Bilbao', 'Basque Country', 43.26271, -2.92528],
  ['Alicante', 'Valencia', 38.34517, -0.48149],
  ['Córdoba', 'Andalusia', 37.89155, -4.77275],
  ['Valladolid', 'Castille and León', 41.65518, -4.72372],
  ['Vigo', 'Galicia', 42.23282, -8.72264],
] as const;

const KINDS = ['Piso', 'Ático', 'Dúplex', 'Casa', 'Chalet', 'Estudio', 'Apartamento', 'Loft'];
const FEATURES = [
  'terraza amplia',
  'ascensor',
  'plaza de garaje',
  'trastero',
  'calefacción central',
  'aire acondicionado',
  'piscina comunitaria',
  'cocina equipada',
  'armarios empotrados',
  'suelos de parquet',
  'orientación sur',
  'portero físico',
  'zona infantil',
  'vistas despejadas',
  'reformado',
  'exterior',
];
const STREETS = ['Mayor', 'del Sol', 'de la Paz', 'Real', 'Nueva', 'del Carmen', 'San Juan', 'de Goya', 'Alcalá'];

/** The XML of ad `i` (its content depends only on the seed and `i`, plus the revision's changes). */
export function syntheticAd(i: number, options: SyntheticFeedOptions): string | undefined {
  const revision = options.revision ?? 1;
  if (revision === 2 && i % 10 === 0) return undefined;
  const r = seededRandom((options.seed ?? 1) * 1_000_003 + i);
  const pick = <T>(items: readonly T[]) => items[Math.floor(r() * items.length)] as T;
  const [city, region, lat, lng] = pick(CITIES.slice(0, options.cities ?? CITIES.length));
  const sale = r() < 0.6;
  const kind = pick(KINDS);
  const rooms = 1 + Math.floor(r() * 5);
  const baths = Math.max(1, Math.min(rooms, 1 + Math.floor(r() * 3)));
  const area = 30 + rooms * (15 + Math.floor(r() * 20));
  let price = sale ? Math.round((area * (1500 + r() * 3500)) / 1000) * 1000 : Math.round(area * (8 + r() * 14) + 200);
  if (revision === 2 && i % 7 === 0) price = Math.round(price * 0.95);
  const features = [pick(FEATURES), pick(FEATURES), pick(FEATURES), pick(FEATURES)];
  const street = `Calle ${pick(STREETS)} ${1 + Math.floor(r() * 120)}`;
  const day = 1 + Math.floor(r() * 28);
  const month = 1 + Math.floor(r() * 5);
  const id = `${options.idPrefix ?? 'S'}${i}`;
  const title = `${kind} en ${sale ? 'venta' : 'alquiler'} en ${city}, ${rooms} habitaciones`;
  const content =
    `<p>${kind} de ${area} m2 con ${rooms} habitaciones y ${baths} baños en ${street}, ${city}.</p>` +
    `<p>Dispone de ${features.join(', ')}. Cerca de transporte público, colegios y comercios. ` +
    `Referencia ${id}: visítelo sin compromiso, le atenderemos también en fin de semana.</p>`;
  return (
    `<ad><id><![CDATA[${id}]]></id>` +
    `<url><![CDATA[https://www.pisos-ejemplo.es/anuncio/${id}]]></url>` +
    `<title><![CDATA[${title}]]></title>` +
    `<type><![CDATA[${sale ? 'For Sale' : 'For Rent'}]]></type>` +
    `<content><![CDATA[${content}]]></content>` +
    `<price currency="EUR"${sale ? '' : ' period="monthly"'}><![CDATA[${price}]]></price>` +
    `<property_type><![CDATA[${kind}]]></property_type>` +
    `<address><![CDATA[${street}]]></address>` +
    `<city><![CDATA[${city}]]></city><region><![CDATA[${region}]]></region>` +
    `<latitude>${(lat + (r() - 0.5) * 0.06).toFixed(5)}</latitude>` +
    `<longitude>${(lng + (r() - 0.5) * 0.06).toFixed(5)}</longitude>` +
    `<floor_area unit="meters">${area}</floor_area><rooms>${rooms}</rooms><bathrooms>${baths}</bathrooms>` +
    `<pictures><picture featured="true"><picture_url><![CDATA[https://img.pisos-ejemplo.es/${id}/1.jpg]]></picture_url></picture>` +
    `<picture><picture_url><![CDATA[https://img.pisos-ejemplo.es/${id}/2.jpg]]></picture_url></picture></pictures>` +
    `<date>${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/2025</date>` +
    `<parking>${r() < 0.3 ? 'yes' : 'no'}</parking></ad>\n`
  );
}

/** Writes the feed to `file`, streamed (never held in memory); returns its size in bytes. */
export async function writeSyntheticFeed(file: string, options: SyntheticFeedOptions): Promise<number> {
  const out = fs.createWriteStream(file);
  let buffer = '<?xml version="1.0" encoding="UTF-8"?>\n<trovit>\n';
  for (let i = 0; i < options.count; i++) {
    buffer += syntheticAd(i, options) ?? '';
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  buffer += '</trovit>\n';
  out.end(buffer);
  await once(out, 'finish');
  return fs.statSync(file).size;
}
