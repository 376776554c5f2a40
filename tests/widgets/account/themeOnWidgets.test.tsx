/**
 * The person's saved theme on every widget of a provider: dark once the preferences arrive, the
 * host's own light/dark choice over it, and nothing of it once signed out.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COMPACT_DENSITY, DARK_VARIABLES } from '../../../src/embed/appearance';
import { EstateDeskProvider } from '../../../src/embed/EstateDeskProvider';
import { Account } from '../../../src/widgets/account';
import { FakeAccountServer } from './fakeAccountServer';
import { cleanupWidgets, signedInRuntime } from './renderAccount';

const fake = new FakeAccountServer();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
afterEach(() => {
  cleanupWidgets();
  fake.reset();
});

const root = () => document.querySelector<HTMLElement>('[data-estatedesk-widget-root="account"]')!;
const background = () => root().style.getPropertyValue('--ed-bg');

describe('the saved theme on embedded widgets', () => {
  it('turns the widgets dark once the saved preferences arrive, and light again when signed out', async () => {
    fake.preferences = { ...fake.preferences, theme: 'dark' };
    const runtime = signedInRuntime(fake.base);
    render(
      <EstateDeskProvider runtime={runtime}>
        <Account />
      </EstateDeskProvider>,
    );
    await waitFor(() => expect(background()).toBe(DARK_VARIABLES.bg));
    // Painted, so its light text never sits on the host's light page.
    expect(root().style.background).toBe('var(--ed-bg)');
    runtime.session.getState().signOut();
    await waitFor(() => expect(background()).not.toBe(DARK_VARIABLES.bg));
  });

  it('gives the widgets of a person who chose compact density the compact factor', async () => {
    fake.preferences = { ...fake.preferences, density: 'compact' };
    render(
      <EstateDeskProvider runtime={signedInRuntime(fake.base)}>
        <Account />
      </EstateDeskProvider>,
    );
    // The kit's table rows (DataTable) are padded by this factor.
    await waitFor(() => expect(root().style.getPropertyValue('--ed-density')).toBe(COMPACT_DENSITY));
  });

  it("keeps the host's own choice of light", async () => {
    fake.preferences = { ...fake.preferences, theme: 'dark' };
    render(
      <EstateDeskProvider runtime={signedInRuntime(fake.base)} appearance={{ dark: false }}>
        <Account />
      </EstateDeskProvider>,
    );
    await screen.findAllByRole('tab');
    await waitFor(() => expect(fake.seen('GET', '/users/preferences').length).toBeGreaterThan(0));
    // Give the answer time to be applied, then the host's light stands.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(background()).not.toBe(DARK_VARIABLES.bg);
  });
});
