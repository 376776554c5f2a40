import { createDeflate, crc32, deflateSync } from 'node:zlib';

export interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

/** A multipart/form-data body for inject() or fetch(). */
export function multipartBody(parts: Part[], boundary = `----estatedesk${Math.random().toString(16).slice(2)}`) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`),
    );
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

function pngFile(width: number, height: number, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A complete, valid black greyscale PNG, built by hand so that its size on disk stays small
 * whatever its dimensions (a 20,000 × 20,000 one is about 390 KB, 400 MB decoded).
 */
export async function blackPng(width: number, height: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  // Each scanline is a filter byte and one byte per pixel; a few rows per write keeps it quick.
  const rowsPerWrite = Math.max(1, Math.floor((1 << 20) / (width + 1)));
  const block = Buffer.alloc((width + 1) * rowsPerWrite);
  for (let row = 0; row < height; row += rowsPerWrite) {
    const rows = Math.min(rowsPerWrite, height - row);
    if (!deflate.write(rows === rowsPerWrite ? block : block.subarray(0, (width + 1) * rows))) {
      await new Promise((resolve) => deflate.once('drain', resolve));
    }
  }
  deflate.end();
  await ended;
  return pngFile(width, height, Buffer.concat(out));
}

/** A valid 1 × 1 PNG: passes content sniffing and decodes. */
export const PNG_BYTES = pngFile(1, 1, deflateSync(Buffer.from([0, 0x80])));
