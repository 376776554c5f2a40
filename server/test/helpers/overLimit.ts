/**
 * Over-limit uploads sent the way browsers send them: through fetch to a listening server, not
 * inject(), because what goes wrong is on the wire (a connection closed while the client still
 * sends, a size check that depends on how the body is chunked). Every upload route runs the same
 * cases with its own route, field name and caps: `sendOverLimit(target, kind)`.
 *
 * The requests are sent from a worker thread. With the client on the server's own event loop
 * the server's answer is always read before the client's next write can fail, which hides the
 * resets a separate client (a browser, another process) gets.
 */
import { Worker } from 'node:worker_threads';

export const MiB = 1024 * 1024;

/** One file of a multipart body: `head` and then spaces up to `size` bytes. */
export interface FileSpec {
  field: string;
  filename: string;
  type: string;
  head: Uint8Array;
  size: number;
}

/** A request as plain data, rebuilt and sent by the sending thread. */
export interface WireRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body:
    | { kind: 'form'; files: FileSpec[] }
    /** Multipart written by hand; `trickle` streams it: the part header, then 64 KiB chunks with a pause between. */
    | { kind: 'multipart'; files: FileSpec[]; trickle: boolean }
    | { kind: 'bytes'; data: Uint8Array };
}

/** The answer's status and body, or the network error that took its place. */
export type Outcome = { status: number; body: unknown } | { error: string };

/**
 * Runs in the worker thread (its source is sent there, so it uses nothing from outside itself).
 * workerData: { request: WireRequest, times, parallel }; posts back the outcomes.
 */
function senderThread(): void {
  const { parentPort, workerData } = require('node:worker_threads') as typeof import('node:worker_threads');
  const { request, times, parallel } = workerData as { request: WireRequest; times: number; parallel: number };
  // Built once per thread and reused by every try: copying 30 MB per try costs more than sending it.
  const files = new Map<FileSpec, Buffer>();
  const fileOf = (spec: FileSpec): Buffer => {
    let file = files.get(spec);
    if (!file) {
      file = Buffer.alloc(spec.size, 0x20);
      Buffer.from(spec.head).copy(file);
      files.set(spec, file);
    }
    return file;
  };
  const blobs = new Map<FileSpec, Blob>();
  const blobOf = (spec: FileSpec): Blob => {
    let blob = blobs.get(spec);
    if (!blob) {
      blob = new Blob([fileOf(spec)], { type: spec.type });
      blobs.set(spec, blob);
    }
    return blob;
  };
  const boundary = '----estatedeskOverLimit7d1f';
  const handBuilt = (specs: FileSpec[]): { bytes: Buffer; headerEnd: number } => {
    const chunks: Buffer[] = [];
    for (const spec of specs) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${spec.field}"; filename="${spec.filename}"\r\nContent-Type: ${spec.type}\r\n\r\n`,
        ),
      );
      chunks.push(fileOf(spec), Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    const bytes = Buffer.concat(chunks);
    return { bytes, headerEnd: bytes.indexOf('\r\n\r\n') + 4 };
  };
  const trickle = (bytes: Buffer, first: number): ReadableStream<Uint8Array> => {
    let at = 0;
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (at >= bytes.length) return controller.close();
        const end = at === 0 ? first : Math.min(bytes.length, at + 64 * 1024);
        controller.enqueue(new Uint8Array(bytes.subarray(at, end)));
        at = end;
        await new Promise((resolve) => setTimeout(resolve, 1));
      },
    });
  };
  const built = request.body.kind === 'multipart' ? handBuilt(request.body.files) : null;
  const builtBlob = built ? new Blob([built.bytes]) : null;
  const init = (): RequestInit & { duplex?: 'half' } => {
    const headers = { ...request.headers };
    const base = { method: request.method ?? 'POST', headers };
    const body = request.body;
    if (body.kind === 'bytes') return { ...base, body: body.data };
    if (body.kind === 'form') {
      const form = new FormData();
      for (const spec of body.files) form.append(spec.field, blobOf(spec), spec.filename);
      return { ...base, body: form };
    }
    headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
    // Whole: one blob with a known length (undici streams a blob faster than it writes a Buffer).
    return body.trickle ? { ...base, body: trickle(built!.bytes, built!.headerEnd), duplex: 'half' } : { ...base, body: builtBlob! };
  };
  const once = async (): Promise<Outcome> => {
    try {
      const response = await fetch(request.url, init());
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: the text itself
      }
      return { status: response.status, body: parsed };
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      return { error: `${(error as Error).message}${cause ? `: ${cause.code ?? cause.message}` : ''}` };
    }
  };
  const outcomes: Outcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < times) {
      const i = next++;
      outcomes[i] = await once();
    }
  };
  void Promise.all(Array.from({ length: Math.min(parallel, times) }, worker)).then(() => parentPort!.postMessage(outcomes));
}

/** Sends `request` `times` times, `parallel` at a time, from a worker thread; every outcome in order. */
export function sendMany(request: WireRequest, times: number, parallel: number): Promise<Outcome[]> {
  // The test transform may wrap named functions in __name(); the worker has no such helper.
  const source = `const __name = (f) => f;\n(${senderThread.toString()})();`;
  const worker = new Worker(source, { eval: true, workerData: { request, times, parallel } });
  return new Promise<Outcome[]>((resolve, reject) => {
    worker.once('message', (outcomes: Outcome[]) => {
      resolve(outcomes);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`sending thread exited (${code}) before answering`)));
  });
}

/** Sends `request` once from a worker thread. */
export async function sendOnce(request: WireRequest): Promise<Outcome> {
  return (await sendMany(request, 1, 1))[0]!;
}

export interface UploadTarget {
  /** Absolute URL of the upload call. */
  url: string;
  method?: 'POST' | 'PUT';
  token: string;
  /** The multipart field the route reads its file from. */
  field: string;
  /** The route's per-file cap in bytes. */
  maxBytes: number;
  /** How many files the route takes in one request (default 1). */
  maxFiles?: number;
  /** First bytes of every file sent (a PNG, a CSV header), so that the size is what gets refused. */
  head: Uint8Array;
  filename: string;
  type: string;
}

/**
 * - `justOver`: one file a byte over the cap, as FormData;
 * - `farOver`: one file of 30 MB (or the cap + 10 MB when larger), as FormData;
 * - `tooMany`: one small file more than the route takes, as FormData;
 * - `slow`: a byte over the cap, streamed: the part header, then 64 KiB chunks with pauses, so
 *   that they arrive one by one and a cap that is a multiple of 64 KiB falls on a chunk boundary;
 * - `fast`: a byte over the cap, the whole body in one buffer.
 */
export type OverLimitCase = 'justOver' | 'farOver' | 'tooMany' | 'slow' | 'fast';
export const OVER_LIMIT_CASES: readonly OverLimitCase[] = ['justOver', 'farOver', 'tooMany', 'slow', 'fast'];

/** The request of one over-limit case. */
export function overLimitRequest(target: UploadTarget, kind: OverLimitCase): WireRequest {
  const file = (size: number, i = 0): FileSpec => ({
    field: target.field,
    filename: i ? `${i}-${target.filename}` : target.filename,
    type: target.type,
    head: target.head,
    size,
  });
  const justOver = target.maxBytes + 1;
  const body: WireRequest['body'] =
    kind === 'justOver'
      ? { kind: 'form', files: [file(justOver)] }
      : kind === 'farOver'
        ? { kind: 'form', files: [file(Math.max(30 * MiB, target.maxBytes + 10 * MiB))] }
        : kind === 'tooMany'
          ? { kind: 'form', files: Array.from({ length: (target.maxFiles ?? 1) + 1 }, (_, i) => file(target.head.length + 1024, i)) }
          : { kind: 'multipart', files: [file(justOver)], trickle: kind === 'slow' };
  return { url: target.url, method: target.method ?? 'POST', headers: { authorization: `Bearer ${target.token}` }, body };
}

/** Sends one over-limit case `times` times (default 50), a few at a time. */
export function sendOverLimit(target: UploadTarget, kind: OverLimitCase, times = 50, parallel = 5): Promise<Outcome[]> {
  return sendMany(overLimitRequest(target, kind), times, parallel);
}

/** The outcomes that are not an answer with one of `statuses`, as readable lines (none when all are). */
export function unexpected(outcomes: Outcome[], statuses: number[]): string[] {
  return outcomes.flatMap((outcome, i) =>
    'error' in outcome
      ? [`try ${i + 1}: network error ${outcome.error}`]
      : statuses.includes(outcome.status)
        ? []
        : [`try ${i + 1}: ${outcome.status} ${JSON.stringify(outcome.body).slice(0, 160)}`],
  );
}
