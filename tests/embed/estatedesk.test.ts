import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEstateDesk } from '../../src/embed/estatedesk';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('createEstateDesk', () => {
  it('keeps namespaces apart: own config, own session, own root', () => {
    const ed = createEstateDesk({ storage: null });
    const one = ed.init('one', { apiBase: 'https://one.example.com' });
    const two = ed.init('two', { apiBase: 'https://two.example.com', storagePrefix: 'two.' });
    expect(one.runtime.config.apiBase).toBe('https://one.example.com');
    expect(two.runtime.config.storagePrefix).toBe('two.');
    expect(one.runtime.config.storagePrefix).toBe('estatedesk.one.');
    expect(ed.init().runtime.config.storagePrefix).toBe('estatedesk.');
    one.runtime.session.getState().signIn({ token: 't.eyJzdWIiOiIxIn0.s', company_id: 1, user: { id: 1, name: 'A', user_type: 'admin', permissions: [] } });
    expect(ed.user('one')?.name).toBe('A');
    expect(ed.user('two')).toBeNull();
  });

  it('applies a new appearance to an existing namespace and warns about settings it cannot change', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const ed = createEstateDesk({ storage: null });
    const ns = ed.init('crm', { apiBase: 'https://a.example.com' });
    expect(ed.init('crm', { appearance: { dark: true } })).toBe(ns);
    expect(ns.getState().appearance).toEqual({ dark: true });
    expect(warn).not.toHaveBeenCalled();
    ed.init('crm', { apiBase: 'https://b.example.com' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('apiBase'));
  });

  it('mounts by selector into the default namespace, and says what is wrong', () => {
    const ed = createEstateDesk({ storage: null }, { defaultNamespace: 'crm' });
    document.body.innerHTML = '<div id="x"></div>';
    act(() => {
      ed.mount('#x', 'sign-in');
    });
    expect(document.querySelector('[data-estatedesk-namespace="crm"]')).not.toBeNull();
    expect(() => ed.mount('#missing', 'sign-in')).toThrow(/no element matches/);
    expect(() => ed.mount('#x', 'nope')).toThrow(/unknown widget "nope".*leads-board/);
    act(() => ed.init('crm').destroy());
  });

  it('asks for the chunks of each widget it mounts, and of the sign-in form that will stand in for it', () => {
    const preloaded: string[] = [];
    const ed = createEstateDesk({ storage: null }, { preload: (name) => preloaded.push(name) });
    document.body.innerHTML = '<div id="a"></div><div id="b"></div>';
    act(() => {
      ed.mount('#a', 'leads-board');
    });
    expect(preloaded).toEqual(['leads-board', 'sign-in']);
    ed.init().runtime.session.getState().signIn({ token: 't.eyJzdWIiOiIxIn0.s', company_id: 1, user: { id: 1, name: 'A', user_type: 'admin', permissions: [] } });
    act(() => {
      ed.mount('#b', 'dashboard');
    });
    expect(preloaded).toEqual(['leads-board', 'sign-in', 'dashboard']);
    act(() => ed.init().destroy());
  });

  it('lists every widget of the catalog, and the package adds the full admin app', async () => {
    const catalog = ['sign-in', 'admin-login', 'register', 'verify-email', 'reset-password', 'dashboard', 'leads-board', 'property-inventory'];
    catalog.push('accept-invitation', 'user-admin', 'roles-editor');
    expect(createEstateDesk().widgets()).toEqual(catalog);
    const pkg = await import('../../src/index');
    expect(pkg.createEstateDesk().widgets()).toEqual(['admin-app', ...catalog]);
    expect(pkg.findWidget('admin-app')?.title).toBe('EstateDesk');
  });
});
