/**
 * The leads part of the walk: the board's tabs, a page and its paging, the files (export, sample,
 * a small import with its progress, bulk status change and bulk delete: leadFiles.ts), and a
 * lead's whole life. What it creates carries the run's marker and is deleted again.
 */
import { appointmentLife } from './appointments';
import { auditLog } from './audit';
import { leadFiles } from './leadFiles';
import { leadNotes } from './notes';
import { liveStream } from './stream';
import { checkPaging, pick, type Walk } from './walk';

/** `propertyId`: the walk's own property while it exists, for its matching leads. */
export async function leadsPart(walk: Walk, marker: string, propertyId?: number | string): Promise<void> {
  if (!walk.can('lead-read')) {
    walk.skip('the leads calls', 'the account may not read leads');
    return;
  }
  const workflows = await walk.check('GET', '/workflow/list', '/workflow/list', 200);
  const tabs = (pick(workflows?.body, 'data') as Array<{ id: number | string; name: string }> | undefined) ?? [];
  const all = tabs[0];
  const target = tabs[1] ?? tabs[0];
  if (all) {
    await walk.check('GET', '/leads/list/workflow/:id', `/leads/list/workflow/${all.id}?pageSize=10&pageNumber=1`, 200);
    await checkPaging(walk, 'GET /leads/list/workflow/:id', 2, async (n) => {
      const page = await walk.check('GET', '/leads/list/workflow/:id', `/leads/list/workflow/${all.id}?pageSize=2&pageNumber=${n}`, 200, undefined, undefined, `GET /leads/list/workflow/:id page ${n} of 2`);
      return page ? { items: (pick(page.body, 'data', 'data') as unknown[]) ?? [], total: pick(page.body, 'data', 'total') } : null;
    });
    await leadFiles(walk, marker, all.id, target?.id, propertyId);
  }
  await walk.check('GET', '/leads/:id', '/leads/999999999', 404, undefined, undefined, 'GET /leads/:id of no lead (404)');

  if (walk.can('lead-create') && !walk.can('lead-delete')) walk.skip('the lead\u2019s life (create … delete)', 'the account may not delete leads, and the walk creates nothing it cannot remove');
  // The walk's status change: to a status other than All Contacts and the one the lead starts in.
  const next = tabs.find((tab) => tab !== all && tab !== target) ?? target;
  if (walk.can('lead-create') && walk.can('lead-delete') && target && next) await leadLife(walk, marker, target.id, next.id, propertyId);
}

/**
 * Created in `workflowId`, moved to `moveTo` (its live update polled: stream.ts), a note's life
 * (notes.ts), an appointment's (appointments.ts, at `propertyId`), deleted, and its events read in
 * the audit log (audit.ts).
 */
async function leadLife(walk: Walk, marker: string, workflowId: number | string, moveTo: number | string, propertyId?: number | string): Promise<void> {
  const { check } = walk;
  await check('POST', '/leads/store', '/leads/store', 422, {}, undefined, 'POST /leads/store with no fields (422)');
  const lead = {
    first_name: 'Conformance',
    last_name: 'Check',
    name: 'Conformance Check',
    email: `${marker}@example.com`,
    phone: '+91 90000 00000',
    city: 'Mumbai',
    lead_source: 'Website',
    property_type: 1,
    workflow_id: Number(workflowId),
    activities: 1,
  };
  const created = await check('POST', '/leads/store', '/leads/store', 201, lead);
  const id = pick(created?.body, 'data', 'id') as number | string | undefined;
  if (id === undefined) return;
  const made = ['lead.created'];
  let removed: unknown = null;
  try {
    const read = await check('GET', '/leads/:id', `/leads/${id}`, 200);
    const version = pick(read?.body, 'data', 'data', 'data', 'version') as number | undefined;
    if (walk.can('lead-edit')) {
      await check('PUT', '/leads/:id', `/leads/${id}`, 200, { ...lead, city: 'Pune', ...(version === undefined ? {} : { version }) });
      if (version !== undefined) await check('PUT', '/leads/:id', `/leads/${id}`, 409, { ...lead, city: 'Thane', version }, undefined, 'PUT /leads/:id with a stale version (409)');
      else walk.skip('PUT /leads/:id with a stale version (409)', 'the server sends no lead version, so it keeps no lost-update guard');
      await check('PUT', '/leads/source/:id', `/leads/source/${id}`, 200, { lead_source: 'Referral' });
      await check('PUT', '/leads/activity/:id', `/leads/activity/${id}`, 200, { activities: 2 });
      await check('PUT', '/leads/property/:id', `/leads/property/${id}`, 200, { property_type: 2 });
      const moved = String(moveTo) !== String(workflowId);
      const change = async () => (await check('POST', '/leads/workflow/:id', `/leads/workflow/${id}`, 200, { workflowId: Number(moveTo) }, undefined, `POST /leads/workflow/:id${moved ? ' (to another status)' : ''}`)) !== null;
      if (await liveStream(walk, id, change)) {
        if (moved) made.push('lead.status_changed');
        if (await leadNotes(walk, marker, id, moved)) made.push('lead.note_added', 'lead.note_edited', 'lead.note_deleted');
      }
    } else walk.skip('POST /leads/:id/notes and the live stream', 'the account may not edit leads, and a note or a status change is the walk’s change to watch');
    await appointmentLife(walk, marker, id, propertyId);
    if (walk.otherToken) {
      await check('GET', '/leads/:id', `/leads/${id}`, 404, undefined, walk.otherToken, 'GET /leads/:id of another company (404)');
      await check('DELETE', '/leads/:id', `/leads/${id}`, 404, undefined, walk.otherToken, 'DELETE /leads/:id of another company (404)');
    }
  } finally {
    removed = await check('DELETE', '/leads/:id', `/leads/${id}`, 200);
    if (!removed) walk.judge('clean-up', `lead ${id} (${marker}) may still be there: delete it by hand`);
    else await check('GET', '/leads/:id', `/leads/${id}`, 404, undefined, undefined, 'GET /leads/:id after its delete (404)');
  }
  await auditLog(walk, id, removed ? [...made, 'lead.deleted'] : made);
}
