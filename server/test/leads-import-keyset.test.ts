/** The import's hashed key set (src/modules/leads/import/keySet.ts), pure. */
import { describe, expect, it } from 'vitest';
import { KeySet } from '../src/modules/leads/import/keySet';
import { DuplicateFinder } from '../src/modules/leads/import/rows';

describe('KeySet', () => {
  it('holds what was added and nothing else, through its growth', () => {
    const set = new KeySet(4);
    const keys = Array.from({ length: 50_000 }, (_, i) => `lead.${i}@example.in`);
    for (const key of keys) set.add(key);
    for (const key of keys) set.add(key);
    expect(set.size).toBe(keys.length);
    expect(keys.every((key) => set.has(key))).toBe(true);
    const others = Array.from({ length: 50_000 }, (_, i) => `lead.${i}@example.com`);
    expect(others.filter((key) => set.has(key))).toEqual([]);
    // Texts one code unit apart, and the empty text.
    expect(set.has('lead.1@example.i')).toBe(false);
    expect(set.has('')).toBe(false);
    set.add('');
    expect(set.has('')).toBe(true);
  });
});

describe('DuplicateFinder', () => {
  it("tells an existing lead's key (hashed) from an earlier row's (with its number)", () => {
    const finder = new DuplicateFinder([{ email: 'Asha@Example.in', phone: '+91 98450 11223' }]);
    expect(finder.check('asha@example.in', '70000 00001')).toEqual(['Duplicate email: a lead with this email already exists']);
    expect(finder.check('new@example.in', '098450-11223')).toEqual(['Duplicate phone: a lead with this phone number already exists']);
    finder.remember('row@example.in', '70000 00002', 7);
    expect(finder.check('ROW@example.in', '7000000002')).toEqual(['Duplicate email: same as row 7', 'Duplicate phone: same as row 7']);
    // An existing lead's key stays "already exists" even when a row repeats it.
    finder.remember('asha@example.in', null, 9);
    expect(finder.check('asha@example.in', '')).toEqual(['Duplicate email: a lead with this email already exists']);
  });
});
