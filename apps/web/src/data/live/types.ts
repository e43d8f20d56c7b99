import type { LiveEvent, LiveEventOf, Schema } from '@fantasy-cricket/api-client';

export type { LiveEvent, LiveEventOf };
export type LiveFixtureList = Schema<'LiveFixtureList'>;
export type LiveFixtureSummary = Schema<'LiveFixtureSummary'>;
export type LiveInnings = Schema<'LiveInnings'>;
export type MatchCentre = Schema<'MatchCentre'>;
export type LiveMember = Schema<'LiveMember'>;
export type LiveStandingRow = Schema<'LiveStandingRow'>;

/** A league's provisional standings as the last `standings` event left them, with the ranks before it. */
export interface LiveStandings {
  LeagueID: number;
  EventID: number;
  FixtureIDs: number[];
  Provisional: boolean;
  Rows: LiveStandingRow[];
  /** Each member's Position before this event (a rank that moved is shown moving). */
  PreviousPositions: Record<number, number>;
}
