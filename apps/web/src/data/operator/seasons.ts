import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { leagueKeys } from '../leagues/keys';
import { operatorKeys } from './keys';
import type { CreateSeasonRequest } from './types';

export const operatorSeasonsQueryOptions = () =>
  queryOptions({
    queryKey: operatorKeys.seasons(),
    queryFn: ({ signal }) => unwrap(api.GET('/operator/seasons', { signal })),
  });

/** GET /operator/seasons: every season, newest first. */
export function useOperatorSeasonsQuery() {
  return useQuery(operatorSeasonsQueryOptions());
}

/** POST /operator/seasons: the seasons list changes. */
export function useCreateSeasonMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSeasonRequest) => unwrap(api.POST('/operator/seasons', { body })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: operatorKeys.seasons() }),
        queryClient.invalidateQueries({ queryKey: operatorKeys.audit() }),
      ]),
  });
}

/** POST /operator/seasons/{seasonId}/activation: the seasons list, and the series Start League offers. */
export function useSetSeasonActiveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ seasonId, active }: { seasonId: number; active: boolean }) =>
      unwrap(
        api.POST('/operator/seasons/{seasonId}/activation', {
          params: { path: { seasonId } },
          body: { Active: active },
        }),
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: operatorKeys.seasons() }),
        queryClient.invalidateQueries({ queryKey: operatorKeys.audit() }),
        queryClient.invalidateQueries({ queryKey: leagueKeys.activeSeries() }),
      ]),
  });
}
