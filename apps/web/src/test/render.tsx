import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { App } from '../app/App';
import { routes } from '../app/routes';
import { type StoredUser, writeStoredUser } from '../app/storedUser';

export const testUser: StoredUser = {
  userId: 7,
  firstName: 'Smriti',
  lastName: 'Mandhana',
  email: 'smriti@example.com',
};

/** Renders the whole app (real routes, guards and layouts) at `path`, optionally signed in. */
export function renderApp(path: string, options: { user?: StoredUser | null } = {}) {
  if (options.user) writeStoredUser(options.user);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(<App router={router} />);
  return { ...utils, router };
}
