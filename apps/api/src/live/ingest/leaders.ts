import type { Kysely } from 'kysely';
import { FEATURES_BY_ID } from '../../cricket/catalogue';
import type { FeatureWinners } from '../../cricket/scoring/match-prediction';
import type { DB } from '../../db/schema';
import { leaderValue } from '../../cricket/scoring/match-prediction';
import { provisionalWinners } from '../lines';
import { type LineRow, positionOfLine } from './line-rows';

/**
 * The Match Prediction leaders of a live fixture: who would win the features the stats decide (most
 * runs, most wickets, total sixes) if the match ended now, from the players' lines, and how the
 * leaders read in the `leaders` event and the Match Centre.
 */

/** The provisional Match Prediction winners from the fixture's lines (players in the database only). */
export function leadersOf(lines: readonly LineRow[]): FeatureWinners[] {
  return provisionalWinners(
    lines
      .filter((line) => line.player_id !== null)
      .map((line) => ({
        playerId: line.player_id!,
        positionId: positionOfLine(line),
        didPlay: line.did_play,
        runs: line.runs,
        wickets: line.wickets,
        sixes: line.sixes,
      })),
  );
}

/** The leaders with their names and figures (a bonus option by its label), as events and the Match Centre show them. */
export async function describeLeaders(trx: Kysely<DB>, winners: readonly FeatureWinners[], lines: readonly LineRow[]) {
  const lineOfPlayer = new Map(lines.filter((line) => line.player_id !== null).map((line) => [line.player_id!, line]));
  const bonusIds = winners.filter((w) => w.entityType === 'bonus').flatMap((w) => w.ids);
  const bonusLabels = bonusIds.length
    ? new Map(
        (await trx.selectFrom('bonus_options').select(['id', 'label']).where('id', 'in', bonusIds).execute()).map(
          (r) => [r.id, r.label],
        ),
      )
    : new Map<number, string>();
  const totalSixes = lines.filter((line) => line.did_play).reduce((n, line) => n + line.sixes, 0);
  return winners.map((w) => {
    const first = lineOfPlayer.get(w.ids[0]!);
    const value = leaderValue(w.featureId, first, totalSixes);
    return {
      FeatureID: w.featureId,
      FeatureName: FEATURES_BY_ID.get(w.featureId)?.name ?? '',
      EntityType: w.entityType as 'player' | 'bonus',
      IDs: w.ids,
      Names: w.ids.map((id) =>
        w.entityType === 'bonus' ? (bonusLabels.get(id) ?? String(id)) : (lineOfPlayer.get(id)?.name ?? String(id)),
      ),
      Value: value,
    };
  });
}
