/**
 * The only file of Roles & Permissions that calls the API (docs/architecture.md, house rule 3).
 * Every answer is parsed with a contract schema here, so the screens never see raw JSON.
 */
import { useMemo } from 'react';
import { PermissionsAnswer, ROLE_PATHS, RolesAnswer, type Id, type Role } from '../../contract';
import type { ApiClient } from '../../core';
import { useApi } from '../../runtime';
import type { RolePayload } from './rolesModel';

/** The role calls of src/contract/roles.ts. */
export interface RolesApi {
  /** GET /acl/role → `data`, the company's roles with their permissions' names. */
  list(signal?: AbortSignal): Promise<Role[]>;
  /** GET /acl/role/all/permissions → `data`, each with `name`. */
  permissions(signal?: AbortSignal): Promise<string[]>;
  /** POST /acl/role: optional id, name, slug, each chosen permission set to 1 (create or update) → `message`. */
  save(payload: RolePayload): Promise<void>;
  /** DELETE /acl/role/{id} → status. */
  remove(id: Id): Promise<void>;
}

/**
 * The role calls over an API client.
 *
 * @example
 * const roles = createRolesApi(runtime.api);
 * await roles.save({ name: 'Sales Agent', slug: 'sales-agent', 'lead-read': 1 });
 */
export function createRolesApi(api: ApiClient): RolesApi {
  return {
    async list(signal) {
      return (await api.get(ROLE_PATHS.list, { schema: RolesAnswer, signal })).data;
    },
    async permissions(signal) {
      return (await api.get(ROLE_PATHS.permissions, { schema: PermissionsAnswer, signal })).data.map((p) => p.name);
    },
    async save(payload) {
      await api.post(ROLE_PATHS.save, { body: payload });
    },
    async remove(id) {
      await api.del(ROLE_PATHS.one(id));
    },
  };
}

/** The role calls of the runtime in context. */
export function useRolesApi(): RolesApi {
  const api = useApi();
  return useMemo(() => createRolesApi(api), [api]);
}
