import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { invalidateAfterImport } from './invalidate';
import type { UploadedFile } from './types';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file, apply }: DataFileVariables) =>
      unwrap(
        api.POST(kind === 'schedule' ? '/operator/schedule' : '/operator/squads', {
          body: { File: file, Apply: apply },
        }),
      ),
    onSuccess: (_report, { apply }) => (apply ? invalidateAfterImport(queryClient) : undefined),
  });
}
