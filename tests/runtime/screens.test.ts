/** `defineScreens` (src/runtime/screens.ts): typed path helpers from one declaration. */
import { describe, expect, it } from 'vitest';
import { defineScreens, isAdminAccess, opensAdminScreens, screenPermission } from '../../src/runtime/screens';
import { accessAt, defineWidget, findScreen, startPath } from '../../src/runtime/widget';

const SCREENS = defineScreens({
  list: { path: '/things/list', title: 'Things', nav: { order: 1 } },
  one: { path: '/thing/:id', title: 'Thing', access: { permission: 'lead-read' } },
  part: { path: '/thing/:id/part/:part', title: 'Part', access: 'super-admin' },
});

describe('defineScreens', () => {
  it('fills parameters (encoded) and a query', () => {
    expect(SCREENS.list.href()).toBe('/things/list');
    expect(SCREENS.one.href({ id: 42 })).toBe('/thing/42');
    expect(SCREENS.one.href({ id: 'a b/c' })).toBe('/thing/a%20b%2Fc');
    expect(SCREENS.part.href({ id: 1, part: 'x' }, { tab: 2, empty: undefined })).toBe('/thing/1/part/x?tab=2');
    expect(SCREENS.list.href({}, { lead: 7 })).toBe('/things/list?lead=7');
  });

  it('checks the parameters at compile time', () => {
    // @ts-expect-error the id is required
    expect(SCREENS.one.href()).toBe('/thing/:id');
    // @ts-expect-error a misspelt parameter
    expect(SCREENS.one.href({ ID: 1 })).toBe('/thing/:id');
    // @ts-expect-error a path without parameters takes none
    SCREENS.list.href({ id: 1 });
  });

  it('matches a path back to its params, query ignored', () => {
    expect(SCREENS.one.match('/thing/42?x=1')).toEqual({ id: '42' });
    expect(SCREENS.one.match('/things/list')).toBeNull();
  });

  it('feeds the widget helpers: start path, the screen at a path, its access', () => {
    const widget = defineWidget({ name: 'things', title: 'Things', load: async () => ({ default: () => null }), screens: SCREENS });
    expect(startPath(widget)).toBe('/things/list');
    expect(findScreen([widget], '/thing/3')).toMatchObject({ screen: { title: 'Thing' }, params: { id: '3' } });
    expect(screenPermission(accessAt(widget, '/thing/3'))).toBe('lead-read');
    // A path the widget does not declare: its first screen's access (its <Switch> falls back to it).
    expect(accessAt(widget, '/elsewhere')).toBeUndefined();
    expect(widget.public).toBeUndefined();
    // The build reads `public` from the declaration's text (scripts/chunkGraph.ts): it is said, and it must agree.
    const publicScreens = defineScreens({ a: { path: '/a', title: 'A', access: 'public' } });
    expect(defineWidget({ name: 'open', title: 'Open', public: true, load: widget.load, screens: publicScreens }).public).toBe(true);
    expect(() => defineWidget({ name: 'open', title: 'Open', load: widget.load, screens: publicScreens })).toThrow('every screen is public');
    expect(() => defineWidget({ name: 'things', title: 'Things', public: true, load: widget.load, screens: SCREENS })).toThrow('needs a signed-in user');
  });
});

describe('admin accesses', () => {
  it('opens `admin` screens to both admins and `company-admin` ones to a company admin alone', () => {
    expect(['super_admin', 'admin', 'agent', null].map((t) => opensAdminScreens(t, 'admin'))).toEqual([true, true, false, false]);
    expect(['super_admin', 'admin', 'agent', null].map((t) => opensAdminScreens(t, 'company-admin'))).toEqual([false, true, false, false]);
    expect((['admin', 'company-admin', 'super-admin', 'signed-in', undefined] as const).map(isAdminAccess)).toEqual([true, true, false, false, false]);
  });
});
