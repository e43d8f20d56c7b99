import type { Scorecard } from '../cricket/scorecard/model';
import type { LiveUpdate } from '../live/feed';

/**
 * A cricket data vendor, as the rest of the app sees it. One file per vendor implements it
 * (`vendors/<vendor>/provider.ts`); nothing outside `vendors/` reads a vendor's JSON. Every value a
 * provider returns is read from a field its vendor documents (each provider's fixture file cites the
 * page of every field it reads). Ids are the vendor's own, as strings.
 */

export type VendorName = 'sportmonks' | 'entitysport';

export interface VendorCompetition {
  /** The vendor's id of the competition's season (SportMonks: a season; Entity Sport: a competition). */
  id: string;
  /** e.g. 'Indian Premier League'. */
  name: string;
  /** e.g. '2024'. */
  season: string;
  /** The format as the vendor names it ('T20', 'odi', …), or null. */
  format: string | null;
}

export interface VendorTeam {
  id: string;
  name: string;
  /** Short code ('CSK'), or null when the vendor has none. */
  code: string | null;
}

export type VendorFixtureStatus = 'scheduled' | 'live' | 'finished' | 'abandoned' | 'postponed' | 'cancelled';

export interface VendorFixture {
  id: string;
  /** The vendor's name of the match ('Match 12', '12th Match'), or null. */
  name: string | null;
  matchNumber: number | null;
  /** The stage ('League', 'Playoffs', 'Final'), or null. */
  stage: string | null;
  /** UTC start, ISO 8601. */
  startTime: string;
  home: VendorTeam;
  away: VendorTeam;
  venue: string | null;
  city: string | null;
  status: VendorFixtureStatus;
}

export type VendorPosition = 'Batsman' | 'Bowler' | 'Allrounder' | 'Wicketkeeper';

export interface VendorPlayer {
  id: string;
  name: string;
  /** Null when the vendor does not say. */
  position: VendorPosition | null;
}

export interface VendorSquads {
  season: string;
  teams: { team: VendorTeam; players: VendorPlayer[] }[];
}

/** The toss and the playing XIs, once announced. */
export interface VendorLineup {
  toss: { winnerTeamId: string; decision: 'bat' | 'field' } | null;
  teams: {
    teamId: string;
    /** The announced XI (player ids). */
    playing: string[];
    /** Named substitutes (an Impact Player comes from these), when the vendor lists them. */
    substitutes: string[];
  }[];
}

/**
 * A finished match's outcome without its scorecard (vendor ids): who won and who was the player of
 * the match, as the console's result set by hand records them. A null winner: the vendor named none
 * (a tie or a no result it does not tell apart), and nothing is written.
 */
export interface VendorOutcome {
  winnerTeamId: string | null;
  playerOfMatchId: string | null;
}

/** Where a finished (or stopped) match stands, and its scorecard when the vendor has one. */
export interface VendorResult {
  status: VendorFixtureStatus;
  scorecard: Scorecard | null;
  /** A finished match without a scorecard: its outcome, when the vendor gives one (SportMonks). */
  outcome?: VendorOutcome | null;
}

export interface VendorProvider {
  readonly vendor: VendorName;
  competitions(): Promise<VendorCompetition[]>;
  schedule(competitionId: string): Promise<VendorFixture[]>;
  squads(competitionId: string): Promise<VendorSquads>;
  /** Null until the vendor announces it. */
  lineup(fixtureId: string): Promise<VendorLineup | null>;
  /**
   * The match so far in the live machinery's shape (the balls bowled, Cricsheet-shaped), or null when
   * nothing changed since the last call (a 304, the same answer). `final` is never set here: the final
   * figures come from `result`.
   */
  live(fixtureId: string): Promise<LiveUpdate | null>;
  result(fixtureId: string): Promise<VendorResult>;
}
