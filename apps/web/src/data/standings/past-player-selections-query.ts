import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { standingsKeys } from './keys';

export const pastPlayerSelectionsQueryOptions = (leagueId: number, userId: number) =>
  queryOptions({
    queryKey: standingsKeys.pastPlayerSelections(leagueId, userId),
    queryFn: ({ signal }) =>
      unwrap(api.POST('/view/pastPlayerSelections', { body: { LeagueID: leagueId, UserID: userId }, signal })),
  });

/** POST /view/pastPlayerSelections (a read): a member's Player Selection score details. */
export function usePastPlayerSelectionsQuery(leagueId: number, userId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...pastPlayerSelectionsQueryOptions(leagueId, userId), enabled: options.enabled !== false });
}
