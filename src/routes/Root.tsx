import type { ReactNode } from 'react';
import { RawIntlProvider, type IntlShape } from 'react-intl';
import { Provider } from 'react-redux';
import type { AppStore } from '../state/store';
import { RoutesContext } from '../ui/RoutesContext';
import type { AppRoutes } from './types';

/**
 * Providers shared by the server render and the browser's hydration; the router goes inside.
 * `intl` is made once per locale by the caller (with `ignoreMissingTranslations`), so its
 * formatters and compiled messages serve every render, not one.
 */
export function Root({
  store,
  routes,
  intl,
  children,
}: {
  store: AppStore;
  routes: AppRoutes;
  intl: IntlShape;
  children: ReactNode;
}) {
  return (
    <Provider store={store}>
      <RawIntlProvider value={intl}>
        <RoutesContext.Provider value={routes}>{children}</RoutesContext.Provider>
      </RawIntlProvider>
    </Provider>
  );
}

/** The `onError` of every IntlShape: a missing translation falls back quietly; anything else is a bug in a message, seen. */
export function ignoreMissingTranslations(error: { code?: string }): void {
  if (error.code === 'MISSING_TRANSLATION') return;
  throw error;
}
