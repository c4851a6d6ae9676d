import { createContext, useCallback, useContext } from 'react';
import { useSelector } from 'react-redux';
import type { AppRoutes } from '../routes/types';
import type { QueryValue } from '../shared/routing/query';
import type { RootState } from '../state/store';

export const RoutesContext = createContext<AppRoutes | null>(null);

export function useRouteRegistry(): AppRoutes {
  const routes = useContext(RoutesContext);
  if (!routes) throw new Error('RoutesContext is missing');
  return routes;
}

/**
 * Builds links to named routes, relative to the site's base path (what
 * react-router's `Link` wants), or absolute to the host when `withBase` is set
 * (what a plain form `action` wants).
 */
export function useBuildPath(): (
  name: string,
  params?: Record<string, QueryValue | undefined>,
  withBase?: boolean,
) => string {
  const routes = useRouteRegistry();
  const basePath = useSelector((state: RootState) => state.app.site.basePath);
  return useCallback(
    (name, params = {}, withBase = false) => routes.buildPath(name, params, withBase ? basePath : ''),
    [routes, basePath],
  );
}
