/**
 * The API client of the runtime in context.
 */
import type { ApiClient } from '../core';
import { useRuntime } from './useRuntime';

/**
 * The runtime's API client; meant for `*Api.ts` hooks, which parse answers with contract schemas.
 *
 * @example
 * const api = useApi();
 * const roles = await api.get('/acl/role', { schema: RolesAnswer });
 */
export function useApi(): ApiClient {
  return useRuntime('useApi').api;
}
