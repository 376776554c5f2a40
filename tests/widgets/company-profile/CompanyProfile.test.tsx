import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Company } from '../../../src/contract';
import { CompanyProfile } from '../../../src/widgets/company-profile/CompanyProfile';
import { FakeCompaniesServer, seedCompanies } from './fakeCompaniesServer';
import { cleanupWidgets, renderWidget, waitForToast, type RenderOptions } from './renderCompanies';

const fake = new FakeCompaniesServer();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
afterEach(() => {
  cleanupWidgets();
  fake.reset();
});

const PATH = '/management/user/companyprofile';
const show = (options: RenderOptions = {}, props: Parameters<typeof CompanyProfile>[0] = {}) =>
  renderWidget(fake, PATH, <CompanyProfile {...props} />, options);
const section = (name: string) => screen.getByRole('region', { name });

describe('Company profile: its data', () => {
  it('says "Loading company profile..." then shows every section of the stored company', async () => {
    fake.delayMs = 30;
    show();
    expect(screen.getByText(MESSAGES.companies.loadingProfile)).toBeTruthy();
    await screen.findByRole('heading', { name: 'Skyline Realty', level: 2 });
    expect(fake.seen('GET', '/company/1')).toHaveLength(1);
    expect(screen.getByText('Homes that rise above the rest')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Skyline Realty icon' }).getAttribute('src')).toContain('/uploads/companies/1/icon.png');
    expect(within(section('Company Overview')).getByText('2009')).toBeTruthy();
    expect(within(section('Company Overview')).getByText('We help families buy and rent homes.')).toBeTruthy();
    // Lists arrive as a list, JSON text and comma text alike.
    expect(within(section('Inventory Categories')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Apartment', 'Villa']);
    expect(within(section('Operating Locations')).getByText('Karnataka, Kerala')).toBeTruthy();
    expect(within(section('Operating Locations')).getByText('Bengaluru, Kochi')).toBeTruthy();
    expect(within(section('Address & Timings')).getByText('Mon-Sat: 9:30AM-6:30PM')).toBeTruthy();
    expect(within(section('Communication Preferences')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Email', 'WhatsApp']);
  });

  it('links only http(s) addresses: a stored javascript: link is shown as text, never as a link', async () => {
    show();
    const connect = await screen.findByRole('region', { name: 'Connect With Us' });
    const links = within(connect).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://skyline.example', 'https://instagram.com/skyline']);
    for (const a of links) expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(connect).getByText('javascript:alert(1)').closest('a')).toBeNull();
    expect(connect.innerHTML).not.toContain('href="javascript');
  });

  it('shows a data: website as text, a withheld link as hidden, and the initial when there is no icon', async () => {
    show({ companyId: 2 });
    await screen.findByRole('heading', { name: 'Harbor Homes', level: 2 });
    const connect = section('Connect With Us');
    expect(within(connect).queryAllByRole('link')).toHaveLength(0);
    expect(within(connect).getByText('data:text/html,hi')).toBeTruthy();
    expect(within(connect).getByText('Hidden: not a web address')).toBeTruthy();
    expect(screen.getByText('H')).toBeTruthy();
    expect(within(section('Communication Preferences')).getByText('Not specified')).toBeTruthy();
  });

  it('shows the company handed in without fetching it (navigation data)', async () => {
    const given = { ...seedCompanies()[1]!, display_name: 'Handed Over Homes' } as Company;
    show({}, { company: given });
    expect(screen.getByRole('heading', { name: 'Handed Over Homes', level: 2 })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.seen('GET', '/company')).toHaveLength(0);
  });

  it('fetches the company named by companyId over the stored one', async () => {
    show({ who: 'super_admin' }, { companyId: 2 });
    await screen.findByRole('heading', { name: 'Harbor Homes', level: 2 });
    expect(fake.seen('GET', '/company/2')).toHaveLength(1);
  });

  it('falls back to the cached company data when the fetch fails, and says so', async () => {
    fake.answer('GET', '/company/1', 500, { status: 'Error', message: 'Database down' });
    show({ companyData: { ...seedCompanies()[0], display_name: 'Skyline (cached)' } });
    await screen.findByRole('heading', { name: 'Skyline (cached)', level: 2 });
    expect(screen.getByRole('status').textContent).toContain(MESSAGES.companies.loadFailed);
  });

  it('refreshes the cached company data from a successful fetch of the own company', async () => {
    const harness = show({ companyData: { id: 1, display_name: 'Old copy' } });
    await screen.findByRole('heading', { name: 'Skyline Realty', level: 2 });
    await waitFor(() => expect((harness.runtime.session.getState().companyData as Company).display_name).toBe('Skyline Realty'));
  });

  it('says "Failed to load company data." with a retry when the fetch fails and nothing is cached', async () => {
    fake.answer('GET', '/company/1', 500, { status: 'Error', message: 'Database down' });
    show();
    await screen.findByText(MESSAGES.companies.loadFailed);
    fake.overrides = [];
    fireEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
    await screen.findByRole('heading', { name: 'Skyline Realty', level: 2 });
  });

  it('says "No company data available." for another company or nobody\'s (404), and without a company id', async () => {
    show({ companyId: 99 });
    await screen.findByText(MESSAGES.companies.noData);
    cleanupWidgets();
    show({ who: 'super_admin' });
    expect(screen.getByText(MESSAGES.companies.noData)).toBeTruthy();
    expect(screen.getByText(MESSAGES.companies.companyIdNotFound)).toBeTruthy();
    expect(fake.seen('GET', '/company')).toHaveLength(1);
  });
});

describe('My Company Profile', () => {
  // The reference server answers null for a stored unsafe link; these tests start from a clean row.
  const cleanLinks = () => Object.assign(fake.companies[0]!, { linkedin: 'https://linkedin.com/company/skyline' });

  it('will not save a stored javascript: link: the person is asked for a real address', async () => {
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit My Company Profile' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Please enter a valid URL');
    expect(document.activeElement).toBe(screen.getByLabelText(/^LinkedIn/));
    expect(fake.seen('PUT', '/company')).toHaveLength(0);
  });

  it('is offered to the company admin and the super admin, not to agents', async () => {
    show({ who: 'agent' });
    await screen.findByRole('heading', { name: 'Skyline Realty', level: 2 });
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    cleanupWidgets();
    show({ who: 'super_admin' }, { companyId: 2 });
    await screen.findByRole('button', { name: 'Edit Company Profile' });
    cleanupWidgets();
    show({ companyId: 1 }, { companyId: 2 }); // a company admin looking at another company
    await screen.findByRole('heading', { name: 'Harbor Homes', level: 2 });
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
  });

  it('saves the fields as JSON, refreshes the cached company (the brand) and returns to the profile', async () => {
    cleanLinks();
    const harness = show();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit My Company Profile' }));
    expect(screen.getByRole('heading', { name: 'My Company Profile' })).toBeTruthy();
    expect((screen.getByLabelText(/^Operating cities/) as HTMLInputElement).value).toBe('Bengaluru, Kochi');
    fireEvent.change(screen.getByLabelText(/^Tagline/), { target: { value: 'Higher homes' } });
    fireEvent.change(screen.getByLabelText(/^Primary colour$/), { target: { value: '#16a34a' } });
    fireEvent.change(screen.getByLabelText(/^Operating cities/), { target: { value: ' Mysuru ,, Kochi ' } });
    fake.delayMs = 50;
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    // Busy while it saves: the label says so and the fields wait.
    await screen.findByRole('button', { name: 'Saving...' });
    expect((screen.getByLabelText(/^Tagline/) as HTMLInputElement).disabled).toBe(true);
    await waitForToast(harness, MESSAGES.companies.updated);
    const [put] = fake.seen('PUT', '/company/1');
    expect(put!.json).toMatchObject({ tagline: 'Higher homes', primary_color_code: '#16a34a', operating_cities: ['Mysuru', 'Kochi'], display_name: 'Skyline Realty', founding_year: 2009 });
    expect(fake.seen('POST', '/company/1/media')).toHaveLength(0);
    expect(harness.location.get()).toBe('/management/company/companyprofile');
    expect((harness.runtime.session.getState().companyData as Company).primary_color_code).toBe('#16a34a');
    await screen.findByText('Higher homes');
    expect(screen.getByRole('heading', { name: 'Company Profile', level: 2 })).toBeTruthy();
  });

  it('checks the edit rules before sending: required fields, colour codes, http(s) links', async () => {
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit My Company Profile' }));
    fireEvent.change(screen.getByLabelText(/^Display name/), { target: { value: '  ' } });
    fireEvent.change(screen.getByLabelText(/^Founding year/), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText(/^Primary colour$/), { target: { value: 'orange' } });
    fireEvent.change(screen.getByLabelText(/^Website/), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Display name is required');
    expect(screen.getByText('Founding year is required')).toBeTruthy();
    expect(screen.getByText('Use a colour code like #f97316')).toBeTruthy();
    // The website typed and the LinkedIn link an older row held.
    expect(screen.getAllByText('Please enter a valid URL')).toHaveLength(2);
    expect(fake.seen('PUT', '/company')).toHaveLength(0);
  });

  it('sends picked pictures to the media call, refusing a file that is not an image', async () => {
    cleanLinks();
    const harness = show();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit My Company Profile' }));
    const icon = screen.getByLabelText(/^Icon/) as HTMLInputElement;
    fireEvent.change(icon, { target: { files: [new File(['%PDF'], 'brochure.pdf', { type: 'application/pdf' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText(MESSAGES.validation.imageOnly);
    expect(fake.seen('PUT', '/company')).toHaveLength(0);
    fireEvent.change(icon, { target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'icon.png', { type: 'image/png' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitForToast(harness, MESSAGES.companies.updated);
    const [upload] = fake.seen('POST', '/company/1/media');
    expect(upload!.headers['content-type']).toContain('multipart/form-data');
    expect(upload!.body).toContain('name="icon"; filename="icon.png"');
    expect((harness.runtime.session.getState().companyData as Company).icon).toBe('companies/1/icon-new.png');
  });

  it('says "Failed to update company profile." with Go Back when saving fails, keeping what was typed', async () => {
    cleanLinks();
    fake.answer('PUT', '/company/1', 500, { status: 'Error', message: 'Database is read-only' });
    const harness = show();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit My Company Profile' }));
    fireEvent.change(screen.getByLabelText(/^Tagline/), { target: { value: 'Unsaved words' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.companies.updateProfileFailed);
    expect(alert.textContent).toContain('Database is read-only');
    expect(harness.toasts().some((t) => t.startsWith(MESSAGES.companies.updateProfileFailed))).toBe(true);
    expect((screen.getByLabelText(/^Tagline/) as HTMLInputElement).value).toBe('Unsaved words');
    expect((harness.runtime.session.getState().companyData as Company | null)?.tagline).not.toBe('Unsaved words');
    fireEvent.click(within(alert).getByRole('button', { name: 'Go Back' }));
    expect(screen.getByRole('heading', { name: 'Company Profile', level: 2 })).toBeTruthy();
  });

  it('puts the server\'s field errors on their fields (422)', async () => {
    cleanLinks();
    fake.answer('PUT', '/company/1', 422, { status: 'Error', message: 'Invalid input', errors: { postal_code: ['Postal code is too long'] } });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit My Company Profile' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Postal code is too long');
  });
});
