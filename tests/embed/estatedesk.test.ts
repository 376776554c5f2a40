import { act, fireEvent, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEstateDesk } from '../../src/embed/estatedesk';
import { defineWidget } from '../../src/runtime/widget';

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

  it('asks for the chunks of each widget it mounts; signed out, only for the sign-in form standing in', () => {
    const preloaded: string[] = [];
    const ed = createEstateDesk({ storage: null }, { preload: (name) => preloaded.push(name) });
    document.body.innerHTML = '<div id="a"></div><div id="b"></div><div id="c"></div>';
    act(() => {
      ed.mount('#a', 'leads-board');
    });
    expect(preloaded).toEqual(['sign-in']);
    ed.init().runtime.session.getState().signIn({ token: 't.eyJzdWIiOiIxIn0.s', company_id: 1, user: { id: 1, name: 'A', user_type: 'admin', permissions: [] } });
    act(() => {
      ed.mount('#b', 'dashboard');
      ed.mount('#c', 'register');
    });
    expect(preloaded).toEqual(['sign-in', 'dashboard', 'register']);
    act(() => ed.init().destroy());
  });

  it('fetches a widget standing behind the sign-in form once the person reaches for the form, once', async () => {
    let loads = 0;
    const Board = () => createElement('p', null, 'the board');
    const board = defineWidget({ name: 'board', title: 'Board', load: async () => ((loads += 1), { default: Board }) });
    const signIn = defineWidget({ name: 'sign-in', title: 'Sign in', public: true, load: async () => ({ default: () => createElement('input', { 'aria-label': 'Username' }) }) });
    const ed = createEstateDesk({ storage: null }, { widgets: [signIn, board] });
    document.body.innerHTML = '<div id="a"></div>';
    act(() => {
      ed.mount('#a', 'board');
    });
    const input = await screen.findByRole('textbox', { name: 'Username' });
    expect(loads).toBe(0);
    act(() => {
      fireEvent.pointerOver(input);
      input.focus();
    });
    expect(loads).toBe(1);
    ed.init().runtime.session.getState().signIn({ token: 't.eyJzdWIiOiIxIn0.s', company_id: 1, user: { id: 1, name: 'A', user_type: 'admin', permissions: [] } });
    await screen.findByText('the board');
    expect(loads).toBe(1);
    act(() => ed.init().destroy());
  });

  it('lists every widget of the catalog, and the package adds the full admin app', async () => {
    const catalog = ['sign-in', 'admin-login', 'register', 'verify-email', 'reset-password', 'undo-email-change', 'dashboard', 'leads-board', 'property-inventory'];
    catalog.push('accept-invitation', 'user-admin', 'roles-editor');
    catalog.push('company-profile', 'companies');
    catalog.push('account');
    catalog.push('audit-log');
    catalog.push('calendar');
    catalog.push('webhooks');
    expect(createEstateDesk().widgets()).toEqual(catalog);
    const pkg = await import('../../src/index');
    expect(pkg.createEstateDesk().widgets()).toEqual(['admin-app', ...catalog]);
    expect(pkg.findWidget('admin-app')?.title).toBe('EstateDesk');
  });
});
