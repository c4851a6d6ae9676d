import { useIntl } from 'react-intl';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import type { RootState } from '../../state/store';
import { Paginator } from '../../ui/Paginator';
import { useBuildPath } from '../../ui/RoutesContext';
import { SeoLinks } from '../../ui/SeoLinks';

/** SEO index and top searches: keywords by first letter and page, each linking to its results. */
export function SeoIndexPage() {
  const intl = useIntl();
  const buildPath = useBuildPath();
  const { routeName, params } = useSelector((state: RootState) => state.page);
  const seo = useSelector((state: RootState) => state.seo);
  const name = routeName ?? 'topsearches';
  // Products' top searches pick a category on the products index, whose path names it.
  const categoryRoute = name === 'topsearches' ? 'products' : name;
  return (
    <section className="seo-index">
      <h1>{intl.formatMessage({ id: 'seo.heading' })}</h1>
      <SeoLinks />
      {seo.categories.length > 0 && (
        <nav aria-label={intl.formatMessage({ id: 'seo.group.categories' })}>
          <ul className="letters letters--named">
            {[{ id: null, name: intl.formatMessage({ id: 'seo.allCategories' }) }, ...seo.categories].map((c) => (
              <li key={c.id ?? 'all'}>
                {c.id === seo.categoryId ? (
                  <span aria-current="page">{c.name}</span>
                ) : (
                  // Another category has letters of its own: its index starts at its first page.
                  <Link to={buildPath(categoryRoute, { type: c.id ?? undefined })}>{c.name}</Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
      )}
      {seo.letters.length > 0 && (
        <nav aria-label={intl.formatMessage({ id: 'seo.letters' })}>
          <ul className="letters">
            {seo.letters.map((l) => (
              <li key={l}>
                {l === seo.letter ? (
                  <span aria-current="page">{l.toUpperCase()}</span>
                ) : (
                  <Link to={buildPath(name, { ...params, letter: l, page: undefined })}>{l.toUpperCase()}</Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
      )}
      <ul className="keywords">
        {seo.keywords.map((k) => (
          <li key={k.keyword}>
            <Link to={buildPath('serp_search', { what: k.what, where: k.where ?? undefined })}>{k.keyword}</Link>{' '}
            <span className="keywords__count">({intl.formatNumber(k.totalAds)})</span>
          </li>
        ))}
      </ul>
      <Paginator routeName={name} params={params} page={seo.page} maxPage={seo.maxPage} />
    </section>
  );
}
