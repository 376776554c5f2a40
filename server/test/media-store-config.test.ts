/** The S3_* settings: a whole bucket setting or none; anything in between stops the start. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { pagePolicy } from '../src/lib/csp';

const dir = mkdtempSync(path.join(tmpdir(), 'ed-media-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BUCKET = {
  DATA_DIR: 'data',
  S3_BUCKET: 'agency-media',
  S3_REGION: 'eu-central-1',
  S3_ACCESS_KEY_ID: 'AKEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'secret-example',
};
const load = (env: Record<string, string>) => loadConfig(env, dir);

describe('media storage settings', () => {
  it('keeps uploads in the data folder without S3_BUCKET', () => {
    const config = load({ DATA_DIR: 'data' });
    expect(config.mediaStorage).toEqual({ kind: 'local' });
    expect(config.imagePrefix).toBe('/uploads/');
  });

  it('reads a bucket on AWS, its URL the image prefix', () => {
    const config = load(BUCKET);
    expect(config.mediaStorage).toEqual({
      kind: 's3',
      bucket: 'agency-media',
      region: 'eu-central-1',
      endpoint: null,
      accessKeyId: 'AKEXAMPLE',
      secretAccessKey: 'secret-example',
      forcePathStyle: false,
    });
    expect(config.imagePrefix).toBe('https://agency-media.s3.eu-central-1.amazonaws.com/');
  });

  it('reads an S3-compatible server, path-style or by host name', () => {
    const pathStyle = load({ ...BUCKET, S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_FORCE_PATH_STYLE: 'true' });
    expect(pathStyle.mediaStorage).toMatchObject({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true });
    expect(pathStyle.imagePrefix).toBe('http://127.0.0.1:9000/agency-media/');
    const hostStyle = load({ ...BUCKET, S3_ENDPOINT: 'https://storage.example', S3_FORCE_PATH_STYLE: '0' });
    expect(hostStyle.imagePrefix).toBe('https://agency-media.storage.example/');
  });

  it('takes IMAGE_PREFIX as the public base (a CDN) and allows its origin for images', () => {
    const config = load({ ...BUCKET, IMAGE_PREFIX: 'https://cdn.agency.example/media' });
    expect(config.imagePrefix).toBe('https://cdn.agency.example/media/');
    expect(pagePolicy({ nonce: 'n', frameAncestors: ["'self'"], imagePrefix: config.imagePrefix })).toContain(
      "img-src 'self' data: blob: https://cdn.agency.example;",
    );
    const bucket = load({ ...BUCKET, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' });
    expect(pagePolicy({ nonce: 'n', frameAncestors: ["'self'"], imagePrefix: bucket.imagePrefix })).toContain(
      "img-src 'self' data: blob: http://127.0.0.1:9000;",
    );
  });

  it('stops the start on a missing piece, naming it', () => {
    const { S3_REGION: _region, ...noRegion } = BUCKET;
    expect(() => load(noRegion)).toThrow('S3_BUCKET is set but S3_REGION is missing');
    const { S3_ACCESS_KEY_ID: _id, S3_SECRET_ACCESS_KEY: _secret, ...noKeys } = BUCKET;
    expect(() => load(noKeys)).toThrow('S3_BUCKET is set but S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are missing');
    expect(() => load({ DATA_DIR: 'data', S3_REGION: 'eu-central-1', S3_ACCESS_KEY_ID: 'AK' })).toThrow(
      'S3_REGION, S3_ACCESS_KEY_ID are set but S3_BUCKET is not',
    );
  });

  it('stops the start on values it cannot use', () => {
    expect(() => load({ ...BUCKET, S3_ENDPOINT: 'localhost:9000' })).toThrow(/S3_ENDPOINT must be an http\(s\) URL/);
    expect(() => load({ ...BUCKET, S3_ENDPOINT: 'http://127.0.0.1:9000/bucket' })).toThrow(/S3_ENDPOINT/);
    expect(() => load({ ...BUCKET, S3_FORCE_PATH_STYLE: 'sometimes' })).toThrow(/S3_FORCE_PATH_STYLE must be true or false/);
    expect(() => load({ ...BUCKET, S3_BUCKET: 'my bucket/x' })).toThrow(/S3_BUCKET must be a bucket name/);
    // The server serves only the data folder: a path prefix with a bucket would 404 every image.
    expect(() => load({ ...BUCKET, IMAGE_PREFIX: '/uploads/' })).toThrow(/IMAGE_PREFIX must be an http\(s\) URL/);
  });
});
