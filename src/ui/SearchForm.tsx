import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { SEARCH_TEXT_MAX } from '../shared/domain/constants';
import { isSearchText, searchTextMin, searchTextPattern } from '../shared/domain/searchText';
import type { RootState } from '../state/store';
import { autocompletes } from '../sagas/autocompleteSaga';
import { Combobox } from './Combobox';
import { useBuildPath } from './RoutesContext';

/**
 * The search box: a plain GET form to /q (page=1, isUserSearch=1, type) that
 * works without JavaScript; with it, the submit navigates in the app, and
 * submitting the text already shown does nothing (product-spec §4).
 */
export function SearchForm({
  initialWhat = '',
  initialWhere = '',
  typeId = 0,
  children,
}: {
  initialWhat?: string;
  initialWhere?: string;
  /** The deal type (category for products) of the search shown, 0 for none. */
  typeId?: number;
  /** More fields, before the button (the country's home: its vertical). */
  children?: ReactNode;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const buildPath = useBuildPath();
  const app = useSelector((state: RootState) => state.app);
  const site = app.site;
  const whatRef = useRef<HTMLInputElement>(null);
  const whereRef = useRef<HTMLInputElement>(null);
  const hasWhere = site.target !== 'jobs';
  // Product-spec §5: the text passes the country's rule before it is sent (see searchText.ts).
  const minimum = searchTextMin(site.locale);
  const rule = {
    pattern: searchTextPattern(site.locale),
    message: intl.formatMessage({ id: 'search.tooShort' }, { min: minimum }),
  };

  // The search shown changes under the form: another search opened from a link, a place typed after
  // the what moved to the where ("flat london"), or the same text better written once the search
  // answers ("london" from the URL, then "London"). A field takes the new text unless the visitor
  // typed something else in it meanwhile.
  const shown = useRef({ what: initialWhat, where: initialWhere });
  useEffect(() => {
    for (const [input, text, before] of [
      [whatRef.current, initialWhat, shown.current.what],
      [whereRef.current, initialWhere, shown.current.where],
    ] as const) {
      if (!input || input.value === text) continue;
      if (input.value === before || input.value.trim().toLowerCase() === text.trim().toLowerCase()) input.value = text;
    }
    shown.current = { what: initialWhat, where: initialWhere };
  }, [initialWhat, initialWhere]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const what = whatRef.current?.value.trim() ?? '';
    const where = whereRef.current?.value.trim() ?? '';
    if (what === initialWhat.trim() && where === initialWhere.trim()) return;
    // The browser checked the pattern already; this holds for a submit that skipped it.
    if (!isSearchText(site.locale, what) || (hasWhere && !isSearchText(site.locale, where))) return;
    if (site.target === 'general') {
      event.currentTarget.submit();
      return;
    }
    navigate(buildPath('serp_search', { what, where: hasWhere ? where : undefined, type_id: typeId || undefined }));
    window.scrollTo(0, 0);
  };

  return (
    <form className="search-form" role="search" method="get" action={buildPath('q', {}, true)} onSubmit={onSubmit}>
      <input type="hidden" name="page" value="1" />
      <input type="hidden" name="isUserSearch" value="1" />
      <input type="hidden" name="type" value={typeId} />
      <label className="search-form__field">
        <span className="visually-hidden">{intl.formatMessage({ id: 'search.what' })}</span>
        <Combobox
          field="what"
          inputRef={whatRef}
          name="what"
          type="search"
          defaultValue={initialWhat}
          placeholder={intl.formatMessage({ id: 'search.placeholder' })}
          maxLength={SEARCH_TEXT_MAX}
          rule={rule}
          enabled={autocompletes(app, 'what')}
        />
      </label>
      {hasWhere && (
        <label className="search-form__field">
          <span className="visually-hidden">{intl.formatMessage({ id: 'search.where' })}</span>
          <Combobox
            field="where"
            inputRef={whereRef}
            name="where"
            type="text"
            defaultValue={initialWhere}
            placeholder={intl.formatMessage({ id: 'search.where' })}
            maxLength={SEARCH_TEXT_MAX}
            rule={rule}
            enabled={autocompletes(app, 'where')}
          />
        </label>
      )}
      {children}
      <button type="submit" className="button button--primary">
        {intl.formatMessage({ id: 'search.submit' })}
      </button>
    </form>
  );
}
