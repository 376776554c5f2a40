/**
 * The top bar's bell: the static five items for everyone, word for word; for someone with
 * event-read their appointments due today and the overdue ones above them, in named groups, the
 * count on the badge and in the button's name, each leading to the calendar; loading, "Nothing
 * due today" and an error with Try again; reloaded on opening and when an appointment changes.
 */
import type { ServerResponse } from 'node:http';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, type Appointment, type DueAppointments, type LiveEvent } from '../../src/contract';
import { NotificationsBell } from '../../src/app/NotificationsBell';
import { bellLabel, dueItems, NOTIFICATIONS, startText } from '../../src/app/notifications';
import { createMemoryLocation, createRuntime } from '../../src/core';
import { RuntimeProvider } from '../../src/runtime';
import { LocationProvider } from '../../src/runtime/router';
import { CALENDAR_SCREENS } from '../../src/widgets/calendar/widget';
import { FakeApiServer, send, type Seen } from '../support/fakeApiServer';

const appointment = (id: number, fields: Partial<Appointment>): Appointment => ({
  id, kind: 'site_visit', title: null, lead_id: 4, lead: { id: 4, name: 'Asha Rao' }, property_ids: [], properties: [], agent_id: 7, agent: null,
  invitee_ids: [], invitees: [], starts_at: '2026-11-28T05:30:00.000Z', ends_at: '2026-11-28T06:30:00.000Z', place: null, note: null,
  status: 'confirmed', outcome: null, feedback: [], reminder_minutes: null, version: 1, created_by: 7, created_at: '2026-11-20T00:00:00Z', updated_at: '2026-11-20T00:00:00Z',
  ...fields,
});

const dueAnswer = (): DueAppointments => ({
  data: {
    today: [appointment(31, {}), appointment(32, { kind: 'meeting', lead: null, lead_id: null, title: 'Weekly review', starts_at: '2026-11-28T11:00:00.000Z' })],
    overdue: [appointment(30, { kind: 'follow_up', starts_at: '2026-11-27T04:30:00.000Z', lead: { id: 5, name: 'Ravi Kumar' } })],
    today_total: 2,
    overdue_total: 1,
  },
  time_zone: 'Asia/Kolkata',
});

class FakeBellServer extends FakeApiServer {
  due: DueAppointments | 'error' = dueAnswer();
  private streams = new Set<ServerResponse>();
  pushLive(event: Omit<LiveEvent, 'id' | 'created_at'>): void {
    for (const res of this.streams) res.write(`id: 1\nevent: change\ndata: ${JSON.stringify({ ...event, id: 1, created_at: new Date().toISOString() })}\n\n`);
  }
  reset(): void {
    this.due = dueAnswer();
    for (const res of this.streams) res.end();
    this.streams.clear();
    this.resetRequests();
  }
  seenAt(path: string): Seen[] {
    return this.requests.filter((r) => r.path === `/api/v1${path}`);
  }
  protected override route(req: Seen, res: ServerResponse): void {
    if (req.path === '/api/v1/appointments/due') return this.due === 'error' ? send(res, 500, { status: 'Error', message: 'Boom' }) : send(res, 200, { status: 'Success', ...this.due });
    if (req.path === '/api/v1/activity/stream') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'access-control-allow-origin': '*' });
      res.write(': connected\n\n');
      this.streams.add(res);
      res.on('close', () => this.streams.delete(res));
      return;
    }
    send(res, 404, { message: 'Not found' });
  }
}

const fake = new FakeBellServer();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
afterEach(() => {
  cleanup();
  fake.reset();
});

function show(permissions: readonly string[] = ALL_PERMISSIONS, userType = 'admin') {
  const runtime = createRuntime({ storage: null, apiBase: fake.base });
  runtime.session.getState().signIn({ token: 'header.eyJzdWIiOiI3In0.sig', company_id: 1, user: { id: 7, name: 'Asha Verma', user_type: userType, permissions: [...permissions] } });
  const location = createMemoryLocation('/dashboard');
  render(
    <RuntimeProvider runtime={runtime}>
      <LocationProvider source={location}>
        <NotificationsBell />
      </LocationProvider>
    </RuntimeProvider>,
  );
  return { location };
}

const open = async (name: RegExp | string) => {
  fireEvent.click(await screen.findByRole('button', { name }));
  return screen.getByRole('menu', { name: 'Notifications' });
};

describe('the bell in words', () => {
  it('says times on the company’s wall clock and the count in the name', () => {
    expect(startText('2026-11-28T05:30:00.000Z', 'Asia/Kolkata', true)).toBe('11:00');
    expect(startText('2026-11-27T04:30:00.000Z', 'Asia/Kolkata', false)).toBe('27 Nov, 10:00');
    expect(bellLabel(1)).toBe('Notifications, 1 appointment due');
    expect(bellLabel(3)).toBe('Notifications, 3 appointments due');
    expect(dueItems(dueAnswer()).map((i) => [i.group, i.label, i.description])).toEqual([
      ['today', 'Site visit · 11:00', 'Asha Rao'],
      ['today', 'Meeting · 16:30', 'Weekly review'],
      ['overdue', 'Follow-up · 27 Nov, 10:00', 'Ravi Kumar'],
    ]);
  });
});

describe('NotificationsBell', () => {
  it('lists today’s and the overdue appointments above the five items, each leading to the calendar', async () => {
    const { location } = show();
    const trigger = await screen.findByRole('button', { name: 'Notifications, 3 appointments due' });
    expect(trigger.textContent).toContain('3');
    const menu = await open('Notifications, 3 appointments due');
    const today = within(menu).getByRole('group', { name: 'Today' });
    expect(within(today).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Site visit · 11:00Asha Rao', 'Meeting · 16:30Weekly review']);
    const overdue = within(menu).getByRole('group', { name: 'Overdue' });
    expect(within(overdue).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Follow-up · 27 Nov, 10:00Ravi Kumar']);
    const updates = within(menu).getByRole('group', { name: 'Updates' });
    expect(within(updates).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(NOTIFICATIONS.map((n) => `${n.title}${n.time}`));
    // The first item has the focus; arrows go on through the groups.
    expect(document.activeElement?.textContent).toBe('Site visit · 11:00Asha Rao');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement?.textContent).toContain('Price updated: 3 BHK, Bandra West');
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    fireEvent.click(document.activeElement!);
    expect(location.get()).toBe(CALENDAR_SCREENS.calendar.href());
  });

  it('says "Nothing due today" with the five items still there, and reloads on opening', async () => {
    fake.due = { data: { today: [], overdue: [], today_total: 0, overdue_total: 0 }, time_zone: 'Asia/Kolkata' };
    show();
    const menu = await open('Notifications, nothing due');
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Nothing due today');
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(5);
    await waitFor(() => expect(fake.seenAt('/appointments/due').length).toBeGreaterThanOrEqual(2));
  });

  it('shows an error with Try again, which loads them', async () => {
    fake.due = 'error';
    show();
    const menu = await open(/^Notifications/);
    expect(await screen.findByText('Your appointments could not be loaded.')).toBeTruthy();
    fake.due = dueAnswer();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Notifications, 3 appointments due' })).toBeTruthy();
  });

  it('reloads when an appointment changes', async () => {
    show();
    await screen.findByRole('button', { name: 'Notifications, 3 appointments due' });
    const reads = fake.seenAt('/appointments/due').length;
    fake.due = { ...dueAnswer(), data: { ...dueAnswer().data, overdue: [], overdue_total: 0 } };
    await waitFor(() => expect(fake.seenAt('/activity/stream').length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    fake.pushLive({ action: 'appointment.status_changed', record_type: 'appointment', record_id: 30, actor_id: 9, actor_name: 'Ravi Agent', changes: null });
    await waitFor(() => expect(fake.seenAt('/appointments/due').length).toBeGreaterThan(reads));
    expect(await screen.findByRole('button', { name: 'Notifications, 2 appointments due' })).toBeTruthy();
  });

  it('keeps the static five and their count for someone without event-read, asking nothing', async () => {
    show(['lead-read'], 'agent');
    const menu = await open('Notifications 5');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(NOTIFICATIONS.map((n) => `${n.title}${n.time}`));
    expect(fake.seenAt('/appointments/due')).toHaveLength(0);
  });
});
