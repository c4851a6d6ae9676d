import { useIntl } from 'react-intl';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import { snakeCase } from '../shared/domain/filterNames';
import { siteFilters, type Units } from '../shared/domain/units';
import type { QueryValue } from '../shared/routing/query';
import type { RootState } from '../state/store';
import { useBuildPath } from './RoutesContext';

/**
 * Search-service queries (dealTypeId, filters{...}) as results-URL parameters: the service's filters
 * are metric, a results URL's in its site's units (decision 082).
 */
export function queryToParams(query: Record<string, unknown>, units: Units): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(query)) {
    if (key === 'dealTypeId' || key === 'categoryId') out.type_id = value as QueryValue;
    else if (key === 'filters' && value && typeof value === 'object') {
      for (const [f, v] of Object.entries(siteFilters(value as Record<string, unknown>, units)))
        out[snakeCase(f)] = v as QueryValue;
    } else if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value as QueryValue;
  }
  return out;
}

/** The vertical's SEO link index, grouped (places, makes, categories...). */
export function SeoLinks() {
  const intl = useIntl();
  const buildPath = useBuildPath();
  const links = useSelector((state: RootState) => state.seo.seo);
  const units = useSelector((state: RootState) => state.app.site.units);
  if (links.length === 0) return null;
  const groups = [...new Set(links.map((l) => l.group))];
  return (
    <nav className="seo-links" aria-label={intl.formatMessage({ id: 'seo.links' })}>
      {groups.map((group) => (
        <section key={group}>
          <h2>{intl.messages[`seo.group.${group}`] ? intl.formatMessage({ id: `seo.group.${group}` }) : group}</h2>
          <ul>
            {links
              .filter((l) => l.group === group)
              .map((l) => (
                <li key={`${group}-${l.label}`}>
                  <Link to={buildPath('serp_search', queryToParams(l.query, units))}>{l.label}</Link>{' '}
                  <span className="seo-links__count">({intl.formatNumber(l.total)})</span>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
