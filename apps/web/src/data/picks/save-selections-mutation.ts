import { hasStarted } from '@fantasy-cricket/rules';
import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { getServerTime } from '../cricket/server-time-query';
import { standingsKeys } from '../standings/keys';
import { type PicksIds, picksKeys } from './keys';
import type { MatchPredictionSaveItem, PlayerSelectionSaveItem, PlayerSelectionTeamSave, SaveResult } from './types';

export type SaveSelectionsVariables = (
  | { playerSelection: false; selection: MatchPredictionSaveItem[] }
  | {
      playerSelection: true;
      selection: PlayerSelectionSaveItem[];
      /** Captain, vice-captain and backups per fixture saved (leagues with team rules only). */
      teams?: PlayerSelectionTeamSave[];
    }
) & {
  copyToOtherLeagues: boolean;
  /** The fixture of each pick sent, checked against the server's clock before anything is sent. */
  fixtures: readonly { StartTime: string; FixtureDisplayName: string }[];
  /** The grid the picks come from (its query ids): read again when the server refuses the save. */
  grid: PicksIds;
};

export interface SaveSelectionsResult extends SaveResult {
  /** The server's clock the save was checked against (rows of fixtures started by then lock). */
  CheckedAt: string;
}

/**
 * Why a save did not go through: the server's clock could not be read (`server-time`), a fixture
 * had started by it (`started`, naming them; nothing was sent), or the server refused the save
 * (`refused`, its error in `cause`). `checkedAt` is the clock read, when it was.
 */
export class SaveSelectionsError extends Error {
  readonly reason: 'server-time' | 'started' | 'refused';
  readonly checkedAt: string | null;
  readonly started: readonly string[];

  constructor(
    reason: SaveSelectionsError['reason'],
    checkedAt: string | null,
    details: { cause?: unknown; started?: readonly string[] } = {},
  ) {
    super(`save selections: ${reason}`, { cause: details.cause });
    this.name = 'SaveSelectionsError';
    this.reason = reason;
    this.checkedAt = checkedAt;
    this.started = details.started ?? [];
  }
}

function sendPicks(variables: SaveSelectionsVariables) {
  const body = { CopyToOtherLeagues: variables.copyToOtherLeagues };
  if (variables.playerSelection) {
    const teams = variables.teams?.length ? { Teams: variables.teams } : {};
    return unwrap(
      api.PUT('/player_selection/bulk_update', { body: { ...body, Selection: variables.selection, ...teams } }),
    );
  }
  return unwrap(api.PUT('/league_selection/bulk_update', { body: { ...body, Selection: variables.selection } }));
}

/**
 * The save of a member's picks (spec sections 4, 5): a fresh reading of the server's clock (a save
 * never trusts a cached one), the started check against it, then PUT /league_selection/bulk_update
 * or /player_selection/bulk_update (with `Teams`, the captain, vice-captain and backups, in a league with
 * team rules).
 *
 * On success every cached grid, team, fixture view and score detail is reloaded or marked stale (spec
 * section 4: "After a successful save the fixture data is reloaded"; copying writes into the
 * member's other leagues too); the returned promise settles once the grid on screen has refetched.
 * When the server refuses (it may, because an operator moved a start time and the fixture has
 * started since the grid was read), the grid is read again before the promise settles, so the
 * screen locks the rows that started.
 */
export const saveSelectionsMutationOptions = (queryClient: QueryClient) =>
  mutationOptions<SaveSelectionsResult, Error, SaveSelectionsVariables>({
    mutationFn: async (variables) => {
      let now: string;
      try {
        now = await getServerTime();
      } catch (cause) {
        throw new SaveSelectionsError('server-time', null, { cause });
      }
      const started = variables.fixtures.filter((f) => hasStarted(f.StartTime, now));
      if (started.length > 0) {
        throw new SaveSelectionsError('started', now, { started: started.map((f) => f.FixtureDisplayName) });
      }
      try {
        return { ...(await sendPicks(variables)), CheckedAt: now };
      } catch (cause) {
        throw new SaveSelectionsError('refused', now, { cause });
      }
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: picksKeys.all }),
        queryClient.invalidateQueries({ queryKey: standingsKeys.all }),
      ]),
    onError: (error, variables) => {
      if (!(error instanceof SaveSelectionsError) || error.reason !== 'refused') return;
      if (!variables.playerSelection) {
        return queryClient.invalidateQueries({ queryKey: picksKeys.matchPrediction(variables.grid), exact: true });
      }
      // Player Selection: the slots and, with them, the team beyond them (captain, backups, what the lock replaced).
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: picksKeys.playerSelection(variables.grid), exact: true }),
        queryClient.invalidateQueries({
          queryKey: picksKeys.team(variables.grid.LeagueID, variables.grid.FixtureID),
          exact: true,
        }),
      ]);
    },
  });

export function useSaveSelectionsMutation() {
  return useMutation(saveSelectionsMutationOptions(useQueryClient()));
}
