/**
 * Every stored role that holds a create, edit or delete permission of a resource also holds its
 * -read one (the role editor ticks the -read permission with any other of the resource). Reads
 * are now checked on every call (src/route-access.ts), so a role saved before
 * the rule was enforced, or the demo "Sales Agent" role (lead-create, lead-edit, property-read),
 * would otherwise lose screens its holders use. The roles changed get a new `updated_at`, so
 * their holders' access stamp changes and open clients re-read their permissions.
 * FROZEN once shipped; it imports nothing from the app on purpose.
 */
import type { Kysely } from 'kysely';

/** `lead-create` → `lead-read`; a name without an action gives null. */
function readOf(name: string): string | null {
  const dash = name.lastIndexOf('-');
  return dash > 0 ? `${name.slice(0, dash)}-read` : null;
}

/** The tables as this migration knows them. */
interface Tables {
  permissions: { id: number; name: string };
  role_permissions: { role_id: number; permission_id: number };
  roles: { id: number; updated_at: string };
}

export async function up(handle: Kysely<unknown>): Promise<void> {
  const db = handle as Kysely<Tables>;
  const permissions = await db.selectFrom('permissions').select(['id', 'name']).execute();
  const idOf = new Map(permissions.map((p) => [p.name, Number(p.id)]));
  const nameOf = new Map(permissions.map((p) => [Number(p.id), p.name]));
  const grants = await db.selectFrom('role_permissions').select(['role_id', 'permission_id']).execute();
  const held = new Set(grants.map((g) => `${g.role_id}:${g.permission_id}`));
  const missing = new Map<string, { role_id: number; permission_id: number }>();
  for (const grant of grants) {
    const read = readOf(nameOf.get(Number(grant.permission_id)) ?? '');
    const readId = read == null ? undefined : idOf.get(read);
    if (readId === undefined) continue;
    const key = `${grant.role_id}:${readId}`;
    if (!held.has(key)) missing.set(key, { role_id: Number(grant.role_id), permission_id: readId });
  }
  if (!missing.size) return;
  await db.insertInto('role_permissions').values([...missing.values()]).execute();
  const roles = [...new Set([...missing.values()].map((m) => m.role_id))];
  await db.updateTable('roles').set({ updated_at: new Date().toISOString() }).where('id', 'in', roles).execute();
}

/** Nothing to undo: the added -read permissions are what the role editor would have saved. */
export async function down(): Promise<void> {}
