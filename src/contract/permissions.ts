/**
 * Permission names (docs/product/roles.md): `resource-action`. The role editor groups them by
 * resource, and ticking any permission of a resource ticks its `-read` one (docs/product/rules.md,
 * "Roles").
 *
 * @example
 * import { PERMISSIONS } from 'estatedesk/contract';
 * can(session, PERMISSIONS.leadCreate);
 */
export const PERMISSIONS = {
  propertyCreate: 'property-create',
  propertyRead: 'property-read',
  propertyEdit: 'property-edit',
  propertyDelete: 'property-delete',
  leadCreate: 'lead-create',
  leadRead: 'lead-read',
  leadEdit: 'lead-edit',
  leadDelete: 'lead-delete',
  roleCreate: 'role-create',
  roleRead: 'role-read',
  roleEdit: 'role-edit',
  roleDelete: 'role-delete',
  agentCreate: 'agent-create',
  agentRead: 'agent-read',
  agentEdit: 'agent-edit',
  agentDelete: 'agent-delete',
  /** Appointments (the calendar): an agent sees only those they run, were invited to or made; admins all of the company's. */
  eventCreate: 'event-create',
  eventRead: 'event-read',
  eventEdit: 'event-edit',
  eventDelete: 'event-delete',
} as const;
export type Permission = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];

/** Every permission the server knows, in display order. */
export const ALL_PERMISSIONS: readonly Permission[] = Object.values(PERMISSIONS);

/** Permissions of the demo "Sales Agent" role (lead-read comes with lead-create and lead-edit: the role editor's read rule). */
export const SALES_AGENT_PERMISSIONS: readonly Permission[] = [
  PERMISSIONS.leadCreate,
  PERMISSIONS.leadRead,
  PERMISSIONS.leadEdit,
  PERMISSIONS.propertyRead,
  PERMISSIONS.eventCreate,
  PERMISSIONS.eventRead,
  PERMISSIONS.eventEdit,
];

/** The resource part of a permission name: `lead-create` → `lead`. */
export const permissionResource = (name: string): string => name.slice(0, name.lastIndexOf('-'));
/** The action part of a permission name: `lead-create` → `create`. */
export const permissionAction = (name: string): string => name.slice(name.lastIndexOf('-') + 1);
/** A role slug from its name: `Sales Agent` → `sales-agent`. */
export const slugify = (name: string): string =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
