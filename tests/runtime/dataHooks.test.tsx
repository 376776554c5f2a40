import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRuntime, type Runtime } from '../../src/core';
import { RuntimeProvider, queryCacheOf, useMutation, useQuery } from '../../src/runtime';

afterEach(cleanup);

const wrapper = (runtime: Runtime) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <RuntimeProvider runtime={runtime}>{children}</RuntimeProvider>;
  };

/** A fake call per key: the test answers each by hand and sees its signal. */
function fakeServer() {
  const calls: Array<{ key: string; signal: AbortSignal; answer: (value: unknown) => void; fail: (error: unknown) => void }> = [];
  const fetcher = (key: string) => (signal: AbortSignal) =>
    new Promise<unknown>((answer, fail) => {
      calls.push({ key, signal, answer, fail });
    });
  return { calls, fetcher };
}
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 5)));

describe('useQuery', () => {
  it('aborts the request of the old key when the key changes, and of the last key on unmount', async () => {
    const runtime = createRuntime({ storage: null });
    const server = fakeServer();
    const { result, rerender, unmount } = renderHook(({ page }: { page: number }) => useQuery(['rows', page], server.fetcher(`page ${page}`)), {
      wrapper: wrapper(runtime),
      initialProps: { page: 1 },
    });
    expect(result.current).toMatchObject({ loading: true, status: 'loading' });
    rerender({ page: 2 });
    await settle();
    expect(server.calls.map((c) => [c.key, c.signal.aborted])).toEqual([
      ['page 1', true],
      ['page 2', false],
    ]);
    // The first page's late answer is not shown as the second's.
    await act(async () => server.calls[0]!.answer('rows of 1'));
    expect(result.current.data).toBeUndefined();
    await act(async () => server.calls[1]!.answer('rows of 2'));
    expect(result.current).toMatchObject({ status: 'success', data: 'rows of 2', loading: false });

    result.current.refetch();
    unmount();
    await settle();
    expect(server.calls[2]!.signal.aborted).toBe(true);
  });

  it('asks once for a key two components show, per runtime', async () => {
    const server = fakeServer();
    const one = createRuntime({ storage: null });
    const other = createRuntime({ storage: null });
    const show = () => useQuery(['leads', 'workflows'], server.fetcher('workflows'));
    const a = renderHook(show, { wrapper: wrapper(one) });
    const b = renderHook(show, { wrapper: wrapper(one) });
    expect(server.calls).toHaveLength(1);
    await act(async () => server.calls[0]!.answer(['Open']));
    expect(a.result.current.data).toEqual(['Open']);
    expect(b.result.current.data).toEqual(['Open']);
    // Another namespace has a cache of its own.
    renderHook(show, { wrapper: wrapper(other) });
    expect(server.calls).toHaveLength(2);
    expect(queryCacheOf(one)).not.toBe(queryCacheOf(other));
  });

  it('reports a failure once through onError, and is off with a null key', async () => {
    const runtime = createRuntime({ storage: null });
    const server = fakeServer();
    const onError = vi.fn();
    const { result } = renderHook(() => useQuery(['x'], server.fetcher('x'), { onError }), { wrapper: wrapper(runtime) });
    await act(async () => server.calls[0]!.fail(new Error('down')));
    expect(result.current.status).toBe('error');
    expect(onError).toHaveBeenCalledTimes(1);
    const off = renderHook(() => useQuery(null, server.fetcher('never')), { wrapper: wrapper(runtime) });
    expect(off.result.current).toMatchObject({ status: 'idle', loading: false });
    expect(server.calls).toHaveLength(1);
  });
});

describe('useMutation', () => {
  function board(runtime: Runtime, server: ReturnType<typeof fakeServer>, save: (n: number) => Promise<void>, onError = vi.fn()) {
    return renderHook(
      () => ({
        list: useQuery(['leads', 'list', 1], server.fetcher('list')),
        add: useMutation({
          mutate: save,
          optimistic: (n: number, setData) => setData<number[]>(['leads', 'list'], (rows) => [...rows, n]),
          invalidates: [['leads', 'list']],
          onError,
        }),
      }),
      { wrapper: wrapper(runtime) },
    );
  }

  it('shows the change at once, undoes it when the call fails, and says so', async () => {
    const runtime = createRuntime({ storage: null });
    const server = fakeServer();
    let refuse!: (error: unknown) => void;
    const onError = vi.fn();
    const { result } = board(runtime, server, () => new Promise((_, reject) => (refuse = reject)), onError);
    await act(async () => server.calls[0]!.answer([1, 2]));
    let done!: Promise<unknown>;
    act(() => {
      done = result.current.add.mutate(3);
    });
    expect(result.current.list.data).toEqual([1, 2, 3]);
    expect(result.current.add.busy).toBe(true);
    await act(async () => {
      refuse(new Error('refused'));
      await done;
    });
    expect(result.current.list.data).toEqual([1, 2]);
    expect(result.current.add.busy).toBe(false);
    expect(onError).toHaveBeenCalledWith(expect.any(Error), 3);
    expect(server.calls).toHaveLength(1); // a failure reloads nothing
  });

  it('reloads the lists it touched after a success; mutateAsync rejects on failure', async () => {
    const runtime = createRuntime({ storage: null });
    const server = fakeServer();
    const save = vi.fn(async (n: number) => {
      if (n < 0) throw new Error('negative');
    });
    const { result } = board(runtime, server, save);
    await act(async () => server.calls[0]!.answer([1]));
    await act(() => result.current.add.mutateAsync(5));
    expect(server.calls).toHaveLength(2);
    expect(result.current.list).toMatchObject({ data: [1, 5], fetching: true });
    await act(async () => server.calls[1]!.answer([1, 5]));
    await expect(act(() => result.current.add.mutateAsync(-1))).rejects.toThrow('negative');
    await waitFor(() => expect(result.current.list.data).toEqual([1, 5]));
  });
});
