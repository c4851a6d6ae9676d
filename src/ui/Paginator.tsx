import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { QueryParams } from '../shared/routing/query';
import { useBuildPath } from './RoutesContext';
import { plainMessage } from './plainMessage';

/** Pages shown around the current one (the spec leaves the window open; decision 006). */
export const PAGINATOR_WINDOW = 5;

export function pageWindow(page: number, maxPage: number, size = PAGINATOR_WINDOW): number[] {
  const half = Math.floor(size / 2);
  const start = Math.max(1, Math.min(page - half, maxPage - size + 1));
  const end = Math.min(maxPage, start + size - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

export function Paginator({
  routeName,
  params,
  page,
  maxPage,
}: {
  routeName: string;
  params: QueryParams;
  page: number;
  maxPage: number;
}) {
  const intl = useIntl();
  const buildPath = useBuildPath();
  if (maxPage <= 1) return null;
  const href = (p: number) => buildPath(routeName, { ...params, page: p });
  return (
    <nav className="paginator" aria-label={plainMessage(intl, 'paginator.label')}>
      <ul>
        {page > 1 && (
          <li>
            <Link to={href(page - 1)} rel="prev">
              {plainMessage(intl, 'paginator.previous')}
            </Link>
          </li>
        )}
        {pageWindow(page, maxPage).map((p) => (
          <li key={p}>
            {p === page ? (
              <span aria-current="page">{intl.formatNumber(p)}</span>
            ) : (
              <Link
                to={href(p)}
                aria-label={intl.formatMessage({ id: 'paginator.page' }, { page: intl.formatNumber(p) })}
              >
                {intl.formatNumber(p)}
              </Link>
            )}
          </li>
        ))}
        {page < maxPage && (
          <li>
            <Link to={href(page + 1)} rel="next">
              {plainMessage(intl, 'paginator.next')}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
