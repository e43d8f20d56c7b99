import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { standingsKeys } from './keys';

export interface PlayerScoringIds {
  LeagueID: number;
  FixtureID: number;
  UserID: number;
  PlayerID: number;
}

export const playerScoringDetailsQueryOptions = (ids: PlayerScoringIds) =>
  queryOptions({
    queryKey: standingsKeys.playerScoring(ids),
    queryFn: ({ signal }) => unwrap(api.POST('/view/playerSelectionsDetailedScoring', { body: ids, signal })),
  });

/** POST /view/playerSelectionsDetailedScoring (a read): one picked player's per-stat points. */
export function usePlayerScoringDetailsQuery(ids: PlayerScoringIds, options: { enabled?: boolean } = {}) {
  return useQuery({ ...playerScoringDetailsQueryOptions(ids), enabled: options.enabled !== false });
}
