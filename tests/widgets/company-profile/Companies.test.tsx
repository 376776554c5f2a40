import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_LIST_HEIGHT, MESSAGES } from '../../../src/contract';
import { Companies } from '../../../src/widgets/company-profile/Companies';
import { FakeCompaniesServer } from './fakeCompaniesServer';
import { cleanupWidgets, renderWidget, waitForToast, type RenderOptions } from './renderCompanies';

const fake = new FakeCompaniesServer();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
afterEach(() => {
  cleanupWidgets();
  fake.reset();
});

const LIST = '/management/company/companylist';
const ADD = '/management/company/addcompany';
const open = (path = LIST, options: RenderOptions = { who: 'super_admin' }) => renderWidget(fake, path, <Companies />, options);
const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type: 'image/png' });

describe('All Companies', () => {
  it('lists every company with the product\'s columns in a 600 px scroll area', async () => {
    fake.delayMs = 30;
    open();
    expect(screen.getByText(MESSAGES.generic.loading)).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'All Companies' });
    await within(table).findByText('Skyline Realty');
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Company Name', 'Logo', 'Founded', 'Office Address', 'Location', 'Type', 'Operating States', 'Operating Cities', 'Inventory Categories', 'Actions']);
    const skyline = within(table).getByText('Skyline Realty').closest('tr')!;
    const cells = within(skyline).getAllByRole('cell').map((td) => td.textContent);
    expect(cells.slice(2, 9)).toEqual(['2009', '29 MG Road', 'Bengaluru, 560001, India', 'Apartment', 'Karnataka, Kerala', 'Bengaluru, Kochi', 'Apartment, Villa']);
    expect(within(skyline).getByRole('img', { name: 'Skyline Realty logo' }).getAttribute('src')).toContain('companies/1/logo-320.webp');
    const scroller = table.parentElement!;
    expect(scroller.style.maxHeight).toBe(`${COMPANY_LIST_HEIGHT}px`);
  });

  it('says so when there are no companies, and "Failed to fetch companies" when the list fails', async () => {
    fake.companies = [];
    open();
    await screen.findByText('No companies yet');
    cleanupWidgets();
    fake.answer('GET', '/company', 500, { status: 'Error', message: 'down' });
    open();
    await screen.findByText(MESSAGES.companies.fetchFailed);
  });

  it('shows a company\'s details in a modal, links http(s) only', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'View details of Skyline Realty' }));
    const dialog = await screen.findByRole('dialog', { name: 'Skyline Realty' });
    await within(dialog).findByRole('region', { name: 'Company Overview' });
    expect(fake.seen('GET', '/company/1')).toHaveLength(1);
    expect(within(dialog).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['https://skyline.example', 'https://instagram.com/skyline']);
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says "Failed to fetch company details" when the details do not load', async () => {
    fake.answer('GET', '/company/2', 500, { status: 'Error', message: 'down' });
    const harness = open();
    fireEvent.click(await screen.findByRole('button', { name: 'View details of Harbor Homes' }));
    await waitForToast(harness, MESSAGES.companies.detailsFailed);
    expect(within(screen.getByRole('dialog')).getByText(MESSAGES.companies.detailsFailed)).toBeTruthy();
  });

  it('edits a company in a modal with the edit rules, "Updating..." while it saves, and the list follows', async () => {
    fake.companies[1]!.website = 'https://harbor.example';
    const harness = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Harbor Homes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Company' });
    fireEvent.change(within(dialog).getByLabelText(/^City/), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await within(dialog).findByText('City is required');
    expect(fake.seen('PUT', '/company')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/^City/), { target: { value: 'Thane' } });
    fake.delayMs = 50;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await within(dialog).findByRole('button', { name: 'Updating...' });
    await waitForToast(harness, MESSAGES.companies.updated);
    expect(fake.seen('PUT', '/company/2')[0]!.json).toMatchObject({ city: 'Thane', display_name: 'Harbor Homes', founding_year: 2014 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByText('Thane, 400051, India');
  });

  it('shows the server\'s message when an update fails (the original description only logs it) and keeps the modal open', async () => {
    fake.companies[1]!.website = 'https://harbor.example';
    fake.answer('PUT', '/company/2', 409, { status: 'Error', message: 'A company with this name already exists' });
    const harness = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Harbor Homes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Company' });
    fireEvent.change(within(dialog).getByLabelText(/^Display name/), { target: { value: 'Skyline Realty' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitForToast(harness, 'A company with this name already exists');
    expect(within(dialog).getByRole('alert').textContent).toBe('A company with this name already exists');
    expect((within(dialog).getByLabelText(/^Display name/) as HTMLInputElement).value).toBe('Skyline Realty');
    expect(harness.toasts()).not.toContain(MESSAGES.companies.updated);
  });

  it('deletes after "Are you sure?" with the product\'s words; a failure says "Failed to delete company"', async () => {
    const harness = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Harbor Homes' }));
    const dialog = await screen.findByRole('alertdialog', { name: MESSAGES.companies.confirmTitle });
    expect(within(dialog).getByText(MESSAGES.companies.confirmText)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fake.seen('DELETE', '/company')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Harbor Homes' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitForToast(harness, MESSAGES.companies.deleted);
    await waitFor(() => expect(screen.queryByText('Harbor Homes')).toBeNull());

    fake.answer('DELETE', '/company/1', 500, { status: 'Error', message: 'down' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Skyline Realty' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitForToast(harness, MESSAGES.companies.deleteFailed);
    expect(screen.getByText('Skyline Realty')).toBeTruthy();
  });

  it('is the super admin\'s only: anyone else is told so and nothing is fetched', async () => {
    open(LIST, { who: 'admin' });
    expect(screen.getByText('Companies are managed by the super admin')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.requests).toHaveLength(0);
  });
});

describe('Add Company', () => {
  const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  function fillRequired() {
    fill(/^Display name/, 'Lakeview Estates');
    fill(/^Tagline/, 'Homes by the water');
    fill(/^Founding year/, '2018');
    fill(/^Primary colour\s*\*?$/, '#0f766e');
    fill(/^Secondary colour\s*\*?$/, '#134e4a');
    fill(/^Short description/, 'Lakeside homes.');
    fill(/^Description/, 'We sell lakeside villas.');
    fill(/^Office address/, '12 Lake Road');
    fill(/^City/, 'Udaipur');
    fill(/^State/, 'Rajasthan');
    fill(/^Postal code/, '313001');
    fill(/^Country/, 'India');
    fill(/^Hours of operation/, 'Mon-Fri: 9AM-5PM');
    fill(/^Operating states/, ' Rajasthan , Gujarat ,');
    fill(/^Operating cities/, 'Udaipur, Ahmedabad');
    fill(/^Firm type/, 'Villa');
    fill(/^Inventory type/, 'own');
    fill(/^Inventory categories/, 'Villa, Plot');
    fill(/^Lead communication/, 'Email, Phone');
    fill(/^Website/, 'https://lakeview.example');
  }

  it('names every missing required field (docs/product/rules.md) and sends nothing', async () => {
    open(ADD);
    fill(/^Country/, '');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Display name is required');
    for (const text of ['Tagline is required', 'Founding year is required', 'Short description is required', 'Description is required', 'Office address is required', 'City is required', 'State is required', 'Postal code is required', 'Country is required', 'Hours of operation are required', 'Operating states are required', 'Operating cities are required', 'Inventory categories are required', 'Firm type is required', 'Inventory type is required', 'Lead communication is required', 'Website is required']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    // Icon, logo and cover photo are required too.
    expect(screen.getAllByText(MESSAGES.validation.fieldRequired)).toHaveLength(3);
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses links that are not http(s), files that are not images, and bad colour codes', async () => {
    open(ADD);
    fillRequired();
    fill(/^Website/, 'javascript:alert(1)');
    fill(/^Instagram/, 'data:text/html,hi');
    fill(/^Primary colour\s*\*?$/, 'teal');
    fireEvent.change(screen.getByLabelText(/^Icon/), { target: { files: [new File(['<svg/>'], 'icon.svg', { type: 'text/plain' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(MESSAGES.validation.imageOnly);
    expect(screen.getAllByText('Please enter a valid URL')).toHaveLength(2);
    expect(screen.getByText('Use a colour code like #f97316')).toBeTruthy();
    expect(fake.requests).toHaveLength(0);
  });

  it('shows the primary colour as it will be used, and says when and why it was changed', async () => {
    open(ADD);
    fill(/^Primary colour\s*\*?$/, '#fff7d6');
    expect(screen.getByText(/^Shown darker for readable text on the light theme: the chosen colour has 1\.0:1 contrast on its background, 4\.5:1 is needed\.$/)).toBeTruthy();
    fill(/^Primary colour\s*\*?$/, '#0b0b1a');
    expect(screen.getByText(/^Shown lighter for readable text on the dark theme: the chosen colour has 1\.3:1 contrast on its dark cards, 4\.5:1 is needed\.$/)).toBeTruthy();
    fill(/^Primary colour\s*\*?$/, '#f97316');
    expect(screen.getByText(/^Shown darker .* 2\.6:1 contrast/)).toBeTruthy();
    fill(/^Primary colour\s*\*?$/, '#1d4ed8');
    expect(screen.getByText('Shown lighter for readable text on the dark theme: the chosen colour has 2.1:1 contrast on its dark cards, 4.5:1 is needed.')).toBeTruthy();
  });

  it('keeps the picker and the colour code in step', async () => {
    open(ADD);
    fireEvent.change(screen.getByLabelText('Primary colour picker'), { target: { value: '#123456' } });
    expect((screen.getByLabelText(/^Primary colour\s*\*?$/) as HTMLInputElement).value).toBe('#123456');
    fill(/^Secondary colour\s*\*?$/, '#abc');
    expect((screen.getByLabelText('Secondary colour picker') as HTMLInputElement).value).toBe('#aabbcc');
  });

  it('sends the contract\'s multipart (scalars as they are, lists as JSON text, three files) with previews, then shows the list', async () => {
    const harness = open(ADD);
    fillRequired();
    fireEvent.change(screen.getByLabelText(/^Icon/), { target: { files: [png('icon.png')] } });
    fireEvent.change(screen.getByLabelText(/^Logo/), { target: { files: [png('logo.png')] } });
    fireEvent.change(screen.getByLabelText(/^Cover photo/), { target: { files: [png('cover.png')] } });
    expect(screen.getAllByRole('img', { name: /preview$/ })).toHaveLength(3);
    fake.delayMs = 50;
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Adding...' });
    await waitForToast(harness, MESSAGES.companies.created);
    const [post] = fake.seen('POST', '/company');
    expect(post!.headers['content-type']).toContain('multipart/form-data');
    const part = (name: string) => new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)`).exec(post!.body)?.[1];
    expect(part('display_name')).toBe('Lakeview Estates');
    expect(part('founding_year')).toBe('2018');
    expect(part('operating_states')).toBe('["Rajasthan","Gujarat"]');
    expect(part('lead_communication')).toBe('["Email","Phone"]');
    expect(part('instagram')).toBeUndefined();
    for (const file of ['icon', 'logo', 'cover_photo']) expect(post!.body).toContain(`name="${file}"; filename=`);
    await waitFor(() => expect(harness.location.get()).toBe(LIST));
    await screen.findByText('Lakeview Estates');
  });

  it('says "Failed to add company. Please try again." and keeps everything typed', async () => {
    fake.answer('POST', '/company', 500, { status: 'Error', message: 'disk full' });
    const harness = open(ADD);
    fillRequired();
    for (const label of [/^Icon/, /^Logo/, /^Cover photo/]) fireEvent.change(screen.getByLabelText(label), { target: { files: [png('a.png')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitForToast(harness, MESSAGES.companies.addFailed);
    expect((screen.getByLabelText(/^Display name/) as HTMLInputElement).value).toBe('Lakeview Estates');
    expect(screen.getAllByRole('img', { name: /preview$/ })).toHaveLength(3);
    expect(harness.location.get()).toBe(ADD);
  });
});
