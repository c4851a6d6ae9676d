import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { messagesFor } from './messages';

/** A catalogue with every message already parsed (react-intl takes either form). */
export type CompiledMessages = Record<string, MessageFormatElement[]>;

const compiled = new Map<string, CompiledMessages>();

/**
 * The locale's catalogue, pre-parsed once per process. The browser gets
 * this form, so its bundle can leave out the message parser (webpack aliases
 * it to the no-parser build).
 */
export function compiledMessagesFor(locale: string): CompiledMessages {
  const key = locale.split('-')[0]?.toLowerCase() ?? 'en';
  let messages = compiled.get(key);
  if (!messages) {
    messages = Object.fromEntries(Object.entries(messagesFor(locale)).map(([id, text]) => [id, parse(text)]));
    compiled.set(key, messages);
  }
  return messages;
}
