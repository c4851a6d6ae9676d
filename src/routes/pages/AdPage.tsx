import { useSelector } from 'react-redux';
import type { RootState } from '../../state/store';

/** One ad (adpage). */
export function AdPage() {
  const head = useSelector((state: RootState) => state.page.head);
  return (
    <article className="ad-page">
      <h1>{head.title.replace(/ \| Trawl$/, '')}</h1>
      {head.description && <p>{head.description}</p>}
    </article>
  );
}
