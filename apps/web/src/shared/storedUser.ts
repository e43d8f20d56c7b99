/** Spec section 3, "Stored user info": the browser keeps the signed-in user under this key. */
export const STORED_USER_KEY = 'user';

export interface StoredUser {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
}

function isStoredUser(value: unknown): value is StoredUser {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.userId === 'number' &&
    Number.isInteger(v.userId) &&
    v.userId > 0 &&
    typeof v.firstName === 'string' &&
    typeof v.lastName === 'string' &&
    typeof v.email === 'string'
  );
}

/** The stored user, or null when nobody is signed in (or the entry is unreadable). */
export function readStoredUser(): StoredUser | null {
  try {
    const raw = globalThis.localStorage?.getItem(STORED_USER_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isStoredUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeStoredUser(user: StoredUser): void {
  localStorage.setItem(STORED_USER_KEY, JSON.stringify(user));
}

/** Sign-out semantics of spec section 4: local and session storage are cleared. */
export function clearBrowserStorage(): void {
  localStorage.clear();
  sessionStorage.clear();
}
