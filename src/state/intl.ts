import type { Messages } from '../shared/i18n/messages';

/** The visitor's locale and that locale's catalogue only (English fills gaps on the server). */
export interface IntlState {
  readonly locale: string;
  readonly messages: Messages;
}

export function intlReducer(state: IntlState | null = null, _action: unknown): IntlState {
  return state as IntlState;
}
