import type { Site } from '../../../config/sites';
import type { Ad } from '../../shared/domain/ad';

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
    const company = a.vertical_properties.company;
    return {
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: a.title,
      description: a.descriptionOriginal ?? a.description,
      datePosted: a.date,
      url,
      hiringOrganization: {
        '@type': 'Organization',
        name: typeof company === 'string' ? company : (a.source.name ?? ''),
      },
      jobLocation: place,
    };
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
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
  };
}
