import { useSelector } from 'react-redux';
import { isErrorStatus } from '../state/page';
import type { RootState } from '../state/store';
import { useRouteRegistry } from '../ui/RoutesContext';
import { Shell } from '../ui/Shell';
import { ErrorPage, NotFoundPage } from './pages/ErrorPage';

/**
 * Renders the page the store says was loaded (not the URL's): the page and
 * its data change together when a navigation's load saga finishes.
 */
export function App() {
  const routes = useRouteRegistry();
  const { routeName, status } = useSelector((state: RootState) => state.page);
  const device = useSelector((state: RootState) => state.app.device);
  const route = routeName ? routes.get(routeName) : undefined;
  const Page = route ? routes.pageFor(route, device) : undefined;
  let content;
  if (isErrorStatus(status)) content = <ErrorPage />;
  else if (Page) content = <Page />;
  else content = <NotFoundPage />;
  return <Shell>{content}</Shell>;
}
