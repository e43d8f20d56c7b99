import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { standingsKeys } from '../standings/keys';
import { picksKeys } from './keys';
import type { MatchPredictionSaveItem, PlayerSelectionSaveItem } from './types';

export type SavePicksVariables =
  | { playerSelection: false; copyToOtherLeagues: boolean; selection: MatchPredictionSaveItem[] }
  | { playerSelection: true; copyToOtherLeagues: boolean; selection: PlayerSelectionSaveItem[] };

/**
 * PUT /league_selection/bulk_update or /player_selection/bulk_update. On success the member's picks
 * are reloaded (spec section 4: "After a successful save the fixture data is reloaded"): the grid on
 * screen refetches before the returned promise settles, and every other cached grid, fixture view and
 * score detail is marked stale, since copying writes into the member's other leagues too. The answer
 * lists the leagues the picks were copied into (`CopiedTo`).
 */
export function useSavePicksMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: SavePicksVariables) =>
      variables.playerSelection
        ? unwrap(
            api.PUT('/player_selection/bulk_update', {
              body: { CopyToOtherLeagues: variables.copyToOtherLeagues, Selection: variables.selection },
            }),
          )
        : unwrap(
            api.PUT('/league_selection/bulk_update', {
              body: { CopyToOtherLeagues: variables.copyToOtherLeagues, Selection: variables.selection },
            }),
          ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: picksKeys.all }),
        queryClient.invalidateQueries({ queryKey: standingsKeys.all }),
      ]),
  });
}
