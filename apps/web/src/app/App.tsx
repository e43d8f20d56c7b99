import { Provider } from 'jotai';
import { RouterProvider } from 'react-router-dom';
import { getAppStore } from './store';

type Router = Parameters<typeof RouterProvider>[0]['router'];

/** The app: the one jotai store around the router (browser router in main.tsx, memory router in tests). */
export function App({ router }: { router: Router }) {
  return (
    <Provider store={getAppStore()}>
      <RouterProvider router={router} />
    </Provider>
  );
}
