import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { MessageId } from '../../../shared/i18n/messages';
import { useBuildPath } from '../../../ui/RoutesContext';

const AREAS: Array<[string, MessageId]> = [
  ['notifications_email', 'nm.nav.email'],
  ['notifications_push', 'nm.nav.push'],
  ['notifications_settings', 'nm.nav.settings'],
];

/** Links between the three areas of the notifications manager. */
export function NotificationsNav({ current }: { current: string }) {
  const intl = useIntl();
  const buildPath = useBuildPath();
  return (
    <nav className="nm-nav" aria-label={intl.formatMessage({ id: 'nm.nav' })}>
      <ul>
        {AREAS.map(([name, label]) => (
          <li key={name}>
            <Link to={buildPath(name)} aria-current={name === current ? 'page' : undefined}>
              {intl.formatMessage({ id: label })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
