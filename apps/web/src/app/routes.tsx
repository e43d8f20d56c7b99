import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RequireUser } from './guards';
import { PublicLayout, RootLayout } from './layouts';
import { screen } from './screen';

/**
 * The signed-in shell (sidebar, navigation, Sign Out) is a lazy chunk too, so the public pages do not
 * load it. The guard stays in the entry: it is a few lines, and a visitor without a stored user is
 * sent to /landing without fetching the shell first.
 */
const HomeLayout = lazy(() => import('./HomeLayout'));
/** The operator console's layout (its operator check, navigation and cache): a lazy chunk of its own. */
const ConsoleLayout = lazy(() => import('./ConsoleLayout'));

const toLanding = <Navigate to="/landing" replace />;

/** The routes of spec section 2, the Match Centre of a live fixture and the operator console. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: toLanding },
      {
        element: <PublicLayout />,
        children: [
          { path: 'landing', element: screen(() => import('../routes/landing')) },
          { path: 'contact', element: screen(() => import('../routes/contact')) },
          { path: 'login', element: screen(() => import('../routes/login')) },
          { path: 'register', element: screen(() => import('../routes/register')) },
          { path: 'verify-email', element: screen(() => import('../routes/verify-email')) },
          { path: 'reset-password', element: screen(() => import('../routes/reset-password')) },
          { path: 'unsubscribe', element: screen(() => import('../routes/unsubscribe')) },
          { path: 'terms', element: screen(() => import('../routes/terms')) },
        ],
      },
      {
        path: 'home',
        element: (
          <RequireUser>
            <HomeLayout />
          </RequireUser>
        ),
        children: [
          { index: true, element: screen(() => import('../routes/home')) },
          { path: 'start-league', element: screen(() => import('../routes/home.start-league')) },
          { path: 'view-my-leagues', element: screen(() => import('../routes/home.view-my-leagues')) },
          { path: 'view-league-members', element: screen(() => import('../routes/home.view-league-members')) },
          { path: 'join-league', element: screen(() => import('../routes/home.join-league')) },
          { path: 'my-predictions', element: screen(() => import('../routes/home.my-predictions')) },
          { path: 'all-predictions', element: screen(() => import('../routes/home.all-predictions')) },
          { path: 'view-leaderboard', element: screen(() => import('../routes/home.view-leaderboard')) },
          { path: 'view-profile', element: screen(() => import('../routes/home.view-profile')) },
          { path: 'match-centre/:fixtureId', element: screen(() => import('../routes/home.match-centre')) },
          { path: 'view-faqs', element: screen(() => import('../routes/home.view-faqs')) },
          { path: '*', element: toLanding },
        ],
      },
      {
        // The operator console (docs/decisions/0029-console-screens.md): signed in, then the layout
        // asks the server whether the user is an operator. Its routes live in its own chunk
        // (app/console/routes.tsx), so the landing page's entry does not carry them.
        path: 'console/*',
        element: (
          <RequireUser>
            <ConsoleLayout />
          </RequireUser>
        ),
      },
      { path: '*', element: toLanding },
    ],
  },
];
