import { useIntl } from 'react-intl';
import { useSelector } from 'react-redux';
import type { RootState } from '../state/store';

/** "Searching N partner sites…" with their logos, at the foot of the screen while a search runs; it takes no taps. */
export function SourcesLoader() {
  const intl = useIntl();
  const { visible, sources } = useSelector((state: RootState) => state.sourcesLoader);
  if (!visible) return null;
  return (
    <div className="sources-loader" role="status" aria-live="polite">
      <p>{intl.formatMessage({ id: 'sources.searching' }, { count: sources.length })}</p>
      <ul className="sources-loader__logos" aria-hidden="true">
        {sources.map((s) => (
          <li key={s.name}>
            <img src={s.image} alt="" width={64} height={32} />
          </li>
        ))}
      </ul>
    </div>
  );
}
