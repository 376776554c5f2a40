/**
 * Multipart calls, declared: what a call's form holds — its text fields as a schema of the
 * contract, its files with their part names, counts and size cap — and the typed values it hands
 * the handler. The body is read by `readUpload` (uploads.ts: busboy, each file's bytes counted as
 * they arrive, nothing kept until the whole body is read), so caps and memory are those of every
 * upload; text fields are checked by `parse` (validate.ts) like a JSON body: unknown names and bad
 * values answer 422 with `errors: { field: [the contract's messages] }`.
 *
 * What a declaration says, in the order the checks run when the form is read:
 * 1. not multipart: `notMultipart()`, the call's own 422;
 * 2. the body read under the caps: a file over `maxFileBytes` is 413 `tooLarge`, more files under
 *    one part name than its `max` 413, more than `maxTextParts` text parts 413, a broken body 400;
 * 3. with `dropEmpty`, a form's file input left empty (a part with no name and no bytes) is no file;
 *    more files in all than `maxFiles.count`: 413 with its message;
 * 4. the text fields (file part names dropped, `ignore`d names taken, `lists` gathered from
 *    repeated parts) by `text`, and every `required` file field without a file: one 422 with all;
 * 5. a file field with more files than its `most.count`: 422 with its message;
 * 6. each file, in the order they came, of a kind its field takes (`kinds`): `wrongType(part)`;
 * 7. no file at all: `noFiles()`, when given.
 * Without `text` the text parts are read (within `maxTextParts`) and not judged: the call takes
 * files only.
 *
 * @example
 * const AVATAR = multipart({
 *   files: { avatar: { max: 1 } },
 *   maxFileBytes: AVATAR_MAX_BYTES,
 *   tooLarge: MESSAGES.profile.avatarTooLarge,
 *   notMultipart: () => invalid({ avatar: [MESSAGES.validation.imageOnly] }),
 *   noFiles: () => invalid({ avatar: [MESSAGES.validation.imageOnly] }),
 * });
 * const { files } = await AVATAR.read(request); // files.avatar: UploadedFile[]
 */
import type { FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import { MESSAGES } from '@contract';
import { HttpError, invalid } from './http-error';
import { isMultipart, readUpload, type UploadedFile, type UploadRules } from './uploads';
import { PHOTO_MESSAGES, type PhotoKind, readPhotoHeader } from './uploads-image';
import { parse } from './validate';

/** One file field of a form. */
export interface FileField {
  /** The part names its files come under (`images[]` and `images`); default: the field's own name. */
  parts?: readonly string[];
  /** Most files under each part name, as the body is read: one more is 413. */
  max: number;
  /** Fewer files than `max` that the call takes: past `count`, 422 on the field with `message`. */
  most?: { count: number; message: string };
  /** The 422 message of this field when no file came (given with the text fields' errors). */
  required?: string;
  /**
   * The image kinds it takes, by content (the header; the declared type and name are never
   * trusted): anything else is the form's `wrongType`. Decoding, pixel caps and damage are judged
   * when the route processes the file (lib/uploads-image.ts), one at a time.
   */
  kinds?: readonly PhotoKind[];
}

export interface MultipartDeclaration<S extends z.core.$ZodType | undefined, F extends string> {
  /** The text fields' schema (the contract's, like a JSON body's); none: text parts are not judged. */
  text?: S;
  /** Text fields that may arrive as repeated parts (`name[]`, or `name` more than once): given to `text` as lists. */
  lists?: readonly string[];
  /** Text fields taken and dropped: what the resource's GET answers and the call does not set. */
  ignore?: readonly string[];
  files: Record<F, FileField>;
  /** Largest file, in bytes; one byte more is 413 `tooLarge`. */
  maxFileBytes: number;
  tooLarge: string;
  /** Most files in all, when fewer than the fields take together: 413 with `message`. */
  maxFiles?: { count: number; message: string };
  /** Most text parts (default 10, as every upload); more is 413. */
  maxTextParts?: number;
  /** A part with no file name and no bytes (a form's empty file input) is no file. */
  dropEmpty?: boolean;
  /** The answer to a body that is not multipart/form-data. */
  notMultipart: () => HttpError;
  /** The answer to a form without any file, when the call needs one. */
  noFiles?: () => HttpError;
  /** The answer to a file of a kind its field does not take (`part`: the name it came under). */
  wrongType?: (part: string) => HttpError;
}

/** What a form's handler gets: the text fields as the schema gives them, the files by field. */
export interface MultipartValues<S extends z.core.$ZodType | undefined, F extends string> {
  fields: S extends z.core.$ZodType ? z.infer<S> : Record<string, never>;
  files: Record<F, UploadedFile[]>;
  /** Every file kept, in the order they came. */
  all: UploadedFile[];
}

export interface MultipartForm<S extends z.core.$ZodType | undefined, F extends string> {
  readonly declaration: MultipartDeclaration<S, F>;
  /** Reads and checks the request's form; throws the HttpError of the first check that fails. */
  read(request: FastifyRequest): Promise<MultipartValues<S, F>>;
}

/** What a photo field takes (`processPhoto` in uploads-image.ts): JPEG, PNG or WebP. */
export const PHOTO_KINDS: readonly PhotoKind[] = ['jpg', 'png', 'webp'];
/** The answer to a file that is no photo, as `processPhoto` gives it. */
export const notAPhoto = (part: string): HttpError => invalid({ [part]: [PHOTO_MESSAGES.notPhoto] }, PHOTO_MESSAGES.notPhoto);

/** The field errors of a 422, or the error itself rethrown when it is anything else. */
function errorsOf(error: unknown): Record<string, string[]> {
  if (error instanceof HttpError && error.statusCode === 422 && error.errors) return error.errors;
  throw error;
}

/**
 * Declares a multipart form; `read` it in the handler, after whatever must be settled before the
 * body is read (the caller's own resource: another company's id is 404 whatever was sent).
 */
export function multipart<F extends string, S extends z.core.$ZodType | undefined = undefined>(
  declaration: MultipartDeclaration<S, F>,
): MultipartForm<S, F> {
  const fields = Object.keys(declaration.files) as F[];
  const partsOf = (field: F): readonly string[] => declaration.files[field].parts ?? [field];
  const fieldOfPart = new Map<string, F>(fields.flatMap((field) => partsOf(field).map((part) => [part, field] as const)));
  const rules: UploadRules = {
    files: Object.fromEntries(fields.flatMap((field) => partsOf(field).map((part) => [part, declaration.files[field].max]))),
    maxFileBytes: declaration.maxFileBytes,
    tooLarge: declaration.tooLarge,
    ...(declaration.maxTextParts === undefined ? {} : { maxFields: declaration.maxTextParts }),
  };

  const read = async (request: FastifyRequest): Promise<MultipartValues<S, F>> => {
    if (!isMultipart(request)) throw declaration.notMultipart();
    const upload = await readUpload(request, rules);
    const all = declaration.dropEmpty ? upload.files.filter((file) => file.name !== '' || file.bytes.length > 0) : upload.files;
    if (declaration.maxFiles && all.length > declaration.maxFiles.count) throw new HttpError(413, declaration.maxFiles.message);
    const files = Object.fromEntries(fields.map((field) => [field, [] as UploadedFile[]])) as Record<F, UploadedFile[]>;
    for (const file of all) files[fieldOfPart.get(file.field)!].push(file);

    // Every field's problem in one answer: the text fields' and the missing files'.
    let values: unknown = {};
    let errors: Record<string, string[]> = {};
    if (declaration.text) {
      // A client may send a file field as text too (empty, or JSON of paths): files only count.
      const texts: Record<string, unknown> = { ...upload.fields };
      for (const part of fieldOfPart.keys()) delete texts[part];
      for (const name of declaration.lists ?? []) {
        const bracketed = upload.lists[`${name}[]`];
        const plain = upload.lists[name];
        delete texts[`${name}[]`];
        if (bracketed) texts[name] = bracketed;
        else if (plain && plain.length > 1) texts[name] = plain;
      }
      try {
        values = parse(declaration.text, texts, { allowExtra: declaration.ignore ?? [] });
      } catch (error) {
        errors = errorsOf(error);
      }
    }
    for (const field of fields) {
      const required = declaration.files[field].required;
      if (required && !files[field].length) errors[field] = [required];
    }
    if (Object.keys(errors).length) throw invalid(errors);
    for (const field of fields) {
      const most = declaration.files[field].most;
      if (most && files[field].length > most.count) throw invalid({ [field]: [most.message] });
    }
    for (const file of all) {
      const kinds = declaration.files[fieldOfPart.get(file.field)!].kinds;
      if (!kinds) continue;
      const header = readPhotoHeader(file.bytes);
      // As lib/uploads-image.ts judges a header before decoding: a kind it takes, and a size.
      if (!header || !kinds.includes(header.kind) || header.width === 0 || header.height === 0) {
        throw declaration.wrongType ? declaration.wrongType(file.field) : invalid({ [file.field]: [MESSAGES.validation.imageOnly] });
      }
    }
    if (declaration.noFiles && !all.length) throw declaration.noFiles();
    return { fields: values as MultipartValues<S, F>['fields'], files, all };
  };

  return { declaration, read };
}
