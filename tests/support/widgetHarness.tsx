/**
 * The widget test harness the widgets' render helpers share: a runtime's widget rendered at a
 * memory location, the messages of the toasts it raises, and the cleanup between tests.
 */
import { cleanup, render, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect } from 'vitest';
import { createMemoryLocation, type LocationSource, type Runtime } from '../../src/core';
import { LocationProvider, RuntimeProvider } from '../../src/runtime';
import { setOverlayContainer } from '../../src/ui/OverlayLayer';

export interface Harness {
  runtime: Runtime;
  location: LocationSource;
  /** Messages of the toasts raised so far, oldest first (kept after they are dismissed). */
  toasts(): string[];
}

/**
 * Renders `widget` with `runtime` at `path`.
 * @example const harness = renderInRuntime(runtime, '/properties/list', <PropertyInventory />);
 */
export function renderInRuntime(runtime: Runtime, path: string, widget: ReactElement): Harness {
  const seen: string[] = [];
  const ids = new Set<string>();
  runtime.toasts.subscribe((state) => {
    for (const toast of state.toasts) {
      if (ids.has(toast.id)) continue;
      ids.add(toast.id);
      seen.push(toast.message);
    }
  });
  const location = createMemoryLocation(path);
  render(
    <RuntimeProvider runtime={runtime}>
      <LocationProvider source={location}>{widget}</LocationProvider>
    </RuntimeProvider>,
  );
  return { runtime, location, toasts: () => seen };
}

/** Unmounts everything and clears the overlay layer between tests. */
export function cleanupWidgets(): void {
  cleanup();
  setOverlayContainer(null);
  document.body.innerHTML = '';
}

export async function waitForToast(harness: Pick<Harness, 'toasts'>, message: string): Promise<void> {
  await waitFor(() => expect(harness.toasts()).toContain(message), { timeout: 10_000 });
}
