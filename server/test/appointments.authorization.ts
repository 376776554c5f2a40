/**
 * Rows of authorization.table.ts for the calendar: reading needs event-read (a lead's list
 * lead-read too, a property's property-read), adding event-create, editing event-edit, deleting
 * event-delete — the demo agent (Sales Agent: event-create, event-read, event-edit) may all but
 * delete; the agents holding only property-* or lead-read get 403. The super admin has no company
 * (403). Harbor's admin gets 404 for Skyline's records. The feed file's link is its credential.
 */
import { createFeed } from '../src/modules/appointments/feed.service';
import type { AuthorizationCase, TableFixtures } from './authorization.table';
import { companyIdOf, insertTestLead } from './helpers/leads';
import type { TablePersona } from './helpers/tablePersonas';
import { companyCall, everyone } from './helpers/tablePersonas';

type Expect = Record<TablePersona, number>;
/** Calendar calls: the property-only agent and the lead reader hold no event-* permission. */
const expectOf = (skylineAdmin: number, skylineAgent: number, harborAdmin: number): Expect => ({ ...companyCall(skylineAdmin, 403, harborAdmin), skylineAgent });

const HOUR = 3_600_000;
const range = () => {
  const from = new Date(Date.now() - 7 * 24 * HOUR).toISOString();
  const to = new Date(Date.now() + 30 * 24 * HOUR).toISOString();
  return `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
};

let counter = 0;
/** A throwaway Skyline meeting the demo agent is invited to; its id. */
async function skylineAppointment(f: TableFixtures): Promise<number> {
  const db = f.ctx.app.db;
  const companyId = (await companyIdOf(db, 'skylineAdmin'))!;
  const starts = Date.now() + (48 + ++counter) * HOUR;
  const stamp = new Date().toISOString();
  const { id } = await db
    .insertInto('appointments')
    .values({
      company_id: companyId,
      kind: 'meeting',
      title: `Table meeting ${counter}`,
      lead_id: null,
      agent_id: f.ctx.ids.skylineAdmin,
      starts_at: new Date(starts).toISOString(),
      ends_at: new Date(starts + HOUR).toISOString(),
      place: null,
      note: null,
      status: 'confirmed',
      outcome: null,
      reminder_minutes: null,
      reminder_at: null,
      reminder_sent_at: null,
      version: 1,
      created_by: f.ctx.ids.skylineAdmin,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('appointment_invitees').values({ appointment_id: id, user_id: f.ctx.ids.skylineAgent }).execute();
  return id;
}

async function skylineProperty(f: TableFixtures): Promise<number> {
  const companyId = (await companyIdOf(f.ctx.app.db, 'skylineAdmin'))!;
  return (await f.ctx.app.db.selectFrom('properties').select('id').where('company_id', '=', companyId).orderBy('id').executeTakeFirstOrThrow()).id;
}

export const APPOINTMENT_AUTHORIZATION_ROWS: AuthorizationCase[] = [
  {
    route: 'GET /api/v1/appointments',
    title: "the caller's calendar for a range",
    request: () => ({ method: 'GET', url: `/api/v1/appointments?${range()}` }),
    expect: expectOf(200, 200, 200),
  },
  {
    route: 'GET /api/v1/appointments/clashes',
    title: 'clash check',
    request: (f) => ({ method: 'GET', url: `/api/v1/appointments/clashes?agent_id=${f.ctx.ids.skylineAdmin}&starts_at=2030-01-01T10:00:00Z&ends_at=2030-01-01T11:00:00Z` }),
    expect: expectOf(200, 200, 200),
  },
  {
    route: 'GET /api/v1/appointments/due',
    title: "the caller's own appointments due today and overdue (the bell)",
    request: () => ({ method: 'GET', url: '/api/v1/appointments/due' }),
    expect: expectOf(200, 200, 200),
  },
  {
    route: 'GET /api/v1/appointments/next',
    title: "the next appointment of each of a page of Skyline leads (another company's leads have none)",
    request: async (f) => ({ method: 'GET', url: `/api/v1/appointments/next?lead_ids=${await insertTestLead(f.ctx.app.db, (await companyIdOf(f.ctx.app.db, 'skylineAdmin'))!)},1,2` }),
    expect: expectOf(200, 200, 200),
  },
  {
    route: 'GET /api/v1/appointments/:id',
    title: 'a Skyline meeting the demo agent is invited to',
    request: async (f) => ({ method: 'GET', url: `/api/v1/appointments/${await skylineAppointment(f)}` }),
    expect: expectOf(200, 200, 404),
  },
  {
    route: 'GET /api/v1/appointments/:id/ics',
    title: "a Skyline meeting's calendar file",
    request: async (f) => ({ method: 'GET', url: `/api/v1/appointments/${await skylineAppointment(f)}/ics` }),
    expect: expectOf(200, 200, 404),
  },
  {
    route: 'POST /api/v1/appointments',
    title: 'add a meeting',
    request: () => ({ method: 'POST', url: '/api/v1/appointments', payload: { kind: 'meeting', title: `Table ${++counter}`, starts_at: '2030-02-01T10:00:00Z' } }),
    expect: expectOf(201, 201, 201),
  },
  {
    route: 'PUT /api/v1/appointments/:id',
    title: 'edit a Skyline meeting the demo agent is invited to',
    request: async (f) => ({ method: 'PUT', url: `/api/v1/appointments/${await skylineAppointment(f)}`, payload: { note: 'Agenda: the week ahead' } }),
    expect: expectOf(200, 200, 404),
  },
  {
    route: 'DELETE /api/v1/appointments/:id',
    title: 'delete a Skyline meeting (the demo agent holds no event-delete)',
    request: async (f) => ({ method: 'DELETE', url: `/api/v1/appointments/${await skylineAppointment(f)}` }),
    expect: expectOf(200, 403, 404),
  },
  {
    route: 'GET /api/v1/leads/:id/appointments',
    title: "a Skyline lead's upcoming appointments",
    request: async (f) => ({ method: 'GET', url: `/api/v1/leads/${await insertTestLead(f.ctx.app.db, (await companyIdOf(f.ctx.app.db, 'skylineAdmin'))!)}/appointments?upcoming=1` }),
    expect: expectOf(200, 200, 404),
  },
  {
    route: 'GET /api/v1/properties/:id/appointments',
    title: "a Skyline property's upcoming visits",
    request: async (f) => ({ method: 'GET', url: `/api/v1/properties/${await skylineProperty(f)}/appointments?upcoming=1` }),
    expect: expectOf(200, 200, 404),
  },
  {
    route: 'POST /api/v1/calendar-feed',
    title: 'a new private calendar feed link',
    request: () => ({ method: 'POST', url: '/api/v1/calendar-feed' }),
    expect: expectOf(200, 200, 200),
  },
  {
    route: 'DELETE /api/v1/calendar-feed',
    title: "revoke one's calendar feed link",
    request: () => ({ method: 'DELETE', url: '/api/v1/calendar-feed' }),
    expect: companyCall(200, 200, 200),
  },
  {
    route: 'GET /api/v1/calendar-feed/:token.ics',
    title: "the Skyline admin's feed, by its link alone",
    request: async (f) => {
      const { token } = await createFeed(f.ctx.app, f.ctx.ids.skylineAdmin);
      return { method: 'GET', url: `/api/v1/calendar-feed/${token}.ics` };
    },
    expect: everyone(200),
  },
];
