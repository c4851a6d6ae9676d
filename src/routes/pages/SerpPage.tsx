import { useSelector } from 'react-redux';
import type { RootState } from '../../state/store';
import { SearchForm } from '../../ui/SearchForm';

/** Search results (serp_search). */
export function SerpPage() {
  const params = useSelector((state: RootState) => state.page.params);
  const title = useSelector((state: RootState) => state.page.head.title);
  const what = params.what == null ? '' : String(params.what);
  const where = params.where == null ? '' : String(params.where);
  return (
    <section className="serp">
      <SearchForm initialWhat={what} initialWhere={where} />
      <h1>{title.replace(/ \| Trawl$/, '')}</h1>
    </section>
  );
}
