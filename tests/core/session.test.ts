import { afterEach, describe, expect, it } from 'vitest';
import type { LoginAnswer } from '../../src/contract';
import { createSessionStore, createStorage, isSignedIn } from '../../src/core';

afterEach(() => localStorage.clear());

const login: LoginAnswer['data'] = {
  token: 'tok-1',
  company_id: 12,
  user: { id: 5, name: 'Asha Rao', email: 'asha@example.com', user_type: 'agent', permissions: ['lead-create', 'lead-edit'] },
};

const otherTab = (key: string | null, newValue: string | null) =>
  window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));

describe('session store', () => {
  it('starts signed out with empty storage', () => {
    const state = createSessionStore(createStorage('estatedesk.')).getState();
    expect(state).toMatchObject({ user: null, token: null, permissions: [], companyId: null, companyData: null, userInvalid: false });
    expect(isSignedIn(state)).toBe(false);
  });

  it('restores every stored session entry (docs/product/data.md) from storage', () => {
    localStorage.setItem('estatedesk.token', '"tok-0"');
    localStorage.setItem('estatedesk.user', JSON.stringify(login.user));
    localStorage.setItem('estatedesk.permissions', '["lead-create"]');
    localStorage.setItem('estatedesk.company_id', '12');
    localStorage.setItem('estatedesk.companyData', '{"display_name":"Acme Realty"}');
    const state = createSessionStore(createStorage('estatedesk.')).getState();
    expect(state.token).toBe('tok-0');
    expect(state.user).toEqual(login.user);
    expect(state.permissions).toEqual(['lead-create']);
    expect(state.companyId).toBe(12);
    expect(state.companyData).toEqual({ display_name: 'Acme Realty' });
    expect(isSignedIn(state)).toBe(true);
  });

  it('restores a bare (non-JSON) token written by other code', () => {
    localStorage.setItem('token', 'raw.jwt.value');
    expect(createSessionStore(createStorage('')).getState().token).toBe('raw.jwt.value');
  });

  it('flags a stored user that is not an object as invalid rather than missing', () => {
    localStorage.setItem('estatedesk.user', '{not json');
    localStorage.setItem('estatedesk.permissions', '"oops"');
    const state = createSessionStore(createStorage('estatedesk.')).getState();
    expect(state.user).toBeNull();
    expect(state.userInvalid).toBe(true);
    expect(state.permissions).toEqual([]);
  });

  it('signIn clears ALL stored data first, then stores token, company_id, permissions and user', () => {
    const storage = createStorage('estatedesk.');
    storage.set('favourites', [{ id: 1 }]);
    storage.set('companyData', { display_name: 'Previous Co' });
    storage.set('token', 'old');
    localStorage.setItem('host.key', 'not ours');
    const session = createSessionStore(storage);
    session.getState().signIn(login);

    expect(storage.keys().sort()).toEqual(['company_id', 'permissions', 'token', 'user']);
    expect(storage.get('token')).toBe('tok-1');
    expect(storage.get('company_id')).toBe(12);
    expect(storage.get('permissions')).toEqual(['lead-create', 'lead-edit']);
    expect(storage.get('user')).toEqual(login.user);
    expect(localStorage.getItem('host.key')).toBe('not ours');

    const state = session.getState();
    expect(state).toMatchObject({ token: 'tok-1', companyId: 12, permissions: ['lead-create', 'lead-edit'], companyData: null, user: login.user });
  });

  it('signIn takes the company id from the user when the answer has none', () => {
    const session = createSessionStore(createStorage('p.'));
    session.getState().signIn({ token: 't', company_id: null, user: { ...login.user, company_id: 'c-9' } });
    expect(session.getState().companyId).toBe('c-9');
  });

  it('update merges fields into the user and persists them', () => {
    const storage = createStorage('estatedesk.');
    const session = createSessionStore(storage);
    session.getState().signIn(login);
    session.getState().update({ name: 'Asha R.', email: 'new@example.com' });
    expect(session.getState().user).toEqual({ ...login.user, name: 'Asha R.', email: 'new@example.com' });
    expect(storage.get('user')).toEqual({ ...login.user, name: 'Asha R.', email: 'new@example.com' });
    expect(createSessionStore(storage).getState().user?.name).toBe('Asha R.');
  });

  it('update of permissions updates the stored permission list too', () => {
    const storage = createStorage('estatedesk.');
    const session = createSessionStore(storage);
    session.getState().signIn(login);
    session.getState().update({ permissions: ['lead-delete'] });
    expect(session.getState().permissions).toEqual(['lead-delete']);
    expect(storage.get('permissions')).toEqual(['lead-delete']);
  });

  it('setCompanyData caches the company and null removes it', () => {
    const storage = createStorage('estatedesk.');
    const session = createSessionStore(storage);
    session.getState().setCompanyData({ id: 1, display_name: 'Acme' });
    expect(storage.get('companyData')).toEqual({ id: 1, display_name: 'Acme' });
    session.getState().setCompanyData(null);
    expect(storage.get('companyData')).toBeNull();
    expect(session.getState().companyData).toBeNull();
  });

  it('signOut clears the state and removes the stored session entries, keeping other data', () => {
    const storage = createStorage('estatedesk.');
    const session = createSessionStore(storage);
    session.getState().signIn(login);
    session.getState().setCompanyData({ id: 1 });
    storage.set('favourites', [1]);
    session.getState().signOut();
    expect(session.getState()).toMatchObject({ user: null, token: null, permissions: [], companyId: null, companyData: null });
    expect(storage.keys()).toEqual(['favourites']);
  });

  it('follows another tab signing out', () => {
    const storage = createStorage('estatedesk.');
    const session = createSessionStore(storage);
    session.getState().signIn(login);
    // The other tab removes the entries; the browser then tells this tab, one event per key.
    localStorage.clear();
    otherTab(null, null);
    expect(isSignedIn(session.getState())).toBe(false);
    expect(session.getState().user).toBeNull();
  });

  it('follows another tab signing in and updating the user', () => {
    const storage = createStorage('estatedesk.');
    const session = createSessionStore(storage);
    localStorage.setItem('estatedesk.token', '"from-other-tab"');
    otherTab('estatedesk.token', '"from-other-tab"');
    expect(session.getState().token).toBe('from-other-tab');
    localStorage.setItem('estatedesk.user', JSON.stringify({ ...login.user, name: 'Renamed' }));
    otherTab('estatedesk.user', JSON.stringify({ ...login.user, name: 'Renamed' }));
    expect(session.getState().user?.name).toBe('Renamed');
  });

  it('ignores other keys and other prefixes, and stops following after dispose()', () => {
    const storage = createStorage('estatedesk.');
    const session = createSessionStore(storage);
    session.getState().signIn(login);
    localStorage.removeItem('estatedesk.token');
    otherTab('estatedesk.favourites', '[]');
    otherTab('other.token', null);
    expect(session.getState().token).toBe('tok-1');
    session.dispose();
    otherTab('estatedesk.token', null);
    expect(session.getState().token).toBe('tok-1');
  });
});
