import { useSelector } from 'react-redux';
import type { RootState } from '../../state/store';

/** A page whose only content so far is its title (SEO index, landing, notifications). */
export function TitledPage() {
  const title = useSelector((state: RootState) => state.page.head.title);
  return (
    <section className="titled-page">
      <h1>{title.replace(/ \| Trawl$/, '')}</h1>
    </section>
  );
}
