/** Renders a widget over a fake API at a path, signed in as the agent, and records toasts. */
import type { ReactElement } from 'react';
import { SALES_AGENT_PERMISSIONS } from '../../../src/contract';
import { createMemoryStorage, createRuntime, type Runtime } from '../../../src/core';
import type { FakeApiServer } from '../../support/fakeApiServer';
import { type Harness, renderInRuntime } from '../../support/widgetHarness';

export { cleanupWidgets, type Harness, waitForToast } from '../../support/widgetHarness';

/** Signed in as an agent of the demo "Sales Agent" role (or another user type, who holds everything). */
export function signedInRuntime(base: string, companyId: number | null = 1, userType = 'agent', permissions: readonly string[] = SALES_AGENT_PERMISSIONS): Runtime {
  const runtime = createRuntime({ apiBase: base, storage: createMemoryStorage() });
  runtime.session.getState().signIn({ token: 'test-token', company_id: companyId, user: { id: 7, name: 'Asha Rao', email: 'asha@skyline.test', user_type: userType, permissions: [...permissions] } });
  return runtime;
}

export function renderAt(fake: FakeApiServer, path: string, widget: ReactElement, runtime = signedInRuntime(fake.base)): Harness {
  return renderInRuntime(runtime, path, widget);
}
