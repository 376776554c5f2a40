/**
 * The Import modal's import, kept outside the modal: one store per leads API (so per board), so
 * the modal can be closed while a file uploads and is written, and reopened on the same progress
 * or the same report. It runs the upload, follows the server's progress once the file has been
 * sent (asking every `pollMs`), and ends with the report or the failure's message.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { MESSAGES } from '../../contract';
import { serverMessage } from '../../core';
import { type ImportStage, newImportId } from './importProgress';
import { type ImportSummary, summariseImport } from './importReport';
import type { LeadsApi } from './leadsApi';

/** The last import of the board: none yet, running, or its report or failure. */
export type ImportRun =
  | { step: 'idle' }
  | ImportStage
  | { step: 'done'; fileName: string; summary: ImportSummary }
  | { step: 'failed'; fileName: string; message: string };

/** How an import ended. */
export type ImportOutcome = { ok: true; summary: ImportSummary } | { ok: false; message: string; error: unknown };

export interface ImportState {
  run: ImportRun;
  /** Uploads `file` and follows it to its end; the one running import's outcome when one runs already. */
  start(file: File): Promise<ImportOutcome>;
}

export type ImportStore = StoreApi<ImportState>;

export const isRunning = (run: ImportRun): run is ImportStage => run.step === 'uploading' || run.step === 'processing';

/** How often the server is asked for progress. */
export const POLL_MS = 400;
/**
 * Without a word from the browser about the upload for this long (it goes by a fetch, which
 * says nothing), the server is asked: it counts the bytes it receives. XMLHttpRequest's first
 * word comes within a tenth of a second.
 */
const SILENT_UPLOAD_MS = 500;

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * @example
 * const store = createImportStore(leadsApi);
 * const outcome = await store.getState().start(file); // store.getState().run: uploading → processing → done
 */
export function createImportStore(api: LeadsApi, pollMs = POLL_MS): ImportStore {
  let running: Promise<ImportOutcome> | null = null;

  const store = createStore<ImportState>()((set) => {
    async function follow(id: string, fileName: string, sent: boolean, stop: AbortSignal): Promise<void> {
      while (!stop.aborted) {
        try {
          // Not aborted when the import ends: the answer is small, and is then dropped.
          const progress = await api.importProgress(id);
          if (!stop.aborted) set({ run: { step: 'processing', fileName, sent, progress } });
        } catch {
          // 404 until the server has the whole file, or a lost answer: the next one tells.
        }
        await pause(pollMs, stop);
      }
    }

    async function run(file: File): Promise<ImportOutcome> {
      const fileName = file.name;
      const id = newImportId();
      const stop = new AbortController();
      let following = false;
      const followNow = (sent: boolean) => {
        if (following || stop.signal.aborted) return;
        following = true;
        set({ run: { step: 'processing', fileName, sent, progress: null } });
        void follow(id, fileName, sent, stop.signal);
      };
      const silent = setTimeout(() => followNow(false), SILENT_UPLOAD_MS);
      set({ run: { step: 'uploading', fileName, loaded: 0, total: file.size } });
      try {
        const report = await api.importLeads(file, {
          importId: id,
          onUpload: ({ loaded, total }) => {
            clearTimeout(silent);
            if (following) return;
            if (total > 0 && loaded >= total) followNow(true);
            else set({ run: { step: 'uploading', fileName, loaded, total } });
          },
        });
        const summary = summariseImport(report);
        set({ run: { step: 'done', fileName, summary } });
        return { ok: true, summary };
      } catch (error) {
        const message = serverMessage(error, MESSAGES.leads.importFailed);
        set({ run: { step: 'failed', fileName, message } });
        return { ok: false, message, error };
      } finally {
        clearTimeout(silent);
        stop.abort();
      }
    }

    return {
      run: { step: 'idle' },
      start(file) {
        running ??= run(file).finally(() => {
          running = null;
        });
        return running;
      },
    };
  });
  return store;
}

const stores = new WeakMap<LeadsApi, ImportStore>();

/** The import store of a leads API (one per board: its `useLeadsApi()` object). */
export function importStoreOf(api: LeadsApi): ImportStore {
  let store = stores.get(api);
  if (!store) {
    store = createImportStore(api);
    stores.set(api, store);
  }
  return store;
}
