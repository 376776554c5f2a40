import { describe, expect, it, vi } from 'vitest';
import { checkOriginAccess } from '../../src/core';

const answer = (body: unknown, status = 200) => vi.fn(async () => new Response(JSON.stringify(body), { status }));

describe('checkOriginAccess', () => {
  it('asks nothing on the API origin itself or without an API base', async () => {
    const fetcher = answer({});
    expect(await checkOriginAccess({ apiBase: '' }, 'https://crm.example', fetcher)).toBeNull();
    expect(await checkOriginAccess({ apiBase: 'https://crm.example/estatedesk' }, 'https://crm.example', fetcher)).toBeNull();
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('names the origin to add when the server does not allow it', async () => {
    const fetcher = answer({ status: 'Success', data: { origin: 'https://crm.example', allowed: false } });
    const message = await checkOriginAccess({ apiBase: 'https://api.example' }, 'https://crm.example', fetcher);
    expect(fetcher).toHaveBeenCalledWith('https://api.example/embed/access', { mode: 'cors', credentials: 'omit' });
    expect(message).toContain('add https://crm.example to ALLOWED_ORIGINS');
  });

  it('stays quiet when allowed, and when the API has no such check or cannot be reached', async () => {
    const allowed = answer({ status: 'Success', data: { origin: 'https://crm.example', allowed: true } });
    expect(await checkOriginAccess({ apiBase: 'https://api.example' }, 'https://crm.example', allowed)).toBeNull();
    expect(await checkOriginAccess({ apiBase: 'https://api.example' }, 'https://crm.example', answer({ status: 'Error' }, 404))).toBeNull();
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await checkOriginAccess({ apiBase: 'https://api.example' }, 'https://crm.example', down)).toBeNull();
  });
});
