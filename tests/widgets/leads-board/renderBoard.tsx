/**
 * Renders the leads board over the fake API with a signed-in user, and reads its toasts.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { ALL_PERMISSIONS, type Permission } from '../../../src/contract';
import { createRuntime, type LocationSource, type Runtime } from '../../../src/core';
import { RuntimeProvider } from '../../../src/runtime';
import { LocationProvider } from '../../../src/runtime/router';
import { setOverlayContainer } from '../../../src/ui/OverlayLayer';
import { LeadsBoard } from '../../../src/widgets/leads-board/LeadsBoard';
import { leadsBoardWidget } from '../../../src/widgets/leads-board/widget';
import { ScreenGate } from '../../../src/widgets/ScreenGate';
import type { FakeLeadsServer } from './fakeLeadsServer';

export interface BoardHarness {
  runtime: Runtime;
  /** Messages of the toasts raised so far, oldest first (kept after they are dismissed). */
  toasts(): string[];
  /** Kinds and messages of the toasts raised so far. */
  toastLog: Array<{ kind: string; message: string }>;
}

export type Who = 'admin' | 'agent';

/**
 * Signs in as a company admin (full access) or an agent holding `permissions`; `fetch` gives the
 * runtime its own fetch, as the embedding layer does.
 */
export function renderBoard(
  fake: FakeLeadsServer,
  who: Who = 'admin',
  permissions: readonly Permission[] = ALL_PERMISSIONS,
  fetch?: typeof globalThis.fetch,
  /** Where the board is mounted (a memory location), for links into it such as `?lead=`. */
  location?: LocationSource,
): BoardHarness {
  const runtime = createRuntime({ apiBase: fake.base, storage: null }, fetch ? { fetch } : {});
  runtime.session.getState().signIn({
    token: 'test-token',
    company_id: 1,
    user: { id: 7, name: who === 'admin' ? 'Skyline Admin' : 'Ravi Agent', user_type: who, permissions: [...permissions] },
  });
  const toastLog: BoardHarness['toastLog'] = [];
  const seen = new Set<string>();
  runtime.toasts.subscribe((state) => {
    for (const toast of state.toasts) {
      if (seen.has(toast.id)) continue;
      seen.add(toast.id);
      toastLog.push({ kind: toast.kind, message: toast.message });
    }
  });
  // Inside the gate every mount renders a widget in: it refuses an agent without lead-read.
  const board = (
    <ScreenGate widget={leadsBoardWidget}>
      <LeadsBoard />
    </ScreenGate>
  );
  render(
    <RuntimeProvider runtime={runtime}>{location ? <LocationProvider source={location}>{board}</LocationProvider> : board}</RuntimeProvider>,
  );
  return { runtime, toastLog, toasts: () => toastLog.map((t) => t.message) };
}

/** Unmounts everything and clears the overlay layer between tests. */
export function cleanupBoard(): void {
  cleanup();
  setOverlayContainer(null);
  document.body.innerHTML = '';
}

/** The body rows of the leads table. */
export const bodyRows = () => within(screen.getByRole('table', { name: 'Leads' })).getAllByRole('row').slice(1);

/** Waits until the table shows lead rows (not the "Loading..." row). */
export async function waitForRows(count?: number): Promise<HTMLElement[]> {
  let rows: HTMLElement[] = [];
  await waitFor(
    () => {
      rows = bodyRows();
      expect(rows[0]?.querySelector('input[type=checkbox]')).toBeTruthy();
      if (count !== undefined) expect(rows).toHaveLength(count);
    },
    { timeout: 10_000 },
  );
  return rows;
}

/** Waits for a toast with `message`. */
export async function waitForToast(harness: BoardHarness, message: string): Promise<void> {
  await waitFor(() => expect(harness.toasts()).toContain(message), { timeout: 10_000 });
}
