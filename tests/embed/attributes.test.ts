import { describe, expect, it, vi } from 'vitest';
import { parseValue, readDataMount, readElementMount } from '../../src/embed/attributes';

const el = (html: string) => {
  const box = document.createElement('div');
  box.innerHTML = html;
  return box.firstElementChild!;
};

describe('attributes', () => {
  it('parses values: booleans, JSON, text', () => {
    expect(parseValue('')).toBe(true);
    expect(parseValue('false')).toBe(false);
    expect(parseValue('{"a":1}')).toEqual({ a: 1 });
    expect(parseValue('[1]')).toEqual([1]);
    expect(parseValue('7')).toBe('7');
    expect(parseValue(null)).toBeUndefined();
  });

  it('reads an auto-mounted element', () => {
    const spec = readDataMount(
      el(`<div data-estatedesk-widget="leads-board" data-namespace="crm" data-props='{"className":"x"}' data-hash-prefix="/ed/leads" data-shadow></div>`),
    );
    expect(spec).toEqual({ props: { className: 'x' }, options: { namespace: 'crm', routing: { hashPrefix: '/ed/leads' }, shadow: true } });
  });

  it('turns custom element attributes into camel-cased props, except mount and global ones', () => {
    const spec = readElementMount(
      el(`<estatedesk-sign-in id="s" class="c" initial-mode="register" namespace="crm" routing="hash" shadow="false" data-x="1" aria-label="l" appearance='{"dark":true}'></estatedesk-sign-in>`),
    );
    expect(spec).toEqual({
      props: { initialMode: 'register' },
      options: { namespace: 'crm', routing: 'hash', shadow: false, appearance: { dark: true } },
    });
  });

  it('says so when JSON props are broken', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(readDataMount(el(`<div data-estatedesk-widget="x" data-props="{oops"></div>`)).props).toEqual({});
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
