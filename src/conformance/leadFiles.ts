/**
 * The leads' files: the CSV export and the import sample (their content types), and a small CSV
 * import whose leads the walk then finds by the unique marker in their names and deletes in one
 * bulk delete of exactly those ids.
 */
import { LEAD_IMPORT_HEADERS } from '../contract/leads';
import { pick, type Walk } from './walk';

const IMPORTED = 2;

export async function leadFiles(walk: Walk, marker: string, allTab: number | string): Promise<void> {
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
    const values: Record<string, string> = { first_name: `Imported${n}`, last_name: marker, email: `${marker}-${n}@example.com`, phone: `+91 98${n}${digits}`, city: 'Pune', lead_source: 'Website' };
    return LEAD_IMPORT_HEADERS.map((h) => values[h] ?? '').join(',');
  });
  const form = new FormData();
  form.append('file', new Blob([`${[LEAD_IMPORT_HEADERS.join(','), ...rows].join('\r\n')}\r\n`], { type: 'text/csv' }), `${marker}.csv`);
  const imported = await walk.check('POST', '/leads/import', '/leads/import', 200, form, undefined, `POST /leads/import (${IMPORTED} leads, multipart CSV)`);
  if (imported) walk.judge('POST /leads/import: data.data.imported', pick(imported.body, 'data', 'data', 'imported') === IMPORTED ? null : `data.data.imported is ${JSON.stringify(pick(imported.body, 'data', 'data', 'imported'))}, expected ${IMPORTED}`);

  // Whatever the answer said, look for the marker: nothing the import wrote may stay behind.
  const found = await walk.check('GET', '/leads/list/workflow/:id', `/leads/list/workflow/${allTab}?pageSize=50&pageNumber=1&search=${encodeURIComponent(marker)}`, 200, undefined, undefined, 'GET /leads/list/workflow/:id searched for the imported');
  const ids = ((pick(found?.body, 'data', 'data') as unknown[] | undefined) ?? [])
    .filter((lead) => pick(lead, 'last_name') === marker || String(pick(lead, 'name') ?? '').includes(marker))
    .map((lead) => pick(lead, 'id') as number | string);
  if (found) walk.judge('GET /leads/list/workflow/:id finds the imported leads', ids.length === IMPORTED ? null : `${ids.length} leads named ${marker}, expected ${IMPORTED}`);
  if (ids.length === 0) return;
  if (walk.otherToken) await walk.check('POST', '/leads/bulk/delete', '/leads/bulk/delete', 200, { ids }, walk.otherToken, 'POST /leads/bulk/delete of another company\u2019s (deletes none)').then((answer) => {
    if (answer) walk.judge('POST /leads/bulk/delete of another company\u2019s: data.deleted', pick(answer.body, 'data', 'deleted') === 0 ? null : `data.deleted is ${JSON.stringify(pick(answer.body, 'data', 'deleted'))}, expected 0`);
  });
  const removed = await walk.check('POST', '/leads/bulk/delete', '/leads/bulk/delete', 200, { ids }, undefined, `POST /leads/bulk/delete of the ${ids.length} imported`);
  if (removed) walk.judge('POST /leads/bulk/delete: data.deleted', pick(removed.body, 'data', 'deleted') === ids.length ? null : `data.deleted is ${JSON.stringify(pick(removed.body, 'data', 'deleted'))}, expected ${ids.length}`);
  else walk.judge('clean-up', `imported leads ${ids.join(', ')} (${marker}) may still be there: delete them by hand`);
}
