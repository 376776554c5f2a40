/**
 * POST /api/v1/leads/import (SPEC §7: multipart field `file`; answer `data.data` is the report)
 * and GET /api/v1/leads/import/sample (the CSV the importer accepts). Caps and file checks:
 * importFile.ts; row rules and duplicates: importRows.ts; the one transaction: importer.ts.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { LEAD_PATHS, MESSAGES } from '../../../../src/contract';
import { success } from '../../lib/answers';
import { HttpError, invalid } from '../../lib/http-error';
import { caller } from '../../plugins/auth';
import { isAllContacts, listCompanyWorkflows } from '../workflows/repository';
import { companyOf, CREATE, READ } from './access';
import { CSV_TYPE, sampleCsv } from './csv';
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES, openImportFile } from './importFile';
import { importLeads } from './importer';

const noFile = () => invalid({ file: [MESSAGES.leads.selectFile] }, MESSAGES.leads.selectFile);

export default async function importRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  app.post(LEAD_PATHS.import, { config: CREATE }, async (request) => {
    const companyId = companyOf(request);
    if (!request.isMultipart()) throw noFile();
    let upload: { name: string; bytes: Buffer } | null = null;
    try {
      const file = await request.file();
      if (file?.fieldname === 'file') upload = { name: file.filename ?? '', bytes: await file.toBuffer() };
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, IMPORT_MESSAGES.tooLarge);
      throw error;
    }
    if (!upload) throw noFile();
    const source = openImportFile(upload.name, upload.bytes);
    // The bytes are not needed any more (CSV is text now, a workbook parsed): let them go.
    upload = null;
    const report = await importLeads(app.db, { companyId, userId: caller(request).user.id }, source, app.clock().toISOString(), {
      onMergeError: (error) => request.log.warn({ err: error }, 'search index merge after an import stopped'),
    });
    const message =
      report.imported > 0
        ? MESSAGES.leads.imported
        : 'No leads were imported: every row was rejected.';
    return success({ message, data: { data: report } });
  });

  app.get(LEAD_PATHS.importSample, { config: READ }, async (request, reply) => {
    const statuses = (await listCompanyWorkflows(app.db, companyOf(request))).filter((w) => !isAllContacts(w));
    reply.type(CSV_TYPE).header('content-disposition', 'attachment; filename="leads-import-sample.csv"');
    return sampleCsv(statuses[0]?.name ?? 'Open');
  });
}
