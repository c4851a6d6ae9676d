import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import type { AppStore } from '../state/store';
import { RoutesContext } from '../ui/RoutesContext';
import type { AppRoutes } from './types';

/** Providers shared by the server render and the browser's hydration; the router goes inside. */
export function Root({ store, routes, children }: { store: AppStore; routes: AppRoutes; children: ReactNode }) {
  const { locale, messages } = store.getState().intl;
  return (
    <Provider store={store}>
      <IntlProvider locale={locale} messages={messages} defaultLocale="en" onError={ignoreMissingTranslations}>
        <RoutesContext.Provider value={routes}>{children}</RoutesContext.Provider>
      </IntlProvider>
    </Provider>
  );
}

function ignoreMissingTranslations(error: { code?: string }): void {
  if (error.code === 'MISSING_TRANSLATION') return;
  // Anything else is a bug in a message; it must be seen, not hidden.
  throw error;
}
