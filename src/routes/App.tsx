import { useSelector } from 'react-redux';
import type { RootState } from '../state/store';
import { useRouteRegistry } from '../ui/RoutesContext';
import { Shell } from '../ui/Shell';
import { pageShown } from './pageChunks';

/**
 * Renders the page the store says was loaded (not the URL's): the page and
 * its data change together when a navigation's load saga finishes. Its code
 * is in the page's chunk, loaded by then (src/routes/pageChunks.ts).
 */
export function App() {
  const routes = useRouteRegistry();
  const routeName = useSelector((state: RootState) => state.page.routeName);
  const status = useSelector((state: RootState) => state.page.status);
  const device = useSelector((state: RootState) => state.app.device);
  const Page = pageShown({ routeName, status }, device, routes);
  return (
    <Shell>
      <Page />
    </Shell>
  );
}
