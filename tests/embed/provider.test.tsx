import { act, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { createRuntime } from '../../src/core';
import { EstateDeskProvider, EstateDeskWidget, LeadsBoard, SignIn } from '../../src/index';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('npm components', () => {
  it('show the sign-in form in place of a widget while nobody is signed in, then who is signed in', async () => {
    const runtime = createRuntime({ storage: null, apiBase: 'http://api.invalid' });
    const events: string[] = [];
    render(
      <EstateDeskProvider runtime={runtime} onEvent={(type) => events.push(type)} appearance={{ variables: { accent: 'teal' } }}>
        <SignIn />
        <LeadsBoard />
      </EstateDeskProvider>,
    );
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Login' })).toHaveLength(2));
    const roots = document.querySelectorAll<HTMLElement>('[data-estatedesk-widget-root]');
    expect(roots[0]!.style.getPropertyValue('--ed-accent')).toBe('teal');
    act(() =>
      runtime.session.getState().signIn({ token: 't.eyJzdWIiOiIxIn0.s', company_id: 1, user: { id: 1, name: 'Asha', email: 'a@x.test', user_type: 'admin', permissions: [] } }),
    );
    await waitFor(() => expect(screen.getByText('a@x.test')).toBeTruthy());
    expect(events).toEqual(['signed-in']);
    act(() => screen.getByRole('button', { name: 'Logout' }).click());
    expect(events).toEqual(['signed-in', 'signed-out']);
  });

  it('renders any registered widget by name', async () => {
    render(
      <EstateDeskProvider config={{ storage: null }}>
        <EstateDeskWidget name="register" />
      </EstateDeskProvider>,
    );
    await waitFor(() => expect(document.querySelector('[data-estatedesk-widget-root="register"]')).not.toBeNull());
  });

  it('renders on the server (the loading state, no DOM needed)', () => {
    const html = renderToString(
      <EstateDeskProvider config={{ storage: null }}>
        <SignIn />
      </EstateDeskProvider>,
    );
    expect(html).toContain('data-estatedesk-widget-root="sign-in"');
  });
});
