/**
 * A property's upcoming visits on its details and "Schedule visit" there (the calendar's New
 * appointment form with the property in place): the list in the company's zone, "No upcoming
 * visits", the form pre-filled and saved, the list after saving and the focus back, permissions
 * hiding both, and a quiet message when the visits cannot be loaded.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PERMISSIONS as P } from '../../../src/contract';
import { fakeAppointment } from '../../support/fakeAppointments';
import { FakePropertiesServer } from './fakePropertiesServer';
import { cleanupInventory, renderInventory, waitForToast } from './renderInventory';

const fake = new FakePropertiesServer();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
afterEach(() => {
  cleanupInventory();
  fake.reset();
});

const T = { timeout: 10_000 };
const panel = () => screen.findByRole('region', { name: 'Upcoming visits' }, T);
const visitCalls = (id: number) => fake.requests.filter((r) => r.path === `/api/v1/properties/${id}/appointments`);

describe('property details: upcoming visits', () => {
  it("lists the property's visits soonest first in the company's zone, or says there are none", async () => {
    fake.appointments.list = [
      fakeAppointment({ id: 2, starts_at: '2030-12-06T09:30:00.000Z', lead: { id: 2, name: 'Rohit Shah' }, status: 'proposed' }),
      fakeAppointment({ id: 1, starts_at: '2030-12-05T05:00:00.000Z', lead: { id: 1, name: 'Asha Verma' } }),
      fakeAppointment({ id: 3, starts_at: '2030-12-07T05:00:00.000Z', status: 'cancelled' }),
    ];
    renderInventory(fake, '/property/1');
    const region = await panel();
    const items = await within(region).findAllByRole('listitem', undefined, T);
    expect(items.map((li) => li.textContent)).toEqual([
      '05/12/2030, 10:30ConfirmedLead: Asha VermaAgent: Ravi Kumar',
      '06/12/2030, 15:00ProposedLead: Rohit ShahAgent: Ravi Kumar',
    ]);
    expect(within(region).getByText('Times in Asia/Kolkata')).toBeTruthy();
    expect(visitCalls(1)[0]!.query.get('upcoming')).toBe('1');
  });

  it('says "No upcoming visits" for a property without any', async () => {
    renderInventory(fake, '/property/2');
    const region = await panel();
    await within(region).findByText('No upcoming visits', undefined, T);
  });

  it('schedules a visit of the property: the form has it in place; after saving the list shows the visit and the focus is back', async () => {
    const h = renderInventory(fake, '/property/2');
    const region = await panel();
    await within(region).findByText('No upcoming visits', undefined, T);
    const button = within(region).getByRole('button', { name: 'Schedule visit' });
    button.focus();
    fireEvent.click(button);
    const form = await screen.findByRole('dialog', { name: 'New appointment' }, T);
    expect((within(form).getByLabelText(/^Kind/) as HTMLSelectElement).value).toBe('site_visit');
    expect(within(form).getByRole('button', { name: 'Remove Sunrise Home 2' })).toBeTruthy();
    // The place is left to the server: the first property's address.
    expect((within(form).getByLabelText(/^Place/) as HTMLInputElement).placeholder).toBe("The first property's address");

    const lead = within(form).getByRole('combobox', { name: /Lead/ });
    fireEvent.focus(lead);
    fireEvent.change(lead, { target: { value: 'asha' } });
    fireEvent.click(await within(form).findByRole('option', { name: 'Asha Verma' }, T));
    fireEvent.change(within(form).getByLabelText(/^Start/), { target: { value: '2030-12-01T11:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitForToast(h, MESSAGES.appointments.created);
    const [post] = fake.requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/appointments');
    expect(post!.json).toMatchObject({ kind: 'site_visit', lead_id: 11, property_ids: [2], agent_id: 7, starts_at: '2030-12-01T05:30:00.000Z', place: null });

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), T);
    await within(region).findByText('01/12/2030, 11:00', undefined, T);
    expect(document.activeElement).toBe(within(region).getByRole('button', { name: 'Schedule visit' }));
  });
});

describe('property details: who sees the visits and Schedule visit', () => {
  it('shows no panel and asks nothing without event-read and event-create', async () => {
    renderInventory(fake, '/property/1', { who: 'agent', permissions: [P.propertyRead] });
    await screen.findByRole('heading', { name: 'Sunrise Home 1' }, T);
    expect(screen.queryByRole('region', { name: 'Upcoming visits' })).toBeNull();
    expect(visitCalls(1)).toHaveLength(0);
  });

  it('lists the visits with event-read alone, without Schedule visit', async () => {
    fake.appointments.list = [fakeAppointment({ id: 1, starts_at: '2030-12-05T05:00:00.000Z' })];
    renderInventory(fake, '/property/1', { who: 'agent', permissions: [P.propertyRead, P.eventRead] });
    const region = await panel();
    await within(region).findByText('05/12/2030, 10:30', undefined, T);
    expect(within(region).queryByRole('button', { name: 'Schedule visit' })).toBeNull();
  });

  it('offers Schedule visit with event-create alone, listing nothing', async () => {
    renderInventory(fake, '/property/1', { who: 'agent', permissions: [P.propertyRead, P.eventCreate] });
    const region = await panel();
    expect(within(region).getByRole('button', { name: 'Schedule visit' })).toBeTruthy();
    expect(within(region).queryByRole('list')).toBeNull();
    expect(visitCalls(1)).toHaveLength(0);
  });
});

describe('property details: when the visits cannot be loaded', () => {
  it('says so quietly in the panel, keeps the details, and tries again', async () => {
    fake.answer('GET', '/properties/1/appointments', 500, { status: 'Error', message: 'boom' });
    const h = renderInventory(fake, '/property/1');
    const region = await panel();
    const note = await within(region).findByText(/Upcoming visits could not be loaded/, undefined, T);
    expect(screen.getByRole('heading', { name: 'Sunrise Home 1' })).toBeTruthy();
    expect(h.toasts()).toEqual([]);
    fake.overrides = [];
    fake.appointments.list = [fakeAppointment({ id: 1, starts_at: '2030-12-05T05:00:00.000Z' })];
    fireEvent.click(within(note).getByRole('button', { name: 'Try again' }));
    await within(region).findByText('05/12/2030, 10:30', undefined, T);
  });
});
