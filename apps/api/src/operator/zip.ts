import { unzipSync } from 'fflate';

/** A file received by the console or downloaded by the scheduled fetch. */
export interface ReceivedFile {
  name: string;
  bytes: Uint8Array;
}

/** Caps of one upload or download after unpacking: enough for a whole IPL season (≈ 12 MB of JSON). */
export const UNZIPPED_LIMITS = { files: 2000, bytes: 200 * 1024 * 1024 } as const;

const isZip = (f: ReceivedFile) =>
  f.name.toLowerCase().endsWith('.zip') || (f.bytes[0] === 0x50 && f.bytes[1] === 0x4b && f.bytes[2] === 0x03);

/**
 * The files of an upload or download with zips unpacked (their `.json` entries; folders flattened,
 * README and other files left out). Throws a message for the person on a broken zip or one past the
 * limits (a zip bomb is refused before it is inflated past them).
 */
export function expandZips(
  files: readonly ReceivedFile[],
  keep = (name: string) => name.toLowerCase().endsWith('.json'),
): ReceivedFile[] {
  const out: ReceivedFile[] = [];
  let total = 0;
  for (const f of files) {
    if (!isZip(f)) {
      out.push(f);
      total += f.bytes.length;
      continue;
    }
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(f.bytes, {
        filter: (e) => {
          if (!keep(e.name) || e.name.endsWith('/')) return false;
          total += e.originalSize;
          if (total > UNZIPPED_LIMITS.bytes)
            throw new Error(`${f.name}: more than ${UNZIPPED_LIMITS.bytes / 1024 / 1024} MB unpacked`);
          return true;
        },
      });
    } catch (e) {
      throw new Error(`${f.name}: not a readable zip file (${(e as Error).message})`);
    }
    for (const [path, bytes] of Object.entries(entries)) out.push({ name: path.split('/').pop() ?? path, bytes });
    if (out.length > UNZIPPED_LIMITS.files) throw new Error(`${f.name}: more than ${UNZIPPED_LIMITS.files} files`);
  }
  return out;
}
