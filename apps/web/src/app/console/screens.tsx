import type { ReactNode } from 'react';
import {
  CalendarIcon,
  ChartIcon,
  ClipboardIcon,
  HistoryIcon,
  LogIcon,
  PlugIcon,
  PulseIcon,
  ShieldIcon,
  TrophyIcon,
  UploadIcon,
} from '../../shared/icons';

/** The console's screens under /console, in navigation order (docs/decisions/0029-console-screens.md). */
export const consoleScreens = [
  { path: 'seasons', label: 'Seasons', icon: <TrophyIcon /> },
  { path: 'schedule', label: 'Schedule & squads', icon: <CalendarIcon /> },
  { path: 'results', label: 'Results', icon: <UploadIcon /> },
  { path: 'scorecard', label: 'Scorecard', icon: <ClipboardIcon /> },
  { path: 'prices', label: 'Player prices', icon: <ChartIcon /> },
  { path: 'vendors', label: 'Data vendors', icon: <PlugIcon /> },
  { path: 'imports', label: 'Import history', icon: <HistoryIcon /> },
  { path: 'health', label: 'Data health', icon: <PulseIcon /> },
  { path: 'operators', label: 'Operators', icon: <ShieldIcon /> },
  { path: 'audit', label: 'Audit log', icon: <LogIcon /> },
] as const satisfies readonly { path: string; label: string; icon: ReactNode }[];
