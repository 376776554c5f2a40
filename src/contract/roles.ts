/**
 * Roles and permissions: the calls, their fields (docs/product/data.md) and the role rules
 * (docs/product/rules.md, docs/product/roles.md).
 */
import * as z from 'zod/mini';
import { cappedText, Id, OptText, requiredText } from './common';
import { TEXT_MAX } from './constants';
import { MESSAGES } from './messages';

export const ROLE_PATHS = {
  list: '/acl/role',
  permissions: '/acl/role/all/permissions',
  save: '/acl/role',
  one: (id: Id) => `/acl/role/${id}`,
} as const;

/** A permission as listed by GET /api/v1/acl/role/all/permissions. */
export const PermissionItem = z.looseObject({ id: z.optional(Id), name: z.string() });
export const PermissionsAnswer = z.looseObject({ data: z.array(PermissionItem) });

/** A role (docs/product/data.md): id or _id; permissions as names (objects with a name are accepted too). */
export const Role = z.looseObject({
  id: z.optional(Id),
  _id: z.optional(Id),
  name: z.string(),
  slug: OptText,
  permissions: z.pipe(
    z.optional(z.array(z.union([z.string(), z.looseObject({ name: z.string() })]))),
    z.transform((list) => (list ?? []).map((p) => (typeof p === 'string' ? p : p.name))),
  ),
  /** How many people hold the role (the reference server's list says; a role held by anyone cannot be deleted). */
  users_count: z.optional(z.number()),
});
export type Role = z.infer<typeof Role>;
export const RolesAnswer = z.looseObject({ data: z.array(Role) });

/** A chosen permission in the save payload is set to 1 (docs/product/data.md, "Role"). */
const Chosen = z.union([z.literal(1), z.literal('1'), z.literal(true)]);

/**
 * POST /api/v1/acl/role payload: optional id (update), name, slug, and each chosen permission
 * name set to 1, e.g. `{ name: 'Sales Agent', slug: 'sales-agent', 'lead-create': 1 }`.
 */
export const RoleSaveRequest = z.catchall(
  z.object({
    id: z.optional(z.nullable(Id)),
    _id: z.optional(z.nullable(Id)),
    name: requiredText(MESSAGES.validation.roleNameRequired, 'Role name', TEXT_MAX.name),
    slug: cappedText('Slug', TEXT_MAX.name),
  }),
  Chosen,
);
export type RoleSaveRequest = z.infer<typeof RoleSaveRequest>;

/** The permission names chosen in a save payload. */
export const chosenPermissions = (payload: Record<string, unknown>): string[] =>
  Object.keys(payload).filter((k) => !['id', '_id', 'name', 'slug'].includes(k) && k.includes('-'));
