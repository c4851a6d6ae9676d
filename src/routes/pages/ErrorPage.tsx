import { useIntl } from 'react-intl';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import type { RootState } from '../../state/store';
import { SearchForm } from '../../ui/SearchForm';
import { useBuildPath } from '../../ui/RoutesContext';

export function NotFoundPage() {
  const intl = useIntl();
  return (
    <section className="error-page" aria-labelledby="error-title">
      <h1 id="error-title">{intl.formatMessage({ id: 'notFound.title' })}</h1>
      <p>{intl.formatMessage({ id: 'notFound.message' })}</p>
      <SearchForm />
    </section>
  );
}

export function ServerErrorPage() {
  const intl = useIntl();
  const buildPath = useBuildPath();
  return (
    <section className="error-page" aria-labelledby="error-title">
      <h1 id="error-title">{intl.formatMessage({ id: 'serverError.title' })}</h1>
      <Link className="button button--primary" to={buildPath('home')}>
        {intl.formatMessage({ id: 'serverError.button' })}
      </Link>
    </section>
  );
}

/** The page for an error status: 500 the server error, anything else not found. */
export function ErrorPage() {
  const status = useSelector((state: RootState) => state.page.status);
  return status >= 500 ? <ServerErrorPage /> : <NotFoundPage />;
}
