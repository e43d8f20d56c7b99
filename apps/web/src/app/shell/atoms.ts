import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';

/** Whether the off-canvas sidebar is open (small screens; the hamburger toggles it). */
export const sidebarOpenAtom = atom(false);

/** Local-storage key of the wide-screen sidebar choice. */
export const SIDEBAR_COLLAPSED_KEY = 'fcl.sidebarCollapsed';

/**
 * Whether the sidebar column is collapsed on wide screens (from 900px the hamburger toggles it). Kept
 * in local storage, so the choice survives a reload.
 */
export const sidebarCollapsedAtom = atomWithStorage<boolean>(SIDEBAR_COLLAPSED_KEY, false, undefined, {
  getOnInit: true,
});

/** The sidebar's element id: the header's hamburger controls it (aria-controls). */
export const SIDEBAR_ID = 'app-sidebar';
