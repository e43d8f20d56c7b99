import { storedUserAtom } from './atoms';
import { ApiError, api, unwrap } from './api';
import { getAppStore, onAppStoreReset } from './store';

let started: Promise<void> | undefined;
onAppStoreReset(() => {
  started = undefined;
});

/**
 * GET /api/session once per page load: it (re)issues the XSRF-TOKEN cookie every later write needs.
 * A 204 (not signed in) while a user is stored means the server session is gone, so the stored user
 * is forgotten and the route guards send the person to /landing. A session of another user replaces
 * the stored one.
 */
export function startSession(): Promise<void> {
  started ??= checkSession();
  return started;
}

async function checkSession(): Promise<void> {
  const store = getAppStore();
  try {
    const session = await unwrap(api.GET('/session'));
    const stored = store.get(storedUserAtom);
    if (!session) {
      if (stored) store.set(storedUserAtom, null);
      return;
    }
    if (stored && typeof session.user_id === 'number' && stored.userId !== session.user_id) {
      store.set(storedUserAtom, {
        userId: session.user_id,
        firstName: session.first_name,
        lastName: session.last_name,
        email: session.email,
      });
    }
  } catch (error) {
    // 401 from a server of an older version (before 204 meant "not signed in").
    if (error instanceof ApiError && error.status === 401) {
      if (store.get(storedUserAtom)) store.set(storedUserAtom, null);
      return;
    }
    console.warn('Session check failed', error);
  }
}
