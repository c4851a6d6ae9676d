import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { messagesFor } from './messages';
import { catalogueOf } from './regions';

/** A catalogue with every message already parsed (react-intl takes either form). */
export type CompiledMessages = Record<string, MessageFormatElement[]>;

const compiled = new Map<string, CompiledMessages>();

/**
 * The locale's catalogue (its language's, or its region's: decision 080), pre-parsed once per
 * process. The browser gets this form, so its bundle can leave out the message parser (webpack
 * aliases it to the no-parser build).
 */
export function compiledMessagesFor(locale: string): CompiledMessages {
  const key = catalogueOf(locale);
  let messages = compiled.get(key);
  if (!messages) {
    messages = Object.fromEntries(Object.entries(messagesFor(locale)).map(([id, text]) => [id, parse(text)]));
    compiled.set(key, messages);
  }
  return messages;
}
