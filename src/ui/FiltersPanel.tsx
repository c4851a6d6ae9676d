import { useEffect, useRef, type FormEvent, type MouseEvent, type SyntheticEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import type { FacetValue, SearchMeta } from '../shared/domain/ad';
import { activeFilterCount, PLACE_FILTERS, queryWithoutFilters } from '../shared/domain/filters';
import type { Units } from '../shared/domain/units';
import type { MessageId } from '../shared/i18n/messages';
import { referenceMessageId, type ReferenceList } from '../shared/i18n/referenceIds';
import type { QueryParams } from '../shared/routing/query';
import { filtersToggled } from '../state/search';
import type { RootState } from '../state/store';

import { inertOutside, keepTabIn } from './focusTrap';

type Field =
  /** `ref`: the reference list whose labels name the values in the site's language, with or without facets. */
  | { kind: 'facet'; key: string; facet: string; label: MessageId; ref?: ReferenceList }
  /**
   * A range's ends: both "from / to"; a lower bound alone "at least" (years of experience); an upper
   * bound alone "within" (a distance is a radius).
   */
  | { kind: 'range'; min?: string; max?: string; label: MessageId; aroundPlace?: true }
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
    { kind: 'facet', key: 'type_id', facet: 'dealType', label: 'filters.dealType', ref: 'dealType' },
    {
      kind: 'facet',
      key: 'property_type',
      facet: 'propertyType',
      label: 'filters.propertyType',
      ref: 'propertyType',
    },
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
    { kind: 'facet', key: 'car_type', facet: 'carType', label: 'filters.carType', ref: 'carType' },
    { kind: 'facet', key: 'fuel', facet: 'fuel', label: 'filters.fuel', ref: 'fuel' },
    {
      kind: 'facet',
      key: 'transmission',
      facet: 'transmission',
      label: 'filters.transmission',
      ref: 'transmission',
    },
    { kind: 'range', min: 'price_min', max: 'price_max', label: 'filters.price' },
    { kind: 'range', min: 'year_min', max: 'year_max', label: 'filters.year' },
    { kind: 'range', min: 'mileage_min', max: 'mileage_max', label: 'filters.mileage' },
    { kind: 'range', min: 'doors_min', max: 'doors_max', label: 'filters.doors' },
  ],
  jobs: [
    { kind: 'facet', key: 'category', facet: 'category', label: 'filters.category', ref: 'jobCategory' },
    { kind: 'facet', key: 'company', facet: 'company', label: 'filters.company' },
    { kind: 'facet', key: 'job_type', facet: 'jobType', label: 'filters.jobType', ref: 'jobType' },
    {
      kind: 'facet',
      key: 'working_hours',
      facet: 'workingHours',
      label: 'filters.workingHours',
      ref: 'workingHours',
    },
    { kind: 'range', min: 'salary_min', max: 'salary_max', label: 'filters.salary' },
    { kind: 'range', min: 'experience_min', label: 'filters.experience' },
    // A radius around the place filter chosen: offered once there is one (a jobs site has no where).
    { kind: 'range', max: 'distance', label: 'filters.distance', aroundPlace: true },
    { kind: 'check', key: 'telecommute', label: 'filters.telecommute' },
  ],
  products: [
    // The category a home page's link or a search carried (the form's `type`): shown, and removable.
    { kind: 'facet', key: 'type_id', facet: 'category', label: 'filters.category', ref: 'productCategory' },
    { kind: 'range', min: 'price_min', max: 'price_max', label: 'filters.price' },
  ],
};

const NO_FACETS: Record<string, unknown> = {};

/**
 * The names of the places the URL's place filters name by id ("4887398" → "Chicago"): the places the
 * service found, or, on a page with no results, the most specific filter's place as it named it.
 */
function placeNamesOf(
  params: QueryParams,
  keyword: SearchMeta['keyword'] | undefined,
  searchedWhere: string | undefined,
): Record<string, string> {
  const names: Record<string, string> = {};
  for (const place of keyword?.geoInfo ?? []) names[String(place.id)] = place.name;
  const specific = (['city_area', 'city', 'region'] as const).map((key) => str(params[key])).find((v) => v !== '');
  if (specific && searchedWhere && names[specific] === undefined) names[specific] = searchedWhere;
  return names;
}

/** Keys the panel's form writes; everything else of the URL is carried in hidden fields. */
function panelKeys(fields: Field[]): Set<string> {
  const keys = new Set<string>(['page']);
  for (const f of fields) {
    if (f.kind === 'range') {
      if (f.min) keys.add(f.min);
      if (f.max) keys.add(f.max);
    } else keys.add(f.key);
  }
  return keys;
}

const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

type Option = { value: string; text: string };

/** One control of the panel's form, its words and values resolved. */
export type FieldView =
  | { kind: 'hidden'; name: string; value: string }
  | { kind: 'select'; name: string; label: string; value: string; options: Option[] }
  | { kind: 'range'; label: string; inputs: { label: string; name: string; value: string }[] }
  | { kind: 'check'; name: string; label: string; checked: boolean }
  | { kind: 'submit'; label: string };

type Formatter = Pick<IntlShape, 'formatMessage' | 'locale' | 'messages'>;

const counts = new Map<string, Intl.NumberFormat>();

/** `intl.formatNumber(n)`, one formatter per locale. */
function formatCount(n: number, locale: string): string {
  let f = counts.get(locale);
  if (!f) counts.set(locale, (f = new Intl.NumberFormat(locale)));
  return f.format(n);
}

/** The panel's words per intl object (the server shares one per locale): the same for every page. */
const labels = new WeakMap<Formatter, Map<string, string>>();

/** The form: hidden fields for the URL's other parameters, then each filter of the vertical. */
export function filterFieldViews(
  intl: Formatter,
  target: string,
  params: QueryParams,
  facets: Record<string, unknown>,
  units: Units,
  placeNames: Readonly<Record<string, string>> = {},
): FieldView[] {
  const fields = [...COMMON_HEAD, ...(FIELDS[target] ?? []), ...COMMON_TAIL];
  const keys = panelKeys(fields);
  let known = labels.get(intl);
  if (!known) labels.set(intl, (known = new Map()));
  // A measured filter's label names the site's unit ("Area (sq ft)", decision 082).
  const t = (id: MessageId, days?: number) => {
    const key = `${id}:${days ?? units}`;
    let text = known.get(key);
    if (text === undefined) known.set(key, (text = intl.formatMessage({ id }, { days, units })));
    return text;
  };
  /** A reference value's label in the site's language (its catalogue's), whether or not a facet names it. */
  const refText = (list: ReferenceList | undefined, value: string): string | undefined => {
    if (!list) return undefined;
    const id = referenceMessageId(list, value);
    return id in intl.messages ? t(id as MessageId) : undefined;
  };
  const views: FieldView[] = Object.entries(params)
    .filter(([key, value]) => !keys.has(key) && value !== null && value !== '' && key !== 'what' && key !== 'where')
    .map(([key, value]) => ({ kind: 'hidden', name: key, value: str(value) }));
  for (const field of fields) {
    if (field.kind === 'range') {
      if (field.aroundPlace && !PLACE_FILTERS.some((key) => str(params[key]) !== '')) continue;
      const inputs: { label: string; name: string; value: string }[] = [];
      const both = field.min !== undefined && field.max !== undefined;
      if (field.min) {
        const label = t(both ? 'filters.min' : 'filters.atLeast');
        inputs.push({ label, name: field.min, value: str(params[field.min]) });
      }
      if (field.max) {
        const label = t(both ? 'filters.max' : 'filters.within');
        inputs.push({ label, name: field.max, value: str(params[field.max]) });
      }
      views.push({ kind: 'range', label: t(field.label), inputs });
    } else if (field.kind === 'check') {
      views.push({ kind: 'check', name: field.key, label: t(field.label), checked: params[field.key] === true });
    } else {
      const value = str(params[field.key]);
      const options: Option[] = [{ value: '', text: t(field.kind === 'since' ? 'filters.anyTime' : 'filters.any') }];
      if (field.kind === 'since') {
        for (const days of [1, 7, 30]) options.push({ value: String(days), text: t('filters.lastDays', days) });
      } else {
        const found = facets[field.facet];
        const list = Array.isArray(found) ? (found as FacetValue[]) : [];
        if (list.length === 0 && !value) continue;
        if (value && !list.some((o) => str(o.value) === value)) {
          // A chosen value no facet lists (a page with no results): its reference label, or its place's name.
          options.push({ value, text: refText(field.ref, value) ?? placeNames[value] ?? value });
        }
        for (const o of list) {
          const v = str(o.value);
          const text = o.label ?? refText(field.ref, v) ?? v;
          options.push({ value: v, text: `${text} (${formatCount(o.count, intl.locale)})` });
        }
      }
      views.push({ kind: 'select', name: field.key, label: t(field.label), value, options });
    }
  }
  views.push({ kind: 'submit', label: t('filters.apply') });
  return views;
}

const ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
/** React's escaping of text and attribute values (escapeTextForBrowser). */
const escape = (text: string): string => text.replace(/["&'<>]/g, (ch) => ESCAPES[ch] ?? ch);

/**
 * The controls as HTML, byte for byte what React renders of them as uncontrolled elements
 * (test/unit/filtersPanel.test.ts): ~150 elements without handlers, one string to write.
 * React leaves an unchanged string alone, so what a visitor types stays until submitted.
 */
export function fieldsHtml(views: FieldView[]): string {
  let html = '';
  for (const view of views) {
    switch (view.kind) {
      case 'hidden':
        html += `<input type="hidden" name="${escape(view.name)}" value="${escape(view.value)}"/>`;
        break;
      case 'select':
        html += `<label class="filters__field"><span>${escape(view.label)}</span><select name="${escape(view.name)}">`;
        for (const o of view.options) {
          html += `<option value="${escape(o.value)}"${o.value === view.value ? ' selected=""' : ''}>${escape(o.text)}</option>`;
        }
        html += '</select></label>';
        break;
      case 'range':
        html += `<fieldset class="filters__field filters__range"><legend>${escape(view.label)}</legend>`;
        for (const input of view.inputs) {
          html += `<label><span>${escape(input.label)}</span><input type="number" inputMode="numeric" min="0" name="${escape(input.name)}" value="${escape(input.value)}"/></label>`;
        }
        html += '</fieldset>';
        break;
      case 'check':
        html += `<label class="filters__field filters__check"><input type="checkbox" name="${escape(view.name)}"${view.checked ? ' checked=""' : ''} value="true"/><span>${escape(view.label)}</span></label>`;
        break;
      case 'submit':
        html += `<div class="filters__actions"><button type="submit" class="button button--primary">${escape(view.label)}</button></div>`;
        break;
    }
  }
  return html;
}

/**
 * The filters panel: a native <details> with a GET form, so it works
 * without JavaScript. Its summary opens it and, open, closes it without
 * applying ("Close filters"). On a narrow screen the open panel covers the
 * page, and page scrolling is locked while it does; on a wide one it opens
 * in the page, which scrolls (product-spec §4). With JavaScript, Escape
 * closes it, closing scrolls to the top, and submitting navigates in the
 * app. The form's controls are `fieldsHtml`.
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
  const count = activeFilterCount(params, site.target);
  const cleared = `${pathname}${queryWithoutFilters(params, site.target)}`;
  const keyword = useSelector((state: RootState) => state.search.meta?.keyword);
  const searchedWhere = useSelector((state: RootState) => state.search.error?.where);
  const views = filterFieldViews(
    intl,
    target,
    params,
    facets,
    site.units,
    placeNamesOf(params, keyword, searchedWhere),
  );

  useEffect(() => {
    if (!open) return;
    const node = details.current;
    const panel = node?.querySelector('.filters__panel');
    // Only while the open panel covers the page (the narrow layout's fixed overlay).
    if (!node || !panel || getComputedStyle(panel).position !== 'fixed') return;
    // The page behind neither scrolls, nor takes focus, nor is read: Tab goes round the panel and its close control.
    document.body.style.overflow = 'hidden';
    const restore = inertOutside(node);
    const onKey = (event: KeyboardEvent) => keepTabIn(node, event);
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = '';
      restore();
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  /**
   * With JavaScript the store opens and closes the panel, at once: the <details> toggle event
   * comes a task after the click, and an Escape or a check in between found the store behind.
   * The element is set too when the store already says so (opened before the page hydrated).
   */
  const openRef = useRef(open);
  openRef.current = open;
  const setOpen = useRef((next: boolean) => {
    if (details.current && next === openRef.current) details.current.open = next;
    dispatch(filtersToggled(next));
  }).current;

  // Opened before this code arrived (its <details> opens without it, and a phone on a slow network
  // is tapped first): the store takes the element's state, so that the open panel covers the page as
  // one opened now does (the page behind locked, inert, Tab kept in the panel).
  useEffect(() => {
    if (details.current?.open && !openRef.current) dispatch(filtersToggled(true));
  }, [dispatch]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && details.current?.open) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [setOpen]);

  const onSummaryClick = (event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    setOpen(!details.current?.open);
  };

  /** Any other opening or closing (the browser's find in page opens it) is followed. */
  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => {
    const isOpen = event.currentTarget.open;
    if (!isOpen) window.scrollTo(0, 0);
    if (isOpen !== open) dispatch(filtersToggled(isOpen));
  };

  /** With JavaScript the form's query is navigated to in the app, without a page load. */
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget)) {
      if (typeof value === 'string' && value !== '') query.append(key, value);
    }
    setOpen(false);
    const search = query.toString();
    navigate(`${pathname}${search ? `?${search}` : ''}`);
  };

  /** Every filter off at once: the same search, its sort kept, from its first page. */
  const onClear = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setOpen(false);
    navigate(cleared);
  };

  return (
    <details className="filters" id="filters" ref={details} open={open} onToggle={onToggle}>
      <summary className="button button--secondary" onClick={onSummaryClick}>
        <span className="filters__label">{intl.formatMessage({ id: 'filters.open' }, { count })}</span>
        <span className="filters__label filters__label--open">{intl.formatMessage({ id: 'filters.close' })}</span>
      </summary>
      <div className="filters__panel" role="group" aria-label={intl.formatMessage({ id: 'filters.title' })}>
        {count > 0 && (
          <p className="filters__reset">
            <a href={`${action}${cleared.slice(pathname.length)}`} onClick={onClear}>
              {intl.formatMessage({ id: 'filters.clear' })}
            </a>
          </p>
        )}
        <form
          method="get"
          action={action}
          className="filters__form"
          onSubmit={onSubmit}
          dangerouslySetInnerHTML={{ __html: fieldsHtml(views) }}
        />
      </div>
    </details>
  );
}
