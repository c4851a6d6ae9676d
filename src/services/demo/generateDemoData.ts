import { countryByCode, placeSeparator, unitsOf } from '../../../config/countries';
import type { Vertical } from '../../../config/verticals';
import type { Gazetteer, Place } from '../places/Gazetteer';
import {
  CAR_MAKES,
  CAR_TYPES,
  DEAL_TYPES,
  FUELS,
  JOB_TYPES,
  PRODUCT_CATEGORIES,
  PROPERTY_TYPES,
  TRANSMISSIONS,
  WORKING_HOURS,
  labelOf,
} from '../search/reference';
import { siteCode } from '../search/siteKeys';
import type { AdInput, SiteKey, Source } from '../search/types';
import { COMPANIES, demoWords, PRODUCT_BRANDS } from './wording';
import { seededRandom } from '../../shared/seededRandom';
import { catalogueOf, type CatalogueId } from '../../shared/i18n/regions';
import { fromMetric, type Units } from '../../shared/domain/units';

/**
 * The deterministic demo data: for one site, its partners (some with an
 * active campaign, so their ads are premium) and its ads, in the site's
 * language and currency, placed in the country's real cities, some with a
 * price drop, some published by two partners (duplicates), a few expired.
 * The same site and `now` always give the same data.
 */

/** Euros to the site's currency, roughly, and how dear the market is (1 = euro area). */
const CURRENCY: Record<string, { rate: number; level: number }> = {
  EUR: { rate: 1, level: 1 },
  GBP: { rate: 0.85, level: 1.2 },
  USD: { rate: 1.08, level: 1.1 },
  CRC: { rate: 560, level: 0.5 },
  BRL: { rate: 5.8, level: 0.45 },
  MAD: { rate: 10.8, level: 0.4 },
  VND: { rate: 27000, level: 0.3 },
  KES: { rate: 140, level: 0.3 },
  CZK: { rate: 25, level: 0.7 },
  NOK: { rate: 11.6, level: 1.3 },
  RON: { rate: 5, level: 0.55 },
  HUF: { rate: 395, level: 0.55 },
  SEK: { rate: 11.5, level: 1.1 },
  DKK: { rate: 7.46, level: 1.2 },
  PKR: { rate: 300, level: 0.2 },
  TWD: { rate: 35, level: 0.8 },
  NZD: { rate: 1.8, level: 1.1 },
  NGN: { rate: 1650, level: 0.2 },
  JPY: { rate: 165, level: 0.9 },
  CHF: { rate: 0.95, level: 1.6 },
  SGD: { rate: 1.45, level: 1.5 },
  ZAR: { rate: 20, level: 0.4 },
  UAH: { rate: 45, level: 0.3 },
  RUB: { rate: 100, level: 0.4 },
  AUD: { rate: 1.65, level: 1.2 },
  IDR: { rate: 17500, level: 0.3 },
  CAD: { rate: 1.5, level: 1.1 },
  PHP: { rate: 62, level: 0.3 },
  MYR: { rate: 5, level: 0.4 },
  THB: { rate: 38, level: 0.4 },
  AED: { rate: 4, level: 1.2 },
  TRY: { rate: 36, level: 0.4 },
  PLN: { rate: 4.3, level: 0.6 },
  INR: { rate: 92, level: 0.25 },
  SAR: { rate: 4.05, level: 0.9 },
  QAR: { rate: 3.95, level: 1.1 },
  KWD: { rate: 0.33, level: 1 },
  EGP: { rate: 53, level: 0.2 },
  ARS: { rate: 1100, level: 0.4 },
  CLP: { rate: 1020, level: 0.5 },
  COP: { rate: 4600, level: 0.35 },
  MXN: { rate: 21, level: 0.5 },
  PEN: { rate: 4, level: 0.45 },
  UYU: { rate: 44, level: 0.6 },
  HKD: { rate: 8.4, level: 1.6 },
};

const PARTNERS: Record<Vertical, string[]> = {
  homes: ['Nest Finder', 'Keyhouse', 'Open Door Homes', 'Urban Roof', 'Habitat Direct', 'Portal Casa'],
  cars: ['Motor Point', 'DriveDeal', 'CarNest', 'Wheels Direct', 'GaragePro', 'AutoMarkt'],
  jobs: ['WorkNet', 'TalentHub', 'HireLine', 'CareerPort', 'StaffDirect', 'JobBoard'],
  products: ['TradeSpot', 'SecondLoop', 'MarketBox', 'ReUse', 'SwapShop', 'GoodFinds'],
};

export function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

class Dice {
  constructor(readonly next: () => number) {}
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [v, w] of items) {
      r -= w;
      if (r <= 0) return v;
    }
    return (items[items.length - 1] as readonly [T, number])[0];
  }
}

export interface DemoSite {
  sources: Source[];
  ads: AdInput[];
}

export interface DemoOptions {
  /** Ads for the site before duplicates; default 100–400 by country size. */
  count?: number;
  /** Epoch seconds the ads' dates lead up to. */
  now: number;
  /** A batch number, for generating more than one batch of a site (the benchmark). */
  batch?: number;
}

const BIG = new Set(['uk', 'es', 'it', 'fr', 'de', 'us', 'br']);

export function demoSources(site: SiteKey): Source[] {
  const code = siteCode(site);
  const country = site.country.toUpperCase();
  return PARTNERS[site.vertical].map((name, i) => {
    const id = code * 100 + i + 1;
    const campaigns =
      i < 2
        ? [{ id: id * 10 + 1, cpcMobile: [0.12, 0.17][i] ?? 0.1, cpcDesktop: [0.2, 0.28][i] ?? 0.15, active: true }]
        : i === 2
          ? [{ id: id * 10 + 1, cpcMobile: 0.1, cpcDesktop: 0.15, active: false }]
          : [];
    const domain = name.toLowerCase().replace(/[^a-z]/g, '');
    return {
      id,
      name: `${name} ${country}`,
      image: `/media/logo/${id}.svg`,
      country: site.country,
      vertical: site.vertical,
      contactEmail: `contact@${domain}.example`,
      contactPhone: `+00 ${String(100000000 + ((id * 7919) % 899999999))}`,
      hasAdpageForm: i % 2 === 0,
      campaigns,
    };
  });
}

export function generateDemoSite(site: SiteKey, gazetteer: Gazetteer, options: DemoOptions): DemoSite {
  const def = countryByCode(site.country);
  const currency = def?.currency ?? 'EUR';
  const money = CURRENCY[currency] ?? { rate: 1, level: 1 };
  // The site's words: its language's, or its region's where it has its own (decision 080).
  const wording = catalogueOf(def?.locale ?? 'en');
  const batch = options.batch ?? 0;
  const dice = new Dice(seededRandom(hashString(`${site.country}/${site.vertical}`) ^ (batch * 2654435761)));
  const sources = demoSources(site);
  const count = options.count ?? (BIG.has(site.country) ? 400 : dice.int(100, 220));
  const cities = gazetteer.cities(site.country).slice(0, 40);
  if (cities.length === 0) return { sources, ads: [] };
  const weights = cities.map((c, i) => [c, Math.sqrt(Math.max(c.population, 1000)) / (1 + i * 0.05)] as const);
  const price = (eur: number) => {
    const v = eur * money.rate * money.level;
    const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(v)) - 2);
    return Math.round(v / magnitude) * magnitude;
  };
  const drafts: AdInput[] = [];
  for (let i = 0; i < count; i++) {
    const city = dice.weighted(weights);
    const areas = gazetteer.areasOf(city.id);
    const area: Place | undefined = areas.length > 0 && dice.chance(0.4) ? dice.pick(areas.slice(0, 12)) : undefined;
    const spot = area ?? city;
    // The region its place is in: an area's, its city's but across a border (Chacao, of Caracas, is Miranda's).
    const region = spot.regionId !== undefined ? gazetteer.place(spot.regionId) : undefined;
    const source = dice.pick(sources);
    const date = options.now - Math.floor(dice.next() * 60 * 86400) - 60;
    const images = dice.chance(0.1)
      ? []
      : Array.from(
          { length: dice.int(1, 5) },
          () => `/media/picture/${site.vertical}/${Math.floor(dice.next() * 1e9).toString(36)}.svg`,
        );
    const base: AdInput = {
      country: site.country,
      vertical: site.vertical,
      sourceId: source.id,
      partnerAdId: `${site.country}${site.vertical.charAt(0)}${batch > 0 ? `${batch}x` : ''}${String(i + 1).padStart(5, '0')}`,
      url: '',
      title: '',
      description: '',
      date,
      location: {
        regionId: region?.id,
        cityId: city.id,
        cityAreaId: area?.id,
        region: region?.name,
        city: city.name,
        cityArea: area?.name,
        postalCode: String(dice.int(10000, 99999)),
        latitude: Math.round((spot.lat + (dice.next() - 0.5) * 0.03) * 1e5) / 1e5,
        longitude: Math.round((spot.lng + (dice.next() - 0.5) * 0.03) * 1e5) / 1e5,
      },
      images,
      currency,
    };
    const where = area ? `${area.name}${placeSeparator(def?.locale ?? 'en')}${city.name}` : city.name;
    fill(base, site.vertical, dice, wording, unitsOf(site.country), where, source.name, price);
    if (base.price && dice.chance(0.15)) {
      const old = Math.round(base.price.value * (1.05 + dice.next() * 0.2));
      base.price = {
        ...base.price,
        oldValue: old,
        history: [
          { date: date - 86400 * dice.int(5, 40), value: old },
          { date, value: base.price.value },
        ],
      };
    }
    if (dice.chance(0.02)) base.expired = true;
    base.url = `/partner/${base.sourceId}/ads/${base.partnerAdId}`;
    drafts.push(base);
  }
  // Duplicates: the same ad published by another partner a little later.
  const ads: AdInput[] = [];
  const code = siteCode(site);
  drafts.forEach((ad, i) => {
    ads.push(ad);
    if (ad.expired || !dice.chance(0.08)) return;
    const group = code * 100_000_000 + batch * 100_000 + i + 1;
    ad.duplicateGroup = group;
    const other = dice.pick(sources.filter((s) => s.id !== ad.sourceId));
    const partnerAdId = `${ad.partnerAdId}d`;
    // Its text names its own partner ("Contact Nest Finder"), as the copy on the other's site would.
    const original = sources.find((s) => s.id === ad.sourceId)?.name;
    ads.push({
      ...ad,
      description: original ? ad.description.split(original).join(other.name) : ad.description,
      sourceId: other.id,
      partnerAdId,
      url: `/partner/${other.id}/ads/${partnerAdId}`,
      date: ad.date + 3600,
      duplicateGroup: group,
    });
  });
  ads.sort((a, b) => a.date - b.date);
  return { sources, ads };
}

function fill(
  ad: AdInput,
  vertical: Vertical,
  dice: Dice,
  wording: CatalogueId,
  units: Units,
  where: string,
  sourceName: string,
  price: (eur: number) => number,
): void {
  const words = demoWords(wording);
  const city = ad.location.city ?? where;
  if (vertical === 'homes') {
    const typeId = dice.weighted<number>([
      [1, 45],
      [2, 35],
      [3, 4],
      [5, 4],
      [6, 2],
      [7, 2],
      [8, 2],
      [10, 2],
      [12, 2],
      [13, 1],
      [17, 1],
    ]);
    const kind =
      typeId === 6 || typeId === 7
        ? 'garage'
        : typeId === 8
          ? 'office'
          : typeId === 10
            ? 'land'
            : typeId === 12 || typeId === 13
              ? 'shop'
              : typeId === 5
                ? 'room'
                : dice.weighted<string>([
                    ['flat', 40],
                    ['house', 20],
                    ['studio', 8],
                    ['penthouse', 6],
                    ['duplex', 6],
                    ['villa', 8],
                    ['cottage', 6],
                    ['loft', 6],
                  ]);
    const dwelling = !['garage', 'office', 'land', 'shop'].includes(kind);
    const rooms = kind === 'studio' || kind === 'room' ? 1 : dwelling ? dice.int(1, 5) : 0;
    const baths = dwelling ? Math.max(1, Math.min(rooms, dice.int(1, 3))) : 0;
    const floorArea =
      kind === 'garage'
        ? dice.int(10, 30)
        : kind === 'land'
          ? dice.int(300, 5000)
          : dwelling
            ? 25 + rooms * dice.int(18, 35)
            : dice.int(40, 400);
    const sale = [1, 7, 9, 10, 13, 15, 16].includes(typeId);
    const eur = sale
      ? floorArea * dice.int(1500, 5000)
      : typeId === 3
        ? dice.int(60, 250) * 7
        : floorArea * dice.int(9, 22) + 200;
    const prop = labelOf(PROPERTY_TYPES, kind, wording);
    const deal = words.lower(labelOf(DEAL_TYPES, typeId, wording));
    const features = Array.from(new Set(Array.from({ length: dice.int(2, 4) }, () => dice.pick(words.homeFeatures))));
    ad.typeId = typeId;
    // A deal type that names the property (a shared flat's room, an office for rent) is the title alone.
    const dealLabel = labelOf(DEAL_TYPES, typeId, wording);
    ad.title = words.homeTitle(dwelling && kind !== 'room' ? { prop, deal, dealLabel } : dealLabel, where);
    // Stored in square metres; written in the site's unit (decision 082).
    ad.description = words.sentences.home({
      prop,
      area: fromMetric('area', floorArea, units),
      units,
      rooms,
      baths,
      city: where,
      features: words.list(features),
      source: sourceName,
    });
    ad.price = { value: price(eur), ...(typeId === 3 ? { isWeekly: true } : {}) };
    ad.amenities = features;
    ad.ecoScore = dice.int(1, 7);
    ad.homes = {
      propertyType: kind,
      rooms,
      bathrooms: baths,
      floorArea,
      parking: kind === 'garage' || dice.chance(0.3),
      newBuilding: dice.chance(0.12),
      year: dice.int(1900, 2025),
      furnished: dice.chance(0.3),
      floorNumber: kind === 'flat' || kind === 'penthouse' ? dice.int(0, 12) : 0,
      condition: dice.pick(['new', 'good', 'to-renovate']),
      byOwner: dice.chance(0.1),
    };
    ad.keywords = [prop, `${prop} ${city}`];
  } else if (vertical === 'cars') {
    const make = dice.pick(CAR_MAKES);
    const model = dice.pick(make.models);
    const year = dice.int(2008, 2025);
    const mileage = Math.max(0, (2025 - year) * dice.int(6000, 20000));
    const fuel =
      make.name === 'Tesla'
        ? 'electric'
        : dice.weighted<string>([
            ['petrol', 40],
            ['diesel', 35],
            ['hybrid', 15],
            ['electric', 7],
            ['lpg', 3],
          ]);
    const transmission = dice.chance(0.4) ? 'automatic' : 'manual';
    const type = dice.pick(CAR_TYPES).value;
    const doors = type === 'coupe' || type === 'convertible' ? 3 : dice.pick([3, 5, 5, 5]);
    const fuelLabel = labelOf(FUELS, fuel, wording);
    ad.title = `${make.name} ${model} ${fuelLabel} ${year}`;
    const color = dice.pick(words.colors);
    ad.description = words.sentences.car({
      make: make.name,
      model,
      year,
      // Stored in kilometres; written in the site's unit, grouped as its language groups digits.
      km: new Intl.NumberFormat(wording, { numberingSystem: 'latn' }).format(
        units === 'imperial' ? fromMetric('distance', mileage, units) : mileage,
      ),
      units,
      fuel: words.lower(fuelLabel),
      gearbox: words.lower(labelOf(TRANSMISSIONS, transmission, wording)),
      doors,
      color,
      city: where,
    });
    ad.price = { value: price(Math.max(1500, 32000 * 0.88 ** (2025 - year) * (0.7 + dice.next() * 0.6))) };
    ad.ecoScore = fuel === 'electric' ? 7 : dice.int(2, 6);
    ad.cars = {
      make: make.name,
      model,
      year,
      mileage,
      doors,
      type,
      fuel,
      transmission,
      power: dice.int(70, 300),
      color,
      sizeEngine: fuel === 'electric' ? 0 : dice.pick([1000, 1200, 1400, 1600, 2000, 2500]),
      seats: dice.pick([4, 5, 5, 7]),
      gears: transmission === 'automatic' ? dice.pick([6, 7, 8]) : dice.pick([5, 6]),
      guarantee: dice.chance(0.5),
      co2Emissions: fuel === 'electric' ? 0 : dice.int(90, 200),
      fuelConsumption: fuel === 'electric' ? 0 : Math.round((3.5 + dice.next() * 5) * 10) / 10,
      bestValue: dice.chance(0.1),
    };
    ad.keywords = [make.name, `${make.name} ${model}`];
  } else if (vertical === 'jobs') {
    const category = dice.int(1, 14);
    const titles = words.jobTitles[category] ?? ['Assistant'];
    const title = dice.pick(titles);
    const company = dice.pick(COMPANIES);
    const jobType = dice.weighted<string>([
      ['permanent', 55],
      ['temporary', 20],
      ['contract', 12],
      ['internship', 8],
      ['freelance', 5],
    ]);
    const workingHours = dice.weighted<string>([
      ['full-time', 70],
      ['part-time', 22],
      ['shifts', 8],
    ]);
    const experience = dice.int(0, 8);
    const telecommute = dice.chance(0.25);
    const salary = price(dice.int(18, 70) * 1000);
    ad.title = `${title} - ${company}`;
    ad.description = words.sentences.job({
      company,
      title: words.lower(title),
      city: where,
      type: words.lower(labelOf(JOB_TYPES, jobType, wording)),
      hours: words.lower(labelOf(WORKING_HOURS, workingHours, wording)),
      years: experience,
      // Grouped as the site's language groups digits ("57.000" in German, "31 000" in French), in Latin
      // digits: the languages written from templates read them back and write them their own way.
      salary: new Intl.NumberFormat(wording, { numberingSystem: 'latn' }).format(salary),
      remote: telecommute,
    });
    ad.price = { value: salary };
    ad.jobs = { salary, category, telecommute, jobType, workingHours, experience, company, vacancies: dice.int(1, 5) };
    ad.keywords = [title];
  } else {
    const categoryId = dice.pick(PRODUCT_CATEGORIES).value;
    const nouns = words.productNouns[categoryId] ?? ['Item'];
    const nounIndex = Math.floor(dice.next() * nouns.length);
    const noun = nouns[nounIndex] as string;
    const brands = PRODUCT_BRANDS[categoryId] ?? [['Generic']];
    const brand = dice.pick(brands[nounIndex] ?? (brands[0] as readonly string[]));
    const used = dice.chance(0.75);
    ad.typeId = categoryId;
    ad.title = `${noun} ${brand}`;
    ad.description = words.sentences.product({ noun, brand, used, city: where });
    ad.price = { value: price(dice.int(5, 900)) };
    ad.products = { categoryId };
    ad.keywords = [noun];
  }
}
