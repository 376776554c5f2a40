/**
 * A company's icon, logo and cover photo in the media store (lib/media-store: the data folder or a
 * bucket), by the property photos' rules: checked by content (JPEG, PNG or WebP; the client's type
 * and name are never trusted or used), pixel caps read from the header before decoding, re-encoded
 * without metadata, WebP renditions about 320 and 960 px wide (lib/uploads-image.ts
 * `processPhoto`), stored whole (lib/uploads.ts `storeFile`) as companies/<company id>/<random>.<kind>
 * with <random>-small.webp and <random>-medium.webp beside it, served under the image prefix.
 *
 * Everything is checked before anything is written; a failed write removes what this request
 * wrote. Only files inside the company's own folder are ever removed: the demo companies' images
 * (companies/demo/, demo-media.ts) are shared drawings, like the demo property photos.
 */
import { randomBytes } from 'node:crypto';
import { COMPANY_MEDIA_FIELDS, COMPANY_MEDIA_MAX_BYTES, type CompanyMediaField } from '@contract';
import { invalid } from '../../lib/http-error';
import type { MediaStore } from '../../lib/media-store';
import { notAPhoto, PHOTO_KINDS } from '../../lib/multipart';
import { storeFile, type UploadedFile } from '../../lib/uploads';
import { processPhoto, type ProcessedPhoto } from '../../lib/uploads-image';
import { renditionsOf } from './mapper';

export const COMPANY_MEDIA_MESSAGES = {
  tooLarge: `Each image must be at most ${COMPANY_MEDIA_MAX_BYTES / (1024 * 1024)} MB.`,
  required: 'Please choose an image.',
  noneSent: 'Send at least one of icon, logo and cover_photo as an image file.',
  needsMultipart: 'Send the company as multipart/form-data with the icon, logo and cover_photo files.',
} as const;

/** Where a company's images live: the key prefix in the media store. */
export const companyFolder = (companyId: number): string => `companies/${companyId}`;

/** Checked and rendered images by field (only the fields that carried a file). */
export type CompanyPhotos = Partial<Record<CompanyMediaField, ProcessedPhoto>>;
/** Stored paths (the original; renditions sit beside it) by field. */
export type StoredMedia = Partial<Record<CompanyMediaField, string>>;

/**
 * The file fields of a company form (lib/multipart.ts): one file at most in each of icon, logo and
 * cover_photo (a second one is 413, as is a file over COMPANY_MEDIA_MAX_BYTES); with `required`,
 * the field's message when it has none. A form's file input left empty (no name, no bytes) is no file.
 */
export function companyFormFiles(required?: string) {
  const field = { max: 1, kinds: PHOTO_KINDS, ...(required ? { required } : {}) };
  return {
    files: { icon: field, logo: field, cover_photo: field } satisfies Record<CompanyMediaField, unknown>,
    maxFileBytes: COMPANY_MEDIA_MAX_BYTES,
    tooLarge: COMPANY_MEDIA_MESSAGES.tooLarge,
    dropEmpty: true,
    wrongType: notAPhoto,
  };
}

/**
 * Checks and renders each file (422 naming the field for one that is no readable JPEG/PNG/WebP or
 * declares too many pixels); with `required`, each of the three fields must carry one
 * (docs/product/rules.md).
 */
export async function processCompanyPhotos(upload: { files: readonly UploadedFile[] }, required: boolean): Promise<CompanyPhotos> {
  if (required) {
    const missing = COMPANY_MEDIA_FIELDS.filter((field) => !upload.files.some((file) => file.field === field));
    if (missing.length) throw invalid(Object.fromEntries(missing.map((field) => [field, [COMPANY_MEDIA_MESSAGES.required]])));
  }
  const out: CompanyPhotos = {};
  // One at a time: each decode may hold up to 16 MP of pixels.
  for (const file of upload.files) out[file.field as CompanyMediaField] = await processPhoto(file.bytes, file.field);
  return out;
}

/** Writes the images into the company's folder; on a failure removes what it wrote and rethrows. */
export async function writeCompanyPhotos(store: MediaStore, companyId: number, photos: CompanyPhotos): Promise<StoredMedia> {
  const written: string[] = [];
  const stored: StoredMedia = {};
  try {
    for (const field of COMPANY_MEDIA_FIELDS) {
      const photo = photos[field];
      if (!photo) continue;
      const original = `${companyFolder(companyId)}/${field.replace('_', '-')}-${randomBytes(12).toString('hex')}.${photo.kind}`;
      const { small, medium } = renditionsOf(original);
      for (const [name, bytes] of [
        [original, photo.bytes],
        [small!, photo.small],
        [medium!, photo.medium],
      ] as const) {
        await storeFile(store, name, bytes);
        written.push(name);
      }
      stored[field] = original;
    }
    return stored;
  } catch (error) {
    await removeCompanyFiles(store, companyId, written);
    throw error;
  }
}

/** Removes stored images (each with its renditions), only those inside the company's own folder. */
export async function removeCompanyFiles(store: MediaStore, companyId: number, stored: readonly (string | null | undefined)[]): Promise<void> {
  const folder = `${companyFolder(companyId)}/`;
  for (const relative of stored) {
    if (!relative?.startsWith(folder) || relative.includes('..')) continue;
    const { small, medium } = renditionsOf(relative);
    for (const name of [relative, small, medium]) {
      if (name) await store.remove(name).catch(() => undefined);
    }
  }
}

/** Removes the company's whole folder (a deleted company). */
export async function removeCompanyFolder(store: MediaStore, companyId: number): Promise<void> {
  await store.removeAll(`${companyFolder(companyId)}/`);
}
