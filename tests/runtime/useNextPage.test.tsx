import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNextPage } from '../../src/runtime';

afterEach(cleanup);

/** Each call waits for the test to answer it by hand. */
function pages() {
  const calls: Array<{ cursor: number; signal: AbortSignal; answer: (page: string) => void; fail: (error: unknown) => void }> = [];
  const fetchPage = (cursor: number, signal: AbortSignal) => new Promise<string>((answer, fail) => void calls.push({ cursor, signal, answer, fail }));
  return { calls, fetchPage };
}
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 5)));

describe('useNextPage', () => {
  it('asks one page at a time, hands it over and says when it is done', async () => {
    const { calls, fetchPage } = pages();
    const got: string[] = [];
    const { result } = renderHook(() => useNextPage(fetchPage, (page) => got.push(page), () => got.push('failed')));
    act(() => result.current.load(30));
    act(() => result.current.load(30));
    expect(calls.map((c) => c.cursor)).toEqual([30]);
    expect(result.current.loadingMore).toBe(true);
    calls[0]!.answer('page after 30');
    await settle();
    expect(got).toEqual(['page after 30']);
    expect(result.current.loadingMore).toBe(false);
    act(() => result.current.load(60));
    expect(calls.map((c) => c.cursor)).toEqual([30, 60]);
  });

  it('tells a failure once, and drops a page of a set that changed or a component that went', async () => {
    const { calls, fetchPage } = pages();
    const got: string[] = [];
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result, rerender, unmount } = renderHook(({ key }: { key: string }) => useNextPage(fetchPage, (page) => got.push(page), () => got.push('failed'), key), {
      initialProps: { key: 'a' },
    });
    act(() => result.current.load(1));
    calls[0]!.fail(new Error('offline'));
    await settle();
    expect(got).toEqual(['failed']);

    act(() => result.current.load(2));
    rerender({ key: 'b' });
    expect(calls[1]!.signal.aborted).toBe(true);
    expect(result.current.loadingMore).toBe(false);
    calls[1]!.answer('late page of a');
    await settle();
    expect(got).toEqual(['failed']);

    act(() => result.current.load(3));
    unmount();
    expect(calls[2]!.signal.aborted).toBe(true);
    vi.restoreAllMocks();
  });
});
