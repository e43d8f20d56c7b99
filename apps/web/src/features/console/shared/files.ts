import type { UploadedFile } from '../../../data/operator/types';

/** The bytes of a chosen file as base64 (the API takes uploads as JSON, docs/decisions/0029-console-screens.md). */
export async function toUploadedFile(file: File): Promise<UploadedFile> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return { FileName: file.name, ContentBase64: btoa(binary) };
}

/** The largest upload the API takes for results (x-body-limit 32 MiB, base64 adds a third). */
export const RESULTS_UPLOAD_MAX_BYTES = 24 * 1024 * 1024;
/** The largest schedule or squads file (x-body-limit 4 MiB, base64 adds a third). */
export const DATA_FILE_MAX_BYTES = 3 * 1024 * 1024;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
