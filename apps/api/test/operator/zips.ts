import { constants, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * Zips for the upload-limit tests, built by hand so that an entry may declare any size: a zip bomb
 * declares a few bytes and inflates to hundreds of megabytes.
 */

const MiB = 1024 * 1024;

/**
 * Raw DEFLATE of `prefix`, then `body` `times` times, then `suffix`: pieces compressed on their own and
 * full-flushed (no reference to an earlier piece), so a piece is compressed once and repeated.
 */
export function deflatePieces(prefix: string, body: string, times: number, suffix: string): Uint8Array {
  const flushed = (s: string) => deflateRawSync(Buffer.from(s, 'latin1'), { finishFlush: constants.Z_FULL_FLUSH });
  const head = flushed(prefix);
  const piece = flushed(body);
  const tail = deflateRawSync(Buffer.from(suffix, 'latin1'));
  const out = new Uint8Array(head.length + piece.length * times + tail.length);
  out.set(head, 0);
  for (let i = 0; i < times; i++) out.set(piece, head.length + i * piece.length);
  out.set(tail, head.length + piece.length * times);
  return out;
}

/**
 * `mib` MiB of zeros as one DEFLATE stream with no stored block (a full flush writes one, and an
 * inflater writing into a buffer of the declared size trips over it): the audit's zip bomb. About
 * 4.5 KB per MiB, compressed at level 1 in about 1.3 ms per MiB.
 */
export async function zerosDeflated(mib: number): Promise<Uint8Array> {
  const deflate = createDeflateRaw({ level: 1 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const zeros = Buffer.alloc(MiB);
  for (let i = 0; i < mib; i++) {
    if (!deflate.write(zeros)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return new Uint8Array(Buffer.concat(out));
}

/** A JSON array of `count` empty objects (`[{},{},…]`, 3 bytes each), deflated; and its size. */
export function emptyObjectsDeflated(count: number): { data: Uint8Array; size: number } {
  const per = 100_000;
  const times = Math.floor((count - 1) / per);
  const rest = count - 1 - times * per;
  return {
    data: deflatePieces('[', '{},'.repeat(per), times, `${'{},'.repeat(rest)}{}]`),
    size: 2 + 3 * count - 1,
  };
}

export interface RawEntry {
  name: string;
  /** The entry's bytes as stored in the zip (compressed when `method` is 8). */
  data: Uint8Array;
  /** 8 (DEFLATE), 0 (stored), or another method (14 is LZMA). */
  method: number;
  /** The unpacked size the zip declares (in both headers), whatever the data inflates to. */
  declaredSize: number;
}

/**
 * A zip of the entries (CRCs left 0: nothing checks them before unpacking). `zip64` writes the sizes
 * and offsets in ZIP64 extra fields and a ZIP64 end of central directory, as tools do for large zips.
 */
export function rawZip(entries: readonly RawEntry[], options: { zip64?: boolean } = {}): Uint8Array {
  const z64 = options.zip64 ?? false;
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const localExtra = Buffer.alloc(z64 ? 20 : 0);
    if (z64) {
      localExtra.writeUInt16LE(0x0001, 0);
      localExtra.writeUInt16LE(16, 2);
      localExtra.writeBigUInt64LE(BigInt(e.declaredSize), 4);
      localExtra.writeBigUInt64LE(BigInt(e.data.length), 12);
    }
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(z64 ? 45 : 20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(z64 ? 0xffffffff : e.data.length, 18);
    local.writeUInt32LE(z64 ? 0xffffffff : e.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(localExtra.length, 28);
    const dirExtra = Buffer.alloc(z64 ? 28 : 0);
    if (z64) {
      dirExtra.writeUInt16LE(0x0001, 0);
      dirExtra.writeUInt16LE(24, 2);
      dirExtra.writeBigUInt64LE(BigInt(e.declaredSize), 4);
      dirExtra.writeBigUInt64LE(BigInt(e.data.length), 12);
      dirExtra.writeBigUInt64LE(BigInt(offset), 20);
    }
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(z64 ? 45 : 20, 4);
    dir.writeUInt16LE(z64 ? 45 : 20, 6);
    dir.writeUInt16LE(0x800, 8);
    dir.writeUInt16LE(e.method, 10);
    dir.writeUInt32LE(z64 ? 0xffffffff : e.data.length, 20);
    dir.writeUInt32LE(z64 ? 0xffffffff : e.declaredSize, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt16LE(dirExtra.length, 30);
    dir.writeUInt32LE(z64 ? 0xffffffff : offset, 42);
    parts.push(local, name, localExtra, e.data);
    central.push(dir, name, dirExtra);
    offset += local.length + name.length + localExtra.length + e.data.length;
  }
  const dirSize = central.reduce((n, c) => n + c.length, 0);
  const tail: Buffer[] = [];
  if (z64) {
    const end64 = Buffer.alloc(56);
    end64.writeUInt32LE(0x06064b50, 0);
    end64.writeBigUInt64LE(44n, 4);
    end64.writeUInt16LE(45, 12);
    end64.writeUInt16LE(45, 14);
    end64.writeBigUInt64LE(BigInt(entries.length), 24);
    end64.writeBigUInt64LE(BigInt(entries.length), 32);
    end64.writeBigUInt64LE(BigInt(dirSize), 40);
    end64.writeBigUInt64LE(BigInt(offset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(offset + dirSize), 8);
    locator.writeUInt32LE(1, 16);
    tail.push(end64, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(z64 ? 0xffff : entries.length, 8);
  end.writeUInt16LE(z64 ? 0xffff : entries.length, 10);
  end.writeUInt32LE(z64 ? 0xffffffff : dirSize, 12);
  end.writeUInt32LE(z64 ? 0xffffffff : offset, 16);
  return new Uint8Array(Buffer.concat([...parts, ...central, ...tail, end]));
}
