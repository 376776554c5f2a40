/**
 * A real S3-compatible server for tests: s3rver (an HTTP server keeping a bucket in a temp folder)
 * on a free port of 127.0.0.1, with one empty bucket. `env` is every S3_* variable a server process
 * needs to keep its media there (path-style, as s3rver's buckets are not host names); the image
 * URLs such a process answers are under `publicUrl`, readable without credentials.
 *
 * @example
 * const s3 = await startS3();
 * spawn('node', ['dist/server.js'], { env: { ...process.env, ...s3.env } });
 * await s3.stop();
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type MediaStore, S3MediaStore } from '../../src/lib/media-store';
import { mediaStorageFrom, type S3Settings, type S3Variable } from '../../src/lib/media-store/settings';

interface S3rverOptions {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  vhostBuckets: boolean;
  configureBuckets: Array<{ name: string }>;
}
interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
// s3rver is CommonJS without type declarations.
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: S3rverOptions) => S3rverInstance;

/** s3rver's own account: it checks the key id, not the signature. */
const ACCESS_KEY = 'S3RVER';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  env: Record<S3Variable, string>;
  /** The settings `env` parses to (for buildApp's `config.mediaStorage`). */
  storage: { kind: 's3' } & S3Settings;
  /** Where the bucket's objects are read over HTTP: `${endpoint}/${bucket}/`. */
  publicUrl: string;
  /** A client of the bucket, for looking at what landed there. */
  store: MediaStore;
  /** Every key under `folder` (all when empty), sorted. */
  keys(folder?: string): Promise<string[]>;
  stop(): Promise<void>;
}

export async function startS3(bucket = 'estatedesk-media'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'ed-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, vhostBuckets: false, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env: Record<S3Variable, string> = {
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    S3_FORCE_PATH_STYLE: 'true',
  };
  const storage = mediaStorageFrom(env);
  if (storage.kind !== 's3') throw new Error('the S3 settings did not parse as a bucket');
  const store = new S3MediaStore(storage);
  return {
    endpoint,
    bucket,
    env,
    storage,
    publicUrl: `${endpoint}/${bucket}/`,
    store,
    async keys(folder = '') {
      const out: string[] = [];
      for await (const object of store.list(folder)) out.push(object.key);
      return out.sort();
    },
    async stop() {
      await store.close();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
