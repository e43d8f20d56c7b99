import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { leagueKeys } from './keys';
import type { CreateLeagueBody } from './types';

/** POST /league/: the new league shows in every list of leagues. */
export function useCreateLeagueMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLeagueBody) => unwrap(api.POST('/league/', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leagueKeys.lists() }),
  });
}
