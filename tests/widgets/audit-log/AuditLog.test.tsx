import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { format, MESSAGES } from '../../../src/contract';
import { AuditLog } from '../../../src/widgets/audit-log/AuditLog';
import { auditLogHref, auditLogWidget } from '../../../src/widgets/audit-log/widget';
import { cleanupWidgets, renderGated, waitForToast, type Harness, type Who } from '../../support/widgetHarness';
import { FakeAuditServer, manyEvents } from './fakeAuditServer';

const fake = new FakeAuditServer();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
afterEach(() => {
  cleanupWidgets();
  fake.reset();
  vi.restoreAllMocks();
});

const START = '/management/audit-log';

function renderAudit(options: { who?: Who; path?: string } = {}): Harness {
  const { who = 'admin', path = START } = options;
  fake.company = who === 'super_admin' ? null : 1;
  return renderGated({ apiBase: fake.base, widget: auditLogWidget, path, who }, <AuditLog />);
}

const rows = () => screen.queryAllByRole('row').filter((r) => r.closest('[aria-label="Audit log"]') && r.querySelectorAll('td').length > 1);
const waitForRows = (n: number) => waitFor(() => expect(rows()).toHaveLength(n), { timeout: 10_000 });
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
const lastQuery = () => Object.fromEntries(fake.calls('GET', '/activity').at(-1)!.query);
const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;

describe('Audit Log: the list', () => {
  it('shows "Loading activity...", then the events newest first, in words, with each change before → after', async () => {
    fake.delayMs = 50;
    renderAudit();
    expect(screen.getByRole('heading', { name: 'Audit Log' })).toBeTruthy();
    expect(screen.getByText('Loading activity...')).toBeTruthy();
    await waitForRows(4);
    fake.delayMs = 0;
    const table = screen.getByRole('table', { name: 'Audit log' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['When', 'Who', 'Action', 'Record', 'Changes']);
    // In the person's date format (their preferences say d mmm yyyy), with the time.
    await waitFor(() => expect(cells(rows()[0]!)[0]).toBe('5 Nov 2026, 14:05'));
    expect(cells(rows()[0]!).slice(1)).toEqual(['Ravi Kumar', 'changed the status of', 'Asha Raolead #42', 'Status: Open → Lost']);
    expect(cells(rows()[1]!).slice(2)).toEqual(['edited', 'Sales Agentrole #2', 'Permissions: added lead-edit']);
    expect(within(rows()[2]!).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['City: — → Pune', 'Phone: 98200 00000 → 98200 11111']);
    expect(cells(rows()[3]!).slice(2, 5)).toEqual(['added', 'Asha Raolead #42', '—']);
    expect(lastQuery()).toEqual({ pageSize: '50' });
    expect(screen.getByText('Showing all 4 events')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says the product’s "nothing here" when there are no events', async () => {
    fake.events = [];
    renderAudit();
    await screen.findByText(MESSAGES.activity.noEvents);
    expect(screen.queryByText(/Showing/)).toBeNull();
  });

  it('shows "Failed to load the audit log" and tries again', async () => {
    fake.answer('GET', '/activity', 500, { status: 'Error', message: 'Boom' });
    const h = renderAudit();
    await screen.findByText(MESSAGES.activity.auditFailed);
    await waitForToast(h, MESSAGES.activity.auditFailed);
    fake.overrides = [];
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitForRows(4);
  });
});

describe('Audit Log: filters in the address', () => {
  it('opens one record’s history from a link, and shows all again', async () => {
    const h = renderAudit({ path: auditLogHref({ record_type: 'lead', record_id: 42 }) });
    await waitForRows(3);
    expect(lastQuery()).toEqual({ record_type: 'lead', record_id: '42', pageSize: '50' });
    expect(screen.getByText(/The history of lead/).textContent).toBe('The history of lead Asha Rao');
    expect(select('Record type').value).toBe('lead');
    fireEvent.click(screen.getByRole('button', { name: 'Show all lead activity' }));
    await waitFor(() => expect(lastQuery()).toEqual({ record_type: 'lead', pageSize: '50' }));
    expect(h.location.get()).toBe('/management/audit-log?record_type=lead');
  });

  it('filters by person, record type, action and days, each into the address and the request', async () => {
    const h = renderAudit();
    await waitForRows(4);
    // The company's people by name, from the users list.
    await waitFor(() => expect([...select('Person').options].map((o) => o.textContent)).toEqual(['Everyone', 'meera@skyline.test', 'Ravi Kumar', 'Skyline Admin']));
    fireEvent.change(select('Person'), { target: { value: '8' } });
    await waitForRows(1);
    expect(lastQuery()).toEqual({ actor_id: '8', pageSize: '50' });
    expect(h.location.get()).toBe('/management/audit-log?actor_id=8');

    fireEvent.change(select('Person'), { target: { value: '' } });
    fireEvent.change(select('Record type'), { target: { value: 'role' } });
    await waitForRows(1);
    expect([...select('Action').options].map((o) => o.textContent)).toEqual(['All actions', 'Role: added', 'Role: edited', 'Role: deleted']);
    fireEvent.change(select('Action'), { target: { value: 'role.deleted' } });
    await screen.findByText(MESSAGES.activity.noEvents);
    expect(lastQuery()).toEqual({ record_type: 'role', action: 'role.deleted', pageSize: '50' });

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitForRows(4);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-02' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-03' } });
    await waitForRows(2);
    expect(lastQuery()).toEqual({ from: '2026-11-02', to: '2026-11-03', pageSize: '50' });
    expect(h.location.get()).toBe('/management/audit-log?from=2026-11-02&to=2026-11-03');
  });

  it('links each record to its own history', async () => {
    const h = renderAudit();
    await waitForRows(4);
    fireEvent.click(within(rows()[1]!).getByRole('link', { name: 'Sales Agent' }));
    await waitForRows(1);
    expect(h.location.get()).toBe('/management/audit-log?record_type=role&record_id=2');
    expect(lastQuery()).toEqual({ record_type: 'role', record_id: '2', pageSize: '50' });
  });
});

describe('Audit Log: paging and export', () => {
  it('loads the next page from `next` with "Load more" until the last', async () => {
    fake.events = manyEvents(120);
    renderAudit();
    await waitForRows(50);
    expect(screen.getByText('Showing the 50 newest events')).toBeTruthy();
    expect(cells(rows()[0]!)[4]).toBe('City: City 119 → City 120');
    fake.delayMs = 50;
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Loading...');
    await waitForRows(100);
    expect(lastQuery()).toEqual({ before: '71', pageSize: '50' });
    fake.delayMs = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitForRows(120);
    expect(lastQuery()).toEqual({ before: '21', pageSize: '50' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('Showing all 120 events')).toBeTruthy();
    expect(rows().map((r) => cells(r)[4]).at(-1)).toBe('City: City 0 → City 1');
  });

  it('starts again from the first page when a filter changes', async () => {
    fake.events = manyEvents(120);
    renderAudit();
    await waitForRows(50);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitForRows(100);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-05' } });
    await waitFor(() => expect(lastQuery()).toEqual({ to: '2026-11-05', pageSize: '50' }));
    await waitForRows(50);
  });

  it('exports the filtered log as CSV through the client, with the token', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:audit';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderAudit({ path: auditLogHref({ record_type: 'lead' }) });
    await waitForRows(3);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const request = fake.calls('GET', '/activity/export')[0]!;
    expect(Object.fromEntries(request.query)).toEqual({ record_type: 'lead' });
    expect(request.headers.authorization).toBe('Bearer test-token');
    expect(await created[0]!.text()).toBe('id,action\n5,lead.status_changed\n2,lead.updated\n1,lead.created\n');
    const link = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(link.download).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('says so when the export fails', async () => {
    fake.answer('GET', '/activity/export', 500, { status: 'Error', message: 'Export broke' });
    const h = renderAudit();
    await waitForRows(4);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitForToast(h, 'Export broke');
  });
});

describe('Audit Log: who may read it', () => {
  it('gives the super admin every company’s log and a company filter', async () => {
    renderAudit({ who: 'super_admin' });
    await waitForRows(5);
    await waitFor(() => expect([...select('Company').options].map((o) => o.textContent)).toEqual(['All companies', 'Harbour Homes', 'Skyline Realty']));
    expect(fake.calls('GET', '/users')).toHaveLength(0);
    // Their person filter names whoever the events name.
    expect([...select('Person').options].map((o) => o.textContent)).toEqual(['Everyone', 'Harbour Admin', 'Ravi Kumar', 'Skyline Admin']);
    fireEvent.change(select('Company'), { target: { value: '2' } });
    await waitForRows(1);
    expect(lastQuery()).toEqual({ company_id: '2', pageSize: '50' });
  });

  it('refuses an agent in place, whatever their permissions, and asks the server nothing', async () => {
    renderAudit({ who: 'agent' });
    await screen.findByText(format(MESSAGES.permission.denied, { permission: 'audit-log' }));
    expect(screen.queryByRole('heading', { name: 'Audit Log' })).toBeNull();
    expect(fake.calls('GET', '/activity')).toHaveLength(0);
  });
});
