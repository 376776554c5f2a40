/**
 * The import worker (a separate tsup entry: dist/import-worker.js): reads and validates a CSV
 * (import-checked.ts) and posts the batches to the importer, at most AHEAD batches ahead of
 * what the importer has written, so memory stays flat while both threads work.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { checkedCsv, type CsvJob } from './import-checked';

/** Batches posted but not yet taken by the importer, at most. */
const AHEAD = 20;

const port = parentPort!;
let credits = AHEAD;
let wake: (() => void) | null = null;
// The importer answers each batch it has taken with a message.
port.on('message', () => {
  credits++;
  wake?.();
  wake = null;
});

async function run(): Promise<void> {
  for (const message of checkedCsv(workerData as CsvJob)) {
    if (message.type === 'rows') {
      while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
      credits--;
    }
    port.postMessage(message);
  }
}

void run();
