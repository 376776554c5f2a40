// @vitest-environment node
// No window, document or localStorage here: what a server render or a Node script sees.
import { describe, expect, it } from 'vitest';

describe('core without a browser', () => {
  it('imports and builds a working runtime on memory storage', async () => {
    expect(typeof globalThis.window).toBe('undefined');
    const core = await import('../../src/core');
    const rt = core.createRuntime();
    rt.session.getState().signIn({ token: 't', company_id: 1, user: { id: 1, user_type: 'agent', permissions: ['lead-edit'] } });
    expect(rt.storage.get('token')).toBe('t');
    expect(core.canSession(rt.session.getState(), 'lead-edit')).toEqual({ allowed: true });
    expect(rt.storage.onExternalChange(() => {})).toBeTypeOf('function');
    rt.dispose();
  });

  it('renders the React bindings to a string', async () => {
    const { createElement } = await import('react');
    const { renderToString } = await import('react-dom/server');
    const { createRuntime } = await import('../../src/core');
    const { RuntimeProvider, useCan } = await import('../../src/runtime');
    const Probe = () => createElement('p', null, useCan('lead-create').message);
    const html = renderToString(createElement(RuntimeProvider, { runtime: createRuntime() }, createElement(Probe)));
    expect(html).toBe('<p>User data not found.</p>');
  });
});
