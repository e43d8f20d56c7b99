import { atom } from 'jotai';
import { storedUserAtom } from '../../shared/atoms';

/**
 * Client state of the Leaderboard screen: the chosen league and the Leaderboard/Contests switch,
 * remembered in local storage (spec section 2), so a reload restores both. Sign Out clears it with the
 * rest of local storage.
 */

export const standingsViews = ['leaderboard', 'contests'] as const;
export type StandingsView = (typeof standingsViews)[number];

export interface LeaderboardChoice {
  /** The league last chosen, or null before any choice. */
  leagueId: number | null;
  view: StandingsView;
}

export const LEADERBOARD_STORAGE_KEY = 'fcl.leaderboard';

const DEFAULT_CHOICE: LeaderboardChoice = { leagueId: null, view: 'leaderboard' };

/** Reads the remembered choice; anything unreadable or malformed falls back to the defaults. */
export function readLeaderboardChoice(): LeaderboardChoice {
  try {
    const raw = globalThis.localStorage?.getItem(LEADERBOARD_STORAGE_KEY);
    if (!raw) return DEFAULT_CHOICE;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return DEFAULT_CHOICE;
    const { leagueId, view } = value as Record<string, unknown>;
    return {
      leagueId: typeof leagueId === 'number' && Number.isInteger(leagueId) && leagueId > 0 ? leagueId : null,
      view: standingsViews.find((v) => v === view) ?? DEFAULT_CHOICE.view,
    };
  } catch {
    return DEFAULT_CHOICE;
  }
}

function writeLeaderboardChoice(choice: LeaderboardChoice): void {
  try {
    localStorage.setItem(LEADERBOARD_STORAGE_KEY, JSON.stringify(choice));
  } catch {
    // Storage full or blocked: the choice still holds for this visit.
  }
}

const choiceVersionAtom = atom(0);

/**
 * The remembered choice. Local storage is the source of truth (as for the signed-in user); reading
 * the user atom re-reads it after a sign-in or sign-out.
 */
export const leaderboardChoiceAtom = atom(
  (get) => {
    get(choiceVersionAtom);
    get(storedUserAtom);
    return readLeaderboardChoice();
  },
  (get, set, update: Partial<LeaderboardChoice>) => {
    writeLeaderboardChoice({ ...readLeaderboardChoice(), ...update });
    set(choiceVersionAtom, get(choiceVersionAtom) + 1);
  },
);
