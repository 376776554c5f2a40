/**
 * The leads board's activity (docs/activity.md): a colleague's change reloads the board by itself,
 * an open edit form is told "Changed by … just now" and keeps what was typed, a lead's history
 * shows its changes and notes with who, and a note is added (and a refused one keeps its text).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { format, MESSAGES, type TimelineEntry } from '../../../src/contract';
import { FakeLeadsServer } from './fakeLeadsServer';
import { bodyRows, cleanupBoard, renderBoard, waitForRows, waitForToast } from './renderBoard';

vi.setConfig({ testTimeout: 30_000 });

const fake = new FakeLeadsServer();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanupBoard();
  fake.reset();
  vi.restoreAllMocks();
});

const firstLead = () => fake.leads[0]!;

describe('live updates on the board', () => {
  it("shows a colleague's status change without a reload", async () => {
    renderBoard(fake);
    await waitForRows();
    await waitFor(() => expect(fake.openStreams).toBe(1));
    const lead = firstLead();
    const lists = fake.seen('GET', '/leads/list/workflow/1').length;
    lead.workflow_id = 4;
    lead.workflow = 'Lost';
    fake.pushLive({ action: 'lead.status_changed', record_type: 'lead', record_id: Number(lead.id), actor_id: 9, actor_name: 'Ravi Agent', changes: { workflow: ['Open', 'Lost'] } });
    await waitFor(() => expect(fake.seen('GET', '/leads/list/workflow/1').length).toBeGreaterThan(lists));
  });

  it('tells an open edit form who changed the lead, keeps what was typed, and reloads on request', async () => {
    renderBoard(fake);
    const rows = await waitForRows();
    await waitFor(() => expect(fake.openStreams).toBe(1));
    const lead = firstLead();
    await userEvent.click(within(rows[0]!).getByRole('button', { name: /^Edit / }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Lead' }, { timeout: 5000 });
    const city = (await within(dialog).findByLabelText('City', { exact: false })) as HTMLInputElement;
    await userEvent.clear(city);
    await userEvent.type(city, 'Typed here');
    fake.pushLive({ action: 'lead.updated', record_type: 'lead', record_id: Number(lead.id), actor_id: 9, actor_name: 'Ravi Agent', changes: { phone: ['1', '2'] } });
    const notice = await within(dialog).findByText(format(MESSAGES.activity.changedBy, { name: 'Ravi Agent' }));
    expect(notice.closest('[role="status"]')).toBeTruthy();
    expect(city.value).toBe('Typed here');
    const gets = fake.seen('GET', `/leads/${lead.id}`).length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reload the lead' }));
    await waitFor(() => expect(fake.seen('GET', `/leads/${lead.id}`).length).toBe(gets + 1));
  });

  it('ignores one’s own change and other records', async () => {
    renderBoard(fake);
    const rows = await waitForRows();
    await waitFor(() => expect(fake.openStreams).toBe(1));
    const lead = firstLead();
    await userEvent.click(within(rows[0]!).getByRole('button', { name: /^Edit / }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Lead' }, { timeout: 5000 });
    await within(dialog).findByLabelText('City', { exact: false });
    fake.pushLive({ action: 'lead.updated', record_type: 'lead', record_id: Number(lead.id), actor_id: 7, actor_name: 'Skyline Admin', changes: null });
    fake.pushLive({ action: 'lead.updated', record_type: 'lead', record_id: 999999, actor_id: 9, actor_name: 'Ravi Agent', changes: null });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(within(dialog).queryByText(/Changed by/)).toBeNull();
  });
});

describe("a lead's history", () => {
  const entry = (id: number, fields: Partial<TimelineEntry>): TimelineEntry => ({
    id, company_id: 1, action: 'lead.status_changed', record_type: 'lead', record_id: 1, record_label: null, actor_id: 9, actor_name: 'Ravi Agent',
    changes: null, data: null, request_id: null, created_at: '2026-11-26T10:00:00.000Z', ...fields,
  });

  it('lists status changes and notes with who, and adds a note with a follow-up', async () => {
    const lead = firstLead();
    fake.timelines.set(Number(lead.id), [
      entry(2, { action: 'lead.note_added', data: { note_id: 5 }, note: { id: 5, lead_id: Number(lead.id), kind: 'call', body: 'Wants a 3 BHK', follow_up_at: null, author_id: 9, author_name: 'Ravi Agent', created_at: '2026-11-26T10:00:00.000Z', updated_at: '2026-11-26T10:00:00.000Z' } }),
      entry(1, { changes: { workflow: ['Open', 'Lost'] } }),
    ]);
    const harness = renderBoard(fake);
    const rows = await waitForRows();
    await userEvent.click(within(rows[0]!).getByRole('button', { name: /^History of / }));
    const dialog = await screen.findByRole('dialog', { name: /^History of / }, { timeout: 5000 });
    expect(await within(dialog).findByText('Status: Open → Lost')).toBeTruthy();
    expect(within(dialog).getByText('Wants a 3 BHK')).toBeTruthy();
    expect(within(dialog).getByText('logged a Call')).toBeTruthy();

    // A note without text is refused here, sending nothing; the one with text is added and kept.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add note' }));
    expect(within(dialog).getByText(MESSAGES.activity.bodyRequired)).toBeTruthy();
    expect(fake.seen('POST', `/leads/${lead.id}/notes`)).toHaveLength(0);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Note/ }), 'Call back Friday');
    await userEvent.type(within(dialog).getByLabelText('Follow-up (optional)'), '2026-12-04');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add note' }));
    await waitForToast(harness, MESSAGES.activity.noteAdded);
    expect(fake.seen('POST', `/leads/${lead.id}/notes`)[0]!.json).toEqual({ kind: 'note', body: 'Call back Friday', follow_up_at: '2026-12-04' });
    expect(await within(dialog).findByText('Call back Friday')).toBeTruthy();
  });

  it('says so when a lead has no history yet, and offers a retry when it cannot be read', async () => {
    renderBoard(fake);
    const rows = await waitForRows();
    fake.overrides.push((req, res) => {
      if (!req.path.endsWith('/timeline')) return false;
      res.writeHead(500, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end('{"status":"Error","message":"Boom"}');
      return true;
    });
    await userEvent.click(within(rows[0]!).getByRole('button', { name: /^History of / }));
    const dialog = await screen.findByRole('dialog', { name: /^History of / }, { timeout: 5000 });
    expect(await within(dialog).findByText(MESSAGES.activity.timelineFailed)).toBeTruthy();
    fake.overrides.length = 0;
    await userEvent.click(within(dialog).getByRole('button', { name: /Retry|Try again/ }));
    expect(await within(dialog).findByText(MESSAGES.activity.noEvents)).toBeTruthy();
  });

  it('shows the follow-up date on the board', async () => {
    fake.leads[0]!.follow_up_at = '2099-01-05T00:00:00.000Z';
    renderBoard(fake);
    await waitForRows();
    expect(within(bodyRows()[0]!).getByText(/Follow-up/)).toBeTruthy();
  });
});
