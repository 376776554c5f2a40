import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PERMISSIONS } from '../../src/contract';
import { createRuntime, type Runtime } from '../../src/core';
import {
  EstateDeskContext,
  RuntimeProvider,
  useApi,
  useCan,
  useConfig,
  useRuntime,
  useSession,
  useToast,
  useToasts,
} from '../../src/runtime';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const agent = { id: 3, name: 'Ravi', user_type: 'agent', permissions: [PERMISSIONS.leadCreate] };

function withRuntime(runtime: Runtime) {
  return ({ children }: { children: ReactNode }) => <RuntimeProvider runtime={runtime}>{children}</RuntimeProvider>;
}

describe('RuntimeProvider and hooks', () => {
  it('hand out the runtime, its config, API client and toast actions', () => {
    const runtime = createRuntime({ storage: null, apiBase: 'https://api.example.com' });
    const { result } = renderHook(
      () => ({ runtime: useRuntime(), config: useConfig(), api: useApi(), toast: useToast() }),
      { wrapper: withRuntime(runtime) },
    );
    expect(result.current.runtime).toBe(runtime);
    expect(result.current.config.apiBase).toBe('https://api.example.com');
    expect(result.current.api).toBe(runtime.api);
    expect(result.current.toast).toBe(runtime.toast);
  });

  it('useSession re-renders on session changes, with or without a selector', () => {
    const runtime = createRuntime({ storage: null });
    const { result } = renderHook(() => ({ name: useSession((s) => s.user?.name ?? null), state: useSession() }), {
      wrapper: withRuntime(runtime),
    });
    expect(result.current.name).toBeNull();
    act(() => runtime.session.getState().signIn({ token: 't', company_id: 1, user: agent }));
    expect(result.current.name).toBe('Ravi');
    expect(result.current.state.token).toBe('t');
    act(() => runtime.session.getState().update({ name: 'Ravi K' }));
    expect(result.current.name).toBe('Ravi K');
  });

  it('useSession follows another tab signing out', () => {
    const runtime = createRuntime();
    runtime.session.getState().signIn({ token: 't', company_id: 1, user: agent });
    const { result } = renderHook(() => useSession((s) => s.token), { wrapper: withRuntime(runtime) });
    expect(result.current).toBe('t');
    act(() => {
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null, storageArea: localStorage }));
    });
    expect(result.current).toBeNull();
    runtime.dispose();
  });

  it('useCan answers with the messages of docs/product/roles.md and follows the session', () => {
    const runtime = createRuntime({ storage: null });
    const { result } = renderHook(
      () => ({ create: useCan(PERMISSIONS.leadCreate), remove: useCan(PERMISSIONS.leadDelete) }),
      { wrapper: withRuntime(runtime) },
    );
    expect(result.current.create).toEqual({ allowed: false, message: 'User data not found.' });
    act(() => runtime.session.getState().signIn({ token: 't', company_id: 1, user: agent }));
    expect(result.current.create).toEqual({ allowed: true, message: null });
    expect(result.current.remove).toEqual({ allowed: false, message: "You don't have permission for this action: lead-delete" });
    act(() => runtime.session.getState().update({ user_type: 'admin' }));
    expect(result.current.remove).toEqual({ allowed: true, message: null });
  });

  it('useCan reports a malformed stored user', () => {
    localStorage.setItem('estatedesk.user', '{oops');
    const runtime = createRuntime();
    const { result } = renderHook(() => useCan(PERMISSIONS.leadCreate), { wrapper: withRuntime(runtime) });
    expect(result.current).toEqual({ allowed: false, message: 'Invalid user data format.' });
    runtime.dispose();
  });

  it('useCan returns the same object between unrelated renders', () => {
    const runtime = createRuntime({ storage: null });
    const { result, rerender } = renderHook(() => useCan(PERMISSIONS.leadCreate), { wrapper: withRuntime(runtime) });
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });

  it('useToasts lists toasts raised through useToast and drops them when they expire', () => {
    vi.useFakeTimers();
    const runtime = createRuntime({ storage: null });
    function Stack() {
      const toasts = useToasts();
      const toast = useToast();
      return (
        <div>
          <button type="button" onClick={() => toast.success('Role created successfully')}>
            add
          </button>
          <ul>
            {toasts.map((t) => (
              <li key={t.id}>{t.message}</li>
            ))}
          </ul>
        </div>
      );
    }
    render(
      <RuntimeProvider runtime={runtime}>
        <Stack />
      </RuntimeProvider>,
    );
    act(() => screen.getByRole('button', { name: 'add' }).click());
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Role created successfully']);
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryAllByRole('listitem')).toEqual([]);
    runtime.dispose();
    vi.useRealTimers();
  });

  it('gives nested providers their own runtime (two namespaces on one page)', () => {
    const outer = createRuntime({ storage: null, namespace: 'outer' });
    const inner = createRuntime({ storage: null, namespace: 'inner' });
    function Name() {
      return <span>{useConfig().namespace}</span>;
    }
    render(
      <RuntimeProvider runtime={outer}>
        <Name />
        <RuntimeProvider runtime={inner}>
          <Name />
        </RuntimeProvider>
      </RuntimeProvider>,
    );
    expect(screen.getAllByText(/outer|inner/).map((el) => el.textContent)).toEqual(['outer', 'inner']);
  });

  it('every hook throws a clear error outside the provider', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const hooks: Array<[string, () => unknown]> = [
      ['useRuntime', () => useRuntime()],
      ['useSession', () => useSession()],
      ['useApi', () => useApi()],
      ['useToast', () => useToast()],
      ['useToasts', () => useToasts()],
      ['useCan', () => useCan('lead-create')],
      ['useConfig', () => useConfig()],
    ];
    for (const [name, hook] of hooks) {
      expect(() => renderHook(hook)).toThrow(`EstateDesk: ${name}() was called outside <RuntimeProvider>`);
    }
    error.mockRestore();
  });

  it('exposes the context for advanced hosts', () => {
    const runtime = createRuntime({ storage: null });
    const { result } = renderHook(() => useRuntime(), {
      wrapper: ({ children }) => <EstateDeskContext.Provider value={runtime}>{children}</EstateDeskContext.Provider>,
    });
    expect(result.current).toBe(runtime);
  });
});
