import { allowedPositionsForFeature, duplicatePlayerPicks, hasStarted } from '@fantasy-cricket/rules';
import type { SelectOption } from '@fantasy-cricket/ui';
import type { PlayerOption, TeamOption } from '../../data/cricket/types';
import { figuresLine } from '../../shared/picks/PlayerCard/figures';
import type {
  FeatureRow,
  PlayerFigures,
  MatchPredictionSaveItem,
  PlayerSelectionRow,
  PlayerSelectionSaveItem,
} from '../../data/picks/types';

/**
 * The My Selections grid (spec section 3, "Grid row"): one row per Match Prediction feature or
 * Player Selection slot. `selectedID` is null when nothing is picked, 0 when the pick was cleared.
 */
export interface GridRow {
  key: string;
  FixtureID: number;
  FixtureDisplayName: string;
  StartTime: string;
  /** Feature name, or position name with the slot number. */
  label: string;
  kind: 'player' | 'team' | 'bonus';
  isPlayerFeature: boolean;
  /** Match Prediction */
  FeatureID: number;
  LeagueFeatureID: number;
  bonusOptions: { ID: number; Label: string }[];
  allowedPositionIDs: readonly number[] | null;
  /** Player Selection */
  PositionTypeID: number;
  PositionTypeName: string;
  PositionOrder: number;
  ID: number | null;
  selectedID: number | null;
  isTouched: boolean;
  IsAutoPick: boolean;
  /** Player Selection: the player a backup replaced in this slot at the lock (`selectedID` is the backup). */
  ReplacedPlayerID: number | null;
}

/** The option value standing for "no pick" (Radix Select items cannot use ''). */
export const NONE_VALUE = '0';

export function rowsFromFeatures(features: readonly FeatureRow[], fixtureName: string): GridRow[] {
  return features.map((f) => {
    const selected =
      f.FeatureTypeName === 'player' ? f.PlayerID : f.FeatureTypeName === 'team' ? f.TeamID : f.BonusOptionID;
    const allowed = f.AllowedPositionIDs?.length ? f.AllowedPositionIDs : allowedPositionsForFeature(f.FeatureID);
    return {
      key: `f-${f.LeagueFeatureID}`,
      FixtureID: f.FixtureID,
      FixtureDisplayName: fixtureName,
      StartTime: f.StartTime,
      label: f.FeatureName,
      kind: f.FeatureTypeName,
      isPlayerFeature: f.FeatureTypeName === 'player',
      FeatureID: f.FeatureID,
      LeagueFeatureID: f.LeagueFeatureID,
      bonusOptions: f.BonusOptions,
      allowedPositionIDs: f.FeatureTypeName === 'player' ? allowed : null,
      PositionTypeID: 0,
      PositionTypeName: '',
      PositionOrder: 0,
      ID: f.ID,
      selectedID: selected ?? null,
      isTouched: false,
      IsAutoPick: f.IsAutoPick,
      ReplacedPlayerID: null,
    };
  });
}

export function rowsFromSlots(slots: readonly PlayerSelectionRow[], fixtureName: string): GridRow[] {
  const perPosition = new Map<number, number>();
  for (const s of slots) perPosition.set(s.PositionID, (perPosition.get(s.PositionID) ?? 0) + 1);
  // The server's order (positions by their catalogue sort order, then slot number).
  return slots.map((s) => ({
    key: `p-${s.PositionID}-${s.PositionOrder}`,
    FixtureID: s.FixtureID,
    FixtureDisplayName: fixtureName,
    StartTime: s.StartTime,
    label: (perPosition.get(s.PositionID) ?? 0) > 1 ? `${s.PositionName} ${s.PositionOrder}` : s.PositionName,
    kind: 'player',
    isPlayerFeature: true,
    FeatureID: 0,
    LeagueFeatureID: 0,
    bonusOptions: [],
    allowedPositionIDs: [s.PositionID],
    PositionTypeID: s.PositionID,
    PositionTypeName: s.PositionName,
    PositionOrder: s.PositionOrder,
    ID: s.PlayerSelectionID,
    selectedID: s.PlayerID ? s.PlayerID : null,
    isTouched: false,
    IsAutoPick: s.IsAutoPick,
    ReplacedPlayerID: s.ReplacedPlayerID,
  }));
}

const text = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });

/** Players by team name, position and name (spec section 5). */
export const sortPlayers = (players: readonly PlayerOption[]) =>
  [...players].sort(
    (a, b) =>
      text(a.TeamName, b.TeamName) || text(a.PositionName, b.PositionName) || text(a.PlayerFullName, b.PlayerFullName),
  );

/** Teams by name (spec section 5). */
export const sortTeams = (teams: readonly TeamOption[]) => [...teams].sort((a, b) => text(a.Name, b.Name));

/**
 * The choices of one row's Selection dropdown, "No selection" first. Players carry their recent form
 * (`figures`, the Player Selection picker's figures) as a second line when it is loaded.
 */
export function optionsForRow(
  row: GridRow,
  players: readonly PlayerOption[],
  teams: readonly TeamOption[],
  psLeague: boolean,
  figures?: ReadonlyMap<number, PlayerFigures>,
): SelectOption[] {
  const none = { value: NONE_VALUE, label: 'No selection' };
  if (row.kind === 'team') return [none, ...sortTeams(teams).map((t) => ({ value: String(t.ID), label: t.Name }))];
  if (row.kind === 'bonus') return [none, ...row.bonusOptions.map((o) => ({ value: String(o.ID), label: o.Label }))];
  const allowed = row.allowedPositionIDs;
  return [
    none,
    ...sortPlayers(players.filter((p) => !allowed || allowed.includes(p.PositionID))).map((p) => {
      const form = figures?.get(p.PlayerID);
      return {
        value: String(p.PlayerID),
        label: psLeague
          ? `${p.PlayerFullName} (${p.TeamCode})`
          : `${p.PlayerFullName} (${p.TeamCode}, ${p.PositionName})`,
        ...(form ? { description: figuresLine(form) } : {}),
      };
    }),
  ];
}

/** Spec section 4: only rows with a selection; with copying off, only the touched ones. */
export const rowsToSave = (rows: readonly GridRow[], copyToOtherLeagues: boolean) =>
  rows.filter((r) => r.selectedID !== null && (copyToOtherLeagues || r.isTouched));

interface Ids {
  UserID: number;
  LeagueID: number;
}

/** Match Prediction save item (spec section 3): the pick goes in the field of its feature type. */
export function matchPredictionItem(row: GridRow, { UserID, LeagueID }: Ids): MatchPredictionSaveItem {
  const picked = row.selectedID ?? 0;
  const item: MatchPredictionSaveItem = {
    UserID,
    LeagueID,
    FixtureID: row.FixtureID,
    LeagueFeatureID: row.LeagueFeatureID,
    IsActive: picked > 0,
  };
  if (row.ID) item.ID = row.ID;
  if (picked > 0) {
    if (row.kind === 'team') item.TeamID = picked;
    else if (row.kind === 'player') item.PlayerID = picked;
    else item.BonusOptionID = picked;
  }
  return item;
}

/** Player Selection save item (spec section 3): PlayerID 0 clears the slot. */
export function playerSelectionItem(row: GridRow, { UserID, LeagueID }: Ids): PlayerSelectionSaveItem {
  const picked = row.selectedID ?? 0;
  const item: PlayerSelectionSaveItem = {
    UserID,
    LeagueID,
    FixtureID: row.FixtureID,
    PositionTypeID: row.PositionTypeID,
    PositionOrder: row.PositionOrder,
    PlayerID: picked,
    IsActive: picked > 0,
  };
  if (row.ID) item.ID = row.ID;
  return item;
}

/** Player Selection rows picking a player already picked in the same fixture. */
export function duplicateRows(rows: readonly GridRow[]) {
  const picks = rows.map((r) => ({
    key: r.key,
    FixtureID: r.FixtureID,
    PositionName: r.PositionTypeName,
    PlayerID: r.selectedID ?? 0,
  }));
  const duplicates = duplicatePlayerPicks(picks);
  const repeated = new Set(duplicates.map((d) => `${d.FixtureID}:${d.PlayerID}`));
  const keys = new Set(picks.filter((p) => repeated.has(`${p.FixtureID}:${p.PlayerID}`)).map((p) => p.key));
  return { duplicates, keys };
}

/** Rows whose fixture has started at `serverNow` (locked: shown as N/A, never saved). */
export const isPastRow = (row: GridRow, serverNow: string | null) =>
  serverNow ? hasStarted(row.StartTime, serverNow) : false;

/**
 * Freshly loaded rows with the person's unsaved choices carried over from `previous` for every row
 * still open at `serverNow`; started rows keep what the server says.
 */
export function keepOpenChoices(fresh: readonly GridRow[], previous: readonly GridRow[], serverNow: string): GridRow[] {
  const byKey = new Map(previous.map((r) => [r.key, r]));
  return fresh.map((row) => {
    const old = byKey.get(row.key);
    if (!old || isPastRow(row, serverNow)) return row;
    return { ...row, selectedID: old.selectedID, isTouched: old.isTouched };
  });
}
