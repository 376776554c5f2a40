/**
 * The parts of an uploaded XLSX, inflated here with zlib under a byte cap, and written again as a
 * plain stored zip for SheetJS.
 *
 * Why: SheetJS believes the sizes a zip declares. It allocates a part's declared size before
 * inflating it and prefers a ZIP64 extra field over the 32-bit size, so a small upload whose ZIP64
 * field declares what its 32-bit fields hide passed a check of the declared sizes and then
 * inflated to gigabytes. Here no declared size is read at all: a deflated part is as large as what
 * really comes out of its deflate stream, inflation stops at the cap, and the zip SheetJS gets
 * declares exactly what it holds.
 */
import zlib from 'node:zlib';

/** One part of the zip: its name's bytes as stored (SheetJS decodes them itself) and its content. */
export interface ZipPart {
  name: Buffer;
  data: Buffer;
}

/** Why a zip could not be unpacked. */
export type ZipProblem = 'damaged' | 'tooLarge' | 'tooManyParts';

export class ZipRefused extends Error {
  constructor(readonly problem: ZipProblem) {
    super(`zip refused: ${problem}`);
    this.name = 'ZipRefused';
  }
}

const END = 0x06054b50;
const END64 = 0x06064b50;
const END64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const SATURATED16 = 0xffff;
const SATURATED32 = 0xffffffff;

/** Bounds-checked little-endian reads: a field past the end of the file is damage, not a crash. */
function u16(bytes: Buffer, at: number): number {
  if (at < 0 || at + 2 > bytes.length) throw new ZipRefused('damaged');
  return bytes.readUInt16LE(at);
}
function u32(bytes: Buffer, at: number): number {
  if (at < 0 || at + 4 > bytes.length) throw new ZipRefused('damaged');
  return bytes.readUInt32LE(at);
}
function u64(bytes: Buffer, at: number): number {
  if (at < 0 || at + 8 > bytes.length) throw new ZipRefused('damaged');
  const value = bytes.readBigUInt64LE(at);
  // Offsets and counts only; anything beyond the file is damage anyway.
  return value > BigInt(bytes.length) ? Number.MAX_SAFE_INTEGER : Number(value);
}

/** Where the central directory starts and how many entries it lists (ZIP64 end record followed when saturated). */
function directory(bytes: Buffer): { offset: number; entries: number } {
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (bytes.readUInt32LE(at) !== END) continue;
    let entries = u16(bytes, at + 10);
    let offset = u32(bytes, at + 16);
    if ((entries === SATURATED16 || offset === SATURATED32) && at >= 20 && u32(bytes, at - 20) === END64_LOCATOR) {
      const end64 = u64(bytes, at - 20 + 8);
      if (u32(bytes, end64) !== END64) throw new ZipRefused('damaged');
      entries = u64(bytes, end64 + 32);
      offset = u64(bytes, end64 + 48);
    }
    return { offset, entries };
  }
  throw new ZipRefused('damaged');
}

/**
 * A central entry's local header offset: the 32-bit field, or when saturated the ZIP64 extra
 * field's offset (which follows the sizes that are saturated; their values are skipped unread).
 */
function localOffset(bytes: Buffer, at: number, nameLength: number, extraLength: number): number {
  const offset = u32(bytes, at + 42);
  if (offset !== SATURATED32) return offset;
  const skip = (u32(bytes, at + 24) === SATURATED32 ? 8 : 0) + (u32(bytes, at + 20) === SATURATED32 ? 8 : 0);
  const end = at + 46 + nameLength + extraLength;
  for (let field = at + 46 + nameLength; field + 4 <= end; field += 4 + u16(bytes, field + 2)) {
    if (u16(bytes, field) === 0x0001) return u64(bytes, field + 4 + skip);
  }
  throw new ZipRefused('damaged');
}

/** The stored size of an uncompressed part: the only declared size needed, and bounded by the file. */
function storedSize(bytes: Buffer, at: number, nameLength: number, extraLength: number): number {
  const size = u32(bytes, at + 20);
  if (size !== SATURATED32) return size;
  const end = at + 46 + nameLength + extraLength;
  for (let field = at + 46 + nameLength; field + 4 <= end; field += 4 + u16(bytes, field + 2)) {
    if (u16(bytes, field) === 0x0001) return u64(bytes, field + 4 + (u32(bytes, at + 24) === SATURATED32 ? 8 : 0));
  }
  throw new ZipRefused('damaged');
}

/**
 * The parts of a zip, each inflated under what is left of `maxBytes`, in directory order.
 * Directory entries are left out. Throws ZipRefused: `damaged` (no directory, encrypted parts,
 * unknown methods, broken deflate data, fields beyond the file), `tooLarge` (the parts really
 * inflate to more than `maxBytes`), `tooManyParts` (more than `maxParts`).
 */
export function unzipCapped(bytes: Buffer, maxBytes: number, maxParts: number): ZipPart[] {
  const { offset, entries } = directory(bytes);
  if (entries > maxParts) throw new ZipRefused('tooManyParts');
  const parts: ZipPart[] = [];
  let total = 0;
  let at = offset;
  for (let i = 0; i < entries; i++) {
    if (u32(bytes, at) !== CENTRAL) throw new ZipRefused('damaged');
    const flags = u16(bytes, at + 8);
    const method = u16(bytes, at + 10);
    const nameLength = u16(bytes, at + 28);
    const extraLength = u16(bytes, at + 30);
    const name = bytes.subarray(at + 46, at + 46 + nameLength);
    const local = localOffset(bytes, at, nameLength, extraLength);
    const size = method === 0 ? storedSize(bytes, at, nameLength, extraLength) : 0;
    at += 46 + nameLength + extraLength + u16(bytes, at + 32);
    if (name.length === 0 || name[name.length - 1] === 0x2f) continue;
    // Bit 0: encrypted; bit 6: strong encryption. Neither can be read without a password.
    if (flags & 0x41) throw new ZipRefused('damaged');
    if (u32(bytes, local) !== LOCAL) throw new ZipRefused('damaged');
    const start = local + 30 + u16(bytes, local + 26) + u16(bytes, local + 28);
    if (start > bytes.length) throw new ZipRefused('damaged');
    let data: Buffer;
    if (method === 0) {
      if (start + size > bytes.length) throw new ZipRefused('damaged');
      data = bytes.subarray(start, start + size);
    } else if (method === 8) {
      data = inflateCapped(bytes.subarray(start), maxBytes - total);
    } else {
      throw new ZipRefused('damaged');
    }
    total += data.length;
    if (total > maxBytes) throw new ZipRefused('tooLarge');
    parts.push({ name, data });
  }
  return parts;
}

/** One deflate stream inflated, stopping once it passes `room` bytes; what follows the stream is ignored. */
function inflateCapped(stream: Buffer, room: number): Buffer {
  try {
    return zlib.inflateRawSync(stream, { maxOutputLength: Math.max(1, room + 1) });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipRefused('tooLarge');
    throw new ZipRefused('damaged');
  }
}

/**
 * The parts as a zip of stored (uncompressed) entries with true sizes and CRCs, for a reader that
 * believes what a zip declares.
 */
export function storedZip(parts: readonly ZipPart[]): Buffer {
  let size = 22;
  for (const part of parts) size += 30 + 46 + 2 * part.name.length + part.data.length;
  const out = Buffer.alloc(size);
  const centrals: Array<{ part: ZipPart; offset: number; crc: number }> = [];
  let at = 0;
  for (const part of parts) {
    const crc = zlib.crc32(part.data);
    centrals.push({ part, offset: at, crc });
    out.writeUInt32LE(LOCAL, at);
    out.writeUInt16LE(10, at + 4);
    out.writeUInt32LE(crc, at + 14);
    out.writeUInt32LE(part.data.length, at + 18);
    out.writeUInt32LE(part.data.length, at + 22);
    out.writeUInt16LE(part.name.length, at + 26);
    at += 30;
    at += part.name.copy(out, at);
    at += part.data.copy(out, at);
  }
  const directoryStart = at;
  for (const { part, offset, crc } of centrals) {
    out.writeUInt32LE(CENTRAL, at);
    out.writeUInt16LE(10, at + 4);
    out.writeUInt16LE(10, at + 6);
    out.writeUInt32LE(crc, at + 16);
    out.writeUInt32LE(part.data.length, at + 20);
    out.writeUInt32LE(part.data.length, at + 24);
    out.writeUInt16LE(part.name.length, at + 28);
    out.writeUInt32LE(offset, at + 42);
    at += 46;
    at += part.name.copy(out, at);
  }
  out.writeUInt32LE(END, at);
  out.writeUInt16LE(parts.length, at + 8);
  out.writeUInt16LE(parts.length, at + 10);
  out.writeUInt32LE(at - directoryStart, at + 12);
  out.writeUInt32LE(directoryStart, at + 16);
  return out;
}
