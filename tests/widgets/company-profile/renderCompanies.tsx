/**
 * Renders the company widgets over the fake API at a path, signed in as someone, and reads toasts.
 */
import { cleanup, render, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect } from 'vitest';
import { createMemoryLocation, createMemoryStorage, createRuntime, type LocationSource, type Runtime } from '../../../src/core';
import { LocationProvider, RuntimeProvider } from '../../../src/runtime';
import { setOverlayContainer } from '../../../src/ui/OverlayLayer';
import type { FakeCompaniesServer } from './fakeCompaniesServer';

export interface Harness {
  runtime: Runtime;
  location: LocationSource;
  toasts(): string[];
}

export type Who = 'super_admin' | 'admin' | 'agent';

export interface RenderOptions {
  who?: Who;
  /** The stored company id (default 1 for company people, none for the super admin). */
  companyId?: number | null;
  /** The session's cached company data (SPEC §4). */
  companyData?: unknown;
}

export function signedInRuntime(fake: FakeCompaniesServer, options: RenderOptions = {}): Runtime {
  const { who = 'admin' } = options;
  const companyId = options.companyId !== undefined ? options.companyId : who === 'super_admin' ? null : 1;
  const runtime = createRuntime({ apiBase: fake.base, storage: createMemoryStorage() });
  runtime.session.getState().signIn({
    token: 'test-token',
    company_id: companyId,
    user: { id: 7, name: 'Test Person', user_type: who, permissions: [] },
  });
  if (options.companyData !== undefined) runtime.session.getState().setCompanyData(options.companyData);
  return runtime;
}

export function renderWidget(fake: FakeCompaniesServer, path: string, widget: ReactElement, options: RenderOptions = {}): Harness {
  const runtime = signedInRuntime(fake, options);
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
