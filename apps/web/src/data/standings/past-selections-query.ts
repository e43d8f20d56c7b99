import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { standingsKeys } from './keys';

export const pastSelectionsQueryOptions = (leagueId: number, userId: number) =>
  queryOptions({
    queryKey: standingsKeys.pastSelections(leagueId, userId),
    queryFn: ({ signal }) =>
      unwrap(api.POST('/view/pastSelections', { body: { LeagueID: leagueId, UserID: userId }, signal })),
  });

/** POST /view/pastSelections (a read): a member's Match Prediction score details. */
export function usePastSelectionsQuery(leagueId: number, userId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...pastSelectionsQueryOptions(leagueId, userId), enabled: options.enabled !== false });
}
