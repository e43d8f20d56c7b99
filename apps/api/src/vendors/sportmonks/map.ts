import type { VendorFixtureStatus, VendorPlayer, VendorTeam } from '../provider';
import type { FixtureStatus, SmPlayer, SmTeam } from './schemas';

/**
 * SportMonks records → the provider interface's types. Pure functions over parsed answers
 * (./schemas.ts), each reading only documented fields.
 */

/**
 * docs "Statuses and definitions": NS is the initial status; the innings, stumps, breaks and
 * interruptions are a match under way; Delayed "will start later"; Postp. "will occur at a later
 * date"; Aban. abandoned; Cancl. cancelled.
 */
const STATUS: Record<FixtureStatus, VendorFixtureStatus> = {
  NS: 'scheduled',
  Delayed: 'scheduled',
  '1st Innings': 'live',
  '2nd Innings': 'live',
  '3rd Innings': 'live',
  '4th Innings': 'live',
  'Stump Day 1': 'live',
  'Stump Day 2': 'live',
  'Stump Day 3': 'live',
  'Stump Day 4': 'live',
  'Innings Break': 'live',
  'Tea Break': 'live',
  Lunch: 'live',
  Dinner: 'live',
  'Int.': 'live',
  Finished: 'finished',
  'Postp.': 'postponed',
  'Aban.': 'abandoned',
  'Cancl.': 'cancelled',
};

export function fixtureStatus(status: FixtureStatus): VendorFixtureStatus {
  return STATUS[status];
}

export function teamOf(t: SmTeam): VendorTeam {
  return { id: String(t.id), name: t.name, code: t.code };
}

/** The documented position names are the interface's (docs "GET All Positions"). */
export function playerOf(p: SmPlayer): VendorPlayer {
  return { id: String(p.id), name: p.fullname, position: p.position.name };
}
