/**
 * Integrity of the server's SQLite file, read with better-sqlite3 while no server has it open:
 * `PRAGMA integrity_check`, `PRAGMA foreign_key_check`, FTS5's own check of the leads search index
 * (`leads_search`, migrations 2026_11_22_0002/0003: a regular FTS5 table, rowid = leads.id, kept by
 * triggers), that index beside the leads table (same rows), and the tab totals of `lead_counts`
 * (kept by triggers) beside a count of the leads themselves.
 */
import { join } from 'node:path';

/**
 * @param {string} dataDir  the server's DATA_DIR (estatedesk.sqlite inside)
 * @param {{ companyId?: number, emailLike?: string }} [options]  count that company's leads, and
 *   those whose e-mail is LIKE emailLike (an import's leftovers)
 * @returns {Promise<{ ok: boolean, problems: string[], leads: number, companyLeads?: number, matching?: number }>}
 */
export async function checkSqlite(dataDir, { companyId, emailLike } = {}) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(join(dataDir, 'estatedesk.sqlite'));
  const problems = [];
  try {
    const integrity = db.pragma('integrity_check').map((r) => r.integrity_check);
    if (integrity.length !== 1 || integrity[0] !== 'ok') problems.push(`integrity_check: ${integrity.slice(0, 5).join('; ')}`);
    const foreign = db.pragma('foreign_key_check');
    if (foreign.length) problems.push(`foreign_key_check: ${foreign.length} rows, e.g. ${JSON.stringify(foreign[0])}`);
    try {
      db.prepare(`INSERT INTO leads_search (leads_search) VALUES ('integrity-check')`).run();
    } catch (error) {
      problems.push(`leads_search integrity-check: ${error.message}`);
    }
    const leads = db.prepare('SELECT count(*) AS n FROM leads').get().n;
    const indexed = db.prepare('SELECT count(*) AS n FROM leads_search').get().n;
    if (indexed !== leads) problems.push(`leads_search holds ${indexed} rows for ${leads} leads`);
    const unindexed = db.prepare('SELECT count(*) AS n FROM leads l WHERE NOT EXISTS (SELECT 1 FROM leads_search s WHERE s.rowid = l.id)').get().n;
    if (unindexed) problems.push(`${unindexed} leads missing from leads_search`);
    const counts = db
      .prepare(
        `SELECT c.company_id, c.workflow_key, c.n, coalesce(a.n, 0) AS actual FROM lead_counts c
         LEFT JOIN (SELECT company_id, coalesce(workflow_id, 0) AS workflow_key, count(*) AS n FROM leads GROUP BY 1, 2) a
           ON a.company_id = c.company_id AND a.workflow_key = c.workflow_key
         WHERE c.n <> coalesce(a.n, 0)
         UNION ALL
         SELECT a.company_id, a.workflow_key, 0, a.n FROM (SELECT company_id, coalesce(workflow_id, 0) AS workflow_key, count(*) AS n FROM leads GROUP BY 1, 2) a
         WHERE NOT EXISTS (SELECT 1 FROM lead_counts c WHERE c.company_id = a.company_id AND c.workflow_key = a.workflow_key)`,
      )
      .all();
    if (counts.length) problems.push(`lead_counts off in ${counts.length} tabs, e.g. ${JSON.stringify(counts[0])}`);
    const result = { leads };
    if (companyId != null) result.companyLeads = db.prepare('SELECT count(*) AS n FROM leads WHERE company_id = ?').get(companyId).n;
    if (emailLike != null) result.matching = db.prepare('SELECT count(*) AS n FROM leads WHERE email LIKE ?').get(emailLike).n;
    return { ok: problems.length === 0, problems, ...result };
  } finally {
    db.close();
  }
}
