import { POSITION, type PositionId } from '../cricket/catalogue';
import type { CricsheetDelivery, CricsheetInfo } from '../cricket/import/cricsheet-format';
import { type ParsedInnings, parseCricsheetMatch } from '../cricket/import/parse';
import {
  type FeatureWinners,
  LINE_DECIDED_MP_FEATURES,
  matchPredictionWinners,
} from '../cricket/scoring/match-prediction';
import { type StatLine, statCounts } from '../cricket/scoring/player-selection';

/**
 * Live scoring's arithmetic, pure. A player's running line is the sum, over the overs bowled so far,
 * of the importer's parser run on a match made of that one over (`overLines`): the parser's rules
 * (balls faced, legal balls, runs conceded, credited wickets, catches, run outs, super overs, and
 * maidens, which are per over) are the only ones. A ball changes one over, so the runner subtracts
 * that over's old lines and adds its new ones; every stat is a sum over overs, so the result does not
 * depend on the order in which balls arrive. Points come from `statCounts`, the one scoring rule.
 */

/** The additive counters of a running line (StatLine, with dismissals counted). */
export const COUNTERS = [
  'runs',
  'balls',
  'fours',
  'sixes',
  'dismissals',
  'ballsBowled',
  'maidens',
  'runsConceded',
  'wickets',
  'bowledLbwWickets',
  'catches',
  'stumpings',
  'runOutsDirect',
  'runOutsIndirect',
] as const;
export type Counter = (typeof COUNTERS)[number];
export type Counters = Record<Counter, number>;

/** One player's part of one over (or, summed, of the match so far). */
export interface LineShare extends Counters {
  cricsheetId: string;
  name: string;
  team: string;
  didPlay: boolean;
  dismissalKind: string | null;
}

export const zeroCounters = (): Counters => Object.fromEntries(COUNTERS.map((c) => [c, 0])) as Counters;

/** The running line as the scoring rules read it. */
export function statLineOfCounters(c: Counters): StatLine {
  return {
    runs: c.runs,
    balls: c.balls,
    fours: c.fours,
    sixes: c.sixes,
    dismissed: c.dismissals > 0,
    ballsBowled: c.ballsBowled,
    maidens: c.maidens,
    runsConceded: c.runsConceded,
    wickets: c.wickets,
    bowledLbwWickets: c.bowledLbwWickets,
    catches: c.catches,
    stumpings: c.stumpings,
    runOutsDirect: c.runOutsDirect,
    runOutsIndirect: c.runOutsIndirect,
  };
}

/**
 * A line's provisional points under a league's points (signed per feature: `psFeaturePoints`, or the
 * defaults): the stats counted as if the match ended now. A substitute fielder scores nothing, as in
 * a scored fixture (`lineScores`).
 */
export function provisionalPoints(
  c: Counters,
  didPlay: boolean,
  positionId: PositionId,
  signedPoints: ReadonlyMap<number, number>,
): number {
  if (!didPlay) return 0;
  let total = 0;
  for (const [featureId, count] of statCounts(statLineOfCounters(c), positionId)) {
    total += count * (signedPoints.get(featureId) ?? 0);
  }
  return total;
}

/** The default Player Selection points, signed (the scoring layer's). */
export { DEFAULT_SIGNED_PS_POINTS, signedPoints as signed } from '../cricket/scoring/player-selection';

/** A match made of `innings` alone, in the feed's info, without an outcome. */
function matchOf(
  info: CricsheetInfo,
  innings: { team: string; superOver: boolean; overs: { over: number; deliveries: CricsheetDelivery[] }[] }[],
) {
  const { player_of_match: _pom, ...rest } = info;
  return {
    info: { ...rest, outcome: { result: 'no result' } },
    innings: innings.map((i) => ({ team: i.team, ...(i.superOver ? { super_over: true } : {}), overs: i.overs })),
  };
}

/** An innings' additive totals (the parser's, summed per delivery: an innings' are the sum of its overs'). */
export interface InningsTotals {
  runs: number;
  wickets: number;
  legalBalls: number;
  extras: number;
}

export const zeroTotals = (): InningsTotals => ({ runs: 0, wickets: 0, legalBalls: 0, extras: 0 });

/**
 * Each player's part of one over: the parser's lines of a match made of that over, for the players
 * with a number in it (keyed by Cricsheet id). Throws CricsheetFormatError as the importer would.
 */
export function overLines(
  info: CricsheetInfo,
  team: string,
  superOver: boolean,
  over: number,
  deliveries: readonly CricsheetDelivery[],
): Map<string, LineShare> {
  return overParse(info, team, superOver, over, deliveries).lines;
}

/** One over by the parser: each player's part of it (`overLines`) and the over's innings totals. */
export function overParse(
  info: CricsheetInfo,
  team: string,
  superOver: boolean,
  over: number,
  deliveries: readonly CricsheetDelivery[],
): { lines: Map<string, LineShare>; totals: InningsTotals } {
  const out = new Map<string, LineShare>();
  if (deliveries.length === 0) return { lines: out, totals: zeroTotals() };
  const parsed = parseCricsheetMatch(
    matchOf(info, [{ team, superOver, overs: [{ over, deliveries: [...deliveries] }] }]),
    'live feed',
    { matchId: 'live' },
  );
  for (const l of parsed.lines) {
    const c: Counters = {
      runs: l.runs,
      balls: l.balls,
      fours: l.fours,
      sixes: l.sixes,
      dismissals: l.dismissed ? 1 : 0,
      ballsBowled: l.ballsBowled,
      maidens: l.maidens,
      runsConceded: l.runsConceded,
      wickets: l.wickets,
      bowledLbwWickets: l.bowledLbwWickets,
      catches: l.catches,
      stumpings: l.stumpings,
      runOutsDirect: l.runOutsDirect,
      runOutsIndirect: l.runOutsIndirect,
    };
    // Players listed but without a number in this over do not need a line yet; substitutes always have one.
    if (!COUNTERS.some((k) => c[k] !== 0) && l.didPlay) continue;
    out.set(l.cricsheetId, {
      ...c,
      cricsheetId: l.cricsheetId,
      name: l.name,
      team: l.team,
      didPlay: l.didPlay,
      dismissalKind: l.dismissalKind,
    });
  }
  const i = parsed.innings[0]!;
  return { lines: out, totals: { runs: i.runs, wickets: i.wickets, legalBalls: i.legalBalls, extras: i.extras } };
}

/** The innings totals of the parser (runs, wickets, legal balls, extras) for one innings' balls. */
export function inningsSummary(
  info: CricsheetInfo,
  team: string,
  superOver: boolean,
  overs: { over: number; deliveries: CricsheetDelivery[] }[],
): ParsedInnings {
  if (overs.length === 0) return { number: 1, team, superOver, runs: 0, wickets: 0, legalBalls: 0, extras: 0 };
  return parseCricsheetMatch(matchOf(info, [{ team, superOver, overs }]), 'live feed', { matchId: 'live' }).innings[0]!;
}

/** new − old per player and counter (players in either); only players with a change. */
export function lineDeltas(
  before: ReadonlyMap<string, LineShare>,
  after: ReadonlyMap<string, LineShare>,
): Map<string, { share: LineShare; delta: Counters; kindChanged: boolean }> {
  const out = new Map<string, { share: LineShare; delta: Counters; kindChanged: boolean }>();
  for (const id of new Set([...before.keys(), ...after.keys()])) {
    const a = before.get(id);
    const b = after.get(id);
    const delta = zeroCounters();
    for (const k of COUNTERS) delta[k] = (b?.[k] ?? 0) - (a?.[k] ?? 0);
    const kindChanged = (a?.dismissalKind ?? null) !== (b?.dismissalKind ?? null);
    if (!COUNTERS.some((k) => delta[k] !== 0) && !kindChanged && a) continue;
    out.set(id, { share: (b ?? a)!, delta, kindChanged });
  }
  return out;
}

/** Match Prediction features decided by the stats (the others wait for the result). */
export const LIVE_MP_FEATURES: readonly number[] = LINE_DECIDED_MP_FEATURES;

export interface LeaderInput {
  playerId: number;
  positionId: PositionId;
  didPlay: boolean;
  runs: number;
  wickets: number;
  sixes: number;
}

/**
 * The Match Prediction winners "if the match ended now" for the features the stats decide: the one
 * rule (`matchPredictionWinners`), asked about a completed fixture with the lines so far.
 */
export function provisionalWinners(players: readonly LeaderInput[]): FeatureWinners[] {
  const all = matchPredictionWinners({
    status: 'completed',
    resultType: 'normal',
    winnerTeamId: null,
    superOverWinnerTeamId: null,
    wonByRuns: null,
    wonByWickets: null,
    playerOfMatchIds: [],
    players,
    hasScorecard: true,
  });
  return all.filter((w) => LIVE_MP_FEATURES.includes(w.featureId));
}

export const UNKNOWN_POSITION: PositionId = POSITION.Batsman;

/** The parser's lines of one whole innings (the Match Centre's batters and bowlers). */
export function inningsLines(
  info: CricsheetInfo,
  team: string,
  superOver: boolean,
  overs: { over: number; deliveries: CricsheetDelivery[] }[],
) {
  if (overs.length === 0) return [];
  return parseCricsheetMatch(matchOf(info, [{ team, superOver, overs }]), 'live feed', { matchId: 'live' }).lines;
}

/** How a ball reads in an over: "1", "4", "6", "W", "1wd", "nb", "2lb". */
export function ballLabel(d: CricsheetDelivery): string {
  const e = d.extras ?? {};
  const out = (d.wickets ?? []).length > 0;
  let label = '';
  if (e.wides) label = `${d.runs.total > 1 ? d.runs.total - 1 : ''}wd`;
  else if (e.noballs) label = `${d.runs.batter || ''}nb`;
  else if (e.byes) label = `${e.byes}b`;
  else if (e.legbyes) label = `${e.legbyes}lb`;
  else label = String(d.runs.batter);
  return out ? (label === '0' ? 'W' : `${label}W`) : label;
}
