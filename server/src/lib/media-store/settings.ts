/**
 * Where uploaded files are kept, from the environment: the data folder (DATA_DIR/uploads) unless
 * S3_BUCKET names an S3-compatible bucket (server/README.md, "Media in object storage").
 *
 * Half a bucket setting stops the start instead of falling back to the data folder: processes
 * behind one load balancer that silently kept photos on their own disks would each show only
 * their own uploads.
 */

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible server's URL (`http://127.0.0.1:9000`); AWS's own endpoint when null. */
  endpoint: string | null;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (`host/bucket/key`) instead of the host name (`bucket.host/key`). */
  forcePathStyle: boolean;
}

export type MediaStorage = { kind: 'local' } | ({ kind: 's3' } & S3Settings);

/** Every variable a process needs for the bucket (the test starter hands out exactly these). */
export const S3_VARIABLES = ['S3_BUCKET', 'S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const;
export type S3Variable = (typeof S3_VARIABLES)[number];

const REQUIRED: readonly S3Variable[] = ['S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];
const SEE = 'see server/README.md, "Media in object storage"';
// Names end up in URLs and host names: nothing that would need escaping there.
const BUCKET_NAME = /^[a-z0-9][a-z0-9._-]{1,253}[a-z0-9]$/i;

const listed = (names: readonly string[]) => `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'}`;

export function mediaStorageFrom(env: Record<string, string | undefined>): MediaStorage {
  const value = (name: S3Variable) => env[name]?.trim() || '';
  const bucket = value('S3_BUCKET');
  if (!bucket) {
    const stray = S3_VARIABLES.filter((name) => value(name));
    if (stray.length) throw new Error(`${listed(stray)} set but S3_BUCKET is not: set S3_BUCKET to keep uploads in a bucket, or unset the rest (${SEE})`);
    return { kind: 'local' };
  }
  if (!BUCKET_NAME.test(bucket)) throw new Error(`S3_BUCKET must be a bucket name (at least 3 letters, digits, dots, hyphens or underscores), got "${bucket}"`);
  const missing = REQUIRED.filter((name) => !value(name));
  if (missing.length) throw new Error(`S3_BUCKET is set but ${listed(missing)} missing (${SEE})`);
  return {
    kind: 's3',
    bucket,
    region: value('S3_REGION'),
    endpoint: endpointFrom(value('S3_ENDPOINT')),
    accessKeyId: value('S3_ACCESS_KEY_ID'),
    secretAccessKey: value('S3_SECRET_ACCESS_KEY'),
    forcePathStyle: flagFrom(value('S3_FORCE_PATH_STYLE')),
  };
}

function endpointFrom(text: string): string | null {
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    url = new URL('invalid:');
  }
  if (!/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username) {
    throw new Error(`S3_ENDPOINT must be an http(s) URL without a path, such as http://127.0.0.1:9000, got "${text}"`);
  }
  return url.origin;
}

function flagFrom(text: string): boolean {
  if (!text || /^(0|false|no|off)$/i.test(text)) return false;
  if (/^(1|true|yes|on)$/i.test(text)) return true;
  throw new Error(`S3_FORCE_PATH_STYLE must be true or false, got "${text}"`);
}

/** The URL under which the bucket's objects are read when IMAGE_PREFIX does not name one (a CDN). */
export function bucketPublicUrl(s3: S3Settings): string {
  if (s3.endpoint) {
    if (s3.forcePathStyle) return `${s3.endpoint}/${s3.bucket}/`;
    const url = new URL(s3.endpoint);
    return `${url.protocol}//${s3.bucket}.${url.host}/`;
  }
  if (s3.forcePathStyle) return `https://s3.${s3.region}.amazonaws.com/${s3.bucket}/`;
  return `https://${s3.bucket}.s3.${s3.region}.amazonaws.com/`;
}

/**
 * The image prefix for `storage`: the one given, else the bucket's URL or `/uploads/`. With a
 * bucket it must be a URL: this server serves only the data folder, so a path prefix would
 * answer every image with 404.
 */
export function imagePrefixFor(storage: MediaStorage, given: string | undefined): string {
  let prefix = given ?? (storage.kind === 's3' ? bucketPublicUrl(storage) : '/uploads/');
  if (!prefix.endsWith('/')) prefix += '/';
  if (storage.kind === 's3' && !/^https?:\/\/[^/]/i.test(prefix)) {
    throw new Error(`IMAGE_PREFIX must be an http(s) URL (the bucket's public URL or a CDN in front of it) when S3_BUCKET is set, got "${given}"`);
  }
  return prefix;
}
