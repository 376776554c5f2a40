import { waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

type Global = Record<string, any> & ((...args: unknown[]) => unknown);
const ed = () => (window as unknown as { EstateDesk: Global }).EstateDesk;

// One page for the whole file, as on a real host: the snippet, the loader tag, calls queued before
// the runtime arrives, then the runtime.
beforeAll(async () => {
  const settings = (window as unknown as { happyDOM?: { settings: Record<string, unknown> } }).happyDOM?.settings;
  if (settings) Object.assign(settings, { disableJavaScriptFileLoading: true, handleDisabledFileLoadingAsSuccess: true });
  document.body.innerHTML = `
    <div id="auto" data-estatedesk-widget="sign-in"></div>
    <div id="queued"></div>`;
  // The README's snippet, before the loader.
  (window as any).EstateDesk = function (...args: unknown[]) {
    ((window as any).EstateDesk.q = (window as any).EstateDesk.q || []).push(args);
  };
  ed()('on', 'signed-in', () => ((window as any).snippetHeard = true));
  const tag = document.createElement('script');
  tag.src = 'https://app.example.com/embed/loader.js';
  tag.dataset.apiBase = 'https://api.example.com';
  tag.dataset.namespace = 'crm';
  tag.dataset.storagePrefix = 'crm.';
  tag.dataset.appUrl = 'https://app.example.com/';
  document.head.appendChild(tag);
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(tag);
  await import('../../src/embed/loader');
  vi.restoreAllMocks();
});

afterAll(() => {
  document.body.innerHTML = '';
});

describe('the loader', () => {
  it('queues calls, hands out stand-in handles, reads its tag, and loads the exact runtime beside it', async () => {
    const stub = ed();
    expect(stub.__loader).toBe(1);
    expect(stub.config).toEqual({ apiBase: 'https://api.example.com', storagePrefix: 'crm.', namespace: 'crm', appUrl: 'https://app.example.com/' });
    const runtimeTag = document.head.querySelector<HTMLScriptElement>('script[type="module"]');
    expect(runtimeTag?.src).toBe('https://app.example.com/embed/runtime.js');

    const handle = stub.mount(document.getElementById('queued'), 'sign-in', { initialMode: 'forgot' });
    expect(typeof handle.update).toBe('function');
    const heard: unknown[] = [];
    handle.on('signed-in', (p: unknown) => heard.push(p));
    const cancelled = handle.on('signed-in', () => heard.push('cancelled listener'));
    cancelled();
    (window as any).heard = heard;
    (window as any).readyPromise = stub.ready();
    expect(stub.q.map((e: { m: string }) => e.m)).toEqual(['on', 'mount', 'ready']);
  });

  it('is a no-op when included again', async () => {
    const before = ed();
    vi.resetModules();
    await import('../../src/embed/loader');
    expect(ed()).toBe(before);
    expect(document.head.querySelectorAll('script[type="module"]')).toHaveLength(1);
  });
});

describe('the runtime', () => {
  beforeAll(async () => {
    await import('../../src/entries/scriptTag');
  });

  it('replaces the stub, resolves ready(), and mounts queued calls and marked elements in the loader namespace', async () => {
    const api = await (window as any).readyPromise;
    expect(api.version).toBeTypeOf('string');
    expect(ed().widgets()).toContain('leads-board');
    await waitFor(() => expect(document.querySelector('#queued [data-estatedesk-widget-root="sign-in"]')).not.toBeNull());
    await waitFor(() => expect(document.querySelector('#auto [data-estatedesk-widget-root="sign-in"]')).not.toBeNull());
    expect(document.querySelectorAll('[data-estatedesk-namespace="crm"]')).toHaveLength(1);
  });

  it('connects queued handles and listeners, and is callable as a function too', async () => {
    (ed()('init', 'crm') as any).runtime.session.getState().signIn({ token: 't.eyJzdWIiOiIxIn0.s', company_id: 1, user: { id: 1, name: 'Asha', user_type: 'admin', permissions: [] } });
    expect((window as any).heard).toEqual([{ user: expect.objectContaining({ name: 'Asha' }) }]);
    expect((window as any).snippetHeard).toBe(true);
    expect(ed().user('crm').name).toBe('Asha');
    expect(localStorage.getItem('crm.token')).toContain('t.');
    ed().signOut('crm');
    expect(ed().user('crm')).toBeNull();
  });

  it('mounts elements added later and unmounts removed ones', async () => {
    const later = document.createElement('div');
    later.setAttribute('data-estatedesk-widget', 'register');
    document.body.appendChild(later);
    await waitFor(() => expect(later.querySelector('[data-estatedesk-widget-root="register"]')).not.toBeNull());
    later.remove();
    await waitFor(() => expect(later.childElementCount).toBe(0));
  });

  it('defines a custom element for every registered widget, with attributes as live props', async () => {
    for (const name of ed().widgets()) expect(customElements.get(`estatedesk-${name}`), name).toBeDefined();
    const el = document.createElement('estatedesk-sign-in');
    el.setAttribute('initial-mode', 'forgot');
    document.body.appendChild(el);
    await waitFor(() => expect(el.textContent).toContain('Send Reset Link'));
    el.setAttribute('initial-mode', 'register');
    expect((el as unknown as { handle: unknown }).handle).not.toBeNull();
    el.remove();
    await waitFor(() => expect((el as unknown as { handle: unknown }).handle).toBeNull());
    expect(el.childElementCount).toBe(0);
  });

  it('keeps a custom element mounted when it is moved', async () => {
    const el = document.createElement('estatedesk-verify-email');
    document.body.appendChild(el);
    await waitFor(() => expect(el.querySelector('[data-estatedesk-widget-root]')).not.toBeNull());
    const handle = (el as unknown as { handle: unknown }).handle;
    const box = document.body.appendChild(document.createElement('section'));
    box.appendChild(el);
    await new Promise((r) => setTimeout(r, 0));
    expect((el as unknown as { handle: unknown }).handle).toBe(handle);
  });
});
