/**
 * Renders the company widgets over the fake API at a path, signed in as someone, and reads toasts.
 */
import type { ReactElement } from 'react';
import { createMemoryStorage, createRuntime, type Runtime } from '../../../src/core';
import { type Harness, renderInRuntime } from '../../support/widgetHarness';
import type { FakeCompaniesServer } from './fakeCompaniesServer';

export { cleanupWidgets, type Harness, waitForToast } from '../../support/widgetHarness';

export type Who = 'super_admin' | 'admin' | 'agent';

export interface RenderOptions {
  who?: Who;
  /** The stored company id (default 1 for company people, none for the super admin). */
  companyId?: number | null;
  /** The session's cached company data (docs/product/rules.md). */
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
  return renderInRuntime(signedInRuntime(fake, options), path, widget);
}
