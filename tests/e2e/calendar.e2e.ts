/**
 * The calendar as two people use it, in Chromium against the built reference server
 * (docs/server-resources.md, "Calendar"): the Skyline admin schedules a site visit at two
 * properties from a lead's row on the leads board, with the calendar's own New appointment form,
 * for the agent; the row then shows the lead's next appointment. The agent, in another browser,
 * finds the visit in the Week view, drags it one hour later (saved: the API answers the new start),
 * opens it, marks it done with an outcome and feedback on each property, and is asked whether to
 * move the lead's status — declining leaves the lead as it was, accepting moves it. The whole
 * scenario runs at 1400 px and on a 390 px phone; the calendar part again with the widget mounted
 * alone on the crm-host example (another origin, signed in inside the widget). Each test makes its
 * own lead, so the file can run again on the same server. Screenshots: tests/e2e/screenshots/calendar-*.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostUrl, launchBrowser, openPage, screenshot, signIn } from './support/browser';
import { signInWithin } from './support/embed';
import { apiCall } from './support/api';

const ADMIN = { username: 'admin@skyline.test', password: 'Admin@123' };
const AGENT = { username: 'agent@skyline.test', password: 'Agent@123' };
const AGENT_NAME = 'Arjun Sharma';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1400, height: 900 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// ---------------------------------------------------------------------------------------------
// The API, for making each test's own data and for checking what the screens saved.


async function tokenOf(account: { username: string; password: string }): Promise<string> {
  const answer = await apiCall('/auth', { json: account });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.token as string;
}

interface Setup {
  adminToken: string;
  lead: { id: number; name: string };
  /** Two of the company's properties, a different pair per test (no clash between the tests' visits). */
  properties: Array<{ id: number; title: string }>;
  openId: number;
  wonId: number;
  agentId: number;
  zone: string;
}

/** A fresh lead (status Open) of the Skyline company, two properties, the statuses' and the agent's ids. */
async function setup(tag: string, pair: number): Promise<Setup> {
  const adminToken = await tokenOf(ADMIN);
  const stamp = `${tag}${Date.now().toString(36)}`;
  const workflows = (await apiCall('/workflow/list', { token: adminToken })).body.data as Array<{ id: number; name: string }>;
  const openId = workflows.find((w) => w.name === 'Open')!.id;
  const wonId = workflows.find((w) => w.name === 'Won')!.id;
  const stored = await apiCall('/leads/store', {
    token: adminToken,
    json: { first_name: 'Visit', last_name: stamp, email: `visit.${stamp}@e2e.test`, phone: '+91 90000 44444', lead_source: 'Website', property_type: 1, workflow_id: openId, activities: 1 },
  });
  expect(stored.status, JSON.stringify(stored.body)).toBe(201);
  const listed = await apiCall('/properties?page=1&limit=12', { token: adminToken });
  expect(listed.status).toBe(200);
  const all = (listed.body.data as Array<{ id: number; title: string }>).filter((p) => p.title);
  const properties = all.slice(pair * 2, pair * 2 + 2).map((p) => ({ id: Number(p.id), title: p.title }));
  expect(properties).toHaveLength(2);
  const agentToken = await tokenOf(AGENT);
  const agentId = Number((await apiCall('/users/profile', { token: agentToken })).body.data.id);
  const zone = ((await apiCall(`/leads/${stored.body.data.id}/appointments`, { token: adminToken })).body.time_zone as string) || 'Asia/Kolkata';
  return { adminToken, lead: { id: Number(stored.body.data.id), name: `Visit ${stamp}` }, properties, openId, wonId, agentId, zone };
}

/** The lead's appointments as the API answers them. */
async function appointmentsOf(s: Setup): Promise<any[]> {
  const answer = await apiCall(`/leads/${s.lead.id}/appointments`, { token: s.adminToken });
  expect(answer.status).toBe(200);
  return answer.body.data as any[];
}

const appointment = async (s: Setup, id: number) => (await apiCall(`/appointments/${id}`, { token: s.adminToken })).body.data;
const leadStatus = async (s: Setup) => Number((await apiCall(`/leads/${s.lead.id}`, { token: s.adminToken })).body.data.data.data.workflow_id);

// ---------------------------------------------------------------------------------------------
// Time: the visits are planned for tomorrow on the company's wall clock (so each is the lead's
// next appointment), at an hour of its own per test.

interface Slot {
  /** "2026-11-29", the company's date. */
  date: string;
  hour: number;
  /** The datetime-local text the form takes ("2026-11-29T16:00"). */
  local: string;
  /** Whether tomorrow lies in next week (today is a Sunday): the agent steps the week on. */
  nextWeek: boolean;
}

function tomorrowAt(zone: string, hour: number): Slot {
  const parts = (ms: number) => Object.fromEntries(new Intl.DateTimeFormat('en-GB', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'short' }).formatToParts(ms).map((p) => [p.type, p.value]));
  const today = parts(Date.now());
  // Noon of today's date plus a day: tomorrow's date whatever the zone's offset.
  const next = new Date(Date.UTC(Number(today.year), Number(today.month) - 1, Number(today.day) + 1, 12));
  const date = next.toISOString().slice(0, 10);
  const hh = String(hour).padStart(2, '0');
  return { date, hour, local: `${date}T${hh}:00`, nextWeek: today.weekday === 'Sun' };
}

/** The instant of `slot` plus `hours`, as the API answers it (UTC ISO), read through the zone's offset. */
function instantOf(slot: Slot, zone: string, hours = 0): string {
  // The offset at that wall-clock time (Kolkata has one all year; others are read at the hour itself).
  const guess = Date.parse(`${slot.local}:00Z`);
  const offsetMs = (ms: number) => {
    const p = Object.fromEntries(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(ms).map((x) => [x.type, x.value]));
    return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) - ms;
  };
  return new Date(guess - offsetMs(guess) + hours * 3_600_000).toISOString();
}

const hhmm = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

// ---------------------------------------------------------------------------------------------
// The screens.

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/** Lets entry animations (modals, toasts) finish before a screenshot; never part of an assertion. */
async function settled(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

/** How far the page scrolls sideways (0 when it fits). */
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The lead's row, found by its name (a unique stamp): not by exact text, as its cell also holds the "Next:" line. */
const leadRow = (page: Page, name: string) => page.getByRole('table', { name: 'Leads' }).locator('tbody tr[aria-selected]').filter({ hasText: name });

/**
 * The admin, on the leads board: "Schedule visit" from the lead's row, the form filled as a site
 * visit at both properties, run by the agent, at the slot; saved. The row then names the visit.
 */
async function scheduleFromRow(page: Page, s: Setup, slot: Slot, label: string): Promise<void> {
  const name = s.lead.name;
  await page.goto('/#/leads-management');
  await page.getByRole('heading', { name: 'Leads', level: 2 }).waitFor();
  await page.getByRole('searchbox', { name: 'Search leads' }).fill(name);
  await page.getByText(/(^|\D)1 matching lead(\W|$)/).waitFor();
  const row = leadRow(page, name);
  await row.waitFor();
  // Nothing planned yet: the row has no "Next:" line.
  expect(await row.getByText(/^Next: /).count()).toBe(0);

  await row.getByRole('button', { name: `Schedule visit with ${name}` }).click();
  const form = page.getByRole('dialog', { name: 'New appointment' });
  await form.waitFor();
  // The calendar's form, lent to the board: a site visit of this lead.
  expect(await form.getByRole('combobox', { name: 'Kind', exact: true }).inputValue()).toBe('site_visit');
  expect(await form.getByRole('combobox', { name: 'Lead', exact: true }).inputValue()).toBe(name);

  const properties = form.getByRole('combobox', { name: 'Properties', exact: true });
  for (const property of s.properties) {
    await properties.fill(property.title);
    await page.getByRole('listbox', { name: 'Properties' }).getByRole('option', { name: property.title, exact: true }).click();
    await form.getByRole('button', { name: `Remove ${property.title}` }).waitFor();
  }
  // A required field's label ends in a marker ("Start*"): labels are matched by their start.
  await form.getByLabel(/^Start/).fill(slot.local);
  // The end follows the start, keeping the visit's hour.
  await expect.poll(() => form.getByLabel(/^End/).inputValue()).toBe(`${slot.date}T${hhmm(slot.hour + 1)}`);
  await form.getByRole('combobox', { name: 'Agent', exact: true }).selectOption({ label: AGENT_NAME });
  await settled(page);
  await screenshot(page, `calendar-schedule-form-${label}`);

  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await toast(page, 'Appointment saved').waitFor();
  await form.waitFor({ state: 'hidden' });

  // The row shows the lead's next appointment (the board reloads it by itself), whole: not under
  // the pinned Actions column, which on a phone used to cover it.
  const next = row.getByText(new RegExp(`^Next: Site visit · .+, ${hhmm(slot.hour)}$`));
  await next.waitFor();
  const covered = await next.evaluate((line) => {
    const actions = line.closest('tr')!.lastElementChild!.getBoundingClientRect();
    const text = document.createRange();
    text.selectNodeContents(line);
    const r = text.getBoundingClientRect();
    return r.right > actions.left + 1 ? `the line ends at ${Math.round(r.right)} px, the Actions column starts at ${Math.round(actions.left)} px` : null;
  });
  expect(covered).toBeNull();
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  await settled(page);
  await screenshot(page, `calendar-leads-row-next-${label}`);
}

/** The appointment the admin saved: the API's answer, checked against what the form was given. */
async function savedVisit(s: Setup, slot: Slot): Promise<any> {
  const [visit] = await appointmentsOf(s);
  expect(visit, 'the lead has its visit').toBeDefined();
  expect(visit.kind).toBe('site_visit');
  expect([...visit.property_ids].map(Number).sort((a: number, b: number) => a - b)).toEqual(s.properties.map((p) => p.id).sort((a, b) => a - b));
  expect(Number(visit.agent_id)).toBe(s.agentId);
  expect(visit.starts_at).toBe(instantOf(slot, s.zone));
  expect(visit.ends_at).toBe(instantOf(slot, s.zone, 1));
  return visit;
}

/** A visit made through the API (the crm-host part starts on the calendar). */
async function visitByApi(s: Setup, slot: Slot): Promise<any> {
  const answer = await apiCall('/appointments', {
    token: s.adminToken,
    json: { kind: 'site_visit', lead_id: s.lead.id, property_ids: s.properties.map((p) => p.id), agent_id: s.agentId, starts_at: instantOf(slot, s.zone) },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data;
}

type Move = 'drag' | 'keyboard';

/**
 * The agent's part, on a calendar already shown in `scope` (the full app's page, or the widget's
 * element on a host page; dialogs and toasts live in the suite's overlay layer, on `page`): the
 * Week view, the visit one hour later (dragged with the pointer, or by the keyboard), saved.
 */
async function moveOneHourLater(page: Page, scope: Page | Locator, s: Setup, slot: Slot, visitId: number, how: Move, label: string): Promise<void> {
  const name = s.lead.name;
  const week = scope.getByRole('radio', { name: 'Week' });
  await week.click();
  await expect.poll(() => week.getAttribute('aria-checked')).toBe('true');
  if (slot.nextWeek) await scope.getByRole('button', { name: 'Next week' }).click();
  // A block's name begins with what it shows: its start and its name.
  const before = scope.getByRole('button', { name: `${hhmm(slot.hour)} Site visit · ${name}` });
  await before.waitFor();

  // The week fits the screen: neither the page nor the week scrolls sideways (a phone too).
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  const sideways = await before.evaluate((block) => {
    let el: HTMLElement | null = block.parentElement;
    while (el && getComputedStyle(el).overflowX !== 'auto') el = el.parentElement;
    return el ? el.scrollWidth - el.clientWidth : 0;
  });
  expect(sideways, 'the week view scrolls sideways inside itself').toBeLessThanOrEqual(0);
  await before.scrollIntoViewIfNeeded();
  await settled(page);
  await screenshot(page, `calendar-week-${label}`);

  if (how === 'drag') {
    // An hour's height on screen: the day's column holds 24 of them.
    const column = await before.evaluate((block) => block.parentElement!.getBoundingClientRect().height);
    const hour = column / 24;
    const box = (await before.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + Math.min(12, box.height / 3);
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y + hour / 2, { steps: 4 });
    await page.mouse.move(x, y + hour, { steps: 4 });
    await page.mouse.up();
  } else {
    // ↓ moves a focused appointment 15 minutes later (model/keyboardMove.ts): four make the hour.
    await before.focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
  }
  const after = scope.getByRole('button', { name: `${hhmm(slot.hour + 1)} Site visit · ${name}` });
  await after.waitFor();
  // Saved: the API answers the start exactly one hour later, the length kept.
  await expect.poll(async () => (await appointment(s, visitId)).starts_at, { timeout: 10_000 }).toBe(instantOf(slot, s.zone, 1));
  expect((await appointment(s, visitId)).ends_at).toBe(instantOf(slot, s.zone, 2));
  await settled(page);
  await screenshot(page, `calendar-week-moved-${label}`);
}

type Answer = 'keep' | 'move';

/**
 * The agent opens the visit, marks it done with an outcome and each property's feedback, and is
 * asked about the lead's status: `keep` declines (the lead stays Open), `move` moves it to Won.
 */
async function markDoneAndAnswer(page: Page, scope: Page | Locator, s: Setup, slot: Slot, visitId: number, answer: Answer, label: string): Promise<void> {
  const name = s.lead.name;
  await scope.getByRole('button', { name: `${hhmm(slot.hour + 1)} Site visit · ${name}` }).click();
  const details = page.getByRole('dialog', { name: `Site visit · ${name}` });
  await details.waitFor();
  await details.getByText(`${hhmm(slot.hour + 1)} – ${hhmm(slot.hour + 2)}`, { exact: false }).waitFor();
  await details.getByText(AGENT_NAME, { exact: true }).waitFor();
  await settled(page);
  await screenshot(page, `calendar-details-${label}`);
  await details.getByRole('button', { name: 'Mark done', exact: true }).click();

  const done = page.getByRole('dialog', { name: 'Mark done' });
  await done.waitFor();
  const outcome = `Liked the first, not the second (${label})`;
  await done.getByLabel('Outcome', { exact: true }).fill(outcome);
  const feedback = s.properties.map((p, i) => `${i === 0 ? 'Loved the light' : 'Too far from the school'} at ${p.title}`);
  for (const [i, p] of s.properties.entries()) await done.getByLabel(`Feedback on ${p.title}`, { exact: true }).fill(feedback[i]!);
  await settled(page);
  await screenshot(page, `calendar-mark-done-${label}`);
  await done.getByRole('button', { name: 'Mark done', exact: true }).click();

  // Then the question, never a silent move: the lead's statuses, its current one chosen. It says
  // the visit is done itself (no toast over its title).
  const ask = page.getByRole('alertdialog', { name: `Move ${name} to another status?` });
  await ask.waitFor();
  await ask.getByText(/^The site visit is done\./).waitFor();
  const current = ask.getByRole('radio', { name: 'Open (current)' });
  // Chosen once the lead's status has loaded (the label says "(current)" a render earlier).
  await expect.poll(() => current.isChecked()).toBe(true);
  expect(await ask.getByRole('button', { name: 'Move lead' }).isDisabled()).toBe(true);
  // Marking done saved the visit and left the lead alone.
  const saved = await appointment(s, visitId);
  expect(saved.status).toBe('done');
  expect(saved.outcome).toBe(outcome);
  expect(Object.fromEntries((saved.feedback as Array<{ property_id: number; feedback: string }>).map((f) => [Number(f.property_id), f.feedback]))).toEqual(
    Object.fromEntries(s.properties.map((p, i) => [p.id, feedback[i]])),
  );
  expect(await leadStatus(s)).toBe(s.openId);
  await settled(page);
  await screenshot(page, `calendar-lead-status-${label}`);

  if (answer === 'keep') {
    await ask.getByRole('button', { name: 'Keep status' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await leadStatus(s)).toBe(s.openId);
  } else {
    await ask.getByRole('radio', { name: 'Won', exact: true }).check();
    await ask.getByRole('button', { name: 'Move lead' }).click();
    await toast(page, 'Status updated successfully').waitFor();
    await ask.waitFor({ state: 'hidden' });
    expect(await leadStatus(s)).toBe(s.wonId);
  }
  // The block stays, now done.
  await scope.getByRole('button', { name: `${hhmm(slot.hour + 1)} Site visit · ${name}` }).and(scope.getByRole('button', { name: /Done$/ })).waitFor();
}

// ---------------------------------------------------------------------------------------------

const FULL_APP = [
  { label: '1400', size: DESKTOP, hour: 16, pair: 0, answer: 'keep' as Answer },
  { label: '390', size: PHONE, hour: 18, pair: 1, answer: 'move' as Answer },
];

describe('the calendar: scheduled from the leads board, moved and marked done by the agent', () => {
  for (const run of FULL_APP) {
    it(`in the full app at ${run.label} px`, async () => {
      const s = await setup(`c${run.label}`, run.pair);
      const slot = tomorrowAt(s.zone, run.hour);
      const admin = await openPage(browser, run.size.width, run.size.height);
      const agent = await openPage(browser, run.size.width, run.size.height);
      try {
        await signIn(admin.page, ADMIN.username, ADMIN.password);
        await scheduleFromRow(admin.page, s, slot, run.label);
        const visit = await savedVisit(s, slot);

        await signIn(agent.page, AGENT.username, AGENT.password);
        await agent.page.goto('/#/calendar');
        await agent.page.getByRole('heading', { name: 'Calendar', level: 2 }).waitFor();
        // Dragged with the pointer at both widths: the week fits a phone, so its blocks are there to grab.
        await moveOneHourLater(agent.page, agent.page, s, slot, Number(visit.id), 'drag', run.label);
        await markDoneAndAnswer(agent.page, agent.page, s, slot, Number(visit.id), run.answer, run.label);

        expect(admin.errors).toEqual([]);
        expect(agent.errors).toEqual([]);
      } finally {
        await admin.context.close();
        await agent.context.close();
      }
    }, 90_000);
  }
});

const ON_HOST = [
  { label: 'crm-1400', size: DESKTOP, hour: 13, pair: 2, how: 'drag' as Move, answer: 'keep' as Answer },
  // On the phone the keyboard moves it (model/keyboardMove.ts), so both ways of moving are driven.
  { label: 'crm-390', size: PHONE, hour: 20, pair: 3, how: 'keyboard' as Move, answer: 'move' as Answer },
];

describe('the calendar mounted alone on the crm-host example', () => {
  for (const run of ON_HOST) {
    it(`moves and marks done a visit at ${run.label.slice(4)} px`, async () => {
      const s = await setup(`h${run.label.slice(4)}`, run.pair);
      const slot = tomorrowAt(s.zone, run.hour);
      const visit = await visitByApi(s, slot);
      const { context, page, errors } = await openPage(browser, run.size.width, run.size.height);
      try {
        // The agency adds a section of its own holding the calendar, as its page does for the leads board.
        await page.goto(`${hostUrl()}/examples/crm-host/#/contacts`);
        await page.evaluate(() => {
          const section = document.createElement('section');
          section.setAttribute('data-route', '/calendar');
          section.hidden = true;
          section.innerHTML = '<h1>Appointments</h1><div id="calendar" data-estatedesk-widget="calendar"></div>';
          document.querySelector('main')!.append(section);
          location.hash = '#/calendar';
        });
        const calendar = page.locator('#calendar');
        // Nobody signed in on this page: the sign-in form stands in the calendar's place.
        await signInWithin(calendar, AGENT);
        await calendar.getByRole('heading', { name: 'Calendar', level: 2 }).waitFor();
        expect(new URL(page.url()).hash).toBe('#/calendar');
        await moveOneHourLater(page, calendar, s, slot, Number(visit.id), run.how, run.label);
        await markDoneAndAnswer(page, calendar, s, slot, Number(visit.id), run.answer, run.label);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 60_000);
  }
});
