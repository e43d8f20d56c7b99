import type { LiveEvent, LiveEventOf, Schema } from '@fantasy-cricket/api-client';

export type { LiveEvent, LiveEventOf };
export type LiveFixtureList = Schema<'LiveFixtureList'>;
export type LiveFixtureSummary = Schema<'LiveFixtureSummary'>;
export type LiveInnings = Schema<'LiveInnings'>;
export type MatchCentre = Schema<'MatchCentre'>;
export type LiveMember = Schema<'LiveMember'>;
export type LiveStandingRow = Schema<'LiveStandingRow'>;
export type LiveStandingsSnapshot = Schema<'LiveStandings'>;

/**
 * A league's provisional standings at a version: the snapshot with the `standings` events applied
 * on it in order (./standings-delta.ts), with the ranks the last change moved.
 */
export interface LiveStandings {
  LeagueID: number;
  /** The league's table version (the next event applies on it). */
  Version: number;
  /** A fixture of the league is live (else Rows is empty: the ordinary standings are the figures). */
  Live: boolean;
  FixtureIDs: number[];
  Provisional: boolean;
  /** In position order. */
  Rows: LiveStandingRow[];
  /** The Position before the last change of each member it moved (a rank that moved is shown moving). */
  PreviousPositions: Record<number, number>;
}
