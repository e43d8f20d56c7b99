import { atom } from 'jotai';
import { clearBrowserStorage, readStoredUser, type StoredUser, writeStoredUser } from './storedUser';

/** Server calls in flight (driven by the api client's activity hook). */
export const pendingRequestsAtom = atom(0);

/** The loading flag of spec section 2: the overlay is visible exactly while this is true. */
export const loadingAtom = atom(false);

export type NotificationKind = 'success' | 'error' | 'info';
export interface AppNotification {
  /** Changes with every notification so the banner restarts its timer for a repeated message. */
  id: number;
  kind: NotificationKind;
  message: string;
}

export const notificationAtom = atom<AppNotification | null>(null);

/**
 * The signed-in user. localStorage stays the source of truth (spec section 4: "logged in when user
 * info exists in local storage"); the version atom makes writes through this atom re-render readers.
 */
const storedUserVersionAtom = atom(0);

export const storedUserAtom = atom(
  (get) => {
    get(storedUserVersionAtom);
    return readStoredUser();
  },
  (get, set, next: StoredUser | null) => {
    if (next) writeStoredUser(next);
    else clearBrowserStorage();
    set(storedUserVersionAtom, get(storedUserVersionAtom) + 1);
  },
);
