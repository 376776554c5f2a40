/**
 * A lead's visits in its history (docs/activity.md): appointment events said in sentences on the
 * company's wall clock — scheduled, moved, done with each property's feedback and the outcome,
 * cancelled, deleted — and a colleague's change of an appointment reloads the open history.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TimelineEntry } from '../../../src/contract';
import { appointmentLines, entryTitle, visitTime } from '../../../src/widgets/leads-board/historyModel';
import { FakeLeadsServer } from './fakeLeadsServer';
import { cleanupBoard, renderBoard, waitForRows } from './renderBoard';

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

const visit = (status: string, extra: Record<string, unknown> = {}) => ({
  appointment_id: 31,
  kind: 'site_visit',
  lead_id: 1,
  starts_at: '2026-11-28T05:30:00.000Z',
  ends_at: '2026-11-28T06:30:00.000Z',
  place: 'Baner Road, Pune',
  status,
  outcome: null,
  time_zone: 'Asia/Kolkata',
  properties: [
    { id: 4, title: 'Skyline Heights', feedback: null },
    { id: 5, title: 'Palm Court', feedback: null },
  ],
  ...extra,
});

const entry = (id: number, action: string, data: Record<string, unknown>, changes: TimelineEntry['changes'] = null): TimelineEntry => ({
  id, company_id: 1, action, record_type: 'appointment', record_id: 31, record_label: 'Site visit with Asha Rao', actor_id: 9, actor_name: 'Ravi Agent',
  changes, data, request_id: null, created_at: '2026-11-26T10:00:00.000Z',
});

describe('visits in words', () => {
  it('says each event on the company’s wall clock', () => {
    expect(visitTime('2026-11-28T05:30:00.000Z', 'Asia/Kolkata', 2026)).toBe('28 Nov, 11:00');
    expect(visitTime('2027-01-02T18:45:00.000Z', 'Asia/Kolkata', 2026)).toBe('3 Jan 2027, 00:15');
    expect(visitTime('2026-11-28T05:30:00.000Z', 'Not/AZone', 2026)).toBe('28 Nov, 11:00');
    const lines = (e: TimelineEntry) => appointmentLines(e, 2026);
    expect(lines(entry(1, 'appointment.scheduled', visit('proposed')))).toEqual(['Site visit scheduled for 28 Nov, 11:00 at Skyline Heights, Palm Court']);
    expect(lines(entry(2, 'appointment.moved', visit('proposed'), { starts_at: ['2026-11-27T05:30:00.000Z', '2026-11-28T05:30:00.000Z'] }))).toEqual([
      'Site visit moved from 27 Nov, 11:00 to 28 Nov, 11:00 at Skyline Heights, Palm Court',
    ]);
    const done = visit('done', { outcome: 'Shortlisted Skyline Heights', properties: [{ id: 4, title: 'Skyline Heights', feedback: 'Loved the balcony' }, { id: 5, title: 'Palm Court', feedback: null }] });
    expect(lines(entry(3, 'appointment.status_changed', done))).toEqual(['Visit done — feedback: Skyline Heights: Loved the balcony', 'Outcome: Shortlisted Skyline Heights']);
    expect(lines(entry(4, 'appointment.status_changed', visit('done')))).toEqual(['Visit of 28 Nov, 11:00 at Skyline Heights, Palm Court done']);
    expect(lines(entry(5, 'appointment.status_changed', visit('cancelled')))).toEqual(['Site visit of 28 Nov, 11:00 at Skyline Heights, Palm Court cancelled']);
    expect(lines(entry(6, 'appointment.deleted', { kind: 'follow_up', starts_at: '2026-11-28T05:30:00.000Z', time_zone: 'Asia/Kolkata', properties: [] }))).toEqual(['Follow-up of 28 Nov, 11:00 deleted']);
    expect(entryTitle(entry(3, 'appointment.status_changed', done))).toBe('marked a site visit done');
    expect(entryTitle(entry(1, 'appointment.scheduled', { kind: 'follow_up' }))).toBe('scheduled a follow-up');
    expect(appointmentLines({ action: 'lead.updated', data: null, changes: null })).toBeNull();
  });
});

describe("a lead's history with its visits", () => {
  it('shows the visit scheduled and done with feedback, and reloads when a colleague changes an appointment', async () => {
    const lead = fake.leads[0]!;
    const done = visit('done', { outcome: 'Shortlisted', properties: [{ id: 4, title: 'Skyline Heights', feedback: 'Loved the balcony' }] });
    fake.timelines.set(Number(lead.id), [entry(2, 'appointment.status_changed', done, { status: ['confirmed', 'done'] }), entry(1, 'appointment.scheduled', visit('proposed'))]);
    renderBoard(fake);
    const rows = await waitForRows();
    await waitFor(() => expect(fake.openStreams).toBe(1));
    await userEvent.click(within(rows[0]!).getByRole('button', { name: /^History of / }));
    const dialog = await screen.findByRole('dialog', { name: /^History of / }, { timeout: 5000 });
    expect(await within(dialog).findByText('Site visit scheduled for 28 Nov, 11:00 at Skyline Heights, Palm Court')).toBeTruthy();
    expect(within(dialog).getByText('Visit done — feedback: Skyline Heights: Loved the balcony')).toBeTruthy();
    expect(within(dialog).getByText('Outcome: Shortlisted')).toBeTruthy();
    expect(within(dialog).getByText('marked a site visit done')).toBeTruthy();
    // The raw fields are not listed as before → after.
    expect(within(dialog).queryByText(/Status: /)).toBeNull();

    const reads = fake.seen('GET', `/leads/${lead.id}/timeline`).length;
    fake.pushLive({ action: 'appointment.moved', record_type: 'appointment', record_id: 31, actor_id: 9, actor_name: 'Ravi Agent', changes: null });
    await waitFor(() => expect(fake.seen('GET', `/leads/${lead.id}/timeline`).length).toBeGreaterThan(reads));
  });
});
