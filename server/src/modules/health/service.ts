/** The health call's check: whether the database answers. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { pingDatabase } from './repository';

/** Resolves when `db` answers a query, throws otherwise. */
export const checkDatabase = (db: Kysely<Database>): Promise<void> => pingDatabase(db);
