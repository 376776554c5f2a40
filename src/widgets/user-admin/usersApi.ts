/**
 * The only file of User Management that calls the API (docs/architecture.md, house rule 3). Every
 * answer is parsed with a contract schema here, so the screens never see raw JSON.
 */
import { useMemo } from 'react';
import {
  ROLE_PATHS,
  RolesAnswer,
  USER_PATHS,
  UsersListAnswer,
  type Id,
  type ManagedUser,
  type Role,
  type UserCreateRequest,
  type UserStatusRequest,
  type UserUpdateRequest,
} from '../../contract';
import type { ApiClient } from '../../core';
import { useApi } from '../../runtime';

/** One page of the company's users. */
export interface UsersPage {
  users: ManagedUser[];
  /** How many there are in all (`data.total`). */
  total: number;
}

/** The user calls of src/contract/users.ts, plus the role list the dropdown is filled from. */
export interface UsersApi {
  /** GET /users (`pageSize`, `pageNumber`) → `data.users` and `data.total`. */
  list(query: { page: number; pageSize: number }, signal?: AbortSignal): Promise<UsersPage>;
  /** POST /users: first_name, email, password, role → `message`. */
  create(body: UserCreateRequest): Promise<void>;
  /** PUT /users/{id}: first_name, email, optional password, role → `message`. */
  update(id: Id, body: UserUpdateRequest): Promise<void>;
  /** DELETE /users/{id} → `message`. */
  remove(id: Id): Promise<void>;
  /** POST /users/resend-invite/{id} → status. */
  resendInvite(id: Id): Promise<void>;
  /** PUT /users/{id}/status (beyond the original description): disable a person (signed out at once) or let them back in → `message`. */
  setStatus(id: Id, status: UserStatusRequest['status']): Promise<void>;
  /** DELETE /users/{id}/two-factor (beyond the original description): a person who lost their phone signs in with the password again. */
  resetTwoFactor(id: Id): Promise<void>;
  /** GET /acl/role → `data`, the company's roles. */
  roles(signal?: AbortSignal): Promise<Role[]>;
}

/**
 * The user calls over an API client.
 *
 * @example
 * const users = createUsersApi(runtime.api);
 * const { users: rows } = await users.list({ page: 1, pageSize: 20 });
 */
export function createUsersApi(api: ApiClient): UsersApi {
  return {
    async list({ page, pageSize }, signal) {
      const answer = await api.get(USER_PATHS.list, { query: { pageSize, pageNumber: page }, schema: UsersListAnswer, signal });
      return { users: answer.data.users, total: answer.data.total };
    },
    async create(body) {
      await api.post(USER_PATHS.list, { body });
    },
    async update(id, body) {
      await api.put(USER_PATHS.one(id), { body });
    },
    async remove(id) {
      await api.del(USER_PATHS.one(id));
    },
    async resendInvite(id) {
      await api.post(USER_PATHS.resendInvite(id));
    },
    async setStatus(id, status) {
      await api.put(USER_PATHS.status(id), { body: { status } });
    },
    async resetTwoFactor(id) {
      await api.del(USER_PATHS.twoFactor(id));
    },
    async roles(signal) {
      const answer = await api.get(ROLE_PATHS.list, { schema: RolesAnswer, signal });
      return answer.data;
    },
  };
}

/** The user calls of the runtime in context. */
export function useUsersApi(): UsersApi {
  const api = useApi();
  return useMemo(() => createUsersApi(api), [api]);
}
