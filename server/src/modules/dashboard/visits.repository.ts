/**
 * The dashboard's appointment figure: site visits done whose start lies in a range (a calendar
 * month of the company's time zone), through (company_id, starts_at).
 */
import type { Kysely } from 'kysely';
import { DEFAULT_TIME_ZONE } from '@contract';
import type { Database } from '../../db/schema';

/** The company's IANA time zone, for its calendar months. */
export async function companyZone(db: Kysely<Database>, companyId: number): Promise<string> {
  const row = await db.selectFrom('companies').select('time_zone').where('id', '=', companyId).executeTakeFirst();
  return row?.time_zone ?? DEFAULT_TIME_ZONE;
}

/** Site visits with status done starting in [from, to) (ISO instants). */
export async function visitsDone(db: Kysely<Database>, companyId: number, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom('appointments')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('company_id', '=', companyId)
    .where('starts_at', '>=', from)
    .where('starts_at', '<', to)
    .where('kind', '=', 'site_visit')
    .where('status', '=', 'done')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
