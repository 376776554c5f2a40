/**
 * The media store of an app's settings (one per settings object, so every module of one app
 * shares its connections), and the URL an answer gives for a stored key.
 *
 * @example
 * const store = mediaStoreOf(deps.config);
 * await store.put('avatars/7-ab.png', bytes, mediaType('avatars/7-ab.png'));
 */
import path from 'node:path';
import { LocalMediaStore } from './local-store';
import type { MediaStore } from './media-store';
import { S3MediaStore } from './s3-store';
import type { MediaStorage } from './settings';

export { checkFolder, checkKey, type MediaStore, mediaType, type StoredObject } from './media-store';
export { LocalMediaStore } from './local-store';
export { S3MediaStore } from './s3-store';

export interface MediaSettings {
  dataDir: string;
  mediaStorage: MediaStorage;
}

const stores = new WeakMap<MediaSettings, MediaStore>();

/** The local uploads folder of a data folder (what plugins/static.ts serves). */
export const uploadsFolder = (dataDir: string): string => path.join(dataDir, 'uploads');

export function mediaStoreOf(settings: MediaSettings): MediaStore {
  let store = stores.get(settings);
  if (!store) {
    const storage = settings.mediaStorage;
    store = storage.kind === 's3' ? new S3MediaStore(storage) : new LocalMediaStore(uploadsFolder(settings.dataDir));
    stores.set(settings, store);
  }
  return store;
}

/** Closes the store of `settings` (the app's onClose); a later use opens a new one. */
export async function closeMediaStoreOf(settings: MediaSettings): Promise<void> {
  const store = stores.get(settings);
  stores.delete(settings);
  await store?.close();
}

const ABSOLUTE = /^([a-z][a-z\d+.-]*:|\/\/)/i;

/**
 * A stored key as an answer gives it. Under an image prefix that is a URL of its own (a bucket,
 * a CDN) the full URL, so every client shows the image whatever prefix it was configured with;
 * under a path prefix (`/uploads/`) the key itself, which clients join to their prefix
 * (src/core/config.ts `imageUrl`). Values that are already URLs pass through.
 */
export function mediaUrl(imagePrefix: string, stored: string): string;
export function mediaUrl(imagePrefix: string, stored: string | null): string | null;
export function mediaUrl(imagePrefix: string, stored: string | null): string | null {
  if (stored == null || !ABSOLUTE.test(imagePrefix) || ABSOLUTE.test(stored) || stored.startsWith('/')) return stored;
  return `${imagePrefix}${stored}`;
}
