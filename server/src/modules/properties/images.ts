/**
 * Property photos in the media store (lib/media-store: the data folder or a bucket):
 * properties/<property id>/<random>.<kind> and its two WebP renditions beside it
 * (<random>-small.webp, <random>-medium.webp), served under the image prefix. Names are generated
 * here; the client's file name is never used. Photos are checked and rendered before anything is
 * written (lib/uploads-image.ts `processPhoto`), then stored whole (lib/uploads.ts `storeFile`); a
 * failure removes what this request wrote. Only files of the property's own folder are ever
 * removed (demo photos are shared, elsewhere).
 */
import { randomBytes } from 'node:crypto';
import { PROPERTY_IMAGE_MAX_BYTES, PROPERTY_IMAGE_MAX_FILES } from '@contract';
import type { MediaStore } from '../../lib/media-store';
import { notAPhoto } from '../../lib/multipart';
import { storeFile, UPLOAD_MESSAGES, type UploadedFile } from '../../lib/uploads';
import { processPhoto, type ProcessedPhoto } from '../../lib/uploads-image';

export const PROPERTY_IMAGE_MESSAGES = {
  tooLarge: `Each photo must be at most ${PROPERTY_IMAGE_MAX_BYTES / (1024 * 1024)} MB.`,
  tooMany: UPLOAD_MESSAGES.tooManyFiles(PROPERTY_IMAGE_MAX_FILES),
} as const;

/** Where a property's photos live: the key prefix in the media store. */
export const propertyFolder = (propertyId: number): string => `properties/${propertyId}`;

export interface StoredPhoto {
  path: string;
  small: string;
  medium: string;
}

/**
 * The caps of every photo form (lib/multipart.ts): each file at most PROPERTY_IMAGE_MAX_BYTES, at
 * most PROPERTY_IMAGE_MAX_FILES in all (413); a form's file input left empty is no photo.
 */
export const PHOTO_FORM_CAPS = {
  maxFileBytes: PROPERTY_IMAGE_MAX_BYTES,
  tooLarge: PROPERTY_IMAGE_MESSAGES.tooLarge,
  maxFiles: { count: PROPERTY_IMAGE_MAX_FILES, message: PROPERTY_IMAGE_MESSAGES.tooMany },
  dropEmpty: true,
  wrongType: notAPhoto,
} as const;

/** Checks and renders every file (422 for the first that is no JPEG/PNG/WebP or too many pixels). */
export async function processPhotos(files: readonly UploadedFile[]): Promise<ProcessedPhoto[]> {
  const out: ProcessedPhoto[] = [];
  // One at a time: each decode may hold up to 16 MP of pixels.
  for (const file of files) out.push(await processPhoto(file.bytes, file.field));
  return out;
}

/** Writes the photos into the property's folder; on a failure removes what it wrote and rethrows. */
export async function writePhotos(store: MediaStore, propertyId: number, photos: readonly ProcessedPhoto[]): Promise<StoredPhoto[]> {
  const written: string[] = [];
  const stored: StoredPhoto[] = [];
  try {
    for (const photo of photos) {
      const base = `${propertyFolder(propertyId)}/${randomBytes(12).toString('hex')}`;
      const names = { path: `${base}.${photo.kind}`, small: `${base}-small.webp`, medium: `${base}-medium.webp` };
      for (const [name, bytes] of [
        [names.path, photo.bytes],
        [names.small, photo.small],
        [names.medium, photo.medium],
      ] as const) {
        await storeFile(store, name, bytes);
        written.push(name);
      }
      stored.push(names);
    }
    return stored;
  } catch (error) {
    await removeFiles(store, propertyId, written);
    throw error;
  }
}

/** Removes stored photo files, only those inside the property's own folder. */
export async function removeFiles(store: MediaStore, propertyId: number, relatives: readonly (string | null)[]): Promise<void> {
  const folder = `${propertyFolder(propertyId)}/`;
  for (const relative of relatives) {
    if (!relative?.startsWith(folder) || relative.includes('..')) continue;
    await store.remove(relative).catch(() => undefined);
  }
}

/** Removes the property's whole folder (a deleted property). */
export async function removeFolder(store: MediaStore, propertyId: number): Promise<void> {
  await store.removeAll(`${propertyFolder(propertyId)}/`);
}
