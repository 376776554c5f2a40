/**
 * A lead's next appointment on the board and "Schedule visit" (the calendar's New appointment
 * form, pre-filled): one request for the page's rows, the form with the lead and its agent, the
 * row showing the new visit after saving and the focus back on its button, permissions hiding
 * both, and a quiet notice when the appointments cannot be loaded.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PERMISSIONS as P } from '../../../src/contract';
import { fakeAppointment } from '../../support/fakeAppointments';
import { FakeLeadsServer } from './fakeLeadsServer';
import { bodyRows, cleanupBoard, renderBoard, waitForRows, waitForToast } from './renderBoard';

const fake = new FakeLeadsServer();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
afterEach(() => {
  cleanupBoard();
  fake.reset();
});

const T = { timeout: 10_000 };
/** 05/12/2030 10:30 in Kolkata. */
const VISIT_AT = '2030-12-05T05:00:00.000Z';
const nextCalls = () => fake.requests.filter((r) => r.path === '/api/v1/appointments/next');
const leadField = (form: HTMLElement) => within(form).getByRole('combobox', { name: /Lead/ }) as HTMLInputElement;
const rowOf = (name: string) => bodyRows().find((row) => row.textContent?.includes(name))!;

function seedVisit() {
  fake.appointments.list = [
    fakeAppointment({ id: 1, lead_id: 1, starts_at: VISIT_AT }),
    // Over already: never the next one.
    fakeAppointment({ id: 2, lead_id: 3, starts_at: '2020-01-01T05:00:00.000Z' }),
  ];
}

describe('leads board: the next appointment on each row', () => {
  it("shows a lead's next appointment in the company's zone and the person's date format, asked once for the page", async () => {
    seedVisit();
    renderBoard(fake);
    await waitForRows(10);
    await waitFor(() => expect(rowOf('Asha Lead1').textContent).toContain('Next: Site visit · 05/12/2030, 10:30'), T);
    expect(nextCalls()).toHaveLength(1);
    expect(nextCalls()[0]!.query.get('lead_ids')).toBe('1,2,3,4,5,6,7,8,9,10');
    // No next appointment (none, or one that is over): nothing on the row.
    expect(rowOf('Meera Lead3').textContent).not.toContain('Next:');
    expect(rowOf('Ravi Lead2').textContent).not.toContain('Next:');
  });

  it('opens the calendar form from a lead: a site visit of that lead run by its agent; after saving the row shows it and the focus is back', async () => {
    seedVisit();
    const h = renderBoard(fake);
    await waitForRows(10);
    await waitFor(() => expect(rowOf('Asha Lead1').textContent).toContain('Next:'), T);

    const button = within(rowOf('Asha Lead1')).getByRole('button', { name: 'Schedule visit with Asha Lead1' });
    button.focus();
    fireEvent.click(button);
    const form = await screen.findByRole('dialog', { name: 'New appointment' }, T);
    expect((within(form).getByLabelText(/^Kind/) as HTMLSelectElement).value).toBe('site_visit');
    expect(leadField(form).value).toBe('Asha Lead1');
    // The agent of the lead's next appointment runs this one too.
    await waitFor(() => expect((within(form).getByLabelText(/^Agent/) as HTMLSelectElement).value).toBe('8'), T);
    expect(within(form).getAllByText(/Times in Asia\/Kolkata/).length).toBeGreaterThan(0);

    const properties = within(form).getByRole('combobox', { name: /Properties/ });
    fireEvent.focus(properties);
    fireEvent.change(properties, { target: { value: 'sun' } });
    fireEvent.click(await within(form).findByRole('option', { name: 'Sunrise Home 1' }, T));
    fireEvent.change(within(form).getByLabelText(/^Start/), { target: { value: '2030-12-01T09:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitForToast(h, MESSAGES.appointments.created);

    const [post] = fake.requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/appointments');
    expect(post!.json).toMatchObject({ kind: 'site_visit', lead_id: 1, property_ids: [1], agent_id: 8, starts_at: '2030-12-01T03:30:00.000Z' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), T);
    // The row's line follows the save: the new visit comes first now.
    await waitFor(() => expect(rowOf('Asha Lead1').textContent).toContain('Next: Site visit · 01/12/2030, 09:00'), T);
    expect(document.activeElement).toBe(within(rowOf('Asha Lead1')).getByRole('button', { name: 'Schedule visit with Asha Lead1' }));
  });

  it('a lead without appointments gets the person scheduling as the agent', async () => {
    renderBoard(fake);
    await waitForRows(10);
    await waitFor(() => expect(nextCalls()).toHaveLength(1), T);
    fireEvent.click(within(rowOf('Ravi Lead2')).getByRole('button', { name: 'Schedule visit with Ravi Lead2' }));
    const form = await screen.findByRole('dialog', { name: 'New appointment' }, T);
    expect(leadField(form).value).toBe('Ravi Lead2');
    await waitFor(() => expect((within(form).getByLabelText(/^Agent/) as HTMLSelectElement).value).toBe('7'), T);
  });

  it('Edit Lead shows the next appointment and schedules a visit too', async () => {
    seedVisit();
    renderBoard(fake);
    await waitForRows(10);
    fireEvent.click(within(rowOf('Asha Lead1')).getByRole('button', { name: 'Edit Asha Lead1' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Lead' }, T);
    const bar = await within(edit).findByRole('group', { name: 'Appointments' }, T);
    await waitFor(() => expect(bar.textContent).toContain('Site visit · 05/12/2030, 10:30 with Ravi Kumar'), T);
    const schedule = within(bar).getByRole('button', { name: 'Schedule visit' });
    schedule.focus();
    fireEvent.click(schedule);
    const form = await screen.findByRole('dialog', { name: 'New appointment' }, T);
    expect(leadField(form).value).toBe('Asha Lead1');
    fireEvent.keyDown(form, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New appointment' })).toBeNull(), T);
    // Edit Lead stays open, with the focus back on its button.
    expect(screen.getByRole('dialog', { name: 'Edit Lead' })).toBeTruthy();
    expect(document.activeElement).toBe(schedule);
  });
});

describe('leads board: who sees the next appointment and Schedule visit', () => {
  it('hides both, and asks nothing, without event-read and event-create', async () => {
    seedVisit();
    renderBoard(fake, 'agent', [P.leadRead, P.leadEdit]);
    await waitForRows(10);
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(nextCalls()).toHaveLength(0);
    expect(rowOf('Asha Lead1').textContent).not.toContain('Next:');
    expect(screen.queryByRole('button', { name: /^Schedule visit/ })).toBeNull();
    fireEvent.click(within(rowOf('Asha Lead1')).getByRole('button', { name: 'Edit Asha Lead1' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Lead' }, T);
    await within(edit).findByRole('form', { name: 'Edit Lead' }, T);
    expect(within(edit).queryByRole('group', { name: 'Appointments' })).toBeNull();
  });

  it('shows the next appointment with event-read alone, without Schedule visit', async () => {
    seedVisit();
    renderBoard(fake, 'agent', [P.leadRead, P.eventRead]);
    await waitForRows(10);
    await waitFor(() => expect(rowOf('Asha Lead1').textContent).toContain('Next: Site visit'), T);
    expect(screen.queryByRole('button', { name: /^Schedule visit/ })).toBeNull();
  });

  it('offers Schedule visit with event-create alone, asking for no next appointments', async () => {
    renderBoard(fake, 'agent', [P.leadRead, P.eventCreate]);
    await waitForRows(10);
    expect(within(rowOf('Asha Lead1')).getByRole('button', { name: 'Schedule visit with Asha Lead1' })).toBeTruthy();
    expect(nextCalls()).toHaveLength(0);
  });
});

describe('leads board: when the next appointments cannot be loaded', () => {
  it('keeps the board as it is and says so once, quietly, with Try again', async () => {
    seedVisit();
    fake.answer('GET', '/appointments/next', 500, { status: 'Error', message: 'boom' });
    const h = renderBoard(fake);
    const rows = await waitForRows(10);
    const notice = await screen.findByText(/Next appointments could not be loaded/, undefined, T);
    expect(notice.getAttribute('role')).toBe('status');
    expect(rows[0]!.textContent).not.toContain('Next:');
    expect(h.toasts()).toEqual([]);
    fake.overrides = [];
    fireEvent.click(within(notice).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rowOf('Asha Lead1').textContent).toContain('Next: Site visit'), T);
    expect(screen.queryByText(/Next appointments could not be loaded/)).toBeNull();
  });
});
