/**
 * Renders User Management or Roles & Permissions over the fake API, signed in as the Skyline
 * admin or an agent with given permissions, and reads the toasts they raise.
 */
import { cleanup, render, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { expect } from 'vitest';
import { ALL_PERMISSIONS, type Permission } from '../../../src/contract';
import { createMemoryLocation, createMemoryStorage, createRuntime, type Runtime } from '../../../src/core';
import { LocationProvider, RuntimeProvider } from '../../../src/runtime';
import { setOverlayContainer } from '../../../src/ui/OverlayLayer';
import type { FakeTeamServer } from './fakeTeamServer';

export interface Harness {
  runtime: Runtime;
  toasts(): string[];
  /** Replaces the signed-in person's permissions, as the session's refresh does. */
  setPermissions(permissions: readonly Permission[]): void;
}

export interface RenderOptions {
  who?: 'admin' | 'agent';
  permissions?: readonly Permission[];
  path?: string;
}

export function renderTeamWidget(fake: FakeTeamServer, Widget: ComponentType, options: RenderOptions = {}): Harness {
  const { who = 'admin', permissions = ALL_PERMISSIONS, path = '/' } = options;
  const runtime = createRuntime({ apiBase: fake.base, storage: createMemoryStorage() });
  runtime.session.getState().signIn({
    token: 'test-token',
    company_id: 1,
    user: { id: who === 'admin' ? 7 : 8, name: who === 'admin' ? 'Skyline Admin' : 'Ravi Kumar', user_type: who, permissions: [...permissions] },
  });
  const seen: string[] = [];
  const ids = new Set<string>();
  runtime.toasts.subscribe((state) => {
    for (const toast of state.toasts) {
      if (ids.has(toast.id)) continue;
      ids.add(toast.id);
      seen.push(toast.message);
    }
  });
  render(
    <RuntimeProvider runtime={runtime}>
      <LocationProvider source={createMemoryLocation(path)}>
        <Widget />
      </LocationProvider>
    </RuntimeProvider>,
  );
  return {
    runtime,
    toasts: () => seen,
    setPermissions: (next) => runtime.session.getState().update({ permissions: [...next] }),
  };
}

export function cleanupTeamWidget(): void {
  cleanup();
  setOverlayContainer(null);
  document.body.innerHTML = '';
}

export async function waitForToast(harness: Harness, message: string): Promise<void> {
  await waitFor(() => expect(harness.toasts()).toContain(message), { timeout: 10_000 });
}
