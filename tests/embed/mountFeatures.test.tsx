import { act, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useApi } from '../../src/runtime';
import { useLocation } from '../../src/runtime/router';
import { defineWidget } from '../../src/runtime/widget';
import { Modal } from '../../src/ui';
import { DARK_ACCENT_VARIABLES } from '../../src/embed/appearance';
import { domRenderer } from '../../src/embed/domRenderer';
import { Namespace, type NamespaceConfig } from '../../src/embed/namespace';

function Probe() {
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button type="button" onClick={() => navigate('/elsewhere')}>go</button>
      <button type="button" onClick={() => setOpen(true)}>open</button>
      <Modal open={open} onClose={() => setOpen(false)} title="Probe dialog">inside</Modal>
    </div>
  );
}
const probe = defineWidget({ name: 'probe', title: 'Probe', load: async () => ({ default: Probe }), public: true });

function Deleter() {
  const api = useApi();
  return <button type="button" onClick={() => void api.request('DELETE', '/leads/4')}>delete</button>;
}
const deleter = defineWidget({ name: 'deleter', title: 'Deleter', load: async () => ({ default: Deleter }), public: true });

const namespaces: Namespace[] = [];
const make = (config: NamespaceConfig = {}) => {
  const ns = new Namespace('crm', { storage: null, apiBase: 'http://api.invalid', ...config }, domRenderer(null));
  namespaces.push(ns);
  return ns;
};
const host = () => document.body.appendChild(document.createElement('div'));
const signIn = (ns: Namespace) =>
  act(() =>
    ns.runtime.session.getState().signIn({ token: 't.eyJzdWIiOiIxIn0.s', company_id: 1, user: { id: 1, name: 'Asha', user_type: 'admin', permissions: [] } }),
  );

afterEach(() => {
  act(() => namespaces.splice(0).forEach((ns) => ns.destroy()));
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('mount features', () => {
  it('dispatches session events as DOM events on every mounted element', async () => {
    const ns = make();
    const a = host();
    const b = host();
    act(() => {
      ns.mount(a, probe);
      ns.mount(b, probe);
    });
    const seen: string[] = [];
    a.addEventListener('estatedesk:signed-in', (e) => seen.push(`a:${(e as CustomEvent).detail.user.name}:${(e as CustomEvent).detail.namespace}`));
    b.addEventListener('estatedesk:signed-in', () => seen.push('b'));
    document.addEventListener('estatedesk:signed-in', () => seen.push('document'));
    signIn(ns);
    expect(seen).toEqual(['a:Asha:crm', 'b']);
  });

  it("reports a mount's own navigation through on('navigate') and a DOM event, without touching the fragment", async () => {
    const ns = make();
    const a = host();
    let handle!: ReturnType<Namespace['mount']>;
    act(() => {
      handle = ns.mount(a, probe);
    });
    const paths: string[] = [];
    handle.on('navigate', ({ path }) => paths.push(path));
    a.addEventListener('estatedesk:navigate', (e) => paths.push(`dom:${(e as CustomEvent).detail.path}`));
    await waitFor(() => expect(a.querySelector('button')).not.toBeNull());
    act(() => a.querySelector('button')!.click());
    expect(paths).toEqual(['/elsewhere', 'dom:/elsewhere']);
    expect(location.hash).toBe('');
  });

  it('themes each mount and its overlay layer; appearance changes apply live', async () => {
    const ns = make({ appearance: { variables: { accent: 'teal' }, overlayZIndex: 4000 } });
    const a = host();
    let handle!: ReturnType<Namespace['mount']>;
    act(() => {
      handle = ns.mount(a, probe, {}, { appearance: { variables: { radius: '2px' } } });
    });
    await waitFor(() => expect(a.querySelector('.ed-root')).not.toBeNull());
    const root = a.querySelector<HTMLElement>('.ed-root')!;
    expect(root.style.getPropertyValue('--ed-accent')).toBe('teal');
    expect(root.style.getPropertyValue('--ed-radius')).toBe('2px');
    const layer = document.querySelector<HTMLElement>('[data-estatedesk-namespace] [data-ed-overlay-layer]')!;
    expect(layer.style.getPropertyValue('--ed-z-overlay')).toBe('4000');

    act(() => a.querySelectorAll('button')[1]!.click());
    await waitFor(() => expect(layer.textContent).toContain('Probe dialog'));
    expect(a.textContent).not.toContain('Probe dialog');

    act(() => handle.setAppearance({ dark: true }));
    await waitFor(() => expect(root.style.getPropertyValue('--ed-bg')).not.toBe(''));
    act(() => ns.setAppearance({}));
    // The namespace's teal is gone; the mount is still dark, so the dark scheme's own orange shows.
    await waitFor(() => expect(root.style.getPropertyValue('--ed-accent')).toBe(DARK_ACCENT_VARIABLES.accent));
  });

  it('renders into a shadow root in shadow mode, with its styles and overlays in shadow roots', async () => {
    const ns = make({ shadow: true });
    const a = host();
    act(() => {
      ns.mount(a, probe);
    });
    await waitFor(() => expect(a.shadowRoot?.querySelector('.ed-root')).toBeTruthy());
    expect(a.querySelector('.ed-root')).toBeNull();
    expect(a.shadowRoot!.querySelector('style#estatedesk-styles')).not.toBeNull();
    act(() => a.shadowRoot!.querySelectorAll('button')[1]!.click());
    const layerHost = document.querySelector('[data-ed-shadow-layer]')!;
    await waitFor(() => expect(layerHost.shadowRoot!.textContent).toContain('Probe dialog'));
    expect(layerHost.shadowRoot!.querySelector('style#estatedesk-styles')).not.toBeNull();
  });

  it('shows a private widget at once when the host hands over a token or getToken()', async () => {
    const privateProbe = defineWidget({ name: 'private-probe', title: 'Private', load: async () => ({ default: Probe }) });
    const signInStub = defineWidget({ name: 'sign-in', title: 'Sign in', load: async () => ({ default: () => <p>sign in here</p> }), public: true });
    for (const config of [{ token: 'host.token.x' }, { getToken: async () => 'host.token.y' }]) {
      const ns = new Namespace(`handoff`, { storage: null, ...config }, domRenderer(signInStub));
      namespaces.push(ns);
      const a = host();
      act(() => {
        ns.mount(a, privateProbe);
      });
      await waitFor(() => expect(a.querySelector('button')?.textContent).toBe('go'));
      expect(a.textContent).not.toContain('sign in here');
    }
  });

  it('signs every widget out with signOut()', async () => {
    const ns = make();
    const seen: string[] = [];
    ns.events.on('signed-out', () => seen.push('out'));
    signIn(ns);
    act(() => ns.signOut());
    expect(ns.runtime.session.getState().token).toBeNull();
    expect(seen).toEqual(['out']);
  });

  it('reports lead changes the widgets make through the API', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ status: 'Success' }), { status: 200, headers: { 'content-type': 'application/json' } }));
    const ns = make();
    const a = host();
    let handle!: ReturnType<Namespace['mount']>;
    act(() => {
      handle = ns.mount(a, deleter);
    });
    signIn(ns);
    const seen: unknown[] = [];
    handle.on('lead-deleted', (p) => seen.push(p));
    a.addEventListener('estatedesk:lead-deleted', (e) => seen.push((e as CustomEvent).detail));
    await waitFor(() => expect(a.querySelector('button')).not.toBeNull());
    act(() => a.querySelector('button')!.click());
    await waitFor(() => expect(seen).toEqual([{ id: '4' }, { id: '4', namespace: 'crm' }]));
  });
});
