/**
 * A match's scorecard: the figures of every player, innings by innings, with the result — what a data
 * vendor's final scorecard and an operator's typed scorecard both are. A source that has no ball-by-ball
 * record delivers this; it is checked (./validate.ts) and turned into the importer's `ParsedMatch`
 * (../import/parse.ts), so it is written and scored by exactly the code that writes and scores a
 * Cricsheet file.
 *
 * Players are named as the source names them, with the source's stable id where it has one; the
 * importer maps them to our players (a Cricsheet registry id, or `<source>:<id>` for a vendor's own).
 */

/** A player as the source names them. */
export interface ScorecardPlayer {
  name: string;
  /** The source's stable id of the player (a vendor's player id, a Cricsheet registry id), if it has one. */
  id?: string | undefined;
}

/** How a batter's innings ended (Cricsheet's dismissal kinds, plus 'not out'). */
export const HOW_OUT = [
  'not out',
  'bowled',
  'caught',
  'caught and bowled',
  'lbw',
  'stumped',
  'run out',
  'hit wicket',
  'retired hurt',
  'retired not out',
  'retired out',
  'obstructing the field',
  'handled the ball',
  'hit the ball twice',
  'timed out',
] as const;
export type HowOut = (typeof HOW_OUT)[number];

export interface ScorecardBatting {
  player: ScorecardPlayer;
  runs: number;
  /** Balls faced (wides excluded). */
  balls: number;
  fours: number;
  sixes: number;
  howOut: HowOut;
  /** The bowler credited with the wicket (bowled, caught, c&b, lbw, stumped, hit wicket). */
  bowler?: ScorecardPlayer | undefined;
  /**
   * Fielders involved: the catcher, the wicketkeeper who stumped, or the run-out fielders (the
   * thrower first). A run out with one fielder is a direct hit.
   */
  fielders?: ScorecardPlayer[] | undefined;
}

/**
 * A bowler's figures. `wides` and `noBalls` are the wides and no-balls bowled (deliveries, as a printed
 * scorecard gives them); the runs they cost are in `runs` and the innings' extras.
 */
export interface ScorecardBowling {
  player: ScorecardPlayer;
  /** Legal deliveries bowled (wides and no-balls excluded): 3.4 overs is 22. */
  balls: number;
  maidens: number;
  /** Runs off the bat plus wides and no-balls (byes and leg-byes are not the bowler's). */
  runs: number;
  wickets: number;
  wides: number;
  noBalls: number;
}

export interface ScorecardInnings {
  /** The batting team, by the name the fixture has. */
  team: string;
  superOver: boolean;
  /** In batting order. */
  batting: ScorecardBatting[];
  bowling: ScorecardBowling[];
  extras: { byes: number; legByes: number; wides: number; noBalls: number; penalty: number };
  total: { runs: number; wickets: number; legalBalls: number };
}

export type ScorecardOutcome =
  | {
      kind: 'win';
      winner: string;
      byRuns?: number | undefined;
      byWickets?: number | undefined;
      method?: string | undefined;
    }
  /** A tie; a super over (or bowl-out) winner when one decided it. */
  | { kind: 'tie'; superOverWinner?: string | undefined; method?: string | undefined }
  | { kind: 'no result'; method?: string | undefined };

export interface Scorecard {
  /** The fixture's teams by name: [local, visitor]. */
  teams: [string, string];
  toss?: { winner: string; decision: 'bat' | 'field' } | undefined;
  outcome: ScorecardOutcome;
  playerOfMatch: ScorecardPlayer[];
  /** The players who took part for each team: the XI and an impact player or concussion substitute who came on. */
  playing: { team: string; players: ScorecardPlayer[] }[];
  /** Regular innings in order, then super overs. */
  innings: ScorecardInnings[];
  /** Overs per innings of the format (20 for a T20): no innings may exceed it. */
  oversPerInnings: number;
}
