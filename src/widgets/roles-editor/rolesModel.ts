/**
 * Roles & Permissions without React (docs/product/data.md, rules.md): the permission grid
 * (resources × actions), the automatic -read rule, the save payload (optional id, name, slug, each
 * chosen permission set to 1), and how a role's permissions read in the table.
 */
import { permissionAction, permissionResource, slugify, type Id, type Role } from '../../contract';

/** Query keys: the roles list (shared with User Management's role dropdown) and the permission list. */
export const roleKeys = {
  all: ['roles'] as const,
  list: ['roles', 'list'] as const,
  permissions: ['permissions', 'all'] as const,
};

/** The grid's columns, in this order; other actions a server knows follow them. */
export const STANDARD_ACTIONS = ['create', 'read', 'edit', 'delete'] as const;

/** What each resource is called on screen (agent-* permissions govern User Management). */
const RESOURCE_LABELS: Readonly<Record<string, string>> = {
  lead: 'Leads',
  property: 'Properties',
  agent: 'Users',
  role: 'Roles',
  event: 'Calendar',
};

/** A resource's label: known ones by name, others capitalised. */
export const resourceLabel = (resource: string): string =>
  RESOURCE_LABELS[resource] ?? resource.charAt(0).toUpperCase() + resource.slice(1).replace(/[-_]+/g, ' ');

/** One row of the grid: a resource and, per action column, the permission's name (or none). */
export interface GridRow {
  resource: string;
  label: string;
  cells: Readonly<Record<string, string | null>>;
}

export interface PermissionGrid {
  actions: readonly string[];
  rows: readonly GridRow[];
}

/**
 * The grid of every permission the server knows: a row per resource (in the order the server
 * lists them), a column per action (create, read, edit, delete, then any other).
 *
 * @example
 * permissionGrid(['lead-create', 'lead-read']).rows[0] // { resource: 'lead', label: 'Leads', cells: { create: 'lead-create', read: 'lead-read', edit: null, delete: null } }
 */
export function permissionGrid(names: readonly string[]): PermissionGrid {
  const resources: string[] = [];
  const extra: string[] = [];
  const byResource = new Map<string, Record<string, string>>();
  for (const name of names) {
    if (!name.includes('-')) continue;
    const resource = permissionResource(name);
    const action = permissionAction(name);
    if (!byResource.has(resource)) {
      byResource.set(resource, {});
      resources.push(resource);
    }
    byResource.get(resource)![action] = name;
    if (!(STANDARD_ACTIONS as readonly string[]).includes(action) && !extra.includes(action)) extra.push(action);
  }
  const actions = [...STANDARD_ACTIONS, ...extra];
  return {
    actions,
    rows: resources.map((resource) => {
      const known = byResource.get(resource)!;
      return { resource, label: resourceLabel(resource), cells: Object.fromEntries(actions.map((a) => [a, known[a] ?? null])) };
    }),
  };
}

const readOf = (resource: string): string => `${resource}-read`;
const isRead = (name: string): boolean => permissionAction(name) === 'read';

/** Does `chosen` hold a permission of `resource` other than its -read one? */
const holdsOtherThanRead = (chosen: ReadonlySet<string>, resource: string): boolean =>
  [...chosen].some((p) => permissionResource(p) === resource && !isRead(p));

/**
 * Is the -read permission of `resource` held in place by another one of that resource? Then it
 * cannot be unticked on its own (docs/product/rules.md: it goes when the last other one goes).
 */
export const readLocked = (chosen: ReadonlySet<string>, resource: string): boolean => holdsOtherThanRead(chosen, resource);

/**
 * Ticks or unticks one permission with the rule of docs/product/rules.md: ticking any permission of
 * a resource ticks its -read one (when the server knows it); unticking the last other one drops the
 * -read one. Unticking a -read that another permission holds in place changes nothing.
 *
 * @example
 * togglePermission(new Set(), 'lead-create', true, all)                       // lead-create, lead-read
 * togglePermission(new Set(['lead-create', 'lead-read']), 'lead-create', false, all) // (empty)
 */
export function togglePermission(chosen: ReadonlySet<string>, name: string, on: boolean, known: readonly string[]): Set<string> {
  const next = new Set(chosen);
  const resource = permissionResource(name);
  const read = readOf(resource);
  if (on) {
    next.add(name);
    if (!isRead(name) && known.includes(read)) next.add(read);
    return next;
  }
  if (isRead(name)) {
    if (!readLocked(chosen, resource)) next.delete(name);
    return next;
  }
  next.delete(name);
  if (!holdsOtherThanRead(next, resource)) next.delete(read);
  return next;
}

/**
 * A role's permissions as the editor starts from them, with the rule applied (a role stored
 * before the rule existed may hold lead-create without lead-read: the editor shows what saving
 * will store).
 */
export function withImpliedReads(names: readonly string[], known: readonly string[]): Set<string> {
  let chosen = new Set<string>();
  for (const name of names) chosen = togglePermission(chosen, name, true, known);
  return chosen;
}

/** A role's id, whether it came as `id` or `_id`. */
export const roleId = (role: Role): Id | undefined => role.id ?? role._id;

/** The save payload of docs/product/data.md: optional id, name, slug, and each chosen permission set to 1. */
export type RolePayload = { id?: Id; name: string; slug: string } & Record<string, Id | 1 | string | undefined>;

/**
 * @example
 * rolePayload({ id: 4, name: ' Sales Agent ', chosen: new Set(['lead-read']) }) // { id: 4, name: 'Sales Agent', slug: 'sales-agent', 'lead-read': 1 }
 */
export function rolePayload({ id, name, chosen }: { id?: Id; name: string; chosen: ReadonlySet<string> }): RolePayload {
  const trimmed = name.trim();
  const payload: RolePayload = { ...(id === undefined ? {} : { id }), name: trimmed, slug: slugify(trimmed) };
  for (const permission of [...chosen].sort()) payload[permission] = 1;
  return payload;
}

/** One resource of a role as the table shows it: "Leads: create, read". */
export interface PermissionSummary {
  resource: string;
  label: string;
  actions: string[];
}

/** A role's permissions grouped by resource, actions in the grid's order. */
export function summarise(names: readonly string[]): PermissionSummary[] {
  const grid = permissionGrid(names);
  return grid.rows.map((row) => ({
    resource: row.resource,
    label: row.label,
    actions: grid.actions.filter((action) => row.cells[action]),
  }));
}

/** How many people hold a role, when the server says (`users_count`); `null` when it does not. */
export function holders(role: Role): number | null {
  const count = (role as { users_count?: unknown }).users_count;
  return typeof count === 'number' && Number.isFinite(count) && count >= 0 ? count : null;
}

/** "1 person", "3 people". */
export const peopleCount = (count: number): string => `${count} ${count === 1 ? 'person' : 'people'}`;
