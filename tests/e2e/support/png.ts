/**
 * Real PNG files for upload tests, drawn in memory (no fixtures on disk, no image library): the
 * server decodes and re-encodes them like any photo.
 */
import { crc32, deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];

/**
 * An RGB PNG of `width` × `height` whose pixel at column x is `colourAt(x)`.
 * @example pngImage(120, 90, () => [15, 118, 110]) // a plain teal picture
 */
export function pngImage(width: number, height: number, colourAt: (x: number) => Rgb): Buffer {
  const chunk = (kind: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(kind, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, (_, x) => [...colourAt(x)]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}
