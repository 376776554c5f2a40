/**
 * Where an import's file is read: in a worker thread, so that no upload can stall or exhaust the
 * request's thread. The worker runs under a heap limit and two time limits; a worker that passes
 * one is terminated and its import answered 422, while every other request is served meanwhile.
 * At most MAX_READERS workers live at once (each may take its heap limit); further imports wait.
 *
 * Where no built worker exists (the TypeScript sources under vitest) the same reading runs in
 * the request's thread, without those limits: tests that need them bundle the worker
 * (setImportWorkerFile).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type CheckedRow, errorFrom, type FromWorker, type ImportJob, openRows, type ToWorker } from './checked';
import { IMPORT_MESSAGES, refuseFile as refuse } from './limits';
import type { ImportWorkflows } from './rows';

export interface ReaderLimits {
  /** The worker's heap (old generation), MB. Reading a 100,000-row XLSX needs about 180. */
  heapMb: number;
  /** Longest the worker may take to open a file: start-up, checks, a workbook's parsing, the header. */
  openMs: number;
  /** Longest the importer waits for the next batch of rows once it is ready for it. */
  batchMs: number;
}

/** A 100,000-row XLSX (60 MB of sheet XML) opens in about 12 s on a slow core. */
export const READER_LIMITS: ReaderLimits = { heapMb: 256, openMs: 60_000, batchMs: 15_000 };

/** Workers alive at once. */
export const MAX_READERS = 2;

/** An opened upload, its rows still to come. */
export interface RowReader {
  /** The data rows the file has, for progress. */
  total: number;
  /** The validated rows in batches; call once, with the write lock held. */
  batches(workflows: ImportWorkflows): AsyncIterable<CheckedRow[]>;
  /** Ends the reading (the worker is terminated); safe to call twice. */
  close(): Promise<void>;
}

/** The built worker (dist/import-worker.js, beside the bundle's chunks), or null in the sources. */
const BUILT_WORKER: URL | null = (() => {
  const url = new URL('./import-worker.js', import.meta.url);
  return url.protocol === 'file:' && existsSync(fileURLToPath(url)) ? url : null;
})();

let workerOverride: URL | string | null | undefined;

/**
 * Points imports at another worker module (tests of the TypeScript sources bundle one), `null`
 * to read in the request's thread; `undefined` goes back to the built worker.
 */
export function setImportWorkerFile(file: URL | string | null | undefined): void {
  workerOverride = file;
}

/** The worker module imports use now, or null to read in the request's thread. */
export const importWorkerFile = (): URL | string | null => (workerOverride === undefined ? BUILT_WORKER : workerOverride);

let alive = 0;
const queue: Array<() => void> = [];

/** Waits for a reader slot; the returned function gives it back (once). */
async function readerSlot(): Promise<() => void> {
  while (alive >= MAX_READERS) await new Promise<void>((resolve) => queue.push(resolve));
  alive++;
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    alive--;
    queue.shift()?.();
  };
}

/** The worker's messages in order, each awaited under a time limit. */
class Inbox {
  private readonly messages: FromWorker[] = [];
  private failure: Error | null = null;
  private wake: (() => void) | null = null;

  constructor(private readonly worker: Worker) {
    worker.on('message', (message: FromWorker) => {
      this.messages.push(message);
      this.poke();
    });
    worker.on('error', (error: Error & { code?: string }) => {
      this.fail(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? refuse(IMPORT_MESSAGES.tooMuchMemory) : error);
    });
    worker.on('exit', (code) => this.fail(new Error(`import worker stopped (exit code ${code})`)));
  }

  private poke(): void {
    this.wake?.();
    this.wake = null;
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.poke();
  }

  /** The next message; past `ms` the worker is terminated and the read refused as too slow. */
  async next(ms: number): Promise<FromWorker> {
    if (!this.messages.length && !this.failure) {
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        timer = setTimeout(() => {
          this.fail(refuse(IMPORT_MESSAGES.tooSlow));
          void this.worker.terminate();
        }, ms);
      });
      clearTimeout(timer);
    }
    const message = this.messages.shift();
    if (message) return message;
    throw this.failure!;
  }
}

/**
 * The bytes' memory, when they fill it alone and are large: moved to the worker instead of copied,
 * so the request's thread holds nothing of a large upload while it is imported (the caller's
 * Buffer is empty afterwards). Small buffers may share Node's pool, which must not move.
 */
const movable = (bytes: Uint8Array): ArrayBuffer[] =>
  bytes.byteLength >= 64 * 1024 && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer
    ? [bytes.buffer]
    : [];

async function openInWorker(file: URL | string, job: ImportJob, limits: ReaderLimits): Promise<RowReader> {
  const release = await readerSlot();
  let worker: Worker;
  try {
    worker = new Worker(file, {
      workerData: job,
      transferList: movable(job.bytes),
      // A small young generation keeps the worker's own garbage from adding much to the process's peak.
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 16 },
    });
  } catch (error) {
    release();
    throw error;
  }
  const inbox = new Inbox(worker);
  const close = async () => {
    await worker.terminate();
    release();
  };
  let total: number;
  try {
    const opened = await inbox.next(limits.openMs);
    if (opened.type === 'error') throw errorFrom(opened);
    if (opened.type !== 'opened') throw new Error(`import worker: '${opened.type}' before 'opened'`);
    total = opened.total;
  } catch (error) {
    await close();
    throw error;
  }
  const post = (message: ToWorker) => worker.postMessage(message);
  return {
    total,
    batches(workflows) {
      // Posted now, so that the worker validates while the importer loads the company's leads.
      post({ type: 'start', workflows });
      return (async function* () {
        for (;;) {
          const message = await inbox.next(limits.batchMs);
          if (message.type === 'error') throw errorFrom(message);
          if (message.type === 'end') return;
          if (message.type !== 'rows') throw new Error(`import worker: '${message.type}' among the rows`);
          yield message.rows;
          post({ type: 'more' });
        }
      })();
    },
    close,
  };
}

async function openInThread(job: ImportJob): Promise<RowReader> {
  const opened = await openRows(job);
  return {
    total: opened.total,
    async *batches(workflows) {
      yield* opened.batches(workflows);
    },
    close: async () => {},
  };
}

/**
 * Opens an upload in a worker (or here, where none is built), or throws its refusal (422).
 *
 * @example
 * const reader = await openReader({ name: 'leads.xlsx', bytes });
 * try { for await (const rows of reader.batches(workflows)) … } finally { await reader.close(); }
 */
export function openReader(
  job: ImportJob,
  options: { workerFile?: URL | string | null; limits?: Partial<ReaderLimits> } = {},
): Promise<RowReader> {
  const file = options.workerFile === undefined ? importWorkerFile() : options.workerFile;
  return file ? openInWorker(file, job, { ...READER_LIMITS, ...options.limits }) : openInThread(job);
}
