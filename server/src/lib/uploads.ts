/**
 * The one way an upload route reads a multipart body and stores what it accepted.
 *
 * `readUpload` parses the body itself (busboy) and counts every file's bytes as they arrive: a
 * file over the cap, one file too many or too many fields is refused (413) on every request,
 * however the body happens to be chunked on the wire. @fastify/multipart's `toBuffer()` looked
 * at busboy's `truncated` flag only when a chunk came in, so a file whose cap fell exactly on a
 * chunk boundary came back cut to the cap and was accepted as complete; and extra files or a
 * body cut short only showed up after the route had taken the first file. A body with no
 * boundary, cut short or malformed answers 400. Nothing is returned until the whole body has
 * been read, so a refused upload leaves nothing behind. What the client still sends after a
 * refusal is read and dropped by plugins/body-drain.ts, so browsers get the answer, not a reset.
 *
 * `storeFile` hands what a route accepted to the media store (lib/media-store: the data folder or
 * a bucket), which stores a file whole or not at all.
 */
import { Busboy, type BusboyHeaders, type BusboyInstance } from '@fastify/busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@contract';
import { HttpError } from './http-error';
import { type MediaStore, mediaType } from './media-store';

export interface UploadRules {
  /** The file fields the call reads, each with the most files it may carry. */
  files: Readonly<Record<string, number>>;
  /** Largest file, in bytes. */
  maxFileBytes: number;
  /** The answer to a file over `maxFileBytes` (413): the call's own message. */
  tooLarge: string;
  /** Most text fields (default 10). */
  maxFields?: number;
  /** Longest text field value, in bytes (default 64 KiB). */
  maxFieldBytes?: number;
}

export interface UploadedFile {
  field: string;
  /** The file's name as the client gave it (without any path), like a browser File's name. */
  name: string;
  /** The type the client declared: a hint only, never trusted. */
  declaredType: string;
  /** The whole file, in memory of its own (safe to transfer to a worker thread). */
  bytes: Buffer;
}

export interface Upload {
  files: UploadedFile[];
  /** Text fields by name (the last one wins); no prototype, so any name is safe. */
  fields: Record<string, string>;
  /** Every value of each text field, in order (a list sent as repeated parts); no prototype. */
  lists: Record<string, string[]>;
}

export const UPLOAD_MESSAGES = {
  noBoundary: 'The upload could not be read: its multipart content type has no boundary.',
  broken: 'The upload could not be read: the multipart body is incomplete or malformed. Please try again.',
  tooManyFiles: (most: number) => (most === 1 ? 'Only one file can be uploaded at a time.' : `At most ${most} files can be uploaded at a time.`),
} as const;

const DEFAULT_MAX_FIELDS = 10;
const DEFAULT_MAX_FIELD_BYTES = 64 * 1024;

/**
 * The chunks in one buffer that owns its memory: Buffer.concat may hand out a slice of Node's
 * shared pool for small files, and a caller that transfers the bytes to a worker would detach it.
 */
function ownBuffer(chunks: Buffer[], size: number): Buffer {
  const bytes = Buffer.allocUnsafeSlow(size);
  let at = 0;
  for (const chunk of chunks) at += chunk.copy(bytes, at);
  return bytes;
}

/** Lets a route plugin's requests carry multipart bodies, left unread for `readUpload`. */
export function acceptUploads(app: FastifyInstance): void {
  if (!app.hasContentTypeParser('multipart/form-data')) {
    app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null, undefined));
  }
}

export function isMultipart(request: FastifyRequest): boolean {
  return /^multipart\/form-data(;|\s|$)/i.test(request.headers['content-type'] ?? '');
}

/** Reads the whole multipart body under `rules`; throws HttpError 400 or 413, having kept nothing. */
export function readUpload(request: FastifyRequest, rules: UploadRules): Promise<Upload> {
  const raw = request.raw;
  const maxFiles = Object.values(rules.files).reduce((sum, n) => sum + n, 0);
  const maxFields = rules.maxFields ?? DEFAULT_MAX_FIELDS;

  return new Promise<Upload>((resolve, reject) => {
    let parser: BusboyInstance;
    try {
      parser = new Busboy({
        headers: request.headers as BusboyHeaders,
        limits: {
          // One byte past the cap reaches us, so our own count sees the file is too large.
          fileSize: rules.maxFileBytes + 1,
          files: maxFiles,
          fields: maxFields,
          parts: maxFiles + maxFields,
          fieldSize: rules.maxFieldBytes ?? DEFAULT_MAX_FIELD_BYTES,
          headerPairs: 20,
        },
      });
    } catch (error) {
      const noBoundary = /boundary/i.test((error as Error).message);
      reject(new HttpError(400, noBoundary ? UPLOAD_MESSAGES.noBoundary : UPLOAD_MESSAGES.broken));
      return;
    }

    const files: UploadedFile[] = [];
    const fields: Record<string, string> = Object.create(null);
    const lists: Record<string, string[]> = Object.create(null);
    const perField = new Map<string, number>();
    let settled = false;

    const fail = (status: number, message: string) => {
      if (settled) return;
      settled = true;
      // Stop parsing; body-drain reads and drops the rest before the answer goes out.
      raw.unpipe(parser);
      raw.off('close', onClose).off('error', onClose);
      files.length = 0;
      reject(new HttpError(status, message));
    };
    // The client went away before its body was complete.
    const onClose = () => {
      if (!raw.complete) fail(400, UPLOAD_MESSAGES.broken);
    };

    parser.on('file', (field, stream, filename, _encoding, mimeType) => {
      // Errors of a part the body cut short come here as well as to the parser.
      stream.on('error', () => fail(400, UPLOAD_MESSAGES.broken));
      const seen = (perField.get(field) ?? 0) + 1;
      perField.set(field, seen);
      const wanted = Object.hasOwn(rules.files, field) && seen <= rules.files[field]!;
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('limit', () => fail(413, rules.tooLarge));
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > rules.maxFileBytes) return fail(413, rules.tooLarge);
        if (wanted && !settled) chunks.push(chunk);
      });
      stream.on('end', () => {
        if (settled) return;
        if (stream.truncated || size > rules.maxFileBytes) return fail(413, rules.tooLarge);
        if (!wanted) {
          // A file in a field the call does not read: dropped, but it still counts as a file.
          if (Object.hasOwn(rules.files, field)) fail(413, UPLOAD_MESSAGES.tooManyFiles(rules.files[field]!));
          return;
        }
        files.push({ field, name: filename ?? '', declaredType: mimeType ?? '', bytes: ownBuffer(chunks, size) });
      });
    });
    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (valueTruncated) return fail(413, MESSAGES.generic.payloadTooLarge);
      fields[name] = value;
      (lists[name] ??= []).push(value);
    });
    parser.on('filesLimit', () => fail(413, UPLOAD_MESSAGES.tooManyFiles(maxFiles)));
    parser.on('fieldsLimit', () => fail(413, MESSAGES.generic.payloadTooLarge));
    parser.on('partsLimit', () => fail(413, MESSAGES.generic.payloadTooLarge));
    parser.on('error', () => fail(400, UPLOAD_MESSAGES.broken));
    parser.on('finish', () => {
      if (settled) return;
      settled = true;
      raw.unpipe(parser);
      raw.off('close', onClose).off('error', onClose);
      resolve({ files, fields, lists });
    });
    raw.on('close', onClose).on('error', onClose);
    raw.pipe(parser);
  });
}

/** Stores an accepted file under `key` in `store`, typed by the key's extension. */
export function storeFile(store: MediaStore, key: string, bytes: Buffer): Promise<void> {
  return store.put(key, bytes, mediaType(key));
}
