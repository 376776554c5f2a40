/**
 * Navigation state between the grid and Edit Property (docs/product/screens.md: Edit "receives the
 * property through navigation state or fetches it"). The router carries paths only, so the grid
 * leaves the property here, per runtime, for the next Edit screen of that id to take once.
 */
import type { Property } from '../../contract';
import type { Runtime } from '../../core';
import { idKey } from './propertiesModel';

const handed = new WeakMap<Runtime, Map<string, Property>>();

/** Leaves `property` for the Edit screen the caller is about to open. */
export function handOver(runtime: Runtime, property: Property): void {
  let map = handed.get(runtime);
  if (!map) handed.set(runtime, (map = new Map()));
  map.clear();
  map.set(idKey(property.id), property);
}

/** The property left for `id`, if any (it stays until another is handed over, so StrictMode's second mount sees it too). */
export const takeOver = (runtime: Runtime, id: string): Property | undefined => handed.get(runtime)?.get(id);

/** Forgets what was handed over (after a save, the server's copy is the one to show). */
export const forgetHandOver = (runtime: Runtime): void => handed.get(runtime)?.clear();
