/**
 * Media in an S3-compatible bucket through the AWS SDK v3. Readers fetch objects straight from the
 * bucket (or a CDN in front of it) under the image prefix; this server only writes and deletes.
 *
 * The SDK is loaded on first use, so a server on the data folder never pays for it. Checksums are
 * sent only where S3 requires them: S3-compatible servers differ in which of the newer checksum
 * headers they understand, and every body here is a buffer whose length is checked anyway.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { checkFolder, checkKey, type MediaStore, type StoredObject } from './media-store';
import type { S3Settings } from './settings';

type Sdk = typeof import('@aws-sdk/client-s3');

/** DeleteObjects takes at most this many keys per call. */
const DELETE_BATCH = 1000;

const notFound = (error: unknown): boolean => {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return failure.name === 'NotFound' || failure.name === 'NoSuchKey' || failure.$metadata?.httpStatusCode === 404;
};

export class S3MediaStore implements MediaStore {
  private connection: Promise<{ sdk: Sdk; client: S3Client }> | null = null;

  constructor(private readonly settings: S3Settings) {}

  get location(): string {
    return `s3://${this.settings.bucket}${this.settings.endpoint ? ` at ${this.settings.endpoint}` : ''}`;
  }

  private connect(): Promise<{ sdk: Sdk; client: S3Client }> {
    this.connection ??= import('@aws-sdk/client-s3').then((sdk) => {
      const { region, endpoint, forcePathStyle, accessKeyId, secretAccessKey } = this.settings;
      const client = new sdk.S3Client({
        region,
        ...(endpoint ? { endpoint } : {}),
        forcePathStyle,
        credentials: { accessKeyId, secretAccessKey },
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        // An upload waits on these calls: a bucket that stops answering must fail it, not hang it.
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
      });
      return { sdk, client };
    });
    return this.connection;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const { sdk, client } = await this.connect();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: checkKey(key),
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: contentType,
      }),
    );
  }

  async read(key: string): Promise<Buffer> {
    const { sdk, client } = await this.connect();
    const answer = await client.send(new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: checkKey(key) }));
    if (!answer.Body) throw new Error(`No body for ${key}`);
    return Buffer.from(await answer.Body.transformToByteArray());
  }

  async remove(key: string): Promise<void> {
    const { sdk, client } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: checkKey(key) }));
  }

  async removeAll(folder: string): Promise<void> {
    if (!checkFolder(folder)) throw new Error('removeAll needs a folder, not the whole bucket');
    // Listed in full first: deleting between pages could shift what the next page starts from.
    const keys: string[] = [];
    for await (const object of this.list(folder)) keys.push(object.key);
    const { sdk, client } = await this.connect();
    for (let at = 0; at < keys.length; at += DELETE_BATCH) {
      const batch = keys.slice(at, at + DELETE_BATCH);
      const result = await client.send(
        new sdk.DeleteObjectsCommand({
          Bucket: this.settings.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = result.Errors ?? [];
      if (failed.length) throw new Error(`${failed.length} objects under ${folder} could not be deleted: ${failed[0]?.Code ?? ''} ${failed[0]?.Message ?? ''}`.trim());
    }
  }

  async exists(key: string): Promise<boolean> {
    const { sdk, client } = await this.connect();
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.settings.bucket, Key: checkKey(key) }));
      return true;
    } catch (error) {
      if (notFound(error)) return false;
      throw error;
    }
  }

  async *list(folder = ''): AsyncIterable<StoredObject> {
    const { sdk, client } = await this.connect();
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: checkFolder(folder) || undefined, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) yield { key: object.Key, size: object.Size ?? 0 };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = null;
    await connection?.then(
      ({ client }) => client.destroy(),
      () => undefined,
    );
  }
}
