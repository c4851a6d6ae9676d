import { useIntl } from 'react-intl';
import { placeSeparator } from '../../../config/locales';
import type { ListingAd } from '../../shared/domain/ad';
import { useSelector } from 'react-redux';
import { LOCATION_LABEL_MAX_GEO_NAMES } from '../../shared/domain/constants';
import { placeOnScreen } from '../../state/search';
import type { RootState } from '../../state/store';
import { AdCard } from '../../ui/AdCard';
import { AdSlot } from '../../ui/ads/AdSlot';
import { AlertCreation } from '../../ui/alerts/AlertCreation';
import { FiltersPanel } from '../../ui/LazyFiltersPanel';
import { Paginator } from '../../ui/Paginator';
import { useBuildPath } from '../../ui/RoutesContext';
import { SearchForm } from '../../ui/SearchForm';
import { SortSelect } from '../../ui/SortSelect';
import { plainMessage } from '../../ui/plainMessage';

const str = (v: unknown): string => (v === undefined || v === null || typeof v === 'boolean' ? '' : String(v));

/** Search results (serp_search, and the paid landing routes). */
export function SerpPage() {
  const intl = useIntl();
  const buildPath = useBuildPath();
  const { params, routeName, location } = useSelector((state: RootState) => state.page);
  const basePath = useSelector((state: RootState) => state.app.site.basePath);
  const { results, meta } = useSelector((state: RootState) => state.search);
  // While the next results load, the count says so: the last search's count, or none yet ("0 ads"), is not theirs.
  const isLoading = useSelector((state: RootState) => state.page.isLoading);
  const what = str(params.what);
  const where = str(params.where);
  // A name said once: the city of Madrid in the region named Madrid is "Madrid", not "Madrid, Madrid".
  const geo = (meta?.keyword?.geoInfo ?? [])
    .filter((g) => g.visible)
    .filter((g, i, all) => all.findIndex((o) => o.name === g.name) === i)
    .slice(0, LOCATION_LABEL_MAX_GEO_NAMES);
  const pathParams = { what, where };
  const placeName = placeOnScreen(where, meta?.keyword?.where);
  const action = `${basePath}${location.pathname}`;
  const total = meta?.totalCount ?? 0;
  // The service searched a corrected what ("flatt" as "flat"): the visitor is told so.
  const redirectWhat = meta?.keyword?.redirectWhat;
  const corrected = redirectWhat && redirectWhat.toLowerCase() !== what.trim().toLowerCase() ? redirectWhat : null;
  return (
    <section className="serp">
      <SearchForm
        initialWhat={what}
        initialWhere={placeName}
        typeId={typeof params.type_id === 'number' ? params.type_id : 0}
      />
      <header className="serp__header">
        <h1>{meta?.title ?? what}</h1>
        <p className="serp__count" aria-live="polite">
          {isLoading ? (
            plainMessage(intl, 'app.loading')
          ) : (
            <>
              {intl.formatMessage(
                { id: meta?.countIsEstimate ? 'serp.countEstimate' : 'serp.count' },
                { count: total },
              )}
              {geo.length > 0 && (
                <span className="serp__location"> · {geo.map((g) => g.name).join(placeSeparator(intl.locale))}</span>
              )}
            </>
          )}
        </p>
        {corrected && (
          <p>
            {plainMessage(intl, 'serp.showingFor')} <strong>{corrected}</strong>
          </p>
        )}
        {meta?.keyword?.didYouMeanWhat && (
          <p>
            {plainMessage(intl, 'serp.didYouMean')}{' '}
            <a href={buildPath(routeName ?? 'serp_search', { ...pathParams, what: meta.keyword.didYouMeanWhat }, true)}>
              {meta.keyword.didYouMeanWhat}
            </a>
          </p>
        )}
      </header>
      <AlertCreation />
      <div className="serp__tools">
        <FiltersPanel action={action} pathname={location.pathname} params={params} />
        <SortSelect action={action} pathname={location.pathname} params={params} />
      </div>
      <AdSlot id="serp-top" />
      <AdList label={plainMessage(intl, 'serp.premium')} ads={results.premiumTop} eagerFirst />
      <AdList
        label={plainMessage(intl, 'serp.results')}
        ads={results.organic}
        eagerFirst={results.premiumTop.length === 0}
      />
      <AdList label={plainMessage(intl, 'serp.premium')} ads={results.premiumBottom} />
      {(
        [
          ['serp.nearby', results.nearby],
          ['serp.similar', results.similarContent],
        ] as const
      ).map(
        ([label, ads]) =>
          ads.length > 0 && (
            <section key={label}>
              <h2>{plainMessage(intl, label)}</h2>
              <AdList label={plainMessage(intl, label)} ads={ads} headingLevel={3} />
            </section>
          ),
      )}
      {meta && (
        <Paginator
          routeName={routeName ?? 'serp_search'}
          params={params}
          page={meta.pagination.page}
          maxPage={meta.pagination.maxPage}
        />
      )}
      <AdSlot id="serp-bottom" />
    </section>
  );
}

function AdList({
  label,
  ads,
  eagerFirst = false,
  headingLevel = 2,
}: {
  label: string;
  ads: ListingAd[];
  eagerFirst?: boolean;
  headingLevel?: 2 | 3;
}) {
  if (ads.length === 0) return null;
  return (
    <ol className="ad-list" aria-label={label}>
      {ads.map((ad, i) => (
        <li key={`${ad.attributes.section_id}-${ad.id}`}>
          <AdCard ad={ad} eager={eagerFirst && i < 2} headingLevel={headingLevel} />
        </li>
      ))}
    </ol>
  );
}
