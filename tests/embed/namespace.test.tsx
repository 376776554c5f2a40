import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../../src/runtime';
import { useLocation } from '../../src/runtime/router';
import { defineWidget } from '../../src/runtime/widget';
import { domRenderer } from '../../src/embed/domRenderer';
import { Namespace } from '../../src/embed/namespace';

function Who({ label }: { label?: string }) {
  const user = useSession((s) => s.user?.name ?? 'nobody');
  const [path, navigate] = useLocation();
  return (
    <button type="button" onClick={() => navigate('/next')}>
      {label ?? 'who'}: {user} at {path}
    </button>
  );
}
const who = defineWidget({ name: 'who', title: 'Who', load: async () => ({ default: Who }), public: true });
function SignInStub() {
  return <p>sign in here</p>;
}
const signIn = defineWidget({ name: 'sign-in', title: 'Sign in', load: async () => ({ default: SignInStub }), public: true });
const privateWidget = defineWidget({ name: 'private', title: 'Private', load: async () => ({ default: Who }) });

const namespaces: Namespace[] = [];
function makeNamespace(name: string) {
  const ns = new Namespace(name, { storage: null, apiBase: `http://${name}.invalid` }, domRenderer(signIn));
  namespaces.push(ns);
  return ns;
}
function host(id: string) {
  const el = document.createElement('div');
  el.id = id;
  document.body.appendChild(el);
  return el;
}
const signInAs = (ns: Namespace, name: string) =>
  act(() =>
    ns.runtime.session.getState().signIn({
      token: 't.eyJzdWIiOiIxIn0.s',
      company_id: 1,
      user: { id: 1, name, user_type: 'admin', permissions: [] },
    }),
  );

afterEach(() => {
  act(() => namespaces.splice(0).forEach((ns) => ns.destroy()));
  document.body.innerHTML = '';
});

describe('Namespace', () => {
  it('renders widgets into their host elements through one root, sharing one session', async () => {
    const ns = makeNamespace('crm');
    const a = host('a');
    const b = host('b');
    act(() => {
      ns.mount(a, who, { label: 'A' });
      ns.mount(b, who, { label: 'B' });
    });
    await waitFor(() => expect(a.textContent).toContain('A: nobody'));
    expect(b.textContent).toContain('B: nobody');
    expect(document.querySelectorAll('[data-estatedesk-namespace]')).toHaveLength(1);

    signInAs(ns, 'Asha');
    await waitFor(() => expect(a.textContent).toContain('A: Asha'));
    expect(b.textContent).toContain('B: Asha');
    act(() => ns.runtime.session.getState().signOut());
    await waitFor(() => expect(b.textContent).toContain('B: nobody'));
  });

  it('keeps two namespaces apart', async () => {
    const one = makeNamespace('one');
    const two = makeNamespace('two');
    const a = host('a');
    const b = host('b');
    act(() => {
      one.mount(a, who, { label: 'A' });
      two.mount(b, who, { label: 'B' });
    });
    signInAs(one, 'Asha');
    await waitFor(() => expect(a.textContent).toContain('A: Asha'));
    expect(b.textContent).toContain('B: nobody');
  });

  it('updates props, routes each mount in memory, and unmounts leaving the host element', async () => {
    const ns = makeNamespace('crm');
    const a = host('a');
    const b = host('b');
    let handle!: ReturnType<Namespace['mount']>;
    act(() => {
      handle = ns.mount(a, who, { label: 'A' });
      ns.mount(b, who, { label: 'B' });
    });
    await waitFor(() => expect(a.textContent).toContain('A: nobody at /'));
    act(() => handle.update({ label: 'Alpha' }));
    await waitFor(() => expect(a.textContent).toContain('Alpha'));

    act(() => a.querySelector('button')!.click());
    await waitFor(() => expect(a.textContent).toContain('at /next'));
    expect(b.textContent).toContain('at /');
    expect(location.hash).toBe('');

    act(() => handle.unmount());
    await waitFor(() => expect(a.textContent).toBe(''));
    expect(document.getElementById('a')).toBe(a);
    expect(b.textContent).toContain('B:');
  });

  it('tells the host about sign-in and sign-out through on()', async () => {
    const ns = makeNamespace('crm');
    const seen: string[] = [];
    let handle!: ReturnType<Namespace['mount']>;
    act(() => {
      handle = ns.mount(host('a'), who);
    });
    handle.on('signed-in', () => seen.push('in'));
    handle.on('signed-out', () => seen.push('out'));
    signInAs(ns, 'Asha');
    act(() => ns.runtime.session.getState().signOut());
    expect(seen).toEqual(['in', 'out']);
  });

  it('shows the sign-in form in place of a widget whose user is not signed in', async () => {
    const ns = makeNamespace('crm');
    const a = host('a');
    act(() => {
      ns.mount(a, privateWidget);
    });
    await waitFor(() => expect(a.textContent).toBe('sign in here'));
    signInAs(ns, 'Asha');
    await waitFor(() => expect(a.textContent).toContain('who: Asha'));
  });

  it('puts every widget root under the scoped reset class', async () => {
    const ns = makeNamespace('crm');
    const a = host('a');
    act(() => {
      ns.mount(a, who);
    });
    await waitFor(() => expect(a.querySelector('.ed-root')).not.toBeNull());
  });
});
