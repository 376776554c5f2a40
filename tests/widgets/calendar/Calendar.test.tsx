import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, MESSAGES } from '../../../src/contract';
import { createMemoryStorage, createRuntime } from '../../../src/core';
import { Calendar } from '../../../src/widgets/calendar/Calendar';
import type { CalendarView } from '../../../src/widgets/calendar/model';
import { cleanupWidgets, renderInRuntime, waitForToast } from '../../support/widgetHarness';
import { FakeCalendarServer, todayAt, todayKey } from './fakeCalendarServer';

const fake = new FakeCalendarServer();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
afterEach(() => {
  cleanupWidgets();
  fake.reset();
});

function renderCalendar(view: CalendarView = 'week', permissions: readonly string[] = ALL_PERMISSIONS) {
  const runtime = createRuntime({ apiBase: fake.base, storage: createMemoryStorage() });
  runtime.session.getState().signIn({
    token: 'test-token',
    company_id: 1,
    user: { id: 7, name: 'Skyline Admin', user_type: 'admin', permissions: [...permissions] },
  });
  return renderInRuntime(runtime, '/calendar', <Calendar initialView={view} />);
}

const T = { timeout: 10_000 };
const dialog = () => screen.getByRole('dialog');
const block = (name: RegExp) => screen.findByRole('button', { name }, T);

describe('Calendar: the views', () => {
  it('week: draws each appointment in its day column at its time, in the company zone', async () => {
    renderCalendar('week');
    const visit = await block(/^10:00 Site visit · Asha Verma\b.*, 10:00 – 11:00, Confirmed$/);
    expect(visit.closest('[data-date]')?.getAttribute('data-date')).toBe(todayKey());
    expect(visit.style.top).toBe('480px');
    expect(await block(/^15:00 Team meeting\b.*, 15:00 – 15:30, /)).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Week' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText(/Asia\/Kolkata/)).toBeTruthy();
  });

  it('day and month show the same appointments; agenda lists them under their day', async () => {
    renderCalendar('day');
    await block(/^\S+ Site visit · Asha Verma\b/);
    fireEvent.click(screen.getByRole('radio', { name: 'Month' }));
    const cell = await waitFor(() => {
      const found = document.querySelector(`[data-date="${todayKey()}"]`) as HTMLElement;
      expect(within(found).getByText(/10:00 Site visit · Asha Verma/)).toBeTruthy();
      return found;
    }, T);
    expect(within(cell).getByText(/15:00 Team meeting/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Agenda' }));
    const item = await screen.findByText('10:00 – 11:00', undefined, T);
    expect(item.closest('button')?.textContent).toContain('Sea View Villa');
  });

  it('says so when there is nothing in the range', async () => {
    fake.appointments = [];
    renderCalendar('agenda');
    await screen.findByText('No appointments', undefined, T);
  });

  it('shows the error state and tries again', async () => {
    fake.answer('GET', '/appointments', 500, { status: 'Error', message: 'boom' });
    const h = renderCalendar('week');
    await screen.findByRole('button', { name: 'Try again' }, T);
    await waitForToast(h, 'Error fetching appointments');
    fake.overrides = [];
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await block(/^\S+ Site visit · Asha Verma\b/);
  });

  it('filters by kind', async () => {
    renderCalendar('week');
    await block(/^\S+ Team meeting\b/);
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'meeting' } });
    await waitFor(() => expect(screen.queryByRole('button', { name: /^\S+ Site visit · Asha Verma\b/ })).toBeNull());
    expect(screen.getByRole('button', { name: /^\S+ Team meeting\b/ })).toBeTruthy();
  });
});

describe('Calendar: adding', () => {
  it('posts the form as the contract reads it, with the lead found by search', async () => {
    fake.appointments = [];
    const h = renderCalendar('week');
    await screen.findByText(/No appointments/, undefined, T);
    fireEvent.click(screen.getByRole('button', { name: 'New appointment' }));
    const form = await screen.findByRole('dialog', undefined, T);
    fireEvent.change(within(form).getByLabelText(/^Kind/), { target: { value: 'follow_up' } });
    const lead = within(form).getByRole('combobox', { name: /Lead/ });
    fireEvent.focus(lead);
    fireEvent.change(lead, { target: { value: 'asha' } });
    fireEvent.click(await within(form).findByRole('option', { name: 'Asha Verma' }, T));
    const day = todayKey();
    fireEvent.change(within(form).getByLabelText(/^Start/), { target: { value: `${day}T09:30` } });
    fireEvent.change(within(form).getByLabelText(/^Note/), { target: { value: 'Call about the loan' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitForToast(h, MESSAGES.appointments.created);
    const [post] = fake.calls('POST', '/appointments');
    expect(post!.json).toMatchObject({
      kind: 'follow_up',
      lead_id: 11,
      property_ids: [],
      agent_id: 7,
      starts_at: todayAt(9, 30),
      note: 'Call about the loan',
      reminder_minutes: 30,
    });
    // The end kept the length the form started with (an hour).
    expect((post!.json as { ends_at: string }).ends_at).toBe(todayAt(10, 30));
  });

  it('shows what the time clashes with before saving, and saving stays allowed', async () => {
    renderCalendar('week');
    await block(/^\S+ Site visit · Asha Verma\b/);
    fireEvent.click(screen.getByRole('button', { name: 'New appointment' }));
    const form = await screen.findByRole('dialog', undefined, T);
    fireEvent.change(within(form).getByLabelText(/^Kind/), { target: { value: 'meeting' } });
    fireEvent.change(within(form).getByLabelText(/^Start/), { target: { value: `${todayKey()}T10:30` } });
    await within(form).findByText(/Skyline Admin already has a site visit at 10:00/, undefined, T);
    const [question] = fake.calls('GET', '/appointments/clashes').slice(-1);
    expect(question!.query.get('agent_id')).toBe('7');
    expect(within(form).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false);
  });

  it("puts a 422's messages on their fields and keeps what was typed", async () => {
    fake.answer('POST', '/appointments', 422, { status: 'Error', message: 'The given data was invalid.', errors: { lead_id: [MESSAGES.appointments.leadUnknown] } });
    renderCalendar('week');
    await block(/^\S+ Site visit · Asha Verma\b/);
    fireEvent.click(screen.getByRole('button', { name: 'New appointment' }));
    const form = await screen.findByRole('dialog', undefined, T);
    fireEvent.change(within(form).getByLabelText(/^Kind/), { target: { value: 'meeting' } });
    const lead = within(form).getByRole('combobox', { name: /Lead/ });
    fireEvent.focus(lead);
    fireEvent.click(await within(form).findByRole('option', { name: 'Rohit Shah' }, T));
    fireEvent.change(within(form).getByLabelText(/^Note/), { target: { value: 'Bring the papers' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await within(form).findByText(MESSAGES.appointments.leadUnknown, undefined, T);
    expect((within(form).getByLabelText(/^Note/) as HTMLTextAreaElement).value).toBe('Bring the papers');
  });
});

describe('Calendar: changing', () => {
  it('moves a focused appointment by the keyboard and sends the new times with the version', async () => {
    renderCalendar('week');
    const visit = await block(/^\S+ Site visit · Asha Verma\b/);
    visit.focus();
    fireEvent.keyDown(visit, { key: 'ArrowDown' });
    await waitFor(() => expect(fake.calls('PUT', '/appointments/1')).toHaveLength(1), T);
    expect(fake.calls('PUT', '/appointments/1')[0]!.json).toMatchObject({ starts_at: todayAt(10, 15), ends_at: todayAt(11, 15), version: 1 });
    expect(screen.getByRole('status').textContent).toMatch(/moved to .*10:15 – 11:15/);
    // Shift+↑ then shortens it, with the version the first move answered.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp', shiftKey: true });
    await waitFor(() => expect(fake.calls('PUT', '/appointments/1')).toHaveLength(2), T);
    expect(fake.calls('PUT', '/appointments/1')[1]!.json).toMatchObject({ starts_at: todayAt(10, 15), ends_at: todayAt(11), version: 2 });
  });

  it('steps quick key presses on from the last one while earlier answers arrive', async () => {
    renderCalendar('week');
    const visit = await block(/^\S+ Site visit · Asha Verma\b/);
    visit.focus();
    // The second move's answer is held back until the third press is in.
    let release: (() => void) | null = null;
    fake.overrides.push((req, res) => {
      if (req.method !== 'PUT' || fake.calls('PUT', '/appointments/1').length !== 2) return false;
      release = () => (fake as unknown as { route(r: typeof req, s: typeof res): void }).route(req, res);
    });
    fireEvent.keyDown(visit, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    // The second PUT leaves once the first is answered: that answer (10:15) must not draw the block back.
    await waitFor(() => expect(fake.calls('PUT', '/appointments/1')).toHaveLength(2), T);
    await block(/^10:30 Site visit · Asha Verma\b/);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    await block(/^10:45 Site visit · Asha Verma\b/);
    release!();
    await waitFor(() => expect(fake.calls('PUT', '/appointments/1')).toHaveLength(3), T);
    expect(fake.calls('PUT', '/appointments/1').map((c) => (c.json as { starts_at: string }).starts_at)).toEqual([todayAt(10, 15), todayAt(10, 30), todayAt(10, 45)]);
    await block(/^10:45 Site visit · Asha Verma\b/);
  });

  it('edits with the version; a 409 shows the fresh appointment and says why', async () => {
    renderCalendar('week');
    await block(/^\S+ Team meeting\b/);
    // Someone else renamed it meanwhile.
    fake.appointments[1] = { ...fake.appointments[1]!, title: 'Board meeting', version: 2 };
    fireEvent.click(screen.getByRole('button', { name: /^\S+ Team meeting\b/ }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: 'Edit appointment' }, T);
    fireEvent.change(within(form).getByLabelText('Place'), { target: { value: 'Room 2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await within(form).findByText(MESSAGES.appointments.conflict, undefined, T);
    expect((within(form).getByLabelText('Title') as HTMLInputElement).value).toBe('Board meeting');
  });

  it('marking a site visit done asks whether to move the lead, and moves it only when told', async () => {
    const h = renderCalendar('week');
    fireEvent.click(await block(/^\S+ Site visit · Asha Verma\b/));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Mark done' }));
    const form = await screen.findByRole('dialog', { name: 'Mark done' }, T);
    fireEvent.change(within(form).getByLabelText('Outcome'), { target: { value: 'Liked the view' } });
    fireEvent.change(within(form).getByLabelText('Feedback on Sea View Villa'), { target: { value: 'Too far from school' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Mark done' }));
    // The question itself says the visit is done: no toast over it.
    const ask = await screen.findByRole('alertdialog', { name: 'Move Asha Verma to another status?' }, T);
    expect(within(ask).getByText(/The site visit is done/)).toBeTruthy();
    expect(h.toasts()).not.toContain(MESSAGES.appointments.updated);
    expect(fake.calls('PUT', '/appointments/1')[0]!.json).toMatchObject({
      status: 'done',
      outcome: 'Liked the view',
      feedback: [{ property_id: 5, feedback: 'Too far from school' }],
      version: 1,
    });
    const current = await within(ask).findByRole('radio', { name: /Open \(current\)/ }, T);
    await waitFor(() => expect((current as HTMLInputElement).checked).toBe(true));
    expect(fake.calls('POST', '/leads/workflow/11')).toHaveLength(0);
    fireEvent.click(within(ask).getByRole('radio', { name: 'Visited' }));
    fireEvent.click(within(ask).getByRole('button', { name: 'Move lead' }));
    await waitFor(() => expect(fake.calls('POST', '/leads/workflow/11')).toHaveLength(1), T);
    expect(fake.calls('POST', '/leads/workflow/11')[0]!.json).toEqual({ workflowId: 3 });
  });

  it('marking a meeting done says so in a toast and asks nothing about a lead', async () => {
    const h = renderCalendar('week');
    fireEvent.click(await block(/^\S+ Team meeting\b/));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Mark done' }));
    const form = await screen.findByRole('dialog', { name: 'Mark done' }, T);
    fireEvent.click(within(form).getByRole('button', { name: 'Mark done' }));
    await waitForToast(h, MESSAGES.appointments.updated);
    expect(fake.calls('PUT', '/appointments/2')[0]!.json).toMatchObject({ status: 'done' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('cancels and deletes only after confirming', async () => {
    const h = renderCalendar('week');
    fireEvent.click(await block(/^\S+ Team meeting\b/));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete appointment?' }, T);
    expect(fake.calls('DELETE', '/appointments/2')).toHaveLength(0);
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' })));
    await waitForToast(h, MESSAGES.appointments.deleted);
    expect(fake.calls('DELETE', '/appointments/2')).toHaveLength(1);
  });
});
