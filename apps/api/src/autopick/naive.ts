import { FEATURES, MP, POSITION, type PositionId } from '../cricket/catalogue';
import { totalSixesOption } from '../cricket/scoring/match-prediction';
import { type ModelInputs, mostFrequent } from './model';

/**
 * The naive "form so far" baseline of the back-test (docs/autopick.md): what a fan would pick from the
 * season's tables alone. It reads the same `ModelInputs` as the model (`loadModelInputs`: only fixtures
 * that started before the target), so it cannot see the fixture it predicts either.
 *
 * - Match Winner: the home side, i.e. the team that played more of its earlier fixtures in this
 *   fixture's city; when that does not tell (no city, no history, neither or both equally often there),
 *   `local_team_id`. (`local_team_id` alone is not the home side in Cricsheet imports: Cricsheet lists
 *   the team that batted first first, see docs/autopick.md.)
 * - Most Runs / Most Wickets / Man of the Match: the squad player (of the feature's positions) with the
 *   most runs / wickets / default Player Selection points summed over earlier appearances.
 * - Winning Margin and Total Sixes: the most frequent band in earlier results; with no earlier result the
 *   model's fallbacks (Wickets 4-6; the band of 15 sixes).
 * - Player Selection: per position, players by points so far.
 *
 * Ranking: players with at least one earlier appearance come before players with none (the rule knows
 * nothing of them), then the higher total, then the lower player id. So a fixture with no history at all
 * gets the lowest ids of the allowed positions, deterministically.
 */

export interface NaivePicks {
  fixtureId: number;
  /** The pick per Match Prediction feature, as in the model's `Prediction.mp`. */
  mp: Map<number, number | null>;
  /** Players per position, most points so far first. */
  ranked: Map<PositionId, number[]>;
}

interface Totals {
  appearances: number;
  runs: number;
  wickets: number;
  points: number;
}

/** The home side: the team with more earlier fixtures in the target's city, else `local_team_id`. */
export function homeSide(inputs: Pick<ModelInputs, 'target' | 'past'>): number {
  const { target } = inputs;
  if (target.city === null) return target.localTeamId;
  let local = 0;
  let visitor = 0;
  for (const f of inputs.past) {
    if (f.city !== target.city) continue;
    const teams = [f.localTeamId, f.visitorTeamId];
    if (teams.includes(target.localTeamId)) local += 1;
    if (teams.includes(target.visitorTeamId)) visitor += 1;
  }
  return visitor > local ? target.visitorTeamId : target.localTeamId;
}

/** The naive picks for the fixture in `inputs` (pure). */
export function naivePicks(inputs: ModelInputs): NaivePicks {
  const totals = new Map<number, Totals>();
  for (const l of inputs.lines) {
    const t = totals.get(l.playerId) ?? { appearances: 0, runs: 0, wickets: 0, points: 0 };
    t.appearances += 1;
    t.runs += l.runs;
    t.wickets += l.wickets;
    t.points += l.points;
    totals.set(l.playerId, t);
  }
  const NONE: Totals = { appearances: 0, runs: 0, wickets: 0, points: 0 };
  const order = (stat: 'runs' | 'wickets' | 'points') => (a: number, b: number) => {
    const ta = totals.get(a) ?? NONE;
    const tb = totals.get(b) ?? NONE;
    return Number(tb.appearances > 0) - Number(ta.appearances > 0) || tb[stat] - ta[stat] || a - b;
  };
  const rank = (positions: readonly PositionId[], stat: 'runs' | 'wickets' | 'points') => {
    const allowed = new Set<number>(positions);
    return inputs.squad
      .filter((p) => !allowed.size || allowed.has(p.positionId))
      .map((p) => p.playerId)
      .sort(order(stat));
  };

  const mp = new Map<number, number | null>();
  for (const f of FEATURES) {
    if (f.leagueType !== 'MP') continue;
    if (f.featureType === 'team') mp.set(f.id, homeSide(inputs));
    else if (f.id === MP.MostRuns) mp.set(f.id, rank(f.positionIds, 'runs')[0] ?? null);
    else if (f.id === MP.MostWickets) mp.set(f.id, rank(f.positionIds, 'wickets')[0] ?? null);
    else if (f.featureType === 'player') mp.set(f.id, rank(f.positionIds, 'points')[0] ?? null);
    else if (f.id === MP.WinningMargin)
      mp.set(
        f.id,
        mostFrequent(
          inputs.past.map((p) => p.marginOptionId),
          505,
        ),
      );
    else if (f.id === MP.TotalSixes)
      mp.set(
        f.id,
        mostFrequent(
          inputs.past.map((p) => (p.sixes === null ? null : totalSixesOption(p.sixes))),
          totalSixesOption(15),
        ),
      );
    else mp.set(f.id, null);
  }

  const ranked = new Map<PositionId, number[]>();
  for (const pos of Object.values(POSITION)) ranked.set(pos, rank([pos], 'points'));
  return { fixtureId: inputs.target.id, mp, ranked };
}
