/**
 * The widget test harness the widgets' render helpers share: a runtime's widget rendered at a
 * memory location, the messages of the toasts it raises, and the cleanup between tests.
 */
import { cleanup, render, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect } from 'vitest';
import { ALL_PERMISSIONS } from '../../src/contract';
import { createMemoryLocation, createMemoryStorage, createRuntime, type LocationSource, type Runtime } from '../../src/core';
import { LocationProvider, RuntimeProvider } from '../../src/runtime';
import type { WidgetDescriptor } from '../../src/runtime/widget';
import { setOverlayContainer } from '../../src/ui/OverlayLayer';
import { ScreenGate } from '../../src/widgets/ScreenGate';

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

export type Who = 'admin' | 'super_admin' | 'agent';

/**
 * Renders an admin screen's widget behind its gate, as every mount does, for a Skyline person:
 * the company admin (user 7, the default), the super admin (no company) or an agent (user 8)
 * holding every permission, so only the screen's own access can refuse them.
 * @example const harness = renderGated({ apiBase: fake.base, widget: auditLogWidget, path: '/management/audit-log', who: 'agent' }, <AuditLog />);
 */
export function renderGated(
  options: { apiBase: string; widget: WidgetDescriptor<any>; path: string; who?: Who },
  element: ReactElement,
): Harness {
  const { who = 'admin' } = options;
  const runtime = createRuntime({ apiBase: options.apiBase, storage: createMemoryStorage() });
  runtime.session.getState().signIn({
    token: 'test-token',
    company_id: who === 'super_admin' ? null : 1,
    user: { id: who === 'agent' ? 8 : 7, name: 'Skyline Admin', user_type: who, permissions: who === 'agent' ? [...ALL_PERMISSIONS] : [] },
  });
  return renderInRuntime(runtime, options.path, <ScreenGate widget={options.widget}>{element}</ScreenGate>);
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
