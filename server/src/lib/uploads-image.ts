/**
 * Uploaded images: JPEG or PNG by content (the declared type is not trusted), pixel size checked
 * from the header before anything is decoded, then decoded and re-encoded by sharp, so what is
 * stored and served is an image we wrote: scaled down to the route's box, turned upright, without
 * metadata (camera location included) or anything appended after the image data.
 *
 * A small file can declare a huge image: a 20,000 × 20,000 PNG of one colour compresses to
 * about 400 KB and decodes to 400 MB. The header check refuses it before decoding, and sharp's
 * own pixel limit stands behind that check.
 */
import sharp from 'sharp';
import { MESSAGES } from '@contract';
import { invalid } from './http-error';

export type ImageKind = 'jpg' | 'png';

/** Longest side and most pixels an uploaded image may declare (phone cameras give about 12 MP). */
export const IMAGE_MAX_SIDE = 8192;
export const IMAGE_MAX_PIXELS = 4096 * 4096;

export const IMAGE_MESSAGES = {
  tooManyPixels: `The image is too large in pixels: at most ${IMAGE_MAX_SIDE} pixels on a side and ${Math.round(IMAGE_MAX_PIXELS / 1e6)} megapixels in all.`,
} as const;

export interface ImageHeader {
  kind: ImageKind;
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG: the signature, then the IHDR chunk (always first) holds width and height. */
function pngHeader(bytes: Buffer): ImageHeader | null {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { kind: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Start-of-frame markers (SOF0–SOF15 without DHT, JPG and DAC): they carry the frame size. */
const JPEG_SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** JPEG: walk the marker segments up to the first start-of-frame. */
function jpegHeader(bytes: Buffer): ImageHeader | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return null;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    // Fill bytes, then markers without a length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2;
      continue;
    }
    // Image data or the end before any frame header: not an image we can size.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2) return null;
    if (JPEG_SOF.has(marker)) {
      if (at + 9 > bytes.length) return null;
      return { kind: 'jpg', height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

/** The kind and declared pixel size of a JPEG or PNG, read from its header alone; null for anything else. */
export function readImageHeader(bytes: Buffer): ImageHeader | null {
  return pngHeader(bytes) ?? jpegHeader(bytes);
}

export interface StoredImage {
  kind: ImageKind;
  bytes: Buffer;
}

/**
 * The upload as a checked, re-encoded image of the same kind, fitted inside `box` × `box`
 * pixels; throws 422 with `errors[field]` when it is no JPEG/PNG, cannot be decoded or declares
 * too many pixels.
 */
export async function reencodeImage(bytes: Buffer, field: string, box: number): Promise<StoredImage> {
  const notImage = () => invalid({ [field]: [MESSAGES.validation.imageOnly] });
  const header = readImageHeader(bytes);
  if (!header || header.width === 0 || header.height === 0) throw notImage();
  if (header.width > IMAGE_MAX_SIDE || header.height > IMAGE_MAX_SIDE || header.width * header.height > IMAGE_MAX_PIXELS) {
    throw invalid({ [field]: [IMAGE_MESSAGES.tooManyPixels] }, IMAGE_MESSAGES.tooManyPixels);
  }
  try {
    const image = sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: box, height: box, fit: 'inside', withoutEnlargement: true });
    const out = header.kind === 'png' ? image.png({ compressionLevel: 9 }) : image.jpeg({ quality: 85, mozjpeg: true });
    return { kind: header.kind, bytes: await out.toBuffer() };
  } catch {
    // A header that promised an image over data that is not one.
    throw notImage();
  }
}

/** Photos (property galleries) may also be WebP; avatars stay JPEG/PNG (docs/product/rules.md). */
export type PhotoKind = ImageKind | 'webp';

export interface PhotoHeader {
  kind: PhotoKind;
  width: number;
  height: number;
}

/** WebP: RIFF….WEBP, then the first chunk (lossy VP8, lossless VP8L or extended VP8X) holds the size. */
function webpHeader(bytes: Buffer): PhotoHeader | null {
  if (bytes.length < 30 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') return null;
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    // Frame tag (3 bytes), start code 9d 01 2a, then 14-bit width and height.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return { kind: 'webp', width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(21);
    return { kind: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    return { kind: 'webp', width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  }
  return null;
}

/** The kind and declared pixel size of a JPEG, PNG or WebP, from its header alone; null for anything else. */
export function readPhotoHeader(bytes: Buffer): PhotoHeader | null {
  return readImageHeader(bytes) ?? webpHeader(bytes);
}

/** Widths of a photo's WebP renditions: the card grid's and the details page's. */
export const PHOTO_RENDITIONS = { small: 320, medium: 960 } as const;
/** Longest side of a stored photo original. */
export const PHOTO_BOX = 2560;

export const PHOTO_MESSAGES = {
  notPhoto: 'Only JPEG, PNG or WebP images can be uploaded, and this file is not a readable one.',
} as const;

export interface ProcessedPhoto {
  kind: PhotoKind;
  /** The original re-encoded (upright, no metadata) within PHOTO_BOX. */
  bytes: Buffer;
  small: Buffer;
  medium: Buffer;
}

/**
 * Photos processed at once, server-wide. Each holds its decoded pixels (a 12 MP JPEG decodes at
 * full size, 36 MB, before it is brought within PHOTO_BOX) and sharp's working buffers; ten
 * uploads at once would hold ten. One at a time keeps ten 5 MB uploads under 350 MB (with the
 * glibc settings `npm start` sets, docs/decisions/0005-glibc-malloc-settings.md) at about 0.3 s a photo; the rest wait their turn.
 */
const PHOTO_SLOTS = 1;
// Every image is read once, so libvips' cache of recent operations only holds memory; one libvips
// thread a photo keeps its working buffers few (the other core serves requests meanwhile).
sharp.cache(false);
sharp.concurrency(1);
let photosRunning = 0;
const photoQueue: Array<() => void> = [];

async function inPhotoSlot<T>(work: () => Promise<T>): Promise<T> {
  // A finished photo hands its slot straight to the next in line, so no newcomer slips in between.
  if (photosRunning >= PHOTO_SLOTS) await new Promise<void>((resolve) => photoQueue.push(resolve));
  else photosRunning += 1;
  try {
    return await work();
  } finally {
    const next = photoQueue.shift();
    if (next) next();
    else photosRunning -= 1;
  }
}

/**
 * A photo upload checked like `reencodeImage` (content, not name; header pixel caps before
 * decoding; sharp's own limit behind it; a truncated or damaged file refused), re-encoded in its
 * own kind and rendered as WebP at the PHOTO_RENDITIONS widths (never enlarged). 422 with
 * `errors[field]` otherwise.
 */
export async function processPhoto(bytes: Buffer, field: string): Promise<ProcessedPhoto> {
  const notImage = () => invalid({ [field]: [PHOTO_MESSAGES.notPhoto] }, PHOTO_MESSAGES.notPhoto);
  const header = readPhotoHeader(bytes);
  if (!header || header.width === 0 || header.height === 0) throw notImage();
  if (header.width > IMAGE_MAX_SIDE || header.height > IMAGE_MAX_SIDE || header.width * header.height > IMAGE_MAX_PIXELS) {
    throw invalid({ [field]: [IMAGE_MESSAGES.tooManyPixels] }, IMAGE_MESSAGES.tooManyPixels);
  }
  try {
    return await inPhotoSlot(async () => {
      // Decoded once, upright and already within PHOTO_BOX (a JPEG shrinks while it decodes, so a
      // 24 MP photo never sits in memory at full size), read to its end (a truncated or damaged
      // file fails here), then encoded three ways from those pixels.
      const { data, info } = await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
        .rotate()
        .resize({ width: PHOTO_BOX, height: PHOTO_BOX, fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
      const original =
        header.kind === 'png'
          ? raw().png({ compressionLevel: 6 })
          : header.kind === 'webp'
            ? raw().webp({ quality: 85 })
            : // libjpeg-turbo with optimised Huffman tables: mozjpeg saved a few per cent of bytes for
              // several times the time of everything else together.
              raw().jpeg({ quality: 85, optimiseCoding: true });
      const rendition = (width: number) => raw().resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
      const [stored, small, medium] = await Promise.all([original.toBuffer(), rendition(PHOTO_RENDITIONS.small), rendition(PHOTO_RENDITIONS.medium)]);
      return { kind: header.kind, bytes: stored, small, medium };
    });
  } catch {
    throw notImage();
  }
}
