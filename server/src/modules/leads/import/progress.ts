/**
 * How far running imports are, for GET /leads/import/progress/{id}. The client names its import
 * with an id it makes up (query `import_id` of the upload) and asks by that id while the file is
 * read and written. An entry belongs to the signed-in session (so the user, so the company) that
 * started the import: anyone else asking gets 404, as for another company's lead.
 *
 * Entries live in the shared state (shared-state/), so any process of the server answers for an
 * import another one runs, and are dropped KEEP_MS after their import ended — or after their last
 * change, for an upload that broke off before its import began.
 */
import type { SharedStore } from '../../../shared-state/store';

/**
 * receiving: the file is still arriving; reading: it is checked and parsed; writing: rows are
 * checked and written; then done or failed.
 */
export type ImportPhase = 'receiving' | 'reading' | 'writing' | 'done' | 'failed';

/** How far the importer is (importer.ts reports these). */
export interface ImportCounts {
  phase: ImportPhase;
  /** Data rows checked so far. */
  checked: number;
  /** Leads written so far, in committed batches (they show on the board batch by batch; a failed import takes them back). */
  written: number;
  /** The data rows the file has, once it is opened (a CSV's is estimated from its line ends until done). */
  total: number | null;
}

/** What GET /leads/import/progress/{id} answers: the counts, and how much of the upload has arrived. */
export interface ImportProgress extends ImportCounts {
  /** Bytes of the upload the server has received so far. */
  received: number;
  /** The upload's length as its request declares it (null when it does not). */
  size: number | null;
}

/** What an import id may be: the client makes it up, e.g. a UUID. */
export const IMPORT_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** How long an ended import's progress can still be asked for (and an unchanged one kept). */
export const KEEP_MS = 10 * 60 * 1000;

/** Whose import an id names: the user and the session (token) that started it. */
export interface ImportOwner {
  userId: number;
  sessionId: string;
}

/** An import's progress listener; `settled()` resolves once what it was told is stored. */
export type ProgressTracker = ((progress: ImportProgress) => void) & { settled(): Promise<void> };

const keyOf = (owner: ImportOwner, id: string) => `import-progress|${owner.userId}|${owner.sessionId}|${id}`;
const ENDED = new Set<ImportPhase>(['done', 'failed']);

/**
 * @example
 * const board = new ImportProgressBoard(app.shared.store);
 * const track = board.tracker({ userId, sessionId }, id);
 * const report = await importLeads(db, who, upload, now, { onProgress: track });
 * await board.get({ userId, sessionId }, id); // { phase: 'done', received: 712, size: 712, checked: 2, written: 2, total: 2 }
 */
export class ImportProgressBoard {
  /**
   * `minIntervalMs`: the least time between two writes of one import's progress while its phase
   * stays the same (a shared store is a database: an upload arriving in many chunks must not write
   * a row per chunk). A new phase and the end are written at once.
   */
  constructor(
    private readonly store: SharedStore,
    private readonly now: () => number = Date.now,
    private readonly minIntervalMs = store.shared ? 250 : 0,
  ) {}

  /** The progress listener of one import; an entry under the same id is dropped first (a reused id starts afresh). */
  tracker(owner: ImportOwner, id: string): ProgressTracker {
    const key = keyOf(owner, id);
    let writes: Promise<void> = this.store.remove(key).catch(() => undefined);
    let latest: ImportProgress | null = null;
    let written: ImportPhase | null = null;
    let lastWrite = -Infinity;
    let timer: NodeJS.Timeout | null = null;

    const write = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      const progress = latest!;
      written = progress.phase;
      lastWrite = Date.now();
      // In order, one after another: a late write must never put back an older state.
      writes = writes.then(() => this.store.put(key, progress, this.now() + KEEP_MS)).catch(() => undefined);
    };
    const tell = (progress: ImportProgress) => {
      latest = { ...progress };
      const due = lastWrite + this.minIntervalMs - Date.now();
      if (ENDED.has(progress.phase) || progress.phase !== written || due <= 0) write();
      else if (!timer) {
        timer = setTimeout(write, due);
        timer.unref();
      }
    };
    return Object.assign(tell, { settled: () => writes });
  }

  /** The caller's own import's progress, or null. */
  get(owner: ImportOwner, id: string): Promise<ImportProgress | null> {
    return this.store.get<ImportProgress>(keyOf(owner, id), this.now());
  }
}
