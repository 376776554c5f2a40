import { afterEach, describe, expect, it, vi } from 'vitest';
import { leadEventFor, observingFetch } from '../../src/embed/hostEvents';

describe('leadEventFor', () => {
  it.each([
    ['POST', 'https://api.example.com/api/v1/leads/store', { type: 'lead-created' }],
    ['POST', '/api/v1/leads/import', { type: 'leads-imported' }],
    ['PUT', '/api/v1/leads/7', { type: 'lead-updated', id: '7' }],
    ['DELETE', '/api/v1/leads/7', { type: 'lead-deleted', id: '7' }],
    ['PUT', '/api/v1/leads/source/7', { type: 'lead-updated', id: '7', field: 'source' }],
    ['PUT', '/api/v1/leads/activity/7', { type: 'lead-updated', id: '7', field: 'activity' }],
    ['PUT', '/api/v1/leads/property/7', { type: 'lead-updated', id: '7', field: 'property' }],
    ['POST', '/api/v1/leads/workflow/7', { type: 'lead-updated', id: '7', field: 'workflow' }],
  ])('%s %s', (method, url, event) => {
    expect(leadEventFor(method, url)).toEqual(event);
  });

  it('ignores reads and other resources', () => {
    expect(leadEventFor('GET', '/api/v1/leads/7')).toBeNull();
    expect(leadEventFor('GET', '/api/v1/leads/list/workflow/1?pageSize=10')).toBeNull();
    expect(leadEventFor('DELETE', '/api/v1/users/7')).toBeNull();
    expect(leadEventFor('POST', '/api/v1/auth')).toBeNull();
  });
});

describe('observingFetch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reports successful lead calls with the answer data and leaves the response readable', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ status: 'Success', data: { id: 9 } }), { status: 201 }));
    const seen: unknown[] = [];
    const fetch = observingFetch((type, payload) => seen.push([type, payload]));
    const res = await fetch('/api/v1/leads/store', { method: 'POST' });
    expect(await res.json()).toEqual({ status: 'Success', data: { id: 9 } });
    await vi.waitFor(() => expect(seen).toEqual([['lead-created', { lead: { id: 9 } }]]));
  });

  it('reports nothing for failures', async () => {
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 500 }));
    const seen: unknown[] = [];
    await observingFetch((type) => seen.push(type))('/api/v1/leads/7', { method: 'DELETE' });
    await new Promise((r) => setTimeout(r, 10));
    expect(seen).toEqual([]);
  });
});
