import type { IntlShape } from 'react-intl';
import { countryByCode, localCountryName } from '../../../config/countries';
import { verticalById } from '../../../config/verticals';
import { referenceMessageId } from '../../shared/i18n/referenceIds';
import type { AlertItem } from '../../state/notifications';

/**
 * What tells an alert of the manager's list from another of the same words: its vertical, its deal
 * type or product category, its country when not the site's, and how many filters it has ("Homes · To
 * rent · Filters (2)"). The alerts of every site of an address are listed together.
 */
export function alertDetails(intl: IntlShape, alert: AlertItem, siteCountry: string): string {
  const vertical = verticalById(alert.verticalId)?.name;
  const parts: string[] = [];
  if (vertical) parts.push(intl.formatMessage({ id: `vertical.${vertical}` }));
  const list = vertical === 'homes' ? 'dealType' : vertical === 'products' ? 'productCategory' : undefined;
  const typeLabel = list && alert.dealTypeId ? referenceMessageId(list, alert.dealTypeId) : undefined;
  if (typeLabel && typeLabel in intl.messages) parts.push(intl.formatMessage({ id: typeLabel }));
  const country = countryByCode(alert.countryCode);
  if (country && country.code !== siteCountry) parts.push(localCountryName(country, intl.locale));
  if (alert.filterCount > 0) parts.push(intl.formatMessage({ id: 'filters.open' }, { count: alert.filterCount }));
  return parts.join(' · ');
}
