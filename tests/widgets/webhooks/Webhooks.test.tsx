import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { format, MESSAGES } from '../../../src/contract';
import { Webhooks } from '../../../src/widgets/webhooks/Webhooks';
import { WEBHOOK_TEXT } from '../../../src/widgets/webhooks/webhooksModel';
import { WEBHOOK_SCREENS, webhooksWidget } from '../../../src/widgets/webhooks/widget';
import { cleanupWidgets, renderGated, waitForToast, type Harness, type Who } from '../../support/widgetHarness';
import { delivery, FakeWebhooksServer } from './fakeWebhooksServer';

const fake = new FakeWebhooksServer();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
afterEach(() => {
  cleanupWidgets();
  fake.reset();
  vi.restoreAllMocks();
});

const W = MESSAGES.webhooks;
const LIST = WEBHOOK_SCREENS.list.href();

function renderWebhooks(options: { who?: Who; path?: string } = {}): Harness {
  const { who = 'admin', path = LIST } = options;
  fake.userType = who;
  return renderGated({ apiBase: fake.base, widget: webhooksWidget, path, who }, <Webhooks />);
}

const rowsOf = (label: string) => () => screen.queryAllByRole('row').filter((r) => r.closest(`[aria-label="${label}"]`) && r.querySelectorAll('td').length > 1);
const rows = rowsOf('Webhooks');
const deliveryRows = rowsOf('Deliveries');
const waitForRows = (n: number, of = rows) => waitFor(() => expect(of()).toHaveLength(n), { timeout: 10_000 });
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
const dialog = () => screen.getByRole('dialog');

describe('Webhooks: the list', () => {
  it('shows "Loading webhooks...", then each webhook: address and last delivery, events, active or paused, created', async () => {
    fake.delayMs = 50;
    renderWebhooks();
    expect(screen.getByRole('heading', { name: 'Webhooks' })).toBeTruthy();
    expect(screen.getByText(WEBHOOK_TEXT.loading)).toBeTruthy();
    await waitForRows(2);
    fake.delayMs = 0;
    const table = screen.getByRole('table', { name: 'Webhooks' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Address', 'Events', 'Status', 'Created', 'Actions']);
    await waitFor(() => expect(cells(rows()[0]!)[3]).toBe('20 Nov 2026, 09:30'));
    expect(cells(rows()[0]!).slice(0, 3)).toEqual([
      'https://crm.example.com/estatedeskLast delivery: Retrying, 21 Nov 2026, 10:05 (HTTP 500)',
      'Leads: added, status changed',
      'Active',
    ]);
    expect(cells(rows()[1]!).slice(0, 3)).toEqual(['https://hooks.chat.example/room/7Nothing sent yet', 'All events', 'Paused']);
    expect(screen.getByRole('button', { name: 'Add Webhook' })).toBeTruthy();
  });

  it('says "No webhooks yet" with its Add button when there are none', async () => {
    fake.webhooks = [];
    renderWebhooks();
    await screen.findByText(WEBHOOK_TEXT.empty);
    const adds = screen.getAllByRole('button', { name: 'Add Webhook' });
    expect(adds).toHaveLength(1);
    fireEvent.click(adds[0]!);
    expect(within(dialog()).getByRole('heading', { name: 'Add Webhook' })).toBeTruthy();
  });

  it('shows "Failed to load webhooks" and tries again', async () => {
    fake.answer('GET', '/webhooks', 500, { status: 'Error', message: 'Boom' });
    const h = renderWebhooks();
    await screen.findByText(WEBHOOK_TEXT.listFailed, { selector: 'p' });
    await waitForToast(h, WEBHOOK_TEXT.listFailed);
    fake.overrides = [];
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitForRows(2);
  });
});

describe('Webhooks: add, edit, a new secret, delete', () => {
  it('adds a webhook and shows its signing secret once, with Copy and the warning', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWebhooks();
    await waitForRows(2);
    fireEvent.click(screen.getByRole('button', { name: 'Add Webhook' }));
    const form = dialog();
    fireEvent.change(within(form).getByLabelText(/Address \(URL\)/), { target: { value: 'https://crm.agency.example/events' } });
    const leads = within(form).getByRole('group', { name: 'Leads' });
    fireEvent.click(within(leads).getByLabelText(/status changed/));
    fireEvent.click(within(leads).getByLabelText(/^added/));
    fireEvent.click(within(form).getByRole('button', { name: 'Add Webhook' }));

    await screen.findByText('whsec_test1');
    expect(fake.calls('POST', '/webhooks')[0]!.json).toEqual({ url: 'https://crm.agency.example/events', kinds: ['lead.created', 'lead.status_changed'], active: true });
    const shown = screen.getByRole('dialog', { name: 'Signing secret' });
    expect(within(shown).getByText(W.created)).toBeTruthy();
    expect(within(shown).getByText(WEBHOOK_TEXT.secretOnce)).toBeTruthy();
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy secret' }));
    await within(shown).findByText('Copied');
    expect(writeText).toHaveBeenCalledWith('whsec_test1');
    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('whsec_test1')).toBeNull());
    await waitForRows(3);
    expect(cells(rows()[2]!)[1]).toBe('Leads: added, status changed');
  });

  it('says what is missing before sending anything', async () => {
    renderWebhooks();
    await waitForRows(2);
    fireEvent.click(screen.getByRole('button', { name: 'Add Webhook' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Webhook' }));
    await within(dialog()).findByText(W.urlRequired);
    expect(within(dialog()).getByText(W.kindsRequired)).toBeTruthy();
    expect(fake.calls('POST', '/webhooks')).toHaveLength(0);
  });

  it('shows the server’s 422 on the address: a private network, then not https', async () => {
    renderWebhooks();
    await waitForRows(2);
    fireEvent.click(screen.getByRole('button', { name: 'Add Webhook' }));
    const url = within(dialog()).getByLabelText(/Address \(URL\)/);
    fireEvent.change(url, { target: { value: 'https://127.0.0.1/hook' } });
    fireEvent.click(within(dialog()).getByLabelText('All events, kinds added later included'));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Webhook' }));
    await within(dialog()).findByText(W.urlPrivate);
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(fake.calls('POST', '/webhooks')[0]!.json).toMatchObject({ kinds: ['*'] });

    fireEvent.change(url, { target: { value: 'http://crm.example.com/hook' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Webhook' }));
    await within(dialog()).findByText(W.urlInvalid);
    expect(screen.queryByRole('dialog', { name: 'Signing secret' })).toBeNull();
  });

  it('edits a webhook: its kinds and pausing it', async () => {
    const h = renderWebhooks();
    await waitForRows(2);
    fireEvent.click(screen.getByRole('button', { name: 'Edit https://crm.example.com/estatedesk' }));
    const form = dialog();
    expect((within(form).getByLabelText(/Address \(URL\)/) as HTMLInputElement).value).toBe('https://crm.example.com/estatedesk');
    const properties = within(form).getByRole('group', { name: 'Properties' });
    fireEvent.click(within(properties).getByLabelText(/^added/));
    fireEvent.click(within(form).getByLabelText('Active'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitForToast(h, W.updated);
    expect(fake.calls('PUT', '/webhooks/1')[0]!.json).toEqual({ url: 'https://crm.example.com/estatedesk', kinds: ['lead.created', 'lead.status_changed', 'property.created'], active: false });
    await waitFor(() => expect(cells(rows()[0]!)[2]).toBe('Paused'));
  });

  it('makes a new secret after confirming, and shows it once', async () => {
    renderWebhooks();
    await waitForRows(2);
    fireEvent.click(screen.getByRole('button', { name: 'New secret for https://hooks.chat.example/room/7' }));
    const ask = screen.getByRole('alertdialog', { name: 'Make a new signing secret?' });
    expect(within(ask).getByText(/stops working at once/)).toBeTruthy();
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(fake.calls('POST', '/webhooks/2/secret')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'New secret for https://hooks.chat.example/room/7' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Make new secret' }));
    const shown = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(shown).getByText('whsec_test1')).toBeTruthy();
    expect(within(shown).getByText(W.secretRotated)).toBeTruthy();
    expect(fake.calls('POST', '/webhooks/2/secret')).toHaveLength(1);
  });

  it('deletes a webhook after confirming; a refusal is said in the dialog', async () => {
    const h = renderWebhooks();
    await waitForRows(2);
    fake.answer('DELETE', '/webhooks/2', 500, { status: 'Error', message: 'The database is away' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete https://hooks.chat.example/room/7' }));
    const ask = screen.getByRole('alertdialog', { name: 'Delete Webhook' });
    expect(within(ask).getByText(/Delete the webhook to https:\/\/hooks.chat.example\/room\/7\?/)).toBeTruthy();
    fireEvent.click(within(ask).getByRole('button', { name: 'Delete' }));
    await within(ask).findByText('The database is away');
    fake.overrides = [];
    fireEvent.click(within(ask).getByRole('button', { name: 'Delete' }));
    await waitForToast(h, W.deleted);
    await waitForRows(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('Webhooks: the delivery log', () => {
  it('lists a webhook’s deliveries newest first, and sends one again', async () => {
    const h = renderWebhooks();
    await waitForRows(2);
    fireEvent.click(screen.getByRole('link', { name: 'Deliveries to https://crm.example.com/estatedesk' }));
    expect(h.location.get()).toBe(WEBHOOK_SCREENS.deliveries.href({ id: 1 }));
    await waitForRows(3, deliveryRows);
    expect(screen.getByRole('heading', { name: 'Webhook deliveries' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Deliveries' });
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Event', 'Status', 'Last attempt', 'Error', 'Actions']);
    await waitFor(() => expect(cells(deliveryRows()[0]!)[2]).toBe('21 Nov 2026, 10:05 · 2 attemptsHTTP 500 in 35 ms'));
    expect(cells(deliveryRows()[0]!)).toEqual([
      'Leads: addedlead.created · event #102 · delivery #3',
      'RetryingNext try 21 Nov 2026, 10:07',
      '21 Nov 2026, 10:05 · 2 attemptsHTTP 500 in 35 ms',
      'The receiver answered 500',
      'Send again',
    ]);
    expect(cells(deliveryRows()[1]!).slice(1, 4)).toEqual(['Given up', '21 Nov 2026, 10:02 · 12 attemptsNo answer after 10.0 s', 'Timed out after 10 s']);
    expect(cells(deliveryRows()[2]!).slice(1, 4)).toEqual(['Delivered', '21 Nov 2026, 10:00 · 1 attemptHTTP 200 in 84 ms', '—']);
    expect(screen.getByText('Showing all 3 deliveries')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Send again delivery #2' }));
    await waitForToast(h, `${W.resent}: delivered`);
    expect(fake.calls('POST', '/webhooks/deliveries/2/resend')).toHaveLength(1);
    await waitFor(() => expect(cells(deliveryRows()[1]!)[1]).toBe('Delivered'));
    expect(cells(deliveryRows()[1]!)[2]).toMatch(/ · 13 attemptsHTTP 204 in 42 ms$/);

    fireEvent.click(screen.getByRole('link', { name: /All webhooks/ }));
    await waitForRows(2);
  });

  it('pages the log with "Load more"', async () => {
    fake.deliveries = Array.from({ length: 45 }, (_, i) => delivery({ id: i + 1, event_id: 500 + i }));
    renderWebhooks({ path: WEBHOOK_SCREENS.deliveries.href({ id: 1 }) });
    await waitForRows(30, deliveryRows);
    expect(screen.getByText('Showing the 30 newest deliveries')).toBeTruthy();
    expect(Object.fromEntries(fake.calls('GET', '/webhooks/1/deliveries')[0]!.query)).toEqual({ pageSize: '30' });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitForRows(45, deliveryRows);
    expect(Object.fromEntries(fake.calls('GET', '/webhooks/1/deliveries')[1]!.query)).toEqual({ pageSize: '30', before: '16' });
    expect(screen.getByText('Showing all 45 deliveries')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when the log cannot be read, and when the webhook is gone', async () => {
    fake.answer('GET', '/webhooks/1/deliveries', 500, { status: 'Error', message: 'Boom' });
    const h = renderWebhooks({ path: WEBHOOK_SCREENS.deliveries.href({ id: 1 }) });
    await screen.findByText(WEBHOOK_TEXT.deliveriesFailed, { selector: 'p' });
    await waitForToast(h, WEBHOOK_TEXT.deliveriesFailed);
    fake.overrides = [];
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitForRows(3, deliveryRows);
    cleanupWidgets();

    renderWebhooks({ path: WEBHOOK_SCREENS.deliveries.href({ id: 99 }) });
    await screen.findByText(WEBHOOK_TEXT.notFound);
  });

  it('reads the list again after a live update, when its deliveries have been made', async () => {
    renderWebhooks();
    await waitForRows(2);
    await waitFor(() => expect(fake.openStreams).toBe(1), { timeout: 5_000 });
    const before = fake.calls('GET', '/webhooks').length;
    fake.webhooks[1] = { ...fake.webhooks[1]!, last_delivery: { id: 9, status: 'succeeded', response_status: 204, delivered_at: '2026-11-23T12:00:00' } };
    fake.pushLive({ action: 'lead.created', record_type: 'lead', record_id: 5, actor_id: 9, actor_name: 'Ravi Agent', changes: null });
    await waitFor(() => expect(cells(rows()[1]!)[0]).toContain('Last delivery: Delivered'), { timeout: 5_000 });
    expect(fake.calls('GET', '/webhooks').length).toBe(before + 1);
  });
});

describe('Webhooks: who may use it', () => {
  it('refuses an agent in place, whatever their permissions, without asking the server', async () => {
    renderWebhooks({ who: 'agent' });
    await screen.findByText(format(MESSAGES.permission.denied, { permission: 'webhooks' }));
    expect(fake.seen('GET', '/webhooks')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Add Webhook' })).toBeNull();
  });

  it('refuses the super admin in place too (webhooks belong to one company), without asking the server', async () => {
    renderWebhooks({ who: 'super_admin' });
    await screen.findByText(format(MESSAGES.permission.denied, { permission: 'webhooks' }));
    expect(fake.seen('GET', '/webhooks')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Add Webhook' })).toBeNull();
  });
});
