import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { operatorKeys } from './keys';
import type { FixtureResultRequest, UploadedFile } from './types';

/** One page of the import history. */
export const importRunsQueryOptions = (before: number | null, limit: number) =>
  queryOptions({
    queryKey: operatorKeys.importPage(before, limit),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/operator/imports', { params: { query: { limit, ...(before ? { before } : {}) } }, signal })),
    placeholderData: keepPreviousData,
  });

/** GET /operator/imports: the runs, newest first; `before` is the previous page's `NextBefore`. */
export function useImportRunsQuery(before: number | null, limit: number) {
  return useQuery(importRunsQueryOptions(before, limit));
}

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

/** What an applied import changes: the history, the audit log, the seasons' counts, fixtures and health. */
function useInvalidateAfterImport() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: operatorKeys.imports() }),
      queryClient.invalidateQueries({ queryKey: operatorKeys.audit() }),
      queryClient.invalidateQueries({ queryKey: operatorKeys.seasons() }),
      queryClient.invalidateQueries({ queryKey: operatorKeys.allFixtures() }),
      queryClient.invalidateQueries({ queryKey: operatorKeys.allHealth() }),
      queryClient.invalidateQueries({ queryKey: operatorKeys.fetch() }),
    ]);
}

export const dataFileKinds = ['schedule', 'squads'] as const;
export type DataFileKind = (typeof dataFileKinds)[number];

export interface DataFileVariables {
  kind: DataFileKind;
  file: UploadedFile;
  apply: boolean;
}

/**
 * POST /operator/schedule or /operator/squads: a preview (`apply` false) writes nothing; an applied file
 * changes the history, the seasons and their fixtures.
 */
export function useDataFileMutation() {
  const invalidate = useInvalidateAfterImport();
  return useMutation({
    mutationFn: ({ kind, file, apply }: DataFileVariables) =>
      unwrap(
        api.POST(kind === 'schedule' ? '/operator/schedule' : '/operator/squads', {
          body: { File: file, Apply: apply },
        }),
      ),
    onSuccess: (_report, { apply }) => (apply ? invalidate() : undefined),
  });
}

/** POST /operator/results/cricsheet: results change, fixtures are re-scored, a run is recorded. */
export function useCricsheetUploadMutation() {
  const invalidate = useInvalidateAfterImport();
  return useMutation({
    mutationFn: (files: UploadedFile[]) => unwrap(api.POST('/operator/results/cricsheet', { body: { Files: files } })),
    onSuccess: () => invalidate(),
  });
}

/** POST /operator/fixtures/{fixtureId}/result: mark or correct one fixture's result. */
export function useSetFixtureResultMutation() {
  const invalidate = useInvalidateAfterImport();
  return useMutation({
    mutationFn: ({ fixtureId, body }: { fixtureId: number; body: FixtureResultRequest }) =>
      unwrap(api.POST('/operator/fixtures/{fixtureId}/result', { params: { path: { fixtureId } }, body })),
    onSuccess: () => invalidate(),
  });
}

/** POST /operator/fetch: run the scheduled Cricsheet fetch now. */
export function useRunFetchMutation() {
  const invalidate = useInvalidateAfterImport();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/operator/fetch')),
    onSuccess: () => invalidate(),
  });
}
