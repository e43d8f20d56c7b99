import { MemoryRouter } from 'react-router-dom';
import { configure, getConfig } from 'storybook/test';
import { App } from '../app/App';
import { resetAppStore } from '../shared/store';
import { STORED_USER_KEY, type StoredUser, writeStoredUser } from '../shared/storedUser';
import { LEADERBOARD_STORAGE_KEY } from '../features/leaderboard/atoms';
import { makeMember } from '../shared/leagues/testData';

const member = makeMember();

/** The signed-in user of the screens' stories: the fixtures' user 7 (admin of their leagues, "me" in standings). */
export const storyUser: StoredUser = {
  userId: member.UserID,
  firstName: member.FirstName,
  lastName: member.LastName,
  email: member.Email ?? '',
};

/**
 * For a story's `beforeEach` (returns its cleanup): the app as on a fresh page load: a new jotai store
 * (and loading tracker), none of the app's keys in local storage (only its own: Storybook keeps its
 * settings there too), and `user` stored as signed in. The play function's `findBy…` queries wait up
 * to 10 s instead of 1 s: the first story of a file also starts the mock service worker and loads the
 * screen's lazy chunk, which can take a few seconds on a busy machine.
 */
export function freshApp(user: StoredUser | null = storyUser): () => void {
  localStorage.removeItem(STORED_USER_KEY);
  localStorage.removeItem(LEADERBOARD_STORAGE_KEY);
  resetAppStore();
  if (user) writeStoredUser(user);
  const { asyncUtilTimeout } = getConfig();
  configure({ asyncUtilTimeout: 10_000 });
  return () => configure({ asyncUtilTimeout });
}

/** The whole app (its store, real routes, guards and layouts) in a memory router opened at `path`. */
export function AppAt({ path }: { path: string }) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>
  );
}
