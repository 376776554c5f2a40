/**
 * Renders the property inventory over the fake API at a path, signed in, and reads its toasts.
 */
import { cleanup, render, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { ALL_PERMISSIONS, type Permission } from '../../../src/contract';
import { createMemoryLocation, createMemoryStorage, createRuntime, type LocationSource, type Runtime } from '../../../src/core';
import { LocationProvider, RuntimeProvider } from '../../../src/runtime';
import { setOverlayContainer } from '../../../src/ui/OverlayLayer';
import { PropertyInventory } from '../../../src/widgets/property-inventory/PropertyInventory';
import type { FakePropertiesServer } from './fakePropertiesServer';

export interface Harness {
  runtime: Runtime;
  location: LocationSource;
  toasts(): string[];
}

export interface RenderOptions {
  who?: 'admin' | 'agent';
  permissions?: readonly Permission[];
  /** A runtime to share (two mounts of one namespace). */
  runtime?: Runtime;
  storage?: Storage;
  /** Favourites stored after sign-in (which clears storage first, SPEC §4). */
  favourites?: unknown[];
}

export function renderInventory(fake: FakePropertiesServer, path: string, options: RenderOptions = {}): Harness {
  const { who = 'admin', permissions = ALL_PERMISSIONS } = options;
  const runtime = options.runtime ?? createRuntime({ apiBase: fake.base, storage: options.storage ?? createMemoryStorage() });
  if (!options.runtime) {
    runtime.session.getState().signIn({
      token: 'test-token',
      company_id: 1,
      user: { id: 7, name: who === 'admin' ? 'Skyline Admin' : 'Ravi Agent', user_type: who, permissions: [...permissions] },
    });
  }
  if (options.favourites) runtime.storage.set('favourites', options.favourites);
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
      <LocationProvider source={location}>
        <PropertyInventory />
      </LocationProvider>
    </RuntimeProvider>,
  );
  return { runtime, location, toasts: () => seen };
}

export function cleanupInventory(): void {
  cleanup();
  setOverlayContainer(null);
  document.body.innerHTML = '';
}

export async function waitForToast(harness: Harness, message: string): Promise<void> {
  await waitFor(() => expect(harness.toasts()).toContain(message), { timeout: 10_000 });
}
