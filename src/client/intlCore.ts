/**
 * `@formatjs/intl` as the browser build sees it (webpack.config.client.js
 * aliases the package here; the server uses the package itself): all of it,
 * but with a `createIntl` that binds only the formatters Trawl's pages call:
 * `formatMessage` (plurals, selects and numbers inside messages included),
 * `formatNumber` and `formatRelativeTime`. Date, time, list, plural-rule and
 * display-name formatting then stay out of every page (~1 KB gzip of first
 * load; decision 061). Those others throw, saying so: a page that needs one
 * adds it here, since the server has them all and a page calling one in the
 * browser alone would not hydrate.
 */
import { InvalidConfigError } from '@formatjs/intl/lib/src/error.js';
import { formatMessage } from '@formatjs/intl/lib/src/message.js';
import { formatNumber, formatNumberToParts } from '@formatjs/intl/lib/src/number.js';
import { formatRelativeTime } from '@formatjs/intl/lib/src/relativeTime.js';
import type { IntlCache, IntlConfig, IntlShape, ResolvedIntlConfig } from '@formatjs/intl/lib/src/types.js';
import { createFormatters, DEFAULT_INTL_CONFIG } from '@formatjs/intl/lib/src/utils.js';

export * from '@formatjs/intl/lib/index.js';

const LEFT_OUT = [
  'formatDate',
  'formatDateToParts',
  'formatTime',
  'formatTimeToParts',
  'formatDateTimeRange',
  'formatPlural',
  'formatList',
  'formatListToParts',
  'formatDisplayName',
] as const;

function leftOut(name: string): () => never {
  return () => {
    throw new Error(`intl.${name} is left out of the browser build: add it to src/client/intlCore.ts`);
  };
}

/**
 * `createIntl` of @formatjs/intl (lib/src/create-intl.js) with the formatters
 * above. Its check that the browser has locale data (`supportedLocalesOf` of
 * NumberFormat and DateTimeFormat) is left out: the first call loads ICU's
 * data for both, the date part of which no page needs, and it was the
 * longest step of the browser's start on a throttled phone (~0.1–0.3 s). A
 * browser without the locale formats in its default one, as it would anyway.
 */
export function createIntl<T = string>(config: IntlConfig<T>, cache?: IntlCache): IntlShape<T> {
  const formatters = createFormatters(cache);
  const resolved = { ...DEFAULT_INTL_CONFIG, ...config } as ResolvedIntlConfig<T>;
  const { locale, defaultLocale, onError } = resolved;
  if (!locale) {
    onError?.(new InvalidConfigError(`"locale" was not configured, using "${defaultLocale}" as fallback.`));
    resolved.locale = defaultLocale || 'en';
  }
  const bound = {
    formatNumber: formatNumber.bind(null, resolved, formatters.getNumberFormat),
    formatNumberToParts: formatNumberToParts.bind(null, resolved, formatters.getNumberFormat),
    formatRelativeTime: formatRelativeTime.bind(null, resolved, formatters.getRelativeTimeFormat),
    formatMessage: formatMessage.bind(null, resolved as unknown as ResolvedIntlConfig, formatters),
    $t: formatMessage.bind(null, resolved as unknown as ResolvedIntlConfig, formatters),
  };
  return {
    ...resolved,
    formatters,
    ...Object.fromEntries(LEFT_OUT.map((name) => [name, leftOut(name)])),
    ...bound,
  } as unknown as IntlShape<T>;
}
