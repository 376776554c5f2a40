/**
 * The import worker (a separate tsup entry: dist/import-worker.js), started by thread.ts
 * for one upload: opens it (file checks, a workbook's parsing, the header), says so, and once the
 * importer holds its write lock validates the rows and posts them in batches — at most AHEAD
 * batches ahead of what the importer has taken, so memory stays flat while both threads work.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { errorMessage, type FromWorker, type ImportJob, openRows, type ToWorker } from './checked';
import type { ImportWorkflows } from './rows';

/** Batches posted but not yet taken by the importer, at most. */
const AHEAD = 20;

// Reading yields the CPU to the request's thread: on Linux a nice value belongs to one thread, so
// this lowers only the worker's (elsewhere it would lower the whole server, so it is left alone).
if (process.platform === 'linux') {
  try {
    setPriority(10);
  } catch {
    // Not allowed here (some containers): the worker keeps the server's priority.
  }
}

const port = parentPort!;
let credits = AHEAD;
let workflows: ImportWorkflows | null = null;
let wake: (() => void) | null = null;
port.on('message', (message: ToWorker) => {
  if (message.type === 'start') workflows = message.workflows;
  else credits++;
  wake?.();
  wake = null;
});

const post = (message: FromWorker) => port.postMessage(message);
async function until(ready: () => boolean): Promise<void> {
  while (!ready()) await new Promise<void>((resolve) => (wake = resolve));
}

async function run(): Promise<void> {
  const opened = await openRows(workerData as ImportJob);
  post({ type: 'opened', total: opened.total });
  await until(() => workflows !== null);
  for (const rows of opened.batches(workflows!)) {
    await until(() => credits > 0);
    credits--;
    post({ type: 'rows', rows });
  }
  post({ type: 'end' });
}

run().catch((error: unknown) => post(errorMessage(error)));
