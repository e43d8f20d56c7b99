import { inflateRawSync } from 'node:zlib';

/** A file received by the console or downloaded by the scheduled fetch. */
export interface ReceivedFile {
  name: string;
  bytes: Uint8Array;
}

/** What one upload or download may hold once unpacked (config `fileLimits`). */
export interface UnpackLimits {
  /** Files after unpacking. */
  files: number;
  /** Bytes of one file: as received, or as inflated from a zip. */
  fileBytes: number;
  /** Bytes of all files together after unpacking. */
  totalBytes: number;
}

/** A file or upload refused as a whole: the message is for the person (nothing was imported). */
export class FileRefusal extends Error {}

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

export const unpackMessages = {
  notAZip: (zip: string, why: string) => `${zip}: not a readable zip file (${why})`,
  fileTooLarge: (name: string, limit: number) =>
    `${name}: more than the ${mb(limit)} allowed for one file (IMPORT_FILE_MAX_MB)`,
  tooMuchUnpacked: (zip: string, limit: number) => `${zip}: more than ${mb(limit)} unpacked (IMPORT_UNZIPPED_MAX_MB)`,
  tooManyFiles: (zip: string, limit: number) => `${zip}: more than ${limit} files`,
} as const;

export const isZip = (f: ReceivedFile) =>
  f.name.toLowerCase().endsWith('.zip') || (f.bytes[0] === 0x50 && f.bytes[1] === 0x4b && f.bytes[2] === 0x03);

const isJson = (name: string) => name.toLowerCase().endsWith('.json');

/** One entry of a zip's central directory. */
interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  localHeader: number;
}

/** Thrown by the directory reader: the zip is malformed (wrapped in `notAZip`). */
class Malformed extends Error {}

/**
 * The entries of a zip, from its central directory (ZIP64 included). The sizes it declares are used
 * only to find the compressed bytes: what an entry inflates to is counted while inflating.
 */
function* zipEntries(z: Uint8Array): Generator<ZipEntry> {
  const view = new DataView(z.buffer, z.byteOffset, z.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const u64 = (at: number) => Number(view.getBigUint64(at, true));
  const need = (at: number, length: number) => {
    if (at < 0 || at + length > z.length) throw new Malformed('truncated');
  };
  // The end of central directory record: its 22 bytes, then a comment of up to 65,535 bytes.
  let eocd = -1;
  for (let i = z.length - 22; i >= Math.max(0, z.length - 22 - 0xffff); i--) {
    if (u32(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Malformed('no end of central directory');
  let count = u16(eocd + 10);
  let offset = u32(eocd + 16);
  if ((count === 0xffff || offset === 0xffffffff) && eocd >= 20 && u32(eocd - 20) === 0x07064b50) {
    const z64 = u64(eocd - 12);
    need(z64, 56);
    if (u32(z64) !== 0x06064b50) throw new Malformed('bad ZIP64 end of central directory');
    count = u64(z64 + 32);
    offset = u64(z64 + 48);
  }
  let at = offset;
  for (let n = 0; n < count; n++) {
    need(at, 46);
    if (u32(at) !== 0x02014b50) throw new Malformed('bad central directory');
    const flags = u16(at + 8);
    const nameLength = u16(at + 28);
    const extraLength = u16(at + 30);
    const commentLength = u16(at + 32);
    need(at + 46, nameLength + extraLength);
    const name = new TextDecoder(flags & 0x800 ? 'utf-8' : 'latin1').decode(z.subarray(at + 46, at + 46 + nameLength));
    let compressedSize = u32(at + 20);
    let localHeader = u32(at + 42);
    if (compressedSize === 0xffffffff || localHeader === 0xffffffff || u32(at + 24) === 0xffffffff) {
      // The ZIP64 extra field holds, in order, the sizes and the offset that are 0xffffffff above.
      let e = at + 46 + nameLength;
      const end = e + extraLength;
      while (e + 4 <= end) {
        const id = u16(e);
        const size = u16(e + 2);
        if (id === 0x0001) {
          let f = e + 4;
          if (u32(at + 24) === 0xffffffff) f += 8;
          if (compressedSize === 0xffffffff) {
            compressedSize = u64(f);
            f += 8;
          }
          if (localHeader === 0xffffffff) localHeader = u64(f);
          break;
        }
        e += 4 + size;
      }
    }
    const next = at + 46 + nameLength + extraLength + commentLength;
    yield { name, method: u16(at + 10), flags, compressedSize, localHeader };
    at = next;
  }
}

/** The compressed bytes of an entry (after its local header). */
function entryData(z: Uint8Array, e: ZipEntry): Uint8Array {
  const at = e.localHeader;
  if (at + 30 > z.length || new DataView(z.buffer, z.byteOffset + at, 4).getUint32(0, true) !== 0x04034b50)
    throw new Malformed(`bad local header of ${e.name}`);
  const view = new DataView(z.buffer, z.byteOffset + at, 30);
  const start = at + 30 + view.getUint16(26, true) + view.getUint16(28, true);
  if (start + e.compressedSize > z.length) throw new Malformed(`${e.name} is truncated`);
  return z.subarray(start, start + e.compressedSize);
}

/**
 * The files of an upload or download with zips unpacked (a zip's `.json` entries, folders flattened,
 * README and other files left out), one at a time, so that only one unpacked file is held at once.
 * Every file, received or unpacked, is held to `fileBytes`, and all of them together to `totalBytes`
 * and `files`: an entry is inflated only up to what is left of those caps — counting the bytes
 * actually inflated, whatever size the zip declares — so a zip bomb stops after a few megabytes.
 * Throws a FileRefusal (message for the person) on a broken zip or one past the limits.
 */
export function* unpackFiles(
  files: readonly ReceivedFile[],
  limits: UnpackLimits,
  keep: (name: string) => boolean = isJson,
): Generator<ReceivedFile> {
  let total = 0;
  let count = 0;
  const take = (name: string, size: number, container: string) => {
    if (size > limits.fileBytes) throw new FileRefusal(unpackMessages.fileTooLarge(name, limits.fileBytes));
    total += size;
    if (total > limits.totalBytes) throw new FileRefusal(unpackMessages.tooMuchUnpacked(container, limits.totalBytes));
    count += 1;
    if (count > limits.files) throw new FileRefusal(unpackMessages.tooManyFiles(container, limits.files));
  };
  for (const f of files) {
    if (!isZip(f)) {
      take(f.name, f.bytes.length, f.name);
      yield f;
      continue;
    }
    const entries = zipEntries(f.bytes);
    for (;;) {
      let entry: ZipEntry | undefined;
      try {
        const next = entries.next();
        entry = next.done ? undefined : next.value;
      } catch (e) {
        throw new FileRefusal(unpackMessages.notAZip(f.name, (e as Error).message));
      }
      if (!entry) break;
      if (entry.name.endsWith('/') || !keep(entry.name)) continue;
      const label = `${entry.name} in ${f.name}`;
      let bytes: Uint8Array;
      try {
        if (entry.flags & 1) throw new Malformed(`${entry.name} is encrypted`);
        const data = entryData(f.bytes, entry);
        if (entry.method === 0) bytes = data;
        else if (entry.method === 8) {
          // One byte more than is left: inflating stops as soon as the entry is past a cap.
          const room = Math.min(limits.fileBytes, limits.totalBytes - total) + 1;
          try {
            bytes = inflateRawSync(data, { maxOutputLength: room });
          } catch (e) {
            if ((e as { code?: string }).code !== 'ERR_BUFFER_TOO_LARGE') throw new Malformed((e as Error).message);
            take(label, room, f.name); // throws: past the file cap or the total
            throw e;
          }
        } else throw new Malformed(`${entry.name}: compression method ${entry.method} is not supported`);
      } catch (e) {
        if (e instanceof FileRefusal) throw e;
        throw new FileRefusal(unpackMessages.notAZip(f.name, (e as Error).message));
      }
      take(label, bytes.length, f.name);
      yield { name: entry.name.split('/').pop() ?? entry.name, bytes };
    }
  }
}
