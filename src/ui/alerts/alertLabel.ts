import type { IntlShape } from 'react-intl';
import { languageOf } from '../../shared/i18n/featureCatalogue';
import { inPlace } from '../../shared/i18n/inPlace';

/**
 * "flat in London", "flat", "Everything in London": how an alert's search is named on screen, a search
 * with a place as its titles and the alert mails name it (`inPlace`: "Wohnung im Kanton Zürich",
 * "คอนโดในเชียงใหม่").
 */
export function alertLabel(intl: IntlShape, what: string, where: string): string {
  if (what && where) return inPlace(languageOf(intl.locale), what, where);
  if (what) return intl.formatMessage({ id: 'nm.labelAnywhere' }, { what });
  return intl.formatMessage({ id: 'nm.labelEverything' }, { where });
}
