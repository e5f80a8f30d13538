import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A small ZIP writer for tests: local headers, data, central directory and end record, entries
 * stored or deflated. It writes what it is told, lies included — a name such as `../x` or
 * `C:\x`, an uncompressed size or CRC-32 other than the real one, a symbolic link's mode, the
 * encrypted flag, any compression method — because maintained writers refuse to, and those
 * are the packages the service must refuse. No ZIP64: entries stay under 4 GB.
 */
export interface ZipEntry {
  /** Written as given, in UTF-8 (flag bit 11). A name ending in `/` is a directory. */
  name: string;
  /** The contents; none for a directory, or when `deflated` gives them. */
  data?: Buffer;
  /** Stored as is (method 0) instead of deflated (method 8). */
  store?: boolean;
  /** Contents deflated beforehand, such as a bomb built block by block (deflatedZeros). */
  deflated?: DeflatedContent;
  /** The compression method the headers name instead of the real one (14 is LZMA). */
  method?: number;
  /** The uncompressed size the headers declare instead of the real one. */
  declaredSize?: number;
  /** The CRC-32 the headers declare instead of the real one. */
  declaredCrc32?: number;
  /** A Unix mode (0o120777: a symbolic link) in the external attributes, "made by" Unix. */
  unixMode?: number;
  /** Sets the encrypted flag (bit 0); the data stays as it is. */
  encrypted?: boolean;
}

/** Raw deflate data with the size and CRC-32 of what it inflates to. */
export interface DeflatedContent {
  compressed: Buffer;
  size: number;
  crc32: number;
}

const UTF8_NAMES = 0x0800;
const ENCRYPTED = 0x0001;
const VERSION = 20;
const MADE_BY_UNIX = 3 << 8;
// 2026-01-01 00:00, in MS-DOS form: a fixed date keeps the archives byte for byte the same.
const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1;
const DOS_TIME = 0;

export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const content = contentOf(entry);
    const flags = UTF8_NAMES | (entry.encrypted ? ENCRYPTED : 0);
    const method = entry.method ?? content.method;
    const crc = entry.declaredCrc32 ?? content.crc32;
    const size = entry.declaredSize ?? content.size;

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(VERSION, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(content.stored.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, content.stored);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(VERSION | (entry.unixMode === undefined ? 0 : MADE_BY_UNIX), 4);
    central.writeUInt16LE(VERSION, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(DOS_TIME, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(content.stored.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    // 30 extra field length, 32 comment length, 34 disk, 36 internal attributes: all 0.
    central.writeUInt32LE(((entry.unixMode ?? 0) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);

    offset += local.length + name.length + content.stored.length;
  }
  const directorySize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

function contentOf(entry: ZipEntry): { stored: Buffer; method: number; size: number; crc32: number } {
  if (entry.deflated)
    return {
      stored: entry.deflated.compressed,
      method: 8,
      size: entry.deflated.size,
      crc32: entry.deflated.crc32,
    };
  const data = entry.data ?? Buffer.alloc(0);
  const store = entry.store === true || entry.data === undefined;
  return {
    stored: store ? data : deflateRawSync(data),
    method: store ? 0 : 8,
    size: data.length,
    crc32: crc32(data),
  };
}

/**
 * `size` bytes of zeros, deflated without ever holding them: one megabyte of zeros deflated
 * with a sync flush (it ends on a byte boundary and refers to nothing before it) is repeated,
 * and an empty final block closes the stream. 300 MB of zeros come to about 300 KB.
 */
export function deflatedZeros(size: number): DeflatedContent {
  const MB = 1024 * 1024;
  const zeros = Buffer.alloc(MB);
  const sync = { finishFlush: constants.Z_SYNC_FLUSH };
  const megabyteBlock = deflateRawSync(zeros, sync);
  const blocks: Buffer[] = [];
  let crc = 0;
  for (let left = size; left > 0; left -= MB) {
    const part = left >= MB ? zeros : zeros.subarray(0, left);
    blocks.push(left >= MB ? megabyteBlock : deflateRawSync(part, sync));
    crc = crc32(part, crc);
  }
  blocks.push(deflateRawSync(Buffer.alloc(0)));
  return { compressed: Buffer.concat(blocks), size, crc32: crc };
}
