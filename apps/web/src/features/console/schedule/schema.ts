import { z } from 'zod';
import { dataFileKinds } from '../../../data/operator/data-file-mutation';
import { DATA_FILE_MAX_BYTES, formatBytes } from '../shared/files';

const isFileList = (value: unknown): value is FileList =>
  typeof value === 'object' && value !== null && 'length' in value && 'item' in value;

/** Schedule & squads, step 1: what the file is and the file (JSON or CSV as in docs/data.md). */
export const dataFileSchema = z.object({
  kind: z.enum(dataFileKinds, { error: 'Choose what the file holds.' }),
  files: z
    .custom<FileList>((value) => isFileList(value) && value.length === 1, 'Choose a JSON or CSV file.')
    .refine((files) => /\.(json|csv)$/i.test(files.item(0)?.name ?? ''), 'Choose a .json or .csv file.')
    .refine(
      (files) => (files.item(0)?.size ?? 0) <= DATA_FILE_MAX_BYTES,
      `The file is too large: at most ${formatBytes(DATA_FILE_MAX_BYTES)}.`,
    ),
});

export type DataFileValues = z.infer<typeof dataFileSchema>;
