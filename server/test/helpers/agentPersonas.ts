/**
 * Skyline agents whose roles hold one resource's permissions only, beside the demo accounts: the
 * audit's "agent whose role holds only property-*" must read no lead by any call, and an agent
 * holding only lead-read must read leads and nothing else.
 */
import { type Permission, PERMISSIONS as P } from '../../../src/contract';
import { createRole } from '../../src/modules/roles/repository';
import { demoHashes, type TestContext } from './testApp';

export type AgentPersona = 'propertyAgent' | 'leadReader';

/** Signs in with the demo agent's password (its hash is already made for the file). */
const PASSWORD = 'Agent@123';

export const AGENT_PERSONAS: Record<AgentPersona, { email: string; role: string; permissions: readonly Permission[] }> = {
  propertyAgent: {
    email: 'property.only@skyline.test',
    role: 'Property Only',
    permissions: [P.propertyCreate, P.propertyRead, P.propertyEdit, P.propertyDelete],
  },
  leadReader: { email: 'lead.reader@skyline.test', role: 'Lead Reader', permissions: [P.leadRead] },
};

/**
 * Adds a Skyline agent holding a new role with exactly `permissions` (no read rule applied: the
 * role is written as given) and signs it in.
 */
export async function addSkylineAgent(
  ctx: TestContext,
  agent: { email: string; role: string; permissions: readonly Permission[] },
): Promise<{ id: number; roleId: number; token: string }> {
  const db = ctx.app.db;
  const { company_id: companyId } = await db.selectFrom('users').select('company_id').where('id', '=', ctx.ids.skylineAdmin).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const roleId = await createRole(db, companyId!, agent.role, agent.permissions, now);
  const hash = (await demoHashes())[PASSWORD]!;
  const { id } = await db
    .insertInto('users')
    .values({
      company_id: companyId,
      role_id: roleId,
      user_type: 'agent',
      first_name: agent.role,
      last_name: 'Agent',
      email: agent.email,
      password_hash: hash,
      status: 'active',
      email_verified_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, roleId, token: await signIn(ctx, agent.email) };
}

/** A new session token of an agent made by addSkylineAgent. */
export async function signIn(ctx: TestContext, email: string): Promise<string> {
  const res = await ctx.login(email, PASSWORD);
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.body}`);
  return (res.json() as { data: { token: string } }).data.token;
}
