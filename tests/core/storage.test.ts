import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage, createStorage } from '../../src/core';

afterEach(() => localStorage.clear());

/** A Storage that refuses everything, like Safari's private mode with a zero quota. */
function throwingStorage(): Storage {
  const fail = () => {
    throw new DOMException('QuotaExceededError', 'QuotaExceededError');
  };
  return { length: 0, key: fail, getItem: fail, setItem: fail, removeItem: fail, clear: fail } as unknown as Storage;
}

describe('createStorage', () => {
  it('stores JSON under the prefix in window.localStorage by default', () => {
    const storage = createStorage('estatedesk.');
    storage.set('user', { id: 1, name: 'Asha' });
    storage.set('token', 'abc');
    expect(localStorage.getItem('estatedesk.user')).toBe('{"id":1,"name":"Asha"}');
    expect(localStorage.getItem('estatedesk.token')).toBe('"abc"');
    expect(storage.get('user')).toEqual({ id: 1, name: 'Asha' });
    expect(storage.get<string>('token')).toBe('abc');
    expect(storage.get('missing')).toBeNull();
  });

  it("uses the bare keys with an empty prefix", () => {
    createStorage('').set('token', 't');
    expect(localStorage.getItem('token')).toBe('"t"');
  });

  it('returns text that is not JSON as the text itself', () => {
    localStorage.setItem('p.token', 'eyJhbGciOi.bare.token');
    localStorage.setItem('p.user', '{broken');
    const storage = createStorage('p.');
    expect(storage.get('token')).toBe('eyJhbGciOi.bare.token');
    expect(storage.get('user')).toBe('{broken');
  });

  it('removes a key on remove() and on set(undefined)', () => {
    const storage = createStorage('p.');
    storage.set('a', 1);
    storage.set('b', 2);
    storage.remove('a');
    storage.set('b', undefined);
    expect(localStorage.length).toBe(0);
  });

  it('clear() removes only keys under its prefix', () => {
    localStorage.setItem('host.setting', 'keep');
    localStorage.setItem('other.token', 'keep');
    const storage = createStorage('estatedesk.');
    storage.set('token', 'x');
    storage.set('user', {});
    storage.set('favourites', []);
    expect(storage.keys().sort()).toEqual(['favourites', 'token', 'user']);
    storage.clear();
    expect(storage.keys()).toEqual([]);
    expect(localStorage.getItem('host.setting')).toBe('keep');
    expect(localStorage.getItem('other.token')).toBe('keep');
  });

  it('uses the given backing store, and memory when given null', () => {
    const backing = createMemoryStorage();
    createStorage('p.', backing).set('k', 1);
    expect(backing.getItem('p.k')).toBe('1');
    const memory = createStorage('p.', null);
    memory.set('k', 2);
    expect(memory.get('k')).toBe(2);
    expect(localStorage.length).toBe(0);
  });

  it('keeps working when the backing store throws on every call', () => {
    const storage = createStorage('p.', throwingStorage());
    expect(storage.get('token')).toBeNull();
    storage.set('token', 'kept in memory');
    expect(storage.get('token')).toBe('kept in memory');
    expect(storage.keys()).toEqual(['token']);
    storage.clear();
    expect(storage.get('token')).toBeNull();
    expect(() => storage.remove('x')).not.toThrow();
  });

  it('keeps a value in memory when the write fails on quota, and reads the store again once written', () => {
    const backing = createMemoryStorage();
    const setItem = vi.spyOn(backing, 'setItem').mockImplementationOnce(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const storage = createStorage('p.', backing);
    storage.set('companyData', { big: true });
    expect(storage.get('companyData')).toEqual({ big: true });
    setItem.mockRestore();
    storage.set('companyData', { big: false });
    expect(backing.getItem('p.companyData')).toBe('{"big":false}');
    expect(storage.get('companyData')).toEqual({ big: false });
  });

  it('reports storage events of other tabs for its own keys only', () => {
    const storage = createStorage('estatedesk.');
    const listener = vi.fn();
    const off = storage.onExternalChange(listener);
    const fire = (key: string | null, newValue: string | null, storageArea: Storage | null = localStorage) =>
      window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea }));

    fire('estatedesk.token', '"other-tab"');
    fire('host.thing', '1');
    fire('estatedesk.user', null);
    fire(null, null);
    fire('estatedesk.token', '"session"', sessionStorage);
    expect(listener.mock.calls).toEqual([
      [{ key: 'token', value: 'other-tab' }],
      [{ key: 'user', value: null }],
      [{ key: null, value: null }],
    ]);

    off();
    fire('estatedesk.token', '"later"');
    expect(listener).toHaveBeenCalledTimes(3);
  });
});

describe('createMemoryStorage', () => {
  it('behaves like a Storage', () => {
    const m = createMemoryStorage();
    m.setItem('a', '1');
    m.setItem('b', '2');
    expect(m.length).toBe(2);
    expect(m.key(1)).toBe('b');
    expect(m.key(5)).toBeNull();
    m.removeItem('a');
    expect(m.getItem('a')).toBeNull();
    m.clear();
    expect(m.length).toBe(0);
  });
});
