import { countryByCode } from '../../config/countries';
import { siteEntries } from '../../config/sites';

/** Fills `{country}` and `{vertical}` in a URL template. */
export function fillTemplate(template: string, country: string, vertical: string): string {
  return template
    .replace(/\{country\}/g, country)
    .replace(/\{vertical\}/g, vertical)
    .replace(/\/+$/, '');
}

/**
 * The public base URL of a site's pages for links in mails and pushes: a
 * `PUBLIC_BASE_URL` template when given; in production the site's own host
 * (`https://homes.trawl.co.uk`, `https://www.trawl.co.cr/homes`, config/sites.ts);
 * otherwise the local name `http://<vertical>.<country>.localhost:<port>`
 * (docs/decisions/001-sites-and-hosts.md).
 */
export function publicBaseUrlResolver(options: {
  template?: string;
  production: boolean;
  port: number;
}): (country: string, vertical: string) => string {
  return (country, vertical) => {
    if (options.template) return fillTemplate(options.template, country, vertical);
    const def = countryByCode(country);
    const entry = def ? siteEntries(def).find((e) => e.key === vertical) : undefined;
    if (options.production && entry) return `https://${entry.domain}${entry.path ?? ''}`;
    return `http://${vertical}.${country}.localhost:${options.port}`;
  };
}
