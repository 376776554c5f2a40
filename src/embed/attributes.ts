/**
 * Reading a mount from markup: `data-*` attributes of an auto-mounted element, or the attributes
 * of a custom element. Values `true`/`false` (and a bare attribute) are booleans, text starting
 * with `{` or `[` is JSON, anything else stays text.
 */
import type { Appearance } from './appearance';
import type { EstateDeskMountOptions } from './estatedesk';
import type { Routing } from './namespace';

/** Attributes of a custom element that configure the mount rather than becoming props. */
const MOUNT_ATTRIBUTES = new Set(['namespace', 'routing', 'hash-prefix', 'path', 'shadow', 'appearance', 'props']);
/** Global HTML attributes, never props. */
const GLOBAL_ATTRIBUTES = new Set(['id', 'class', 'style', 'slot', 'hidden', 'title', 'lang', 'dir', 'tabindex', 'role', 'part', 'is', 'inert', 'nonce']);

const camel = (name: string): string => name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * An attribute value as a prop value.
 * @example parseValue('true') // true
 * @example parseValue('{"a":1}') // { a: 1 }
 */
export function parseValue(value: string | null): unknown {
  if (value === null) return undefined;
  const text = value.trim();
  if (text === '' || text === 'true') return true;
  if (text === 'false') return false;
  if (text.startsWith('{') || text.startsWith('[')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      console.error(`[estatedesk] attribute value is not valid JSON: ${text.slice(0, 60)}`);
      return undefined;
    }
  }
  return value;
}

function objectValue(value: string | null, what: string): Record<string, unknown> {
  if (!value) return {};
  const parsed = parseValue(value);
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  console.error(`[estatedesk] ${what} must be a JSON object`);
  return {};
}

function routingOf(routing: string | null, hashPrefix: string | null): Routing | undefined {
  if (hashPrefix) return { hashPrefix };
  return routing === 'hash' || routing === 'memory' ? routing : undefined;
}

const flag = (value: string | null): boolean | undefined => (value === null ? undefined : value !== 'false');

export interface MountSpec {
  props: Record<string, unknown>;
  options: EstateDeskMountOptions;
}

function options(get: (name: string) => string | null): EstateDeskMountOptions {
  const out: EstateDeskMountOptions = {};
  const namespace = get('namespace');
  if (namespace) out.namespace = namespace;
  const routing = routingOf(get('routing'), get('hash-prefix'));
  if (routing) out.routing = routing;
  const path = get('path');
  if (path) out.path = path;
  const shadow = flag(get('shadow'));
  if (shadow !== undefined) out.shadow = shadow;
  const appearance = get('appearance');
  if (appearance) out.appearance = objectValue(appearance, 'appearance') as Appearance;
  return out;
}

/**
 * The mount described by an auto-mounted element:
 * `<div data-estatedesk-widget="leads-board" data-namespace="crm" data-props='{"className":"x"}'>`.
 */
export function readDataMount(el: Element): MountSpec {
  return {
    props: objectValue(el.getAttribute('data-props'), `data-props of a "${el.getAttribute('data-estatedesk-widget')}" widget`),
    options: options((name) => el.getAttribute(`data-${name}`)),
  };
}

/**
 * The mount described by a custom element: mount attributes (`namespace`, `routing`, `hash-prefix`,
 * `path`, `shadow`, `appearance`), `props` as JSON, and every other attribute as a camel-cased prop:
 * `<estatedesk-sign-in initial-mode="register">` → `{ initialMode: 'register' }`.
 */
export function readElementMount(el: Element): MountSpec {
  const props: Record<string, unknown> = objectValue(el.getAttribute('props'), 'props');
  for (const { name, value } of Array.from(el.attributes)) {
    if (MOUNT_ATTRIBUTES.has(name) || GLOBAL_ATTRIBUTES.has(name)) continue;
    if (name.startsWith('data-') || name.startsWith('aria-') || name.startsWith('on')) continue;
    props[camel(name)] = parseValue(value);
  }
  return { props, options: options((name) => el.getAttribute(name)) };
}
