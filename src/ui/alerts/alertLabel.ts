import type { IntlShape } from 'react-intl';

/** "flat in London", "flat", "Everything in London": how an alert's search is named on screen. */
export function alertLabel(intl: IntlShape, what: string, where: string): string {
  if (what && where) return intl.formatMessage({ id: 'nm.label' }, { what, where });
  if (what) return intl.formatMessage({ id: 'nm.labelAnywhere' }, { what });
  return intl.formatMessage({ id: 'nm.labelEverything' }, { where });
}
