import { Navigate, type RouteObject } from 'react-router-dom';
import { screen } from '../screen';

const toSeasons = <Navigate to="/console/seasons" replace />;

/**
 * The console's screens under /console (docs/decisions/0029-console-screens.md), each a chunk of its
 * own. Kept out of app/routes.tsx: they load with the console's layout, not with the landing page.
 */
export const consoleRoutes: RouteObject[] = [
  { index: true, element: toSeasons },
  { path: 'seasons', element: screen(() => import('../../routes/console.seasons')) },
  { path: 'schedule', element: screen(() => import('../../routes/console.schedule')) },
  { path: 'results', element: screen(() => import('../../routes/console.results')) },
  { path: 'scorecard', element: screen(() => import('../../routes/console.scorecard')) },
  { path: 'prices', element: screen(() => import('../../routes/console.prices')) },
  { path: 'vendors', element: screen(() => import('../../routes/console.vendors')) },
  { path: 'imports', element: screen(() => import('../../routes/console.imports')) },
  { path: 'imports/:importRunId', element: screen(() => import('../../routes/console.import-run')) },
  { path: 'health', element: screen(() => import('../../routes/console.health')) },
  { path: 'operators', element: screen(() => import('../../routes/console.operators')) },
  { path: 'audit', element: screen(() => import('../../routes/console.audit')) },
  { path: '*', element: toSeasons },
];
