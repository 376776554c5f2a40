/**
 * Rows of authorization.table.ts for the activity calls: a lead's timeline needs lead-read, its
 * notes lead-edit, and a note's own changes its author (the Skyline admin writes the note each row
 * changes, so everyone else is refused with 403, Harbor's admin with 404). The audit log is for
 * company admins and the super admin; agents get 403 whatever their role. The live stream is open
 * to anyone signed in (what each receives is filtered by their permissions: activity.test.ts);
 * `lifetime=0` makes it answer and end.
 */
import type { AuthorizationCase, TableFixtures } from './authorization.table';
import { companyIdOf, insertTestLead } from './helpers/leads';
import type { TablePersona } from './helpers/tablePersonas';

type Expect = Record<TablePersona, number>;
const leadExpect = (skylineAdmin: number, skylineAgent: number, harborAdmin: number, leadReader: number): Expect => ({
  anonymous: 401,
  superAdmin: 403,
  skylineAdmin,
  skylineAgent,
  harborAdmin,
  propertyAgent: 403,
  leadReader,
});
const adminsOnly: Expect = { anonymous: 401, superAdmin: 200, skylineAdmin: 200, skylineAgent: 403, harborAdmin: 200, propertyAgent: 403, leadReader: 403 };

async function skylineLead(f: TableFixtures): Promise<number> {
  return insertTestLead(f.ctx.app.db, (await companyIdOf(f.ctx.app.db, 'skylineAdmin'))!);
}

/** A Skyline lead with a note the Skyline admin wrote just now. */
async function skylineNote(f: TableFixtures): Promise<{ leadId: number; noteId: number }> {
  const leadId = await skylineLead(f);
  const now = f.ctx.app.clock().toISOString();
  const { id } = await f.ctx.app.db
    .insertInto('lead_notes')
    .values({ company_id: (await companyIdOf(f.ctx.app.db, 'skylineAdmin'))!, lead_id: leadId, author_id: f.ctx.ids.skylineAdmin, author_name: 'Table Admin', kind: 'note', body: 'Table note', follow_up_at: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { leadId, noteId: id };
}

export const ACTIVITY_AUTHORIZATION_ROWS: AuthorizationCase[] = [
  {
    route: 'GET /api/v1/leads/:id/timeline',
    title: "a Skyline lead's timeline",
    request: async (f) => ({ method: 'GET', url: `/api/v1/leads/${await skylineLead(f)}/timeline` }),
    expect: leadExpect(200, 200, 404, 200),
  },
  {
    route: 'POST /api/v1/leads/:id/notes',
    title: 'a note on a Skyline lead',
    request: async (f) => ({ method: 'POST', url: `/api/v1/leads/${await skylineLead(f)}/notes`, payload: { kind: 'call', body: 'Called back' } }),
    expect: leadExpect(201, 201, 404, 403),
  },
  {
    route: 'PUT /api/v1/leads/:id/notes/:noteId',
    title: "the Skyline admin's note, changed",
    request: async (f) => {
      const { leadId, noteId } = await skylineNote(f);
      return { method: 'PUT', url: `/api/v1/leads/${leadId}/notes/${noteId}`, payload: { kind: 'note', body: 'Changed' } };
    },
    expect: leadExpect(200, 403, 404, 403),
  },
  {
    route: 'DELETE /api/v1/leads/:id/notes/:noteId',
    title: "the Skyline admin's note, deleted",
    request: async (f) => {
      const { leadId, noteId } = await skylineNote(f);
      return { method: 'DELETE', url: `/api/v1/leads/${leadId}/notes/${noteId}` };
    },
    expect: leadExpect(200, 403, 404, 403),
  },
  { route: 'GET /api/v1/activity', title: 'the audit log', request: () => ({ method: 'GET', url: '/api/v1/activity' }), expect: adminsOnly },
  { route: 'GET /api/v1/activity/export', title: 'the audit log as CSV', request: () => ({ method: 'GET', url: '/api/v1/activity/export' }), expect: adminsOnly },
  {
    route: 'GET /api/v1/activity/stream',
    title: 'live updates, polled',
    request: () => ({ method: 'GET', url: '/api/v1/activity/stream?lifetime=0', headers: { 'last-event-id': '0' } }),
    expect: { anonymous: 401, superAdmin: 200, skylineAdmin: 200, skylineAgent: 200, harborAdmin: 200, propertyAgent: 200, leadReader: 200 },
  },
];
