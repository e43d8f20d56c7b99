import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { operatorKeys } from './keys';
import type { CreateSeasonRequest } from './types';

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
