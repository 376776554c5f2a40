import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { format, MESSAGES, PERMISSIONS } from '../../../src/contract';
import { getStyleText } from '../../../src/ui/css';
import { FakeLeadsServer, seedLeads } from './fakeLeadsServer';
import { bodyRows, cleanupBoard, renderBoard, waitForRows, waitForToast } from './renderBoard';

// Real HTTP and a 500 ms debounce: generous limits, as CI machines are often busy.
vi.setConfig({ testTimeout: 30_000 });

const fake = new FakeLeadsServer();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
// Failures are logged by design (docs/product/messages.md); keep the test output readable.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanupBoard();
  fake.reset();
  vi.restoreAllMocks();
});

const listRequests = () => fake.seen('GET', '/leads/list/workflow/');

describe('LeadsBoard: states', () => {
  it('shows "Loading..." while the first page is on its way, then the rows', async () => {
    fake.delayMs = 150;
    renderBoard(fake);
    expect(screen.getByRole('heading', { name: 'Leads' })).toBeTruthy();
    expect(screen.getByText(MESSAGES.generic.loading)).toBeTruthy();
    const rows = await waitForRows(10);
    expect(within(rows[0]!).getByText('Asha Lead1')).toBeTruthy();
  });

  it('shows the first page of All Contacts: tabs, columns, badges, pager', async () => {
    renderBoard(fake);
    const rows = await waitForRows(10);
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['All Contacts', 'Open', 'Won', 'Lost']);
    expect(screen.getByRole('tab', { name: 'All Contacts' }).getAttribute('aria-selected')).toBe('true');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.slice(1)).toEqual(['Name', 'Email', 'Phone', 'Status', 'Property Type', 'Lead Source', 'Activities', 'Actions']);
    expect(screen.getByRole('checkbox', { name: 'Select all rows' })).toBeTruthy();
    expect(screen.getByText('Showing page 1 of 3')).toBeTruthy();
    // Rows 1, 2, 3 are Open, Won, Lost: sky, green, black (docs/product/rules.md).
    const colours = rows.slice(0, 3).map((row) => row.querySelector('[data-colour]')?.getAttribute('data-colour'));
    expect(colours).toEqual(['sky', 'green', 'black']);
    const [first] = listRequests();
    expect(Object.fromEntries(first!.query)).toEqual({ pageSize: '10', pageNumber: '1' });
    expect(first!.path).toBe('/api/v1/leads/list/workflow/1');
  });

  it('paints statuses other than Open, Won and Lost grey', async () => {
    fake.workflows.push({ id: 5, name: 'Negotiating', default_style: null, active_style: null });
    fake.leads[0]!.workflow = 'Negotiating';
    fake.leads[0]!.workflow_id = 5;
    renderBoard(fake);
    const rows = await waitForRows();
    expect(rows[0]!.querySelector('[data-colour]')?.getAttribute('data-colour')).toBe('grey');
  });

  it('shows "No leads found" for an empty tab', async () => {
    fake.answer('GET', /\/leads\/list\//, 200, { status: 'Success', data: { data: [], total: 0 } });
    renderBoard(fake);
    await waitFor(() => expect(screen.getByText(MESSAGES.leads.noLeads)).toBeTruthy());
    expect(screen.getByText('Showing page 1 of 1')).toBeTruthy();
  });

  it('shows the failure with a retry and the product toast when the list cannot be fetched', async () => {
    fake.answer('GET', /\/leads\/list\//, 500, { status: 'Error', message: 'boom' });
    const harness = renderBoard(fake);
    await waitForToast(harness, MESSAGES.leads.fetchFailed);
    expect(screen.getByText(MESSAGES.leads.fetchFailed)).toBeTruthy();
    fake.overrides = [];
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitForRows(10);
  });

  it('says so when the workflow statuses cannot be loaded', async () => {
    fake.answer('GET', '/workflow/list', 500, { status: 'Error', message: 'down' });
    const harness = renderBoard(fake);
    await waitForToast(harness, MESSAGES.leads.workflowDataFailed);
    expect(screen.getByText(MESSAGES.leads.workflowDataFailed)).toBeTruthy();
  });
});

describe('LeadsBoard: tabs, paging and search', () => {
  it('pages with Next and the numbered buttons, and a tab change goes back to page 1', async () => {
    renderBoard(fake);
    await waitForRows(10);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Showing page 2 of 3')).toBeTruthy());
    // The pager is disabled while a page loads: wait for page 2's rows before asking for page 3.
    await waitForRows(10);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Page 3' }).hasAttribute('disabled')).toBe(false));
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(screen.getByText('Showing page 3 of 3')).toBeTruthy());
    await waitForRows(3);
    await userEvent.click(screen.getByRole('tab', { name: 'Open' }));
    await waitFor(() => expect(screen.getByText('Showing page 1 of 1')).toBeTruthy());
    const rows = await waitForRows(8);
    // The tab's own list, from page 1, asked for once its rows are here (the pager reads "page 1
    // of 1" at once, before the answer; an earlier tab's request may still land beside it).
    const openTab = listRequests().filter((r) => r.path === '/api/v1/leads/list/workflow/2');
    expect(openTab.length).toBeGreaterThan(0);
    expect(openTab.map((r) => r.query.get('pageNumber'))).toEqual(openTab.map(() => '1'));
    const statuses = rows.map((row) => row.querySelector<HTMLSelectElement>('select[data-colour]'));
    expect(statuses.map((s) => [s?.selectedOptions[0]?.text, s?.dataset.colour])).toEqual(rows.map(() => ['Open', 'sky']));
  });

  it('searches after the debounce with 1000 rows, filters on the client and shows the filtered count', async () => {
    // This server ignores the search text: whatever it sends, the client filters across all fields.
    fake.answer('GET', /\/leads\/list\//, 200, { status: 'Success', data: { data: seedLeads(), total: 23 } });
    renderBoard(fake);
    await waitForRows();
    const before = listRequests().length;
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search leads' }), 'PUNE');
    // Nothing is asked while typing: one request, 500 ms after the last key.
    expect(listRequests()).toHaveLength(before);
    await waitFor(() => expect(screen.getByText(/6 matching leads/)).toBeTruthy(), { timeout: 10_000 });
    expect(listRequests()).toHaveLength(before + 1);
    const search = listRequests().at(-1)!;
    expect(Object.fromEntries(search.query)).toEqual({ pageSize: '1000', pageNumber: '1', search: 'PUNE' });
    const rows = await waitForRows(6);
    expect(rows.every((row) => row.textContent?.includes('@example.com'))).toBe(true);
    expect(screen.getByText(/Showing page 1 of 1/)).toBeTruthy();
  });

  it('pages search results on the client without asking again', async () => {
    fake.answer('GET', /\/leads\/list\//, 200, { status: 'Success', data: { data: seedLeads(), total: 23 } });
    renderBoard(fake);
    await waitForRows();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search leads' }), 'example.com');
    await waitFor(() => expect(screen.getByText(/23 matching leads/)).toBeTruthy(), { timeout: 10_000 });
    const count = listRequests().length;
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(screen.getByText(/Showing page 3 of 3/)).toBeTruthy());
    await waitForRows(3);
    expect(listRequests()).toHaveLength(count);
  });
});

describe('LeadsBoard: row links and permissions', () => {
  it('links chat to WhatsApp in a new tab and mail to mailto:', async () => {
    renderBoard(fake);
    await waitForRows();
    const chat = screen.getByRole('link', { name: 'Chat with Asha Lead1 on WhatsApp' });
    expect(chat.getAttribute('href')).toBe('https://wa.me/919876543201');
    expect(chat.getAttribute('target')).toBe('_blank');
    expect(chat.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: 'Email Asha Lead1' }).getAttribute('href')).toBe('mailto:lead1@example.com');
  });

  it('gives an admin Add Lead, edit, delete and the inline selects', async () => {
    renderBoard(fake);
    await waitForRows();
    expect(screen.getByRole('button', { name: 'Add Lead' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Asha Lead1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Asha Lead1' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Lead source of Asha Lead1' })).toBeTruthy();
  });

  it('tells an agent without lead-read why, in place, and asks the server nothing', async () => {
    renderBoard(fake, 'agent', [PERMISSIONS.propertyCreate, PERMISSIONS.propertyRead, PERMISSIONS.propertyEdit, PERMISSIONS.propertyDelete]);
    await screen.findByText(format(MESSAGES.permission.denied, { permission: PERMISSIONS.leadRead }));
    expect(screen.queryByRole('table', { name: 'Leads' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.seen('GET', '/workflow/list')).toHaveLength(0);
  });

  it('hides what an agent who only reads leads may not do, and shows values as text', async () => {
    renderBoard(fake, 'agent', [PERMISSIONS.leadRead]);
    const rows = await waitForRows();
    expect(screen.queryByRole('button', { name: 'Add Lead' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(screen.queryAllByRole('combobox')).toHaveLength(0);
    expect(rows[0]!.textContent).toContain('Website');
    expect(rows[0]!.textContent).toContain('Apartment');
    // Without lead-edit the status is a plain badge in its colour.
    expect(within(rows[0]!).getByText('Open', { selector: 'span[data-colour]' }).dataset.colour).toBe('sky');
    fireEvent.click(within(rows[0]!).getByRole('checkbox'));
    expect(screen.queryByRole('button', { name: 'Delete selected' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change status' })).toBeNull();
    // Import adds leads, so it needs lead-create too; Export only reads.
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
  });

  it('gives the Sales Agent (lead-create, lead-read, lead-edit) editing but no delete controls', async () => {
    renderBoard(fake, 'agent', [PERMISSIONS.leadCreate, PERMISSIONS.leadRead, PERMISSIONS.leadEdit]);
    const rows = await waitForRows();
    expect(screen.getByRole('button', { name: 'Add Lead' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Asha Lead1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    fireEvent.click(within(rows[0]!).getByRole('checkbox'));
    expect(screen.getByRole('button', { name: 'Change status' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete selected' })).toBeNull();
  });

  it('keeps the table in a horizontal scroller so narrow screens can reach every column', async () => {
    renderBoard(fake);
    await waitForRows();
    const scroller = screen.getByRole('table', { name: 'Leads' }).parentElement!;
    const rules = getStyleText();
    const ruleOf = (cls: string) => rules.slice(rules.indexOf(`.${cls}`)).split('}')[0] ?? '';
    expect(scroller.className.split(' ').some((cls) => /overflow:auto/.test(ruleOf(cls)))).toBe(true);
    const table = screen.getByRole('table', { name: 'Leads' });
    expect(table.className.split(' ').some((cls) => /min-width:max-content/.test(ruleOf(cls)))).toBe(true);
    expect(bodyRows()).toHaveLength(10);
  });
});
