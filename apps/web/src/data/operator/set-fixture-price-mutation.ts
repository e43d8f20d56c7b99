import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, unwrap } from '../../shared/api';
import { operatorKeys } from './keys';
import type { SetFixturePriceBody } from './types';

/**
 * PUT /operator/fixtures/{fixtureId}/prices: an operator's price for one player (audited; refused once
 * the fixture has started). Saved, the fixture's prices and the audit log are reloaded before the
 * promise settles; refused by the server (400: off the grid, or the fixture has started meanwhile),
 * the prices are reloaded too, so a fixture that started shows as frozen.
 */
export function useSetFixturePriceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fixtureId, body }: { fixtureId: number; body: SetFixturePriceBody }) =>
      unwrap(api.PUT('/operator/fixtures/{fixtureId}/prices', { params: { path: { fixtureId } }, body })),
    onSuccess: (_price, { fixtureId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: operatorKeys.prices(fixtureId) }),
        queryClient.invalidateQueries({ queryKey: operatorKeys.audit() }),
      ]),
    onError: (error, { fixtureId }) =>
      error instanceof ApiError && error.status === 400
        ? queryClient.invalidateQueries({ queryKey: operatorKeys.prices(fixtureId) })
        : undefined,
  });
}
