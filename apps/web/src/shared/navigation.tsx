import { shellMessages } from '@fantasy-cricket/rules';
import type { ReactNode } from 'react';
import {
  ChartIcon,
  ClipboardIcon,
  GridIcon,
  HelpIcon,
  JoinIcon,
  PlusCircleIcon,
  TrophyIcon,
  UserIcon,
  UsersIcon,
} from './icons';

const nav = shellMessages.nav;

/** The /home child screens, in sidebar order (spec section 2, "Sidebar"). */
export const homeScreens = [
  { path: 'start-league', label: nav.startLeague, icon: <PlusCircleIcon /> },
  { path: 'join-league', label: nav.joinLeague, icon: <JoinIcon /> },
  { path: 'view-my-leagues', label: nav.myLeagues, icon: <TrophyIcon /> },
  { path: 'view-league-members', label: nav.leagueMembers, icon: <UsersIcon /> },
  { path: 'my-predictions', label: nav.mySelections, icon: <ClipboardIcon /> },
  { path: 'all-predictions', label: nav.allSelections, icon: <GridIcon /> },
  { path: 'view-leaderboard', label: nav.leaderboard, icon: <ChartIcon /> },
  { path: 'view-faqs', label: nav.faq, icon: <HelpIcon /> },
  { path: 'view-profile', label: nav.myProfile, icon: <UserIcon /> },
] as const satisfies readonly { path: string; label: string; icon: ReactNode }[];

export type HomeScreenPath = (typeof homeScreens)[number]['path'];

export function homeScreen(path: HomeScreenPath) {
  const screen = homeScreens.find((s) => s.path === path);
  if (!screen) throw new Error(`Unknown home screen ${path}`);
  return screen;
}
