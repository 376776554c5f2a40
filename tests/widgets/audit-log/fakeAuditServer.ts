/**
 * A tiny audit-log API on node:http for the Audit Log tests: the company's events (filtered as the
 * server filters them: person, record type and id, action exact or by prefix, days, company; newest
 * first, paged back from `before`), their CSV export, the people and companies the filters list and
 * the person's preferences, in the contract's answer shapes; records every request.
 */
import type { ServerResponse } from 'node:http';
import type { ActivityEvent } from '../../../src/contract';
import { FakeApiServer, send, type Seen } from '../../support/fakeApiServer';

/** An event with everything filled; `over` changes what a test cares about. */
export const fakeEvent = (over: Partial<ActivityEvent>): ActivityEvent => ({
  id: 0,
  company_id: 1,
  action: 'lead.updated',
  record_type: 'lead',
  record_id: 42,
  record_label: 'Asha Rao',
  actor_id: 7,
  actor_name: 'Skyline Admin',
  changes: null,
  data: null,
  request_id: null,
  created_at: '2026-11-05T14:05:00',
  ...over,
});

/** Four events of Skyline (company 1) and one of another company, newest last. */
export function seedEvents(): ActivityEvent[] {
  return [
    fakeEvent({ id: 1, action: 'lead.created', created_at: '2026-11-01T09:00:00' }),
    fakeEvent({ id: 2, action: 'lead.updated', changes: { city: [null, 'Pune'], phone: ['98200 00000', '98200 11111'] }, created_at: '2026-11-02T10:30:00' }),
    fakeEvent({ id: 3, action: 'role.updated', record_type: 'role', record_id: 2, record_label: 'Sales Agent', changes: { permissions: [['lead-read'], ['lead-read', 'lead-edit']] }, created_at: '2026-11-03T11:00:00' }),
    fakeEvent({ id: 4, company_id: 2, action: 'property.created', record_type: 'property', record_id: 5, record_label: 'Sea View Villa', actor_id: 20, actor_name: 'Harbour Admin', created_at: '2026-11-04T12:00:00' }),
    fakeEvent({ id: 5, action: 'lead.status_changed', actor_id: 8, actor_name: 'Ravi Kumar', changes: { workflow: ['Open', 'Lost'] }, created_at: '2026-11-05T14:05:00' }),
  ];
}

/** `count` edits of lead 42, ids 1..count. */
export const manyEvents = (count: number): ActivityEvent[] =>
  Array.from({ length: count }, (_, i) => fakeEvent({ id: i + 1, changes: { city: [`City ${i}`, `City ${i + 1}`] }, created_at: '2026-11-05T14:05:00' }));

export class FakeAuditServer extends FakeApiServer {
  events: ActivityEvent[] = seedEvents();
  /** The signed-in person's company (null: the super admin, who reads every company's). */
  company: number | null = 1;

  reset(): void {
    this.events = seedEvents();
    this.company = 1;
    this.resetRequests();
  }

  /** The requests made to exactly `path` (after /api/v1): `/activity`, not `/activity/export`. */
  calls(method: string, path: string): Seen[] {
    return this.requests.filter((r) => r.method === method && r.path === `/api/v1${path}`);
  }

  private filtered(q: URLSearchParams): ActivityEvent[] {
    const company = this.company ?? (q.get('company_id') ? Number(q.get('company_id')) : null);
    const action = q.get('action');
    return this.events
      .filter((e) => company === null || e.company_id === company)
      .filter((e) => !q.get('actor_id') || String(e.actor_id) === q.get('actor_id'))
      .filter((e) => !q.get('record_type') || e.record_type === q.get('record_type'))
      .filter((e) => !q.get('record_id') || String(e.record_id) === q.get('record_id'))
      .filter((e) => !action || (action.endsWith('.') ? e.action.startsWith(action) : e.action === action))
      .filter((e) => !q.get('from') || e.created_at.slice(0, 10) >= q.get('from')!)
      .filter((e) => !q.get('to') || e.created_at.slice(0, 10) <= q.get('to')!)
      .sort((a, b) => b.id - a.id);
  }

  protected override route(req: Seen, res: ServerResponse): void {
    const path = req.path.replace(/^\/api\/v1/, '');
    if (req.method === 'GET' && path === '/activity') {
      const before = Number(req.query.get('before') ?? 0);
      const size = Number(req.query.get('pageSize') ?? 30);
      const rows = this.filtered(req.query).filter((e) => !before || e.id < before);
      const page = rows.slice(0, size);
      return send(res, 200, { status: 'Success', data: { data: page, next: rows.length > size ? page[page.length - 1]!.id : null } });
    }
    if (req.method === 'GET' && path === '/activity/export') {
      const lines = ['id,action', ...this.filtered(req.query).map((e) => `${e.id},${e.action}`)];
      return send(res, 200, `${lines.join('\n')}\n`, 'text/csv; charset=utf-8');
    }
    if (req.method === 'GET' && path === '/users') {
      if (this.company === null) return send(res, 403, { status: 'Error', message: 'No company' });
      return send(res, 200, {
        status: 'Success',
        data: {
          users: [
            { id: 7, name: 'Skyline Admin', email: 'admin@skyline.test' },
            { id: 8, firstName: 'Ravi', lastName: 'Kumar', email: 'ravi@skyline.test' },
            { id: 9, email: 'meera@skyline.test' },
          ],
          total: 3,
        },
      });
    }
    if (req.method === 'GET' && path === '/company') {
      return send(res, 200, { status: 'Success', data: [{ id: 2, display_name: 'Harbour Homes' }, { id: 1, display_name: 'Skyline Realty' }] });
    }
    if (req.method === 'GET' && path === '/users/preferences') {
      return send(res, 200, { status: 'Success', data: { theme: 'light', density: 'comfortable', leads_default_tab: null, leads_page_size: 10, date_format: 'd mmm yyyy' } });
    }
    send(res, 404, { status: 'Error', message: 'Not found' });
  }
}
