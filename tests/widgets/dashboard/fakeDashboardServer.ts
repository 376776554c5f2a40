/** A dashboard summary API on node:http for the live mode's tests: answers `summary` as set. */
import type { ServerResponse } from 'node:http';
import { DEFAULT_PREFERENCES, type DashboardSummary } from '../../../src/contract';
import { FakeApiServer, send, type Seen } from '../../support/fakeApiServer';

const trend = (value: number, last: number, previous: number, change: number | null) => ({
  value,
  last_30_days: last,
  previous_30_days: previous,
  change_percent: change,
  sparkline: [1, 2, 3, 2, 4, 5, 3, 6, 7, 5, 8, 9],
});

export const liveSummary = (): DashboardSummary => ({
  generated_at: '2026-11-24T10:05:00Z',
  visible: { leads: true, properties: true },
  has_data: true,
  conversions: { percentage: 40, won: 8, decided: 20 },
  properties: { total: 12, available: 9, percentage: 75 },
  leads: { total: trend(137, 30, 20, 50), active: trend(117, 25, 25, 0), lost: trend(12, 2, 4, -50) },
  leads_vs_won: {
    months: ['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'],
    leads: [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16],
    won: [1, 1, 1, 1, 0, 0, 1, 1, 1, 0, 1, 0],
  },
  agents_vs_properties: { agents: 4, properties: 12 },
  top_properties: [
    { id: 3, title: 'Lake View Villa', property_type: 'Villa', location: 'Bengaluru', status: 'available', matching_leads: 14 },
    { id: 5, title: 'Palm Court Flat', property_type: 'Apartment', location: 'Mysuru', status: 'available', matching_leads: 1 },
  ],
  latest_leads: [
    { id: 140, name: 'Ravi Kumar', email: 'ravi@example.in', phone: null, workflow_id: 3, status: 'Won', created_at: '2026-11-23T09:00:00Z' },
    { id: 139, name: 'Meera Iyer', email: null, phone: null, workflow_id: null, status: null, created_at: '2026-11-22T09:00:00Z' },
  ],
});

export const emptySummary = (): DashboardSummary => ({
  ...liveSummary(),
  has_data: false,
  conversions: { percentage: 0, won: 0, decided: 0 },
  properties: { total: 0, available: 0, percentage: 0 },
  top_properties: [],
  latest_leads: [],
});

export class FakeDashboardServer extends FakeApiServer {
  summary: DashboardSummary = liveSummary();

  reset(): void {
    this.summary = liveSummary();
    this.resetRequests();
  }

  protected override route(req: Seen, res: ServerResponse): void {
    if (req.method === 'GET' && req.path === '/api/v1/dashboard/summary') return send(res, 200, { status: 'Success', data: this.summary });
    if (req.method === 'GET' && req.path === '/api/v1/users/preferences') return send(res, 200, { status: 'Success', data: DEFAULT_PREFERENCES });
    send(res, 404, { message: 'Not found' });
  }
}
