import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../src/contract';
import { FakeLeadsServer } from './fakeLeadsServer';
import { cleanupBoard, renderBoard, waitForRows, waitForToast } from './renderBoard';

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

const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const backdrop = () => document.querySelector('[data-ed-backdrop]') as HTMLElement;

describe('inline changes (docs/product/rules.md, messages.md)', () => {
  it('saves the lead source at once with its toast', async () => {
    const harness = renderBoard(fake);
    await waitForRows();
    await userEvent.selectOptions(select('Lead source of Asha Lead1'), 'Referral');
    await waitForToast(harness, MESSAGES.leads.sourceUpdated);
    expect(fake.seen('PUT', '/leads/source/1')[0]!.json).toEqual({ lead_source: 'Referral' });
    expect(select('Lead source of Asha Lead1').value).toBe('Referral');
  });

  it('saves property type and activity as 1-based indexes', async () => {
    const harness = renderBoard(fake);
    await waitForRows();
    await userEvent.selectOptions(select('Property type of Asha Lead1'), 'Villa');
    await waitForToast(harness, MESSAGES.leads.propertyTypeUpdated);
    await userEvent.selectOptions(select('Activity of Asha Lead1'), 'Documentation activity');
    await waitForToast(harness, MESSAGES.leads.activityUpdated);
    expect(fake.seen('PUT', '/leads/property/1')[0]!.json).toEqual({ property_type: 8 });
    expect(fake.seen('PUT', '/leads/activity/1')[0]!.json).toEqual({ activities: 4 });
  });

  it('puts the old value back and says so when a save fails', async () => {
    fake.answer('PUT', /\/leads\/(source|property|activity)\//, 500, { status: 'Error', message: 'nope' });
    const harness = renderBoard(fake);
    await waitForRows();
    await userEvent.selectOptions(select('Lead source of Asha Lead1'), 'Other');
    await waitForToast(harness, MESSAGES.leads.sourceFailed);
    await waitFor(() => expect(select('Lead source of Asha Lead1').value).toBe('Website'));
    await userEvent.selectOptions(select('Property type of Asha Lead1'), 'Plot');
    await waitForToast(harness, MESSAGES.leads.propertyTypeFailed);
    await userEvent.selectOptions(select('Activity of Asha Lead1'), 'Negotiation activity');
    await waitForToast(harness, MESSAGES.leads.activityFailed);
    await waitFor(() => expect(select('Activity of Asha Lead1').value).toBe('1'));
  });

  it('changes the status (never to All Contacts), reloads, and the lead moves tabs', async () => {
    const harness = renderBoard(fake);
    await waitForRows();
    const options = Array.from(select('Status of Asha Lead1').options).map((o) => o.text);
    expect(options).toEqual(['Select status', 'Open', 'Won', 'Lost']);
    const before = fake.seen('GET', '/leads/list/').length;
    await userEvent.selectOptions(select('Status of Asha Lead1'), 'Won');
    await waitForToast(harness, MESSAGES.leads.statusUpdated);
    expect(fake.seen('POST', '/leads/workflow/1')[0]!.json).toEqual({ workflowId: 3 });
    await waitFor(() => expect(fake.seen('GET', '/leads/list/').length).toBe(before + 1));
    // The status select is the badge: it shows Won in Won's green.
    await waitFor(() => expect(select('Status of Asha Lead1').getAttribute('data-colour')).toBe('green'));
    expect(select('Status of Asha Lead1').selectedOptions[0]!.text).toBe('Won');
    await userEvent.click(screen.getByRole('tab', { name: 'Won' }));
    await waitFor(() => expect(screen.getByText('Asha Lead1')).toBeTruthy());
  });

  it('refuses an empty status choice with "Invalid workflow status"', async () => {
    const harness = renderBoard(fake);
    await waitForRows();
    fireEvent.change(select('Status of Asha Lead1'), { target: { value: '' } });
    await waitForToast(harness, MESSAGES.leads.invalidWorkflow);
    expect(fake.seen('POST', '/leads/workflow/')).toHaveLength(0);
  });

  it('reports a failed status change', async () => {
    fake.answer('POST', /\/leads\/workflow\//, 500, { status: 'Error', message: 'x' });
    const harness = renderBoard(fake);
    await waitForRows();
    await userEvent.selectOptions(select('Status of Asha Lead1'), 'Lost');
    await waitForToast(harness, MESSAGES.leads.statusFailed);
  });
});

describe('Delete Lead', () => {
  it('the backdrop cancels, Cancel cancels, Delete deletes with its toast', async () => {
    const harness = renderBoard(fake);
    await waitForRows();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Asha Lead1' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Lead' });
    expect(dialog.textContent).toContain('Asha Lead1');
    fireEvent.mouseDown(backdrop());
    fireEvent.click(backdrop());
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Delete Asha Lead1' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fake.seen('DELETE', '/leads/')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Asha Lead1' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitForToast(harness, MESSAGES.leads.deleted);
    expect(fake.seen('DELETE', '/leads/1')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Asha Lead1')).toBeNull());
  });

  it('says "Failed to delete lead" when the server refuses', async () => {
    fake.answer('DELETE', '/leads/1', 403, { status: 'Error', message: "You don't have permission for this action: lead-delete" });
    const harness = renderBoard(fake);
    await waitForRows();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Asha Lead1' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitForToast(harness, MESSAGES.leads.deleteFailed);
  });
});

describe('bulk actions and export', () => {
  it('selects all rows and deletes them after a confirmation', async () => {
    const harness = renderBoard(fake);
    await waitForRows(10);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(screen.getByText('10 leads selected')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete selected leads' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitForToast(harness, '10 leads deleted');
    expect(fake.seen('POST', '/leads/bulk/delete')[0]!.json).toEqual({ ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
    await waitFor(() => expect(screen.getByText('Showing page 1 of 2')).toBeTruthy());
    expect(screen.queryByText(/selected$/)).toBeNull();
  });

  it('moves the selected rows to a status', async () => {
    const harness = renderBoard(fake);
    const rows = await waitForRows();
    await userEvent.click(within(rows[0]!).getByRole('checkbox'));
    await userEvent.click(within(rows[1]!).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Change status' }));
    await waitForToast(harness, MESSAGES.leads.invalidWorkflow);
    await userEvent.selectOptions(select('New status for the selected leads'), 'Lost');
    await userEvent.click(screen.getByRole('button', { name: 'Change status' }));
    await waitForToast(harness, `${MESSAGES.leads.statusUpdated} (2 leads)`);
    expect(fake.seen('POST', '/leads/bulk/workflow')[0]!.json).toEqual({ ids: [1, 2], workflowId: 4 });
  });

  it('exports the current tab and search through the API client and saves the file', async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:export';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    renderBoard(fake);
    await waitForRows();
    await userEvent.click(screen.getByRole('tab', { name: 'Won' }));
    await waitForRows();
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    const [req] = fake.seen('GET', '/leads/export/workflow/3');
    expect(req!.headers.authorization).toBe('Bearer test-token');
    expect(clicks[0]!.download).toMatch(/^leads-won-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await created[0]!.text()).toContain('lead2@example.com');
  });
});
