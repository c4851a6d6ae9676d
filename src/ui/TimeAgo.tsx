import type { IntlShape } from 'react-intl';
import { useIntl } from 'react-intl';

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 31_536_000],
  ['month', 2_592_000],
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** Labels per intl object: a small set ("3 days ago"), the same on every page of a locale. */
const labels = new WeakMap<IntlShape, Map<string, string>>();

/** "2 days ago" in the intl object's language, for an age in seconds. */
export function timeAgoLabel(intl: IntlShape, seconds: number): string {
  const [unit, size] = UNITS.find(([, s]) => seconds >= s) ?? ['minute', 60];
  const value = -Math.max(1, Math.floor(seconds / size));
  let known = labels.get(intl);
  if (!known) labels.set(intl, (known = new Map()));
  const key = `${unit}:${value}`;
  let label = known.get(key);
  if (label === undefined) known.set(key, (label = intl.formatRelativeTime(value, unit, { numeric: 'auto' })));
  return label;
}

/**
 * "2 days ago" in the site's language, from the age the service computed,
 * so server and browser render the same text.
 */
export function TimeAgo({ seconds, date }: { seconds: number; date: string }) {
  const intl = useIntl();
  return <time dateTime={date}>{timeAgoLabel(intl, seconds)}</time>;
}
