/**
 * A new widget is its own folder plus one line in the catalog (docs/new-widget.md): the fixture of
 * tests/fixture-widget/, appended to the catalog here, is routed and guarded in the full app, has
 * its sidebar link and document title, and mounts by script tag and as a custom element — with
 * nothing else written anywhere.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALL_PERMISSIONS, format, MESSAGES, PERMISSIONS } from '../../src/contract';
import { createRuntime, type Runtime } from '../../src/core';

// The one line: the catalog with the fixture appended.
vi.mock('../../src/widgets/catalog', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/widgets/catalog')>();
  const { fixtureNotesWidget } = await import('../fixture-widget/widget');
  return { ...original, WIDGET_CATALOG: [...original.WIDGET_CATALOG, fixtureNotesWidget] };
});

const { renderApp } = await import('./renderApp');
const { decideRoute } = await import('../../src/app/routes');
const { visibleLinkLabels, groupsContaining } = await import('../../src/app/navigation');
const { createEstateDesk } = await import('../../src/embed/estatedesk');
const { defineCustomElements } = await import('../../src/embed/customElements');

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

const user = (user_type: string, permissions: readonly string[]) => ({
  token: 'header.eyJzdWIiOiI3In0.sig',
  company_id: 1,
  user: { id: 7, name: 'Asha Verma', email: 'asha@skyline.test', user_type, permissions: [...permissions] },
});

const signedIn = (user_type: string, permissions: readonly string[]) => {
  const runtime = createRuntime({ storage: null, apiBase: 'http://127.0.0.1:9' });
  runtime.session.getState().signIn(user(user_type, permissions));
  return runtime;
};

describe('a fixture widget added to the catalog as one line', () => {
  it('is in the route table, guarded like every screen', () => {
    expect(decideRoute('/fixture/notes', { token: null })).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideRoute('/fixture/notes/3', { token: 't', userType: 'agent' })).toMatchObject({ kind: 'screen', params: { id: '3' } });
  });

  it('has its sidebar link in its group, for who may open it', () => {
    expect(visibleLinkLabels({ user_type: 'admin', permissions: [] })).toContain('Notes');
    expect(visibleLinkLabels({ user_type: 'agent', permissions: [PERMISSIONS.leadRead] })).toContain('Notes');
    expect(visibleLinkLabels({ user_type: 'agent', permissions: [] })).not.toContain('Notes');
    expect(groupsContaining('/fixture/notes')).toEqual(['management', 'management.system']);
  });

  it('renders in the full app with its title, routes its own screens, and refuses who lacks the permission', async () => {
    const { location } = renderApp('/fixture/notes', signedIn('admin', ALL_PERMISSIONS));
    expect(await screen.findByRole('heading', { name: 'Fixture notes list' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Fixture Notes · EstateDesk'));
    const nav = screen.getByRole('navigation');
    expect([...nav.querySelectorAll('a')].map((a) => a.textContent)).toContain('Notes');
    fireEvent.click(screen.getByRole('link', { name: 'Open note 3' }));
    expect(location.get()).toBe('/fixture/notes/3');
    expect(await screen.findByRole('heading', { name: 'Fixture note 3' })).toBeTruthy();
    cleanup();

    renderApp('/fixture/notes/3', signedIn('agent', [PERMISSIONS.leadRead]));
    expect(await screen.findByText(format(MESSAGES.permission.denied, { permission: PERMISSIONS.leadEdit }))).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Fixture note 3' })).toBeNull();
  });

  it('mounts by script tag (`mount`) and as a custom element, guarded the same', async () => {
    const api = createEstateDesk({ storage: null, apiBase: 'http://127.0.0.1:9' });
    expect(api.widgets()).toContain('fixture-notes');
    act(() => api.init().runtime.session.getState().signIn(user('agent', [PERMISSIONS.leadRead])));

    const host = document.createElement('div');
    document.body.appendChild(host);
    act(() => void api.mount(host, 'fixture-notes'));
    await waitFor(() => expect(host.textContent).toContain('Fixture notes list'));

    expect(defineCustomElements(api)).toContain('estatedesk-fixture-notes');
    const element = document.createElement('estatedesk-fixture-notes');
    element.setAttribute('path', '/fixture/notes/3');
    act(() => void document.body.appendChild(element));
    await waitFor(() => expect(element.textContent).toContain(format(MESSAGES.permission.denied, { permission: PERMISSIONS.leadEdit })));
    expect(element.textContent).not.toContain('Fixture note 3');
  });

  it('is known to the script-tag runtime itself: auto-mounted by data-estatedesk-widget', async () => {
    const w = window as unknown as { EstateDesk?: { widgets(): string[]; init(): { runtime: Runtime } } };
    delete w.EstateDesk;
    const host = document.createElement('div');
    host.setAttribute('data-estatedesk-widget', 'fixture-notes');
    document.body.appendChild(host);
    await import('../../src/entries/scriptTag');
    expect(w.EstateDesk!.widgets()).toEqual(expect.arrayContaining(['admin-app', 'fixture-notes']));
    act(() => w.EstateDesk!.init().runtime.session.getState().signIn(user('admin', ALL_PERMISSIONS)));
    await waitFor(() => expect(host.textContent).toContain('Fixture notes list'));
    act(() => w.EstateDesk!.init().runtime.session.getState().signOut());
  });
});
