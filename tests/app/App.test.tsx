import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../../src/core';
import { renderApp } from './renderApp';
import { ALL_PERMISSIONS, SALES_AGENT_PERMISSIONS } from '../../src/contract';

afterEach(cleanup);

function signIn(runtime: Runtime, user_type: string, permissions: readonly string[]) {
  runtime.session.getState().signIn({
    token: 'header.eyJzdWIiOiI3In0.sig',
    company_id: user_type === 'super_admin' ? null : 1,
    user: { id: 7, name: 'Asha Verma', email: 'asha@skyline.test', user_type, permissions: [...permissions] },
  });
}

describe('App', () => {
  it('sends a visitor without a token to the sign-in screen', async () => {
    const { location } = renderApp('/leads-management');
    await waitFor(() => expect(location.get()).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
  });

  it('shows the shell with the sidebar an agent may see, and the fallback for unknown screens', async () => {
    const runtime = createRuntime({ storage: null, apiBase: 'http://127.0.0.1:9' });
    signIn(runtime, 'agent', SALES_AGENT_PERMISSIONS);
    const { location } = renderApp('/no-such-page', runtime);
    expect(await screen.findByText('Oops! Try Again Later')).toBeTruthy();
    const nav = screen.getByRole('navigation');
    for (const group of nav.querySelectorAll('button[aria-expanded="false"]')) fireEvent.click(group);
    for (const group of nav.querySelectorAll('button[aria-expanded="false"]')) fireEvent.click(group);
    const links = [...nav.querySelectorAll('a')].map((a) => a.textContent);
    expect(links).toEqual(['Dashboard', 'Company Profile', 'All Properties', 'Favourites', 'Leads Management', 'Calendar']);
    expect(location.get()).toBe('/no-such-page');
  });

  it('sends a company admin from the company area to the dashboard', async () => {
    const runtime = createRuntime({ storage: null, apiBase: 'http://127.0.0.1:9' });
    signIn(runtime, 'admin', ALL_PERMISSIONS);
    const { location } = renderApp('/management/company/companylist', runtime);
    await waitFor(() => expect(location.get()).toBe('/dashboard'));
  });

  it('logs out from the sidebar: the session is cleared and sign-in shows', async () => {
    const runtime = createRuntime({ storage: null, apiBase: 'http://127.0.0.1:9' });
    signIn(runtime, 'admin', ALL_PERMISSIONS);
    const { location } = renderApp('/calendar', runtime);
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(location.get()).toBe('/login'));
    expect(runtime.session.getState().token).toBeNull();
  });

  it('returns to sign-in when the session ends elsewhere (another tab, a 401)', async () => {
    const runtime = createRuntime({ storage: null, apiBase: 'http://127.0.0.1:9' });
    signIn(runtime, 'admin', ALL_PERMISSIONS);
    const { location } = renderApp('/no-such-page', runtime);
    await screen.findByText('Oops! Try Again Later');
    act(() => runtime.session.getState().signOut());
    await waitFor(() => expect(location.get()).toBe('/login'));
  });
});
