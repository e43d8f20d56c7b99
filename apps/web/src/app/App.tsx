import { Provider } from 'jotai';
import { useRoutes } from 'react-router-dom';
import { routes } from './routes';
import { getAppStore } from '../shared/store';

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The app: the one jotai store around the routes. It renders inside a router of declarative mode:
 * <BrowserRouter> in main.tsx, <MemoryRouter> in tests and stories. The app uses no loader, action or
 * fetcher, and declarative mode leaves the data router's code (about 16 KB gzip) out of the bundle.
 */
export function App() {
  return (
    <Provider store={getAppStore()}>
      <AppRoutes />
    </Provider>
  );
}
