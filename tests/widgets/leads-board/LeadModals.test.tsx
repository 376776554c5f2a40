import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EDIT_LEAD_MODAL_WIDTH, MESSAGES, PERMISSIONS } from '../../../src/contract';
import { createMemoryLocation } from '../../../src/core';
import { FakeLeadsServer, SAMPLE_CSV } from './fakeLeadsServer';
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

const dialog = (name: string) => screen.getByRole('dialog', { name });
// The add, edit and import forms load when first opened: the first opening waits for their module
// (which the test runner compiles then, slowly on a busy machine).
const openedDialog = (name: string) => screen.findByRole('dialog', { name }, { timeout: 5000 });
const field = (scope: HTMLElement, label: string) => within(scope).getByLabelText(label, { exact: false }) as HTMLInputElement;

describe('Add New Lead', () => {
  it('refuses missing required fields with the product message and per-field messages, sending nothing', async () => {
    const harness = renderBoard(fake);
    await waitForRows();
    await userEvent.click(screen.getByRole('button', { name: 'Add Lead' }));
    const add = await openedDialog('Add New Lead');
    await userEvent.click(within(add).getByRole('button', { name: 'Add Lead' }));
    await waitForToast(harness, MESSAGES.validation.requiredFields);
    expect(within(add).getByText(MESSAGES.validation.firstNameRequired)).toBeTruthy();
    expect(within(add).getByText(MESSAGES.validation.emailRequired)).toBeTruthy();
    expect(within(add).getByText('Status is required')).toBeTruthy();
    expect(field(add, 'First Name').getAttribute('aria-invalid')).toBe('true');
    expect(fake.seen('POST', '/leads/store')).toHaveLength(0);
  });

  it('checks the e-mail format, then stores the lead with integers and the joined name', async () => {
    const harness = renderBoard(fake);
    await waitForRows();
    await userEvent.click(screen.getByRole('button', { name: 'Add Lead' }));
    const add = await openedDialog('Add New Lead');
    expect((field(add, 'Property Type') as unknown as HTMLSelectElement).value).toBe('1');
    expect((field(add, 'Activities') as unknown as HTMLSelectElement).value).toBe('2');
    const statusOptions = Array.from((field(add, 'Status') as unknown as HTMLSelectElement).options).map((o) => o.text);
    expect(statusOptions).toEqual(['Select status', 'Open', 'Won', 'Lost']);
    await userEvent.type(field(add, 'First Name'), 'Nisha');
    await userEvent.type(field(add, 'Last Name'), 'Kapoor Rao');
    await userEvent.type(field(add, 'Email'), 'nisha@');
    await userEvent.type(field(add, 'Phone'), '+91 99887 76655');
    await userEvent.type(field(add, 'City'), 'Pune');
    await userEvent.selectOptions(field(add, 'Lead Source'), 'Walk-in');
    await userEvent.selectOptions(field(add, 'Status'), 'Won');
    await userEvent.selectOptions(field(add, 'Property Type'), 'Duplex');
    await userEvent.click(within(add).getByRole('button', { name: 'Add Lead' }));
    await waitForToast(harness, MESSAGES.validation.emailInvalid);
    expect(fake.seen('POST', '/leads/store')).toHaveLength(0);

    await userEvent.type(field(add, 'Email'), 'example.com');
    fake.delayMs = 150;
    await userEvent.click(within(add).getByRole('button', { name: 'Add Lead' }));
    expect(within(add).getByRole('button', { name: 'Adding...' })).toBeTruthy();
    await waitForToast(harness, MESSAGES.leads.added);
    expect(fake.seen('POST', '/leads/store')[0]!.json).toEqual({
      first_name: 'Nisha',
      last_name: 'Kapoor Rao',
      name: 'Nisha Kapoor Rao',
      email: 'nisha@example.com',
      phone: '+91 99887 76655',
      address: null,
      city: 'Pune',
      state: null,
      postal_code: null,
      country: null,
      lead_source: 'Walk-in',
      property_type: 6,
      workflow_id: 3,
      activities: 2,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add New Lead' })).toBeNull());
    await waitFor(() => expect(screen.getByText('Nisha Kapoor Rao')).toBeTruthy());
  });

  it('shows the server message and its field errors when the store fails', async () => {
    fake.answer('POST', '/leads/store', 422, { status: 'Error', message: 'A lead with this e-mail already exists.', errors: { email: ['Already a lead'] } });
    const harness = renderBoard(fake);
    await waitForRows();
    await userEvent.click(screen.getByRole('button', { name: 'Add Lead' }));
    const add = await openedDialog('Add New Lead');
    await userEvent.type(field(add, 'First Name'), 'A');
    await userEvent.type(field(add, 'Last Name'), 'B');
    await userEvent.type(field(add, 'Email'), 'lead1@example.com');
    await userEvent.type(field(add, 'Phone'), '9876543201');
    await userEvent.selectOptions(field(add, 'Lead Source'), 'Website');
    await userEvent.selectOptions(field(add, 'Status'), 'Open');
    await userEvent.click(within(add).getByRole('button', { name: 'Add Lead' }));
    await waitForToast(harness, 'A lead with this e-mail already exists.');
    expect(within(add).getByText('Already a lead')).toBeTruthy();
  });
});

describe('Import Leads', () => {
  it('needs a file, uploads it with "Uploading...", and shows the report', async () => {
    const harness = renderBoard(fake);
    await waitForRows();
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    const modal = await openedDialog('Import Leads');
    const input = field(modal, 'File');
    expect(input.getAttribute('accept')).toBe('.csv,.xlsx,.xls');
    await userEvent.click(within(modal).getByRole('button', { name: 'Upload' }));
    await waitForToast(harness, MESSAGES.leads.selectFile);
    expect(fake.seen('POST', '/leads/import')).toHaveLength(0);

    fireEvent.change(input, { target: { files: [new File(['first_name\n'], 'leads.csv', { type: 'text/csv' })] } });
    fake.delayMs = 150;
    await userEvent.click(within(modal).getByRole('button', { name: 'Upload' }));
    expect(within(modal).getByRole('button', { name: 'Uploading...' })).toBeTruthy();
    await waitForToast(harness, MESSAGES.leads.imported);
    const report = within(modal).getByRole('region', { name: 'Import report' });
    expect(report.textContent).toContain('Imported 2 leads. 1 row rejected. 1 duplicate skipped.');
    expect(within(report).getByText('Row 3: Email is invalid; Phone is required')).toBeTruthy();
    expect(fake.seen('POST', '/leads/import')[0]!.body).toContain('filename="leads.csv"');
  });

  it('refuses other file types before uploading', async () => {
    const harness = renderBoard(fake);
    await waitForRows();
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    const modal = await openedDialog('Import Leads');
    fireEvent.change(field(modal, 'File'), { target: { files: [new File(['%PDF'], 'leads.pdf')] } });
    await userEvent.click(within(modal).getByRole('button', { name: 'Upload' }));
    await waitForToast(harness, 'Please choose a .csv, .xlsx, .xls file.');
    expect(fake.seen('POST', '/leads/import')).toHaveLength(0);
  });

  it('shows the server message of a refused upload (413, 422)', async () => {
    fake.answer('POST', '/leads/import', 413, { status: 'Error', message: 'The file is larger than 5 MB.' });
    const harness = renderBoard(fake);
    await waitForRows();
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    const modal = await openedDialog('Import Leads');
    fireEvent.change(field(modal, 'File'), { target: { files: [new File(['x'], 'big.xlsx')] } });
    await userEvent.click(within(modal).getByRole('button', { name: 'Upload' }));
    await waitForToast(harness, 'The file is larger than 5 MB.');
    expect(within(modal).getByRole('alert').textContent).toBe('The file is larger than 5 MB.');
  });

  it('downloads the Sample Format through the API client with the token', async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:sample';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    renderBoard(fake);
    await waitForRows();
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    await userEvent.click(within(await openedDialog('Import Leads')).getByRole('button', { name: 'Sample Format' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]!.download).toBe('leads-import-sample.csv');
    expect(clicks[0]!.href).toBe('blob:sample');
    expect(await created[0]!.text()).toBe(SAMPLE_CSV);
    expect(fake.seen('GET', '/leads/import/sample')[0]!.headers.authorization).toBe('Bearer test-token');
  });
});

describe('Edit Lead', () => {
  async function openEdit(name = 'Asha Lead1') {
    await userEvent.click(screen.getByRole('button', { name: `Edit ${name}` }));
    const modal = await openedDialog('Edit Lead');
    await waitFor(() => expect(field(modal, 'First Name').value).not.toBe(''));
    return modal;
  }

  it('opens the lead a link names (?lead=), and closing it drops the parameter', async () => {
    const location = createMemoryLocation('/leads-management?lead=1');
    renderBoard(fake, 'admin', undefined, undefined, location);
    const modal = await openedDialog('Edit Lead');
    await waitFor(() => expect(field(modal, 'First Name').value).toBe('Asha'));
    await userEvent.click(within(modal).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Lead' })).toBeNull());
    expect(location.get()).toBe('/leads-management');
  });

  it('leaves the link alone for someone who may not edit leads', async () => {
    renderBoard(fake, 'agent', [PERMISSIONS.leadRead], undefined, createMemoryLocation('/leads-management?lead=1'));
    await waitForRows();
    expect(screen.queryByRole('dialog', { name: 'Edit Lead' })).toBeNull();
  });

  it('is 800 px wide, shows "Loading..." while fetching, then the three sections', async () => {
    renderBoard(fake);
    await waitForRows();
    fake.delayMs = 150;
    await userEvent.click(screen.getByRole('button', { name: 'Edit Asha Lead1' }));
    const modal = await openedDialog('Edit Lead');
    expect(modal.style.width).toBe(`${EDIT_LEAD_MODAL_WIDTH}px`);
    expect(within(modal).getByText(MESSAGES.generic.loading)).toBeTruthy();
    await waitFor(() => expect(field(modal, 'First Name').value).toBe('Asha'));
    for (const title of ['Personal Information', 'Address Information', 'Lead Information']) {
      expect(within(modal).getByText(title)).toBeTruthy();
    }
    expect((field(modal, 'Status') as unknown as HTMLSelectElement).value).toBe('2');
    expect(within(modal).getByRole('button', { name: 'Save Changes' })).toBeTruthy();
    expect(within(modal).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('saves with "Saving...", toasts, calls back (the list reloads) and closes', async () => {
    const harness = renderBoard(fake);
    await waitForRows();
    const modal = await openEdit();
    await userEvent.clear(field(modal, 'First Name'));
    await userEvent.type(field(modal, 'First Name'), 'Asha Rani');
    fake.delayMs = 150;
    await userEvent.click(within(modal).getByRole('button', { name: 'Save Changes' }));
    expect(within(modal).getByRole('button', { name: 'Saving...' })).toBeTruthy();
    await waitForToast(harness, MESSAGES.leads.updated);
    const body = fake.seen('PUT', '/leads/1')[0]!.json as Record<string, unknown>;
    expect(body).toMatchObject({ first_name: 'Asha Rani', name: 'Asha Rani Lead1', version: 1, workflow_id: 2, property_type: 1 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Lead' })).toBeNull());
    await waitFor(() => expect(screen.getByText('Asha Rani Lead1')).toBeTruthy());
  });

  it('shows the conflict and the fresh lead when someone else saved first', async () => {
    const harness = renderBoard(fake);
    await waitForRows();
    const modal = await openEdit();
    // Another person saves meanwhile.
    Object.assign(fake.leads[0]!, { city: 'Nagpur', version: 2 });
    await userEvent.clear(field(modal, 'City'));
    await userEvent.type(field(modal, 'City'), 'Mumbai');
    await userEvent.click(within(modal).getByRole('button', { name: 'Save Changes' }));
    await waitForToast(harness, MESSAGES.leads.conflict);
    expect(within(modal).getByRole('alert').textContent).toBe(MESSAGES.leads.conflict);
    await waitFor(() => expect(field(modal, 'City').value).toBe('Nagpur'));
    expect(screen.getByRole('dialog', { name: 'Edit Lead' })).toBeTruthy();
    // Saving again, at the fresh version, goes through.
    await userEvent.clear(field(modal, 'City'));
    await userEvent.type(field(modal, 'City'), 'Mumbai');
    await userEvent.click(within(modal).getByRole('button', { name: 'Save Changes' }));
    await waitForToast(harness, MESSAGES.leads.updated);
    expect((fake.seen('PUT', '/leads/1')[1]!.json as { version: number }).version).toBe(2);
    expect(fake.leads[0]!.city).toBe('Mumbai');
  });

  it('shows a message-only answer as a success and stays open', async () => {
    fake.answer('PUT', '/leads/1', 200, { status: 'Success', message: 'Sent for approval' });
    const harness = renderBoard(fake);
    await waitForRows();
    const modal = await openEdit();
    await userEvent.click(within(modal).getByRole('button', { name: 'Save Changes' }));
    await waitForToast(harness, 'Sent for approval');
    expect(harness.toastLog.find((t) => t.message === 'Sent for approval')?.kind).toBe('success');
    expect(screen.getByRole('dialog', { name: 'Edit Lead' })).toBeTruthy();
  });

  it('says "An unexpected error occurred" and closes when the answer has neither', async () => {
    fake.answer('PUT', '/leads/1', 200, { status: 'Success' });
    const harness = renderBoard(fake);
    await waitForRows();
    const modal = await openEdit();
    await userEvent.click(within(modal).getByRole('button', { name: 'Save Changes' }));
    await waitForToast(harness, MESSAGES.generic.unexpected);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Lead' })).toBeNull());
  });

  it('says "Failed to update lead. Please try again." when the request fails', async () => {
    fake.answer('PUT', '/leads/1', 500, { status: 'Error', message: 'db down' });
    const harness = renderBoard(fake);
    await waitForRows();
    const modal = await openEdit();
    await userEvent.click(within(modal).getByRole('button', { name: 'Save Changes' }));
    await waitForToast(harness, MESSAGES.leads.updateFailed);
    expect(screen.getByRole('dialog', { name: 'Edit Lead' })).toBeTruthy();
  });

  it('only logs a failed load, blocks saving, and starts clean when opened again', async () => {
    const errors = vi.mocked(console.error);
    fake.answer('GET', '/leads/1', 500, { status: 'Error', message: 'gone' });
    const harness = renderBoard(fake);
    await waitForRows();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Asha Lead1' }));
    const modal = dialog('Edit Lead');
    await waitFor(() => expect(errors).toHaveBeenCalledWith('Failed to load lead', expect.anything()));
    expect(harness.toasts()).toEqual([]);
    expect((within(modal).getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(modal).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Edit Lead' })).toBeNull();

    const second = await openEdit('Ravi Lead2');
    expect(field(second, 'First Name').value).toBe('Ravi');
    await userEvent.click(within(second).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Edit Lead' })).toBeNull();
  });
});
