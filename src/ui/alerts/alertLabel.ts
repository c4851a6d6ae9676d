import type { IntlShape } from 'react-intl';
import { languageOf } from '../../shared/i18n/featureCatalogue';
import { inPlace, inPlaceParts } from '../../shared/i18n/inPlace';

/**
 * "flat in London", "flat", "Everything in London": how an alert's search is named on screen, a search
 * with a place as its titles and the alert mails name it (`inPlace`: "Wohnung im Kanton Zürich",
 * "คอนโดในเชียงใหม่").
 */
export function alertLabel(intl: IntlShape, what: string, where: string): string {
  const language = languageOf(intl.locale);
  if (what && where) return inPlace(language, what, where);
  if (what) return intl.formatMessage({ id: 'nm.labelAnywhere' }, { what });
  // A language may say "in <place>" as its titles do (`inWhere`: "im Kanton Zürich") rather than write the place alone.
  const { prefix, suffix } = inPlaceParts(language, '', where);
  const inWhere = `${prefix.trim()} ${where}${suffix}`.trim();
  return intl.formatMessage({ id: 'nm.labelEverything' }, { where, inWhere });
}
