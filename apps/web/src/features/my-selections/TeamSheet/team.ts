import {
  type TeamChoice,
  type TeamPlayer,
  type TeamRules,
  type TeamSummary,
  teamRuleErrors,
} from '@fantasy-cricket/rules';
import type { PlayerOption } from '../../../data/cricket/types';
import type {
  FixturePlayerSelection,
  PlayerFigures,
  PlayerSelectionTeam,
  PlayerSelectionTeamSave,
} from '../../../data/picks/types';
import type { GridRow } from '../grid';

/**
 * The team sheet's side of a Player Selection league's team rules (issue 27): the captain,
 * vice-captain and backups the member chooses beside the slots, and what the rules of
 * packages/rules (`teamSummary`, `teamRuleErrors`: the one implementation the server runs on every
 * save) say about the team on screen.
 */

/** The choices beside the slots: captain, vice-captain and backups (priority order). */
export interface TeamExtras {
  captainId: number | null;
  viceCaptainId: number | null;
  backups: readonly number[];
}

export const NO_EXTRAS: TeamExtras = { captainId: null, viceCaptainId: null, backups: [] };

export const extrasOf = (team: PlayerSelectionTeam): TeamExtras => ({
  captainId: team.CaptainPlayerID,
  viceCaptainId: team.ViceCaptainPlayerID,
  backups: team.Backups,
});

/** The players picked in the slots (in slot order, no repeats). */
export const pickedIds = (rows: readonly GridRow[]): number[] => [
  ...new Set(rows.flatMap((r) => (r.selectedID ? [r.selectedID] : []))),
];

/**
 * The extras as they stand against the slots: a captain or vice-captain no longer picked loses the
 * role, a backup now picked leaves the backups (as the server does with the saved ones on a save),
 * and there are no more backups than the league allows.
 */
export function normalizeExtras(extras: TeamExtras, picked: readonly number[], rules: TeamRules): TeamExtras {
  const inTeam = new Set(picked);
  const roles = rules.CaptainMultiplier !== null;
  const keep = (id: number | null) => (roles && id !== null && inTeam.has(id) ? id : null);
  return {
    captainId: keep(extras.captainId),
    viceCaptainId: keep(extras.viceCaptainId),
    backups: [...new Set(extras.backups)].filter((id) => !inTeam.has(id)).slice(0, rules.Backups),
  };
}

export const sameExtras = (a: TeamExtras, b: TeamExtras) =>
  a.captainId === b.captainId &&
  a.viceCaptainId === b.viceCaptainId &&
  a.backups.length === b.backups.length &&
  a.backups.every((id, i) => b.backups[i] === id);

/**
 * One tap on Captain (or Vice-captain) of a picked player: makes him captain, or, when he is
 * already, takes the role off him. Choosing the vice-captain as captain swaps the two (the captain
 * becomes vice-captain), and the other way round.
 */
export function withRole(extras: TeamExtras, role: 'C' | 'VC', playerId: number): TeamExtras {
  const [mine, other] =
    role === 'C' ? (['captainId', 'viceCaptainId'] as const) : (['viceCaptainId', 'captainId'] as const);
  if (extras[mine] === playerId) return { ...extras, [mine]: null };
  const next = { ...extras, [mine]: playerId };
  if (extras[other] === playerId) next[other] = extras[mine];
  return next;
}

/** The backups with the one at `index` moved by `delta` places (clamped to the list). */
export function moveBackup(extras: TeamExtras, index: number, delta: number): TeamExtras {
  const to = Math.max(0, Math.min(extras.backups.length - 1, index + delta));
  if (to === index || index < 0 || index >= extras.backups.length) return extras;
  const backups = [...extras.backups];
  const [moved] = backups.splice(index, 1);
  backups.splice(to, 0, moved!);
  return { ...extras, backups };
}

export const addBackup = (extras: TeamExtras, playerId: number): TeamExtras =>
  extras.backups.includes(playerId) ? extras : { ...extras, backups: [...extras.backups, playerId] };

export const removeBackup = (extras: TeamExtras, playerId: number): TeamExtras => ({
  ...extras,
  backups: extras.backups.filter((id) => id !== playerId),
});

/** One side of the fixture as the credits bar counts it. */
export interface Side {
  teamId: number;
  code: string;
  name: string;
}

/** The fixture's two sides, in the order of `codes` (home first), from the squads' players. */
export function sidesOf(players: readonly PlayerOption[], codes: readonly string[]): Side[] {
  const sides = new Map<number, Side>();
  for (const p of players)
    if (!sides.has(p.TeamID)) sides.set(p.TeamID, { teamId: p.TeamID, code: p.TeamCode, name: p.TeamName });
  const rank = (s: Side) => {
    const i = codes.indexOf(s.code);
    return i === -1 ? codes.length : i;
  };
  return [...sides.values()].sort((a, b) => rank(a) - rank(b) || a.code.localeCompare(b.code));
}

/** The picked players as the rules see them (price 0 when the figures are not loaded). */
export function teamPlayers(
  rows: readonly GridRow[],
  players: ReadonlyMap<number, PlayerOption>,
  figures: ReadonlyMap<number, PlayerFigures>,
): TeamPlayer[] {
  return pickedIds(rows).flatMap((id) => {
    const p = players.get(id);
    return p ? [{ playerId: id, name: p.PlayerFullName, teamId: p.TeamID, price: figures.get(id)?.Price ?? 0 }] : [];
  });
}

export function teamChoice(
  rows: readonly GridRow[],
  players: ReadonlyMap<number, PlayerOption>,
  figures: ReadonlyMap<number, PlayerFigures>,
  extras: TeamExtras,
): TeamChoice {
  return {
    players: teamPlayers(rows, players, figures),
    captainId: extras.captainId,
    viceCaptainId: extras.viceCaptainId,
    backups: extras.backups.map((id) => ({ playerId: id, name: players.get(id)?.PlayerFullName ?? `Player ${id}` })),
  };
}

/**
 * What the team on screen breaks, in the server's words (teamMessages). Without prices (the figures
 * did not load) the budget is left to the server's check on Save.
 */
export function teamProblems(
  rules: TeamRules,
  choice: TeamChoice,
  sides: readonly Side[],
  pricesKnown: boolean,
): string[] {
  const checked = pricesKnown ? rules : { ...rules, BudgetCredits: null };
  const name = (teamId: number) => sides.find((s) => s.teamId === teamId)?.name ?? `team ${teamId}`;
  return teamRuleErrors(checked, choice, name);
}

/** How choosing `candidate` for a slot now holding `current` would leave the budget and his side. */
export function choiceFit(
  rules: TeamRules,
  summary: TeamSummary,
  candidate: { teamId: number; price: number | undefined },
  current: { teamId: number; price: number | undefined } | null,
): { overBudgetBy: number | null; sideFull: boolean } {
  let overBudgetBy: number | null = null;
  if (rules.BudgetCredits !== null && candidate.price !== undefined) {
    const tenths = Math.round((summary.credits - (current?.price ?? 0) + candidate.price - rules.BudgetCredits) * 10);
    if (tenths > 0) overBudgetBy = tenths / 10;
  }
  const sideCount = (summary.perSide.get(candidate.teamId) ?? 0) - (current?.teamId === candidate.teamId ? 1 : 0);
  const sideFull = rules.MaxPerSide !== null && sideCount + 1 > rules.MaxPerSide;
  return { overBudgetBy, sideFull };
}

/** The Teams entry of a save: the fixture's captain, vice-captain and backups. */
export const teamSave = (leagueId: number, fixtureId: number, extras: TeamExtras): PlayerSelectionTeamSave => ({
  LeagueID: leagueId,
  FixtureID: fixtureId,
  CaptainPlayerID: extras.captainId,
  ViceCaptainPlayerID: extras.viceCaptainId,
  Backups: [...extras.backups],
});

/**
 * "Picked by N% of this league": per player, the share (whole percent) of the league's teams in the
 * fixture that picked him, from everyone's picks (All Selections' read; revealed after the start when
 * the league shows others' picks). The teams counted are the members with at least one pick.
 */
export function pickedByShare(selections: readonly FixturePlayerSelection[]): Map<number, number> {
  const teams = new Set(selections.map((s) => s.UserID));
  const pickers = new Map<number, Set<number>>();
  for (const s of selections) {
    const set = pickers.get(s.PlayerID) ?? new Set<number>();
    set.add(s.UserID);
    pickers.set(s.PlayerID, set);
  }
  const out = new Map<number, number>();
  if (teams.size === 0) return out;
  for (const [id, users] of pickers) out.set(id, Math.round((users.size / teams.size) * 100));
  return out;
}
