/**
 * The audit log, read after the walk's lead is deleted: the lead's own events, filtered by record
 * (its creation, the walk's changes and notes, its deletion; nothing of any other record), the
 * same as CSV, and the other company's account finding none of them. A company admin's call: for
 * anyone else the part is skipped.
 */
import { pick, type Walk } from './walk';

type Id = number | string;

/** `expected`: the actions the walk made on the lead, each of which the log must hold. */
export async function auditLog(walk: Walk, leadId: Id, expected: readonly string[]): Promise<void> {
  if (walk.userType !== 'admin') {
    walk.skip('GET /activity and /activity/export', 'only a company admin reads the audit log, and the signed-in account is not one');
    return;
  }
  const filter = `record_type=lead&record_id=${encodeURIComponent(String(leadId))}`;
  const page = await walk.check('GET', '/activity', `/activity?${filter}&pageSize=200`, 200, undefined, undefined, 'GET /activity of the walk\u2019s lead (filtered by record)');
  if (page) {
    const events = (pick(page.body, 'data', 'data') as unknown[] | undefined) ?? [];
    const other = events.find((e) => pick(e, 'record_type') !== 'lead' || String(pick(e, 'record_id')) !== String(leadId));
    const actions = new Set(events.map((e) => String(pick(e, 'action'))));
    const missing = expected.filter((action) => !actions.has(action));
    walk.judge(
      'GET /activity of the walk\u2019s lead: its events, and only its',
      other ? `event ${String(pick(other, 'id'))} is of ${String(pick(other, 'record_type'))} ${String(pick(other, 'record_id'))}` : missing.length ? `no ${missing.join(', ')} among ${JSON.stringify([...actions])}` : null,
      `${events.length} events: ${[...actions].join(', ')}`,
    );
  }
  const csv = await walk.check('GET', '/activity/export', `/activity/export?${filter}`, 200, undefined, undefined, 'GET /activity/export of the walk\u2019s lead');
  if (csv) {
    const rows = String(csv.body).split(/\r?\n/).filter((line) => line.trim() !== '');
    walk.judge('GET /activity/export of the walk\u2019s lead: a header and its events', rows.length >= 1 + expected.length ? null : `${rows.length} lines, expected at least ${1 + expected.length}`);
  }
  if (!walk.otherToken) return;
  // Another company's admin reads their own log (none of these); anyone else is refused.
  const theirs = await walk.check('GET', '/activity', `/activity?${filter}`, [200, 403], undefined, walk.otherToken, 'GET /activity of the walk\u2019s lead as another company');
  if (theirs?.status === 200) {
    const seen = ((pick(theirs.body, 'data', 'data') as unknown[] | undefined) ?? []).filter((e) => String(pick(e, 'record_id')) === String(leadId));
    walk.judge('GET /activity as another company: none of the walk\u2019s lead\u2019s events', seen.length ? `${seen.length} events of lead ${leadId} shown to another company` : null);
  }
}
