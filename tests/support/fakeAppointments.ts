/**
 * The calendar calls that other widgets' fakes answer beside their own (the leads board's rows and
 * a property's visits, and the calendar's New appointment form opened there by "Schedule visit"):
 * each lead's next appointment, a property's upcoming visits, the clash check, adding one, and the
 * people the agent picker lists — in the contract's answer shapes, over an in-memory list.
 */
import type { ServerResponse } from 'node:http';
import { MESSAGES, type Appointment } from '../../src/contract';
import { send, type Seen } from './fakeApiServer';

export const FAKE_ZONE = 'Asia/Kolkata';
export const FAKE_PEOPLE = [
  { id: 7, name: 'Skyline Admin', email: 'admin@skyline.test' },
  { id: 8, name: 'Ravi Kumar', email: 'agent@skyline.test' },
];

const STAMP = '2026-11-01T00:00:00.000Z';

/** An appointment as the API answers it; a site visit of lead 1 at property 1 unless told. */
export function fakeAppointment(over: Partial<Appointment> & Pick<Appointment, 'id' | 'starts_at'>): Appointment {
  return {
    kind: 'site_visit',
    title: null,
    lead_id: 1,
    lead: { id: 1, name: 'Asha Lead1' },
    property_ids: [1],
    properties: [{ id: 1, title: 'Sunrise Home 1', address: '1 Road No. 12, Hyderabad' }],
    agent_id: 8,
    agent: { id: 8, name: 'Ravi Kumar' },
    invitee_ids: [],
    invitees: [],
    ends_at: new Date(Date.parse(over.starts_at) + 3_600_000).toISOString(),
    place: null,
    note: null,
    status: 'confirmed',
    outcome: null,
    feedback: [],
    reminder_minutes: 30,
    version: 1,
    created_by: 7,
    created_at: STAMP,
    updated_at: STAMP,
    ...over,
  };
}

const open = (a: Appointment, now: number) => Date.parse(a.ends_at) > now && (a.status === 'proposed' || a.status === 'confirmed');

export class FakeAppointments {
  list: Appointment[] = [];
  private nextId = 500;

  reset(): void {
    this.list = [];
    this.nextId = 500;
  }

  /** Answers the request when it is one of these calls; false otherwise. */
  route(req: Seen, path: string, res: ServerResponse): boolean {
    const now = Date.now();
    const body = (req.json ?? {}) as Record<string, unknown>;
    let m: RegExpExecArray | null;
    if (req.method === 'GET' && path === '/appointments/next') {
      const ids = (req.query.get('lead_ids') ?? '').split(',').filter(Boolean);
      const data = ids
        .map((id) => this.list.filter((a) => String(a.lead_id) === id && open(a, now)).sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at))[0])
        .filter((a): a is Appointment => a !== undefined)
        .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
      send(res, 200, { status: 'Success', data, time_zone: FAKE_ZONE });
      return true;
    }
    if (req.method === 'GET' && (m = /^\/properties\/(\d+)\/appointments$/.exec(path))) {
      const id = Number(m[1]);
      const data = this.list
        .filter((a) => a.property_ids.map(Number).includes(id) && Date.parse(a.ends_at) > now && a.status !== 'cancelled')
        .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
      send(res, 200, { status: 'Success', data, time_zone: FAKE_ZONE });
      return true;
    }
    if (req.method === 'GET' && path === '/appointments/clashes') {
      send(res, 200, { status: 'Success', data: [] });
      return true;
    }
    if (req.method === 'POST' && path === '/appointments') {
      const leadId = body.lead_id == null ? null : Number(body.lead_id);
      const propertyIds = ((body.property_ids as number[] | undefined) ?? []).map(Number);
      const agentId = body.agent_id == null ? 7 : Number(body.agent_id);
      const created = fakeAppointment({
        ...(body as Partial<Appointment>),
        id: this.nextId++,
        status: 'proposed',
        lead_id: leadId,
        lead: leadId == null ? null : { id: leadId, name: `Lead ${leadId}` },
        property_ids: propertyIds,
        properties: propertyIds.map((id) => ({ id, title: `Property ${id}`, address: null })),
        agent_id: agentId,
        agent: { id: agentId, name: FAKE_PEOPLE.find((p) => p.id === agentId)?.name ?? null },
        starts_at: String(body.starts_at),
        ends_at: String(body.ends_at ?? new Date(Date.parse(String(body.starts_at)) + 3_600_000).toISOString()),
      });
      this.list.push(created);
      send(res, 201, { status: 'Success', message: MESSAGES.appointments.created, data: created });
      return true;
    }
    if (req.method === 'GET' && path === '/users') {
      send(res, 200, { status: 'Success', data: { users: FAKE_PEOPLE, total: FAKE_PEOPLE.length } });
      return true;
    }
    return false;
  }
}
