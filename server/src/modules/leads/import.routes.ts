/**
 * POST /api/v1/leads/import (SPEC §7: multipart field `file`; answer `data.data` is the report)
 * and GET /api/v1/leads/import/sample (the CSV the importer accepts). Caps and file checks:
 * importFile.ts; row rules and duplicates: importRows.ts; the one transaction: importer.ts.
 */
import type { FastifyInstance } from 'fastify';
import { LEAD_PATHS, MESSAGES } from '../../../../src/contract';
import { success } from '../../lib/answers';
import { invalid } from '../../lib/http-error';
import { acceptUploads, isMultipart, readUpload, type UploadedFile, type UploadRules } from '../../lib/uploads';
import { caller } from '../../plugins/auth';
import { isAllContacts, listCompanyWorkflows } from '../workflows/repository';
import { companyOf, CREATE, READ } from './access';
import { CSV_TYPE, sampleCsv } from './csv';
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES, openImportFile } from './importFile';
import { importLeads } from './importer';

const noFile = () => invalid({ file: [MESSAGES.leads.selectFile] }, MESSAGES.leads.selectFile);
const IMPORT_UPLOAD: UploadRules = { files: { file: 1 }, maxFileBytes: IMPORT_MAX_BYTES, tooLarge: IMPORT_MESSAGES.tooLarge };

export default async function importRoutes(app: FastifyInstance): Promise<void> {
  acceptUploads(app);

  app.post(LEAD_PATHS.import, { config: CREATE }, async (request) => {
    const companyId = companyOf(request);
    if (!isMultipart(request)) throw noFile();
    let upload: UploadedFile | null = (await readUpload(request, IMPORT_UPLOAD)).files[0] ?? null;
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
