import type { ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { SORT_KEYS } from '../shared/domain/constants';
import type { MessageId } from '../shared/i18n/messages';
import { stringifyQuery, type QueryParams } from '../shared/routing/query';
import type { RootState } from '../state/store';
import { plainMessage } from './plainMessage';

/** Sort keys offered per vertical: price per square metre (or foot) only where there are floor areas. */
function sortsFor(target: string): readonly string[] {
  return target === 'homes' ? SORT_KEYS : SORT_KEYS.filter((k) => !k.startsWith('price_per_meters'));
}

/** A sort's label: a job's price is its salary. */
function labelOf(target: string, key: string): MessageId {
  if (target === 'jobs' && key === 'price') return 'sort.salary';
  if (target === 'jobs' && key === 'price_desc') return 'sort.salary_desc';
  return `sort.${key}` as MessageId;
}

/**
 * The sort control: a GET form (select + button) without JavaScript; with
 * it, choosing navigates in the app. An empty sort leaves the URL (spec §5).
 */
export function SortSelect({ action, pathname, params }: { action: string; pathname: string; params: QueryParams }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const target = useSelector((state: RootState) => state.app.site.target);
  const units = useSelector((state: RootState) => state.app.site.units);
  const current = typeof params.sort === 'string' ? params.sort : 'relevance';
  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const sort = event.currentTarget.value;
    const rest = Object.fromEntries(
      Object.entries(params).filter(([k]) => !['sort', 'page', 'what', 'where'].includes(k)),
    );
    navigate(`${pathname}${stringifyQuery({ ...rest, sort: sort === 'relevance' ? '' : sort })}`);
  };
  return (
    <form method="get" action={action} className="sort">
      {Object.entries(params)
        .filter(([k, v]) => !['sort', 'page', 'what', 'where'].includes(k) && v !== null && v !== '')
        .map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={String(v)} />
        ))}
      <label>
        <span>{plainMessage(intl, 'sort.label')}</span>
        <select name="sort" value={current} onChange={onChange}>
          {sortsFor(target).map((key) => (
            <option key={key} value={key}>
              {plainMessage(intl, labelOf(target, key), units)}
            </option>
          ))}
        </select>
      </label>
      <noscript>
        <button type="submit" className="button button--secondary">
          {plainMessage(intl, 'sort.apply')}
        </button>
      </noscript>
    </form>
  );
}
