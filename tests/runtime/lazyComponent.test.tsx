// lazyComponent: suspends only while the module has not arrived, so a preloaded screen renders at
// once (no fallback for React 19 to hold back), and a mounted instance never remounts.
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyComponent } from '../../src/runtime/lazyComponent';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((c) => c + 1)}>
      {label} {count}
    </button>
  );
}

const deferred = () => {
  let resolve!: (m: { default: typeof Counter }) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<{ default: typeof Counter }>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

const inSuspense = (node: React.ReactNode) => <Suspense fallback={<p>Loading...</p>}>{node}</Suspense>;

afterEach(cleanup);

describe('lazyComponent', () => {
  it('shows the fallback until the module arrives when nobody preloaded it', async () => {
    const d = deferred();
    const counter = lazyComponent(() => d.promise);
    render(inSuspense(<counter.Component label="Clicks" />));
    expect(screen.getByText('Loading...')).toBeTruthy();
    await act(async () => d.resolve({ default: Counter }));
    expect(await screen.findByRole('button', { name: 'Clicks 0' })).toBeTruthy();
  });

  it('renders a preloaded module in the first commit, without a fallback', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Counter }));
    const counter = lazyComponent(load);
    await counter.preload();
    render(inSuspense(<counter.Component label="Clicks" />));
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.getByRole('button', { name: 'Clicks 0' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the state of an instance mounted before the module arrived', async () => {
    const d = deferred();
    const counter = lazyComponent(() => d.promise);
    const view = render(inSuspense(<counter.Component label="Clicks" />));
    await act(async () => d.resolve({ default: Counter }));
    await act(async () => (await screen.findByRole('button')).click());
    view.rerender(inSuspense(<counter.Component label="Taps" />));
    expect(screen.getByRole('button', { name: 'Taps 1' })).toBeTruthy();
  });

  it('downloads once for many preloads, and again after a failure', async () => {
    const first = deferred();
    const load = vi.fn().mockReturnValueOnce(first.promise).mockResolvedValue({ default: Counter });
    const counter = lazyComponent(load);
    const a = counter.preload();
    const b = counter.preload();
    expect(load).toHaveBeenCalledTimes(1);
    first.reject(new Error('offline'));
    await expect(a).rejects.toThrow('offline');
    await expect(b).rejects.toThrow('offline');
    await counter.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
