import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { useBuildPath } from './RoutesContext';
import { plainMessage } from './plainMessage';

/** The header: the logo linking home, themed per vertical through the page's accent colour. */
export function Header() {
  const intl = useIntl();
  const buildPath = useBuildPath();
  return (
    <header className="header">
      <Link to={buildPath('home')} className="header__logo" aria-label={plainMessage(intl, 'header.home')}>
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M3 12c4-7 14-7 18 0-4 7-14 7-18 0zm9 4a4 4 0 1 0 0-8 4 4 0 0 0 0 8z" />
        </svg>
        <span>{plainMessage(intl, 'app.name')}</span>
      </Link>
    </header>
  );
}
