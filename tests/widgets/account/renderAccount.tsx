/** Renders a widget over a fake API at a path, signed in as the agent, and records toasts. */
import { cleanup, render, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect } from 'vitest';
import { createMemoryLocation, createMemoryStorage, createRuntime, type LocationSource, type Runtime } from '../../../src/core';
import { LocationProvider, RuntimeProvider } from '../../../src/runtime';
import { setOverlayContainer } from '../../../src/ui/OverlayLayer';
import type { FakeApiServer } from '../../support/fakeApiServer';

export interface Harness {
  runtime: Runtime;
  location: LocationSource;
  toasts(): string[];
}

export function signedInRuntime(base: string, companyId: number | null = 1, userType = 'agent'): Runtime {
  const runtime = createRuntime({ apiBase: base, storage: createMemoryStorage() });
  runtime.session.getState().signIn({ token: 'test-token', company_id: companyId, user: { id: 7, name: 'Asha Rao', email: 'asha@skyline.test', user_type: userType, permissions: [] } });
  return runtime;
}

export function renderAt(fake: FakeApiServer, path: string, widget: ReactElement, runtime = signedInRuntime(fake.base)): Harness {
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

export function cleanupWidgets(): void {
  cleanup();
  setOverlayContainer(null);
  document.body.innerHTML = '';
}

export async function waitForToast(harness: Harness, message: string): Promise<void> {
  await waitFor(() => expect(harness.toasts()).toContain(message), { timeout: 10_000 });
}
