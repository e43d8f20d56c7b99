import { atom } from 'jotai';

/** Whether the off-canvas sidebar is open (small screens; the hamburger toggles it). */
export const sidebarOpenAtom = atom(false);

/** The sidebar's element id: the header's hamburger controls it (aria-controls). */
export const SIDEBAR_ID = 'app-sidebar';
