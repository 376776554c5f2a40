/**
 * The leads' files: the CSV export and the import sample (their content types), and a small CSV
 * import named by an import id, whose progress is read back; its leads are found by the unique
 * marker in their names, moved to another status in one bulk call, looked for among the walk's
 * property's matching leads, and deleted in one bulk delete of exactly those ids.
 */
import { LEAD_IMPORT_HEADERS } from '../contract/leads';
import { pick, type Walk } from './walk';

const IMPORTED = 2;
type Id = number | string;

export async function leadFiles(walk: Walk, marker: string, allTab: Id, targetTab?: Id, propertyId?: Id): Promise<void> {
  await walk.check('GET', '/leads/export/workflow/:id', `/leads/export/workflow/${allTab}`, 200);
  if (!walk.can('lead-create')) {
    walk.skip('GET /leads/import/sample and the import', 'the account may not create leads');
    return;
  }
  await walk.check('GET', '/leads/import/sample', '/leads/import/sample', 200);
  if (!walk.can('lead-delete')) {
    walk.skip('POST /leads/import', 'the account may not delete leads, and the walk creates nothing it cannot remove');
    return;
  }
  const digits = String(Date.now()).slice(-7);
  const rows = Array.from({ length: IMPORTED }, (_, n) => {
    const values: Record<string, string> = { first_name: `Imported${n}`, last_name: marker, email: `${marker}-${n}@example.com`, phone: `+91 98${n}${digits}`, city: 'Pune', lead_source: 'Website', property_type: 'Apartment' };
    return LEAD_IMPORT_HEADERS.map((h) => values[h] ?? '').join(',');
  });
  const form = new FormData();
  form.append('file', new Blob([`${[LEAD_IMPORT_HEADERS.join(','), ...rows].join('\r\n')}\r\n`], { type: 'text/csv' }), `${marker}.csv`);
  const importId = marker.replace(/[^A-Za-z0-9_-]/g, '');
  const imported = await walk.check('POST', '/leads/import', `/leads/import?import_id=${importId}`, 200, form, undefined, `POST /leads/import (${IMPORTED} leads, multipart CSV)`);
  if (imported) walk.judge('POST /leads/import: data.data.imported', pick(imported.body, 'data', 'data', 'imported') === IMPORTED ? null : `data.data.imported is ${JSON.stringify(pick(imported.body, 'data', 'data', 'imported'))}, expected ${IMPORTED}`);
  if (imported) {
    // Asked after the answer: the import has ended, and its progress says how it ended.
    const progress = await walk.check('GET', '/leads/import/progress/:id', `/leads/import/progress/${importId}`, 200, undefined, undefined, 'GET /leads/import/progress/:id of the ended import');
    if (progress) walk.judge('GET /leads/import/progress/:id: data.phase', pick(progress.body, 'data', 'phase') === 'done' ? null : `data.phase is ${JSON.stringify(pick(progress.body, 'data', 'phase'))}, expected "done"`);
    if (walk.otherToken) await walk.check('GET', '/leads/import/progress/:id', `/leads/import/progress/${importId}`, 404, undefined, walk.otherToken, 'GET /leads/import/progress/:id of another company\u2019s import (404)');
  }

  // Whatever the answer said, look for the marker: nothing the import wrote may stay behind.
  const found = await walk.check('GET', '/leads/list/workflow/:id', `/leads/list/workflow/${allTab}?pageSize=50&pageNumber=1&search=${encodeURIComponent(marker)}`, 200, undefined, undefined, 'GET /leads/list/workflow/:id searched for the imported');
  const ids = ((pick(found?.body, 'data', 'data') as unknown[] | undefined) ?? [])
    .filter((lead) => pick(lead, 'last_name') === marker || String(pick(lead, 'name') ?? '').includes(marker))
    .map((lead) => pick(lead, 'id') as Id);
  if (found) walk.judge('GET /leads/list/workflow/:id finds the imported leads', ids.length === IMPORTED ? null : `${ids.length} leads named ${marker}, expected ${IMPORTED}`);
  if (ids.length === 0) return;
  await ownLeads(walk, ids, targetTab, propertyId);
  if (walk.otherToken) await walk.check('POST', '/leads/bulk/delete', '/leads/bulk/delete', 200, { ids }, walk.otherToken, 'POST /leads/bulk/delete of another company\u2019s (deletes none)').then((answer) => {
    if (answer) walk.judge('POST /leads/bulk/delete of another company\u2019s: data.deleted', pick(answer.body, 'data', 'deleted') === 0 ? null : `data.deleted is ${JSON.stringify(pick(answer.body, 'data', 'deleted'))}, expected 0`);
  });
  const removed = await walk.check('POST', '/leads/bulk/delete', '/leads/bulk/delete', 200, { ids }, undefined, `POST /leads/bulk/delete of the ${ids.length} imported`);
  if (removed) walk.judge('POST /leads/bulk/delete: data.deleted', pick(removed.body, 'data', 'deleted') === ids.length ? null : `data.deleted is ${JSON.stringify(pick(removed.body, 'data', 'deleted'))}, expected ${ids.length}`);
  else walk.judge('clean-up', `imported leads ${ids.join(', ')} may still be there: delete them by hand`);
}

/** The imported leads moved to another status in one call (another company's call moves none), and found among the walk's property's matching leads. */
async function ownLeads(walk: Walk, ids: Id[], targetTab?: Id, propertyId?: Id): Promise<void> {
  const updated = (answer: unknown) => pick(answer, 'data', 'updated');
  if (!walk.can('lead-edit') || targetTab === undefined) walk.skip('POST /leads/bulk/workflow', 'the account may not edit leads');
  else {
    // Into a status of their own: ours would be refused (422) before any lead is looked at.
    const theirTabs = walk.otherToken ? (pick((await walk.call('GET', '/workflow/list', undefined, walk.otherToken)).body, 'data') as unknown[] | undefined) : undefined;
    const theirTab = pick(theirTabs?.[1] ?? theirTabs?.[0], 'id');
    if (walk.otherToken && theirTab !== undefined) {
      const theirs = await walk.check('POST', '/leads/bulk/workflow', '/leads/bulk/workflow', 200, { ids, workflowId: Number(theirTab) }, walk.otherToken, 'POST /leads/bulk/workflow of another company\u2019s (moves none)');
      if (theirs) walk.judge('POST /leads/bulk/workflow of another company\u2019s: data.updated', updated(theirs.body) === 0 ? null : `data.updated is ${JSON.stringify(updated(theirs.body))}, expected 0`);
    }
    const moved = await walk.check('POST', '/leads/bulk/workflow', '/leads/bulk/workflow', 200, { ids, workflowId: Number(targetTab) }, undefined, `POST /leads/bulk/workflow of the ${ids.length} imported`);
    if (moved) walk.judge('POST /leads/bulk/workflow: data.updated', updated(moved.body) === ids.length ? null : `data.updated is ${JSON.stringify(updated(moved.body))}, expected ${ids.length}`);
  }
  if (propertyId === undefined || !walk.can('property-read')) {
    walk.skip('GET /properties/:id/leads', 'the walk has no property of its own (the account may not create and delete properties)');
    return;
  }
  const matching = await walk.check('GET', '/properties/:id/leads', `/properties/${propertyId}/leads`, 200, undefined, undefined, 'GET /properties/:id/leads of the walk\u2019s property');
  if (matching) {
    const listed = ((pick(matching.body, 'data') as unknown[] | undefined) ?? []).map((lead) => String(pick(lead, 'id')));
    const missing = ids.filter((id) => !listed.includes(String(id)));
    walk.judge('GET /properties/:id/leads lists the imported Pune apartment leads', missing.length ? `lead${missing.length > 1 ? 's' : ''} ${missing.join(', ')} not in data` : null);
  }
  if (walk.otherToken) await walk.check('GET', '/properties/:id/leads', `/properties/${propertyId}/leads`, 404, undefined, walk.otherToken, 'GET /properties/:id/leads of another company (404)');
}
