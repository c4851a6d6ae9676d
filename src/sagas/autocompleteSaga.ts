import type { SagaIterator } from 'redux-saga';
import { call, debounce, put, select } from 'redux-saga/effects';
import type { Api } from '../shared/api/createApi';
import { AUTOCOMPLETE_DEBOUNCE_MS } from '../shared/domain/constants';
import type { AppState } from '../state/app';
import {
  AUTOCOMPLETE_REQUESTED,
  autocompleteLoaded,
  type AutocompleteAction,
  type AutocompleteItem,
} from '../state/autocomplete';
import type { RootState } from '../state/store';
import { getApi } from './context';

/** Whether a field is autocompleted on this site: never for jobs; `what` only where the site's setting is on (spec §5). */
export function autocompletes(app: AppState, field: 'what' | 'where'): boolean {
  if (app.site.target === 'jobs' || app.site.target === 'general') return false;
  return field === 'where' || app.site.whatAutocomplete;
}

export function* fetchAutocomplete(
  action: Extract<AutocompleteAction, { type: typeof AUTOCOMPLETE_REQUESTED }>,
): SagaIterator {
  const term = action.term.trim();
  const app: AppState = yield select((state: RootState) => state.app);
  if (!term || !autocompletes(app, action.field)) return;
  const api: Api = yield getApi();
  try {
    const doc: { data: Array<{ attributes: AutocompleteItem }> } = yield call(api.search.autocomplete, action.field, {
      term,
      countryCode: app.site.country,
    });
    yield put(
      autocompleteLoaded(
        action.field,
        term,
        doc.data.map((d) => ({ label: d.attributes.label, value: d.attributes.value })),
      ),
    );
  } catch {
    yield put(autocompleteLoaded(action.field, term, []));
  }
}

/** Typing is debounced by 600 ms (spec §5): only the last term of a burst is requested. */
export function* watchAutocomplete(): SagaIterator {
  yield debounce(AUTOCOMPLETE_DEBOUNCE_MS, AUTOCOMPLETE_REQUESTED, fetchAutocomplete);
}
