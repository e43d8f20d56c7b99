import type { QueryClient } from '@tanstack/react-query';
import type { LiveEventOf, LiveStandingRow, LiveStandings, LiveStandingsSnapshot } from './types';

/**
 * A league's provisional standings kept by versions (docs/decisions/0018-live-standings-deltas.md):
 * the snapshot (`GET /live/standings/{leagueId}`) is the table at a version, and each `standings`
 * event carries only the rows that changed on its `BaseVersion`. Pure functions, shared by the query
 * (snapshot) and the stream's cache updates (events).
 */

const collator = new Intl.Collator('en', { sensitivity: 'base' });

/** The server's order of a standings table: position, then name (case and accents aside), then user id. */
export function compareStandingRows(a: LiveStandingRow, b: LiveStandingRow): number {
  return a.Position - b.Position || collator.compare(a.UserDisplayName, b.UserDisplayName) || a.UserID - b.UserID;
}

/** The snapshot as the cache holds it; the ranks it replaces (if any) are kept to show moves. */
export function fromSnapshot(s: LiveStandingsSnapshot, prev?: LiveStandings | null): LiveStandings {
  const previous = new Map((prev?.Rows ?? []).map((r) => [r.UserID, r.Position]));
  const PreviousPositions: Record<number, number> = {};
  for (const r of s.Rows) {
    const before = previous.get(r.UserID);
    if (before !== undefined && before !== r.Position) PreviousPositions[r.UserID] = before;
  }
  return {
    LeagueID: s.LeagueID,
    Version: s.Version,
    Live: s.Live,
    FixtureIDs: s.FixtureIDs,
    Provisional: s.Provisional,
    Rows: [...s.Rows].sort(compareStandingRows),
    PreviousPositions,
  };
}

export type StandingsStep =
  /** Applied: the table at the event's version. */
  | { kind: 'applied'; next: LiveStandings }
  /** Already held (an older or the same version): nothing to do. */
  | { kind: 'seen' }
  /** Not on the version held (a missed event, or no table yet): read the snapshot again. */
  | { kind: 'gap' };

/**
 * One `standings` event on the table held: applied when it is on the held version (its rows replace
 * or add, `Removed` go), ignored when already held, a gap otherwise. `PreviousPositions` then holds
 * the rank before this event of each member it moved.
 */
export function applyStandingsDelta(
  prev: LiveStandings | null | undefined,
  e: LiveEventOf<'standings'>,
): StandingsStep {
  if (!prev) return { kind: 'gap' };
  if (e.Version <= prev.Version) return { kind: 'seen' };
  if (e.BaseVersion !== prev.Version) return { kind: 'gap' };
  const rows = new Map(prev.Rows.map((r) => [r.UserID, r]));
  const PreviousPositions: Record<number, number> = {};
  for (const r of e.Rows) {
    const before = rows.get(r.UserID);
    if (before && before.Position !== r.Position) PreviousPositions[r.UserID] = before.Position;
    rows.set(r.UserID, r);
  }
  for (const id of e.Removed) rows.delete(id);
  return {
    kind: 'applied',
    next: {
      LeagueID: e.LeagueID,
      Version: e.Version,
      Live: e.FixtureIDs.length > 0,
      FixtureIDs: e.FixtureIDs,
      Provisional: e.Provisional,
      Rows: [...rows.values()].sort(compareStandingRows),
      PreviousPositions,
    },
  };
}

/**
 * Events that arrived while a league's snapshot was being read (no table held yet, or a gap being
 * filled): kept per query client and league, at most 50, and applied on the snapshot when it lands
 * (`withHeldEvents`) — re-reading the snapshot for each of them would cancel the read in flight.
 */
const held = new WeakMap<QueryClient, Map<number, LiveEventOf<'standings'>[]>>();
const MAX_HELD = 50;

export function holdStandingsEvent(qc: QueryClient, e: LiveEventOf<'standings'>): void {
  let byLeague = held.get(qc);
  if (!byLeague) {
    byLeague = new Map();
    held.set(qc, byLeague);
  }
  const list = byLeague.get(e.LeagueID) ?? [];
  list.push(e);
  if (list.length > MAX_HELD) list.shift();
  byLeague.set(e.LeagueID, list);
}

/** The events held for a league, in version order; the hold is emptied. */
export function takeHeldStandingsEvents(qc: QueryClient, leagueId: number): LiveEventOf<'standings'>[] {
  const byLeague = held.get(qc);
  const list = byLeague?.get(leagueId) ?? [];
  byLeague?.delete(leagueId);
  return list.sort((a, b) => a.Version - b.Version);
}

/**
 * The snapshot with the held events after its version applied in order; those it already contains
 * are skipped. A missing version stops there: the next event finds the gap and reads the snapshot again.
 */
export function withHeldEvents(table: LiveStandings, events: readonly LiveEventOf<'standings'>[]): LiveStandings {
  let t = table;
  for (const e of events) {
    const step = applyStandingsDelta(t, e);
    if (step.kind === 'applied') t = step.next;
    else if (step.kind === 'gap') break;
  }
  return t;
}
