/**
 * POST /api/v1/leads/import (src/contract/leads.ts: multipart field `file`; answer `data.data` is
 * the report), GET /api/v1/leads/import/progress/{id} (how far the caller's import named
 * `import_id` is) and GET /api/v1/leads/import/sample (the CSV the importer accepts). Caps and file
 * checks: limits.ts, file.ts; the worker thread that reads: thread.ts; row rules and duplicates:
 * rows.ts; the one transaction: importer.ts; progress: progress.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LEAD_PATHS, MESSAGES } from '@contract';
import { success } from '../../../lib/answers';
import { invalid, notFound, unauthenticated } from '../../../lib/http-error';
import { multipart } from '../../../lib/multipart';
import { acceptUploads, isMultipart, type UploadedFile } from '../../../lib/uploads';
import { caller, sessionsOf } from '../../../plugins/auth';
import { liveSessionUser } from '../../sessions/service';
import { actorOf, eventWriter } from '../../events/record';
import { leadStatuses } from '../../workflows/service';
import { companyOf } from '../access';
import { CSV_TYPE, sampleCsv } from '../csv';
import { IMPORT_ID, ImportProgressBoard } from './progress';
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from './file';
import { importLeads } from './importer';

const noFile = () => invalid({ file: [MESSAGES.leads.selectFile] }, MESSAGES.leads.selectFile);
/**
 * One file in `file`, read whole like every upload (the importer then moves its memory to the
 * worker); `countArrival` listens to the same body as it is read.
 */
const IMPORT_FORM = multipart({
  files: { file: { max: 1 } },
  maxFileBytes: IMPORT_MAX_BYTES,
  tooLarge: IMPORT_MESSAGES.tooLarge,
  notMultipart: noFile,
  noFiles: noFile,
});

/** The optional `import_id` query of the upload: the id the client will ask progress by. */
function importIdOf(query: unknown): string | null {
  const id = (query as { import_id?: unknown } | undefined)?.import_id;
  if (id === undefined) return null;
  if (typeof id === 'string' && IMPORT_ID.test(id)) return id;
  const message = 'import_id must be 8 to 64 letters, digits, "-" or "_".';
  throw invalid({ import_id: [message] }, message);
}

/**
 * Counts an upload's bytes as they arrive, telling `heard` at once and after every chunk. Call it
 * right before `readUpload`, in the same tick: a 'data' listener set then hears every chunk the
 * upload reader's pipe reads, and takes nothing from it.
 */
function countArrival(request: FastifyRequest, heard: (received: number, size: number | null) => void): { received: number; size: number | null } {
  const declared = Number(request.headers['content-length']);
  const arrival = { received: 0, size: Number.isSafeInteger(declared) && declared >= 0 ? declared : null };
  heard(0, arrival.size);
  request.raw.on('data', (chunk: Buffer) => {
    arrival.received += chunk.length;
    heard(arrival.received, arrival.size);
  });
  return arrival;
}

export default async function importRoutes(app: FastifyInstance): Promise<void> {
  acceptUploads(app);
  const progress = new ImportProgressBoard(app.shared.store, () => app.clock().getTime());

  app.post(LEAD_PATHS.import, async (request) => {
    const companyId = companyOf(request);
    if (!isMultipart(request)) throw noFile();
    const who = { companyId, userId: caller(request).user.id };
    const importId = importIdOf(request.query);
    // One import at a time per person: a second one would only queue behind the first's write lock.
    const release = await app.costs.startImport(who.userId);
    try {
      return await importUpload(request, who, importId);
    } finally {
      await release();
    }
  });

  async function importUpload(request: FastifyRequest, who: { companyId: number; userId: number }, importId: string | null) {
    const track = importId ? progress.tracker({ userId: who.userId, sessionId: caller(request).sessionId }, importId) : undefined;
    // Known before the body is read: progress answers while the file still arrives, counting it.
    const arrival = track ? countArrival(request, (received, size) => track({ phase: 'receiving', checked: 0, written: 0, total: null, received, size })) : null;
    // Read in this same tick as countArrival's listener: it hears every chunk.
    let upload: UploadedFile | null = (await IMPORT_FORM.read(request)).all[0]!;
    const file = { name: upload.name, bytes: upload.bytes };
    // From here only the importer holds the bytes; it moves a large upload's memory to its worker.
    upload = null;
    const report = await importLeads(app.db, who, file, app.clock().toISOString(), {
      onProgress: track && ((counts) => track({ ...counts, received: arrival!.received, size: arrival!.size })),
      onMergeError: (error) => request.log.warn({ err: error }, 'search index merge after an import stopped'),
      onFinished: (trx, report) =>
        eventWriter(app, trx, actorOf({ user: caller(request).user, request }))({
          action: 'import.completed',
          record: { type: 'import', id: null, label: file.name },
          data: { file: file.name, imported: report.imported, duplicates: report.duplicates, rejected: report.rejected_total },
        }),
    }).finally(() => track?.settled());
    const message =
      report.imported > 0
        ? MESSAGES.leads.imported
        : 'No leads were imported: every row was rejected.';
    return success({ message, data: { data: report } });
  }

  // The caller is checked here by the token alone (signature and expiry): reading the session
  // waits for the database, and on SQLite an import's write transaction holds the one connection
  // until it commits, so a progress call checked the usual way would only answer once it is done.
  // The import itself was started by this session under the full check (lead-create).
  app.get<{ Params: { id: string } }>(`${LEAD_PATHS.import}/progress/:id`, async (request) => {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
    const claims = token ? await app.tokens.verify(token) : null;
    if (!claims) throw unauthenticated();
    // An id no import could have (a NUL byte would even stop PostgreSQL's lookup) names none.
    const found = IMPORT_ID.test(request.params.id) ? await progress.get(claims, request.params.id) : null;
    if (found) return success({ data: found });
    // Nothing here for this session: a signed-out or disabled one is told so (401), like on every
    // other call, before the usual 404.
    const live = await liveSessionUser(sessionsOf(app), claims, app.clock().toISOString());
    if (!live || live.status !== 'active') throw unauthenticated();
    throw notFound();
  });

  app.get(LEAD_PATHS.importSample, async (request, reply) => {
    const statuses = await leadStatuses(app, companyOf(request));
    reply.type(CSV_TYPE).header('content-disposition', 'attachment; filename="leads-import-sample.csv"');
    return sampleCsv(statuses[0]?.name ?? 'Open');
  });
}
