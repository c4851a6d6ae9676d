/** Autocomplete of the search box (product-spec §3 "Autocomplete item": label and value). */
export interface AutocompleteItem {
  label: string;
  value: string;
}

export interface AutocompleteState {
  readonly field: 'what' | 'where' | null;
  readonly term: string;
  readonly items: AutocompleteItem[];
}

export const AUTOCOMPLETE_REQUESTED = 'autocomplete/requested';
export const AUTOCOMPLETE_LOADED = 'autocomplete/loaded';
export const AUTOCOMPLETE_CLEARED = 'autocomplete/cleared';

export type AutocompleteAction =
  | { type: typeof AUTOCOMPLETE_REQUESTED; field: 'what' | 'where'; term: string }
  | { type: typeof AUTOCOMPLETE_LOADED; field: 'what' | 'where'; term: string; items: AutocompleteItem[] }
  | { type: typeof AUTOCOMPLETE_CLEARED };

export const autocompleteRequested = (field: 'what' | 'where', term: string): AutocompleteAction => ({
  type: AUTOCOMPLETE_REQUESTED,
  field,
  term,
});
export const autocompleteLoaded = (
  field: 'what' | 'where',
  term: string,
  items: AutocompleteItem[],
): AutocompleteAction => ({
  type: AUTOCOMPLETE_LOADED,
  field,
  term,
  items,
});
export const autocompleteCleared = (): AutocompleteAction => ({ type: AUTOCOMPLETE_CLEARED });

export const initialAutocompleteState: AutocompleteState = { field: null, term: '', items: [] };

export function autocompleteReducer(
  state: AutocompleteState = initialAutocompleteState,
  action: AutocompleteAction,
): AutocompleteState {
  switch (action.type) {
    case AUTOCOMPLETE_REQUESTED:
      return action.term.trim() ? state : initialAutocompleteState;
    case AUTOCOMPLETE_LOADED:
      return { field: action.field, term: action.term, items: action.items };
    case AUTOCOMPLETE_CLEARED:
      return initialAutocompleteState;
    default:
      return state;
  }
}
