import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRuntime } from '../../src/core';
import { ALL_PERMISSIONS } from '../../src/contract';
import { renderApp } from './renderApp';

/** A small screen: the sidebar is a drawer. */
beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AppShell on a small screen', () => {
  it('moves the focus into the opened drawer, and Escape closes it and gives the focus back', async () => {
    const runtime = createRuntime({ storage: null, apiBase: 'http://127.0.0.1:9' });
    runtime.session.getState().signIn({
      token: 'header.eyJzdWIiOiI3In0.sig',
      company_id: 1,
      user: { id: 7, name: 'Asha Verma', email: 'asha@skyline.test', user_type: 'admin', permissions: [...ALL_PERMISSIONS] },
    });
    renderApp('/calendar', runtime);
    const toggle = await screen.findByRole('button', { name: 'Expand sidebar' });
    toggle.focus();
    fireEvent.click(toggle);
    const nav = screen.getByRole('navigation');
    await waitFor(() => expect(nav.contains(document.activeElement)).toBe(true));
    expect(document.activeElement?.textContent).toBe('Dashboard');
    act(() => {
      fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    });
    await waitFor(() => expect(document.activeElement).toBe(toggle));
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBe(toggle);
  });
});
