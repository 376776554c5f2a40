import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PREFERENCE_MESSAGES } from '../../../src/contract';
import { preferencesStore } from '../../../src/core/preferences';
import Account from '../../../src/widgets/account/Account';
import { accountWidget } from '../../../src/widgets/account/widget';
import { send } from '../../support/fakeApiServer';
import { FakeAccountServer } from './fakeAccountServer';
import { cleanupWidgets, renderAt, signedInRuntime, waitForToast } from './renderAccount';

const fake = new FakeAccountServer();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
afterEach(() => {
  cleanupWidgets();
  fake.reset();
});

const labelled = (label: string) => new RegExp(`^${label}\\b`);
const field = (label: string) => screen.getByLabelText(labelled(label), { selector: 'input' }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

describe('account widget descriptor', () => {
  it('declares /settings, /profile and /preferences and loads the Account component lazily', async () => {
    expect(accountWidget.name).toBe('account');
    expect(Object.values(accountWidget.screens ?? {}).map((s) => s.path)).toEqual(['/settings', '/profile', '/preferences']);
    expect((await accountWidget.load()).default).toBe(Account);
  });
});

describe('General tab: the profile form', () => {
  it('shows "Loading profile..." then the profile split into first and last name', async () => {
    fake.delayMs = 40;
    renderAt(fake, '/settings', <Account />);
    expect(screen.getByText('Loading profile...')).toBeTruthy();
    await screen.findByRole('tab', { name: 'General', selected: true });
    expect(screen.getByRole('heading', { name: 'Settings', level: 2 })).toBeTruthy();
    expect(field('First name').value).toBe('Asha');
    expect(field('Last name').value).toBe('Rao');
    expect(field('Email').value).toBe('asha@skyline.test');
    expect(field('Street').value).toBe('12 MG Road');
    expect(field('Postal code').value).toBe('560001');
  });

  it('asks "Please complete your profile information" when the loaded profile lacks a required field', async () => {
    fake.profile = { ...fake.profile, email: null };
    renderAt(fake, '/profile', <Account />);
    expect((await screen.findByText(MESSAGES.profile.incomplete)).getAttribute('role')).toBe('status');
  });

  it('is headed Profile at /profile', async () => {
    renderAt(fake, '/profile', <Account />);
    expect(await screen.findByRole('heading', { name: 'Profile', level: 2 })).toBeTruthy();
  });

  it('says "Failed to fetch user data" with a retry when the profile cannot be loaded, and the retry loads it', async () => {
    let fail = true;
    fake.overrides.push((req, res) => {
      if (!fail || req.path !== '/api/v1/users/profile') return false;
      send(res, 500, { message: 'boom' });
    });
    const harness = renderAt(fake, '/settings', <Account />);
    await waitForToast(harness, MESSAGES.profile.fetchFailed);
    expect(screen.getByText(MESSAGES.profile.fetchFailed)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
    await screen.findByRole('tab', { name: 'General' });
    expect(field('First name').value).toBe('Asha');
  });

  it('sends nothing and says "Please complete your profile information" when a required field is empty', async () => {
    const harness = renderAt(fake, '/settings', <Account />);
    await screen.findByRole('tab', { name: 'General' });
    type('Last name', '  ');
    save();
    await waitForToast(harness, MESSAGES.profile.incomplete);
    expect(await screen.findByText(MESSAGES.validation.lastNameRequired)).toBeTruthy();
    expect(fake.seen('PUT', '/users/7')).toHaveLength(0);
  });

  it('saves the profile payload with the Company-ID header, shows "Saving...", and the session follows the new name', async () => {
    const harness = renderAt(fake, '/settings', <Account />);
    await screen.findByRole('tab', { name: 'General' });
    type('First name', 'Asha');
    type('Last name', 'Rao Menon');
    type('City', 'Mysuru');
    fake.delayMs = 60;
    save();
    expect(await screen.findByRole('button', { name: /Saving\.\.\./ })).toBeTruthy();
    await waitForToast(harness, MESSAGES.profile.updated);
    const [put] = fake.seen('PUT', '/users/7');
    expect(put!.headers['company-id']).toBe('1');
    expect(put!.json).toEqual({
      first_name: 'Asha',
      last_name: 'Rao Menon',
      email: 'asha@skyline.test',
      phone: '9876543210',
      street: '12 MG Road',
      city: 'Mysuru',
      state: 'Karnataka',
      zip_code: '560001',
      country: 'India',
      user_type: 'agent',
    });
    expect(harness.runtime.session.getState().user?.name).toBe('Asha Rao Menon');
  });

  it('asks for the current password only when the e-mail changes, and shows the server refusing a wrong one', async () => {
    const harness = renderAt(fake, '/settings', <Account />);
    await screen.findByRole('tab', { name: 'General' });
    expect(screen.queryByLabelText(/Current password/)).toBeNull();
    type('Email', 'asha.rao@skyline.test');
    expect(screen.getByLabelText(/Current password/)).toBeTruthy();
    save();
    await waitForToast(harness, MESSAGES.profile.currentPasswordForEmail);
    expect(fake.seen('PUT', '/users/7')).toHaveLength(0);

    type('Current password', 'Wrong@123');
    save();
    expect(await screen.findByText(MESSAGES.profile.currentPasswordWrong)).toBeTruthy();
    expect(field('Email').value).toBe('asha.rao@skyline.test');

    type('Current password', fake.password);
    save();
    await waitForToast(harness, MESSAGES.profile.updated);
    expect(fake.seen('PUT', '/users/7').at(-1)!.json).toMatchObject({ email: 'asha.rao@skyline.test', current_password: fake.password });
  });

  it('says "Failed to update profile" on a failed save and keeps what was typed', async () => {
    fake.answer('PUT', '/users/7', 500, { message: 'Database down' });
    const harness = renderAt(fake, '/settings', <Account />);
    await screen.findByRole('tab', { name: 'General' });
    type('City', 'Hubballi');
    save();
    await waitForToast(harness, MESSAGES.profile.updateFailed);
    expect(field('City').value).toBe('Hubballi');
  });

  it('says "Company ID not found" and sends nothing when a company person has no stored company', async () => {
    fake.profile = { ...fake.profile, company_id: null };
    const harness = renderAt(fake, '/settings', <Account />, signedInRuntime(fake.base, null, 'agent'));
    await screen.findByRole('tab', { name: 'General' });
    save();
    await waitForToast(harness, MESSAGES.profile.companyIdNotFound);
    expect(fake.seen('PUT', '/users/7')).toHaveLength(0);
  });
});

describe('General tab: the avatar', () => {
  const pick = (file: File) => {
    const input = screen.getByLabelText('Change picture', { selector: 'input' });
    fireEvent.change(input, { target: { files: [file] } });
  };

  it('refuses a picture over 5 MB with "Image size must be less than 5MB" and uploads nothing', async () => {
    const harness = renderAt(fake, '/settings', <Account />);
    await screen.findByRole('tab', { name: 'General' });
    pick(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    await waitForToast(harness, MESSAGES.profile.avatarTooLarge);
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.profile.avatarTooLarge);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.seen('POST', '/users/7/avatar')).toHaveLength(0);
  });

  it('refuses a file that is not JPEG or PNG', async () => {
    renderAt(fake, '/settings', <Account />);
    await screen.findByRole('tab', { name: 'General' });
    pick(new File(['GIF89a'], 'me.gif', { type: 'image/gif' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please choose a JPEG or PNG image');
  });

  it('opens the square cropper for a fitting picture, and Cancel closes it without uploading', async () => {
    renderAt(fake, '/settings', <Account />);
    await screen.findByRole('tab', { name: 'General' });
    pick(new File([new Uint8Array(2000)], 'me.jpg', { type: 'image/jpeg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crop your picture' });
    expect(within(dialog).getByRole('img', { name: /Picture to crop/ }).getAttribute('tabindex')).toBe('0');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.seen('POST', '/users/7/avatar')).toHaveLength(0);
  });
});

describe('Security tab', () => {
  const openSecurity = async () => {
    fireEvent.click(await screen.findByRole('tab', { name: 'Security' }));
    await screen.findByRole('heading', { name: 'Change password' });
  };
  const pw = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));

  it('requires all three fields and the password rules before sending', async () => {
    renderAt(fake, '/settings', <Account />);
    await openSecurity();
    submit();
    expect(await screen.findByText(MESSAGES.validation.currentPasswordRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.validation.passwordRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.validation.confirmPasswordRequired)).toBeTruthy();
    pw('Current password', 'Agent@123');
    pw('New password', 'weak');
    pw('Confirm new password', 'weak2');
    submit();
    expect(await screen.findByText(MESSAGES.validation.passwordRequirements)).toBeTruthy();
    expect(fake.seen('PUT', '/users/7/update-password')).toHaveLength(0);
  });

  it('has show/hide toggles on the three fields', async () => {
    renderAt(fake, '/settings', <Account />);
    await openSecurity();
    expect(screen.getAllByRole('button', { name: 'Show password' })).toHaveLength(3);
  });

  it('says "Failed to update password" and the server reason for a wrong current password', async () => {
    const harness = renderAt(fake, '/settings', <Account />);
    await openSecurity();
    pw('Current password', 'Wrong@123');
    pw('New password', 'Better@456');
    pw('Confirm new password', 'Better@456');
    submit();
    await waitForToast(harness, MESSAGES.profile.passwordFailed);
    expect(await screen.findAllByText('The current password is incorrect.')).not.toHaveLength(0);
  });

  it('changes the password ("Updating..."), clears the fields, and the other sessions are gone from the list', async () => {
    const harness = renderAt(fake, '/settings', <Account />);
    await openSecurity();
    await screen.findByText('Safari on iPhone');
    pw('Current password', 'Agent@123');
    pw('New password', 'Better@456');
    pw('Confirm new password', 'Better@456');
    fake.delayMs = 60;
    submit();
    expect(await screen.findByRole('button', { name: /Updating\.\.\./ })).toBeTruthy();
    await waitForToast(harness, MESSAGES.profile.passwordUpdated);
    expect(fake.password).toBe('Better@456');
    expect(fake.seen('PUT', '/users/7/update-password')[0]!.json).toEqual({ current_password: 'Agent@123', new_password: 'Better@456', new_password_confirmation: 'Better@456' });
    await waitFor(() => expect(screen.queryByText('Safari on iPhone')).toBeNull());
    expect(field('Current password').value).toBe('');
    // This session stays.
    expect(harness.runtime.session.getState().token).toBe('test-token');
  });

  it('lists the sessions with device and last seen, this one marked, and signs out everywhere else after confirming', async () => {
    const harness = renderAt(fake, '/settings', <Account tab="security" />);
    const list = await screen.findByRole('list', { name: 'Where you are signed in' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Chrome on Linux')).toBeTruthy();
    expect(within(rows[0]!).getByText('This device')).toBeTruthy();
    expect(within(rows[1]!).getByText(/^Last seen 22\/11\/2026/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Sign out everywhere else' }));
    await waitForToast(harness, PREFERENCE_MESSAGES.otherSessionsEnded);
    expect(fake.seen('DELETE', '/users/sessions/others')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Safari on iPhone')).toBeNull());
    expect((screen.getByRole('button', { name: 'Sign out everywhere else' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows an error with retry when the sessions cannot be loaded', async () => {
    fake.answer('GET', '/users/sessions', 500, { message: 'down' });
    renderAt(fake, '/settings', <Account tab="security" />);
    expect(await screen.findByText('Your sessions could not be loaded.')).toBeTruthy();
    fake.overrides = [];
    fireEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByText('Safari on iPhone')).toBeTruthy();
  });
});

describe('Preferences', () => {
  it('loads, shows the saved choices, saves changes and hands them to every widget of the runtime', async () => {
    fake.preferences = { ...fake.preferences, leads_page_size: 25 };
    fake.delayMs = 30;
    const harness = renderAt(fake, '/preferences', <Account />);
    expect(screen.getByText('Loading preferences...')).toBeTruthy();
    await screen.findByRole('heading', { name: 'Preferences', level: 2 });
    const size = (await screen.findByLabelText('Leads per page')) as HTMLSelectElement;
    expect(size.value).toBe('25');
    expect((screen.getByRole('radio', { name: 'Follow the system' }) as HTMLInputElement).checked).toBe(true);
    fake.delayMs = 0;
    await screen.findByRole('option', { name: 'Won' });
    fireEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Compact' }));
    fireEvent.change(screen.getByLabelText('First tab of the leads board'), { target: { value: '3' } });
    fireEvent.change(size, { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('Date format'), { target: { value: 'd mmm yyyy' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Preferences' }));
    await waitForToast(harness, PREFERENCE_MESSAGES.saved);
    expect(fake.seen('PUT', '/users/preferences')[0]!.json).toEqual({ theme: 'dark', density: 'compact', leads_default_tab: 3, leads_page_size: 50, date_format: 'd mmm yyyy' });
    expect(preferencesStore(harness.runtime).getState().preferences).toMatchObject({ theme: 'dark', leads_default_tab: 3, leads_page_size: 50 });
  });

  it('shows no leads preferences, and asks for no statuses, to a person who may not read leads', async () => {
    renderAt(fake, '/preferences', <Account />, signedInRuntime(fake.base, 1, 'agent', ['property-read']));
    expect(await screen.findByLabelText('Date format')).toBeTruthy();
    expect(screen.queryByLabelText('Leads per page')).toBeNull();
    expect(fake.seen('GET', '/workflow/list')).toHaveLength(0);
  });

  it('shows an error with retry when the preferences cannot be loaded', async () => {
    fake.answer('GET', '/users/preferences', 500, { message: 'down' });
    renderAt(fake, '/preferences', <Account />);
    expect(await screen.findByText('Your preferences could not be loaded.')).toBeTruthy();
    fake.overrides = [];
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
    });
    expect(await screen.findByRole('button', { name: 'Save Preferences' })).toBeTruthy();
  });
});
