import { countryByCode } from '../../../config/countries';
import { verticalById, verticalByName, type Vertical } from '../../../config/verticals';
import { ServiceError } from '../jsonapi';
import type { SiteKey } from '../search/types';

/**
 * The site a request names by country code and vertical (a name like
 * `homes`, or an id like 1 / "1"), when the country has that vertical;
 * otherwise a 400 pointing at the offending part.
 */
export function siteOfBody(
  countryCode: string,
  vertical: string | number,
  where: string,
  mode: 'body' | 'query' = 'body',
  names: { country: string; vertical: string } = { country: 'country_code', vertical: 'vertical_name' },
): SiteKey {
  const source = (name: string) => (mode === 'body' ? { pointer: `${where}/${name}` } : { parameter: name });
  const country = countryByCode(countryCode.trim().toLowerCase());
  if (!country) {
    throw new ServiceError(
      400,
      'INVALID_PARAMETER',
      `${names.country}: unknown country code ${countryCode}`,
      source(names.country),
    );
  }
  const text = String(vertical).trim().toLowerCase();
  const def = /^\d+$/.test(text) ? verticalById(Number(text)) : verticalByName(text);
  if (!def || !(country.verticals as readonly string[]).includes(def.name)) {
    throw new ServiceError(
      400,
      'INVALID_PARAMETER',
      `${names.vertical}: ${country.code} has no vertical ${String(vertical)}`,
      source(names.vertical),
    );
  }
  return { country: country.code, vertical: def.name as Vertical };
}
