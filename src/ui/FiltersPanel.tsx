import { useEffect, useRef, type FormEvent, type SyntheticEvent } from 'react';
import { useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import type { FacetValue } from '../shared/domain/ad';
import { activeFilterCount } from '../shared/domain/filters';
import type { MessageId } from '../shared/i18n/messages';
import type { QueryParams } from '../shared/routing/query';
import { filtersToggled } from '../state/search';
import type { RootState } from '../state/store';

type Field =
  | { kind: 'facet'; key: string; facet: string; label: MessageId }
  | { kind: 'range'; min: string; max?: string; label: MessageId }
  | { kind: 'check'; key: string; label: MessageId }
  | { kind: 'since'; key: string; label: MessageId };

const COMMON_HEAD: Field[] = [
  { kind: 'facet', key: 'region', facet: 'region', label: 'filters.region' },
  { kind: 'facet', key: 'city', facet: 'city', label: 'filters.city' },
  { kind: 'facet', key: 'city_area', facet: 'cityArea', label: 'filters.cityArea' },
];
const COMMON_TAIL: Field[] = [
  { kind: 'since', key: 'date_from', label: 'filters.dateFrom' },
  { kind: 'check', key: 'decrease_price', label: 'filters.decreasePrice' },
  { kind: 'check', key: 'photos', label: 'filters.photos' },
];

/** The filters of each vertical (every filter key of product-spec §3 a visitor can set by hand). */
const FIELDS: Record<string, Field[]> = {
  homes: [
    { kind: 'facet', key: 'type_id', facet: 'dealType', label: 'filters.dealType' },
    { kind: 'facet', key: 'property_type', facet: 'propertyType', label: 'filters.propertyType' },
    { kind: 'range', min: 'price_min', max: 'price_max', label: 'filters.price' },
    { kind: 'range', min: 'area_min', max: 'area_max', label: 'filters.area' },
    { kind: 'range', min: 'rooms_min', max: 'rooms_max', label: 'filters.rooms' },
    { kind: 'range', min: 'bathrooms_min', max: 'bathrooms_max', label: 'filters.bathrooms' },
    { kind: 'check', key: 'parking', label: 'filters.parking' },
    { kind: 'check', key: 'new_build', label: 'filters.newBuild' },
  ],
  cars: [
    { kind: 'facet', key: 'make', facet: 'make', label: 'filters.make' },
    { kind: 'facet', key: 'model', facet: 'model', label: 'filters.model' },
    { kind: 'facet', key: 'car_type', facet: 'carType', label: 'filters.carType' },
    { kind: 'facet', key: 'fuel', facet: 'fuel', label: 'filters.fuel' },
    { kind: 'facet', key: 'transmission', facet: 'transmission', label: 'filters.transmission' },
    { kind: 'range', min: 'price_min', max: 'price_max', label: 'filters.price' },
    { kind: 'range', min: 'year_min', max: 'year_max', label: 'filters.year' },
    { kind: 'range', min: 'mileage_min', max: 'mileage_max', label: 'filters.mileage' },
    { kind: 'range', min: 'doors_min', max: 'doors_max', label: 'filters.doors' },
  ],
  jobs: [
    { kind: 'facet', key: 'category', facet: 'category', label: 'filters.category' },
    { kind: 'facet', key: 'company', facet: 'company', label: 'filters.company' },
    { kind: 'facet', key: 'job_type', facet: 'jobType', label: 'filters.jobType' },
    { kind: 'facet', key: 'working_hours', facet: 'workingHours', label: 'filters.workingHours' },
    { kind: 'range', min: 'salary_min', max: 'salary_max', label: 'filters.salary' },
    { kind: 'range', min: 'experience_min', label: 'filters.experience' },
    { kind: 'range', min: 'distance', label: 'filters.distance' },
    { kind: 'check', key: 'telecommute', label: 'filters.telecommute' },
  ],
  products: [{ kind: 'range', min: 'price_min', max: 'price_max', label: 'filters.price' }],
};

const NO_FACETS: Record<string, unknown> = {};

/** Keys the panel's form writes; everything else of the URL is carried in hidden fields. */
function panelKeys(fields: Field[]): Set<string> {
  const keys = new Set<string>(['page']);
  for (const f of fields) {
    if (f.kind === 'range') {
      keys.add(f.min);
      if (f.max) keys.add(f.max);
    } else keys.add(f.key);
  }
  return keys;
}

const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/**
 * The filters panel: a native <details> with a GET form, so it works
 * without JavaScript; with it, opening locks page scrolling and closing
 * restores it and scrolls to the top (product-spec §4).
 */
export function FiltersPanel({ action, pathname, params }: { action: string; pathname: string; params: QueryParams }) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const site = useSelector((state: RootState) => state.app.site);
  const facets = useSelector((state: RootState) => state.search.meta?.facets) ?? NO_FACETS;
  const open = useSelector((state: RootState) => state.search.filtersOpen);
  const details = useRef<HTMLDetailsElement>(null);
  const navigate = useNavigate();
  const target = site.target === 'general' ? 'homes' : site.target;
  const fields = [...COMMON_HEAD, ...(FIELDS[target] ?? []), ...COMMON_TAIL];
  const keys = panelKeys(fields);
  const count = activeFilterCount(params, site.target);

  useEffect(() => {
    document.body.style.overflow = open ? 'hidden' : '';
    return () => {
      document.body.style.overflow = '';
    };
  }, [open]);

  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => {
    const isOpen = event.currentTarget.open;
    if (isOpen === open) return;
    dispatch(filtersToggled(isOpen));
    if (!isOpen) window.scrollTo(0, 0);
  };

  /** With JavaScript the form's query is navigated to in the app, without a page load. */
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget)) {
      if (typeof value === 'string' && value !== '') query.append(key, value);
    }
    dispatch(filtersToggled(false));
    const search = query.toString();
    navigate(`${pathname}${search ? `?${search}` : ''}`);
  };

  const options = (facet: string): FacetValue[] => {
    const list = (facets as Record<string, unknown>)[facet];
    return Array.isArray(list) ? (list as FacetValue[]) : [];
  };

  return (
    <details className="filters" id="filters" ref={details} open={open} onToggle={onToggle}>
      <summary className="button button--secondary">{intl.formatMessage({ id: 'filters.open' }, { count })}</summary>
      <div className="filters__panel" role="group" aria-label={intl.formatMessage({ id: 'filters.title' })}>
        <form method="get" action={action} className="filters__form" onSubmit={onSubmit}>
          {Object.entries(params)
            .filter(
              ([key, value]) => !keys.has(key) && value !== null && value !== '' && key !== 'what' && key !== 'where',
            )
            .map(([key, value]) => (
              <input key={key} type="hidden" name={key} value={str(value)} />
            ))}
          {fields.map((field) => {
            if (field.kind === 'facet') {
              const list = options(field.facet);
              const current = str(params[field.key]);
              if (list.length === 0 && !current) return null;
              return (
                <label key={field.key} className="filters__field">
                  <span>{intl.formatMessage({ id: field.label })}</span>
                  <select name={field.key} defaultValue={current}>
                    <option value="">{intl.formatMessage({ id: 'filters.any' })}</option>
                    {current && !list.some((o) => str(o.value) === current) && (
                      <option value={current}>{current}</option>
                    )}
                    {list.map((o) => (
                      <option key={str(o.value)} value={str(o.value)}>
                        {`${o.label ?? str(o.value)} (${intl.formatNumber(o.count)})`}
                      </option>
                    ))}
                  </select>
                </label>
              );
            }
            if (field.kind === 'range') {
              return (
                <fieldset key={field.min} className="filters__field filters__range">
                  <legend>{intl.formatMessage({ id: field.label })}</legend>
                  <label>
                    <span>{intl.formatMessage({ id: field.max ? 'filters.min' : 'filters.atLeast' })}</span>
                    <input
                      type="number"
                      inputMode="numeric"
                      min="0"
                      name={field.min}
                      defaultValue={str(params[field.min])}
                    />
                  </label>
                  {field.max && (
                    <label>
                      <span>{intl.formatMessage({ id: 'filters.max' })}</span>
                      <input
                        type="number"
                        inputMode="numeric"
                        min="0"
                        name={field.max}
                        defaultValue={str(params[field.max])}
                      />
                    </label>
                  )}
                </fieldset>
              );
            }
            if (field.kind === 'since') {
              return (
                <label key={field.key} className="filters__field">
                  <span>{intl.formatMessage({ id: field.label })}</span>
                  <select name={field.key} defaultValue={str(params[field.key])}>
                    <option value="">{intl.formatMessage({ id: 'filters.anyTime' })}</option>
                    <option value="1">{intl.formatMessage({ id: 'filters.lastDays' }, { days: 1 })}</option>
                    <option value="7">{intl.formatMessage({ id: 'filters.lastDays' }, { days: 7 })}</option>
                    <option value="30">{intl.formatMessage({ id: 'filters.lastDays' }, { days: 30 })}</option>
                  </select>
                </label>
              );
            }
            return (
              <label key={field.key} className="filters__field filters__check">
                <input type="checkbox" name={field.key} value="true" defaultChecked={params[field.key] === true} />
                <span>{intl.formatMessage({ id: field.label })}</span>
              </label>
            );
          })}
          <div className="filters__actions">
            <button type="submit" className="button button--primary">
              {intl.formatMessage({ id: 'filters.apply' })}
            </button>
          </div>
        </form>
      </div>
    </details>
  );
}
