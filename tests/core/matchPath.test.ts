import { describe, expect, it } from 'vitest';
import { fillPath, matchPath } from '../../src/core';

describe('matchPath', () => {
  it('matches literal segments and parameters only', () => {
    expect(matchPath('/properties/edit/:id', '/properties/edit/9')).toEqual({ id: '9' });
    expect(matchPath('/properties/edit/:id', '/properties/edit')).toBeNull();
    expect(matchPath('/a/b', '/a/c')).toBeNull();
    expect(matchPath('/a/b', '/a/b/')).toEqual({});
  });

  it('decodes parameters, ignores the search part, and treats a broken escape as no match', () => {
    expect(matchPath('/property/:id', '/property/a%20b?tab=2')).toEqual({ id: 'a b' });
    expect(matchPath('/property/:id', '/property/%E0%A4')).toBeNull();
  });
});

describe('fillPath', () => {
  it('fills and encodes parameters, leaving unknown ones', () => {
    expect(fillPath('/properties/edit/:id', { id: 7 })).toBe('/properties/edit/7');
    expect(fillPath('/property/:id', { id: 'a/b' })).toBe('/property/a%2Fb');
    expect(fillPath('/x/:a/:b', { a: 1 })).toBe('/x/1/:b');
  });
});
