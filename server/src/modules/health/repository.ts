/** Database reachability for the health call. */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
