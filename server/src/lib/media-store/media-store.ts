/**
 * The one interface every stored media file goes through: property photos and their renditions,
 * avatars, company images and the demo drawings. A key is a path relative to the uploads root
 * (`properties/7/ab12.jpg`), the same text the rows store and clients join to the image prefix;
 * the local folder (local-store.ts) and an S3-compatible bucket (s3-store.ts) hold the same keys,
 * so `npm run media:copy` can move one into the other.
 */

export interface StoredObject {
  key: string;
  /** Bytes. */
  size: number;
}

export interface MediaStore {
  /** Where the files go, for messages: the folder, or `s3://bucket` and the endpoint. */
  readonly location: string;
  /** Stores `bytes` under `key`, whole or not at all: a reader never sees half a file. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes stored under `key` (rejects when there are none). */
  read(key: string): Promise<Buffer>;
  /** Removes `key`; a key that is not there is no error. */
  remove(key: string): Promise<void>;
  /** Removes every key under `folder` (ending in `/`, so `properties/1/` never touches `properties/10/`). */
  removeAll(folder: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every stored key under `folder` (everything when empty), in no particular order. */
  list(folder?: string): AsyncIterable<StoredObject>;
  /** Lets go of connections; the store opens them again if used later. */
  close(): Promise<void>;
}

// Keys come from our own code, but a row written by an older version or by hand must never
// reach outside the uploads root or address a whole folder by accident.
const BAD_SEGMENT = /^(|\.|\.\.)$/;

/** `key` if it is a relative path of plain segments, else throws. */
export function checkKey(key: string): string {
  if (key.includes('\\') || key.includes('\0') || key.split('/').some((segment) => BAD_SEGMENT.test(segment))) {
    throw new Error(`Not a media key: "${key}"`);
  }
  return key;
}

/** `folder` if it is a key followed by `/` (or empty: the root, for listing only), else throws. */
export function checkFolder(folder: string): string {
  if (folder !== '' && (!folder.endsWith('/') || !checkKey(folder.slice(0, -1)))) throw new Error(`Not a media folder: "${folder}"`);
  return folder;
}

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/**
 * The content type a key's extension names (what a bucket answers readers with). Only the kinds
 * the server writes: anything else (an SVG someone left in a folder being copied) is sent as bytes
 * to download, never as a document a browser would run.
 */
export function mediaType(key: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? '';
  return TYPES[extension] ?? 'application/octet-stream';
}
