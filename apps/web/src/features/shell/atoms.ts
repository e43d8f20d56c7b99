import { atom } from 'jotai';

/** Whether the off-canvas sidebar is open (small screens; the hamburger toggles it). */
export const sidebarOpenAtom = atom(false);
