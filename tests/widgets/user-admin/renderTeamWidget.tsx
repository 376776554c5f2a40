/**
 * Renders User Management or Roles & Permissions over the fake API, signed in as the Skyline
 * admin or an agent with given permissions, and reads the toasts they raise.
 */
import type { ComponentType } from 'react';
import { ALL_PERMISSIONS, type Permission } from '../../../src/contract';
import { createMemoryStorage, createRuntime } from '../../../src/core';
import { cleanupWidgets, renderInRuntime, type Harness as WidgetHarness } from '../../support/widgetHarness';
import type { FakeTeamServer } from './fakeTeamServer';

export { waitForToast } from '../../support/widgetHarness';

export interface Harness extends WidgetHarness {
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
  const harness = renderInRuntime(runtime, path, <Widget />);
  return { ...harness, setPermissions: (next) => runtime.session.getState().update({ permissions: [...next] }) };
}

/** Unmounts everything and clears the overlay layer between tests. */
export const cleanupTeamWidget = cleanupWidgets;
