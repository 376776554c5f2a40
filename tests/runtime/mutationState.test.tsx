import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createRuntime } from '../../src/core';
import { RuntimeProvider, useMutation } from '../../src/runtime';

afterEach(cleanup);

/** A call the test answers by hand. */
function pendingCalls() {
  const calls: Array<{ id: string; answer: () => void; fail: (error: unknown) => void }> = [];
  const call = (id: string) =>
    new Promise<string>((resolve, reject) => {
      calls.push({ id, answer: () => resolve(id), fail: reject });
    });
  return { calls, call };
}

function mount(call: (id: string) => Promise<string>) {
  const runtime = createRuntime({ storage: null });
  return renderHook(() => useMutation({ mutate: call }), {
    wrapper: ({ children }: { children: ReactNode }) => <RuntimeProvider runtime={runtime}>{children}</RuntimeProvider>,
  });
}

describe('useMutation: busy, pending and error state', () => {
  it('is busy with the row being changed while the call runs, and idle after', async () => {
    const server = pendingCalls();
    const { result } = mount(server.call);
    expect(result.current).toMatchObject({ busy: false, pending: null, error: null });
    let done!: Promise<unknown>;
    act(() => {
      done = result.current.mutate('7');
    });
    expect(result.current).toMatchObject({ busy: true, pending: '7', error: null });
    await act(async () => {
      server.calls[0]!.answer();
      await done;
    });
    expect(result.current).toMatchObject({ busy: false, pending: null, error: null });
  });

  it('names the latest row while two calls run', async () => {
    const server = pendingCalls();
    const { result } = mount(server.call);
    let first!: Promise<unknown>;
    let second!: Promise<unknown>;
    act(() => {
      first = result.current.mutate('1');
      second = result.current.mutate('2');
    });
    expect(result.current.pending).toBe('2');
    await act(async () => {
      server.calls[0]!.answer();
      await first;
    });
    expect(result.current).toMatchObject({ busy: true, pending: '2' });
    await act(async () => {
      server.calls[1]!.answer();
      await second;
    });
    expect(result.current).toMatchObject({ busy: false, pending: null });
  });

  it('keeps the failure until the next call or reset()', async () => {
    const server = pendingCalls();
    const { result } = mount(server.call);
    const refused = new Error('refused');
    let done!: Promise<unknown>;
    act(() => {
      done = result.current.mutate('3');
    });
    await act(async () => {
      server.calls[0]!.fail(refused);
      await done;
    });
    expect(result.current).toMatchObject({ busy: false, error: refused });
    act(() => {
      done = result.current.mutate('3');
    });
    expect(result.current).toMatchObject({ busy: true, error: null });
    await act(async () => {
      server.calls[1]!.fail(refused);
      await done;
    });
    expect(result.current.error).toBe(refused);
    act(() => result.current.reset());
    expect(result.current.error).toBeNull();
  });
});
