/**
 * The personas of the authorization table (test/authorization.table.ts) and shorthands for their
 * expected statuses. Apart from the table so its per-resource row files can import them.
 */
import type { AgentPersona } from './agentPersonas';
import { PERSONAS, type Persona } from './testApp';

export type TablePersona = Persona | AgentPersona;
export const TABLE_PERSONAS: readonly TablePersona[] = [...PERSONAS, 'propertyAgent', 'leadReader'];

export const everyone = (status: number): Record<TablePersona, number> => ({
  anonymous: status,
  superAdmin: status,
  skylineAdmin: status,
  skylineAgent: status,
  harborAdmin: status,
  propertyAgent: status,
  leadReader: status,
});
export const signedIn = (status: number): Record<TablePersona, number> => ({ ...everyone(status), anonymous: 401 });
/** A company's call: anonymous 401, the super admin (no company) 403, the agents as the Skyline agent. */
export const companyCall = (skylineAdmin: number, agents: number, harborAdmin: number): Record<TablePersona, number> => ({
  anonymous: 401,
  superAdmin: 403,
  skylineAdmin,
  skylineAgent: agents,
  harborAdmin,
  propertyAgent: agents,
  leadReader: agents,
});
