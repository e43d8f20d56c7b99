import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { operatorKeys } from './keys';

export const importRunQueryOptions = (importRunId: number) =>
  queryOptions({
    queryKey: operatorKeys.importRun(importRunId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/operator/imports/{importRunId}', { params: { path: { importRunId } }, signal })),
    enabled: importRunId > 0,
  });

/** GET /operator/imports/{importRunId}: one run with its lines. */
export function useImportRunQuery(importRunId: number) {
  return useQuery(importRunQueryOptions(importRunId));
}
