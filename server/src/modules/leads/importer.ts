/**
 * An import, start to end: the rows of the opened file (importFile.ts) are checked one by one
 * (importRows.ts) and the accepted ones written in batches — all inside ONE transaction, so an
 * import that fails midway (a database error, a file found over the row cap) leaves nothing
 * behind. Rows stream from the parser to the database: memory stays flat with file size.
 *
 * While it runs the import holds the write lock (SQLite: the one write transaction; PostgreSQL:
 * an advisory lock per company), so the duplicate check sees every lead written before it.
 */
import type { Kysely } from 'kysely';
import type { Database, NewLead } from '../../db/schema';
import { invalid } from '../../lib/http-error';
import { isAllContacts, listCompanyWorkflows } from '../workflows/repository';
import { IMPORT_MESSAGES, type ImportSource } from './importFile';
import { type ImportWorkflows, mapHeaders, missingColumnsMessage, type Rejection, RowChecker } from './importRows';
import { INSERT_BATCH, insertLeads, leadContactKeys, lockCompanyImports } from './repository';

/** The answer's `data.data` (contract `ImportAnswer`), plus the full rejected count. */
export interface ImportReport {
  imported: number;
  rejected: Rejection[];
  duplicates: number;
  /** Every rejected row, also those beyond the REJECTIONS_LISTED listed. */
  rejected_total: number;
}

const refuse = (message: string) => invalid({ file: [message] }, message);

export async function importLeads(
  db: Kysely<Database>,
  who: { companyId: number; userId: number },
  source: ImportSource,
  nowIso: string,
): Promise<ImportReport> {
  return db.transaction().execute(async (trx) => {
    await lockCompanyImports(trx, who.companyId);
    const rows = source.rows();
    const header = rows.next();
    if (header.done) throw refuse(IMPORT_MESSAGES.empty);
    const { columns, missing } = mapHeaders(header.value.cells);
    if (missing.length) throw refuse(missingColumnsMessage(missing));

    const statuses = (await listCompanyWorkflows(trx, who.companyId)).filter((w) => !isAllContacts(w));
    const workflows: ImportWorkflows = {
      byName: new Map(statuses.map((w) => [w.name.trim().toLowerCase(), w.id])),
      defaultId: statuses[0]?.id ?? null,
    };
    const checker = new RowChecker(columns, workflows, await leadContactKeys(trx, who.companyId));
    let imported = 0;
    let batch: NewLead[] = [];
    for (const row of rows) {
      const lead = checker.check(row);
      if (!lead) continue;
      batch.push({
        company_id: who.companyId,
        workflow_id: lead.workflow_id,
        first_name: lead.first_name,
        last_name: lead.last_name,
        email: lead.email,
        phone: lead.phone,
        address: lead.address,
        city: lead.city,
        state: lead.state,
        postal_code: lead.postal_code,
        country: lead.country,
        lead_source: lead.lead_source,
        property_type: lead.property_type,
        activities: lead.activities,
        version: 1,
        created_by: who.userId,
        created_at: nowIso,
        updated_at: nowIso,
      });
      if (batch.length === INSERT_BATCH) {
        await insertLeads(trx, batch);
        imported += batch.length;
        batch = [];
      }
    }
    if (checker.rows === 0) throw refuse(IMPORT_MESSAGES.noRows);
    await insertLeads(trx, batch);
    imported += batch.length;
    return { imported, rejected: checker.rejected, duplicates: checker.duplicates, rejected_total: checker.rejectedTotal };
  });
}
