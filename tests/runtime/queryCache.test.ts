import { describe, expect, it, vi } from 'vitest';
import { createQueryCache, type QueryObserver } from '../../src/runtime/queryCache';

/** A fetch whose answers the test gives by hand, recording every signal it was called with. */
function manualFetch<T>() {
  const calls: Array<{ signal: AbortSignal; resolve: (value: T) => void; reject: (error: unknown) => void }> = [];
  const fetch = (signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      calls.push({ signal, resolve, reject });
    });
  return { calls, fetch };
}

const observer = <T>(fetch: (signal: AbortSignal) => Promise<T>, extra: Partial<QueryObserver<T>> = {}): QueryObserver<T> => ({
  fetch,
  changed: vi.fn(),
  ...extra,
});
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('query cache', () => {
  it('makes identical requests once and shares the answer', async () => {
    const cache = createQueryCache();
    const { calls, fetch } = manualFetch<string>();
    const a = observer(fetch);
    const b = observer(fetch);
    cache.observe(['leads', 'list', '1'], a);
    cache.observe(['leads', 'list', '1'], b);
    expect(calls).toHaveLength(1);
    expect(cache.read(['leads', 'list', '1'])).toMatchObject({ status: 'loading', fetching: true });
    calls[0]!.resolve('rows');
    await tick();
    expect(cache.read(['leads', 'list', '1'])).toMatchObject({ status: 'success', data: 'rows', fetching: false });
    expect(a.changed).toHaveBeenCalled();
    expect(b.changed).toHaveBeenCalled();
    // A key that differs in one part is another request.
    cache.observe(['leads', 'list', 1], observer(fetch));
    expect(calls).toHaveLength(2);
  });

  it('aborts the request of a key nobody watches any more, and forgets its data', async () => {
    const cache = createQueryCache();
    const { calls, fetch } = manualFetch<string>();
    const stopA = cache.observe(['k'], observer(fetch));
    const stopB = cache.observe(['k'], observer(fetch));
    stopA();
    await tick();
    expect(calls[0]!.signal.aborted).toBe(false); // one watcher is left
    stopB();
    await tick();
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[0]!.resolve('late');
    await tick();
    expect(cache.read(['k'])).toMatchObject({ status: 'loading', data: undefined });
  });

  it('keeps the request when a watcher leaves and comes back at once (a remount)', async () => {
    const cache = createQueryCache();
    const { calls, fetch } = manualFetch<string>();
    const stop = cache.observe(['k'], observer(fetch));
    stop();
    cache.observe(['k'], observer(fetch));
    await tick();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.signal.aborted).toBe(false);
  });

  it('reports a failure once, to the observer whose request failed, and ignores aborted ones', async () => {
    const cache = createQueryCache();
    const { calls, fetch } = manualFetch<string>();
    const onError = vi.fn();
    cache.observe(['k'], observer(fetch, { onError }));
    cache.observe(['k'], observer(fetch, { onError }));
    calls[0]!.reject(new Error('down'));
    await tick();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(cache.read(['k'])).toMatchObject({ status: 'error', fetching: false });

    // A new watcher of a failed key asks again, with its own fetch and onError.
    const own = vi.fn();
    cache.observe(['k'], observer(fetch, { onError: own }));
    expect(calls).toHaveLength(2);
    cache.refetch(['k']); // replaces the request in flight
    expect(calls[1]!.signal.aborted).toBe(true);
    calls[1]!.reject(new Error('aborted'));
    calls[2]!.resolve('ok');
    await tick();
    expect(own).not.toHaveBeenCalled();
    expect(cache.read(['k'])).toMatchObject({ status: 'success', data: 'ok' });
  });

  it('invalidates by key prefix: watched keys fetch again, the others are forgotten', async () => {
    const cache = createQueryCache();
    const { calls, fetch } = manualFetch<string>();
    cache.observe(['leads', 'list', '1', 1], observer(fetch));
    cache.observe(['leads', 'workflows'], observer(fetch));
    calls[0]!.resolve('page');
    calls[1]!.resolve('tabs');
    await tick();
    cache.invalidate(['leads', 'list']);
    expect(calls).toHaveLength(3);
    expect(cache.read(['leads', 'list', '1', 1])).toMatchObject({ status: 'success', data: 'page', fetching: true });
    expect(cache.read(['leads', 'workflows'])).toMatchObject({ fetching: false });
  });

  it('edits data optimistically and undoes it; a later write wins, and is fetched again', async () => {
    const cache = createQueryCache();
    const { calls, fetch } = manualFetch<number[]>();
    cache.observe(['leads', 'list', 'a'], observer(fetch));
    cache.observe(['leads', 'list', 'b'], observer(fetch));
    calls[0]!.resolve([1, 2]);
    calls[1]!.resolve([3]);
    await tick();
    const undo = cache.setData<number[]>(['leads', 'list'], (rows) => [...rows, 9]);
    expect(cache.read(['leads', 'list', 'a']).data).toEqual([1, 2, 9]);
    expect(cache.read(['leads', 'list', 'b']).data).toEqual([3, 9]);
    cache.setData<number[]>(['leads', 'list', 'b'], (rows) => [...rows, 7]);
    undo();
    expect(cache.read(['leads', 'list', 'a']).data).toEqual([1, 2]);
    // 'b' changed again after the edit: rather than lose that, it is fetched again.
    expect(cache.read(['leads', 'list', 'b'])).toMatchObject({ data: [3, 9, 7], fetching: true });
    expect(calls).toHaveLength(3);
  });
});
