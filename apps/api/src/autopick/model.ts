import { type Kysely, sql } from 'kysely';
import { BONUS_OPTIONS, FEATURES, type FeatureDef, MP, POSITION, type PositionId } from '../cricket/catalogue';
import { totalSixesOption, winningMarginOption } from '../cricket/scoring/match-prediction';
import { DEFAULT_PS_POINTS, playerPoints, statLineOf } from '../cricket/scoring/player-selection';
import { MP_FEATURES, optionsOf } from '../cricket/scoring/table';
import type { DB, ResultType } from '../db/schema';

/**
 * The auto-pick model (docs/autopick.md): predicts a fixture's Match Prediction answers and a Player
 * Selection team from data of fixtures that started strictly before it. Everything it reads goes
 * through `loadModelInputs`, which filters on the target's start time, so a replay is honest.
 */

/** Tuning constants (chosen by reasoning, not fitted: see docs/autopick.md). */
export const MODEL = {
  /** A player's appearance counts half as much this many appearances later. */
  formHalfLife: 5,
  /** Weight of the position mean, in appearances, when shrinking a player's form toward it. */
  priorWeight: 2,
  /** The team's last fixtures used to guess who plays, newest first. */
  availabilityWeights: [1, 0.6, 0.36] as readonly number[],
  /** Chance to play given to a squad player absent from the team's recent XIs. */
  absentPlayChance: 0.05,
  eloStart: 1500,
  eloK: 24,
  /** Spread (standard deviation) of total sixes when history has too few matches to measure it. */
  sixesSpread: 6,
} as const;

/** Fallback position means (no history at all): IPL-like figures at default points. */
const FALLBACK_PRIOR: Record<PositionId, { points: number; runs: number; wickets: number }> = {
  [POSITION.Batsman]: { points: 30, runs: 24, wickets: 0.05 },
  [POSITION.Bowler]: { points: 25, runs: 3, wickets: 1.1 },
  [POSITION.Wicketkeeper]: { points: 30, runs: 22, wickets: 0 },
  [POSITION.Allrounder]: { points: 30, runs: 14, wickets: 0.8 },
};

export interface TargetFixture {
  id: number;
  seasonId: number;
  startTime: Date;
  localTeamId: number;
  visitorTeamId: number;
  /** Where it is played (schedule data, known in advance); the model ignores it, the naive baseline reads it. */
  city: string | null;
}

/** One past stat line (did_play only), with the player's default Player Selection points. */
export interface PastLine {
  fixtureId: number;
  playerId: number;
  teamId: number;
  positionId: PositionId;
  runs: number;
  wickets: number;
  sixes: number;
  points: number;
}

/** One past fixture (started before the target), oldest first. */
export interface PastFixture {
  id: number;
  startTime: Date;
  localTeamId: number;
  visitorTeamId: number;
  city: string | null;
  /** null when the fixture had no result (no winner to learn from). */
  winnerTeamId: number | null;
  marginOptionId: number | null;
  /** Sixes hit in the match, or null without a scorecard. */
  sixes: number | null;
}

export interface SquadPlayer {
  playerId: number;
  teamId: number;
  positionId: PositionId;
}

export interface ModelInputs {
  target: TargetFixture;
  squad: SquadPlayer[];
  past: PastFixture[];
  lines: PastLine[];
}

export interface PlayerEstimate extends SquadPlayer {
  /** Chance of playing, from the team's recent XIs. */
  playChance: number;
  appearances: number;
  /** Shrunk, recency-weighted means per appearance. */
  runs: number;
  wickets: number;
  points: number;
}

export interface Prediction {
  fixtureId: number;
  /** Chance that the local team wins (Elo). */
  localWinChance: number;
  ratings: Map<number, number>;
  players: PlayerEstimate[];
  /** The pick per Match Prediction feature: a team, player or bonus option id (null: nothing sensible). */
  mp: Map<number, number | null>;
  /** Players per position, best expected points first. */
  ranked: Map<PositionId, number[]>;
}

const toDate = (d: Date | string) => (d instanceof Date ? d : new Date(d));

/** Reads everything the model may use for `fixtureId`: only fixtures that started before it. */
export async function loadModelInputs(db: Kysely<DB>, fixtureId: number): Promise<ModelInputs> {
  const f = await db
    .selectFrom('fixtures')
    .select(['id', 'season_id', 'start_time', 'local_team_id', 'visitor_team_id', 'city'])
    .where('id', '=', fixtureId)
    .executeTakeFirstOrThrow();
  const target: TargetFixture = {
    id: f.id,
    seasonId: f.season_id,
    startTime: toDate(f.start_time),
    localTeamId: f.local_team_id,
    visitorTeamId: f.visitor_team_id,
    city: f.city,
  };
  const before = target.startTime.toISOString();

  const squadRows = await db
    .selectFrom('squads as s')
    .innerJoin('players as p', 'p.id', 's.player_id')
    .select(['s.player_id', 's.team_id', 'p.position_id'])
    .where('s.season_id', '=', target.seasonId)
    .where('s.team_id', 'in', [target.localTeamId, target.visitorTeamId])
    .orderBy('s.player_id')
    .execute();
  const squad = squadRows.map((r) => ({
    playerId: r.player_id,
    teamId: r.team_id,
    positionId: r.position_id as PositionId,
  }));

  const { rows: pastRows } = await sql<{
    id: number;
    start_time: Date | string;
    local_team_id: number;
    visitor_team_id: number;
    city: string | null;
    status: string;
    result_type: ResultType | null;
    winner_team_id: number | null;
    super_over_winner_team_id: number | null;
    won_by_runs: number | null;
    won_by_wickets: number | null;
    sixes: number | null;
  }>`
    SELECT f.id, f.start_time, f.local_team_id, f.visitor_team_id, f.city, f.status,
           r.result_type, r.winner_team_id, r.super_over_winner_team_id, r.won_by_runs, r.won_by_wickets,
           (SELECT sum(s.sixes)::int FROM player_fixture_stats s WHERE s.fixture_id = f.id) AS sixes
    FROM fixtures f LEFT JOIN fixture_results r ON r.fixture_id = f.id
    WHERE f.start_time < ${before}::timestamptz AND f.status IN ('completed', 'no_result')
    ORDER BY f.start_time, f.id`.execute(db);
  const past: PastFixture[] = pastRows.map((r) => {
    const decided = r.status === 'completed' && (r.result_type === 'normal' || r.result_type === 'tie');
    return {
      id: r.id,
      startTime: toDate(r.start_time),
      localTeamId: r.local_team_id,
      visitorTeamId: r.visitor_team_id,
      city: r.city,
      winnerTeamId: decided ? (r.result_type === 'tie' ? r.super_over_winner_team_id : r.winner_team_id) : null,
      marginOptionId: decided
        ? winningMarginOption(r.result_type ?? 'no_result', r.won_by_runs, r.won_by_wickets)
        : null,
      sixes: decided && r.sixes !== null ? Number(r.sixes) : null,
    };
  });

  const lineRows = await db
    .selectFrom('player_fixture_stats as s')
    .innerJoin('fixtures as f', 'f.id', 's.fixture_id')
    .innerJoin('players as p', 'p.id', 's.player_id')
    .selectAll('s')
    .select('p.position_id')
    .where('f.start_time', '<', target.startTime)
    .where('f.status', 'in', ['completed', 'no_result'])
    .where('s.did_play', '=', true)
    .orderBy('f.start_time')
    .orderBy('f.id')
    .orderBy('s.player_id')
    .execute();
  const lines = lineRows.map((r) => ({
    fixtureId: r.fixture_id,
    playerId: r.player_id,
    teamId: r.team_id,
    positionId: r.position_id as PositionId,
    runs: r.runs,
    wickets: r.wickets,
    sixes: r.sixes,
    points: playerPoints(statLineOf(r), r.position_id as PositionId, DEFAULT_PS_POINTS).total,
  }));
  return { target, squad, past, lines };
}

/** Elo ratings after every decided past fixture, in order. Unknown teams stay at the start rating. */
export function eloRatings(past: readonly PastFixture[]): Map<number, number> {
  const r = new Map<number, number>();
  const get = (id: number) => r.get(id) ?? MODEL.eloStart;
  for (const f of past) {
    if (f.winnerTeamId === null) continue;
    const a = get(f.localTeamId);
    const b = get(f.visitorTeamId);
    const expectA = 1 / (1 + 10 ** ((b - a) / 400));
    const scoreA = f.winnerTeamId === f.localTeamId ? 1 : 0;
    r.set(f.localTeamId, a + MODEL.eloK * (scoreA - expectA));
    r.set(f.visitorTeamId, b - MODEL.eloK * (scoreA - expectA));
  }
  return r;
}

function normalCdf(x: number): number {
  // Abramowitz-Stegun 7.1.26 through erf.
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** The Total Sixes options as [id, lowest, highest] sixes, from the scoring table. */
const SIXES_BANDS: readonly [number, number, number][] = optionsOf(MP_FEATURES.TotalSixes).map((o) => {
  if (!('measure' in o.when) || o.when.above !== undefined || o.when.below !== undefined) {
    throw new Error(`Total Sixes option ${o.id} is not a band of whole sixes`);
  }
  return [o.id, o.when.atLeast ?? 0, o.when.atMost ?? Number.POSITIVE_INFINITY];
});

/** Total sixes band: the teams' recency-weighted match totals, as a normal spread over the bands. */
function predictSixes(inputs: ModelInputs): number {
  const scored = inputs.past.filter((f) => f.sixes !== null);
  if (scored.length === 0) return totalSixesOption(15);
  const all = scored.map((f) => f.sixes as number);
  const mean = all.reduce((a, b) => a + b, 0) / all.length;
  const spread =
    all.length >= 5 ? Math.sqrt(all.reduce((a, b) => a + (b - mean) ** 2, 0) / (all.length - 1)) : MODEL.sixesSpread;
  const teamMean = (teamId: number) => {
    const mine = scored.filter((f) => f.localTeamId === teamId || f.visitorTeamId === teamId).reverse();
    let w = 1;
    let sum = MODEL.priorWeight * mean;
    let weight = MODEL.priorWeight;
    for (const f of mine) {
      sum += w * (f.sixes as number);
      weight += w;
      w *= 0.5 ** (1 / MODEL.formHalfLife);
    }
    return sum / weight;
  };
  const mu = (teamMean(inputs.target.localTeamId) + teamMean(inputs.target.visitorTeamId)) / 2;
  const sd = Math.max(spread, 2);
  let best = SIXES_BANDS[0]![0];
  let bestP = -1;
  for (const [id, lo, hi] of SIXES_BANDS) {
    const p = normalCdf((hi + 0.5 - mu) / sd) - normalCdf((lo - 0.5 - mu) / sd);
    if (p > bestP) {
      bestP = p;
      best = id;
    }
  }
  return best;
}

/** The most frequent option among `ids` (ties → the lower id); `fallback` when there is none. */
export function mostFrequent(ids: readonly (number | null)[], fallback: number): number {
  const counts = new Map<number, number>();
  for (const id of ids) if (id !== null) counts.set(id, (counts.get(id) ?? 0) + 1);
  let best = fallback;
  let bestN = 0;
  for (const [id, n] of [...counts.entries()].sort((a, b) => a[0] - b[0])) {
    if (n > bestN) {
      best = id;
      bestN = n;
    }
  }
  return best;
}

/** Winning margin band: the most frequent band so far (ties → the lower id); none yet → Wickets 4-6. */
function predictMargin(inputs: ModelInputs): number {
  return mostFrequent(
    inputs.past.map((f) => f.marginOptionId),
    505,
  );
}

/** Per-player estimates: recency-weighted means shrunk toward the position mean, and the chance to play. */
export function playerEstimates(inputs: ModelInputs): PlayerEstimate[] {
  const byPlayer = new Map<number, PastLine[]>();
  for (const l of inputs.lines) {
    const list = byPlayer.get(l.playerId) ?? [];
    list.push(l);
    byPlayer.set(l.playerId, list);
  }
  // Position means over every past line (at least 20 lines, else fixed IPL-like figures).
  const sums = new Map<number, { n: number; runs: number; wickets: number; points: number }>();
  for (const l of inputs.lines) {
    const pos = l.positionId;
    const s = sums.get(pos) ?? { n: 0, runs: 0, wickets: 0, points: 0 };
    s.n += 1;
    s.runs += l.runs;
    s.wickets += l.wickets;
    s.points += l.points;
    sums.set(pos, s);
  }
  const prior = (pos: PositionId) => {
    const s = sums.get(pos);
    const fb = FALLBACK_PRIOR[pos];
    if (!s || s.n < 20) return fb;
    return { points: s.points / s.n, runs: s.runs / s.n, wickets: s.wickets / s.n };
  };

  // Who played in each team's recent fixtures (newest first).
  const teamFixtures = new Map<number, number[]>();
  const playedIn = new Set<string>();
  const teamPlayed = new Set<string>();
  for (const l of inputs.lines) {
    playedIn.add(`${l.fixtureId}:${l.playerId}`);
    teamPlayed.add(`${l.fixtureId}:${l.teamId}`);
  }
  for (const f of inputs.past) {
    for (const t of [f.localTeamId, f.visitorTeamId]) {
      if (!teamPlayed.has(`${f.id}:${t}`)) continue;
      const list = teamFixtures.get(t) ?? [];
      list.unshift(f.id);
      teamFixtures.set(t, list);
    }
  }

  const decay = 0.5 ** (1 / MODEL.formHalfLife);
  return inputs.squad.map((p) => {
    const history = byPlayer.get(p.playerId) ?? [];
    const pr = prior(p.positionId);
    let w = 1;
    let weight = MODEL.priorWeight;
    let runs = MODEL.priorWeight * pr.runs;
    let wickets = MODEL.priorWeight * pr.wickets;
    let points = MODEL.priorWeight * pr.points;
    for (let i = history.length - 1; i >= 0; i -= 1) {
      const l = history[i]!;
      runs += w * l.runs;
      wickets += w * l.wickets;
      points += w * l.points;
      weight += w;
      w *= decay;
    }
    const recent = (teamFixtures.get(p.teamId) ?? []).slice(0, MODEL.availabilityWeights.length);
    let playChance = 1;
    if (recent.length > 0) {
      let num = 0;
      let den = 0;
      recent.forEach((fid, i) => {
        const wi = MODEL.availabilityWeights[i]!;
        den += wi;
        if (playedIn.has(`${fid}:${p.playerId}`)) num += wi;
      });
      playChance = Math.max(num / den, MODEL.absentPlayChance);
    }
    return {
      ...p,
      playChance,
      appearances: history.length,
      runs: runs / weight,
      wickets: wickets / weight,
      points: points / weight,
    };
  });
}

/** Best player by `value` among `players` allowed by the feature's positions (ties → lower id). */
function best(players: readonly PlayerEstimate[], f: FeatureDef | undefined, value: (p: PlayerEstimate) => number) {
  const allowed = new Set<number>(f?.positionIds ?? []);
  let out: PlayerEstimate | null = null;
  let top = Number.NEGATIVE_INFINITY;
  for (const p of players) {
    if (allowed.size && !allowed.has(p.positionId)) continue;
    const v = value(p);
    if (v > top || (v === top && out !== null && p.playerId < out.playerId)) {
      top = v;
      out = p;
    }
  }
  return out?.playerId ?? null;
}

const expected = (p: PlayerEstimate, stat: 'runs' | 'wickets' | 'points') => p.playChance * p[stat];

/** The model's picks for the fixture in `inputs` (pure: the same inputs give the same picks). */
export function predict(inputs: ModelInputs): Prediction {
  const { target } = inputs;
  const ratings = eloRatings(inputs.past);
  const players = playerEstimates(inputs);
  const rating = (id: number) => ratings.get(id) ?? MODEL.eloStart;
  const localWinChance = 1 / (1 + 10 ** ((rating(target.visitorTeamId) - rating(target.localTeamId)) / 400));
  // Equal ratings (no history): the side whose likely XI is expected to score more fantasy points.
  const strength = (teamId: number) =>
    players
      .filter((p) => p.teamId === teamId)
      .map((p) => expected(p, 'points'))
      .sort((a, b) => b - a)
      .slice(0, 11)
      .reduce((a, b) => a + b, 0);
  const winner =
    localWinChance > 0.5
      ? target.localTeamId
      : localWinChance < 0.5
        ? target.visitorTeamId
        : strength(target.visitorTeamId) > strength(target.localTeamId)
          ? target.visitorTeamId
          : target.localTeamId;
  const winChance = (teamId: number) => (teamId === target.localTeamId ? localWinChance : 1 - localWinChance);

  const mp = new Map<number, number | null>();
  for (const f of FEATURES) {
    if (f.leagueType !== 'MP') continue;
    if (f.featureType === 'team') mp.set(f.id, winner);
    else if (f.id === MP.MostRuns)
      mp.set(
        f.id,
        best(players, f, (p) => expected(p, 'runs')),
      );
    else if (f.id === MP.MostWickets)
      mp.set(
        f.id,
        best(players, f, (p) => expected(p, 'wickets')),
      );
    else if (f.featureType === 'player')
      // Man of the Match: expected fantasy points, leaning toward the likely winners.
      mp.set(
        f.id,
        best(players, f, (p) => expected(p, 'points') * (0.5 + winChance(p.teamId))),
      );
    else if (f.id === MP.WinningMargin) mp.set(f.id, predictMargin(inputs));
    else if (f.id === MP.TotalSixes) mp.set(f.id, predictSixes(inputs));
    else mp.set(f.id, BONUS_OPTIONS.find((o) => o.featureId === f.id)?.id ?? null);
  }

  const ranked = new Map<PositionId, number[]>();
  for (const pos of Object.values(POSITION)) {
    ranked.set(
      pos,
      players
        .filter((p) => p.positionId === pos)
        .sort((a, b) => expected(b, 'points') - expected(a, 'points') || a.playerId - b.playerId)
        .map((p) => p.playerId),
    );
  }
  return { fixtureId: target.id, localWinChance, ratings, players, mp, ranked };
}

/** Loads the inputs and predicts: what the lock-time job and the back-test call. */
export async function predictFixture(db: Kysely<DB>, fixtureId: number): Promise<Prediction> {
  return predict(await loadModelInputs(db, fixtureId));
}
