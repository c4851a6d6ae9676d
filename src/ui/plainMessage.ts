import type { IntlShape } from 'react-intl';
import type { Units } from '../shared/domain/units';

const formatted = new WeakMap<object, Map<string, string>>();

/**
 * A message without values, formatted once per intl object: the server shares one per
 * locale and the browser keeps one, so labels such as "New" or "Sort by" are the same
 * string on every page, and formatting them again (intl keys its formatters with a
 * JSON.stringify of the message per call) is work for nothing. A label that names a unit ("Lowest
 * price per sq ft") is given the site's units (decision 082).
 */
export function plainMessage(intl: Pick<IntlShape, 'formatMessage'>, id: string, units?: Units): string {
  let known = formatted.get(intl);
  if (!known) formatted.set(intl, (known = new Map()));
  const key = units ? `${id}:${units}` : id;
  let text = known.get(key);
  if (text === undefined) known.set(key, (text = intl.formatMessage({ id }, units ? { units } : undefined)));
  return text;
}
