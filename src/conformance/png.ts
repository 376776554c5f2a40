/**
 * A small valid PNG made in code, for the walk's photo uploads: a server that decodes uploads
 * (the reference server re-encodes them) must accept it, and the package ships no binary file.
 * Deflate's stored blocks need no compressor, so this stays pure of Node.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

function chunk(type: string, data: number[]): number[] {
  const typed = [...type].map((c) => c.charCodeAt(0));
  return [...u32(data.length), ...typed, ...data, ...u32(crc32(Uint8Array.from([...typed, ...data])))];
}

/** A `side` × `side` PNG of one RGB colour (side ≤ 64, so one stored deflate block holds it). */
export function tinyPng(side = 16, rgb: readonly [number, number, number] = [40, 120, 200]): Uint8Array<ArrayBuffer> {
  const raw: number[] = [];
  for (let y = 0; y < side; y++) {
    raw.push(0); // filter: none
    for (let x = 0; x < side; x++) raw.push(...rgb);
  }
  let a = 1;
  let b = 0;
  for (const byte of raw) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  const zlib = [0x78, 0x01, 0x01, raw.length & 0xff, raw.length >>> 8, ~raw.length & 0xff, (~raw.length >>> 8) & 0xff, ...raw, ...u32(((b << 16) | a) >>> 0)];
  return Uint8Array.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,
    ...chunk('IHDR', [...u32(side), ...u32(side), 8, 2, 0, 0, 0]),
    ...chunk('IDAT', zlib),
    ...chunk('IEND', []),
  ]);
}
