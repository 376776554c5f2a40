/**
 * The API description as this server builds it: the contract's catalogue (`@contract/openapi`)
 * with who may call each route read from src/route-access.ts. Used by GET /api/v1/openapi.json
 * and by the build (src/write-openapi.ts writes dist/openapi.json into the npm package).
 */
import { buildOpenApi } from '@contract/openapi';
import { ROUTE_ACCESS, type RouteAccessTable } from '../../route-access';
import type { Access } from '../../types';

/** Who may call, in words, for the document's descriptions. */
export function describeAccess(access: Access): string {
  switch (access.kind) {
    case 'public':
      return 'anyone (no token)';
    case 'signedIn':
      return access.company ? 'any signed-in person of a company' : 'any signed-in person';
    case 'superAdmin':
      return 'the super admin';
    case 'permission':
      return `agents whose role holds ${[access.permission, ...(access.also ?? [])].join(' and ')}; every other user type`;
    case 'anyPermission':
      return `agents whose role holds any of ${access.permissions.join(', ')}; every other user type`;
    case 'payload':
      return access.rule;
  }
}

export function apiDocument(table: RouteAccessTable = ROUTE_ACCESS): Record<string, unknown> {
  return buildOpenApi({
    isPublic: (key) => table[key]?.kind === 'public',
    accessOf: (key) => (table[key] ? describeAccess(table[key]) : undefined),
  });
}
