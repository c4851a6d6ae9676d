import type { IntlShape } from 'react-intl';

const formatted = new WeakMap<object, Map<string, string>>();

/**
 * A message without values, formatted once per intl object: the server shares one per
 * locale and the browser keeps one, so labels such as "New" or "Sort by" are the same
 * string on every page, and formatting them again (intl keys its formatters with a
 * JSON.stringify of the message per call) is work for nothing.
 */
export function plainMessage(intl: Pick<IntlShape, 'formatMessage'>, id: string): string {
  let known = formatted.get(intl);
  if (!known) formatted.set(intl, (known = new Map()));
  let text = known.get(id);
  if (text === undefined) known.set(id, (text = intl.formatMessage({ id })));
  return text;
}
