/**
 * Copies SQLite's write-ahead log back into the database file from a thread of its own. SQLite
 * does this itself by default, inside the commit that crosses 1,000 log pages — synchronously, on
 * the connection that commits, so after a 100,000-row import the whole server stood still for
 * ~170 ms while the log was copied. The writer connection turns that off (connect.ts) and this
 * thread checkpoints every second instead (PASSIVE: it never waits for a lock and never blocks a
 * reader or the writer; what it cannot copy yet it copies next time).
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the log is checkpointed. */
export const CHECKPOINT_EVERY_MS = 1000;

// Runs in the worker (CommonJS, eval'd): only what it is given in workerData.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
const checkpoint = () => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy or closing: the next turn tries again */ }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Checkpoints once more, closes the thread's connection and ends the thread. */
  stop(): Promise<void>;
}

/** Starts the checkpoint thread of a SQLite file in WAL mode. */
export function startCheckpointer(file: string, everyMs = CHECKPOINT_EVERY_MS): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, everyMs } });
  // Never what keeps a process alive.
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('error', () => undefined);
  let stopping: Promise<void> | null = null;
  return {
    stop() {
      stopping ??= (async () => {
        worker.postMessage('stop');
        // A thread stuck on a lock is not waited for long.
        const timeout = setTimeout(() => void worker.terminate(), 2000);
        await exited;
        clearTimeout(timeout);
      })();
      return stopping;
    },
  };
}
