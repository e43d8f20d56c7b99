import { act, render } from '@testing-library/react';
import {
  type Location,
  MemoryRouter,
  type NavigateFunction,
  type To,
  useLocation,
  useNavigate,
} from 'react-router-dom';
import { App } from '../app/App';
// The signed-in shell is a lazy chunk (app/routes.tsx). Imported here, it is compiled once as the test
// file loads, not inside the first /home test (whose time limit also covers its screen's chunk).
import '../app/HomeLayout';
import { type StoredUser, writeStoredUser } from '../shared/storedUser';

export const testUser: StoredUser = {
  userId: 7,
  firstName: 'Smriti',
  lastName: 'Mandhana',
  email: 'smriti@example.com',
};

/** What a test reads and drives of the app's memory router. */
export interface TestRouter {
  /** The location the app rendered last. */
  readonly location: Location;
  /** Navigates as a link would (inside act). */
  navigate(to: To): Promise<void>;
}

interface Probe {
  location?: Location;
  navigate?: NavigateFunction;
}

/** Rendered inside the router, beside the app: keeps the current location and navigate for the test. */
function RouterProbe({ probe }: { probe: Probe }) {
  probe.location = useLocation();
  probe.navigate = useNavigate();
  return null;
}

/** Renders the whole app (real routes, guards and layouts) at `path`, optionally signed in. */
export function renderApp(path: string, options: { user?: StoredUser | null } = {}) {
  if (options.user) writeStoredUser(options.user);
  const probe: Probe = {};
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <RouterProbe probe={probe} />
      <App />
    </MemoryRouter>,
  );
  const router: TestRouter = {
    get location() {
      if (!probe.location) throw new Error('the router has not rendered');
      return probe.location;
    },
    async navigate(to) {
      await act(async () => {
        await probe.navigate?.(to);
      });
    },
  };
  return { ...utils, router };
}
