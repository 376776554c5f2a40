/**
 * How far running imports are, for GET /leads/import/progress/{id}. The client names its import
 * with an id it makes up (query `import_id` of the upload) and asks by that id while the file is
 * read and written. An entry belongs to the signed-in session (so the user, so the company) that
 * started the import: anyone else asking gets 404, as for another company's lead.
 *
 * Entries live in this process's memory (a server behind a load balancer answers the progress
 * only on the instance that runs the import) and are dropped KEEP_MS after their import ended —
 * or after their last change, for an upload that broke off before its import began.
 */

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
  /** Leads written so far (inside the import's transaction: they show on the board once it is done). */
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
/** Most entries kept; past it, the longest unchanged go first. */
const MAX_ENTRIES = 10_000;

interface Entry {
  progress: ImportProgress;
  /** When it last changed. */
  at: number;
}

/** Whose import an id names: the user and the session (token) that started it. */
export interface ImportOwner {
  userId: number;
  sessionId: string;
}

const keyOf = (owner: ImportOwner, id: string) => `${owner.userId}:${owner.sessionId}:${id}`;

/**
 * @example
 * const board = new ImportProgressBoard();
 * const report = await importLeads(db, who, upload, now, { onProgress: board.tracker({ userId, sessionId }, id) });
 * board.get({ userId, sessionId }, id); // { phase: 'done', received: 712, size: 712, checked: 2, written: 2, total: 2 }
 */
export class ImportProgressBoard {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The progress listener of one import; the entry is (re)started with its first call. */
  tracker(owner: ImportOwner, id: string): (progress: ImportProgress) => void {
    const key = keyOf(owner, id);
    this.prune();
    // A new import under an id already used starts afresh (and moves to the end of the order).
    this.entries.delete(key);
    return (progress) => {
      // Set anew (not updated in place), so the map's order stays the order of last changes.
      this.entries.delete(key);
      this.entries.set(key, { progress, at: this.now() });
    };
  }

  /** The caller's own import's progress, or null. */
  get(owner: ImportOwner, id: string): ImportProgress | null {
    const entry = this.entries.get(keyOf(owner, id));
    if (!entry || this.now() - entry.at > KEEP_MS) return null;
    return { ...entry.progress };
  }

  private prune(): void {
    const now = this.now();
    // Oldest change first: stop at the first entry still fresh, unless there are too many.
    for (const [key, entry] of this.entries) {
      if (now - entry.at <= KEEP_MS && this.entries.size < MAX_ENTRIES) break;
      this.entries.delete(key);
    }
  }
}
