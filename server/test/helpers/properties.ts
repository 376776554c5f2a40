/** Helpers of the properties tests: photos made with sharp, multipart bodies and the stored files. */
import { type Dirent, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { multipartBody, type Part } from './multipart';

/** A real photo of `kind`, width × height, one colour. */
export function photo(kind: 'jpeg' | 'png' | 'webp', width = 640, height = 480, colour = { r: 40, g: 120, b: 200 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(kind)
    .toBuffer();
}

/** Text parts for every given field, then the files. */
export function propertyForm(fields: Record<string, string | number>, files: Part[] = []) {
  return multipartBody([...Object.entries(fields).map(([name, value]) => ({ name, data: String(value) })), ...files]);
}

/** Every file under `dir`, as sorted paths relative to it. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[];
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}
