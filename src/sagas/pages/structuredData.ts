import type { Site } from '../../../config/sites';
import type { Ad } from '../../shared/domain/ad';
import { fromMetric, type Units } from '../../shared/domain/units';

/** schema.org's employment types, by a job's working hours and contract ids (reference.ts). */
const EMPLOYMENT_TYPES: Readonly<Record<string, string>> = {
  'full-time': 'FULL_TIME',
  'part-time': 'PART_TIME',
  temporary: 'TEMPORARY',
  contract: 'CONTRACTOR',
  freelance: 'CONTRACTOR',
  internship: 'INTERN',
};

/**
 * A salary by the year, as schema.org's `baseSalary` takes it: this much when the partner gave one
 * figure, at least this much when it wrote more (a range's lower bound, a monthly pay by the year).
 */
function baseSalary(value: number, currency: string, exact: boolean): Record<string, unknown> {
  return {
    '@type': 'MonetaryAmount',
    currency,
    value: { '@type': 'QuantitativeValue', [exact ? 'value' : 'minValue']: value, unitText: 'YEAR' },
  };
}

/**
 * schema.org data for an ad page: a JobPosting for jobs, a Product with an
 * Offer for everything else, so search engines can show price and place.
 */
export function structuredData(ad: Ad, site: Site, url: string): Record<string, unknown> {
  const a = ad.attributes;
  const price = a.vertical_properties.price;
  const place = {
    '@type': 'Place',
    address: {
      '@type': 'PostalAddress',
      addressLocality: a.location.city ?? undefined,
      addressRegion: a.location.region ?? undefined,
      postalCode: a.location.postalCode ?? undefined,
      addressCountry: site.country === 'uk' ? 'GB' : site.country.toUpperCase(),
    },
  };
  if (site.target === 'jobs') {
    const props = a.vertical_properties;
    const company = props.company;
    const employment = [EMPLOYMENT_TYPES[String(props.workingHours)], EMPLOYMENT_TYPES[String(props.jobType)]].filter(
      (t): t is string => t !== undefined,
    );
    return {
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: a.title,
      description: a.descriptionOriginal ?? a.description,
      datePosted: a.date,
      // Its closing date, so that a job search engine drops it when it closes.
      ...(a.expirationDate ? { validThrough: a.expirationDate } : {}),
      url,
      hiringOrganization: {
        '@type': 'Organization',
        name: typeof company === 'string' ? company : (a.source.name ?? ''),
      },
      jobLocation: place,
      // What job search engines list a job by: its pay (the yearly figure it is filtered by, the lower
      // bound of a range), its hours and contract, and whether it is done from home.
      ...(price
        ? { baseSalary: baseSalary(price.value, price.currency ?? site.currency, props.salaryText === undefined) }
        : {}),
      ...(employment.length > 0 ? { employmentType: employment } : {}),
      ...(props.telecommute === true
        ? {
            jobLocationType: 'TELECOMMUTE',
            applicantLocationRequirements: { '@type': 'Country', name: place.address.addressCountry },
          }
        : {}),
    };
  }
  return {
    '@context': 'https://schema.org',
    // A car as a car (a Product too), which vehicle listings read.
    '@type': site.target === 'cars' ? 'Car' : 'Product',
    name: a.title,
    description: a.descriptionOriginal ?? a.description,
    // Absolute, as schema.org's consumers read them: a demo picture's is a path on our own origin.
    image: a.vertical_properties.images.slice(0, 3).map((src) => new URL(src, url).toString()),
    url,
    offers: {
      '@type': 'Offer',
      url,
      availability: 'https://schema.org/InStock',
      ...(price ? { price: price.value, priceCurrency: price.currency ?? site.currency } : {}),
      seller: { '@type': 'Organization', name: a.source.name ?? '' },
      availableAtOrFrom: place,
    },
    ...(site.target === 'cars' ? vehicle(a.vertical_properties, site) : {}),
  };
}

/** UN/CEFACT codes of a site's units: miles or kilometres, horsepower or metric horsepower. */
const UNIT_CODES: Readonly<Record<Units, { distance: string; power: string }>> = {
  imperial: { distance: 'SMI', power: 'BHP' },
  metric: { distance: 'KMT', power: 'HJ' },
};

const quantity = (value: number, unitCode?: string) => ({
  '@type': 'QuantitativeValue',
  value,
  ...(unitCode ? { unitCode } : {}),
});

/**
 * A car's schema.org properties, as its page's facts show them: the make, model and year, the
 * mileage in the site's unit, fuel, gearbox, body, colour, doors, seats and engine.
 */
function vehicle(props: Ad['attributes']['vertical_properties'], site: Site): Record<string, unknown> {
  const codes = UNIT_CODES[site.units];
  const text = (key: string) =>
    typeof props[key] === 'string' && props[key] !== '' ? (props[key] as string) : undefined;
  const count = (key: string) => (typeof props[key] === 'number' ? (props[key] as number) : undefined);
  const make = text('make');
  const mileage = count('mileage');
  const engine = count('sizeEngine');
  const power = count('power');
  const out: Record<string, unknown> = {
    ...(make ? { brand: { '@type': 'Brand', name: make } } : {}),
    model: text('model'),
    vehicleModelDate: count('year') !== undefined ? String(count('year')) : undefined,
    mileageFromOdometer:
      mileage !== undefined ? quantity(fromMetric('distance', mileage, site.units), codes.distance) : undefined,
    fuelType: text('fuelLabel'),
    vehicleTransmission: text('transmissionLabel'),
    bodyType: text('typeLabel'),
    color: text('color'),
    numberOfDoors: count('doors'),
    vehicleSeatingCapacity: count('seats'),
    vehicleEngine:
      engine !== undefined || power !== undefined
        ? {
            '@type': 'EngineSpecification',
            ...(engine !== undefined ? { engineDisplacement: quantity(engine, 'CMQ') } : {}),
            ...(power !== undefined ? { enginePower: quantity(power, codes.power) } : {}),
          }
        : undefined,
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}
