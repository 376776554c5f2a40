/**
 * An import, start to end, after the file has been read (importFile.ts): validate every row
 * (importRows.ts) against the company's statuses and existing leads, then write the valid rows in
 * ONE transaction — an import that fails midway leaves nothing behind.
 */
import type { Kysely } from 'kysely';
import type { Database, NewLead } from '../../db/schema';
import { invalid } from '../../lib/http-error';
import { isAllContacts, listCompanyWorkflows } from '../workflows/repository';
import type { FileRow } from './importFile';
import { type ImportWorkflows, missingColumnsMessage, planImport, type Rejection } from './importRows';
import { insertLeads, leadContactKeys, lockCompanyImports } from './repository';

/** The answer's `data.data` (contract `ImportAnswer`), plus the full rejected count. */
export interface ImportReport {
  imported: number;
  rejected: Rejection[];
  duplicates: number;
  /** Every rejected row, also those beyond the REJECTIONS_LISTED listed. */
  rejected_total: number;
}

export async function importLeads(
  db: Kysely<Database>,
  who: { companyId: number; userId: number },
  rows: readonly FileRow[],
  nowIso: string,
): Promise<ImportReport> {
  return db.transaction().execute(async (trx) => {
    await lockCompanyImports(trx, who.companyId);
    const statuses = (await listCompanyWorkflows(trx, who.companyId)).filter((w) => !isAllContacts(w));
    const workflows: ImportWorkflows = {
      byName: new Map(statuses.map((w) => [w.name.trim().toLowerCase(), w.id])),
      defaultId: statuses[0]?.id ?? null,
    };
    const plan = planImport(rows, workflows, await leadContactKeys(trx, who.companyId));
    if (plan.columnsMissing.length) {
      const message = missingColumnsMessage(plan.columnsMissing);
      throw invalid({ file: [message] }, message);
    }
    const leads: NewLead[] = plan.leads.map((lead) => ({
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
    }));
    await insertLeads(trx, leads);
    return { imported: leads.length, rejected: plan.rejected, duplicates: plan.duplicates, rejected_total: plan.rejectedTotal };
  });
}
