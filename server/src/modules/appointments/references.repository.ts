/**
 * What an appointment names, read for its checks and its answer: the company's lead, properties
 * and people (another company's are simply not found), the properties and invitees of a set of
 * appointments, and the company's time zone. A few queries per answer, whatever the row count.
 */
import type { Kysely } from 'kysely';
import { DEFAULT_TIME_ZONE } from '@contract';
import type { Database } from '../../db/schema';

export interface NamedRow {
  id: number;
  first_name: string | null;
  last_name: string | null;
}
export interface PersonRow extends NamedRow {
  email: string;
  status: string;
  user_type: string;
}
export interface PropertyRef {
  id: number;
  title: string | null;
  address: string | null;
  location: string | null;
}

/** The company's leads among `ids`. */
export async function companyLeads(db: Kysely<Database>, companyId: number, ids: readonly number[]): Promise<NamedRow[]> {
  if (!ids.length) return [];
  return db.selectFrom('leads').select(['id', 'first_name', 'last_name']).where('company_id', '=', companyId).where('id', 'in', [...ids]).execute();
}

/** The company's properties among `ids`. */
export async function companyProperties(db: Kysely<Database>, companyId: number, ids: readonly number[]): Promise<PropertyRef[]> {
  if (!ids.length) return [];
  return db
    .selectFrom('properties')
    .select(['id', 'title', 'address', 'location'])
    .where('company_id', '=', companyId)
    .where('id', 'in', [...ids])
    .execute();
}

/** The company's people among `ids` (the super admin belongs to none). */
export async function companyPeople(db: Kysely<Database>, companyId: number, ids: readonly number[]): Promise<PersonRow[]> {
  if (!ids.length) return [];
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'status', 'user_type'])
    .where('company_id', '=', companyId)
    .where('id', 'in', [...ids])
    .execute();
}

/** The properties (in their order, with feedback) and invitees of appointments `ids`. */
export async function linksOf(db: Kysely<Database>, ids: readonly number[]) {
  if (!ids.length) return { properties: [], invitees: [] };
  const [properties, invitees] = await Promise.all([
    db
      .selectFrom('appointment_properties')
      .innerJoin('properties', 'properties.id', 'appointment_properties.property_id')
      .select([
        'appointment_properties.appointment_id',
        'appointment_properties.property_id',
        'appointment_properties.feedback',
        'properties.title',
        'properties.address',
        'properties.location',
      ])
      .where('appointment_properties.appointment_id', 'in', [...ids])
      .orderBy('appointment_properties.appointment_id')
      .orderBy('appointment_properties.position')
      .execute(),
    db
      .selectFrom('appointment_invitees')
      .innerJoin('users', 'users.id', 'appointment_invitees.user_id')
      .select(['appointment_invitees.appointment_id', 'users.id', 'users.first_name', 'users.last_name'])
      .where('appointment_invitees.appointment_id', 'in', [...ids])
      .orderBy('appointment_invitees.appointment_id')
      .orderBy('users.id')
      .execute(),
  ]);
  return { properties, invitees };
}

/** Leads and people by id, for the names in answers. */
export async function namesOf(db: Kysely<Database>, leadIds: readonly number[], userIds: readonly number[]) {
  const [leads, users] = await Promise.all([
    leadIds.length ? db.selectFrom('leads').select(['id', 'first_name', 'last_name']).where('id', 'in', [...leadIds]).execute() : [],
    userIds.length ? db.selectFrom('users').select(['id', 'first_name', 'last_name', 'email']).where('id', 'in', [...userIds]).execute() : [],
  ]);
  return { leads, users };
}

/** The company's IANA time zone. */
export async function companyTimeZone(db: Kysely<Database>, companyId: number): Promise<string> {
  const row = await db.selectFrom('companies').select('time_zone').where('id', '=', companyId).executeTakeFirst();
  return row?.time_zone ?? DEFAULT_TIME_ZONE;
}
