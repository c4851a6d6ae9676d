import { useId, useState, type KeyboardEvent, type RefObject } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { autocompleteCleared, autocompleteRequested } from '../state/autocomplete';
import type { RootState } from '../state/store';

interface Props {
  field: 'what' | 'where';
  inputRef: RefObject<HTMLInputElement | null>;
  name: string;
  type: 'search' | 'text';
  defaultValue: string;
  placeholder: string;
  maxLength?: number;
  /** A rule the browser checks before the form is sent (an input `pattern`), and its message. */
  rule?: { pattern: string; message: string };
  /** Whether this field is autocompleted on the site. */
  enabled: boolean;
}

/**
 * A text input with suggestions, following the ARIA combobox pattern:
 * arrow keys move through the list, Enter picks, Escape closes; a click or
 * tap on a suggestion picks it and submits the form (decision 079). Without
 * JavaScript it is a plain input.
 */
export function Combobox({ field, inputRef, name, type, defaultValue, placeholder, maxLength, rule, enabled }: Props) {
  const dispatch = useDispatch();
  const listId = useId();
  const ac = useSelector((state: RootState) => state.autocomplete);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const items = enabled && open && ac.field === field ? ac.items : [];
  const expanded = items.length > 0;

  const pick = (value: string) => {
    if (inputRef.current) inputRef.current.value = value;
    setOpen(false);
    setActive(-1);
    dispatch(autocompleteCleared());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!expanded) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => (i + 1) % items.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
    } else if (event.key === 'Enter' && active >= 0 && items[active]) {
      event.preventDefault();
      pick(items[active].value);
    } else if (event.key === 'Escape') {
      // The first Escape closes the list only: a search field's own Escape would clear what was typed.
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="combobox">
      <input
        ref={inputRef}
        name={name}
        type={type}
        defaultValue={defaultValue}
        placeholder={placeholder}
        maxLength={maxLength}
        // Without JavaScript the browser shows the title beside its own words; with it, the message alone.
        pattern={rule?.pattern}
        title={rule?.message}
        onInvalid={(event) => {
          if (rule && event.currentTarget.validity.patternMismatch) event.currentTarget.setCustomValidity(rule.message);
        }}
        autoComplete="off"
        role={enabled ? 'combobox' : undefined}
        aria-autocomplete={enabled ? 'list' : undefined}
        aria-expanded={enabled ? expanded : undefined}
        aria-controls={enabled ? listId : undefined}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        onChange={(event) => {
          if (rule) event.currentTarget.setCustomValidity('');
          if (!enabled) return;
          setOpen(true);
          setActive(-1);
          dispatch(autocompleteRequested(field, event.currentTarget.value));
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      {enabled && (
        <ul id={listId} role="listbox" className="combobox__list" hidden={!expanded}>
          {items.map((item, i) => (
            <li
              key={`${item.value}-${i}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(event) => {
                event.preventDefault();
                pick(item.value);
                // A tapped suggestion is the search (decision 079): the list lies over the form's button on a
                // phone, and a tap meant for the button, once the list opened under the finger, lands here.
                inputRef.current?.form?.requestSubmit();
              }}
            >
              {item.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
