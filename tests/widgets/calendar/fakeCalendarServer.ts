/**
 * A tiny calendar API on node:http for the Calendar's component tests: the company's appointments
 * (a range, add, edit with the version guard, delete, the clash check), and what the form and the
 * lead-status question read (leads, properties, people, lead statuses, one lead), in the
 * contract's answer shapes; records every request.
 */
import type { ServerResponse } from 'node:http';
import type { Appointment } from '../../../src/contract';
import { MESSAGES } from '../../../src/contract';
import { dateKey, fromWallClock, todayIn } from '../../../src/widgets/calendar/model';
import { fakeAppointment } from '../../support/fakeAppointments';
import { FakeApiServer, send, type Seen } from '../../support/fakeApiServer';

export const ZONE = 'Asia/Kolkata';

/** Today at `hour`:`minute` on Kolkata's wall clock, as the server's UTC ISO text. */
export function todayAt(hour: number, minute = 0, dayOffset = 0): string {
  const today = todayIn(ZONE);
  return new Date(fromWallClock({ ...today, day: today.day + dayOffset, hour, minute, second: 0 }, ZONE)).toISOString();
}
export const todayKey = () => dateKey(todayIn(ZONE));

/** An appointment of the calendar's own seed: lead 11's visit to property 5 with the admin, unless told. */
export function makeAppointment(over: Partial<Appointment> & Pick<Appointment, 'id' | 'starts_at' | 'ends_at'>): Appointment {
  return fakeAppointment({
    lead_id: 11,
    lead: { id: 11, name: 'Asha Verma' },
    property_ids: [5],
    properties: [{ id: 5, title: 'Sea View Villa', address: '12 Marine Drive' }],
    agent_id: 7,
    agent: { id: 7, name: 'Skyline Admin' },
    place: '12 Marine Drive',
    ...over,
  });
}

export const seedAppointments = (): Appointment[] => [
  makeAppointment({ id: 1, starts_at: todayAt(10), ends_at: todayAt(11) }),
  makeAppointment({
    id: 2,
    kind: 'meeting',
    lead_id: null,
    lead: null,
    property_ids: [],
    properties: [],
    title: 'Team meeting',
    place: 'Office',
    starts_at: todayAt(15),
    ends_at: todayAt(15, 30),
  }),
];

const WORKFLOWS = [
  { id: 1, name: 'All Contacts' },
  { id: 2, name: 'Open' },
  { id: 3, name: 'Visited' },
  { id: 4, name: 'Won' },
];
const LEADS = [
  { id: 11, name: 'Asha Verma', first_name: 'Asha', last_name: 'Verma', workflow_id: 2, workflow: 'Open' },
  { id: 12, name: 'Rohit Shah', first_name: 'Rohit', last_name: 'Shah', workflow_id: 2, workflow: 'Open' },
];
const PROPERTIES = [
  { id: 5, title: 'Sea View Villa', address: '12 Marine Drive' },
  { id: 6, title: 'Palm Court 3BHK', address: '4 Palm Road' },
];
const PEOPLE = [
  { id: 7, name: 'Skyline Admin', email: 'admin@skyline.test' },
  { id: 8, name: 'Ravi Kumar', email: 'agent@skyline.test' },
];

const overlaps = (a: { starts_at: string; ends_at: string }, from: number, to: number) => Date.parse(a.starts_at) < to && Date.parse(a.ends_at) > from;

export class FakeCalendarServer extends FakeApiServer {
  appointments: Appointment[] = seedAppointments();
  private nextId = 100;

  reset(): void {
    this.appointments = seedAppointments();
    this.nextId = 100;
    this.resetRequests();
  }

  /** The requests made to exactly `path` (after /api/v1). */
  calls(method: string, path: string): Seen[] {
    return this.requests.filter((r) => r.method === method && r.path === `/api/v1${path}`);
  }

  private expand(body: Record<string, unknown>, id: number, version: number, old?: Appointment): Appointment {
    const leadId = body.lead_id == null ? null : Number(body.lead_id);
    const propertyIds = ((body.property_ids as number[] | undefined) ?? []).map(Number);
    const agentId = body.agent_id == null ? 7 : Number(body.agent_id);
    return makeAppointment({
      ...old,
      ...(body as Partial<Appointment>),
      id,
      version,
      lead_id: leadId,
      lead: leadId == null ? null : { id: leadId, name: LEADS.find((l) => l.id === leadId)?.name ?? null },
      property_ids: propertyIds,
      properties: PROPERTIES.filter((p) => propertyIds.includes(p.id)),
      agent_id: agentId,
      agent: { id: agentId, name: PEOPLE.find((p) => p.id === agentId)?.name ?? null },
      invitee_ids: ((body.invitee_ids as number[] | undefined) ?? []).map(Number),
      invitees: [],
      starts_at: String(body.starts_at),
      ends_at: String(body.ends_at ?? new Date(Date.parse(String(body.starts_at)) + 3_600_000).toISOString()),
      feedback: (body.feedback as Appointment['feedback'] | undefined) ?? old?.feedback ?? [],
    });
  }

  protected route(req: Seen, res: ServerResponse): void {
    const path = req.path.replace(/^\/api\/v1/, '');
    const q = req.query;
    const body = (req.json ?? {}) as Record<string, unknown>;
    let m: RegExpExecArray | null;
    if (req.method === 'GET' && path === '/appointments') {
      const from = Date.parse(q.get('from') ?? '');
      const to = Date.parse(q.get('to') ?? '');
      return send(res, 200, { status: 'Success', data: this.appointments.filter((a) => overlaps(a, from, to)), time_zone: ZONE });
    }
    if (req.method === 'GET' && path === '/appointments/clashes') {
      const from = Date.parse(q.get('starts_at') ?? '');
      const to = Date.parse(q.get('ends_at') ?? '');
      const agent = q.get('agent_id');
      const data = this.appointments
        .filter((a) => a.status !== 'cancelled' && String(a.id) !== q.get('except_id') && overlaps(a, from, to) && String(a.agent_id) === agent)
        .map((a) => ({ id: a.id, kind: a.kind, status: a.status, starts_at: a.starts_at, ends_at: a.ends_at, agent: a.agent, reasons: ['agent'], property_ids: [] }));
      return send(res, 200, { status: 'Success', data });
    }
    if (req.method === 'POST' && path === '/appointments') {
      const created = this.expand(body, this.nextId++, 1);
      this.appointments.push(created);
      return send(res, 201, { status: 'Success', message: MESSAGES.appointments.created, data: created });
    }
    if ((m = /^\/appointments\/(\d+)$/.exec(path))) {
      const index = this.appointments.findIndex((a) => a.id === Number(m![1]));
      if (index < 0) return send(res, 404, { status: 'Error', message: 'Not found' });
      const stored = this.appointments[index]!;
      if (req.method === 'DELETE') {
        this.appointments.splice(index, 1);
        return send(res, 200, { status: 'Success', message: MESSAGES.appointments.deleted });
      }
      if (req.method === 'PUT') {
        if (body.version !== undefined && body.version !== stored.version) {
          return send(res, 409, { status: 'Error', message: MESSAGES.appointments.conflict, data: stored });
        }
        const updated = this.expand({ ...stored, ...body }, stored.id as number, stored.version + 1, stored);
        this.appointments[index] = updated;
        return send(res, 200, { status: 'Success', message: MESSAGES.appointments.updated, data: updated });
      }
    }
    if (req.method === 'GET' && path === '/workflow/list') return send(res, 200, { status: 'Success', data: WORKFLOWS });
    if (req.method === 'GET' && path === '/leads/list/workflow/1') {
      const text = (q.get('search') ?? '').toLowerCase();
      const data = LEADS.filter((l) => l.name.toLowerCase().includes(text));
      return send(res, 200, { status: 'Success', data: { data, total: data.length } });
    }
    if ((m = /^\/leads\/(\d+)$/.exec(path)) && req.method === 'GET') {
      const lead = LEADS.find((l) => l.id === Number(m![1]));
      return send(res, 200, { status: 'Success', data: { data: { data: lead } } });
    }
    if (/^\/leads\/workflow\/\d+$/.test(path) && req.method === 'POST') return send(res, 200, { status: 'Success', message: MESSAGES.leads.statusUpdated });
    if (req.method === 'GET' && path === '/properties') {
      const text = (q.get('search') ?? '').toLowerCase();
      const data = PROPERTIES.filter((p) => p.title.toLowerCase().includes(text));
      return send(res, 200, { status: 'Success', data, total: data.length });
    }
    if (req.method === 'GET' && path === '/users') return send(res, 200, { status: 'Success', data: { users: PEOPLE, total: PEOPLE.length } });
    send(res, 404, { status: 'Error', message: `No route ${req.method} ${path}` });
  }
}
