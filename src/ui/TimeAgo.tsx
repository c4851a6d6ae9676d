import { useIntl } from 'react-intl';

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 31_536_000],
  ['month', 2_592_000],
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * "2 days ago" in the site's language, from the age the service computed,
 * so server and browser render the same text.
 */
export function TimeAgo({ seconds, date }: { seconds: number; date: string }) {
  const intl = useIntl();
  const [unit, size] = UNITS.find(([, s]) => seconds >= s) ?? ['minute', 60];
  const label = intl.formatRelativeTime(-Math.max(1, Math.floor(seconds / size)), unit, { numeric: 'auto' });
  return <time dateTime={date}>{label}</time>;
}
