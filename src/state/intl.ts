import type { CompiledMessages } from '../shared/i18n/compiledMessages';
import type { Messages } from '../shared/i18n/messages';

/** The visitor's locale and that locale's catalogue only (English fills gaps on the server). */
export interface IntlState {
  readonly locale: string;
  /** Pre-parsed in pages the server writes (the browser bundle has no message parser). */
  readonly messages: Messages | CompiledMessages;
  /**
   * Where the browser gets `messages` (`/i18n/<language>.<hash>.json`, decision 060): pages
   * carry the URL, not the catalogue, and the client fetches it before it hydrates.
   */
  readonly catalogue?: string;
}

export function intlReducer(state: IntlState | null = null, _action: unknown): IntlState {
  return state as IntlState;
}
