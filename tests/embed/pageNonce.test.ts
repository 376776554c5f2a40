import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageNonce } from '../../src/embed/pageNonce';

afterEach(() => {
  document.head.innerHTML = '';
  vi.restoreAllMocks();
});

describe('pageNonce', () => {
  it("reads the reference server's meta (its nonce attribute)", () => {
    document.head.innerHTML = '<meta name="csp-nonce" nonce="abc123">';
    expect(pageNonce()).toBe('abc123');
  });

  it('reads a meta that carries the nonce as its content', () => {
    document.head.innerHTML = '<meta name="csp-nonce" content="from-content">';
    expect(pageNonce()).toBe('from-content');
  });

  it('falls back to the nonce of the script running now', () => {
    const script = document.createElement('script');
    script.setAttribute('nonce', 'from-script');
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
    expect(pageNonce()).toBe('from-script');
  });

  it('is undefined on a page without one', () => {
    expect(pageNonce()).toBeUndefined();
  });
});
