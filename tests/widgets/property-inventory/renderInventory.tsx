/**
 * Renders the property inventory over the fake API at a path, signed in, and reads its toasts.
 */
import { ALL_PERMISSIONS, type Permission } from '../../../src/contract';
import { createMemoryStorage, createRuntime, type Runtime } from '../../../src/core';
import { PropertyInventory } from '../../../src/widgets/property-inventory/PropertyInventory';
import { propertyInventoryWidget } from '../../../src/widgets/property-inventory/widget';
import { ScreenGate } from '../../../src/widgets/ScreenGate';
import { cleanupWidgets, type Harness, renderInRuntime } from '../../support/widgetHarness';
import type { FakePropertiesServer } from './fakePropertiesServer';

export { type Harness, waitForToast } from '../../support/widgetHarness';

export interface RenderOptions {
  who?: 'admin' | 'agent';
  permissions?: readonly Permission[];
  /** A runtime to share (two mounts of one namespace). */
  runtime?: Runtime;
  storage?: Storage;
  /** Favourites stored after sign-in (which clears storage first, docs/product/rules.md). */
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
  // Inside the gate every mount renders a widget in: it refuses the screens an agent may not open.
  return renderInRuntime(
    runtime,
    path,
    <ScreenGate widget={propertyInventoryWidget}>
      <PropertyInventory />
    </ScreenGate>,
  );
}

/** Unmounts everything and clears the overlay layer between tests. */
export const cleanupInventory = cleanupWidgets;
