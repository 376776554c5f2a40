import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage, createRuntime } from '../../src/core';

afterEach(() => localStorage.clear());

const login = { token: 'tok', company_id: 1, user: { id: 1, user_type: 'admin', permissions: [] } };

describe('createRuntime', () => {
  it('wires config, storage, session, api and toasts for one namespace', () => {
    const rt = createRuntime({ namespace: 'crm', storagePrefix: 'crm.' });
    expect(rt.config).toMatchObject({ namespace: 'crm', storagePrefix: 'crm.', locale: 'en-IN' });
    rt.session.getState().signIn(login);
    expect(localStorage.getItem('crm.token')).toBe('"tok"');
    rt.toast.success('hello');
    expect(rt.toasts.getState().toasts.map((t) => t.message)).toEqual(['hello']);
    expect(typeof rt.api.get).toBe('function');
    rt.dispose();
  });

  it('keeps two runtimes apart', () => {
    const a = createRuntime({ storage: createMemoryStorage() });
    const b = createRuntime({ storage: createMemoryStorage() });
    a.session.getState().signIn(login);
    a.toast.info('only in a');
    expect(b.session.getState().token).toBeNull();
    expect(b.toasts.getState().toasts).toEqual([]);
  });

  it('emits signed-in and signed-out as the token comes and goes', () => {
    const rt = createRuntime({ storage: null });
    const signedIn = vi.fn();
    const signedOut = vi.fn();
    rt.events.on('signed-in', signedIn);
    rt.events.on('signed-out', signedOut);
    rt.session.getState().signIn(login);
    rt.session.getState().update({ name: 'No token change' });
    rt.session.getState().signOut();
    expect(signedIn).toHaveBeenCalledOnce();
    expect(signedIn).toHaveBeenCalledWith({ user: login.user });
    expect(signedOut).toHaveBeenCalledOnce();
  });

  it('emits signed-out when another tab signs out', () => {
    const rt = createRuntime();
    const signedOut = vi.fn();
    rt.events.on('signed-out', signedOut);
    rt.session.getState().signIn(login);
    localStorage.removeItem('estatedesk.token');
    window.dispatchEvent(new StorageEvent('storage', { key: 'estatedesk.token', newValue: null, storageArea: localStorage }));
    expect(signedOut).toHaveBeenCalledOnce();
    rt.dispose();
  });

  it('navigate() emits a navigate event', () => {
    const rt = createRuntime({ storage: null });
    const navigate = vi.fn();
    rt.events.on('navigate', navigate);
    rt.navigate('/login', { replace: true });
    expect(navigate).toHaveBeenCalledWith({ to: '/login', replace: true });
  });

  it('dispose() stops events, cross-tab sync and toast timers', () => {
    vi.useFakeTimers();
    const rt = createRuntime();
    const listener = vi.fn();
    rt.events.on('signed-in', listener);
    rt.toast.success('x');
    rt.dispose();
    expect(vi.getTimerCount()).toBe(0);
    rt.session.getState().signIn(login);
    expect(listener).not.toHaveBeenCalled();
    vi.useRealTimers();
  });
});
